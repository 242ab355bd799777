// SPDX-License-Identifier: GPL-3.0-or-later
#include "measured/off_roof.h"

#include "base/units.h"
#include "measured/placement.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace roofline {

namespace {

// The bytes of the chip's main memory an evaluated operation moves: its compulsory traffic there.
double operationMainBytes(const Evaluation& e, const Hardware& hw)
{
    if (hw.memories.empty())
        return 0;
    for (const ResourceUse& r : e.resources)
        if (r.kind == RoofKind::Memory && r.name == hw.memories.front().name)
            return r.bytes;
    return 0;
}

// The counts of the kernel against those of the operation it is linked to.
void checkCounts(std::vector<OffRoofReason>& out, const MeasuredKernel& k, double kernelBytes, const MeasuredLink& link,
    const Hardware& hw)
{
    const Evaluation* e = link.predicted();
    // A kernel of another precision than its operation's moves other bytes for the same work: nothing to compare.
    if (!e || (k.dtype && *k.dtype != e->dtype))
        return;
    if (e->flops > 0 && k.flops > e->flops * (1 + kOffRoofTolerance))
        out.push_back({ OffRoofCheck::Padding, k.flops, e->flops, link.operation(), {}, 0, 0 });
    const double compulsory = operationMainBytes(*e, hw);
    if (!(compulsory > 0) || !(kernelBytes > 0))
        return;
    const std::string& memory = hw.memories.front().name;
    if (kernelBytes < compulsory * (1 - kOffRoofTolerance))
        out.push_back({ OffRoofCheck::CacheReuse, kernelBytes, compulsory, link.operation(), memory, 0, 0 });
    else if (kernelBytes > compulsory * (1 + kExtraTrafficTolerance))
        out.push_back({ OffRoofCheck::ExtraTraffic, kernelBytes, compulsory, link.operation(), memory, 0, 0 });
}

// A compute-bound kernel's own clock against the one the peaks are stated at.
void checkClock(std::vector<OffRoofReason>& out, const MeasuredKernel& k, const MeasuredPoint& p, const Hardware& hw)
{
    // The clock of the tensor peaks: fp32 and fp64 run on other units at other clocks (the H100's fp32 at 1.98 GHz).
    if (!(hw.peakClock > 0) || !(k.clockHz > 0) || p.bound != "compute" || p.roof == Dtype::fp32)
        return;
    const double ratio = k.clockHz / hw.peakClock;
    if (std::abs(ratio - 1) <= kOffRoofTolerance)
        return;
    const double roof = p.attainable * ratio;
    out.push_back({ OffRoofCheck::Clock, k.clockHz, hw.peakClock, {}, std::string(dtypeName(p.roof)), roof,
        roof > 0 ? p.achieved / roof : 0 });
}

// A kernel whose ideal time is below the floor every kernel pays, or whose size is below the half-efficiency size of
// the calibration's curve of the roof that binds it.
void checkSize(std::vector<OffRoofReason>& out, const MeasuredKernel& k, double kernelBytes, const MeasuredPoint& p,
    const OffRoofContext& c)
{
    const double calibrationFloor = c.calibration ? c.calibration->floor : 0;
    const double floor = std::max(c.hardware.launchFloor, calibrationFloor);
    const double ideal = p.attainable > 0 ? k.flops / p.attainable : 0;
    if (floor > 0 && ideal > 0 && ideal < floor) {
        out.push_back({ OffRoofCheck::TooSmall, ideal, floor,
            calibrationFloor > c.hardware.launchFloor ? "calibration's floor" : "launch floor", {}, 0, 0 });
        return;
    }
    if (!c.calibration)
        return;
    const bool compute = p.bound == "compute";
    const std::string resource = compute ? std::string(dtypeName(p.roof)) : p.bound.str();
    const EfficiencyCurve* curve = c.calibration->curve(resource);
    const double size = compute ? k.flops : kernelBytes;
    if (curve && curve->half > 0 && size > 0 && size < curve->half)
        out.push_back({ OffRoofCheck::TooSmall, size, curve->half, "curve", resource, 0, 0 });
}

// "2.01×", "0.35×": three digits, as a ratio is read.
std::string ratioText(double factor)
{
    char text[32];
    std::snprintf(text, sizeof text, factor >= 1000 ? "%.0f×" : "%.3g×", factor);
    return text;
}

} // namespace

std::string_view standingName(RoofStanding s)
{
    switch (s) {
    case RoofStanding::Near:
        return "near";
    case RoofStanding::Above:
        return "above";
    case RoofStanding::FarBelow:
        return "far below";
    }
    return {};
}

std::string_view offRoofCheckName(OffRoofCheck c)
{
    switch (c) {
    case OffRoofCheck::Padding:
        return "padding";
    case OffRoofCheck::CacheReuse:
        return "cache reuse";
    case OffRoofCheck::ExtraTraffic:
        return "extra traffic";
    case OffRoofCheck::Clock:
        return "clock";
    case OffRoofCheck::TooSmall:
        return "too small";
    }
    return {};
}

OffRoof explainOffRoof(const OffRoofContext& c, const MeasuredPoint& p, const MeasuredLink* link)
{
    OffRoof out;
    if (!p.onChart)
        return out;
    const MeasuredKernel k = c.set.kernels[p.kernel];
    // Above by more than a counter's rounding; for a file that gives no clock, by more than a boost clock could
    // explain (kCalibrationClockAllowance), which it cannot check.
    const double fraction = p.fraction();
    const double allowance = k.clockHz > 0 ? kOffRoofTolerance : kCalibrationClockAllowance;
    out.standing = fraction > 1 + allowance ? RoofStanding::Above
        : fraction < kFarBelowRoof          ? RoofStanding::FarBelow
                                            : RoofStanding::Near;
    const std::optional<CalibrationWork> work = kernelWork(k, c.hardware);
    const double bytes = work ? work->bytes : 0;
    if (link) {
        out.linked = true;
        checkCounts(out.reasons, k, bytes, *link, c.hardware);
    }
    checkClock(out.reasons, k, p, c.hardware);
    if (out.standing == RoofStanding::FarBelow) // a kernel near or above its roof is not bound by fixed costs
        checkSize(out.reasons, k, bytes, p, c);
    return out;
}

OffRoofExplainer::OffRoofExplainer(const OffRoofContext& c)
    : m_context(c)
    , m_linkOf(c.set.kernels.size(), -1)
{
    for (std::size_t i = 0; i < c.analysis.links.size(); ++i)
        if (c.analysis.links[i].kernel < m_linkOf.size())
            m_linkOf[c.analysis.links[i].kernel] = static_cast<int>(i);
}

OffRoof OffRoofExplainer::operator()(const MeasuredPoint& p) const
{
    const int link = p.kernel < m_linkOf.size() ? m_linkOf[p.kernel] : -1;
    return explainOffRoof(m_context, p, link < 0 ? nullptr : &m_context.analysis.links[static_cast<std::size_t>(link)]);
}

std::vector<OffRoof> explainOffRoof(const OffRoofContext& c)
{
    const OffRoofExplainer explain(c);
    std::vector<OffRoof> out;
    out.reserve(c.analysis.points.size());
    for (const MeasuredPoint& p : c.analysis.points)
        out.push_back(explain(p));
    return out;
}

std::string offRoofText(const OffRoofReason& r, Dtype roof)
{
    const std::string work(workName(roof));
    switch (r.check) {
    case OffRoofCheck::Padding:
        return "counted " + formatSI(r.measured, work == "OPs" ? "OP" : "FLOP") + ", " + ratioText(r.factor()) + " the "
            + formatSI(r.expected, work == "OPs" ? "OP" : "FLOP") + " of " + r.against
            + ": a tensor pipe counts the padding of its tiles, so the achieved rate overstates the work done";
    case OffRoofCheck::CacheReuse:
        return "moved " + formatBytes(r.measured) + " of " + r.resource + ", " + ratioText(r.factor()) + " the "
            + formatBytes(r.expected) + " " + r.against
            + " must move at least: a cache held the rest (inputs left by an earlier launch, or outputs not yet "
              "written back when the kernel ended), which raises its intensity at "
            + r.resource + " above the operation's";
    case OffRoofCheck::ExtraTraffic:
        return "moved " + formatBytes(r.measured) + " of " + r.resource + ", " + ratioText(r.factor()) + " the "
            + formatBytes(r.expected) + " " + r.against + " must move: re-reads or spills the model does not count";
    case OffRoofCheck::Clock:
        return "ran at " + formatSI(r.measured, "Hz", 3) + ", " + formatPercent(std::abs(r.factor() - 1))
            + (r.factor() > 1 ? " above" : " below") + " the " + formatSI(r.expected, "Hz", 3) + " its " + r.resource
            + " peak is stated at: its roof at that clock is " + formatRate(r.roof, roof) + ", of which it reached "
            + formatPercent(r.reached);
    case OffRoofCheck::TooSmall:
        if (r.against == "curve")
            return "at "
                + (r.resource == dtypeName(roof) ? formatSI(r.measured, work == "OPs" ? "OP" : "FLOP")
                                                 : formatBytes(r.measured))
                + " it is below the "
                + (r.resource == dtypeName(roof) ? formatSI(r.expected, work == "OPs" ? "OP" : "FLOP")
                                                 : formatBytes(r.expected))
                + " at which the calibration's " + r.resource
                + " curve reaches half its ceiling: too small to fill the chip";
        return "its work takes " + formatSeconds(r.measured) + " at the roof, less than the "
            + formatSeconds(r.expected) + " " + r.against
            + ": fixed costs (the launch, the ramp-up, the last wave) bind it, not the roof";
    }
    return {};
}

bool explainsStanding(const OffRoofReason& r, RoofStanding standing)
{
    switch (r.check) {
    case OffRoofCheck::Padding: // counted FLOPs raise the achieved rate
        return standing == RoofStanding::Above;
    case OffRoofCheck::Clock: // the roof at its clock holds it, above or below the datasheet's
        return standing == RoofStanding::Above   ? r.factor() > 1 && r.reached <= 1 + kOffRoofTolerance
            : standing == RoofStanding::FarBelow ? r.factor() < 1 && r.reached >= kFarBelowRoof
                                                 : false;
    case OffRoofCheck::TooSmall:
        return standing == RoofStanding::FarBelow;
    case OffRoofCheck::CacheReuse: // against the operation's bytes, not the kernel's own roof
    case OffRoofCheck::ExtraTraffic:
        return false;
    }
    return false;
}

bool explained(const OffRoof& o)
{
    return std::any_of(
        o.reasons.begin(), o.reasons.end(), [&](const OffRoofReason& r) { return explainsStanding(r, o.standing); });
}

std::string unexplainedText(const OffRoof& o)
{
    if (o.standing == RoofStanding::Near || explained(o))
        return {};
    const std::string link = o.linked ? "" : " (linked to an operation, its FLOPs and bytes would be checked too)";
    return o.standing == RoofStanding::Above
        ? "above its roof, and no check explains it: are the file's FLOPs, bytes and dtype those of what ran?" + link
        : "far below its roof, and no check explains it: the kernel itself falls short of the chip; compare another "
          "implementation of the same work"
            + link;
}

} // namespace roofline
