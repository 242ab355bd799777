// What the core tests that read scenarios share: the built-in presets and models, and a scenario text that must
// parse.
#pragma once

#include "model_presets.h"
#include "presets.h"
#include "scenario.h"

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

// The session of a scenario text named "test.yaml"; a text that does not parse ends the test run with its errors.
inline Session parse(const std::string& text)
{
    const Expected<Session, Diagnostics> s = parseScenario(text, "test.yaml", library());
    if (!s)
        qFatal("%s", toString(s.error()).c_str());
    return *s;
}

} // namespace roofline::testing
