// SPDX-License-Identifier: GPL-3.0-or-later
// Numbers as explanations write them, and a kind's cost formula with an operation's values put in and evaluated.
#include "session/formula.h"

#include "base/units.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace roofline {

namespace {

std::string printed(const char* format, double v)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, format, v);
    std::string text = buffer;
    // "3.94e+14" → "3.94e14", "5e-05" → "5e-5": as the texts write them.
    if (const std::size_t e = text.find('e'); e != std::string::npos) {
        std::string exponent = text.substr(e + 1);
        const bool negative = exponent.starts_with('-');
        exponent.erase(0, exponent.find_first_not_of("+-0"));
        text = text.substr(0, e + 1) + (negative ? "-" : "") + (exponent.empty() ? "0" : exponent);
    }
    return text;
}

// Reads the substituted formula: numbers, + − · /, parentheses and a square (²).
struct FormulaParser {
    std::string_view text;
    std::size_t at = 0;
    bool ok = true;

    void skipSpaces()
    {
        while (at < text.size() && text[at] == ' ')
            ++at;
    }
    bool take(std::string_view token)
    {
        skipSpaces();
        if (!text.substr(at).starts_with(token))
            return false;
        at += token.size();
        return true;
    }
    double factor()
    {
        if (take("(")) {
            const double v = sum();
            ok = ok && take(")");
            return v;
        }
        skipSpaces();
        const std::string rest(text.substr(at));
        char* end = nullptr;
        const double v = std::strtod(rest.c_str(), &end);
        if (end == rest.c_str() || !std::isdigit(static_cast<unsigned char>(rest[0]))) {
            ok = false;
            return 0;
        }
        at += static_cast<std::size_t>(end - rest.c_str());
        return v;
    }
    double squared()
    {
        const double v = factor();
        return take("\xC2\xB2") ? v * v : v; // ²
    }
    double product()
    {
        double v = squared();
        while (ok) {
            if (take("\xC2\xB7")) // ·
                v *= squared();
            else if (take("/"))
                v /= squared();
            else
                break;
        }
        return v;
    }
    double sum()
    {
        double v = product();
        while (ok) {
            if (take("+"))
                v += product();
            else if (take("\xE2\x88\x92")) // −
                v -= product();
            else
                break;
        }
        return v;
    }
};

} // namespace

// A parameter's value inside a formula, exact: whole numbers in full up to ten million, no separators, and beyond
// in the short form where it is exact ("7e9"), else in full ("268435456").
std::string paramNumber(double v)
{
    if (v == std::floor(v) && std::fabs(v) < 1e7)
        return printed("%.0f", v);
    const std::string brief = printed("%.4g", v);
    if (std::strtod(brief.c_str(), nullptr) == v)
        return brief;
    return printed(v == std::floor(v) ? "%.0f" : "%.17g", v);
}

std::string exactNumber(double v)
{
    if (!std::isfinite(v))
        return v > 0 ? "\xE2\x88\x9E" : "not a number"; // ∞
    const double a = std::fabs(v);
    if (a == 0)
        return "0";
    if (a >= 1e7 || a < 1e-3)
        return printed("%.4g", v);
    if (a >= 1e4)
        return groupThousands(printed("%.0f", v));
    // Below 1 the texts' limits (1/2 for the dot product) are read from more digits.
    return printed(a < 1 ? "%.8g" : "%.5g", v);
}

std::string substituteFormula(std::string_view formula, const OperationVariant& op, std::string_view keep)
{
    std::string out;
    std::size_t i = 0;
    const auto letter
        = [&](std::size_t at) { return at < formula.size() && std::isalpha(static_cast<unsigned char>(formula[at])); };
    while (i < formula.size()) {
        if (!letter(i)) {
            out += formula[i++];
            continue;
        }
        std::size_t j = i;
        while (j < formula.size() && (std::isalnum(static_cast<unsigned char>(formula[j])) || formula[j] == '_'))
            ++j;
        const std::string_view name = formula.substr(i, j - i);
        if (name == "s" && j < formula.size() && formula[j] == '(') {
            const std::size_t close = formula.find(')', j);
            if (close != std::string_view::npos)
                if (const std::optional<Dtype> d = dtypeParam(op, formula.substr(j + 1, close - j - 1))) {
                    out += paramNumber(bytesPerElement(*d));
                    i = close + 1;
                    continue;
                }
        }
        const std::optional<double> value = name == keep ? std::nullopt : numberParam(op, name);
        out += value ? paramNumber(*value) : std::string(name);
        i = j;
    }
    return out;
}

std::optional<double> evaluateFormula(std::string_view formula, const OperationVariant& op)
{
    const std::string numbers = substituteFormula(formula, op);
    FormulaParser parser { numbers };
    const double v = parser.sum();
    parser.skipSpaces();
    if (!parser.ok || parser.at != numbers.size())
        return std::nullopt;
    return v;
}

} // namespace roofline
