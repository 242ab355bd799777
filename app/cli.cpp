#include "cli.h"

#include "base/json.h"
#include "base/version.h"
#include "cli_import.h"
#include "cli_models.h"
#include "files/presets.h"
#include "files/scenario_measured.h"
#include "measured/placement.h"
#include "report/measured.h"
#include "report/report.h"
#include "session/analysis.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace roofline::app {

namespace {

// One option: its long name, a short alias, the name of its value (none for a flag), whether it may be repeated.
struct OptionSpec {
    std::string_view name;
    std::string_view alias;
    std::string_view valueName;
    bool repeatable;
    std::string_view help; // lines after the first are indented under it
};

constexpr OptionSpec kPreset { "--preset", "", "ID", false,
    "a hardware preset (see 'roofline-lab presets'), with its default workload" };
constexpr OptionSpec kScenario { "--scenario", "", "FILE", false,
    "a scenario file: a preset or inline chip, overrides and operations;\n'-' reads it from standard input" };
constexpr OptionSpec kSet { "--set", "", "KEY=VALUE", true,
    "override a number, repeatable: peak.bf16=1.97e14, bandwidth.HBM=8.1e11,\nbandwidth.IB=400Gb/s, B=512 (every "
    "operation with B), op2.B=246 (the operation\nwith id op2), ops[2].B=64, ops[0].compute=int8, chart.dtype=int8,\n"
    "efficiency.HBM=0.8 (0.01-1; also efficiency.compute), latency.NVLink=2e-6 (a link's\n"
    "alpha), latency.launch=3e-6 (the launch floor), latency=on|off" };
constexpr OptionSpec kPresetDir { "--preset-dir", "", "DIR", true,
    "read more presets from DIR, repeatable (after the user's folder,\n~/.config/roofline-lab/presets)" };
constexpr OptionSpec kFormat { "--format", "", "FORMAT", false, "table (default) or json" };
constexpr OptionSpec kSweep { "--sweep", "", "PARAM=FROM:TO", false,
    "add each operation's attainable FLOP/s sampled over PARAM (JSON only)" };
constexpr OptionSpec kSaveOutput { "--output", "-o", "FILE", false,
    "the scenario file to write; '-' writes it to standard output" };
constexpr OptionSpec kExportOutput { "--output", "-o", "FILE", false,
    "the file to draw: its extension, .png, .svg or .pdf, chooses the format" };
constexpr OptionSpec kSize { "--size", "", "WxH", false,
    "the chart's size in pixels (points for PDF), 1600x1000 by default;\nsee 'Export limits' in docs/file-formats.md" };
constexpr OptionSpec kScale { "--scale", "", "S", false, "PNG only: pixels per unit of --size, 2 by default" };
constexpr OptionSpec kTheme { "--theme", "", "THEME", false, "light (default) or dark" };
constexpr OptionSpec kView { "--view", "", "VIEW", false,
    "roofline (default), or sweep: attainable FLOP/s against --param" };
constexpr OptionSpec kParam { "--param", "", "P", false,
    "what the sweep runs along (default: the first operation's main parameter)" };
constexpr OptionSpec kHelp { "--help", "-h", "", false, "show this help" };

// A whole model on the chart: --model and its settings, each the model setting of the same name (cli_models.h).
constexpr OptionSpec kModel { "--model", "", "ID", false,
    "a language model (see 'roofline-lab models'): its operations per layer\nand its totals" };
constexpr OptionSpec kPhase { "--phase", "", "PHASE", false,
    "decode (default: one new token per sequence), prefill, or train\n(one training step)" };
constexpr OptionSpec kBatch { "--batch", "", "B", false, "sequences in flight, 1 by default; train: the global batch" };
constexpr OptionSpec kPrompt { "--prompt", "", "P", false,
    "prefill: prompt tokens per sequence; train: tokens per sequence;\n2048 by default" };
constexpr OptionSpec kContext { "--context", "", "S", false,
    "decode: tokens already cached per sequence, 4096 by default" };
constexpr OptionSpec kTp { "--tp", "", "N", false, "tensor-parallel degree, 1 by default" };
constexpr OptionSpec kLink { "--link", "", "NAME", false,
    "the link the all-reduces cross (default: the chip's first)" };
constexpr OptionSpec kWeights { "--weights", "", "DTYPE", false, "weights' dtype: bf16 (default), fp8, int8, int4" };
constexpr OptionSpec kActivations { "--activations", "", "DTYPE", false,
    "activations' and compute dtype, bf16 by default" };
constexpr OptionSpec kKv { "--kv", "", "DTYPE", false, "KV cache dtype: bf16 (default), fp8, int8" };
constexpr OptionSpec kAttention { "--attention", "", "MODE", false,
    "prefill attention: fused (default, scores stay on chip) or materialised" };
constexpr OptionSpec kDp { "--dp", "", "N", false, "train: data-parallel replicas, 1 by default" };
constexpr OptionSpec kPp { "--pp", "", "N", false, "train: pipeline stages (dividing the layers), 1 by default" };
constexpr OptionSpec kMicrobatches { "--microbatches", "", "M", false,
    "train: microbatches per replica and step, 1 by default" };
constexpr OptionSpec kDpLink { "--dp-link", "", "NAME", false,
    "train: the link the gradient all-reduce crosses (default: the\nchip's first link to other nodes)" };
constexpr OptionSpec kPpLink { "--pp-link", "", "NAME", false,
    "train: the link between pipeline stages (default: as --dp-link)" };
constexpr OptionSpec kModelDir { "--model-dir", "", "DIR", true,
    "read more models from DIR, repeatable (after the user's folder,\n~/.config/roofline-lab/models)" };

// The model options and the model settings they set, in the order of modelSettingKeys().
constexpr std::array<std::pair<const OptionSpec*, std::string_view>, 16> kModelSettingOptions { { { &kModel, "id" },
    { &kPhase, "phase" }, { &kBatch, "batch" }, { &kPrompt, "prompt" }, { &kContext, "context" },
    { &kWeights, "weights" }, { &kActivations, "activations" }, { &kKv, "kv" }, { &kTp, "tp" }, { &kLink, "link" },
    { &kAttention, "attention" }, { &kDp, "dp" }, { &kPp, "pp" }, { &kMicrobatches, "microbatches" },
    { &kDpLink, "dp_link" }, { &kPpLink, "pp_link" } } };

// A command's options followed by every model option.
std::vector<const OptionSpec*> withModelOptions(std::vector<const OptionSpec*> options)
{
    for (const auto& [option, key] : kModelSettingOptions)
        options.push_back(option);
    options.push_back(&kModelDir);
    return options;
}
// Measured data (cli_import.cpp).
constexpr OptionSpec kMeasured { "--measured", "", "FILE", false,
    "measured kernels to add: Nsight Compute raw CSV, a plain CSV or JSON,\nor rocprof-compute's roofline.csv" };
constexpr OptionSpec kFormatHint { "--format-hint", "", "HINT", false,
    "the measured file's format: ncu, csv, json or rocprof-roofline\n(default: detected from its header)" };
constexpr OptionSpec kColumns { "--columns", "", "MAPPING", false,
    "a plain CSV's columns: name=op+params,flops=flops,bytes=bytes,\nseconds=t_median_s,params=params,where=cold:1 "
    "(see docs/file-formats.md)" };
constexpr OptionSpec kMatch { "--match", "", "PATTERN=ID", true,
    "compare kernels matching PATTERN (wildcards * ?) with operation ID,\nits parameters set from the kernel's "
    "(B=256 ...), repeatable" };

struct CommandSpec {
    std::string_view name;
    std::string_view synopsis; // the words after the command's name
    std::string_view summary;
    std::vector<const OptionSpec*> options;
};

const std::vector<CommandSpec>& commands()
{
    static const std::vector<CommandSpec> table {
        { "presets", "[--preset-dir DIR ...]", "list the known hardware presets", { &kPresetDir, &kHelp } },
        { "models", "[--model-dir DIR ...]", "list the known language models", { &kModelDir, &kHelp } },
        { "report",
            "(--preset ID | --scenario FILE) [--set KEY=VALUE ...] [--format table|json]\n"
            "[--sweep PARAM=FROM:TO] [--preset-dir DIR ...]\n"
            "[--model ID [--phase decode|prefill|train] [--batch B] [--context S | --prompt P] [--tp N]\n"
            " [--link NAME] [--weights DTYPE] [--activations DTYPE] [--kv DTYPE] [--attention fused|materialised]\n"
            " [--dp N] [--pp N] [--microbatches M] [--dp-link NAME] [--pp-link NAME]]\n"
            "[--measured FILE [--format-hint HINT] [--columns MAPPING] [--match PATTERN=ID ...]]",
            "evaluate every operation and print the result; with --sweep (JSON only), each\noperation's attainable "
            "FLOP/s sampled over PARAM, and its critical value",
            withModelOptions({ &kPreset, &kScenario, &kSet, &kPresetDir, &kFormat, &kSweep, &kMeasured, &kFormatHint,
                &kColumns, &kMatch, &kHelp }) },
        { "import",
            "[FILE] (--preset ID | --scenario FILE) [--format-hint ncu|csv|json|rocprof-roofline]\n"
            "[--columns MAPPING] [--match PATTERN=ID ...] [--format table|json] [--set KEY=VALUE ...]",
            "read measured kernels or measured peaks (FILE, or the scenario's measured: block) and\nplace them on the "
            "chip: intensity, achieved FLOP/s, the roof that binds each and the fraction\nof it reached",
            { &kPreset, &kScenario, &kSet, &kPresetDir, &kFormat, &kFormatHint, &kColumns, &kMatch, &kHelp } },
        { "save", "(--preset ID | --scenario FILE) [--set KEY=VALUE ...] --output FILE.yaml [--preset-dir DIR ...]",
            "write the scenario with the overrides applied, as the window saves it",
            withModelOptions({ &kPreset, &kScenario, &kSet, &kPresetDir, &kSaveOutput, &kHelp }) },
        { "export",
            "(--preset ID | --scenario FILE) [--set KEY=VALUE ...] --output FILE.png|svg|pdf\n"
            "[--size WxH] [--scale S] [--theme light|dark] [--view roofline|sweep] [--param P] [--preset-dir DIR ...]\n"
            "[--measured FILE [--format-hint HINT] [--columns MAPPING] [--match PATTERN=ID ...]]",
            "draw the chart to a file, with no display; measured kernels (--measured FILE, or the\nscenario's "
            "measured: block) as points beside the operations",
            withModelOptions({ &kPreset, &kScenario, &kSet, &kPresetDir, &kExportOutput, &kSize, &kScale, &kTheme,
                &kView, &kParam, &kMeasured, &kFormatHint, &kColumns, &kMatch, &kHelp }) },
    };
    return table;
}

constexpr std::string_view kExitCodes
    = "Exit codes: 0 success; 1 a file, a preset or standard input could not be read, "
      "or a file or\nstandard output could not be written; 2 bad arguments.\n";

const CommandSpec* findCommand(std::string_view name)
{
    for (const CommandSpec& command : commands())
        if (command.name == name)
            return &command;
    return nullptr;
}

// `text` with every line after the first indented by `indent` spaces.
std::string indented(std::string_view text, std::size_t indent)
{
    std::string out;
    for (const char c : text) {
        out += c;
        if (c == '\n')
            out.append(indent, ' ');
    }
    return out;
}

std::string optionLines(const std::vector<const OptionSpec*>& options)
{
    constexpr std::size_t kColumn = 24;
    std::string out;
    for (const OptionSpec* option : options) {
        std::string head = "  ";
        if (!option->alias.empty())
            head += std::string(option->alias) + ", ";
        head += option->name;
        if (!option->valueName.empty())
            head += " " + std::string(option->valueName);
        head.resize(std::max(head.size() + 1, kColumn), ' ');
        out += head + indented(option->help, kColumn) + '\n';
    }
    return out;
}

std::string commandUsage(const CommandSpec& command)
{
    const std::string prefix = "Usage: roofline-lab " + std::string(command.name) + " ";
    std::string summary(command.summary);
    summary[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(summary[0])));
    return prefix + indented(command.synopsis, prefix.size()) + "\n\n" + summary + ".\n\nOptions:\n"
        + optionLines(command.options) + '\n' + std::string(kExitCodes);
}

std::string programUsage()
{
    std::string out = "Usage:\n"
                      "  roofline-lab                      open the window\n"
                      "  roofline-lab COMMAND [OPTIONS]    run a command with no window\n"
                      "  roofline-lab COMMAND --help       the command's options\n"
                      "  roofline-lab --version            the version\n\nCommands:\n";
    std::vector<const OptionSpec*> options;
    for (const CommandSpec& command : commands()) {
        std::string head = "  " + std::string(command.name);
        head.resize(12, ' ');
        out += head + indented(command.summary, 12) + '\n';
        for (const OptionSpec* option : command.options)
            if (std::none_of(
                    options.begin(), options.end(), [&](const OptionSpec* o) { return o->name == option->name; }))
                options.push_back(option);
    }
    return out + "\nOptions:\n" + optionLines(options) + '\n' + std::string(kExitCodes);
}

std::string commandNames()
{
    std::string names;
    for (const CommandSpec& command : commands())
        names += (names.empty() ? "" : ", ") + std::string(command.name);
    return names;
}

const OptionSpec* findOption(const CommandSpec& command, std::string_view word)
{
    for (const OptionSpec* option : command.options)
        if (word == option->name || (!option->alias.empty() && word == option->alias))
            return option;
    return nullptr;
}

// Whether `word` after an option that needs a value is another option rather than that value. A lone '-' (standard
// input or output) and a negative number are values.
bool isOptionWord(const CommandSpec& command, std::string_view word)
{
    return word.starts_with("--") || findOption(command, word) != nullptr;
}

// Reads the words after a command by its table: every option it takes, with its value inline (--output=FILE) or as
// the next word, once unless it is repeatable. Returns the options or the first problem.
Expected<ParsedArgs> parseWords(const CommandSpec& command, const std::vector<std::string>& words)
{
    using Result = Expected<ParsedArgs>;
    const std::string seeHelp = " (see roofline-lab " + std::string(command.name) + " --help)";
    ParsedArgs parsed;
    for (std::size_t i = 0; i < words.size(); ++i) {
        const std::string& word = words[i];
        if (word.size() < 2 || word[0] != '-')
            return Result::failure("unexpected argument '" + word + "' for " + std::string(command.name) + seeHelp);
        std::string_view name = word;
        std::optional<std::string> value;
        if (const std::size_t eq = word.find('='); word.starts_with("--") && eq != std::string::npos) {
            name = name.substr(0, eq);
            value = word.substr(eq + 1);
        }
        const OptionSpec* option = findOption(command, name);
        if (!option)
            return Result::failure(
                "unknown option '" + std::string(name) + "' for " + std::string(command.name) + seeHelp);
        const std::string optionName(option->name);
        if (option->valueName.empty() && value)
            return Result::failure(optionName + " takes no value");
        if (!option->valueName.empty() && !value && i + 1 < words.size() && !isOptionWord(command, words[i + 1]))
            value = words[++i];
        if (!option->valueName.empty() && (!value || value->empty()))
            return Result::failure(
                optionName + " needs a value (" + optionName + " " + std::string(option->valueName) + ")");
        if (!option->repeatable && parsed.has(optionName))
            return Result::failure(optionName + " given twice; it takes one value");
        parsed.add(optionName, std::move(value));
    }
    return parsed;
}

// Removes and returns the one word that is neither an option nor an option's value: `import`'s FILE.
std::string takeFileArgument(const CommandSpec& command, std::vector<std::string>& words)
{
    for (std::size_t i = 0; i < words.size(); ++i) {
        const std::string& word = words[i];
        if (word.size() >= 2 && word[0] == '-') {
            const OptionSpec* option = findOption(command, std::string_view(word).substr(0, word.find('=')));
            if (option && !option->valueName.empty() && word.find('=') == std::string::npos)
                ++i;
            continue;
        }
        std::string file = word;
        words.erase(words.begin() + static_cast<std::ptrdiff_t>(i));
        return file;
    }
    return {};
}

Expected<ScenarioOptions> scenarioOptions(const ParsedArgs& parsed)
{
    ScenarioOptions options { parsed.value("--preset"), parsed.value("--scenario"), parsed.values("--set"),
        parsed.values("--preset-dir"), {}, parsed.values("--model-dir") };
    for (const auto& [option, key] : kModelSettingOptions)
        if (parsed.has(option->name))
            options.modelSettings.emplace_back(key, parsed.value(option->name));
    for (const std::string& dir : options.modelDirs) {
        std::error_code ec;
        if (!std::filesystem::is_directory(dir, ec))
            return Expected<ScenarioOptions>::failure("--model-dir: no such folder '" + dir + "'");
    }
    for (const std::string& dir : options.presetDirs) {
        std::error_code ec;
        if (!std::filesystem::is_directory(dir, ec))
            return Expected<ScenarioOptions>::failure("--preset-dir: no such folder '" + dir + "'");
    }
    return options;
}

// Prints what a command produced; a failed write is an error naming `what` and the system's reason.
int print(std::string_view text, const std::string& what)
{
    if (const std::optional<std::string> error = writeStandardOutput(text))
        return fail(kExitBadFile, "cannot write " + what + " to standard output: " + *error);
    return kExitOk;
}

// Reads standard input for `--scenario -`, at most as much as a scenario file may hold.
Expected<std::string, Diagnostics> readStandardInput()
{
    using Result = Expected<std::string, Diagnostics>;
    const std::string name(kStandardInputName);
    std::string text;
    std::array<char, 65536> buffer {};
    for (;;) {
        const ssize_t n = ::read(STDIN_FILENO, buffer.data(), buffer.size());
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return Result::failure({ { name, 0, 0, {}, std::string("cannot read: ") + std::strerror(errno) } });
        if (n == 0)
            return text;
        text.append(buffer.data(), static_cast<std::size_t>(n));
        if (text.size() > kMaxFileBytes)
            return Result::failure({ { name, 0, 0, {}, "the scenario is larger than 1 MiB" } });
    }
}

// The presets that could not be read, among those read so far: the user's, and the built-in ones a command asked
// for or listed.
void warnSkippedPresets(const PresetLibrary& library)
{
    for (const Diagnostic& d : library.errors())
        std::cerr << "roofline-lab: warning: skipped a preset: " << d.toString() << '\n';
}

Expected<Session, Diagnostics> loadScenarioFrom(
    const std::string& file, const PresetLibrary& library, const ModelLibrary& models)
{
    if (file != kStandardInput)
        return loadScenario(file, library, models);
    Expected<std::string, Diagnostics> text = readStandardInput();
    if (!text)
        return Expected<Session, Diagnostics>::failure(text.error());
    return parseScenario(*text, std::string(kStandardInputName), library, models);
}

int runPresets(const ParsedArgs&, const ScenarioOptions& options)
{
    const PresetLibrary library = loadLibrary(options);
    const std::string table = presetTable(library);
    warnSkippedPresets(library);
    return print(table, "the preset list");
}

int runReport(const ParsedArgs& parsed, const ScenarioOptions& options)
{
    const std::string format = parsed.has("--format") ? parsed.value("--format") : "table";
    if (format != "table" && format != "json")
        return fail(kExitBadArguments, "--format takes table or json, not '" + format + "'");
    std::optional<SweepRange> sweepRange;
    if (parsed.has("--sweep")) {
        Expected<SweepRange> r = parseSweepRange(parsed.value("--sweep"));
        if (!r)
            return fail(kExitBadArguments, "--sweep: " + r.error());
        if (format != "json")
            return fail(kExitBadArguments, "--sweep adds curves to the JSON report: give --format json too");
        sweepRange = std::move(r).value();
    }
    Session session;
    if (const int code = buildSession(options, loadLibrary(options), session); code != kExitOk)
        return code;
    Analysis analysis;
    if (const int code = analyseWithMeasured(parsed, parsed.value("--measured"), std::move(session), analysis);
        code != kExitOk)
        return code;
    const Expected<std::string> text = format == "json" ? reportJson(analysis, sweepRange) : reportTable(analysis);
    if (!text)
        return fail(kExitBadFile, text.error());
    return print(*text, "the report");
}

int runSave(const ParsedArgs& parsed, const ScenarioOptions& options)
{
    const std::string& output = parsed.value("--output");
    if (output.empty())
        return fail(kExitBadArguments, "save needs --output FILE.yaml");
    Session session;
    if (const int code = buildSession(options, loadLibrary(options), session); code != kExitOk)
        return code;
    if (session.measured) // a relative path names the same file from the saved scenario's folder
        session.measured->file = rebasedMeasuredPath(*session.measured, options.scenarioFile, output);
    const std::string text = writeScenario(session);
    if (output == kStandardInput)
        return print(text, "the scenario");
    if (std::optional<std::string> error = writeFileAtomically(output, text))
        return fail(kExitBadFile, *error);
    return kExitOk;
}

// The hint for options given with no command: the first command that takes them all, written out.
std::string suggestCommand(const std::vector<std::string>& args)
{
    for (const CommandSpec& command : commands()) {
        if (parseWords(command, args)) {
            std::string line = "roofline-lab " + std::string(command.name);
            for (const std::string& word : args)
                line += " " + word;
            return "; did you mean '" + line + "'?";
        }
    }
    return {};
}

int runProgramOption(const std::vector<std::string>& args)
{
    const std::string& option = args.front();
    if (args.size() > 1)
        return fail(kExitBadArguments, "unexpected argument '" + args[1] + "' after " + option);
    if (option == "--version")
        return print("roofline-lab " ROOFLINE_VERSION "\n", "the version");
    return print(programUsage(), "the help");
}

} // namespace

const std::string& ParsedArgs::value(std::string_view option) const
{
    static const std::string none;
    const auto it = m_values.find(option);
    return it == m_values.end() || it->second.empty() ? none : it->second.back();
}

const std::vector<std::string>& ParsedArgs::values(std::string_view option) const
{
    static const std::vector<std::string> none;
    const auto it = m_values.find(option);
    return it == m_values.end() ? none : it->second;
}

void ParsedArgs::add(std::string_view option, std::optional<std::string> value)
{
    std::vector<std::string>& values = m_values[std::string(option)];
    if (value)
        values.push_back(std::move(*value));
}

PresetLibrary loadLibrary(const ScenarioOptions& options)
{
    std::vector<std::filesystem::path> dirs { userPresetDir() };
    for (const std::string& dir : options.presetDirs)
        dirs.emplace_back(dir);
    return loadPresetLibrary(dirs);
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
        scenario = defaultSession(*hw);
        if (!options.modelSettings.empty())
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
        if (std::optional<std::string> error = applySetting(scenario, setting, models))
            return fail(kExitBadArguments, "--set " + *error);
    out = std::move(scenario);
    return kExitOk;
}

int runCommand(const std::vector<std::string>& args, const Exporter& exporter)
{
    const std::string& first = args.front();
    if (first == "-h" || first == "--help" || first == "--version")
        return runProgramOption(args);
    if (first == "help" && args.size() == 1)
        return runProgramOption({ "--help" });
    if (first == "help") {
        const CommandSpec* command = args.size() == 2 ? findCommand(args[1]) : nullptr;
        return command ? print(commandUsage(*command), "the help")
                       : fail(kExitBadArguments, "help takes the name of one command: " + commandNames());
    }
    const CommandSpec* command = findCommand(first);
    if (!command && first.starts_with('-'))
        return fail(kExitBadArguments,
            "give a command before the options: " + commandNames() + suggestCommand(args)
                + " (see roofline-lab --help)");
    if (!command)
        return fail(kExitBadArguments,
            "unknown command '" + first + "' (commands: " + commandNames() + "; see roofline-lab --help)");

    std::vector<std::string> words { args.begin() + 1, args.end() };
    const std::string file = command->name == "import" ? takeFileArgument(*command, words) : std::string();
    const Expected<ParsedArgs> parsed = parseWords(*command, words);
    if (!parsed)
        return fail(kExitBadArguments, parsed.error());
    if (parsed->has("--help"))
        return print(commandUsage(*command), "the help");
    const Expected<ScenarioOptions> options = scenarioOptions(*parsed);
    if (!options)
        return fail(kExitBadArguments, options.error());
    if (command->name == "presets")
        return runPresets(*parsed, *options);
    if (command->name == "models")
        return runModels(*options);
    if (command->name == "report")
        return runReport(*parsed, *options);
    if (command->name == "save")
        return runSave(*parsed, *options);
    if (command->name == "import")
        return runImport(*parsed, *options, file);
    if (!exporter)
        return fail(kExitBadArguments, "this build has no chart renderer (configured with ROOFLINE_BUILD_GUI=OFF)");
    return exporter(*parsed, *options);
}

} // namespace roofline::app
