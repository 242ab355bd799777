// SPDX-License-Identifier: GPL-3.0-or-later
// A calibration as `calibrate` prints it: each curve, the floor, the cross-validated error beside the datasheet
// roofline's, where the kernels came from and what was left at the datasheet.
#pragma once

#include "measured/calibration.h"

#include <string>

namespace roofline {

std::string calibrationText(const Calibration&);

} // namespace roofline
