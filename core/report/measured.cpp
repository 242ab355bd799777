// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/measured.h"

#include "base/json.h"
#include "base/units.h"
#include "measured/error_histogram.h"
#include "measured/off_roof.h"
#include "report/practical.h"
#include "report/report.h"

namespace roofline {

namespace {

// The explainer of a set's points on the analysis's chip, under its calibration; none without the analysis.
std::optional<OffRoofExplainer> offRoofExplainer(
    const MeasuredSet& set, const MeasuredAnalysis& a, const Analysis* model)
{
    if (!model)
        return std::nullopt;
    return OffRoofExplainer({ set, a, model->hardware, model->calibration() });
}

void writeOffRoof(JsonWriter& j, const OffRoof& o, Dtype roof)
{
    j.key("off_roof").beginObject();
    j.key("standing").value(standingName(o.standing));
    j.key("reasons").beginArray();
    for (const OffRoofReason& r : o.reasons) {
        j.beginObject();
        j.key("check").value(offRoofCheckName(r.check));
        j.key("measured").value(r.measured);
        j.key("expected").value(r.expected);
        j.key("factor").value(r.factor());
        j.key("explains_standing").value(explainsStanding(r, o.standing));
        if (!r.against.empty())
            j.key("against").value(r.against);
        if (!r.resource.empty())
            j.key("resource").value(r.resource);
        if (r.check == OffRoofCheck::Clock) {
            j.key("roof_at_clock").value(r.roof);
            j.key("fraction_at_clock").value(r.reached);
        }
        j.key("text").value(offRoofText(r, roof));
        j.endObject();
    }
    j.endArray();
    if (const std::string unexplained = unexplainedText(o); !unexplained.empty())
        j.key("unexplained").value(unexplained);
    j.endObject();
}

// The off-roof section of the text: each kernel above or far below its roof, or with a check that holds, and why.
void writeOffRoofText(const MeasuredSet& set, const MeasuredAnalysis& a, const Analysis* model, const TextSink& sink)
{
    const std::optional<OffRoofExplainer> explain = offRoofExplainer(set, a, model);
    if (!explain)
        return;
    // The kernels off their roof first, then those near it that a check notes (a clock off the peak's).
    std::size_t listed = 0;
    std::size_t more = 0;
    for (const bool offRoof : { true, false })
        for (const MeasuredPoint& p : a.points) {
            const OffRoof o = (*explain)(p);
            if ((o.standing == RoofStanding::Near) == offRoof
                || (o.standing == RoofStanding::Near && o.reasons.empty()))
                continue;
            if (listed == kOffRoofLines) {
                ++more;
                continue;
            }
            std::string text = listed == 0
                ? "\nOff the roof, and why (checked against the linked operations, the clocks "
                  "and the floors):\n"
                : "";
            text += "  " + shortened(set.kernels[p.kernel].name, 48) + " (" + formatPercent(p.fraction())
                + " of its roof"
                + (o.standing == RoofStanding::Near ? "" : ", " + std::string(standingName(o.standing))) + "):";
            for (const OffRoofReason& r : o.reasons)
                text += "\n    " + std::string(offRoofCheckName(r.check)) + ": " + offRoofText(r, p.roof);
            if (const std::string unexplained = unexplainedText(o); !unexplained.empty())
                text += "\n    " + unexplained;
            sink(text + "\n");
            ++listed;
        }
    if (more > 0)
        sink("  and " + std::to_string(more) + " more kernels: --format json gives each its \"off_roof\"\n");
}

} // namespace

void writeMeasured(JsonWriter& j, const MeasuredSet& set, const MeasuredAnalysis& a, const Analysis* model)
{
    const std::optional<OffRoofExplainer> explain = offRoofExplainer(set, a, model);
    j.key("source").beginObject();
    j.key("file").value(set.file);
    j.key("format").value(formatName(set.format));
    if (!set.device.empty())
        j.key("device").value(set.device);
    j.key("rows_read").value(static_cast<double>(set.rowsRead));
    j.key("kernels").value(static_cast<double>(set.kernels.size()));
    j.key("total_duration_s").value(a.totalSeconds);
    j.endObject();
    if (a.predictedError.kernels > 0) {
        j.key("calibration_error").beginObject();
        j.key("kernels").value(static_cast<double>(a.predictedError.kernels));
        j.key("median").value(a.predictedError.median);
        j.key("p90").value(a.predictedError.p90);
        j.endObject();
    }
    j.key("points").beginArray();
    for (const MeasuredPoint& p : a.points) {
        const MeasuredKernel& k = set.kernels[p.kernel];
        j.beginObject();
        j.key("name").value(k.name);
        if (!k.group.empty())
            j.key("group").value(k.group);
        j.key("line").value(static_cast<double>(k.line));
        if (k.dtype)
            j.key("dtype").value(dtypeName(*k.dtype));
        j.key("duration_s").value(k.seconds);
        j.key("time_share").value(a.timeShare(k));
        j.key("flops").value(k.flops);
        j.key("flops_by_precision").beginObject();
        for (const PrecisionFlops& f : k.byPrecision)
            j.key(f.precision.empty() ? "unspecified" : f.precision).value(f.flops);
        j.endObject();
        const std::vector<MeasuredLevel> levels = a.levelsOf(k);
        j.key("bytes").beginObject();
        for (const MeasuredLevel& l : levels)
            j.key(l.level).value(l.bytes);
        j.endObject();
        j.key("achieved_flops_per_s").value(p.achieved);
        if (const double predicted = a.predictedSeconds(p.kernel); predicted > 0) {
            j.key("predicted_s").value(predicted);
            j.key("error").value(predicted / k.seconds - 1);
        }
        j.key("on_chart").value(p.onChart);
        if (!p.onChart) {
            j.key("why").value(p.why);
        } else {
            j.key("intensity").beginObject();
            for (const MeasuredLevel& l : levels)
                j.key(l.level).value(l.intensity);
            j.endObject();
            j.key("roof_dtype").value(dtypeName(p.roof));
            j.key("attainable_flops_per_s").value(p.attainable);
            j.key("bound").value(p.bound);
            j.key("fraction_of_attainable").value(p.fraction());
            if (explain)
                if (const OffRoof o = (*explain)(p); o.standing != RoofStanding::Near || !o.reasons.empty())
                    writeOffRoof(j, o, p.roof);
        }
        j.endObject();
    }
    j.endArray();
    j.key("links").beginArray();
    for (const MeasuredLink& l : a.links) {
        j.beginObject();
        j.key("kernel").value(set.kernels[l.kernel].name);
        j.key("operation_id").value(l.operationId);
        j.key("measured_s").value(l.measured);
        if (!l.predicted()) {
            j.key("problem").value(l.problem());
        } else {
            j.key("operation").value(l.operation());
            j.key("t_lower_s").value(l.predicted()->tLower);
            j.key("t_upper_s").value(l.predicted()->tUpper);
            j.key("measured_over_t_lower").value(l.ratioToLower);
            j.key("bracketed").value(l.bracketed);
            j.key("predicted_attainable_flops_per_s").value(l.predicted()->attainable);
        }
        j.endObject();
    }
    j.endArray();
    j.key("ceilings").beginObject();
    j.key("from").value(a.ceilingsDerived ? "kernels" : "peaks file");
    j.key("list").beginArray();
    for (const CeilingComparison& c : a.ceilings) {
        j.beginObject();
        j.key("name").value(c.name);
        j.key("kind").value(c.compute ? "compute" : "memory");
        j.key(c.compute ? "flops_per_s" : "bandwidth_bytes_per_s").value(c.measured);
        j.key("source").value(c.source);
        if (c.datasheet > 0) {
            j.key("datasheet").value(c.datasheet);
            j.key("fraction_of_datasheet").value(c.fraction);
            if (!c.setValue.empty())
                j.key("set").value(c.overrideKey + "=" + c.setValue);
            if (!c.efficiencyKey.empty())
                j.key("set_efficiency").value(c.efficiencyKey + "=" + plainFactor(c.fraction));
        }
        j.endObject();
    }
    j.endArray();
    j.endObject();
    j.key("skipped").beginArray();
    for (const Diagnostic& d : set.skipped)
        j.value(d.toString());
    j.endArray();
    j.key("warnings").beginArray();
    for (const Diagnostics* list : { &set.warnings, &a.warnings })
        for (const Diagnostic& d : *list)
            j.value(d.toString());
    j.endArray();
}

std::string measuredJson(const MeasuredSet& set, const MeasuredAnalysis& a, const Analysis& model)
{
    std::string out;
    writeMeasuredJson(set, a, model, [&out](std::string_view t) { out += t; });
    return out;
}

void writeMeasuredJson(const MeasuredSet& set, const MeasuredAnalysis& a, const Analysis& model, const TextSink& sink)
{
    JsonWriter j(sink);
    j.beginObject();
    j.key("hardware").beginObject();
    j.key("id").value(model.hardware.id);
    j.key("name").value(model.hardware.name);
    j.key("dtype").value(dtypeName(model.dtype));
    j.key("peak_flops_per_s").value(model.peak);
    j.endObject();
    writeMeasured(j, set, a, &model);
    j.endObject();
    j.flush();
    sink("\n");
}

std::string measuredTable(const MeasuredSet& set, const MeasuredAnalysis& a, const Analysis* model)
{
    std::string out;
    writeMeasuredTable(
        set, a, [&out](std::string_view t) { out += t; }, model);
    return out;
}

std::string formatSignedPercent(double fraction)
{
    return (fraction >= 0 ? "+" : "−") + formatPercent(std::abs(fraction));
}

void writeMeasuredTable(const MeasuredSet& set, const MeasuredAnalysis& a, const TextSink& sink, const Analysis* model)
{
    sink("Measured: " + set.file + " (" + std::string(formatName(set.format)) + ", "
        + std::to_string(set.kernels.size()) + " kernels, " + formatSeconds(a.totalSeconds) + ")\n");
    const bool predicted = !a.predicted.empty();
    std::vector<std::string> header { "kernel", "time", "share", "intensity", "achieved", "bound", "of roof" };
    if (predicted)
        header.insert(header.begin() + 2, { "predicted", "error" });
    if (!a.points.empty())
        streamTable(
            header, a.points.size(),
            [&](std::size_t i) -> std::vector<std::string> {
                const MeasuredPoint& p = a.points[i];
                const MeasuredKernel& k = set.kernels[p.kernel];
                std::vector<std::string> row { shortened(k.name, 48), formatSeconds(k.seconds),
                    formatPercent(a.timeShare(k)), p.onChart ? formatIntensity(p.intensity) : "-",
                    formatRate(p.achieved, p.roof), p.onChart ? std::string(p.bound) : "-",
                    p.onChart ? formatPercent(p.fraction()) : std::string(p.why) };
                if (predicted) {
                    const double t = a.predictedSeconds(p.kernel);
                    row.insert(row.begin() + 2,
                        { t > 0 ? formatSeconds(t) : "-", t > 0 ? formatSignedPercent(t / k.seconds - 1) : "-" });
                }
                return row;
            },
            1, predicted ? 8 : 6, sink);
    if (predicted && a.predictedError.kernels > 0)
        sink("The calibration's |predicted / measured − 1| over " + std::to_string(a.predictedError.kernels)
            + " kernels: median " + formatPercent(a.predictedError.median) + ", 90th percentile "
            + formatPercent(a.predictedError.p90)
            + (model && model->calibration() && fittedOn(*model->calibration(), set)
                    ? " (in-sample: the calibration was fitted on these kernels; calibrate states its error on kernels "
                      "it did not see)"
                    : "")
            + "\n");
    writeOffRoofText(set, a, model, sink);
    if (!a.links.empty()) {
        sink("\nMeasured against modeled:\n");
        streamTable(
            { "kernel", "operation", "measured", "T_lower", "T_upper", "measured/T_lower", "bracketed" },
            a.links.size(),
            [&](std::size_t i) -> std::vector<std::string> {
                const MeasuredLink& l = a.links[i];
                const std::string name(set.kernels[l.kernel].name);
                if (!l.predicted())
                    return { name, l.operationId.str(), formatSeconds(l.measured), "-", "-", "-", l.problem() };
                return { name, l.operation(), formatSeconds(l.measured), formatSeconds(l.predicted()->tLower),
                    formatSeconds(l.predicted()->tUpper), formatSI(l.ratioToLower, "", 3), l.bracketed ? "yes" : "no" };
            },
            2, 6, sink);
    }
    std::string out;
    if (!a.ceilings.empty()) {
        out += std::string("\nMeasured ceilings (") + (a.ceilingsDerived ? "best reached by the kernels" : "peaks file")
            + "):\n";
        std::vector<std::vector<std::string>> rows { { "roof", "measured", "datasheet", "fraction", "as efficiency",
            "from" } };
        for (const CeilingComparison& c : a.ceilings)
            rows.push_back({ c.name, c.compute ? formatFlops(c.measured) : formatBandwidth(c.measured),
                c.datasheet > 0 ? (c.compute ? formatFlops(c.datasheet) : formatBandwidth(c.datasheet)) : "-",
                c.datasheet > 0 ? formatPercent(c.fraction) : "-",
                c.efficiencyKey.empty() ? "-" : "--set " + c.efficiencyKey + "=" + plainFactor(c.fraction),
                shortened(c.source, 48) });
        out += renderTable(rows, 1, 4);
    }
    for (const Diagnostic& d : set.skipped)
        out += "skipped: " + d.toString() + "\n";
    for (const Diagnostics* list : { &set.warnings, &a.warnings })
        for (const Diagnostic& d : *list)
            out += "warning: " + d.toString() + "\n";
    sink(out);
}

} // namespace roofline
