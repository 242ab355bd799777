// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/file_reader.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace roofline {

namespace {

namespace fs = std::filesystem;

// What a file of `type` is, when it is not a regular file.
std::optional<std::string> kindOtherThanFile(fs::file_type type, std::string_view expected)
{
    const std::string instead = ", not a file (expected " + std::string(expected) + ")";
    switch (type) {
    case fs::file_type::regular:
        return std::nullopt;
    case fs::file_type::directory:
        return "a directory" + instead;
    case fs::file_type::fifo:
        return "a FIFO (named pipe)" + instead;
    case fs::file_type::socket:
        return "a socket" + instead;
    case fs::file_type::block:
    case fs::file_type::character:
        return "a device" + instead;
    default:
        return "not a regular file (expected " + std::string(expected) + ")";
    }
}

fs::file_type typeOf(mode_t mode)
{
    if (S_ISREG(mode))
        return fs::file_type::regular;
    if (S_ISDIR(mode))
        return fs::file_type::directory;
    if (S_ISFIFO(mode))
        return fs::file_type::fifo;
    if (S_ISSOCK(mode))
        return fs::file_type::socket;
    if (S_ISBLK(mode))
        return fs::file_type::block;
    if (S_ISCHR(mode))
        return fs::file_type::character;
    return fs::file_type::unknown;
}

std::string systemError(std::string_view what)
{
    return std::string(what) + " (" + std::strerror(errno) + ")";
}

} // namespace

std::optional<std::string> notARegularFile(const fs::path& path, std::string_view expected)
{
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    switch (status.type()) {
    case fs::file_type::regular:
        return std::nullopt;
    case fs::file_type::not_found:
        return fs::is_symlink(fs::symlink_status(path, ec)) ? "a symbolic link to nothing (no file at its target)"
                                                            : "no such file";
    case fs::file_type::none:
    case fs::file_type::unknown:
        break;
    default:
        return kindOtherThanFile(status.type(), expected);
    }
    if (ec == std::errc::too_many_symbolic_link_levels)
        return "a symbolic link loop (too many levels of symbolic links)";
    return "cannot read: " + ec.message();
}

std::string formatByteLimit(std::size_t bytes)
{
    static constexpr std::pair<std::size_t, const char*> kUnits[]
        = { { std::size_t(1) << 30, "GiB" }, { std::size_t(1) << 20, "MiB" }, { std::size_t(1) << 10, "KiB" } };
    for (const auto& [size, unit] : kUnits)
        if (bytes >= size && bytes % size == 0)
            return std::to_string(bytes / size) + " " + unit;
    return std::to_string(bytes) + " bytes";
}

Expected<InputFile> InputFile::open(const fs::path& path, std::size_t limit, std::string_view expected)
{
    if (std::optional<std::string> why = notARegularFile(path, expected))
        return Expected<InputFile>::failure(*why);
    // Not blocking in open(): a FIFO that took the file's place since the check would wait for a writer forever.
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    if (fd < 0)
        return Expected<InputFile>::failure(systemError("cannot open the file for reading"));
    InputFile file(fd, true, limit);
    struct stat st { };
    if (::fstat(fd, &st) != 0)
        return Expected<InputFile>::failure(systemError("cannot read the file"));
    if (std::optional<std::string> why = kindOtherThanFile(typeOf(st.st_mode), expected))
        return Expected<InputFile>::failure(*why);
    if (static_cast<std::uintmax_t>(st.st_size) > limit)
        return Expected<InputFile>::failure("the file is larger than " + formatByteLimit(limit));
    const int flags = ::fcntl(fd, F_GETFL);
    if (flags >= 0)
        ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    return file;
}

std::string InputFile::tooLarge() const
{
    return std::string(m_owned ? "the file" : "the input") + " is larger than " + formatByteLimit(m_limit);
}

InputFile InputFile::standardInput(std::size_t limit)
{
    return InputFile(STDIN_FILENO, false, limit);
}

InputFile::InputFile(InputFile&& other) noexcept
    : m_fd(std::exchange(other.m_fd, -1))
    , m_owned(std::exchange(other.m_owned, false))
    , m_limit(other.m_limit)
    , m_read(other.m_read)
    , m_overLimit(other.m_overLimit)
{ }

InputFile& InputFile::operator=(InputFile&& other) noexcept
{
    if (this != &other) {
        if (m_owned && m_fd >= 0)
            ::close(m_fd);
        m_fd = std::exchange(other.m_fd, -1);
        m_owned = std::exchange(other.m_owned, false);
        m_limit = other.m_limit;
        m_read = other.m_read;
        m_overLimit = other.m_overLimit;
    }
    return *this;
}

InputFile::~InputFile()
{
    if (m_owned && m_fd >= 0)
        ::close(m_fd);
}

Expected<std::size_t> InputFile::read(char* out, std::size_t size)
{
    // One byte past the limit is asked for, so that a file of exactly the limit is read and one byte more refused.
    const std::size_t room = m_limit - m_read + 1;
    const std::size_t want = size < room ? size : room;
    for (;;) {
        const ssize_t n = ::read(m_fd, out, want);
        if (n >= 0) {
            m_read += static_cast<std::size_t>(n);
            m_overLimit = m_read > m_limit;
            if (m_overLimit)
                return Expected<std::size_t>::failure(tooLarge());
            return static_cast<std::size_t>(n);
        }
        if (errno == EINTR)
            continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK) { // standard input left non-blocking by whoever started us
            pollfd p { m_fd, POLLIN, 0 };
            ::poll(&p, 1, -1);
            continue;
        }
        return Expected<std::size_t>::failure(systemError(m_owned ? "cannot read the file" : "cannot read the input"));
    }
}

std::optional<std::string> InputFile::lowerLimit(std::size_t limit)
{
    m_limit = limit < m_limit ? limit : m_limit;
    struct stat st { };
    const bool over
        = m_read > m_limit || (m_owned && ::fstat(m_fd, &st) == 0 && static_cast<std::uintmax_t>(st.st_size) > m_limit);
    m_overLimit = over;
    return over ? std::optional<std::string>(tooLarge()) : std::nullopt;
}

std::optional<std::string> InputFile::readHead(std::string& text, std::size_t size)
{
    while (text.size() < size) {
        const std::size_t at = text.size();
        text.resize(size);
        const Expected<std::size_t> n = read(text.data() + at, size - at);
        text.resize(at + (n ? *n : 0));
        if (!n)
            return n.error();
        if (*n == 0)
            break;
    }
    return std::nullopt;
}

std::optional<std::string> InputFile::readRest(std::string& text)
{
    char chunk[1 << 16];
    for (;;) {
        const Expected<std::size_t> n = read(chunk, sizeof chunk);
        if (!n)
            return n.error();
        if (*n == 0)
            return std::nullopt;
        text.append(chunk, *n);
    }
}

Expected<std::string> readFileBounded(const fs::path& path, std::size_t limit, std::string_view expected)
{
    Expected<InputFile> file = InputFile::open(path, limit, expected);
    if (!file)
        return Expected<std::string>::failure(file.error());
    std::string text;
    if (std::optional<std::string> error = file.value().readRest(text))
        return Expected<std::string>::failure(*error);
    return text;
}

} // namespace roofline
