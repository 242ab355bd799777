// SPDX-License-Identifier: GPL-3.0-or-later
// A calibration as `calibrate` prints it: each curve, the floor, the cross-validated error beside the datasheet
// roofline's, where the kernels came from and what was left at the datasheet.
#pragma once

#include "base/json.h"
#include "measured/calibration.h"
#include "session/analysis.h"

#include <string>

namespace roofline {

std::string calibrationText(const Calibration&);

// What an operation's calibrated time is bound by, and why it is slower than the datasheet's: "HBM at 34.1 % of
// 3.35 TB/s for 2.10 MB", "the floor of 7.2 µs".
std::string calibratedWhy(const Calibration&, const Evaluation&, const CalibratedTime&);

// The report's calibration section: the file, its error, the total against T_lower and the operations it slows most;
// or why the session's calibration does not apply. Empty without one.
std::string calibratedText(const Analysis&);
// The report's "calibration" member: the file, its curves and error, and the total; or why it does not apply.
void writeCalibrationJson(JsonWriter&, const Analysis&);

} // namespace roofline
