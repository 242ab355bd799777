// A scenario's `model:` block, read and written. Internal to roofline_core, beside scenario.cpp.
#pragma once

#include "model_settings.h"
#include "session.h"
#include "yaml_reader.h"

namespace roofline {

// Reads the block, each setting located at its key ("model.tp"); the settings together are then checked
// (settingsProblem) and a contradiction is reported at the setting it names. Nothing when anything is wrong.
std::optional<ModelSettings> readModelBlock(YamlReader&, const YAML::Node& node, const Hardware&, const ModelLibrary&);

// --set model.KEY=VALUE: one setting of the session's model, checked with the others. "model.KEY: why", or nothing.
std::optional<std::string> applyModelSetting(
    Session&, const std::string& key, const std::string& value, const Hardware&);

void writeModelBlock(YAML::Emitter&, const ModelSettings&);

} // namespace roofline
