// SPDX-License-Identifier: GPL-3.0-or-later
// What calibration.cpp (prediction) and calibration_fit.cpp (fitting) share: the roof a kernel's FLOPs are timed
// against.
#pragma once

#include "roofline/hardware.h"

#include <optional>

namespace roofline {

// The dtype whose roof FLOPs are timed against: their own when the chip has a peak for it, else the fallback's, as a
// kernel is placed on the chart.
Dtype roofDtype(const Hardware& hw, std::optional<Dtype> dtype, Dtype fallback);

} // namespace roofline
