// SPDX-License-Identifier: GPL-3.0-or-later
// Fitting a calibration (measured/calibration.h): max-affine regression of the kernels' times, each term a constrained
// least-squares fit, and its error by cross-validation.
#include "measured/calibration.h"
#include "measured/calibration_roof.h"

#include "base/units.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <span>
#include <string>
#include <vector>

namespace roofline {

namespace {

// A kernel as the fit sees it: its time, its bytes (resource 0, the main memory) and its FLOPs (resource `compute`).
struct Sample {
    double seconds = 0;
    double bytes = 0;
    double flops = 0;
    int compute = -1; // index into the resources; -1 when it did no FLOPs
    double weight = 1;
};

// One term of the model: t = a + b·x seconds for x bytes or FLOPs (b = 1 / (roof · ceiling), a = half · b).
struct Term {
    double a = 0;
    double b = 0;
    bool fitted = false;
};

struct Model {
    double floor = 0;
    std::vector<Term> terms; // one per resource
};

constexpr int kFloor = -1;
constexpr int kMinFloorKernels = 2;

struct Resource {
    std::string name;
    bool compute = false;
    double roof = 0;
};

double termSeconds(const Term& t, double x)
{
    return x > 0 ? t.a + t.b * x : 0;
}

// The term that binds a sample, and the time the model predicts.
std::pair<int, double> binding(const Model& m, const Sample& s)
{
    std::pair<int, double> best { kFloor, m.floor };
    if (const double t = termSeconds(m.terms[0], s.bytes); t > best.second)
        best = { 0, t };
    if (s.compute >= 0)
        if (const double t = termSeconds(m.terms[std::size_t(s.compute)], s.flops); t > best.second)
            best = { s.compute, t };
    return best;
}

// The sums of a term's normal equations over its samples (u = 1/t, v = x/t, each weighted).
struct Sums {
    double suu = 0, suv = 0, svv = 0, su = 0, sv = 0;
    int n = 0;
};

// The least squared relative error a + b·x can have over the samples (minimise sum (a·u + b·v − 1)²), with a >= 0
// and bMin <= b <= bMax (a ceiling from 1 down to kMinEfficiency). The cost is a convex quadratic, so its least is
// the unconstrained optimum when that is feasible, else on an edge of the region, each edge a clamped 1-D optimum.
Term fitTerm(const Sums& z, double bMin, double bMax)
{
    const auto cost = [&](double a, double b) {
        return a * a * z.suu + 2 * a * b * z.suv + b * b * z.svv - 2 * a * z.su - 2 * b * z.sv;
    };
    const double det = z.suu * z.svv - z.suv * z.suv;
    if (det > 1e-12 * z.suu * z.svv) { // the samples are not all of one size
        const double a = (z.su * z.svv - z.sv * z.suv) / det;
        const double b = (z.suu * z.sv - z.suv * z.su) / det;
        if (a >= 0 && b >= bMin && b <= bMax)
            return { a, b, true };
    }
    const auto aAt = [&](double b) { return z.suu > 0 ? std::max(0.0, (z.su - b * z.suv) / z.suu) : 0.0; };
    const Term edges[] = {
        { 0, std::clamp(z.svv > 0 ? z.sv / z.svv : bMin, bMin, bMax), true },
        { aAt(bMin), bMin, true },
        { aAt(bMax), bMax, true },
    };
    const Term* best = &edges[0];
    for (const Term& e : edges)
        if (cost(e.a, e.b) < cost(best->a, best->b))
            best = &e;
    return *best;
}

// Each sample of `use` assigned to the term binding it under `m`; whether any changed.
bool assign(const Model& m, std::span<const Sample> samples, std::span<const std::size_t> use, std::vector<int>& to)
{
    bool changed = false;
    for (const std::size_t i : use) {
        const int term = binding(m, samples[i]).first;
        changed |= term != to[i];
        to[i] = term;
    }
    return changed;
}

// The sums of each term over the samples assigned to it, and the floor's.
std::pair<std::vector<Sums>, Sums> sumsOf(std::span<const Sample> samples, std::span<const std::size_t> use,
    const std::vector<int>& assigned, std::size_t terms)
{
    std::vector<Sums> sums(terms);
    Sums floor;
    for (const std::size_t i : use) {
        const Sample& s = samples[i];
        const double u = 1 / s.seconds, w = s.weight;
        Sums& z = assigned[i] == kFloor ? floor : sums[std::size_t(assigned[i])];
        const double v = (assigned[i] == 0 ? s.bytes : s.flops) * u;
        z.suu += w * u * u;
        z.suv += w * u * v;
        z.svv += w * v * v;
        z.su += w * u;
        z.sv += w * v;
        ++z.n;
    }
    return { std::move(sums), floor };
}

struct Fit {
    Model model;
    std::vector<int> assigned; // per sample, the term binding it
};

double squaredError(const Model& m, std::span<const Sample> samples, std::span<const std::size_t> use)
{
    double sum = 0;
    for (const std::size_t i : use) {
        const double r = binding(m, samples[i]).second / samples[i].seconds - 1;
        sum += samples[i].weight * r * r;
    }
    return sum;
}

// Fits the model to the samples `use` names from a start: alternately assigns each to the term binding it and fits
// each term to its own, keeping the model of least error. Starts from the datasheet's roofs under `floor`. A floor
// needs kMinFloorKernels kernels: one fitted to a single kernel describes that kernel, not the chip.
Fit fitFrom(double floor, std::span<const Sample> samples, std::span<const std::size_t> use,
    const std::vector<Resource>& resources)
{
    Model m;
    m.floor = floor;
    for (const Resource& r : resources)
        m.terms.push_back({ 0, 1 / r.roof, false });
    std::vector<int> assigned(samples.size(), -2);
    Model best = m;
    double bestCost = squaredError(m, samples, use);
    const auto datasheet = [&](std::size_t r) { return Term { 0, 1 / resources[r].roof, false }; };
    const auto fitted = [&](std::size_t r, const Sums& z) {
        return fitTerm(z, 1 / resources[r].roof, 1 / (kMinEfficiency * resources[r].roof));
    };
    constexpr int kMaxRounds = 100;
    for (int round = 0; round < kMaxRounds; ++round) {
        if (!assign(m, samples, use, assigned) && round > 0)
            break;
        const auto [sums, atFloor] = sumsOf(samples, use, assigned, resources.size());
        m.floor = atFloor.n >= kMinFloorKernels ? atFloor.su / atFloor.suu : 0;
        for (std::size_t r = 0; r < resources.size(); ++r)
            m.terms[r] = sums[r].n >= kMinCurveKernels ? fitted(r, sums[r]) : datasheet(r);
        if (const double cost = squaredError(m, samples, use); cost < bestCost) {
            best = m;
            bestCost = cost;
        }
    }
    // The model kept is made to agree with its own assignment, which may differ from the round it came from: a term
    // binding fewer than kMinCurveKernels falls back to its datasheet roof, one binding enough that had no curve is
    // fitted, and a floor binding fewer goes, until nothing changes.
    for (int round = 0; round < kMaxRounds; ++round) {
        assign(best, samples, use, assigned);
        const auto [sums, atFloor] = sumsOf(samples, use, assigned, resources.size());
        bool changed = false;
        for (std::size_t r = 0; r < resources.size(); ++r)
            if (best.terms[r].fitted != (sums[r].n >= kMinCurveKernels)) {
                best.terms[r] = best.terms[r].fitted ? datasheet(r) : fitted(r, sums[r]);
                changed = true;
            }
        if (atFloor.n < kMinFloorKernels && best.floor > 0) {
            best.floor = 0;
            changed = true;
        }
        if (!changed)
            break;
    }
    Fit fit { best, std::vector<int>(samples.size(), kFloor) };
    for (const std::size_t i : use)
        fit.assigned[i] = binding(best, samples[i]).first;
    return fit;
}

// The better of two starts, which alternation alone cannot leave: under a floor at the least time (small kernels held
// by a launch's fixed cost), and with no floor (every kernel on its curve). Five kernels on one line from 1 to 5 GB
// would otherwise give the three smallest to a floor and leave the line two, too few for a curve. The floor is kept
// only where it lowers the error: of two equal fits the one with fewer parameters predicts the kernels it did not see.
Fit fitModel(std::span<const Sample> samples, std::span<const std::size_t> use, const std::vector<Resource>& resources)
{
    double least = std::numeric_limits<double>::infinity();
    for (const std::size_t i : use)
        least = std::min(least, samples[i].seconds);
    Fit withFloor = fitFrom(least, samples, use, resources);
    Fit without = fitFrom(0, samples, use, resources);
    const double floorCost = squaredError(withFloor.model, samples, use);
    const double plainCost = squaredError(without.model, samples, use);
    constexpr double kSameCost = 1e-12; // relative errors squared and summed: rounding's, not the data's
    return floorCost < plainCost - kSameCost * (1 + plainCost) ? std::move(withFloor) : std::move(without);
}

Diagnostic problem(const std::string& file, int line, std::string message)
{
    return Diagnostic { file, line, 0, {}, std::move(message) };
}

} // namespace

Expected<Calibration, Diagnostics> fitCalibration(
    std::span<const MeasuredSet* const> sets, const Hardware& hw, const CalibrationOptions& options)
{
    using Result = Expected<Calibration, Diagnostics>;
    Calibration cal;
    cal.chip = hw.id;
    cal.chipName = hw.name;
    if (hw.memories.empty())
        return Result::failure({ problem({}, 0, hw.name + " has no memory to calibrate against") });
    const MemoryLevel& memory = hw.memories.front();
    std::vector<Resource> resources { { memory.name, false, memory.bandwidth } };
    std::vector<Sample> samples;
    std::vector<std::string> groups;
    Diagnostics problems;
    std::string firstDevice, firstDeviceFile;
    for (const MeasuredSet* set : sets) {
        CalibrationSource source { set->file, std::string(formatName(set->format)), set->device, 0, 0 };
        if (!set->device.empty()) {
            if (firstDevice.empty()) {
                firstDevice = set->device;
                firstDeviceFile = set->file;
            } else if (set->device != firstDevice)
                problems.push_back(problem(set->file, 0,
                    "measured on " + set->device + ", and " + firstDeviceFile + " on " + firstDevice
                        + ": one calibration is one chip; fit each apart"));
        }
        for (const MeasuredKernel& k : set->kernels) {
            const std::optional<CalibrationWork> work = kernelWork(k, hw);
            // FLOPs in a precision the program has no roof for (fp64) would be timed at the fallback's.
            const bool unknownPrecision
                = !k.dtype && !k.byPrecision.empty() && !k.byPrecision.front().precision.empty();
            if (!work || unknownPrecision) {
                ++source.leftOut;
                continue;
            }
            Sample s { k.seconds, work->bytes, work->flops, -1 };
            const double rate = work->bytes / k.seconds;
            if (rate > memory.bandwidth * (1 + kCalibrationClockAllowance))
                problems.push_back(problem(set->file, k.line,
                    std::string(k.name) + ": " + formatBandwidth(rate) + " of " + memory.name + ", "
                        + formatPercent(rate / memory.bandwidth) + " of the datasheet's "
                        + formatBandwidth(memory.bandwidth)
                        + ": above the roof by more than a clock allows; are its bytes those of a cache (a warm "
                          "launch) rather than the main memory?"));
            const Dtype d = roofDtype(hw, work->dtype, options.fallback);
            if (work->flops > 0 && hw.peakFor(d)) {
                const double peak = *hw.peakFor(d);
                const std::string name(dtypeName(d));
                auto r = std::find_if(
                    resources.begin(), resources.end(), [&](const Resource& x) { return x.compute && x.name == name; });
                if (r == resources.end())
                    r = resources.insert(resources.end(), { name, true, peak });
                s.compute = static_cast<int>(r - resources.begin());
                const double flopRate = work->flops / k.seconds;
                if (flopRate > peak * (1 + kCalibrationClockAllowance))
                    problems.push_back(problem(set->file, k.line,
                        std::string(k.name) + ": " + formatFlops(flopRate) + " against the " + name + " peak of "
                            + formatFlops(peak) + " (" + formatPercent(flopRate / peak)
                            + "): above the roof by more than a clock allows; is its dtype another"
                            + (work->dtype ? std::string()
                                           : " (the file states none; dtype=in:COLUMN reads it from a name)")
                            + ", or its FLOPs counted with padding?"));
            }
            if (!(s.bytes > 0) && s.compute < 0) { // FLOPs of a dtype the chip has no roof for, and no bytes
                ++source.leftOut;
                continue;
            }
            samples.push_back(s);
            groups.emplace_back(k.group.empty() ? k.name : k.group);
            ++source.kernels;
        }
        cal.sources.push_back(std::move(source));
    }
    if (!problems.empty())
        return Result::failure(std::move(problems));
    if (samples.size() < std::size_t(kMinCalibrationKernels)) {
        int read = 0;
        for (const MeasuredSet* set : sets)
            read += static_cast<int>(set->kernels.size());
        return Result::failure({ problem(sets.empty() ? std::string() : sets.front()->file, 0,
            std::to_string(samples.size()) + " of the " + std::to_string(read) + " kernels read can be timed against "
                + hw.name + " (bytes of its main memory or FLOPs); a calibration needs at least "
                + std::to_string(kMinCalibrationKernels)) });
    }
    {
        std::map<std::string, int> count;
        for (const std::string& g : groups)
            ++count[g];
        for (std::size_t i = 0; i < samples.size(); ++i)
            samples[i].weight = 1.0 / count[groups[i]];
    }
    // The compute resources in the chip's order of dtypes, after the memory.
    std::vector<int> order(resources.size());
    for (std::size_t r = 0; r < resources.size(); ++r)
        order[r] = static_cast<int>(r);
    const auto rank = [&](int r) {
        if (!resources[std::size_t(r)].compute)
            return -1;
        return static_cast<int>(*parseDtype(resources[std::size_t(r)].name));
    };
    std::stable_sort(order.begin(), order.end(), [&](int x, int y) { return rank(x) < rank(y); });
    std::vector<int> position(resources.size());
    std::vector<Resource> ordered;
    for (std::size_t i = 0; i < order.size(); ++i) {
        position[std::size_t(order[i])] = static_cast<int>(i);
        ordered.push_back(resources[std::size_t(order[i])]);
    }
    for (Sample& s : samples)
        if (s.compute >= 0)
            s.compute = position[std::size_t(s.compute)];
    resources = std::move(ordered);

    std::vector<std::size_t> all(samples.size());
    for (std::size_t i = 0; i < all.size(); ++i)
        all[i] = i;
    const Fit full = fitModel(samples, all, resources);
    cal.floor = full.model.floor;
    for (std::size_t r = 0; r < resources.size(); ++r) {
        const Resource& res = resources[r];
        const Term& t = full.model.terms[r];
        int bound = 0;
        double smallest = std::numeric_limits<double>::infinity(), largest = 0;
        for (std::size_t i = 0; i < samples.size(); ++i)
            if (full.assigned[i] == int(r)) {
                const double x = r == 0 ? samples[i].bytes : samples[i].flops;
                ++bound;
                smallest = std::min(smallest, x);
                largest = std::max(largest, x);
            }
        if (t.fitted && bound > 0) // 1 / ((1 / roof) · roof) may round above 1
            cal.curves.push_back({ res.name, res.compute, res.roof, std::min(1.0, 1 / (t.b * res.roof)), t.a / t.b,
                bound, smallest, largest, {} });
        else
            cal.notes.push_back(res.name + ": "
                + (bound == 0 ? std::string("no kernel is bound by it")
                              : std::to_string(bound) + (bound == 1 ? " kernel is" : " kernels are") + " bound by it")
                + ", " + std::to_string(kMinCurveKernels) + " are needed for a curve: its datasheet roof stands");
    }
    for (std::size_t i = 0; i < samples.size(); ++i)
        cal.floorKernels += full.assigned[i] == kFloor;
    if (cal.curves.empty())
        return Result::failure({ problem(sets.front()->file, 0,
            "no resource has " + std::to_string(kMinCurveKernels) + " kernels bound by it: " + cal.notes.front()) });

    // Cross-validation: each kernel predicted by a fit without it (its fold).
    const std::size_t n = samples.size();
    const std::size_t wanted = std::size_t(std::clamp(options.folds, 2, kMaxCalibrationFolds));
    const std::size_t folds = n <= 2 * wanted ? n : wanted;
    cal.folds = static_cast<int>(folds);
    std::vector<double> predicted(n);
    std::vector<std::size_t> train;
    for (std::size_t f = 0; f < folds; ++f) {
        train.clear();
        for (std::size_t i = 0; i < n; ++i)
            if (i % folds != f)
                train.push_back(i);
        const Fit fit = fitModel(samples, train, resources);
        for (std::size_t i = f; i < n; i += folds)
            predicted[i] = binding(fit.model, samples[i]).second;
    }
    std::vector<double> overall, datasheet;
    std::vector<std::vector<double>> perTerm(resources.size());
    for (std::size_t i = 0; i < n; ++i) {
        const Sample& s = samples[i];
        const double e = std::abs(predicted[i] / s.seconds - 1);
        overall.push_back(e);
        if (full.assigned[i] >= 0)
            perTerm[std::size_t(full.assigned[i])].push_back(e);
        double ideal = s.bytes / resources[0].roof;
        if (s.compute >= 0)
            ideal = std::max(ideal, s.flops / resources[std::size_t(s.compute)].roof);
        datasheet.push_back(std::abs(ideal / s.seconds - 1));
    }
    cal.error = calibrationError(std::move(overall));
    cal.datasheetError = calibrationError(std::move(datasheet));
    for (EfficiencyCurve& c : cal.curves)
        for (std::size_t r = 0; r < resources.size(); ++r)
            if (resources[r].name == c.resource)
                c.error = calibrationError(std::move(perTerm[r]));
    return cal;
}

} // namespace roofline
