// SPDX-License-Identifier: GPL-3.0-or-later
#include "build_session.h"

#include "base/file_reader.h"
#include "base/units.h"
#include "files/calibration_file.h"
#include "files/hf_config.h"
#include "files/scenario_paths.h"

#include "cli.h"
#include "llm/generate.h"
#include "llm/settings.h"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <set>

namespace roofline::app {

namespace {

// Reads standard input for `--scenario -`, at most as much as a scenario file may hold (base/file_reader.h).
Expected<std::string, Diagnostics> readStandardInput()
{
    InputFile input = InputFile::standardInput(kMaxScenarioBytes);
    std::string text;
    if (std::optional<std::string> error = input.readRest(text)) {
        const std::string why
            = input.overLimit() ? "the scenario is larger than " + formatByteLimit(kMaxScenarioBytes) : *error;
        return Expected<std::string, Diagnostics>::failure({ { std::string(kStandardInputName), 0, 0, {}, why } });
    }
    return text;
}

Expected<Session, Diagnostics> loadScenarioFrom(
    const std::string& file, const PresetLibrary& library, const ModelLibrary& models)
{
    if (file != kStandardStream)
        return loadScenario(file, library, models);
    Expected<std::string, Diagnostics> text = readStandardInput();
    if (!text)
        return Expected<Session, Diagnostics>::failure(text.error());
    return parseScenario(*text, std::string(kStandardInputName), library, models);
}

// A model setting's message as the command line words it: "--dp-link: ...", the option's own spelling, for the
// setting's "dp_link: ...".
std::string asOption(const std::string& message)
{
    // The model's id is set by --model.
    std::string option = "--" + (message.starts_with("id:") ? "model" + message.substr(2) : message);
    const std::size_t colon = option.find(':');
    std::replace(option.begin(), colon == std::string::npos ? option.end() : option.begin() + colon, '_', '-');
    return option;
}

// Refuses a model setting given on the command line (an option, or --set model.KEY) that the model's phase, once
// every option is applied, has no use for: kExitBadArguments with why, or kExitOk.
int checkSettingsApply(const ScenarioOptions& options, const Session& session)
{
    if (!session.model)
        return kExitOk;
    for (const auto& [key, value] : options.modelSettings())
        if (std::optional<std::string> why = settingNotApplying(key, *session.model))
            return fail(kExitBadArguments, asOption(*why));
    for (const std::string& setting : options.settings) {
        const std::string key = setting.substr(0, setting.find('='));
        if (key.starts_with("model."))
            if (std::optional<std::string> why = settingNotApplying(key.substr(6), *session.model))
                return fail(kExitBadArguments, "--set model." + *why);
    }
    return kExitOk;
}

// Sets the session's model from --model and its settings: --model replaces the scenario's model (or gives the
// preset's session one), the other options change the model's settings. Prints what went wrong and returns
// kExitBadFile for an unknown model, kExitBadArguments for a bad setting or a setting with no model; kExitOk.
int applyModelOptions(const ScenarioOptions& options, const ModelLibrary& library, Session& session)
{
    // The options and --set model.KEY=VALUE together, checked together: their order never matters.
    std::vector<std::pair<std::string, std::string>> given = options.modelSettings();
    std::set<std::string> fromSet;
    for (const std::string& setting : options.settings)
        if (const std::size_t equals = setting.find('=');
            setting.starts_with("model.") && equals != std::string::npos) {
            given.emplace_back(setting.substr(6, equals - 6), setting.substr(equals + 1));
            fromSet.insert(given.back().first);
        }
    if (given.empty())
        return kExitOk;
    // A message about a setting in the spelling it was given in: "--dp-link: ..." or "--set model.dp_link: ...".
    const auto spelled = [&fromSet](const std::string& message) {
        return fromSet.contains(message.substr(0, message.find(':'))) ? "--set model." + message : asOption(message);
    };
    const Hardware hw = session.hardware();
    ModelSettings settings = session.model.value_or(ModelSettings {});
    bool named = session.model.has_value();
    // --model PATH/config.json: the model a Hugging Face configuration gives, beside the library's, by its id.
    ModelLibrary withConfig;
    const ModelLibrary* models = &library;
    std::string configPath;
    for (auto& [key, value] : given)
        if (key == "id" && isModelConfigPath(value)) {
            // As a scenario names it: from the scenario file's folder (the working folder's without one).
            configPath = rebasedScenarioPath(value, std::string(kStandardInputName), options.scenarioFile);
            Expected<Model, Diagnostics> config = readModelConfig(value);
            if (!config) {
                for (const Diagnostic& d : config.error())
                    std::cerr << d.toString() << '\n';
                return kExitBadFile;
            }
            withConfig = library;
            std::erase_if(withConfig.models, [&config](const Model& m) { return m.id == config->id; });
            value = config->id;
            withConfig.models.push_back(std::move(config).value());
            models = &withConfig;
        }
    for (const auto& [key, value] : given) {
        if (key == "id" && !models->find(value))
            return fail(kExitBadFile, "no model with id '" + value + "' (known: " + library.ids() + ")");
        if (key != "id" && !named)
            return fail(kExitBadArguments,
                spelled(key) + " sets a model's setting: give --model ID too (see roofline-lab models)");
        named = true;
        if (std::optional<std::string> error = setModelSetting(settings, key, value, hw, *models))
            return fail(kExitBadArguments, spelled(*error));
        if (key == "id" && !configPath.empty())
            settings.config = configPath;
    }
    if (std::optional<std::string> problem = modelProblem(settings, hw)) {
        // The setting at fault is named as the user gave it: its option, or the scenario file's key that the options
        // given now make impossible (the file's prompt, too long for the --batch given).
        const std::string key = problem->substr(0, problem->find(':'));
        const bool fromFile = !options.scenarioFile.empty() && key != "id"
            && std::none_of(given.begin(), given.end(), [&key](const auto& g) { return g.first == key; });
        return fail(kExitBadArguments, fromFile ? options.scenarioFile + ": model." + *problem : spelled(*problem));
    }
    session.model = std::move(settings);
    return kExitOk;
}

} // namespace

void warnSkippedPresets(const PresetLibrary& library)
{
    for (const Diagnostic& d : library.errors())
        std::cerr << "roofline-lab: warning: skipped a preset: " << d.toString() << '\n';
}

PresetLibrary loadLibrary(const ScenarioOptions& options)
{
    std::vector<std::filesystem::path> dirs { userPresetDir() };
    for (const std::string& dir : options.presetDirs)
        dirs.emplace_back(dir);
    return loadPresetLibrary(dirs);
}

ModelLibrary loadModels(const ScenarioOptions& options)
{
    std::vector<std::filesystem::path> dirs { userModelDir() };
    for (const std::string& dir : options.modelDirs)
        dirs.emplace_back(dir);
    ModelLibrary library = loadModelLibrary(dirs);
    for (const Diagnostic& d : library.errors)
        std::cerr << "roofline-lab: warning: skipped a model: " << d.toString() << '\n';
    return library;
}

int buildSession(const ScenarioOptions& options, const PresetLibrary& library, Session& out)
{
    if (options.preset.empty() == options.scenarioFile.empty())
        return fail(kExitBadArguments,
            options.preset.empty() ? "give --preset ID or --scenario FILE" : "give --preset or --scenario, not both");
    const ModelLibrary models = loadModels(options);
    Session scenario;
    if (!options.preset.empty()) {
        const Hardware* hw = library.find(options.preset);
        warnSkippedPresets(library);
        if (!hw) {
            std::string ids;
            for (const Hardware& h : library.presets())
                ids += (ids.empty() ? "" : ", ") + h.id;
            return fail(kExitBadFile, "no preset with id '" + options.preset + "' (known: " + ids + ")");
        }
        scenario = presetSession(library, *hw);
        if (!options.modelSettings().empty())
            scenario.operations.clear(); // the model's operations take the default workload's place
    } else {
        Expected<Session, Diagnostics> loaded = loadScenarioFrom(options.scenarioFile, library, models);
        warnSkippedPresets(library);
        if (!loaded) {
            for (const Diagnostic& d : loaded.error())
                std::cerr << d.toString() << '\n';
            return kExitBadFile;
        }
        scenario = std::move(loaded).value();
    }
    if (const int code = applyModelOptions(options, models, scenario); code != kExitOk)
        return code;
    for (const std::string& setting : options.settings)
        if (!setting.starts_with("model.")) // with the model's options, above
            if (std::optional<std::string> error = applySetting(scenario, setting, models))
                return fail(kExitBadArguments, "--set " + *error);
    if (const int code = checkSettingsApply(options, scenario); code != kExitOk)
        return code;
    if (!options.calibration.empty()) {
        std::optional<SessionCalibration> calibration;
        if (const int code = readCalibrationOption(options, calibration); code != kExitOk)
            return code;
        if (const std::optional<std::string> mismatch = calibrationMismatch(*calibration->calibration, scenario.chip))
            return fail(kExitBadArguments, "--calibration: " + options.calibration + " is " + *mismatch);
        scenario.calibration = std::move(calibration);
    }
    if (!options.compare.empty()) {
        std::vector<ComparedChip> chips;
        for (const std::string& id : options.compare) {
            const Hardware* chip = library.find(id);
            if (!chip)
                return fail(
                    kExitBadArguments, "--compare: no preset with id '" + id + "' (roofline-lab presets lists them)");
            chips.push_back({ id, *chip, {} });
        }
        if (const std::optional<std::string> problem = comparedChipsProblem(scenario, chips))
            return fail(kExitBadArguments, "--compare: " + *problem);
        scenario.compare = std::move(chips);
    }
    out = std::move(scenario);
    return kExitOk;
}

int readCalibrationOption(const ScenarioOptions& options, std::optional<SessionCalibration>& out)
{
    out.reset();
    if (options.calibration.empty())
        return kExitOk;
    Expected<Calibration, Diagnostics> cal = readCalibration(options.calibration);
    if (!cal) {
        for (const Diagnostic& d : cal.error())
            std::cerr << d.toString() << '\n';
        return kExitBadFile;
    }
    // As a scenario names it: from the scenario file's folder (the working folder's without one).
    out = SessionCalibration { rebasedScenarioPath(
                                   options.calibration, std::string(kStandardInputName), options.scenarioFile),
        std::make_shared<const Calibration>(std::move(cal).value()) };
    return kExitOk;
}

std::vector<CommandInput> optionInputs(const ScenarioOptions& options)
{
    std::vector<CommandInput> inputs;
    if (!options.scenarioFile.empty())
        inputs.push_back({ "--scenario", options.scenarioFile });
    if (!options.calibration.empty())
        inputs.push_back({ "--calibration", options.calibration });
    return inputs;
}

std::vector<CommandInput> sessionInputs(const ScenarioOptions& options, const Session& session)
{
    std::vector<CommandInput> inputs;
    const std::string& scenario = options.scenarioFile;
    if (!scenario.empty())
        inputs.push_back({ "--scenario", scenario });
    if (session.measured)
        inputs.push_back({ "the scenario's measured file", scenarioRelativePath(session.measured->file, scenario) });
    if (session.calibration && !session.calibration->fromPreset)
        inputs.push_back({ options.calibration.empty() ? "the scenario's calibration" : "--calibration",
            options.calibration.empty() ? scenarioRelativePath(session.calibration->file, scenario)
                                        : options.calibration });
    if (session.model && !session.model->config.empty())
        inputs.push_back({ "the model's config.json", scenarioRelativePath(session.model->config, scenario) });
    return inputs;
}

std::optional<std::string> outputIsAnInput(
    std::string_view option, const std::string& output, const std::vector<CommandInput>& inputs)
{
    if (output.empty() || output == kStandardStream)
        return std::nullopt;
    for (const CommandInput& input : inputs) {
        if (input.path.empty() || input.path == kStandardStream)
            continue;
        std::error_code error;
        if (std::filesystem::equivalent(output, input.path, error))
            return std::string(option) + " " + quoteInput(output) + " is the same file as " + input.what + " "
                + quoteInput(input.path) + ", which this command reads: writing it would replace it; write to another "
                + "file";
    }
    return std::nullopt;
}

} // namespace roofline::app
