// SPDX-License-Identifier: GPL-3.0-or-later
// A calibration's error over measured kernels in bins of predicted / measured − 1: whether what it predicts is noise
// around the measured times or leans to one side, which a median and a 90th percentile alone do not say.
#pragma once

#include "measured/calibration.h"
#include "measured/measured.h"
#include "measured/result.h"

#include <cstddef>
#include <string_view>
#include <vector>

namespace roofline {

inline constexpr double kErrorBinWidth = 0.05; // 5 % a bin
inline constexpr double kErrorLimit = 0.5; // bins from −50 % to +50 %; errors beyond are counted at the side

struct ErrorHistogram {
    double binWidth = kErrorBinWidth;
    double lowest = -kErrorLimit; // the left edge of the first bin
    std::vector<int> counts; // kernels per bin, left to right
    int below = 0; // errors below `lowest`
    int above = 0; // errors at or past the right edge of the last bin
    int kernels = 0; // every error counted, in the bins or beside them
    CalibrationError error; // median and 90th percentile of |error| over the same kernels

    double binLeft(std::size_t bin) const { return lowest + static_cast<double>(bin) * binWidth; }
    double binCentre(std::size_t bin) const { return binLeft(bin) + binWidth / 2; }
};

// Whether `calibration` was fitted on the kernels of `set`: a source of the same file name that held as many kernels.
// Its error over them is then in-sample, a fit's residual rather than the error it will have on kernels it never saw.
bool fittedOn(const Calibration& calibration, const MeasuredSet& set);

// The histogram of the calibration's error over the kernels of `set` that `analysis` has a prediction for and whose
// names pass `filter` (matchesKernelFilter: every kernel for an empty one), as the Measured tab shows it.
ErrorHistogram errorHistogram(const MeasuredSet& set, const MeasuredAnalysis& analysis, std::string_view filter = {});

} // namespace roofline
