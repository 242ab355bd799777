// SPDX-License-Identifier: GPL-3.0-or-later
#include "chart/calibrated.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace roofline::chart {

namespace {

// Samples of the curved roof per decade of intensity: its bend spans about a decade.
constexpr int kSamplesPerDecade = 16;

// The time of `size` FLOPs or bytes against `roof`: under the curve from the smallest size it was fitted on up, as
// predictSeconds takes an operation's; elsewhere the evaluated time, at the roof times its efficiency factor.
double termSeconds(const EfficiencyCurve* curve, double size, double roof, double efficiency)
{
    if (!(size > 0) || !(roof > 0))
        return 0;
    return curve && size >= curve->smallest ? curve->seconds(size, roof) : size / (roof * efficiency);
}

} // namespace

double calibratedAttainable(const Calibration& cal, const Hardware& hw, const CalibratedWork& work, double intensity)
{
    if (!(work.flops > 0) || !(intensity > 0) || hw.memories.empty())
        return 0;
    // Below a curve's sizes a term is the evaluated one: the roof times its efficiency factor.
    const double peak = hw.peakFor(work.dtype).value_or(0);
    const MemoryLevel& main = hw.memories.front();
    const double t = std::max({ cal.floor, work.launchFloor,
        termSeconds(cal.curve(dtypeName(work.dtype)), work.flops, peak, hw.computeEfficiency),
        termSeconds(cal.curve(main.name), work.flops / intensity, main.bandwidth, main.efficiency) });
    return t > 0 ? work.flops / t : 0;
}

CalibratedRoofs calibratedRoofs(
    const Calibration& cal, const Hardware& hw, Dtype dtype, const Layout& layout, const CalibratedWork& work)
{
    const double flops = work.flops;
    const double intensity = work.intensity;
    CalibratedRoofs out;
    const double peak = hw.peakFor(dtype).value_or(0);
    const EfficiencyCurve* compute = cal.curve(dtypeName(dtype));
    const double ceilingPeak = compute ? peak * compute->ceiling : peak;
    if (compute && peak > 0) {
        RoofSegment s;
        s.name = std::string(dtypeName(dtype));
        s.value = ceilingPeak;
        s.efficiency = compute->ceiling;
        s.from = { layout.x.lower(), ceilingPeak };
        s.to = { layout.x.upper(), ceilingPeak };
        s.label = { layout.x.lower() * std::pow(layout.x.upper() / layout.x.lower(), 0.02), ceilingPeak };
        out.ceilings.push_back(std::move(s));
    }
    if (!hw.memories.empty())
        if (const EfficiencyCurve* memory = cal.curve(hw.memories.front().name); memory && ceilingPeak > 0) {
            RoofSegment s;
            s.kind = RoofKind::Memory;
            s.name = memory->resource;
            s.value = hw.memories.front().bandwidth * memory->ceiling;
            s.efficiency = memory->ceiling;
            s.ridge = ridgeIntensity(ceilingPeak, s.value);
            const double x0 = std::max(layout.x.lower(), layout.y.lower() / s.value);
            s.from = { x0, s.value * x0 };
            s.to = { s.ridge, ceilingPeak };
            if (s.from.x > s.to.x) // held axes right of the ridge: the slope lies outside them, drawn as nothing
                s.from = s.to;
            // Along the slope towards its ridge, clear of the memory-bound operations low on it.
            s.label = { s.from.x * std::pow(s.to.x / s.from.x, 0.5), s.from.y * std::pow(s.to.y / s.from.y, 0.5) };
            out.ceilings.push_back(std::move(s));
        }
    out.flops = flops;
    if (!(flops > 0))
        return out;
    // Drawn where the memory curve knows the bytes: beyond the smallest it was fitted on, its term falls back to the
    // datasheet's time and the roof would jump up to it as the intensity grows; the curve ends instead. (The compute
    // term is the same at every intensity: below its curve's sizes it is the datasheet's throughout.)
    const EfficiencyCurve* memory = hw.memories.empty() ? nullptr : cal.curve(hw.memories.front().name);
    const auto known = [&](double x) { return !memory || flops / x >= memory->smallest; };
    const int samples = layout.x.decades() * kSamplesPerDecade;
    bool passed = !(intensity > 0) || !known(intensity);
    for (int i = 0; i <= samples; ++i) {
        const double x = layout.x.lower() * std::pow(10.0, static_cast<double>(i) / kSamplesPerDecade);
        if (!passed && x >= intensity) {
            out.work.push_back({ intensity, calibratedAttainable(cal, hw, work, intensity) });
            passed = true;
        }
        if (x != intensity && known(x))
            out.work.push_back({ x, calibratedAttainable(cal, hw, work, x) });
    }
    return out;
}

} // namespace roofline::chart
