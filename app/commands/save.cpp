// SPDX-License-Identifier: GPL-3.0-or-later
// `roofline-lab save`: the scenario with the overrides applied, written as the window saves it.
#include "commands.h"

#include "build_session.h"
#include "cli.h"
#include "files/scenario_measured.h"
#include "files/scenario_paths.h"

#include <memory>

namespace roofline::app {

namespace {

constexpr OptionSpec kOutput { "-o,--output", "FILE",
    "the scenario file to write: its own --scenario saves in place, as the window's Save does; a file the scenario "
    "reads (its calibration, measured kernels or config.json) is refused; '-' writes it to standard output" };

struct SaveOptions {
    ScenarioOptions scenario;
    std::string output;
};

int runSave(const SaveOptions& options)
{
    if (options.output.empty())
        return fail(kExitBadArguments, "save needs --output FILE.yaml");
    // Checked before the files are read, then with the files the scenario names.
    std::vector<CommandInput> given = optionInputs(options.scenario);
    std::erase_if(given, [](const CommandInput& i) { return i.what == "--scenario"; });
    if (const std::optional<std::string> error = outputIsAnInput("--output", options.output, given))
        return fail(kExitBadArguments, *error);
    Session session;
    if (const int code = buildSession(options.scenario, loadLibrary(options.scenario), session); code != kExitOk)
        return code;
    // Over its own scenario it may write (a save in place); over a file the scenario names, never.
    std::vector<CommandInput> inputs = sessionInputs(options.scenario, session);
    std::erase_if(inputs, [](const CommandInput& i) { return i.what == "--scenario"; });
    if (const std::optional<std::string> error = outputIsAnInput("--output", options.output, inputs))
        return fail(kExitBadArguments, *error);
    // A relative path names the same file from the saved scenario's folder.
    if (session.measured)
        session.measured->file = rebasedMeasuredPath(*session.measured, options.scenario.scenarioFile, options.output);
    if (session.model && !session.model->config.empty())
        session.model->config
            = rebasedScenarioPath(session.model->config, options.scenario.scenarioFile, options.output);
    if (session.calibration)
        session.calibration->file
            = rebasedScenarioPath(session.calibration->file, options.scenario.scenarioFile, options.output);
    const std::string text = writeScenario(session);
    if (const std::optional<std::string> why = unopenableScenario(text))
        return fail(kExitBadFile, *why);
    if (options.output == kStandardStream)
        return print(text, "the scenario");
    if (std::optional<std::string> error = writeFileAtomically(options.output, text, "a scenario file"))
        return fail(kExitBadFile, *error);
    return kExitOk;
}

} // namespace

Command addSaveCommand(CLI::App& program)
{
    auto options = std::make_shared<SaveOptions>();
    CLI::App* command
        = addCommand(program, "save", "write the scenario with the overrides applied", "as the window saves it");
    addScenarioOptions(*command, options->scenario);
    addOption(*command, kOutput, options->output);
    addModelOptions(*command, options->scenario);
    return { command, [options] { return runSave(*options); } };
}

} // namespace roofline::app
