// SPDX-License-Identifier: GPL-3.0-or-later
#include "build_session.h"

#include "base/file_reader.h"
#include "base/units.h"
#include "base/yaml_reader.h"
#include "files/calibration_file.h"
#include "files/hf_config.h"
#include "files/open_scenario.h"
#include "files/scenario_paths.h"

#include "cli.h"
#include "llm/generate.h"
#include "llm/settings.h"

#include <algorithm>
#include <filesystem>
#include <functional>
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

// Opens the scenario file or standard input with the files it names; its measured kernels are read by the commands
// that analyse them, with the options that change how (measured_options.h).
Expected<Session, Diagnostics> openScenarioFrom(
    const std::string& file, const PresetLibrary& library, const ModelLibrary& models)
{
    Expected<OpenedScenario, Diagnostics> opened = [&] {
        if (file != kStandardStream)
            return openScenario(file, library, models, MeasuredFile::Leave);
        Expected<std::string, Diagnostics> text = readStandardInput();
        if (!text)
            return Expected<OpenedScenario, Diagnostics>::failure(text.error());
        return openScenarioText(*text, std::string(kStandardInputName), library, models, MeasuredFile::Leave);
    }();
    if (!opened)
        return Expected<Session, Diagnostics>::failure(opened.error());
    return std::move(opened).value().session;
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

// An edit the command line asks for, with how its refusal is worded there.
struct OptionEdit {
    SessionEdit edit;
    std::function<std::string(const std::string&)> worded;
};

// The model's settings from --model, its options and --set model.KEY=VALUE as one edit, checked together so that
// their order never matters. --model PATH/config.json gives the model a Hugging Face configuration gives, read here.
// Prints why and returns kExitBadFile for an unknown model or an unreadable config, kExitBadArguments for a value of
// the wrong type or a setting with no model to set; kExitOk, with the edit in `out` when anything was given.
int modelEdit(
    const ScenarioOptions& options, const ModelLibrary& library, const Session& session, std::vector<OptionEdit>& out)
{
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
    std::set<std::string> givenKeys;
    for (const auto& [key, value] : given)
        givenKeys.insert(key);
    // A message about a setting in the spelling it was given in, "--dp-link: ..." or "--set model.dp_link: ...";
    // one about a setting of the scenario file that those given make impossible names the file's key.
    const auto worded = [fromSet, givenKeys, file = options.scenarioFile](const std::string& message) {
        const std::string text = message.starts_with("model.") ? message.substr(6) : message;
        const std::string key = text.substr(0, text.find(':'));
        if (!file.empty() && key != "id" && !givenKeys.contains(key))
            return file + ": model." + text;
        return fromSet.contains(key) ? "--set model." + text : asOption(text);
    };
    std::optional<Model> config;
    std::string configPath;
    std::vector<std::pair<std::string, ParamValue>> settings;
    for (const auto& [key, value] : given) {
        if (key == "id" && isModelConfigPath(value)) {
            Expected<Model, Diagnostics> read = readModelConfig(value);
            if (!read) {
                for (const Diagnostic& d : read.error())
                    std::cerr << d.toString() << '\n';
                return kExitBadFile;
            }
            config = std::move(read).value();
            // As a scenario names it: from the scenario file's folder (the working folder's without one).
            configPath = rebasedScenarioPath(value, std::string(kStandardInputName), options.scenarioFile);
            continue;
        }
        if (key == "id" && !library.find(value))
            return fail(kExitBadFile, "no model with id '" + value + "' (known: " + library.ids() + ")");
        if (key != "id" && !session.model && !givenKeys.contains("id"))
            return fail(kExitBadArguments,
                worded(key) + " sets a model's setting: give --model ID too (see roofline-lab models)");
        Expected<ParamValue> typed = parseModelSetting(key, value);
        if (!typed)
            return fail(kExitBadArguments, worded(typed.error()));
        settings.emplace_back(key, std::move(typed).value());
    }
    if (config)
        out.push_back({ edits::ModelConfig { std::move(*config), configPath, std::move(settings) }, worded });
    else
        out.push_back({ edits::ModelChange { std::move(settings) }, worded });
    return kExitOk;
}

// The edits of --set KEY=VALUE other than the model's (with the model's edit, above), in the order given.
int settingEditsOf(const ScenarioOptions& options, const Session& session, std::vector<OptionEdit>& out)
{
    for (const std::string& setting : options.settings) {
        if (setting.starts_with("model."))
            continue;
        Expected<std::vector<SessionEdit>> edits = settingEdits(session, setting);
        if (!edits)
            return fail(kExitBadArguments, "--set " + edits.error());
        // An operation's parameter says what is wrong without its name: the key names it.
        const std::string key = YamlReader::join({}, std::string_view(setting).substr(0, setting.find('=')));
        for (SessionEdit& edit : std::move(edits).value()) {
            const bool parameter = std::holds_alternative<edits::OperationParam>(edit);
            out.push_back({ std::move(edit), [key, parameter](const std::string& message) {
                               return "--set " + (parameter ? key + ": " + message : message);
                           } });
        }
    }
    return kExitOk;
}

// The edits of --calibration (read here) and --compare.
int chipEdits(const ScenarioOptions& options, const PresetLibrary& library, std::vector<OptionEdit>& out)
{
    if (!options.calibration.empty()) {
        std::optional<SessionCalibration> calibration;
        if (const int code = readCalibrationOption(options, calibration); code != kExitOk)
            return code;
        out.push_back({ edits::CalibrationFile { std::move(calibration) },
            [path = options.calibration](const std::string& why) { return "--calibration: " + path + " is " + why; } });
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
        out.push_back({ edits::Compare { std::move(chips) }, [](const std::string& why) { return "--" + why; } });
    }
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
        Expected<Session, Diagnostics> loaded = openScenarioFrom(options.scenarioFile, library, models);
        warnSkippedPresets(library);
        if (!loaded) {
            for (const Diagnostic& d : loaded.error())
                std::cerr << d.toString() << '\n';
            return kExitBadFile;
        }
        scenario = std::move(loaded).value();
    }
    // The options as the edits the window makes, applied by the same applyEdit in the order of the window's panels:
    // the model, the chip's numbers and the operations, the calibration, the chips compared.
    std::vector<OptionEdit> edits;
    if (const int code = modelEdit(options, models, scenario, edits); code != kExitOk)
        return code;
    if (const int code = settingEditsOf(options, scenario, edits); code != kExitOk)
        return code;
    if (const int code = chipEdits(options, library, edits); code != kExitOk)
        return code;
    for (const OptionEdit& e : edits) {
        Expected<Session> next = applyEdit(scenario, e.edit, models);
        if (!next)
            return fail(kExitBadArguments, e.worded(next.error()));
        scenario = std::move(next).value();
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
