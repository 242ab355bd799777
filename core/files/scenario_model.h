// SPDX-License-Identifier: GPL-3.0-or-later
// A scenario's `model:` block, read and written. Internal to the files subsystem, beside scenario.cpp.
#pragma once

#include "base/yaml_reader.h"
#include "files/named_files.h"
#include "llm/settings.h"
#include "session/session.h"

namespace roofline {

// Reads the block, each setting located at its key ("model.tp"); the settings together are then checked
// (settingsProblem) and a contradiction is reported at the setting it names. Nothing when anything is wrong. The
// model is the library's by `id`, or by `config` a Hugging Face config.json's, read from the path relative to the
// scenario's `file` (its messages at the key, with the config's file, line and field).
std::optional<ModelSettings> readModelBlock(YamlReader&, const YAML::Node& node, const Hardware&, const ModelLibrary&,
    const std::string& file, const NamedFiles& files);

void writeModelBlock(YAML::Emitter&, const ModelSettings&);

} // namespace roofline
