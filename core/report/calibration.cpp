// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/calibration.h"

#include "base/units.h"
#include "report/report.h"

#include <algorithm>
#include <functional>

namespace roofline {

namespace {

std::string sizeText(bool compute, double size)
{
    return compute ? formatSI(size, "FLOP") : formatBytes(size);
}

std::string rateText(bool compute, double rate)
{
    return compute ? formatFlops(rate) : formatBandwidth(rate);
}

} // namespace

std::string calibrationText(const Calibration& cal)
{
    int kernels = 0;
    std::string from;
    for (const CalibrationSource& s : cal.sources) {
        kernels += s.kernels;
        from += (from.empty() ? "" : "; ") + s.file + ": " + std::to_string(s.kernels) + " kernels"
            + (s.leftOut ? ", " + std::to_string(s.leftOut) + " left out (nothing to time against the chip)" : "")
            + (s.device.empty() ? "" : ", measured on " + s.device);
    }
    std::string out = "Calibration of " + cal.chipName + " (" + cal.chip + ") from " + std::to_string(kernels)
        + " kernels (" + from + ")\n\n";
    std::vector<std::vector<std::string>> rows { { "resource", "roof", "ceiling", "reaches", "half at", "kernels",
        "sizes", "|error| median", "p90" } };
    for (const EfficiencyCurve& c : cal.curves)
        rows.push_back({ c.resource, rateText(c.compute, c.roof), formatPercent(c.ceiling),
            rateText(c.compute, c.roof * c.ceiling), sizeText(c.compute, c.half), std::to_string(c.kernels),
            sizeText(c.compute, c.smallest) + " – " + sizeText(c.compute, c.largest), formatPercent(c.error.median),
            formatPercent(c.error.p90) });
    rows.push_back({ "floor", "", "", cal.floor > 0 ? formatSeconds(cal.floor) : "none", "",
        std::to_string(cal.floorKernels), "", "", "" });
    out += renderTable(rows, 1, 6);
    out += "\nEach kernel predicted by a fit without it (" + std::to_string(cal.folds)
        + (cal.folds == cal.error.kernels ? ", leave-one-out" : "-fold cross-validation")
        + "): |predicted / measured − 1| median " + formatPercent(cal.error.median) + ", 90th percentile "
        + formatPercent(cal.error.p90) + "; the datasheet roofline's on the same kernels: median "
        + formatPercent(cal.datasheetError.median) + ", 90th percentile " + formatPercent(cal.datasheetError.p90)
        + ".\n";
    for (const std::string& note : cal.notes)
        out += "Note: " + note + ".\n";
    return out;
}

std::string calibratedWhy(const Calibration& cal, const Evaluation& e, const CalibratedTime& t)
{
    if (t.bound == "floor")
        return t.seconds == e.tLaunch && e.tLaunch > cal.floor ? "the launch floor of " + formatSeconds(t.seconds)
                                                               : "the floor of " + formatSeconds(t.seconds);
    const EfficiencyCurve* curve = cal.curve(t.bound);
    const bool compute = t.bound == dtypeName(e.dtype);
    double size = e.flops, roof = e.peak;
    if (!compute)
        for (const ResourceUse& r : e.resources)
            if (r.name == t.bound) {
                size = r.bytes;
                roof = r.bandwidth;
            }
    if (!t.calibrated)
        return t.bound + " at its evaluated time"
            + (curve ? ": " + sizeText(compute, size) + " is below the sizes its curve was fitted on (from "
                        + sizeText(compute, curve->smallest) + ")"
                     : std::string(", with no curve"));
    return t.bound + " at " + formatPercent(curve->efficiency(size)) + " of " + rateText(compute, roof) + " for "
        + sizeText(compute, size);
}

std::string calibratedText(const Analysis& a)
{
    if (!a.session.calibration)
        return {};
    const std::string& file = a.session.calibration->file;
    if (!a.calibrationProblem.empty())
        return "\nCalibration " + file + " not applied: it is " + a.calibrationProblem + ".\n";
    const Calibration& cal = *a.calibration();
    const bool stated = cal.error.kernels > 0;
    std::string out = "\nCalibrated by " + file
        + (stated ? " (cross-validated |error| median " + formatPercent(cal.error.median) + ", 90th percentile "
                    + formatPercent(cal.error.p90) + ")"
                  : std::string(" (its error not stated)"))
        + ": the operations take " + formatSeconds(a.total.tCalibrated) + " against T_lower "
        + formatSeconds(a.total.tLower);
    if (a.total.tLower > 0)
        out += " (×" + formatSI(a.total.tCalibrated / a.total.tLower, "", 3) + ")";
    // |predicted / measured − 1| <= p90 puts the measured time within predicted / (1 ± p90).
    if (stated)
        out += "; nine kernels in ten measured within " + formatPercent(cal.error.p90)
            + " of their prediction: " + formatSeconds(a.total.tCalibrated / (1 + cal.error.p90)) + " – "
            + (cal.error.p90 < 1 ? formatSeconds(a.total.tCalibrated / (1 - cal.error.p90)) : std::string("more"));
    out += ".\n";
    // The operations the calibration slows most, by the time it adds.
    std::vector<std::pair<double, std::size_t>> added;
    for (const std::size_t i : a.shown())
        if (const std::optional<CalibratedTime>& t = a.operations[i].calibrated)
            added.emplace_back(
                (t->seconds - a.operations[i].evaluation.value().tLower) * a.session.operations[i].repeat, i);
    std::sort(added.begin(), added.end(), std::greater<>());
    std::vector<std::vector<std::string>> rows { { "slowed most", "T_lower", "calibrated", "adds", "why" } };
    for (std::size_t n = 0; n < added.size() && n < 5 && added[n].first > 0; ++n) {
        const std::size_t i = added[n].second;
        const Evaluation& e = a.operations[i].evaluation.value();
        const CalibratedTime& t = *a.operations[i].calibrated;
        const double repeat = a.session.operations[i].repeat;
        rows.push_back({ a.session.operations[i].name + (repeat != 1 ? " ×" + formatSI(repeat) : std::string()),
            formatSeconds(e.tLower), formatSeconds(t.seconds), formatSeconds(added[n].first),
            calibratedWhy(cal, e, t) });
    }
    if (rows.size() > 1)
        out += renderTable(rows, 1, 4);
    return out;
}

void writeCalibrationJson(JsonWriter& j, const Analysis& a)
{
    if (!a.session.calibration)
        return;
    j.key("calibration").beginObject();
    j.key("file").value(a.session.calibration->file);
    if (!a.calibrationProblem.empty()) {
        j.key("applied").value(false);
        j.key("problem").value(a.calibrationProblem);
        j.endObject();
        return;
    }
    const Calibration& cal = *a.calibration();
    j.key("applied").value(true);
    j.key("chip").value(cal.chip);
    j.key("floor_s").value(cal.floor);
    j.key("curves").beginArray();
    for (const EfficiencyCurve& c : cal.curves) {
        j.beginObject();
        j.key("resource").value(c.resource);
        j.key("kind").value(c.compute ? "compute" : "memory");
        j.key("ceiling").value(c.ceiling);
        j.key("half").value(c.half);
        j.endObject();
    }
    j.endArray();
    j.key("error_median").value(cal.error.median);
    j.key("error_p90").value(cal.error.p90);
    j.key("t_calibrated_s").value(a.total.tCalibrated);
    j.endObject();
}

} // namespace roofline
