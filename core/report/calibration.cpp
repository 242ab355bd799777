// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/calibration.h"

#include "base/units.h"
#include "report/report.h"

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

} // namespace roofline
