// SPDX-License-Identifier: GPL-3.0-or-later
// SI formatting and parsing of the quantities Roofline Lab shows: FLOP/s, bytes/s, bytes, seconds.
#pragma once

#include "base/expected.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofline {

// "989 T", "3.35 T", "19.8 k": value scaled to an SI prefix from y (1e-24) to Q (1e30), with `digits`
// significant digits and trailing zeros dropped. Non-finite values print as "nan", "inf", "-inf".
std::string formatSI(double value, std::string_view unit = {}, int digits = 3);

// Convenience wrappers with the unit the program uses everywhere.
std::string formatFlops(double flopsPerSecond); // "989 TFLOP/s"
std::string formatBandwidth(double bytesPerSecond); // "3.35 TB/s"
std::string formatBitRate(double bytesPerSecond); // "400 Gb/s" (the value is still bytes/s)
std::string formatBytes(double bytes); // "134 MB"
std::string formatSeconds(double seconds); // "1.01 ms", "42.5 µs"
std::string formatIntensity(double flopsPerByte); // "240", "19.8 k", "0.5"
std::string formatPercent(double fraction); // "83.2%"
// "6,738,415,616": digits (an optional minus first) with a comma between groups of three, as papers print counts.
std::string groupThousands(const std::string& digits);

// "a", "a or b", "a, b or c": names listed in a sentence.
std::string joinWithOr(const std::vector<std::string>& names);

// A number as a saved file writes it: the shortest text that reads back as exactly `v` ("0.8", not
// "0.80000000000000004"; "3.35e+12"), and a whole number up to 2^53 in full digits ("989000000000000", "4096").
std::string savedNumber(double v);

// What a parsed quantity was written in.
enum class Unit {
    None, // a bare number: "1.97e14", "989 T"
    FlopsPerSecond, // "FLOP/s", "FLOPS", "OP/s"
    BytesPerSecond, // "B/s"
    BitsPerSecond, // "b/s", "bps"
    Bytes, // "B"
    Seconds, // "s"
    Joules, // "J"
};

struct ParsedQuantity {
    double value = 0; // in SI base units; bit rates are converted to bytes/s
    Unit unit = Unit::None;
};

// Parses what a user types into a field or a scenario: a number with an optional SI prefix and an optional
// unit, "3.35 TB/s", "400 Gb/s", "989T", "1.97e14", "8.2e11 B/s", "2 Ki" (binary prefixes Ki..Ei too).
// Returns nothing for anything else, including NaN, infinities and values that overflow a double.
std::optional<ParsedQuantity> parseQuantity(std::string_view text);

// The largest count accepted: 2^53, beyond which a double no longer holds every whole number.
inline constexpr double kMaxWholeNumber = 9007199254740992.0;

// Parses a count (a batch, a dimension, a number of chips): a whole number from 1 to 2^53, plain ("8192"), with an
// exponent ("1e6") or a prefix from k up ("4k", "2 Ki", "1.5M"). Decided on the digits as written, not on a rounded
// double, so "9007199254740993" is refused rather than read as 2^53 and "4503599627370496.5" is a fraction. No unit,
// no sub-unit prefix ("1500m"), no minus sign. The error says what was wrong and what would be accepted.
Expected<double> parseWholeNumber(std::string_view text);

// What a user typed, for a message: in single quotes, at most kMaxQuoted characters (cut on a UTF-8 boundary and
// marked "..."), control characters shown as "?", so that a message never carries a megabyte or a terminal escape.
inline constexpr std::size_t kMaxQuoted = 80;
std::string quoteInput(std::string_view text);

// The offset of the first byte that is not text: invalid UTF-8 (overlong forms and surrogates included), NUL, DEL or
// a control character other than tab, newline and carriage return. Nothing when all of it is text.
std::optional<std::size_t> firstNonTextByte(std::string_view text);
// The length of the valid UTF-8 sequence starting at text[i], or 0 for a byte that starts none: no overlong forms,
// no surrogates, nothing above U+10FFFF.
std::size_t utf8Length(std::string_view text, std::size_t i);

// "a NUL byte", "control character 0x1B", "invalid UTF-8 (byte 0xFF)".
std::string describeByte(unsigned char c);
// What makes `text` not text, for a message: "control character 0x1B at byte 4"; nothing when it is text.
std::optional<std::string> textProblem(std::string_view text);
// Why `field` cannot be shown as one line of text (a name, a label, a kernel's group): what textProblem finds, or a tab
// or line break, with its place; nothing when it can.
std::optional<std::string> notOneLineOfText(std::string_view field);

// `text` cut to at most `maxBytes` bytes on a UTF-8 character's boundary and marked "..." when it is longer.
std::string shortened(std::string_view text, std::size_t maxBytes);
// A path, or any one word of input, as a message shows it: whole up to kMaxShownPath bytes; longer, its start and its
// end with "..." between (cut on UTF-8 boundaries), so that the folder it starts in and the file's name still show.
inline constexpr std::size_t kMaxShownPath = 160;
std::string shownPath(std::string_view path);
// `message` with every word (a run without spaces) longer than kMaxShownPath shown as shownPath shows a path: a
// message never echoes thousands of bytes of one input.
std::string withShortWords(std::string_view message);

} // namespace roofline
