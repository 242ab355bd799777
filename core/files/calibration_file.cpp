// SPDX-License-Identifier: GPL-3.0-or-later
#include "files/calibration_file.h"

#include "base/units.h"
#include "base/yaml_reader.h"
#include "files/presets.h"
#include "measured/measured.h"

#include <yaml-cpp/yaml.h>

#include <cmath>

namespace roofline {

namespace {

// The largest size (FLOPs or bytes) a curve's half or range may state: a rate's half at the slowest kernel the
// readers take, 1e20 · 1e6, and then some.
constexpr double kMaxCalibrationSize = 1e30;

void writeError(YAML::Emitter& out, const CalibrationError& e)
{
    out << YAML::Flow << YAML::BeginMap << YAML::Key << "kernels" << YAML::Value << e.kernels << YAML::Key << "median"
        << YAML::Value << savedNumber(e.median) << YAML::Key << "p90" << YAML::Value << savedNumber(e.p90)
        << YAML::EndMap;
}

// A size rounded to three digits, for the points a reader looks at.
double threeDigits(double v)
{
    if (!(v > 0))
        return v;
    const double scale = std::pow(10.0, std::floor(std::log10(v)) - 2);
    return std::round(v / scale) * scale;
}

} // namespace

std::string writeCalibration(const Calibration& cal)
{
    YAML::Emitter out;
    out << YAML::Comment("Roofline Lab calibration: a practical model of one chip, fitted from measured kernels by "
                         "roofline-lab calibrate.")
        << YAML::Newline
        << YAML::Comment("t = max(floor, t_compute, t_memory); t_r(x) = (x + half) / (roof * ceiling) for x FLOPs "
                         "or bytes: an efficiency ceiling * x / (x + half) of the roof.");
    out << YAML::BeginMap;
    out << YAML::Key << "chip" << YAML::Value << cal.chip;
    if (!cal.chipName.empty()) // a file written by hand may leave it out
        out << YAML::Key << "chip_name" << YAML::Value << cal.chipName;
    out << YAML::Key << "floor" << YAML::Value << savedNumber(cal.floor)
        << YAML::Comment(cal.floor > 0 ? "seconds: the least time a kernel takes (" + formatSeconds(cal.floor) + ", "
                       + std::to_string(cal.floorKernels) + " kernels at it)"
                                       : std::string("seconds: none; the curves' half sizes hold the fixed cost of "
                                                     "small kernels"));
    out << YAML::Key << "curves" << YAML::Value << YAML::BeginSeq;
    for (const EfficiencyCurve& c : cal.curves) {
        out << YAML::BeginMap;
        out << YAML::Key << "resource" << YAML::Value << c.resource;
        out << YAML::Key << "kind" << YAML::Value << (c.compute ? "compute" : "memory");
        out << YAML::Key << "roof" << YAML::Value << savedNumber(c.roof)
            << YAML::Comment(std::string(c.compute ? "FLOP/s" : "bytes/s")
                   + ", the datasheet's: " + (c.compute ? formatFlops(c.roof) : formatBandwidth(c.roof)));
        out << YAML::Key << "ceiling" << YAML::Value << savedNumber(c.ceiling)
            << YAML::Comment("the share of the roof a large kernel reaches: "
                   + (c.compute ? formatFlops(c.roof * c.ceiling) : formatBandwidth(c.roof * c.ceiling)));
        out << YAML::Key << "half" << YAML::Value << savedNumber(c.half)
            << YAML::Comment(std::string(c.compute ? "FLOPs" : "bytes") + " at which a kernel reaches half of it");
        out << YAML::Key << "kernels" << YAML::Value << c.kernels;
        // Where the curve is known, and its efficiency there: a curve written by hand may state no range.
        const bool known = c.smallest > 0 && c.largest >= c.smallest;
        if (known)
            out << YAML::Key << "range" << YAML::Value << YAML::Flow << YAML::BeginSeq << savedNumber(c.smallest)
                << savedNumber(c.largest) << YAML::EndSeq;
        out << YAML::Key << "error" << YAML::Value;
        writeError(out, c.error);
        if (!known) {
            out << YAML::EndMap;
            continue;
        }
        out << YAML::Key << "points" << YAML::Value << YAML::BeginSeq;
        constexpr int kPoints = 7;
        const double lo = std::log10(c.smallest), hi = std::log10(c.largest);
        for (int i = 0; i < kPoints; ++i) {
            const double size = threeDigits(std::pow(10.0, lo + (hi - lo) * i / (kPoints - 1)));
            out << YAML::Flow << YAML::BeginMap << YAML::Key << "size" << YAML::Value << savedNumber(size) << YAML::Key
                << "efficiency" << YAML::Value << savedNumber(std::round(c.efficiency(size) * 1e4) / 1e4)
                << YAML::EndMap;
            if (!(hi > lo))
                break;
        }
        out << YAML::EndSeq;
        out << YAML::EndMap;
    }
    out << YAML::EndSeq;
    out << YAML::Key << "error" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "method" << YAML::Value
        << (cal.folds == cal.error.kernels ? std::string("leave-one-out cross-validation")
                                           : std::to_string(cal.folds) + "-fold cross-validation");
    out << YAML::Key << "folds" << YAML::Value << cal.folds;
    out << YAML::Key << "calibrated" << YAML::Value;
    writeError(out, cal.error);
    out << YAML::Key << "datasheet" << YAML::Value;
    writeError(out, cal.datasheetError);
    out << YAML::EndMap;
    out << YAML::Key << "data" << YAML::Value << YAML::BeginSeq;
    for (const CalibrationSource& s : cal.sources) {
        out << YAML::BeginMap << YAML::Key << "file" << YAML::Value << s.file;
        if (!s.format.empty()) // a file written by hand may leave it out, as it may the device
            out << YAML::Key << "format" << YAML::Value << s.format;
        if (!s.device.empty())
            out << YAML::Key << "device" << YAML::Value << s.device;
        out << YAML::Key << "kernels" << YAML::Value << s.kernels << YAML::Key << "left_out" << YAML::Value << s.leftOut
            << YAML::EndMap;
    }
    out << YAML::EndSeq;
    if (!cal.notes.empty()) {
        out << YAML::Key << "notes" << YAML::Value << YAML::BeginSeq;
        for (const std::string& n : cal.notes)
            out << n;
        out << YAML::EndSeq;
    }
    out << YAML::EndMap;
    return std::string(out.c_str()) + "\n";
}

namespace {

std::optional<CalibrationError> readError(YamlReader& r, const YAML::Node& node, const std::string& at)
{
    if (!r.checkMap(node, at, { "kernels", "median", "p90" }))
        return std::nullopt;
    CalibrationError e;
    if (auto n = r.child(node, at, "kernels", true))
        e.kernels = static_cast<int>(r.count(*n, YamlReader::join(at, "kernels"), 0, 1 << 20).value_or(0));
    if (auto n = r.child(node, at, "median", true))
        e.median = r.number(*n, YamlReader::join(at, "median")).value_or(0);
    if (auto n = r.child(node, at, "p90", true))
        e.p90 = r.number(*n, YamlReader::join(at, "p90")).value_or(0);
    if (!(e.median >= 0 && e.median <= e.p90))
        r.error(node, at, "expected 0 <= median <= p90");
    return e;
}

// A number within [min, max], or an error naming the range.
std::optional<double> bounded(
    YamlReader& r, const YAML::Node& node, const std::string& at, double min, double max, std::string_view what)
{
    const std::optional<double> v = r.number(node, at);
    if (v && (*v < min || *v > max)) {
        r.error(node, at,
            "expected " + std::string(what) + " from " + savedNumber(min) + " to " + savedNumber(max) + ", found "
                + savedNumber(*v));
        return std::nullopt;
    }
    return v;
}

} // namespace

Expected<Calibration, Diagnostics> parseCalibration(std::string_view text, const std::string& file)
{
    using Result = Expected<Calibration, Diagnostics>;
    YamlReader r(file);
    const std::optional<YAML::Node> root = r.load(text);
    if (!root)
        return Result::failure(r.diagnostics());
    Calibration cal;
    if (r.checkMap(*root, {}, { "chip", "chip_name", "floor", "curves", "error", "data", "notes" })) {
        if (auto n = r.child(*root, {}, "chip", true))
            cal.chip = r.identifier(*n, "chip").value_or("");
        if (auto n = r.child(*root, {}, "chip_name", false))
            cal.chipName = r.name(*n, "chip_name").value_or("");
        if (auto n = r.child(*root, {}, "floor", true))
            cal.floor = bounded(r, *n, "floor", 0, kMaxKernelSeconds, "seconds").value_or(0);
        if (auto curves = r.child(*root, {}, "curves", true)) {
            if (!curves->IsSequence() || curves->size() == 0)
                r.error(*curves, "curves",
                    "expected a list of at least one curve, found "
                        + (curves->IsSequence() ? std::string("an empty list") : r.describe(*curves)));
            else
                for (std::size_t i = 0; i < curves->size(); ++i) {
                    const YAML::Node node = (*curves)[i];
                    const std::string at = YamlReader::index("curves", i);
                    if (!r.checkMap(node, at,
                            { "resource", "kind", "roof", "ceiling", "half", "kernels", "range", "error", "points" }))
                        continue;
                    EfficiencyCurve c;
                    if (auto n = r.child(node, at, "kind", true)) {
                        const std::optional<std::string> kind = r.text(*n, YamlReader::join(at, "kind"));
                        if (kind && *kind != "memory" && *kind != "compute")
                            r.error(*n, YamlReader::join(at, "kind"),
                                "expected memory or compute, found " + quoteInput(*kind));
                        c.compute = kind == "compute";
                    }
                    if (auto n = r.child(node, at, "resource", true)) {
                        const std::string field = YamlReader::join(at, "resource");
                        c.resource = r.identifier(*n, field).value_or("");
                        if (c.compute && !c.resource.empty() && !parseDtype(c.resource))
                            r.error(*n, field, "a compute curve's resource is a dtype, not " + quoteInput(c.resource));
                        for (const EfficiencyCurve& earlier : cal.curves)
                            if (!c.resource.empty() && earlier.resource == c.resource)
                                r.error(*n, field, "a second curve for " + quoteInput(c.resource));
                    }
                    if (auto n = r.child(node, at, "roof", true))
                        c.roof = bounded(r, *n, YamlReader::join(at, "roof"), kMinRate, kMaxRate, "a rate").value_or(0);
                    if (auto n = r.child(node, at, "ceiling", true))
                        c.ceiling = bounded(r, *n, YamlReader::join(at, "ceiling"), kMinEfficiency, kMaxEfficiency,
                            "a share of the roof")
                                        .value_or(1);
                    if (auto n = r.child(node, at, "half", true))
                        c.half = bounded(r, *n, YamlReader::join(at, "half"), 0, kMaxCalibrationSize, "FLOPs or bytes")
                                     .value_or(0);
                    if (auto n = r.child(node, at, "kernels", false))
                        c.kernels
                            = static_cast<int>(r.count(*n, YamlReader::join(at, "kernels"), 0, 1 << 20).value_or(0));
                    if (auto n = r.child(node, at, "range", false)) {
                        const std::string field = YamlReader::join(at, "range");
                        if (!n->IsSequence() || n->size() != 2)
                            r.error(*n, field, "expected [smallest, largest], found " + r.describe(*n));
                        else {
                            c.smallest = r.number((*n)[0], field).value_or(0);
                            c.largest = r.number((*n)[1], field).value_or(0);
                            if (!(c.smallest > 0 && c.smallest <= c.largest && c.largest <= kMaxCalibrationSize))
                                r.error(*n, field, "expected 0 < smallest <= largest <= 1e30");
                        }
                    }
                    if (auto n = r.child(node, at, "error", false))
                        c.error = readError(r, *n, YamlReader::join(at, "error")).value_or(CalibrationError {});
                    cal.curves.push_back(std::move(c));
                }
        }
        if (auto e = r.child(*root, {}, "error", false);
            e && r.checkMap(*e, "error", { "method", "folds", "calibrated", "datasheet" })) {
            if (auto n = r.child(*e, "error", "folds", false))
                cal.folds = static_cast<int>(r.count(*n, "error.folds", 0, 1 << 20).value_or(0));
            if (auto n = r.child(*e, "error", "calibrated", false))
                cal.error = readError(r, *n, "error.calibrated").value_or(CalibrationError {});
            if (auto n = r.child(*e, "error", "datasheet", false))
                cal.datasheetError = readError(r, *n, "error.datasheet").value_or(CalibrationError {});
        }
        // The data it came from: what tells a measured set it was fitted on (a residual) from one it predicts.
        if (auto data = r.child(*root, {}, "data", false)) {
            if (!data->IsSequence())
                r.error(*data, "data", "expected a list of the files fitted on, found " + r.describe(*data));
            else
                for (std::size_t i = 0; i < data->size(); ++i) {
                    const YAML::Node node = (*data)[i];
                    const std::string at = YamlReader::index("data", i);
                    if (!r.checkMap(node, at, { "file", "format", "device", "kernels", "left_out" }))
                        continue;
                    CalibrationSource s;
                    if (auto n = r.child(node, at, "file", true))
                        s.file = r.text(*n, YamlReader::join(at, "file")).value_or("");
                    if (auto n = r.child(node, at, "format", false))
                        s.format = r.text(*n, YamlReader::join(at, "format")).value_or("");
                    if (auto n = r.child(node, at, "device", false))
                        s.device = r.text(*n, YamlReader::join(at, "device")).value_or("");
                    if (auto n = r.child(node, at, "kernels", false))
                        s.kernels
                            = static_cast<int>(r.count(*n, YamlReader::join(at, "kernels"), 0, 1 << 20).value_or(0));
                    if (auto n = r.child(node, at, "left_out", false))
                        s.leftOut
                            = static_cast<int>(r.count(*n, YamlReader::join(at, "left_out"), 0, 1 << 20).value_or(0));
                    cal.sources.push_back(std::move(s));
                }
        }
    }
    if (r.failed())
        return Result::failure(r.diagnostics());
    return cal;
}

Expected<Calibration, Diagnostics> readCalibration(const std::string& path)
{
    if (path.starts_with("embedded:")) {
        for (const EmbeddedFile& f : embeddedFiles())
            if (f.name == std::string_view(path).substr(9))
                return parseCalibration(f.text, path);
        return Expected<Calibration, Diagnostics>::failure(
            { { path, 0, 0, {}, "no such file built into the program" } });
    }
    Expected<std::string, Diagnostics> text = readTextFile(path);
    if (!text)
        return Expected<Calibration, Diagnostics>::failure(text.error());
    return parseCalibration(*text, path);
}

} // namespace roofline
