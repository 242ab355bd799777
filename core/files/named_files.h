// SPDX-License-Identifier: GPL-3.0-or-later
// The files a scenario or a preset names beside itself: its calibration and its model's config.json. Whoever opens
// the scenario or the preset reads them (openScenario, loadPresetLibrary) and hands them to the parser as values, so
// that parsing opens no file behind its caller's back.
#pragma once

#include "base/diagnostic.h"
#include "base/expected.h"
#include "base/yaml_reader.h"
#include "llm/model.h"
#include "measured/calibration.h"

#include <map>
#include <string>
#include <string_view>

namespace roofline {

// Each file by the path as the scenario writes it, with its value or why it could not be read.
struct NamedFiles {
    std::map<std::string, Expected<Calibration, Diagnostics>> calibrations;
    std::map<std::string, Expected<Model, Diagnostics>> configs;
};

// Reads what `text`, the scenario or preset `file`, names at `calibration:` and `model.config:`: relative paths from
// the file's folder (the working folder's for standard input), each through the bounded reader that refuses special
// files, and "embedded:" paths from the program. A file that cannot be read is kept with why, for the parser to say at
// its key. Text that is no YAML names nothing: the parser says why.
NamedFiles readNamedFiles(std::string_view text, const std::string& file);
// The same from the document once YAML has read it: what openScenario does, reading the scenario's text once.
NamedFiles readNamedFiles(const YAML::Node& root, const std::string& file);

// The calibration a scenario's or preset's `calibration: PATH` names, from `files`; one built into the program when
// the path is "embedded:NAME". Why not, when `files` lacks it ("...was not read with the scenario").
Expected<Calibration, Diagnostics> namedCalibration(const NamedFiles& files, const std::string& path);
// The model a `model.config: PATH` names, from `files`.
Expected<Model, Diagnostics> namedConfig(const NamedFiles& files, const std::string& path);

} // namespace roofline
