// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzzes the scenario loader against the built-in presets; a scenario that loads also survives saving and loading.
#include "fuzz_check.h"
#include "llm/generate.h"

#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace roofline;
    static const PresetLibrary library = loadPresetLibrary({});
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const Expected<Session, Diagnostics> s = parseScenario(text, "fuzz.yaml", library);
    if (!s) {
        fuzz::checkDiagnostics(s.error(), "fuzz.yaml");
        return 0;
    }
    fuzz::checkScenario(*s);
    // One rule for ids: no operation of the file takes a generated one, and every link names what a link may name.
    for (const Operation& op : s->operations)
        fuzz::require(!reservedOperationId(op.id));
    if (s->measured)
        for (const LinkRule& link : s->measured->links)
            fuzz::require(link.operationId.empty() || linkableOperation(*s, link.operationId));
    const Expected<Session, Diagnostics> again = parseScenario(writeScenario(*s), "saved.yaml", library);
    fuzz::require(again.ok());
    fuzz::require(again->operations.size() == s->operations.size());
    return 0;
}
