// The command line's report: every operation of a scenario evaluated, as a readable table or one JSON document.
#pragma once

#include "expected.h"
#include "scenario.h"

#include <string>

namespace roofline {

// Both fail, and print nothing, if any operation cannot be evaluated on the scenario's chip.
Expected<std::string> reportTable(const Scenario&);
Expected<std::string> reportJson(const Scenario&);

// The `presets` command: one line per preset with its key numbers.
std::string presetTable(const PresetLibrary&);

} // namespace roofline
