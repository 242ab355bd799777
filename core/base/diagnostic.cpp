// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/diagnostic.h"

#include "base/units.h"

namespace roofline {

std::string Diagnostic::toString() const
{
    std::string out = shownPath(file);
    if (line > 0) {
        out += ':' + std::to_string(line);
        if (column > 0)
            out += ':' + std::to_string(column);
    }
    out += ": ";
    if (!field.empty())
        out += field + ": ";
    out += message;
    return out;
}

std::string toString(const Diagnostics& diagnostics)
{
    std::string out;
    for (const Diagnostic& d : diagnostics)
        out += d.toString() + '\n';
    return out;
}

} // namespace roofline
