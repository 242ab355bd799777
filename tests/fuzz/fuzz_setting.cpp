// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzzes --set KEY=VALUE: a setting either applies and leaves a drawable scenario, or changes nothing.
#include "fuzz_check.h"

#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace roofline;
    static const PresetLibrary library = loadPresetLibrary({});
    static const Session base = defaultSession(*library.find("h100-sxm"));
    static const std::string baseText = writeScenario(base);
    Session s = base;
    const std::string_view setting(reinterpret_cast<const char*>(data), size);
    if (const std::optional<std::string> error = applySetting(s, setting)) {
        fuzz::require(writeScenario(s) == baseText);
        fuzz::checkMessage(*error);
        return 0;
    }
    fuzz::checkScenario(s);
    return 0;
}
