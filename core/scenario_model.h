// A scenario's `model:` block, read and written. Internal to roofline_core, beside scenario.cpp.
#pragma once

#include "model_settings.h"
#include "yaml_reader.h"

namespace roofline {

// Reads the block, each setting located at its key ("model.tp"); the settings together are then checked
// (settingsProblem) and a contradiction is reported at the setting it names. Nothing when anything is wrong.
std::optional<ModelSettings> readModelBlock(YamlReader&, const YAML::Node& node, const Hardware&, const ModelLibrary&);

void writeModelBlock(YAML::Emitter&, const ModelSettings&);

} // namespace roofline
