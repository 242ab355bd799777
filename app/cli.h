// The command line: one table of commands and the options each takes, and the headless commands presets, report
// and save. Every command reads its words through the same parser, so an option is read the same way everywhere.
#pragma once

#include "files/scenario.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofline::app {

// Exit codes of every command.
inline constexpr int kExitOk = 0;
inline constexpr int kExitBadFile = 1; // a file, a preset or standard input could not be read, or a write failed
inline constexpr int kExitBadArguments = 2;

// What `--scenario -` reads, and how messages name it.
inline constexpr std::string_view kStandardInput = "-";
inline constexpr std::string_view kStandardInputName = "<stdin>";

// The options that choose what to show: --preset ID | --scenario FILE, --set KEY=VALUE (repeatable),
// --preset-dir DIR (repeatable, after the user's preset folder).
struct ScenarioOptions {
    std::string preset;
    std::string scenarioFile;
    std::vector<std::string> settings;
    std::vector<std::string> presetDirs;
    // --model ID and its settings (--phase decode, --batch 16, ...) as model setting keys and values, in the order
    // of modelSettingKeys(); --model-dir DIR (repeatable, after the user's model folder).
    std::vector<std::pair<std::string, std::string>> modelSettings;
    std::vector<std::string> modelDirs;
};

// The options a command was given, each under its long name (`-o` is stored as `--output`), with its values in the
// order given; a flag has none.
class ParsedArgs {
public:
    bool has(std::string_view option) const { return m_values.find(option) != m_values.end(); }
    // The value of a single-valued option, or an empty string when it was not given.
    const std::string& value(std::string_view option) const;
    const std::vector<std::string>& values(std::string_view option) const;
    void add(std::string_view option, std::optional<std::string> value);

private:
    std::map<std::string, std::vector<std::string>, std::less<>> m_values;
};

// The command that draws charts. The build with the window passes it to runCommand; the build without passes none,
// and `export` then says so.
using Exporter = std::function<int(const ParsedArgs&, const ScenarioOptions&)>;

// Prepares the process for writing and reading: closed standard streams are held by /dev/null opened the wrong way
// round, so that no file the program opens takes their number and a write to a closed standard output fails (EBADF)
// rather than landing in that file; SIGPIPE and SIGXFSZ are ignored, so that a closed pipe or a file size limit is
// a failed write with the system's reason (EPIPE, EFBIG) and not a silent death.
void prepareProcess();

// Whether these words open the window: none at all, or only Qt's own options (-platform NAME, -style NAME, ...) and
// at most one scenario file to open in it (a name ending in .yaml or .yml, as a file manager passes it).
bool opensWindow(const std::vector<std::string>& args);
bool isScenarioFileName(std::string_view word);

// Runs a headless command; `args` are the words after the program name. Returns the exit code.
int runCommand(const std::vector<std::string>& args, const Exporter& exporter);

// Prints "roofline-lab: MESSAGE" on standard error and returns `code`.
int fail(int code, const std::string& message);

// The built-in presets, the user's folder, then each --preset-dir. Bad presets are reported on stderr as warnings
// when a command looks one up or lists them; the good ones still load.
PresetLibrary loadLibrary(const ScenarioOptions&);

// Builds the session the options describe from `library`, printing what went wrong on stderr. Returns kExitOk and
// fills `out`, kExitBadFile for a bad or missing file or preset, kExitBadArguments for a bad --set.
int buildSession(const ScenarioOptions&, const PresetLibrary& library, Session& out);

// Writes `bytes` to `path` so that a failure leaves any earlier file whole: into a temporary file beside it, flushed
// and synced, then renamed over it. Returns an error message naming the path and the system's reason, or nothing.
std::optional<std::string> writeFileAtomically(const std::string& path, const std::string& bytes);

// Writes all of `bytes` to standard output; returns the system's reason if it could not (strerror), or nothing.
std::optional<std::string> writeStandardOutput(std::string_view bytes);

} // namespace roofline::app
