// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzzes the preset loader: any bytes either load into a chip the chart can draw, or give located errors.
#include "fuzz_check.h"

#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace roofline;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const Expected<Hardware, Diagnostics> hw = parsePreset(text, "fuzz.yaml", "fuzz");
    if (!hw) {
        fuzz::checkDiagnostics(hw.error(), "fuzz.yaml");
        return 0;
    }
    fuzz::checkScenario(defaultSession(*hw));
    return 0;
}
