// SPDX-License-Identifier: GPL-3.0-or-later
#include "measured/error_histogram.h"

#include "measured/placement.h"

#include <cmath>

namespace roofline {

namespace {

std::string_view fileName(std::string_view path)
{
    const std::size_t slash = path.find_last_of("/\\:");
    return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

} // namespace

bool fittedOn(const Calibration& calibration, const MeasuredSet& set)
{
    for (const CalibrationSource& s : calibration.sources)
        if (fileName(s.file) == fileName(set.file)
            && static_cast<std::size_t>(s.kernels) + static_cast<std::size_t>(s.leftOut) == set.kernels.size())
            return true;
    return false;
}

ErrorHistogram errorHistogram(const MeasuredSet& set, const MeasuredAnalysis& analysis, std::string_view filter)
{
    ErrorHistogram h;
    const auto bins = static_cast<std::size_t>(std::lround(2 * kErrorLimit / h.binWidth));
    h.counts.assign(bins, 0);
    std::vector<double> magnitudes;
    for (std::uint32_t i = 0; i < analysis.predicted.size() && i < set.kernels.size(); ++i) {
        const double predicted = analysis.predicted[i];
        if (!(predicted > 0))
            continue;
        const MeasuredKernel k = set.kernels[i];
        if (!filter.empty() && !matchesKernelFilter(filter, k.name.data()))
            continue;
        const double error = predicted / k.seconds - 1;
        ++h.kernels;
        magnitudes.push_back(std::abs(error));
        // An error on a bin's edge (a ratio of 1.1 gives 0.1000000000000001 or 0.0999999999999999) goes to the bin
        // it opens, as it would with exact arithmetic.
        const double at = std::floor((error - h.lowest) / h.binWidth + 1e-9);
        if (at < 0)
            ++h.below;
        else if (at >= static_cast<double>(bins))
            ++h.above;
        else
            ++h.counts[static_cast<std::size_t>(at)];
    }
    h.error = calibrationError(std::move(magnitudes));
    return h;
}

} // namespace roofline
