// SPDX-License-Identifier: GPL-3.0-or-later
// Opening a scenario: its file and every file it names (its calibration, its model's config.json, its measured
// kernels), each through the bounded reader that refuses special files, handed back as values. The one way the
// window, the command line and the tests open a scenario; parseScenario, below it, opens nothing.
#pragma once

#include "base/diagnostic.h"
#include "base/expected.h"
#include "files/model_presets.h"
#include "files/presets.h"
#include "measured/measured.h"
#include "session/session.h"

#include <memory>
#include <string>
#include <string_view>

namespace roofline {

struct OpenedScenario {
    Session session;
    // The kernels its measured: block names, read with its format and column mapping; none without a block, or when
    // they were left for the caller to read another way (MeasuredFile::Leave).
    std::shared_ptr<const MeasuredSet> measured;
};

enum class MeasuredFile {
    Read, // a measured file that cannot be read fails the opening, with its own file, line and field
    Leave, // the command line reads them with options of its own (--measured, --format-hint, --columns)
};

// Opens the scenario at `path`, or the one built into the program at "embedded:NAME". The scenario's failures, or
// those of the first file it names that cannot be read, at the scenario's key and with that file's line and field.
Expected<OpenedScenario, Diagnostics> openScenario(
    const std::string& path, const PresetLibrary&, const ModelLibrary& models, MeasuredFile = MeasuredFile::Read);
// The same for a scenario's text read already (standard input), called `name` in messages: the files it names are
// the working folder's.
Expected<OpenedScenario, Diagnostics> openScenarioText(std::string_view text, const std::string& name,
    const PresetLibrary&, const ModelLibrary& models, MeasuredFile = MeasuredFile::Read);

} // namespace roofline
