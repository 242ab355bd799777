#include "cli.h"

#include "report.h"
#include "version.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>
#include <iostream>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace roofline::app {

namespace {

constexpr const char* kUsage = R"(Usage:
  roofline-lab                       open the window
  roofline-lab presets [--preset-dir DIR]
                                     list the known hardware presets
  roofline-lab report (--preset ID | --scenario FILE) [--set KEY=VALUE ...] [--format table|json]
                      [--sweep PARAM=FROM:TO]
                                     evaluate every operation and print the result; with --sweep (JSON only),
                                     each operation's attainable FLOP/s sampled over PARAM, and its critical value
  roofline-lab save (--preset ID | --scenario FILE) [--set KEY=VALUE ...] --output FILE.yaml
                                     write the scenario with the overrides applied, as the window saves it
  roofline-lab export (--preset ID | --scenario FILE) [--set KEY=VALUE ...] --output FILE.png|svg|pdf
                      [--size WxH] [--scale S] [--theme light|dark] [--view roofline|sweep] [--param P]
                                     draw the chart to a file, with no display; --view sweep draws attainable
                                     FLOP/s against P (default: the first operation's main parameter)

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

int buildSession(const ScenarioOptions& options, const PresetLibrary& library, Session& out)
{
    if (options.preset.empty() == options.scenarioFile.empty()) {
        fail(options.preset.empty() ? "give --preset ID or --scenario FILE" : "give --preset or --scenario, not both");
        return kExitBadArguments;
    }
    Session scenario;
    if (!options.preset.empty()) {
        const Hardware* hw = library.find(options.preset);
        if (!hw) {
            std::string ids;
            for (const Hardware& h : library.presets)
                ids += (ids.empty() ? "" : ", ") + h.id;
            fail("no preset with id '" + options.preset + "' (known: " + ids + ")");
            return kExitBadFile;
        }
        scenario = defaultSession(*hw);
    } else {
        Expected<Session, Diagnostics> loaded = loadScenario(options.scenarioFile, library);
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

// Reads the words after a command: the shared options, and through `own` the command's own, which advances `i` past
// any value it takes and returns an error message or nothing. Prints the first error; returns whether all was read.
bool parseCommand(const std::vector<std::string>& args, ScenarioOptions& options,
    const std::function<std::optional<std::string>(std::size_t& i)>& own)
{
    for (std::size_t i = 1; i < args.size(); ++i) {
        std::string error;
        switch (parseScenarioOption(args, i, options, error)) {
        case OptionParse::Consumed:
            continue;
        case OptionParse::Error:
            fail(error);
            return false;
        case OptionParse::NotMine:
            if (std::optional<std::string> problem = own(i)) {
                fail(*problem);
                return false;
            }
        }
    }
    return true;
}

int runReport(const std::vector<std::string>& args)
{
    ScenarioOptions options;
    std::string format = "table";
    std::optional<SweepRange> sweepRange;
    const bool parsed = parseCommand(args, options, [&](std::size_t& i) -> std::optional<std::string> {
        if (args[i] == "--format" && i + 1 < args.size()) {
            format = args[++i];
        } else if (args[i].rfind("--format=", 0) == 0) {
            format = args[i].substr(9);
        } else if (args[i] == "--sweep" || args[i].rfind("--sweep=", 0) == 0) {
            if (sweepRange)
                return std::string("--sweep given twice");
            const bool joined = args[i] != "--sweep";
            if (!joined && i + 1 >= args.size())
                return std::string("--sweep needs a value such as B=1:4096");
            Expected<SweepRange> r = parseSweepRange(joined ? args[i].substr(8) : args[++i]);
            if (!r)
                return "--sweep: " + r.error();
            sweepRange = std::move(r).value();
        } else {
            return "unknown option '" + args[i] + "' for report (see --help)";
        }
        return std::nullopt;
    });
    if (!parsed)
        return kExitBadArguments;
    if (sweepRange && format != "json") {
        fail("--sweep adds curves to the JSON report: give --format json too");
        return kExitBadArguments;
    }
    if (format != "table" && format != "json") {
        fail("--format takes table or json, not '" + format + "'");
        return kExitBadArguments;
    }
    Session session;
    if (const int code = buildSession(options, loadLibrary(options), session); code != kExitOk)
        return code;
    const Analysis analysis = analyse(std::move(session));
    const Expected<std::string> text = format == "json" ? reportJson(analysis, sweepRange) : reportTable(analysis);
    if (!text) {
        fail(text.error());
        return kExitBadFile;
    }
    std::cout << *text << std::flush;
    return kExitOk;
}

int runSave(const std::vector<std::string>& args)
{
    ScenarioOptions options;
    std::string output;
    const bool parsed = parseCommand(args, options, [&](std::size_t& i) -> std::optional<std::string> {
        std::string name = args[i];
        std::optional<std::string> value;
        if (const std::size_t eq = name.find('='); name.rfind("--", 0) == 0 && eq != std::string::npos) {
            value = name.substr(eq + 1);
            name.resize(eq);
        } else if ((name == "--output" || name == "-o") && i + 1 < args.size()) {
            value = args[++i];
        }
        if (name != "--output" && name != "-o")
            return "unknown option '" + args[i] + "' for save (see --help)";
        if (!value || value->empty())
            return name + " needs a value";
        if (!output.empty())
            return name + " given twice";
        output = *value;
        return std::nullopt;
    });
    if (!parsed)
        return kExitBadArguments;
    if (output.empty()) {
        fail("save needs --output FILE.yaml");
        return kExitBadArguments;
    }
    Session session;
    if (const int code = buildSession(options, loadLibrary(options), session); code != kExitOk)
        return code;
    if (std::optional<std::string> error = writeFileAtomically(output, writeScenario(session))) {
        fail(*error);
        return kExitBadFile;
    }
    return kExitOk;
}

} // namespace

std::optional<std::string> writeFileAtomically(const std::string& path, const std::string& bytes)
{
    namespace fs = std::filesystem;
    const fs::path target(path);
    std::error_code ec;
    if (fs::is_directory(target, ec))
        return "cannot write '" + path + "': it is a folder";
    const fs::path temporary = target.parent_path() / ("." + target.filename().string() + ".roofline-lab-XXXXXX");
    std::string pattern = temporary.string();
    const int fd = ::mkstemp(pattern.data());
    if (fd < 0)
        return "cannot write '" + path + "': " + std::strerror(errno);
    auto failWith = [&](int error) {
        ::close(fd);
        ::unlink(pattern.c_str());
        return "cannot write '" + path + "': " + std::strerror(error);
    };
    for (std::size_t done = 0; done < bytes.size();) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return failWith(n < 0 ? errno : ENOSPC);
        done += static_cast<std::size_t>(n);
    }
    if (::fchmod(fd, 0644) != 0 || ::fsync(fd) != 0)
        return failWith(errno);
    if (::close(fd) != 0) {
        const int error = errno;
        ::unlink(pattern.c_str());
        return "cannot write '" + path + "': " + std::strerror(error);
    }
    if (::rename(pattern.c_str(), path.c_str()) != 0) {
        const int error = errno;
        ::unlink(pattern.c_str());
        return "cannot write '" + path + "': " + std::strerror(error);
    }
    return std::nullopt;
}

int runCommand(const std::vector<std::string>& args)
{
    const std::string& command = args.front();
    if (command == "-h" || command == "--help" || command == "help") {
        printUsage(false);
        return kExitOk;
    }
    if (command == "--version") {
        std::cout << "roofline-lab " ROOFLINE_VERSION "\n";
        return kExitOk;
    }
    if (command == "presets")
        return runPresets(args);
    if (command == "report")
        return runReport(args);
    if (command == "save")
        return runSave(args);
    fail("unknown command '" + command + "' (see roofline-lab --help)");
    return kExitBadArguments;
}

} // namespace roofline::app
