// SPDX-License-Identifier: GPL-3.0-or-later
// Where saving a file puts its bytes: through a symbolic link to its target, keeping the target's mode, and never
// over a directory, a FIFO, a socket or a device.
#pragma once

#include "base/expected.h"

#include <filesystem>
#include <optional>
#include <string_view>

namespace roofline {

struct SaveTarget {
    std::filesystem::path path; // the file to write: `path` itself, or the end of its chain of links
    std::optional<std::filesystem::perms> mode; // the permissions of the file there; nothing when there is none yet
};

// The file that saving to `path` replaces. A symbolic link is followed to its end (a link to nothing names the file
// to create); what is there must be a regular file or nothing. The error names what is there instead ("a FIFO (named
// pipe), not a file (expected a scenario file)"), or a loop of links.
Expected<SaveTarget> saveTarget(const std::filesystem::path& path, std::string_view expected);

} // namespace roofline
