// SPDX-License-Identifier: GPL-3.0-or-later
// Files opened for reading with their kind and size checked first, and read with a bound: what every reader of the
// program (presets, models, scenarios, measured data) opens its input with, so that a FIFO never blocks, a device
// never streams without end and no file costs more memory than its limit.
#pragma once

#include "base/expected.h"

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace roofline {

// Why `path` cannot be read as a file, naming what it is instead ("a FIFO (named pipe), not a file (expected a YAML
// file)"); nothing for a regular file or a link to one. `expected` says what the file should be ("a YAML file").
std::optional<std::string> notARegularFile(const std::filesystem::path& path, std::string_view expected);

// "1 MiB", "1 GiB", "64 KiB": a limit as messages state it.
std::string formatByteLimit(std::size_t bytes);

// A file open for reading, or standard input; closed when it goes (standard input stays open).
class InputFile {
public:
    // Opens the regular file at `path` after checking its kind (notARegularFile) and its size against `limit`, without
    // blocking on what it finds: a FIFO put in its place between the check and the opening is refused as well. The
    // error is the message without the file's name.
    static Expected<InputFile> open(const std::filesystem::path& path, std::size_t limit, std::string_view expected);
    // Standard input: a pipe, a terminal or a redirected file, read as far as `limit` and refused past it.
    static InputFile standardInput(std::size_t limit);

    InputFile(InputFile&& other) noexcept;
    InputFile& operator=(InputFile&& other) noexcept;
    InputFile(const InputFile&) = delete;
    InputFile& operator=(const InputFile&) = delete;
    ~InputFile();

    // Reads up to `size` bytes into `out`: how many (0 at the end), or why it cannot. Reading past the limit given
    // when the file was opened is refused ("larger than 1 MiB"), whatever size the file claimed: it may grow while it
    // is read, and a pipe says nothing of its size.
    Expected<std::size_t> read(char* out, std::size_t size);
    // Reads what is left onto `text`, within the limit.
    std::optional<std::string> readRest(std::string& text);
    // Reads onto `text` until it holds `size` bytes or the input ends: what format detection looks at, kept for the
    // reader so that a pipe loses none of its first bytes.
    std::optional<std::string> readHead(std::string& text, std::size_t size);

    // Lowers the limit, once the format is known to need a smaller one: why the file is already larger (its size on
    // disk, or what has been read), or nothing.
    std::optional<std::string> lowerLimit(std::size_t limit);
    std::size_t limit() const { return m_limit; }
    // Whether the file was refused for its size: by lowerLimit, or by reading past the limit.
    bool overLimit() const { return m_overLimit; }

private:
    InputFile(int fd, bool owned, std::size_t limit)
        : m_fd(fd)
        , m_owned(owned)
        , m_limit(limit)
    { }
    std::string tooLarge() const;
    int m_fd = -1;
    bool m_owned = false;
    std::size_t m_limit = 0;
    std::size_t m_read = 0;
    bool m_overLimit = false;
};

// The whole of the regular file at `path`, at most `limit` bytes: the error is the message without the file's name.
Expected<std::string> readFileBounded(const std::filesystem::path& path, std::size_t limit, std::string_view expected);

} // namespace roofline
