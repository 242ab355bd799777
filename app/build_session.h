// SPDX-License-Identifier: GPL-3.0-or-later
// From the shared options to a session: the preset and model libraries (loaded here, once, and handed down), the
// scenario or preset, the model options and the --set overrides.
#pragma once

#include "files/model_presets.h"
#include "files/presets.h"
#include "files/scenario.h"
#include "options.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofline::app {

// The built-in presets, the user's folder, then each --preset-dir. Bad presets are reported on stderr as warnings
// when a command looks one up or lists them; the good ones still load.
PresetLibrary loadLibrary(const ScenarioOptions&);

// Warns on stderr of the presets that could not be read, among those read so far: the user's, and the built-in ones
// a command asked for or listed.
void warnSkippedPresets(const PresetLibrary&);

// The built-in models, the user's folder, then each --model-dir. Bad user models are reported on stderr as
// warnings; the good ones still load.
ModelLibrary loadModels(const ScenarioOptions&);

// Builds the session the options describe from `library`, printing what went wrong on stderr. Returns kExitOk and
// fills `out`, kExitBadFile for a bad or missing file, preset or model, kExitBadArguments for a bad --set or model
// option.
int buildSession(const ScenarioOptions&, const PresetLibrary& library, Session& out);

// Reads the calibration of --calibration into `out` (nothing when it is not given), printing what is wrong with the
// file on stderr. Returns kExitOk, or kExitBadFile.
int readCalibrationOption(const ScenarioOptions&, std::optional<SessionCalibration>& out);

// A file a command reads: what it is, for a message ("--scenario", "the scenario's measured file"), and its path.
struct CommandInput {
    std::string what;
    std::string path;
};
// The files the options name: --scenario and --calibration, for a check before any is read.
std::vector<CommandInput> optionInputs(const ScenarioOptions&);
// The files a session was made from: --scenario, and the measured file, the calibration and the model's config.json
// it names (each as the scenario names it, from the scenario's folder), and --calibration.
std::vector<CommandInput> sessionInputs(const ScenarioOptions&, const Session&);
// The error when `output` (given by `option`) is one of `inputs`, the same file by any name or link: writing it would
// replace what the command reads. Nothing when it is none of them, is standard output, or does not exist yet.
std::optional<std::string> outputIsAnInput(
    std::string_view option, const std::string& output, const std::vector<CommandInput>& inputs);

} // namespace roofline::app
