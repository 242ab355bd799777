// SPDX-License-Identifier: GPL-3.0-or-later
// `roofline-lab presets`: the known hardware presets.
#include "commands.h"

#include "build_session.h"
#include "cli.h"
#include "report/report.h"

#include <memory>

namespace roofline::app {

Command addPresetsCommand(CLI::App& program)
{
    auto options = std::make_shared<ScenarioOptions>();
    CLI::App* command = addCommand(program, "presets", "list the known hardware presets");
    addPresetDirOption(*command, *options);
    return { command, [options] {
                const PresetLibrary library = loadLibrary(*options);
                const std::string table = presetTable(library);
                warnSkippedPresets(library);
                return print(table, "the preset list");
            } };
}

} // namespace roofline::app
