// SPDX-License-Identifier: GPL-3.0-or-later
// Scenario files: a session as YAML. A chip (a preset by id, or inline), overrides of its numbers, the chart's
// settings and the operations with their ids, colours, groups and visibility. Reading what writeScenario wrote gives
// an equal session.
#pragma once

#include "base/diagnostic.h"
#include "base/expected.h"
#include "files/model_presets.h"
#include "files/named_files.h"
#include "files/presets.h"
#include "session/edit.h"
#include "session/session.h"

#include <optional>
#include <string>

namespace roofline {

// A scenario's text as a session. It may name a model (a `model:` block) from `models`; without it, from the built-in
// models alone. It opens no file: the calibration and the config.json the scenario names come in `files`, as its
// opener read them (openScenario), and one not given there is refused at its key. Its measured: block is kept as a
// source to read.
Expected<Session, Diagnostics> parseScenario(std::string_view text, const std::string& file, const PresetLibrary&,
    const ModelLibrary& models, const NamedFiles& files = {});
Expected<Session, Diagnostics> parseScenario(std::string_view text, const std::string& file, const PresetLibrary&);

// One "KEY=VALUE" of --set as the typed edits it makes, read against the session's chip and operations: a hardware
// key (see hardwareKeys), "latency=on", "chart.dtype=int8", "model.KEY=VALUE" (one model change), or an operation
// parameter: "B=512" for every operation that has B (an edit each), "ops[3].B=512", "op2.w=int8" or "ID.B=512" for one.
// Or why the text names nothing or holds no value of the key's type.
Expected<std::vector<SessionEdit>> settingEdits(const Session&, std::string_view assignment);

// Applies one "KEY=VALUE" through settingEdits and applyEdit, with `models` for "model.id=". Returns an error message
// naming the key, or nothing; on error the session is unchanged.
std::optional<std::string> applySetting(Session&, std::string_view assignment, const ModelLibrary& models);
// The same with the built-in models alone for "model.id=".
std::optional<std::string> applySetting(Session&, std::string_view assignment);

// The session as a scenario file, in the schema of docs/file-formats.md: the model's settings, never its generated
// operations.
std::string writeScenario(const Session&);
// Why a scenario writeScenario wrote could not be opened again (larger than a scenario may be), as a save's message;
// nothing when it can. What the program writes, it opens: a save refuses what it could not read back.
std::optional<std::string> unopenableScenario(std::string_view text);

} // namespace roofline
