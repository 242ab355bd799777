// SPDX-License-Identifier: GPL-3.0-or-later
// Reading a chip's keys from YAML: a preset file, or the hardware block of a scenario. Internal to the files
// target: no YAML::Node leaves the loaders.
#pragma once

#include "base/yaml_reader.h"
#include "roofline/hardware.h"

#include <optional>
#include <string>
#include <string_view>

namespace roofline {

// A number of the hardware (see parseHardwareValue); `unitSeen` tells which unit it was written in.
std::optional<double> readHardwareValue(
    YamlReader&, const YAML::Node& node, std::string_view field, HardwareQuantity, Unit* unitSeen = nullptr);

// Reads a preset's keys from `node` into a Hardware, reporting fields under `prefix` ("hardware" inside a scenario).
Hardware readHardware(YamlReader&, const YAML::Node& node, const std::string& prefix, std::string_view defaultId);

} // namespace roofline
