// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/units.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace roofline {

namespace {

struct Prefix {
    std::string_view symbol;
    int exponent;
};

constexpr std::array<Prefix, 19> kPrefixes { {
    { "y", -24 },
    { "z", -21 },
    { "a", -18 },
    { "f", -15 },
    { "p", -12 },
    { "n", -9 },
    { "\xC2\xB5", -6 }, // µ, MICRO SIGN
    { "m", -3 },
    { "", 0 },
    { "k", 3 },
    { "M", 6 },
    { "G", 9 },
    { "T", 12 },
    { "P", 15 },
    { "E", 18 },
    { "Z", 21 },
    { "Y", 24 },
    { "R", 27 },
    { "Q", 30 },
} };

// Prints `value` with `digits` significant digits in fixed notation and drops trailing zeros: 3.35, 989, 0.5.
std::string significant(double value, int digits)
{
    if (value == 0)
        return "0";
    const int magnitude = static_cast<int>(std::floor(std::log10(std::fabs(value))));
    const int decimals = std::max(0, digits - 1 - magnitude);
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    std::string text = buffer;
    if (text.find('.') != std::string::npos) {
        while (text.back() == '0')
            text.pop_back();
        if (text.back() == '.')
            text.pop_back();
    }
    return text;
}

double roundSignificant(double value, int digits)
{
    if (value == 0)
        return 0;
    const double scale = std::pow(10.0, digits - 1 - std::floor(std::log10(std::fabs(value))));
    return std::round(value * scale) / scale;
}

std::string joinUnit(const std::string& number, std::string_view prefix, std::string_view unit)
{
    if (prefix.empty() && unit.empty())
        return number;
    std::string out = number;
    out += ' ';
    out += prefix;
    out += unit;
    return out;
}

} // namespace

std::string formatSI(double value, std::string_view unit, int digits)
{
    if (std::isnan(value))
        return "nan";
    if (std::isinf(value))
        return value > 0 ? "inf" : "-inf";
    if (value == 0)
        return joinUnit("0", "", unit);
    digits = std::clamp(digits, 1, 17);
    int exponent = static_cast<int>(std::floor(std::log10(std::fabs(value)) / 3.0)) * 3;
    exponent = std::clamp(exponent, kPrefixes.front().exponent, kPrefixes.back().exponent);
    double scaled = roundSignificant(value / std::pow(10.0, exponent), digits);
    if (std::fabs(scaled) >= 1000 && exponent < kPrefixes.back().exponent) {
        exponent += 3;
        scaled = roundSignificant(value / std::pow(10.0, exponent), digits);
    }
    const Prefix& prefix = kPrefixes[static_cast<std::size_t>((exponent - kPrefixes.front().exponent) / 3)];
    return joinUnit(significant(scaled, digits), prefix.symbol, unit);
}

std::string formatFlops(double flopsPerSecond)
{
    return formatSI(flopsPerSecond, "FLOP/s");
}
std::string formatBandwidth(double bytesPerSecond)
{
    return formatSI(bytesPerSecond, "B/s");
}
std::string formatBitRate(double bytesPerSecond)
{
    return formatSI(bytesPerSecond * 8, "b/s");
}
std::string formatBytes(double bytes)
{
    return formatSI(bytes, "B");
}
std::string formatSeconds(double seconds)
{
    return formatSI(seconds, "s");
}

std::string formatIntensity(double flopsPerByte)
{
    if (!std::isfinite(flopsPerByte))
        return formatSI(flopsPerByte);
    const double magnitude = std::fabs(flopsPerByte);
    if (magnitude >= 1e-3 && magnitude < 100)
        return significant(flopsPerByte, 3); // 0.5, 2, 31.8: no prefix, a reader compares these with ridges
    if (magnitude < 100 || magnitude >= 1e7)
        return formatSI(flopsPerByte, {}, 3);
    // Whole FLOPs per byte with thousands separators, as the texts write ridges: 240, 1,099, 19,780.
    const long long whole = std::llround(flopsPerByte);
    const std::string plain = std::to_string(whole < 0 ? -whole : whole);
    std::string digits;
    for (std::size_t i = 0; i < plain.size(); ++i) {
        if (i > 0 && (plain.size() - i) % 3 == 0)
            digits += ',';
        digits += plain[i];
    }
    return whole < 0 ? "-" + digits : digits;
}

namespace {

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return s;
}

struct UnitSpelling {
    std::string_view text;
    Unit unit;
};

// Longest first, so that "FLOP/s" wins over "s" and "b/s" over "s".
constexpr UnitSpelling kUnits[] = {
    { "FLOPs/s", Unit::FlopsPerSecond },
    { "FLOP/s", Unit::FlopsPerSecond },
    { "flop/s", Unit::FlopsPerSecond },
    { "FLOPS", Unit::FlopsPerSecond },
    { "OPs/s", Unit::FlopsPerSecond },
    { "OP/s", Unit::FlopsPerSecond },
    { "OPS", Unit::FlopsPerSecond },
    { "B/s", Unit::BytesPerSecond },
    { "Bps", Unit::BytesPerSecond },
    { "b/s", Unit::BitsPerSecond },
    { "bps", Unit::BitsPerSecond },
    { "B", Unit::Bytes },
    { "s", Unit::Seconds },
    { "J", Unit::Joules },
};

std::optional<double> prefixFactor(std::string_view symbol)
{
    symbol = trim(symbol);
    if (symbol == "u")
        return 1e-6;
    if (symbol == "K")
        return 1e3;
    for (const Prefix& p : kPrefixes)
        if (p.symbol == symbol)
            return std::pow(10.0, p.exponent);
    constexpr std::string_view binary[] = { "Ki", "Mi", "Gi", "Ti", "Pi", "Ei" };
    for (std::size_t i = 0; i < std::size(binary); ++i)
        if (binary[i] == symbol)
            return std::ldexp(1.0, 10 * static_cast<int>(i + 1));
    return std::nullopt;
}

} // namespace

std::optional<ParsedQuantity> parseQuantity(std::string_view text)
{
    text = trim(text);
    if (!text.empty() && text.front() == '+')
        text.remove_prefix(1);
    if (text.empty())
        return std::nullopt;
    // from_chars accepts "nan" and "inf"; a digit or a point must start a number here.
    const char first = text.front() == '-' && text.size() > 1 ? text[1] : text.front();
    if (!(std::isdigit(static_cast<unsigned char>(first)) || first == '.'))
        return std::nullopt;
    double number = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
    if (error != std::errc())
        return std::nullopt;
    std::string_view rest = trim(text.substr(static_cast<std::size_t>(end - text.data())));

    ParsedQuantity result;
    std::optional<double> factor = prefixFactor(rest);
    if (!factor) {
        for (const UnitSpelling& spelling : kUnits) {
            if (rest.size() >= spelling.text.size()
                && rest.substr(rest.size() - spelling.text.size()) == spelling.text) {
                factor = prefixFactor(rest.substr(0, rest.size() - spelling.text.size()));
                if (factor) {
                    result.unit = spelling.unit;
                    break;
                }
            }
        }
    }
    if (!factor)
        return std::nullopt;
    double value = number * *factor;
    if (result.unit == Unit::BitsPerSecond)
        value /= 8;
    if (!std::isfinite(value))
        return std::nullopt;
    result.value = value;
    return result;
}

std::size_t utf8Length(std::string_view text, std::size_t i)
{
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[i + k]); };
    const unsigned char c = byte(0);
    const std::size_t length = c < 0x80 ? 1
        : c >= 0xC2 && c < 0xE0         ? 2
        : c >= 0xE0 && c < 0xF0         ? 3
        : c >= 0xF0 && c < 0xF5         ? 4
                                        : 0;
    if (length == 0 || i + length > text.size())
        return 0;
    for (std::size_t k = 1; k < length; ++k)
        if ((byte(k) & 0xC0) != 0x80)
            return 0;
    const unsigned char second = length > 1 ? byte(1) : 0;
    if ((c == 0xE0 && second < 0xA0) || (c == 0xED && second > 0x9F) || (c == 0xF0 && second < 0x90)
        || (c == 0xF4 && second > 0x8F))
        return 0;
    return length;
}

namespace {

// A whole number too large for 64 bits: a count's digits (at most 19) shifted by a binary prefix (at most 2^60).
__extension__ typedef unsigned __int128 Wide;

constexpr std::string_view kCountRange = "expected a whole number from 1 to 2^53 (9007199254740992)";

Expected<double> countError(std::string_view why, std::string_view text)
{
    std::string message(kCountRange);
    message += ", found " + quoteInput(text);
    if (!why.empty())
        message += " (" + std::string(why) + ")";
    return Expected<double>::failure(message);
}

} // namespace

std::optional<std::size_t> firstNonTextByte(std::string_view text)
{
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t length = utf8Length(text, i);
        const auto c = static_cast<unsigned char>(text[i]);
        if (length == 0 || (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F)
            return i;
        i += length;
    }
    return std::nullopt;
}

std::string describeByte(unsigned char c)
{
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02X", c);
    if (c == 0)
        return "a NUL byte";
    if (c < 0x20 || c == 0x7F)
        return "control character " + std::string(hex);
    return "invalid UTF-8 (byte " + std::string(hex) + ")";
}

std::optional<std::string> textProblem(std::string_view text)
{
    const std::optional<std::size_t> bad = firstNonTextByte(text);
    if (!bad)
        return std::nullopt;
    return describeByte(static_cast<unsigned char>(text[*bad])) + " at byte " + std::to_string(*bad + 1);
}

std::optional<std::string> notOneLineOfText(std::string_view field)
{
    if (std::optional<std::string> problem = textProblem(field))
        return problem;
    const std::size_t at = field.find_first_of("\t\r\n");
    if (at == std::string_view::npos)
        return std::nullopt;
    return std::string(field[at] == '\t' ? "a tab" : "a line break") + " at byte " + std::to_string(at + 1);
}

std::string shortened(std::string_view text, std::size_t maxBytes)
{
    if (text.size() <= maxBytes)
        return std::string(text);
    std::size_t end = maxBytes >= 3 ? maxBytes - 3 : 0;
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80)
        --end; // back to the first byte of the character that would be cut
    return std::string(text.substr(0, end)) + "...";
}

std::string shownPath(std::string_view path)
{
    if (path.size() <= kMaxShownPath)
        return std::string(path);
    constexpr std::size_t head = kMaxShownPath / 3;
    std::size_t tail = path.size() - (kMaxShownPath - head - 3);
    while (tail < path.size() && (static_cast<unsigned char>(path[tail]) & 0xC0) == 0x80)
        ++tail; // forward to the first byte of a character
    return shortened(path, head + 3) + std::string(path.substr(tail));
}

std::string withShortWords(std::string_view message)
{
    std::string out;
    out.reserve(std::min(message.size(), std::size_t(4096)));
    std::size_t i = 0;
    while (i < message.size()) {
        const std::size_t end = std::min(message.find(' ', i), message.size());
        out += shownPath(message.substr(i, end - i));
        if (end < message.size())
            out += ' ';
        i = end + 1;
    }
    return out;
}

std::string quoteInput(std::string_view text)
{
    std::string out = "'";
    std::size_t i = 0;
    while (i < text.size() && i < kMaxQuoted) {
        const std::size_t length = utf8Length(text, i);
        const auto c = static_cast<unsigned char>(text[i]);
        if (length == 0 || c < 0x20 || c == 0x7F)
            out += '?';
        else
            out += text.substr(i, length);
        i += std::max<std::size_t>(length, 1);
    }
    if (i < text.size())
        out += "...";
    return out + "'";
}

std::string joinWithOr(const std::vector<std::string>& names)
{
    std::string text;
    for (std::size_t i = 0; i < names.size(); ++i)
        text += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
    return text;
}

std::string savedNumber(double v)
{
    char buffer[64];
    if (v == std::floor(v) && std::fabs(v) <= kMaxWholeNumber) {
        std::snprintf(buffer, sizeof buffer, "%.0f", v);
        return buffer;
    }
    const std::to_chars_result written = std::to_chars(buffer, buffer + sizeof buffer, v);
    return std::string(buffer, written.ptr);
}

Expected<double> parseWholeNumber(std::string_view text)
{
    std::string_view s = trim(text);
    if (!s.empty() && s.front() == '+')
        s.remove_prefix(1);
    // The significant digits and the power of ten they are scaled by, as written: "1.5k" is 15 and 2.
    std::string digits;
    long exponent = 0;
    bool anyDigit = false;
    bool point = false;
    std::size_t i = 0;
    for (; i < s.size(); ++i) {
        const char c = s[i];
        if (c == '.' && !point) {
            point = true;
        } else if (std::isdigit(static_cast<unsigned char>(c))) {
            anyDigit = true;
            if (!digits.empty() || c != '0')
                digits += c;
            if (point)
                --exponent;
        } else {
            break;
        }
    }
    if (!anyDigit)
        return countError(s.empty() ? "an empty value" : "", text);
    // An exponent ("1e6"), unless the E is the exa prefix ("1E" is 1e18).
    if (i + 1 < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        std::size_t j = i + 1;
        const bool negative = s[j] == '-';
        if (s[j] == '-' || s[j] == '+')
            ++j;
        if (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) {
            long written = 0;
            for (; j < s.size() && std::isdigit(static_cast<unsigned char>(s[j])); ++j)
                written = std::min(written * 10 + (s[j] - '0'), 100000L); // far beyond any count either way
            exponent += negative ? -written : written;
            i = j;
        }
    }
    const std::string_view prefix = trim(s.substr(i));
    int binaryShift = 0;
    if (!prefix.empty()) {
        const std::optional<double> factor = prefixFactor(prefix);
        if (!factor || *factor < 1) {
            const std::optional<ParsedQuantity> q = parseQuantity(text);
            if (q && q->unit != Unit::None)
                return countError("a count takes no unit", text);
            return countError(factor ? "a count takes no prefix below k" : "", text);
        }
        if (prefix.back() == 'i')
            binaryShift = static_cast<int>(std::lround(std::log2(*factor)));
        else
            exponent += std::lround(std::log10(*factor));
    }
    if (digits.empty())
        return countError("zero", text);
    while (digits.back() == '0') {
        digits.pop_back();
        ++exponent;
    }
    if (digits.size() > 19)
        return countError("more significant digits than any count up to 2^53 has", text);
    constexpr Wide kMax = static_cast<Wide>(kMaxWholeNumber);
    Wide value = static_cast<Wide>(std::stoull(digits)) << binaryShift;
    for (; exponent > 0 && value <= kMax; --exponent)
        value *= 10;
    for (; exponent < 0; ++exponent) {
        if (value % 10 != 0)
            return countError("not a whole number", text);
        value /= 10;
    }
    if (value > kMax)
        return countError("above 2^53, where doubles skip whole numbers", text);
    return static_cast<double>(value);
}

std::string formatPercent(double fraction)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f%%", 100 * fraction);
    return buffer;
}

std::string groupThousands(const std::string& digits)
{
    const std::size_t start = digits.starts_with('-') ? 1 : 0;
    std::string out = digits.substr(0, start);
    for (std::size_t i = start; i < digits.size(); ++i) {
        if (i > start && (digits.size() - i) % 3 == 0)
            out += ',';
        out += digits[i];
    }
    return out;
}

} // namespace roofline
