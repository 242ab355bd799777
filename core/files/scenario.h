// SPDX-License-Identifier: GPL-3.0-or-later
// Scenario files: a session as YAML. A chip (a preset by id, or inline), overrides of its numbers, the chart's
// settings and the operations with their ids, colours, groups and visibility. Reading what writeScenario wrote gives
// an equal session.
#pragma once

#include "base/diagnostic.h"
#include "base/expected.h"
#include "files/model_presets.h"
#include "files/presets.h"
#include "session/session.h"

#include <optional>
#include <string>

namespace roofline {

// A scenario may name a model (a `model:` block) from `models`; without it, from the built-in models alone.
Expected<Session, Diagnostics> parseScenario(
    std::string_view text, const std::string& file, const PresetLibrary&, const ModelLibrary& models);
Expected<Session, Diagnostics> parseScenario(std::string_view text, const std::string& file, const PresetLibrary&);
Expected<Session, Diagnostics> loadScenario(
    const std::filesystem::path&, const PresetLibrary&, const ModelLibrary& models);
Expected<Session, Diagnostics> loadScenario(const std::filesystem::path&, const PresetLibrary&);

// Applies one "KEY=VALUE" override: a hardware key (see hardwareKeys) or an operation parameter, "B=512" for every
// operation that has B, "ops[3].B=512" or "ops[3].w=int8" for one, "chart.dtype=int8". Returns an error message, or
// nothing; on error the session is unchanged.
std::optional<std::string> applySetting(Session&, std::string_view assignment, const ModelLibrary& models);
// The same with the built-in models alone for "model.id=".
std::optional<std::string> applySetting(Session&, std::string_view assignment);

// Sets one parameter of an operation from its text form ("512", "int8", "HBM"), checking it against the chip and
// renaming an operation whose name was only its default description. Returns an error message, or nothing.
std::optional<std::string> setParamFromText(
    Operation&, std::string_view param, const std::string& value, const Hardware&);

// The session as a scenario file, in the schema of docs/file-formats.md: the model's settings, never its generated
// operations.
std::string writeScenario(const Session&);
// Why a scenario writeScenario wrote could not be opened again (larger than a scenario may be), as a save's message;
// nothing when it can. What the program writes, it opens: a save refuses what it could not read back.
std::optional<std::string> unopenableScenario(std::string_view text);

} // namespace roofline
