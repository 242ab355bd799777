// SPDX-License-Identifier: GPL-3.0-or-later
// The command line: the commands for scripts and slides (one file each in commands/, their options read by CLI11),
// their exit codes, and how they write.
#pragma once

#include "base/json.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofline::app {

// Exit codes of every command.
inline constexpr int kExitOk = 0;
inline constexpr int kExitBadFile = 1; // a file, a preset or standard input could not be read, a write failed, or
                                       // the window found no display
inline constexpr int kExitBadArguments = 2;

// What `--scenario -` reads and `--output -` writes, and how messages name standard input.
inline constexpr std::string_view kStandardStream = "-";
inline constexpr std::string_view kStandardInputName = "<stdin>";

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
int runCommand(const std::vector<std::string>& args);

// Prints "roofline-lab: MESSAGE" on standard error and returns `code`.
int fail(int code, const std::string& message);

// Prints what a command produced on standard output; a failed write is an error naming `what` (the report, the
// help, ...) and the system's reason. Returns kExitOk or kExitBadFile.
int print(std::string_view text, const std::string& what);
// The same for output made a piece at a time: `write` hands each piece to its sink, which prints it, and returns why
// it refuses (before it hands anything) or nothing. A refusal is an error with exit code kExitBadFile, as is a failed
// write, after which the rest is neither printed nor made (the sink throws out of `write`).
int printStreamed(const std::function<std::optional<std::string>(const TextSink&)>& write, const std::string& what);

// Writes `bytes` to `path` so that a failure leaves any earlier file whole: into a temporary file beside it, flushed
// and synced, then renamed over it, never over what is not a regular file (`what` it should be: "a scenario file").
// Returns an error message naming the path and the system's reason, or nothing.
std::optional<std::string> writeFileAtomically(
    const std::string& path, const std::string& bytes, std::string_view what);

// Writes all of `bytes` to standard output; returns the system's reason if it could not (strerror), or nothing.
std::optional<std::string> writeStandardOutput(std::string_view bytes);

} // namespace roofline::app
