// SPDX-License-Identifier: GPL-3.0-or-later
// The option table: every option more than one command takes, declared once, and how a command declares its own.
// CLI11 reads the words; the values land in the plain structs below, which the commands then use.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace CLI {
class App;
class Option;
} // namespace CLI

namespace roofline::app {

// One option: its names for CLI11 ("-o,--output"), the name of its value in the help, what it does.
struct OptionSpec {
    std::string_view names;
    std::string_view valueName;
    std::string_view help;
};

// Adds a command to the program: its name, what it does in a line (the program's list of commands, at most 56
// columns) and, for its own help, more after it.
CLI::App* addCommand(CLI::App& program, std::string_view name, std::string_view summary, std::string_view more = {});
// Declares the one word a command takes besides its options (import's FILE).
void addArgument(CLI::App& command, std::string_view name, std::string& into, std::string_view help);

// Declares an option that takes one value, given at most once.
CLI::Option* addOption(CLI::App& command, const OptionSpec& spec, std::string& into);
// Declares an option that takes one value each time it is given, and may be given again.
CLI::Option* addOption(CLI::App& command, const OptionSpec& spec, std::vector<std::string>& into);

// The model options (--model ID and its settings) and the model settings they set, in the order of
// modelSettingKeys().
inline constexpr std::size_t kModelOptionCount = 26;

// What chooses the session: --preset ID | --scenario FILE, --set KEY=VALUE (repeatable), --preset-dir DIR (repeatable,
// after the user's preset folder), --model ID with its settings, --model-dir DIR (repeatable, after the user's model
// folder).
struct ScenarioOptions {
    std::string preset;
    std::string scenarioFile;
    std::vector<std::string> settings;
    std::string calibration; // --calibration FILE: empty when not given
    std::vector<std::string> compare; // --compare PRESET (repeatable): chips drawn beside the session's
    std::vector<std::string> presetDirs;
    std::array<std::string, kModelOptionCount> modelValues; // empty where the option was not given
    std::vector<std::string> modelDirs;

    // The model options given, as model setting keys and values, in the order of modelSettingKeys().
    std::vector<std::pair<std::string, std::string>> modelSettings() const;
};

// Measured kernels beside the model: --measured FILE (report and export; import takes a FILE instead), and how to read
// and link them.
struct MeasuredOptions {
    std::string file;
    std::string formatHint;
    std::string columns;
    std::vector<std::string> links; // --match PATTERN=ID
};

// --preset, --scenario and --set, then --preset-dir.
void addScenarioOptions(CLI::App& command, ScenarioOptions& into);
// The same without --preset, for a command that names its chips itself (compare).
void addWorkloadOptions(CLI::App& command, ScenarioOptions& into);
void addPresetDirOption(CLI::App& command, ScenarioOptions& into);
// --calibration FILE.
void addCalibrationOption(CLI::App& command, ScenarioOptions& into);
// --compare PRESET, repeatable: in place of the scenario's compare: list.
void addCompareOption(CLI::App& command, ScenarioOptions& into);
// --model and its settings, then --model-dir.
void addModelOptions(CLI::App& command, ScenarioOptions& into);
void addModelDirOption(CLI::App& command, ScenarioOptions& into);
// --measured FILE (when `withFile`), --format-hint, --columns and --match.
void addMeasuredOptions(CLI::App& command, MeasuredOptions& into, bool withFile);
// --format table|json, for the commands that print a report.
void addFormatOption(CLI::App& command, std::string& into);

// The value of --format: "table" when not given; kExitOk, or kExitBadArguments after saying why.
int checkFormat(std::string& format);

} // namespace roofline::app
