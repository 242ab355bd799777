// SPDX-License-Identifier: GPL-3.0-or-later
// A scenario's `measured:` block: the measured file shown beside the model, how to read it, and the links from its
// kernels to the scenario's operations. Read and written by scenario.cpp; opening the measured file is here too.
#pragma once

#include "base/yaml_reader.h"
#include "files/named_files.h"
#include "session/session.h"

#include "base/expected.h"

#include <optional>
#include <string>

namespace roofline {

// Reads the block, checking its format hint, its column mapping and that each link names an operation of `session`
// (whose ids are assigned). Errors go to the reader.
std::optional<MeasuredSource> readMeasuredSource(YamlReader&, const YAML::Node& node, const Session& session);
void writeMeasuredSource(YAML::Emitter&, const MeasuredSource&);

// A scenario's `calibration: PATH` (relative to the scenario `file`'s folder); nothing, with the file's first problem
// at the key, when it cannot be read. One of another chip is kept, and the analysis says why it does not apply: a
// scenario saved after its chip changed opens again.
// The calibration is taken from `files`, which whoever opened the scenario read (readNamedFiles).
std::optional<SessionCalibration> readCalibrationKey(
    YamlReader& r, const YAML::Node& node, const std::string& file, const NamedFiles& files);

// The path to read: `source.file` as it stands when absolute or embedded, else relative to the scenario file's folder
// (the working folder for standard input or an embedded scenario).
std::string measuredPath(const MeasuredSource& source, const std::string& scenarioFile);
// The measured file's path as a scenario saved at `toFile` writes it, so that it names the file it named when the
// scenario was read from `fromFile`: absolute and embedded paths as they stand, a relative one made relative to the
// new file's folder (through the folders as they are on disk, links resolved), or absolute where no relative path
// reaches it. Standard input and standard output stand for the working folder.
std::string rebasedMeasuredPath(const MeasuredSource& source, const std::string& fromFile, const std::string& toFile);

// Reads the file a measured block names (at measuredPath), with its format hint and column mapping: what opening a
// scenario, `report`, `import` and `export` do once, before analysing. Fails with the located reasons.
Expected<MeasuredSet, Diagnostics> loadMeasuredSource(const MeasuredSource& source, const std::string& scenarioFile);
// The same from standard input (`import -`), named `name` in messages: read once, within a measured file's limits.
Expected<MeasuredSet, Diagnostics> loadMeasuredStandardInput(const MeasuredSource& source, const std::string& name);
// Reads a measured file (readMeasured), or the example data built into the program for a path "embedded:NAME".
Expected<MeasuredSet, Diagnostics> openMeasured(
    const std::string& path, std::optional<MeasuredFormat> hint = {}, const ColumnMapping* mapping = nullptr);

} // namespace roofline
