// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/report.h"
#include "report/calibration.h"
#include "report/compared.h"
#include "report/energy.h"
#include "report/measured.h"
#include "report/model.h"
#include "report/practical.h"

#include "base/json.h"
#include "base/units.h"
#include "roofline/evaluate.h"
#include "roofline/solver.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace roofline {

namespace {

// "Topic — Google TPU v5e": the session's name with the chip's full name, which replaces the short one an example's
// name ends with ("Topic — TPU v5e").
std::string heading(const std::string& name, const std::string& chip)
{
    if (name.empty() || name == chip)
        return chip;
    const std::string dash = " — ";
    if (const std::size_t at = name.rfind(dash);
        at != std::string::npos && chip.find(name.substr(at + dash.size())) != std::string::npos)
        return name.substr(0, at) + dash + chip;
    return name + dash + chip;
}

std::string_view kindText(RoofKind k)
{
    return k == RoofKind::Compute ? "compute" : k == RoofKind::Memory ? "memory" : "network";
}

// Columns a UTF-8 string takes in a terminal, one per code point.
std::size_t columns(const std::string& text)
{
    return static_cast<std::size_t>(
        std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

std::string pad(const std::string& text, std::size_t width, bool right = false)
{
    const std::size_t used = columns(text);
    const std::string fill(width > used ? width - used : 0, ' ');
    return right ? fill + text : text + fill;
}

} // namespace

namespace {

void widen(std::vector<std::size_t>& widths, const std::vector<std::string>& row)
{
    widths.resize(std::max(widths.size(), row.size()), 0);
    for (std::size_t i = 0; i < row.size(); ++i)
        widths[i] = std::max(widths[i], columns(row[i]));
}

void appendRow(std::string& out, const std::vector<std::string>& row, const std::vector<std::size_t>& widths,
    std::size_t firstRight, std::size_t lastRight)
{
    const std::size_t start = out.size();
    for (std::size_t i = 0; i < row.size(); ++i)
        out += pad(row[i], widths[i], i >= firstRight && i < lastRight) + "  ";
    while (out.size() > start && out.back() == ' ')
        out.pop_back();
    out += "\n";
}

} // namespace

std::string formatDecimal(double v)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.4g", v);
    return buffer;
}

std::string renderTable(
    const std::vector<std::vector<std::string>>& rows, std::size_t firstRight, std::size_t lastRight)
{
    std::vector<std::size_t> widths;
    for (const auto& row : rows)
        widen(widths, row);
    std::string out;
    for (const auto& row : rows)
        appendRow(out, row, widths, firstRight, lastRight);
    return out;
}

void streamTable(const std::vector<std::string>& header, std::size_t count,
    const std::function<std::vector<std::string>(std::size_t)>& row, std::size_t firstRight, std::size_t lastRight,
    const TextSink& sink)
{
    std::vector<std::size_t> widths;
    widen(widths, header);
    for (std::size_t i = 0; i < count; ++i)
        widen(widths, row(i));
    std::string out;
    appendRow(out, header, widths, firstRight, lastRight);
    for (std::size_t i = 0; i < count; ++i) {
        appendRow(out, row(i), widths, firstRight, lastRight);
        if (out.size() >= JsonWriter::kPiece) {
            sink(out);
            out.clear();
        }
    }
    sink(out);
}

namespace {

void writeCritical(JsonWriter& j, const Critical& c)
{
    j.beginObject();
    j.key("param").value(c.param);
    j.key("kind").value(c.kind == Critical::Kind::At ? "at" : c.kind == Critical::Kind::Always ? "always" : "never");
    if (c.kind == Critical::Kind::At) {
        j.key("value").value(c.value);
        j.key("threshold").value(c.threshold);
    }
    if (!c.resource.empty())
        j.key("resource").value(c.resource);
    j.key("text").value(describe(c));
    j.endObject();
}

void writeSweep(JsonWriter& j, const Sweep& curve)
{
    j.beginObject();
    j.key("param").value(curve.param);
    j.key("critical");
    writeCritical(j, curve.critical);
    j.key("samples").beginArray();
    for (const SweepSample& sample : curve.samples) {
        j.beginObject();
        j.key(curve.param).value(sample.x);
        j.key("attainable_flops_per_s").value(sample.attainable);
        j.key("fraction_of_peak").value(sample.fractionOfPeak);
        j.key("bound").value(sample.latencyBound ? std::string("latency")
                : sample.boundIndex < 0          ? std::string("compute")
                                                 : curve.resources[static_cast<std::size_t>(sample.boundIndex)]);
        j.endObject();
    }
    j.endArray();
    j.endObject();
}

} // namespace

namespace {

// The lesson of a worked example: the text's question and claim beside what the program computes.
std::string lessonText(const Explanation& e)
{
    std::string out = "\nLesson: " + e.source + (e.edition.empty() ? std::string() : " (" + e.edition + ")")
        + "\n  question: " + e.question + "\n  the text: " + e.claim + "\n  computed: " + e.answer + "\n";
    if (!e.currentEdition.empty())
        out += "  " + e.currentEdition + ": " + e.currentClaim + "\n  computed with its numbers: " + e.currentAnswer
            + "\n";
    for (std::size_t i = 0; i < e.formula.size(); ++i)
        out += (i == 0 ? "  formula:  " : "            ") + e.formula[i] + "\n";
    return out;
}

} // namespace

Expected<std::string> reportTable(const Analysis& a)
{
    std::string out;
    if (std::optional<std::string> error = writeReportTable(a, [&out](std::string_view t) { out += t; }))
        return Expected<std::string>::failure(*error);
    return out;
}

std::optional<std::string> writeReportTable(const Analysis& a, const TextSink& sink)
{
    if (std::optional<std::string> error = a.firstError())
        return *error;
    if (!a.modelProblem.empty())
        return "model." + a.modelProblem;
    const Session& s = a.session;
    const Hardware& hw = a.hardware;
    const Dtype dtype = a.dtype;
    const double peak = a.peak;

    std::string out;
    out += heading(s.name, hw.name) + "\n";
    out += "Peak (dense):";
    for (Dtype d : kAllDtypes)
        if (auto p = hw.peakFor(d))
            out += "  " + std::string(dtypeName(d)) + " " + formatRate(*p, d);
    out += "\nRoofs against " + std::string(dtypeName(dtype)) + " " + formatRate(peak, dtype)
        + " (ridge = peak / bandwidth):\n";
    for (const Roof& roof : bandwidthRoofs(hw))
        out += "  " + pad(roof.name, 8) + pad(formatRoofBandwidth(hw, roof.kind, roof.name, roof.value), 12, true)
            + "  one way   ridge " + pad(formatIntensity(ridgeIntensity(peak, roof.value)), 8, true) + " "
            + std::string(workName(dtype)) + "/B\n";
    out += practicalText(hw);
    out += "\n";

    const std::vector<std::string> header = { "operation", "intensity", "T_math", "T_comms", "T_lower", "T_upper",
        "bound", "attainable", "of peak", "critical" };
    std::vector<std::vector<std::string>> table { header };
    for (std::size_t i = 0; i < a.operations.size(); ++i) {
        const Evaluation& e = a.operations[i].evaluation.value();
        const std::optional<Critical>& critical = a.operations[i].critical;
        std::string intensity;
        for (const ResourceUse& use : e.resources)
            intensity += (intensity.empty() ? "" : ", ") + use.name + " " + formatIntensity(use.intensity);
        const Operation& op = s.operations[i];
        const std::string repeat = op.repeat != 1 ? " ×" + formatSI(op.repeat) : std::string();
        table.push_back({ op.name + repeat, intensity.empty() ? "-" : intensity, formatSeconds(e.tMath),
            formatSeconds(e.tComms), formatSeconds(e.tLower), formatSeconds(e.tUpper), e.bound(),
            formatRate(e.attainable, e.dtype), formatPercent(e.fractionOfPeak), critical ? describe(*critical) : "-" });
    }
    if (a.calibration()) // the calibrated time beside the bounds
        for (std::size_t row = 0; row < table.size(); ++row)
            table[row].insert(table[row].begin() + 6,
                row == 0 ? std::string("calibrated") : formatSeconds(a.operations[row - 1].calibrated->seconds));
    out += renderTable(table, 2, a.calibration() ? 7 : 6);
    out += calibratedText(a);
    out += energyText(a);
    out += comparedText(a);
    if (a.model)
        out += modelTotalsText(a);
    if (s.lesson)
        out += lessonText(a.explanation);
    sink(out);
    if (a.measured) {
        sink("\n");
        writeMeasuredTable(*a.measuredSet, *a.measured, sink, &a);
    }
    return std::nullopt;
}

Expected<std::string> reportJson(const Analysis& a, const std::optional<SweepRange>& range)
{
    std::string out;
    if (std::optional<std::string> error = writeReportJson(a, range, [&out](std::string_view t) { out += t; }))
        return Expected<std::string>::failure(*error);
    return out;
}

std::optional<std::string> writeReportJson(
    const Analysis& a, const std::optional<SweepRange>& range, const TextSink& sink)
{
    if (std::optional<std::string> error = a.firstError())
        return *error;
    if (!a.modelProblem.empty())
        return "model." + a.modelProblem;
    const Session& s = a.session;
    const Hardware& hw = a.hardware;
    // Every curve is sampled before the first byte is written: a refusal writes nothing.
    std::vector<std::optional<Sweep>> curves(s.operations.size());
    if (range)
        for (std::size_t i = 0; i < s.operations.size(); ++i)
            if (const ParamInfo* swept = findParam(s.operations[i].op, range->param);
                swept && swept->type == ParamType::Count) {
                Expected<Sweep> curve = sweep(s.operations[i].op, a.hardware, *range);
                if (!curve)
                    return s.operations[i].name + ": " + curve.error();
                curves[i] = std::move(curve).value();
            }

    JsonWriter j(sink);
    j.beginObject();
    j.key("scenario").value(s.name);
    j.key("hardware").beginObject();
    j.key("id").value(hw.id);
    j.key("name").value(hw.name);
    j.key("vendor").value(hw.vendor);
    j.key("dtype").value(dtypeName(a.dtype));
    j.key("peaks").beginObject();
    for (Dtype d : kAllDtypes)
        if (auto p = hw.peakFor(d))
            j.key(dtypeName(d)).value(*p);
    j.endObject();
    j.key("ceilings").beginArray();
    j.beginObject()
        .key("name")
        .value(dtypeName(a.dtype))
        .key("kind")
        .value("compute")
        .key("flops_per_s")
        .value(a.peak)
        .endObject();
    for (const Roof& roof : bandwidthRoofs(hw)) {
        j.beginObject();
        j.key("name").value(roof.name);
        j.key("kind").value(kindText(roof.kind));
        j.key("bandwidth_bytes_per_s").value(roof.value);
        j.key("ridge_intensity").value(ridgeIntensity(a.peak, roof.value));
        j.endObject();
    }
    j.endArray();
    writePracticalHardware(j, hw);
    j.endObject();
    writeCalibrationJson(j, a);

    j.key("operations").beginArray();
    for (std::size_t i = 0; i < a.operations.size(); ++i) {
        const Operation& op = s.operations[i];
        const Evaluation& e = a.operations[i].evaluation.value();
        j.beginObject();
        j.key("id").value(op.id);
        j.key("name").value(op.name);
        j.key("op").value(kindName(op.op));
        if (!op.group.empty())
            j.key("group").value(op.group);
        if (op.hidden)
            j.key("hidden").value(true);
        if (op.generated)
            j.key("repeat").value(op.repeat);
        j.key("params").beginObject();
        for (const ParamInfo& p : params(op.op)) {
            if (auto n = numberParam(op.op, p.name))
                j.key(p.name).value(*n);
            else if (auto d = dtypeParam(op.op, p.name))
                j.key(p.name).value(dtypeName(*d));
            else if (auto t = textParam(op.op, p.name); t && !t->empty())
                j.key(p.name).value(*t);
        }
        j.endObject();
        j.key("compute_dtype").value(dtypeName(e.dtype));
        j.key("peak_flops_per_s").value(e.peak);
        j.key("flops").value(e.flops);
        j.key("resources").beginArray();
        for (const ResourceUse& use : e.resources) {
            j.beginObject();
            j.key("name").value(use.name);
            j.key("kind").value(kindText(use.kind));
            j.key("bytes").value(use.bytes);
            j.key("bandwidth_bytes_per_s").value(use.bandwidth);
            j.key("intensity").value(use.intensity);
            j.key("time_s").value(use.time);
            writePracticalResource(j, hw, use);
            j.endObject();
        }
        j.endArray();
        j.key("t_math_s").value(e.tMath);
        j.key("t_comms_s").value(e.tComms);
        j.key("t_lower_s").value(e.tLower);
        j.key("t_upper_s").value(e.tUpper);
        if (const std::optional<CalibratedTime>& c = a.operations[i].calibrated) {
            j.key("t_calibrated_s").value(c->seconds);
            j.key("calibrated_bound").value(c->bound);
            j.key("calibrated_why").value(calibratedWhy(*a.calibration(), e, *c));
            if (const std::optional<CalibratedBand> band = calibratedBand(*a.calibration(), *c)) {
                j.key("t_calibrated_low_s").value(band->low);
                if (std::isfinite(band->high))
                    j.key("t_calibrated_high_s").value(band->high);
            }
        }
        // At the board's rated power over T_lower: an estimate. The power is at most the rating, the time at least
        // T_lower, so the product bounds the energy neither way (docs/file-formats.md, "energy at board power").
        if (hw.boardPower > 0)
            j.key("energy_j").value(hw.boardPower * e.tLower);
        writeEnergyJson(j, hw, e);
        j.key("bound").value(e.bound());
        j.key("attainable_flops_per_s").value(e.attainable);
        j.key("fraction_of_peak").value(e.fractionOfPeak);
        writePracticalOperation(j, hw, e);
        for (const Extra& x : e.extras)
            j.key(x.name).value(x.value);
        // Keys with nothing to say are left out rather than written as null: the report holds no null, inf or NaN.
        if (const std::optional<Critical>& critical = a.operations[i].critical) {
            j.key("critical");
            writeCritical(j, *critical);
        }
        if (curves[i]) {
            j.key("sweep");
            writeSweep(j, *curves[i]);
        }
        j.endObject();
    }
    j.endArray();
    // Operations run one after another: the visible ones summed, and each named group's.
    auto total = [&j, &hw, &a](const GroupTotal& t) {
        j.beginObject();
        if (!t.group.empty())
            j.key("group").value(t.group);
        j.key("count").value(static_cast<double>(t.count));
        j.key("flops").value(t.flops);
        j.key("t_math_s").value(t.tMath);
        j.key("t_lower_s").value(t.tLower);
        j.key("t_upper_s").value(t.tUpper);
        j.key("t_memory_s").value(t.tMemory);
        j.key("t_network_s").value(t.tNetwork);
        if (hw.latency)
            j.key("t_latency_s").value(t.tLatency);
        if (a.calibration())
            j.key("t_calibrated_s").value(t.tCalibrated);
        j.endObject();
    };
    j.key("total");
    total(a.total);
    j.key("groups").beginArray();
    for (const GroupTotal& g : a.groups)
        total(g);
    j.endArray();
    if (a.model)
        writeModelJson(j, a);
    writeComparedJson(j, a);
    if (s.lesson) {
        const Explanation& e = a.explanation;
        j.key("lesson").beginObject();
        j.key("source").value(e.source);
        if (!e.edition.empty())
            j.key("edition").value(e.edition);
        j.key("question").value(e.question);
        j.key("claim").value(e.claim);
        j.key("answer").value(e.answer);
        j.key("value").value(e.value);
        if (e.limit)
            j.key("limit").value(*e.limit);
        j.key("formula").beginArray();
        for (const std::string& line : e.formula)
            j.value(line);
        j.endArray();
        if (!e.currentEdition.empty()) // the current edition's numbers, where they differ, and what they give
            j.key("current")
                .beginObject()
                .key("edition")
                .value(e.currentEdition)
                .key("claim")
                .value(e.currentClaim)
                .key("answer")
                .value(e.currentAnswer)
                .endObject();
        j.endObject();
    }
    if (a.measured) {
        j.key("measured").beginObject();
        writeMeasured(j, *a.measuredSet, *a.measured, &a);
        j.endObject();
    }
    j.endObject();
    j.flush();
    sink("\n");
    return std::nullopt;
}

std::string presetTable(const PresetLibrary& library)
{
    std::vector<std::vector<std::string>> table { { "id", "name", "bf16", "int8", "memory", "links" } };
    for (const Hardware& hw : library.presets()) {
        std::string memory;
        for (const MemoryLevel& m : hw.memories)
            memory += (memory.empty() ? "" : ", ") + m.name + " " + formatBandwidth(m.bandwidth);
        std::string links;
        for (const Link& l : hw.links)
            links += (links.empty() ? "" : ", ") + l.name + " "
                + formatRoofBandwidth(hw, RoofKind::Network, l.name, l.bandwidth);
        auto peak = [&](Dtype d) { return hw.peakFor(d) ? formatRate(*hw.peakFor(d), d) : std::string("-"); };
        table.push_back({ hw.id, hw.name, peak(Dtype::bf16), peak(Dtype::int8), memory, links });
    }
    return renderTable(table);
}

} // namespace roofline
