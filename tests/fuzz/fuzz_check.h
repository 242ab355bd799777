// SPDX-License-Identifier: GPL-3.0-or-later
// What every fuzz target asserts of a scenario that loaded: every number it would show is finite.
#pragma once

#include "files/scenario.h"
#include "report/report.h"
#include "roofline/evaluate.h"
#include "session/analysis.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace roofline::fuzz {

// Aborts, naming the check that failed, so that a crash's report says which property the input broke.
// (clang 14 with Debian's libstdc++ has no std::source_location; both compilers have these builtins.)
inline void require(bool condition, const char* file = __builtin_FILE(), int line = __builtin_LINE())
{
    if (condition)
        return;
    std::fprintf(stderr, "fuzz check failed: %s:%d\n", file, line);
    std::abort();
}

// A message for the user: short whatever the input, and printable text.
inline void checkMessage(const std::string& message)
{
    require(message.size() <= 2000);
    require(!firstNonTextByte(message));
    require(message.find_first_of("\t\r") == std::string::npos);
}

// What every refusal must be: at least one message, each located in `file` and short (an input is quoted to 80
// characters), text with no control character, at most kMaxDiagnostics and a count of the rest.
inline void checkDiagnostics(const Diagnostics& diagnostics, const std::string& file)
{
    require(!diagnostics.empty() && diagnostics.size() <= kMaxDiagnostics + 1);
    for (const Diagnostic& d : diagnostics) {
        require(d.file == file && !d.message.empty() && d.line >= 0 && d.column >= 0);
        checkMessage(d.toString());
    }
}

inline void checkScenario(const Session& s)
{
    const Analysis a = analyse(s);
    // A model that loaded runs: its settings were checked against the model and the chip before anything was made.
    require(a.modelProblem.empty() && (!s.model || a.model));
    for (const Roof& roof : bandwidthRoofs(a.hardware))
        require(std::isfinite(roof.value) && roof.value >= kMinRate && roof.value <= kMaxRate);
    // Efficiency factors in 0.01 – 1 and latencies in 0 – 0.1 s, wherever they came from.
    auto factor = [](double e) { return std::isfinite(e) && e >= kMinEfficiency && e <= kMaxEfficiency; };
    auto latency = [](double t) { return std::isfinite(t) && t >= kMinLatency && t <= kMaxLatency; };
    require(factor(a.hardware.computeEfficiency) && latency(a.hardware.launchFloor));
    for (const MemoryLevel& m : a.hardware.memories)
        require(factor(m.efficiency));
    for (const Link& l : a.hardware.links)
        require(factor(l.efficiency) && latency(l.latency));
    for (const OperationAnalysis& result : a.operations) {
        const Expected<Evaluation>& e = result.evaluation;
        require(e.ok());
        require(std::isfinite(e->flops) && e->flops >= 0);
        require(std::isfinite(e->tLower) && std::isfinite(e->tUpper) && e->tUpper >= e->tLower);
        require(std::isfinite(e->attainable) && e->attainable <= e->peak * (1 + 1e-12));
        require(std::isfinite(e->tLatency) && e->tLatency >= 0 && e->tLatency <= e->tLower);
    }
    require(std::isfinite(a.total.tLower) && std::isfinite(a.total.tUpper) && std::isfinite(a.total.tLatency));
    require(reportJson(a).ok());
}

} // namespace roofline::fuzz
