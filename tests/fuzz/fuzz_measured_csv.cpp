// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzzes the plain measured CSV reader (see fuzz_measured.h for what it asserts). An input whose first line starts
// "#map:" has the rest of that line read as a --columns mapping and what follows read with that mapping in the format
// detected from it, as --columns without --format-hint: a JSON file or an Nsight Compute page refuses the mapping.
#include "fuzz_measured.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace roofline;
    std::string_view text(reinterpret_cast<const char*>(data), size);
    if (text.starts_with("#map:")) {
        const std::size_t end = std::min(text.find('\n'), text.size());
        const Expected<ColumnMapping> mapping = parseColumnMapping(text.substr(5, end - 5));
        if (!mapping) {
            fuzz::checkMessage(mapping.error());
            return 0;
        }
        fuzz::checkMeasured(text.substr(std::min(end + 1, text.size())), std::nullopt, &*mapping);
        return 0;
    }
    fuzz::checkMeasured(text, MeasuredFormat::PlainCsv);
    return 0;
}
