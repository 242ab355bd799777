// SPDX-License-Identifier: GPL-3.0-or-later
#include "measured/calibration.h"
#include "measured/calibration_roof.h"

#include "measured/placement.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace roofline {

const EfficiencyCurve* Calibration::curve(std::string_view resource) const
{
    for (const EfficiencyCurve& c : curves)
        if (c.resource == resource)
            return &c;
    return nullptr;
}

Dtype roofDtype(const Hardware& hw, std::optional<Dtype> dtype, Dtype fallback)
{
    return dtype && hw.peakFor(*dtype) ? *dtype : fallback;
}

CalibratedTime predictSeconds(const Calibration& cal, const Hardware& hw, const CalibrationWork& work, Dtype fallback)
{
    CalibratedTime t { cal.floor, "floor", true };
    const auto consider = [&](std::string_view resource, double size, double roof) {
        if (!(size > 0) || !(roof > 0))
            return;
        const EfficiencyCurve* c = cal.curve(resource);
        const double s = c ? c->seconds(size, roof) : size / roof;
        if (s > t.seconds)
            t = { s, std::string(resource), c != nullptr };
    };
    if (!hw.memories.empty())
        consider(hw.memories.front().name, work.bytes, hw.memories.front().bandwidth);
    const Dtype d = roofDtype(hw, work.dtype, fallback);
    consider(dtypeName(d), work.flops, hw.peakFor(d).value_or(0));
    return t;
}

CalibratedTime predictSeconds(const Calibration& cal, const Hardware& hw, const Evaluation& e)
{
    CalibratedTime t { std::max(cal.floor, e.tLaunch), "floor", true };
    const auto consider = [&](const std::string& resource, double seconds, bool calibrated) {
        if (seconds > t.seconds)
            t = { seconds, resource, calibrated };
    };
    // A curve stands for the sizes it was fitted on and above: below its smallest kernel its fixed cost would fall on
    // work it never saw (a collective's reduction timed as a GEMM), so the evaluated time stands there.
    const auto applies = [](const EfficiencyCurve* c, double size) { return c && size >= c->smallest; };
    const std::string dtype(dtypeName(e.dtype));
    const EfficiencyCurve* compute = cal.curve(dtype);
    if (e.flops > 0 && e.peak > 0)
        consider(
            dtype, applies(compute, e.flops) ? compute->seconds(e.flops, e.peak) : e.tMath, applies(compute, e.flops));
    const std::string* main = hw.memories.empty() ? nullptr : &hw.memories.front().name;
    for (const ResourceUse& r : e.resources) {
        const EfficiencyCurve* curve
            = r.kind == RoofKind::Memory && main && r.name == *main ? cal.curve(r.name) : nullptr;
        consider(r.name, applies(curve, r.bytes) ? curve->seconds(r.bytes, r.bandwidth) + r.latency : r.time,
            applies(curve, r.bytes));
    }
    return t;
}

std::optional<CalibratedBand> calibratedBand(const Calibration& cal, const CalibratedTime& t)
{
    const EfficiencyCurve* curve = t.calibrated ? cal.curve(t.bound) : nullptr;
    const CalibrationError& error = curve && curve->error.kernels > 0 ? curve->error : cal.error;
    if (error.kernels == 0)
        return std::nullopt;
    return CalibratedBand { t.seconds / (1 + error.p90),
        error.p90 < 1 ? t.seconds / (1 - error.p90) : std::numeric_limits<double>::infinity() };
}

std::optional<std::string> calibrationMismatch(const Calibration& cal, const Hardware& hw)
{
    if (cal.chip != hw.id)
        return "a calibration of " + (cal.chipName.empty() ? cal.chip : cal.chipName + " (" + cal.chip + ")")
            + ", and the chip is " + hw.name + " (" + hw.id + "): a calibration holds for the chip it was measured on";
    for (const EfficiencyCurve& c : cal.curves) {
        if (!c.compute && (hw.memories.empty() || hw.memories.front().name != c.resource))
            return "a calibration whose curve of " + c.resource + " is not of " + hw.name + "'s main memory"
                + (hw.memories.empty() ? std::string() : " (" + hw.memories.front().name + ")");
        const std::optional<Dtype> d = parseDtype(c.resource);
        if (c.compute && (!d || !hw.peakFor(*d)))
            return "a calibration whose curve of " + c.resource + " is of a dtype " + hw.name + " has no peak for";
        // The roof it was fitted against is the chip's as its datasheet states it, to the datasheet's rounding.
        const double datasheet = c.compute ? *hw.peakFor(*d) : hw.memories.front().bandwidth;
        if (!(std::abs(c.roof - datasheet) <= kCalibrationRoofTolerance * datasheet)) {
            const auto shown = [&](double v) { return c.compute ? formatRate(v, *d) : formatBandwidth(v); };
            return "a calibration whose curve of " + c.resource + " was fitted against a roof of " + shown(c.roof)
                + ", and " + hw.name + "'s is " + shown(datasheet)
                + ": a calibration holds for the roofs it was measured against";
        }
    }
    return std::nullopt;
}

CalibrationError calibrationError(std::vector<double> errors)
{
    CalibrationError e;
    e.kernels = static_cast<int>(errors.size());
    if (errors.empty())
        return e;
    // Three order statistics, selected rather than sorted: a slider step with a calibration states the error of
    // every measured kernel again. They are the values a sort would put at these places, to the bit.
    const std::size_t n = errors.size();
    const auto at = [&](std::size_t k) { return errors.begin() + static_cast<std::ptrdiff_t>(k); };
    const std::size_t p90 = std::size_t(std::ceil(0.9 * double(n))) - 1; // at least n / 2
    std::nth_element(errors.begin(), at(p90), errors.end());
    e.p90 = errors[p90];
    std::nth_element(errors.begin(), at(n / 2), at(p90)); // at(p90) itself when n / 2 = p90: nothing to do
    e.median = n % 2 ? errors[n / 2] : (*std::max_element(errors.begin(), at(n / 2)) + errors[n / 2]) / 2;
    return e;
}

std::vector<double> predictKernels(
    const Calibration& cal, const Hardware& hw, const MeasuredKernels& kernels, Dtype fallback)
{
    std::vector<double> out(kernels.size(), 0.0);
    if (hw.memories.empty())
        return out;
    // Seconds for `size` under a resource: its curve's, else its datasheet roof's.
    struct CurveRoof {
        const EfficiencyCurve* curve = nullptr;
        double roof = 0;
        double seconds(double size) const
        {
            return !(size > 0) || !(roof > 0) ? 0 : curve ? curve->seconds(size, roof) : size / roof;
        }
    };
    const MemoryLevel& main = hw.memories.front();
    const CurveRoof memory { cal.curve(main.name), main.bandwidth };
    std::array<CurveRoof, kDtypeCount> compute {};
    for (const Dtype d : kAllDtypes)
        compute[std::size_t(d)] = { cal.curve(dtypeName(d)), hw.peakFor(d).value_or(0) };
    // Whether each level name a set uses is the main memory: a set names a handful for many kernels.
    std::vector<std::pair<SharedName, bool>> levels;
    const auto isMain = [&](SharedName level) {
        for (const auto& [name, isMainMemory] : levels)
            if (name == level)
                return isMainMemory;
        return levels.emplace_back(level, chipMemoryOf(hw, level) == &hw.memories.front()).second;
    };
    for (std::size_t i = 0; i < kernels.size(); ++i) {
        const MeasuredKernel k = kernels[i];
        double bytes = 0;
        for (const LevelBytes& b : k.bytes)
            if (isMain(b.level)) {
                bytes = b.bytes;
                break;
            }
        // Nothing to time, or FLOPs in a precision the program has no roof for (fp64), which the fit leaves out.
        const bool unknownPrecision = !k.dtype && !k.byPrecision.empty() && !k.byPrecision.front().precision.empty();
        if ((!(bytes > 0) && !(k.flops > 0)) || unknownPrecision)
            continue;
        const Dtype d = roofDtype(hw, k.dtype, fallback);
        out[i] = std::max({ cal.floor, memory.seconds(bytes), compute[std::size_t(d)].seconds(k.flops) });
    }
    return out;
}

std::optional<CalibrationWork> kernelWork(const MeasuredKernel& k, const Hardware& hw)
{
    if (hw.memories.empty())
        return std::nullopt;
    CalibrationWork w { k.flops, k.dtype, 0 };
    for (const LevelBytes& b : k.bytes)
        if (chipMemoryOf(hw, b.level) == &hw.memories.front()) {
            w.bytes = b.bytes; // the first level that is the main memory: two naming it are one memory
            break;
        }
    if (!(w.bytes > 0) && !(w.flops > 0))
        return std::nullopt;
    return w;
}

} // namespace roofline
