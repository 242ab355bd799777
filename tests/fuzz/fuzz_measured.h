// SPDX-License-Identifier: GPL-3.0-or-later
// What every measured-data fuzz target asserts: a refusal is located and short; every figure read lies in its stated
// range; what is read places every kernel at a finite, positive point on log axes or leaves it off the chart with a
// reason; every warning names the file and a line; every --set the report suggests is taken when passed back; and
// the JSON holds only numbers.
#pragma once

#include "base/units.h"
#include "files/presets.h"
#include "files/scenario.h"
#include "fuzz_check.h"
#include "measured/placement.h"
#include "report/measured.h"
#include "report/practical.h"
#include "session/analysis.h"

#include <cmath>
#include <string_view>

namespace roofline::fuzz {

// The kernels of `set` placed on the analysis's chip and linked to its operations.
inline MeasuredAnalysis placeOn(const MeasuredSet& set, const Analysis& a, const std::vector<LinkRule>& links = {})
{
    return analyseMeasured(set, a.placementChip(), a.session.operations, links);
}

// `format` nothing: detected, as the command line does without --format-hint.
inline void checkMeasured(
    std::string_view text, std::optional<MeasuredFormat> format, const ColumnMapping* mapping = nullptr)
{
    static const std::string name = "fuzz.measured";
    static const PresetLibrary library = loadPresetLibrary({});
    static const Analysis model = analyse(defaultSession(*library.find("h100-sxm")));
    const Expected<MeasuredSet, Diagnostics> set = parseMeasured(text, name, format, mapping);
    if (!set) {
        checkDiagnostics(set.error(), name);
        return;
    }
    require(!set->kernels.empty() || !set->ceilings.empty());
    require(set->skipped.size() <= kMaxDiagnostics + 1);
    for (const Diagnostic& d : set->skipped) {
        require(d.file == name && !d.message.empty());
        checkMessage(d.toString());
    }
    for (const MeasuredCeiling& c : set->ceilings)
        require(std::isfinite(c.value) && c.value > 0);
    for (const MeasuredKernel& k : set->kernels) {
        require(!measuredRangeProblem(MeasuredQuantity::Seconds, k.seconds));
        require(!measuredRangeProblem(MeasuredQuantity::Count, k.flops));
        for (const LevelBytes& b : k.bytes)
            require(b.bytes > 0 && !measuredRangeProblem(MeasuredQuantity::Count, b.bytes));
    }
    const MeasuredAnalysis a = placeOn(*set, model, { { "*", "op3" } });
    for (const Diagnostics* warnings : { &set->warnings, &a.warnings })
        for (const Diagnostic& d : *warnings) {
            require(d.file == name && d.line > 0 && !d.message.empty());
            checkMessage(d.toString());
        }
    for (const MeasuredPoint& p : a.points) {
        const MeasuredKernel& k = set->kernels[p.kernel];
        require(std::isfinite(k.seconds) && k.seconds > 0 && std::isfinite(k.flops) && k.flops >= 0);
        if (!p.onChart) {
            require(!p.why.empty());
            continue;
        }
        require(std::isfinite(p.intensity) && p.intensity > 0);
        require(std::isfinite(p.achieved) && p.achieved > 0);
        require(std::isfinite(p.attainable) && p.attainable > 0 && std::isfinite(p.fraction()) && p.fraction() > 0);
    }
    for (const MeasuredLink& l : a.links)
        require(l.predicted() ? std::isfinite(l.ratioToLower) && l.ratioToLower > 0 : !l.problem().empty());
    for (const CeilingComparison& c : a.ceilings) {
        require(std::isfinite(c.measured) && std::isfinite(c.fraction));
        Session session = model.session;
        if (!c.setValue.empty())
            require(!applySetting(session, c.overrideKey + "=" + c.setValue));
        if (!c.efficiencyKey.empty())
            require(!applySetting(session, c.efficiencyKey + "=" + plainFactor(c.fraction)));
    }
    // What reaches the terminal or a JSON reader is UTF-8 text with no control character but line breaks.
    for (const std::string& out : { measuredJson(*set, a, model), measuredTable(*set, a) })
        require(!firstNonTextByte(out) && out.find_first_of("\t\r") == std::string::npos);
}

} // namespace roofline::fuzz
