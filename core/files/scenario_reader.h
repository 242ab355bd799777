// SPDX-License-Identifier: GPL-3.0-or-later
// A scenario's document once YAML has read it, as a session. Internal to the files subsystem: parseScenario reads the
// text and calls it; openScenario reads the text once, reads the files the document names, then calls it.
#pragma once

#include "base/yaml_reader.h"
#include "files/model_presets.h"
#include "files/named_files.h"
#include "files/presets.h"
#include "session/session.h"

namespace roofline {

Expected<Session, Diagnostics> readScenario(YamlReader&, const YAML::Node& root, const std::string& file,
    const PresetLibrary&, const ModelLibrary& models, const NamedFiles& files);

} // namespace roofline
