// What the core tests that read scenarios share: the built-in presets and models, and a scenario text that must
// parse.
#pragma once

#include "files/model_presets.h"
#include "files/presets.h"
#include "files/scenario.h"

#include <QTest>

#include <string>

namespace roofline::testing {

inline const PresetLibrary& library()
{
    static const PresetLibrary lib = loadPresetLibrary({});
    return lib;
}

inline const ModelLibrary& models()
{
    static const ModelLibrary lib = loadModelLibrary({});
    return lib;
}

// A chip with round numbers for figures derived by hand: 1e14 FLOP/s bf16, HBM 1e12 B/s with 1e11 B of capacity, a
// 1e11 B/s link in the node ("FAST", the first) and a 1e10 B/s one to other nodes ("SLOW").
inline Hardware roundChip()
{
    Hardware hw;
    hw.id = "round";
    hw.name = "Round";
    hw.setPeak(Dtype::bf16, 1e14);
    hw.memories.push_back({ "HBM", "", 1e12, 1e11 });
    hw.links.push_back({ "FAST", "", 1e11, LinkScope::IntraNode, false });
    hw.links.push_back({ "SLOW", "", 1e10, LinkScope::InterNode, false });
    return hw;
}

// The messages an H100 scenario whose model block is `block` is refused with; empty when it loads.
inline QString modelBlockErrors(const QString& block)
{
    const auto s = parseScenario("preset: h100-sxm\nmodel:\n" + block.toStdString(), "s.yaml", library(), models());
    return s ? QString() : QString::fromStdString(toString(s.error()));
}

// The session of a scenario text named "test.yaml"; a text that does not parse ends the test run with its errors.
inline Session parse(const std::string& text)
{
    const Expected<Session, Diagnostics> s = parseScenario(text, "test.yaml", library());
    if (!s)
        qFatal("%s", toString(s.error()).c_str());
    return *s;
}

} // namespace roofline::testing
