// SPDX-License-Identifier: GPL-3.0-or-later
#include "files/save_target.h"

#include "base/file_reader.h"

namespace roofline {

Expected<SaveTarget> saveTarget(const std::filesystem::path& path, std::string_view expected)
{
    namespace fs = std::filesystem;
    // As many links as the system follows in one path (Linux's MAXSYMLINKS).
    constexpr int kMaxLinks = 40;
    fs::path target = path;
    std::error_code ec;
    for (int links = 0; fs::is_symlink(fs::symlink_status(target, ec)); ++links) {
        if (links == kMaxLinks)
            return Expected<SaveTarget>::failure("a symbolic link loop (too many levels of symbolic links)");
        const fs::path next = fs::read_symlink(target, ec);
        if (ec)
            return Expected<SaveTarget>::failure("cannot follow the symbolic link: " + ec.message());
        target = next.is_absolute() ? next : target.parent_path() / next;
    }
    const fs::file_status status = fs::status(target, ec);
    if (status.type() == fs::file_type::not_found)
        return SaveTarget { target, std::nullopt };
    if (std::optional<std::string> why = notARegularFile(target, expected))
        return Expected<SaveTarget>::failure(*why);
    return SaveTarget { target, status.permissions() };
}

} // namespace roofline
