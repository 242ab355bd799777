// SI formatting and parsing of the quantities Roofline Lab shows: FLOP/s, bytes/s, bytes, seconds.
#pragma once

#include <optional>
#include <string>
#include <string_view>

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

// What a parsed quantity was written in.
enum class Unit {
    None, // a bare number: "1.97e14", "989 T"
    FlopsPerSecond, // "FLOP/s", "FLOPS", "OP/s"
    BytesPerSecond, // "B/s"
    BitsPerSecond, // "b/s", "bps"
    Bytes, // "B"
    Seconds, // "s"
};

struct ParsedQuantity {
    double value = 0; // in SI base units; bit rates are converted to bytes/s
    Unit unit = Unit::None;
};

// Parses what a user types into a field or a scenario: a number with an optional SI prefix and an optional
// unit, "3.35 TB/s", "400 Gb/s", "989T", "1.97e14", "8.2e11 B/s", "2 Ki" (binary prefixes Ki..Ei too).
// Returns nothing for anything else, including NaN, infinities and values that overflow a double.
std::optional<ParsedQuantity> parseQuantity(std::string_view text);

} // namespace roofline
