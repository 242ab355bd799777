// SPDX-License-Identifier: GPL-3.0-or-later
// The process the command line runs in: its standard streams and signals, whether its words open the window, and
// how it writes files and standard output.
#include "cli.h"

#include "base/units.h"
#include "files/save_target.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>
#include <utility>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace roofline::app {

void prepareProcess()
{
    for (const int fd : { STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO }) {
        if (::fcntl(fd, F_GETFD) != -1 || errno != EBADF)
            continue;
        // The lowest free number is `fd` itself, the lower ones being open by now.
        const int held = ::open("/dev/null", fd == STDIN_FILENO ? O_WRONLY : O_RDONLY);
        if (held >= 0 && held != fd) {
            ::dup2(held, fd);
            ::close(held);
        }
    }
    std::signal(SIGPIPE, SIG_IGN);
    std::signal(SIGXFSZ, SIG_IGN);
    // A run outside a desktop session (over ssh, from cron, as root in a container) has no runtime folder; Qt then
    // makes one in the temporary folder and says so on stderr at every start. The same folder is made here, owned
    // by the user and private as Qt requires, so that the run prints nothing it did not mean to; a folder that is
    // not the user's or not private is left for Qt to name.
    if (const char* runtime = std::getenv("XDG_RUNTIME_DIR"); !runtime || !*runtime) {
        const char* tmp = std::getenv("TMPDIR");
        const std::string dir = std::string(tmp && *tmp ? tmp : "/tmp") + "/runtime-" + std::to_string(::getuid());
        ::mkdir(dir.c_str(), 0700);
        struct stat st { };
        if (::lstat(dir.c_str(), &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == ::getuid()
            && (st.st_mode & 0777) == 0700)
            ::setenv("XDG_RUNTIME_DIR", dir.c_str(), 1);
    }
}

bool isScenarioFileName(std::string_view word)
{
    const auto endsWith = [word](std::string_view suffix) {
        return word.size() > suffix.size()
            && std::equal(suffix.rbegin(), suffix.rend(), word.rbegin(),
                [](char a, char b) { return a == std::tolower(static_cast<unsigned char>(b)); });
    };
    return endsWith(".yaml") || endsWith(".yml");
}

bool opensWindow(const std::vector<std::string>& args)
{
    // Qt's own options (QGuiApplication, QApplication and the X11 platform), which Qt also reads with two dashes.
    static constexpr std::array<std::string_view, 16> withValue { "platform", "platformpluginpath", "platformtheme",
        "plugin", "qwindowgeometry", "qwindowicon", "qwindowtitle", "session", "display", "geometry", "title", "name",
        "icon", "style", "stylesheet", "qmljsdebugger" };
    static constexpr std::array<std::string_view, 5> flags { "reverse", "nograb", "dograb", "sync", "widgetcount" };
    bool scenario = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string_view word = args[i];
        if (!word.starts_with('-')) {
            if (scenario || !isScenarioFileName(word))
                return false;
            scenario = true; // one scenario file, which the window opens
            continue;
        }
        word.remove_prefix(word.starts_with("--") ? 2 : 1);
        const std::size_t eq = word.find('=');
        const std::string_view name = word.substr(0, eq);
        if (std::find(withValue.begin(), withValue.end(), name) != withValue.end()) {
            if (eq == std::string_view::npos && ++i >= args.size())
                return false;
        } else if (eq != std::string_view::npos || std::find(flags.begin(), flags.end(), name) == flags.end()) {
            return false;
        }
    }
    return true;
}

int fail(int code, const std::string& message)
{
    // A path of thousands of bytes is shown by its start and its end (withShortWords).
    std::cerr << "roofline-lab: " << withShortWords(message) << '\n';
    return code;
}

int print(std::string_view text, const std::string& what)
{
    if (const std::optional<std::string> error = writeStandardOutput(text))
        return fail(kExitBadFile, "cannot write " + what + " to standard output: " + *error);
    return kExitOk;
}

namespace {

// Thrown out of a streamed writer by its sink when standard output has failed, so that what is left of a report of a
// million kernels is not formatted only to be dropped.
struct OutputFailed {
    std::string reason;
};

} // namespace

int printStreamed(const std::function<std::optional<std::string>(const TextSink&)>& write, const std::string& what)
{
    try {
        const std::optional<std::string> refused = write([](std::string_view piece) {
            if (std::optional<std::string> error = writeStandardOutput(piece))
                throw OutputFailed { std::move(*error) };
        });
        if (refused)
            return fail(kExitBadFile, *refused);
    } catch (const OutputFailed& failed) {
        return fail(kExitBadFile, "cannot write " + what + " to standard output: " + failed.reason);
    }
    return kExitOk;
}

std::optional<std::string> writeStandardOutput(std::string_view bytes)
{
    for (std::size_t done = 0; done < bytes.size();) {
        const ssize_t n = ::write(STDOUT_FILENO, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return std::string(std::strerror(n < 0 ? errno : ENOSPC));
        done += static_cast<std::size_t>(n);
    }
    return std::nullopt;
}

std::optional<std::string> writeFileAtomically(const std::string& path, const std::string& bytes, std::string_view what)
{
    namespace fs = std::filesystem;
    // Through a link to its target, keeping the target's mode; never over a FIFO, a device or a folder.
    const Expected<SaveTarget> saved = saveTarget(path, what);
    if (!saved)
        return "cannot write '" + path + "': " + saved.error();
    const fs::path& target = saved->path;
    // Built by appending: GCC 12 at -O3 warns falsely of an overflow in "." + string (a Release build's one warning).
    std::string name = ".";
    name += target.filename().string();
    name += ".roofline-lab-XXXXXX";
    const fs::path temporary = target.parent_path() / name;
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
    const mode_t mode = saved->mode ? static_cast<mode_t>(*saved->mode) & 07777 : 0644;
    if (::fchmod(fd, mode) != 0 || ::fsync(fd) != 0)
        return failWith(errno);
    if (::close(fd) != 0) {
        const int error = errno;
        ::unlink(pattern.c_str());
        return "cannot write '" + path + "': " + std::strerror(error);
    }
    if (::rename(pattern.c_str(), target.c_str()) != 0) {
        const int error = errno;
        ::unlink(pattern.c_str());
        return "cannot write '" + path + "': " + std::strerror(error);
    }
    return std::nullopt;
}

} // namespace roofline::app
