// SPDX-License-Identifier: GPL-3.0-or-later
// A located error in a file the user gave the program: which file, where, which field, what was wrong.
#pragma once

#include <string>
#include <vector>

namespace roofline {

struct Diagnostic {
    std::string file; // the path, or "embedded:NAME.yaml" for a preset built into the program
    int line = 0; // 1-based; 0 when the error concerns the whole file
    int column = 0; // 1-based; 0 when unknown
    std::string field; // "links[1].bandwidth", empty for the whole file
    std::string message; // "expected a positive number, found 'abc'"

    // "presets/h100.yaml:12:16: links[1].bandwidth: expected a positive number, found 'abc'"
    std::string toString() const;
};

using Diagnostics = std::vector<Diagnostic>;

std::string toString(const Diagnostics&);

} // namespace roofline
