// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzzes the SI parser behind every edit field: what it accepts is finite and reads back from its own formatting. A
// count it accepts is a whole number from 1 to 2^53, the value the SI parser reads from the same text. A value as a
// saved file writes it (savedNumber) reads back exactly, and a count as a count.
#include "base/units.h"

#include <cmath>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace roofline;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const std::optional<ParsedQuantity> q = parseQuantity(text);
    if (const Expected<double> count = parseWholeNumber(text)) {
        if (!(*count >= 1 && *count <= kMaxWholeNumber && *count == std::floor(*count)))
            std::abort();
        if (!q || q->unit != Unit::None || std::fabs(q->value - *count) > 1e-15 * *count)
            std::abort();
        if (const Expected<double> saved = parseWholeNumber(savedNumber(*count)); !saved || *saved != *count)
            std::abort();
    } else if (count.error().size() > 400 || firstNonTextByte(count.error())) {
        std::abort();
    }
    if (!q)
        return 0;
    if (!std::isfinite(q->value))
        std::abort();
    if (const std::optional<ParsedQuantity> saved = parseQuantity(savedNumber(q->value));
        !saved || saved->value != q->value)
        std::abort();
    const double magnitude = std::fabs(q->value);
    if (magnitude < 1e-20 || magnitude > 1e30)
        return 0;
    // Formatting keeps 6 significant digits here, so reading it back lands within 5e-6 of the value.
    const std::optional<ParsedQuantity> back = parseQuantity(formatSI(q->value, "B/s", 6));
    if (!back || std::fabs(back->value - q->value) > 5e-6 * magnitude)
        std::abort();
    return 0;
}
