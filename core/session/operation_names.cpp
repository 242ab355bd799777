// SPDX-License-Identifier: GPL-3.0-or-later
#include "session/operation_names.h"

#include "base/units.h"
#include "roofline/operations.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <regex>

namespace roofline {

std::string followParameter(const std::string& name, std::string_view param, double before, double after)
{
    static const std::regex stated(
        R"(([A-Za-z][A-Za-z0-9_]*)(\s*=\s*)(2\^([0-9]{1,3})|[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+))");
    std::string out;
    auto from = name.cbegin();
    for (std::sregex_iterator it(name.begin(), name.end(), stated), end; it != end; ++it) {
        const std::smatch& m = *it;
        const std::string text = m[3].str();
        const bool power = m[4].matched;
        std::string digits = text;
        std::erase(digits, ',');
        const double value = power ? std::ldexp(1.0, std::stoi(m[4].str())) : std::strtod(digits.c_str(), nullptr);
        if (m[1].str() != param || value != before)
            continue;
        int exponent = 0;
        const bool powerAfter = std::frexp(after, &exponent) == 0.5 && after >= 1;
        const std::string whole = wholeText(after);
        const std::string written = power && powerAfter ? "2^" + std::to_string(exponent - 1)
            : text.find(',') != std::string::npos       ? groupThousands(whole)
                                                        : whole;
        out.append(from, m[3].first);
        out += written;
        from = m[3].second;
    }
    out.append(from, name.cend());
    return out;
}

std::optional<std::size_t> mostMovingOperation(const Session& s, double from, double to)
{
    std::optional<std::size_t> best;
    double most = 1.01; // a swing under 1 % moves no marker a reader sees
    for (std::size_t i = 0; i < s.operations.size(); ++i) {
        const Operation& op = s.operations[i];
        if (op.hidden)
            continue;
        if (const std::optional<double> swing = intensitySwing(op.op, mainParam(op.op), from, to);
            swing && *swing > most) {
            most = *swing;
            best = i;
        }
    }
    return best;
}

} // namespace roofline
