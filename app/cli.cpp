#include "cli.h"

#include "report.h"

#include <cstdio>
#include <iostream>

namespace roofline::app {

namespace {

constexpr const char* kUsage = R"(Usage:
  roofline-lab                       open the window
  roofline-lab presets [--preset-dir DIR]
                                     list the known hardware presets
  roofline-lab report (--preset ID | --scenario FILE) [--set KEY=VALUE ...] [--format table|json]
                                     evaluate every operation and print the result
  roofline-lab export (--preset ID | --scenario FILE) [--set KEY=VALUE ...] --output FILE.png|svg|pdf
                      [--size WxH] [--scale S] [--theme light|dark]
                                     draw the chart to a file, with no display

Options:
  --preset ID         a hardware preset (see 'roofline-lab presets'), with its default workload
  --scenario FILE     a scenario file: a preset or inline chip, overrides and operations
  --set KEY=VALUE     override a number: peak.bf16=1.97e14, bandwidth.HBM=8.1e11, bandwidth.IB=400Gb/s,
                      B=512 (every operation with B), ops[2].B=64, ops[0].compute=int8, chart.dtype=int8
  --preset-dir DIR    read more presets from DIR (after the user's folder, ~/.config/roofline-lab/presets)
  --format FORMAT     table (default) or json
  -h, --help          show this help
  --version           show the version

Exit codes: 0 success, 1 a file or preset could not be read, 2 bad arguments.
)";

void fail(const std::string& message)
{
    std::cerr << "roofline-lab: " << message << '\n';
}

} // namespace

void printUsage(bool toStderr)
{
    (toStderr ? std::cerr : std::cout) << kUsage;
}

OptionParse parseScenarioOption(
    const std::vector<std::string>& args, std::size_t& i, ScenarioOptions& options, std::string& error)
{
    const std::string& arg = args[i];
    std::string name = arg;
    std::optional<std::string> inlineValue;
    if (const std::size_t eq = arg.find('='); arg.rfind("--", 0) == 0 && eq != std::string::npos) {
        name = arg.substr(0, eq);
        inlineValue = arg.substr(eq + 1);
    }
    std::string* single = nullptr;
    std::vector<std::string>* list = nullptr;
    if (name == "--preset")
        single = &options.preset;
    else if (name == "--scenario")
        single = &options.scenarioFile;
    else if (name == "--set")
        list = &options.settings;
    else if (name == "--preset-dir")
        list = &options.presetDirs;
    else
        return OptionParse::NotMine;

    std::string value;
    if (inlineValue) {
        value = *inlineValue;
    } else if (i + 1 < args.size()) {
        value = args[++i];
    } else {
        error = name + " needs a value";
        return OptionParse::Error;
    }
    if (value.empty()) {
        error = name + " needs a value";
        return OptionParse::Error;
    }
    if (name == "--preset-dir") {
        std::error_code ec;
        if (!std::filesystem::is_directory(value, ec)) {
            error = "--preset-dir: no such folder '" + value + "'";
            return OptionParse::Error;
        }
    }
    if (single) {
        if (!single->empty()) {
            error = name + " given twice";
            return OptionParse::Error;
        }
        *single = value;
    } else {
        list->push_back(value);
    }
    return OptionParse::Consumed;
}

PresetLibrary loadLibrary(const ScenarioOptions& options)
{
    std::vector<std::filesystem::path> dirs { userPresetDir() };
    for (const std::string& dir : options.presetDirs)
        dirs.emplace_back(dir);
    PresetLibrary library = loadPresetLibrary(dirs);
    for (const Diagnostic& d : library.errors)
        std::cerr << "roofline-lab: warning: skipped a preset: " << d.toString() << '\n';
    return library;
}

int buildScenario(const ScenarioOptions& options, const PresetLibrary& library, Scenario& out)
{
    if (options.preset.empty() == options.scenarioFile.empty()) {
        fail(options.preset.empty() ? "give --preset ID or --scenario FILE" : "give --preset or --scenario, not both");
        return kExitBadArguments;
    }
    Scenario scenario;
    if (!options.preset.empty()) {
        const Hardware* hw = library.find(options.preset);
        if (!hw) {
            std::string ids;
            for (const Hardware& h : library.presets)
                ids += (ids.empty() ? "" : ", ") + h.id;
            fail("no preset with id '" + options.preset + "' (known: " + ids + ")");
            return kExitBadFile;
        }
        scenario = defaultScenario(*hw);
    } else {
        Expected<Scenario, Diagnostics> loaded = loadScenario(options.scenarioFile, library);
        if (!loaded) {
            for (const Diagnostic& d : loaded.error())
                std::cerr << d.toString() << '\n';
            return kExitBadFile;
        }
        scenario = std::move(loaded).value();
    }
    for (const std::string& setting : options.settings) {
        if (std::optional<std::string> error = applySetting(scenario, setting)) {
            fail("--set " + *error);
            return kExitBadArguments;
        }
    }
    out = std::move(scenario);
    return kExitOk;
}

namespace {

int runPresets(const std::vector<std::string>& args)
{
    ScenarioOptions options;
    for (std::size_t i = 1; i < args.size(); ++i) {
        std::string error;
        const OptionParse parsed = parseScenarioOption(args, i, options, error);
        if (parsed == OptionParse::Error || (parsed == OptionParse::Consumed && options.presetDirs.empty())) {
            fail(parsed == OptionParse::Error ? error : "presets takes only --preset-dir");
            return kExitBadArguments;
        }
        if (parsed == OptionParse::NotMine) {
            fail("unknown option '" + args[i] + "' for presets");
            return kExitBadArguments;
        }
    }
    std::cout << presetTable(loadLibrary(options));
    return kExitOk;
}

int runReport(const std::vector<std::string>& args)
{
    ScenarioOptions options;
    std::string format = "table";
    for (std::size_t i = 1; i < args.size(); ++i) {
        std::string error;
        switch (parseScenarioOption(args, i, options, error)) {
        case OptionParse::Consumed:
            continue;
        case OptionParse::Error:
            fail(error);
            return kExitBadArguments;
        case OptionParse::NotMine:
            break;
        }
        if (args[i] == "--format" && i + 1 < args.size()) {
            format = args[++i];
        } else if (args[i].rfind("--format=", 0) == 0) {
            format = args[i].substr(9);
        } else {
            fail("unknown option '" + args[i] + "' for report (see --help)");
            return kExitBadArguments;
        }
    }
    if (format != "table" && format != "json") {
        fail("--format takes table or json, not '" + format + "'");
        return kExitBadArguments;
    }
    Scenario scenario;
    if (const int code = buildScenario(options, loadLibrary(options), scenario); code != kExitOk)
        return code;
    const Expected<std::string> text = format == "json" ? reportJson(scenario) : reportTable(scenario);
    if (!text) {
        fail(text.error());
        return kExitBadFile;
    }
    std::cout << *text << std::flush;
    return kExitOk;
}

} // namespace

int runCommand(const std::vector<std::string>& args)
{
    const std::string& command = args.front();
    if (command == "-h" || command == "--help" || command == "help") {
        printUsage(false);
        return kExitOk;
    }
    if (command == "--version") {
        std::cout << "roofline-lab 0.1.0\n";
        return kExitOk;
    }
    if (command == "presets")
        return runPresets(args);
    if (command == "report")
        return runReport(args);
    fail("unknown command '" + command + "' (see roofline-lab --help)");
    return kExitBadArguments;
}

} // namespace roofline::app
