// SPDX-License-Identifier: GPL-3.0-or-later
// The calibration file `roofline-lab calibrate` writes: YAML a reader can follow (each curve with points across the
// sizes it was fitted on, the data it came from, its cross-validated error) and that the program reads back (the chip,
// the floor, each curve's roof, ceiling and half). docs/file-formats.md gives its schema.
#pragma once

#include "base/diagnostic.h"
#include "base/expected.h"
#include "measured/calibration.h"

#include <optional>
#include <string>
#include <string_view>

namespace roofline {

std::string writeCalibration(const Calibration&);

// Reads a calibration; every problem is located by line and field.
Expected<Calibration, Diagnostics> parseCalibration(std::string_view text, const std::string& file);
// From a file, or one built into the program ("embedded:calibrations/NAME.yaml").
Expected<Calibration, Diagnostics> readCalibration(const std::string& path);

} // namespace roofline
