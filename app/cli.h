// The headless commands: presets, report, save, and the options they share with export.
#pragma once

#include "scenario.h"

#include <optional>
#include <string>
#include <vector>

namespace roofline::app {

// Exit codes of every command.
inline constexpr int kExitOk = 0;
inline constexpr int kExitBadFile = 1;
inline constexpr int kExitBadArguments = 2;

// The options that choose what to show: --preset ID | --scenario FILE, --set KEY=VALUE (repeatable),
// --preset-dir DIR (repeatable, after the user's preset folder).
struct ScenarioOptions {
    std::string preset;
    std::string scenarioFile;
    std::vector<std::string> settings;
    std::vector<std::string> presetDirs;
};

enum class OptionParse { Consumed, NotMine, Error };

// Reads args[i] (and its value, advancing i) if it is one of the shared options; on Error, `error` says why.
OptionParse parseScenarioOption(
    const std::vector<std::string>& args, std::size_t& i, ScenarioOptions&, std::string& error);

// The built-in presets, the user's folder, then each --preset-dir. Bad user presets are reported on stderr as
// warnings; the good ones still load.
PresetLibrary loadLibrary(const ScenarioOptions&);

// Builds the session the options describe from `library`, printing what went wrong on stderr. Returns kExitOk and
// fills `out`, kExitBadFile for a bad or missing file or preset, kExitBadArguments for a bad --set.
int buildSession(const ScenarioOptions&, const PresetLibrary& library, Session& out);

// Writes `bytes` to `path` so that a failure leaves any earlier file whole: into a temporary file beside it, flushed
// and synced, then renamed over it. Returns an error message naming the path and the system's reason, or nothing.
std::optional<std::string> writeFileAtomically(const std::string& path, const std::string& bytes);

// Runs a headless command; `args` are the words after the program name. Returns the exit code.
int runCommand(const std::vector<std::string>& args);

void printUsage(bool toStderr);

} // namespace roofline::app
