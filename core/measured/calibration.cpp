// SPDX-License-Identifier: GPL-3.0-or-later
#include "measured/calibration.h"

#include "base/units.h"
#include "measured/placement.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace roofline {

const EfficiencyCurve* Calibration::curve(std::string_view resource) const
{
    for (const EfficiencyCurve& c : curves)
        if (c.resource == resource)
            return &c;
    return nullptr;
}

namespace {

// The dtype whose roof FLOPs are timed against: their own when the chip has a peak for it, else the fallback's, as a
// kernel is placed on the chart.
Dtype roofDtype(const Hardware& hw, std::optional<Dtype> dtype, Dtype fallback)
{
    return dtype && hw.peakFor(*dtype) ? *dtype : fallback;
}

} // namespace

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

// The least squared relative error a + b·x can have over the samples (u = 1/t, v = x/t: minimise sum (a·u + b·v −
// 1)²), with a >= 0 and b >= bMin (a ceiling of at most 1).
Term fitTerm(double suu, double suv, double svv, double su, double sv, double bMin)
{
    const auto cost
        = [&](double a, double b) { return a * a * suu + 2 * a * b * suv + b * b * svv - 2 * a * su - 2 * b * sv; };
    // The unconstrained optimum, when the samples are not all of one size.
    const double det = suu * svv - suv * suv;
    if (det > 1e-12 * suu * svv) {
        const double a = (su * svv - sv * suv) / det;
        const double b = (suu * sv - suv * su) / det;
        if (a >= 0 && b >= bMin)
            return { a, b, true };
    }
    // Else the best on each edge of the feasible region: a = 0, or b = bMin.
    Term onA { 0, std::max(bMin, svv > 0 ? sv / svv : bMin), true };
    Term onB { std::max(0.0, suu > 0 ? (su - bMin * suv) / suu : 0), bMin, true };
    return cost(onA.a, onA.b) <= cost(onB.a, onB.b) ? onA : onB;
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

// Fits the model to the samples `use` names: alternately assigns each to the term binding it and fits each term to
// its own, keeping the model of least error. Starts from the datasheet's roofs under a floor at the least time.
Fit fitModel(std::span<const Sample> samples, std::span<const std::size_t> use, const std::vector<Resource>& resources)
{
    Model m;
    m.floor = std::numeric_limits<double>::infinity();
    for (const std::size_t i : use)
        m.floor = std::min(m.floor, samples[i].seconds);
    for (const Resource& r : resources)
        m.terms.push_back({ 0, 1 / r.roof, false });
    std::vector<int> assigned(samples.size(), -2);
    Model best = m;
    double bestCost = squaredError(m, samples, use);
    constexpr int kMaxRounds = 100;
    for (int round = 0; round < kMaxRounds; ++round) {
        bool changed = false;
        for (const std::size_t i : use) {
            const int term = binding(m, samples[i]).first;
            changed |= term != assigned[i];
            assigned[i] = term;
        }
        if (!changed && round > 0)
            break;
        // The sums of each term's normal equations, and the floor's.
        struct Sums {
            double suu = 0, suv = 0, svv = 0, su = 0, sv = 0;
            int n = 0;
        };
        std::vector<Sums> sums(resources.size());
        double floorU = 0, floorUU = 0;
        for (const std::size_t i : use) {
            const Sample& s = samples[i];
            const double u = 1 / s.seconds, w = s.weight;
            if (assigned[i] == kFloor) {
                floorU += w * u;
                floorUU += w * u * u;
                continue;
            }
            const double x = assigned[i] == 0 ? s.bytes : s.flops;
            Sums& z = sums[std::size_t(assigned[i])];
            const double v = x * u;
            z.suu += w * u * u;
            z.suv += w * u * v;
            z.svv += w * v * v;
            z.su += w * u;
            z.sv += w * v;
            ++z.n;
        }
        m.floor = floorUU > 0 ? floorU / floorUU : 0;
        for (std::size_t r = 0; r < resources.size(); ++r) {
            const Sums& z = sums[r];
            m.terms[r] = z.n >= kMinCurveKernels ? fitTerm(z.suu, z.suv, z.svv, z.su, z.sv, 1 / resources[r].roof)
                                                 : Term { 0, 1 / resources[r].roof, false };
        }
        if (const double cost = squaredError(m, samples, use); cost < bestCost) {
            best = m;
            bestCost = cost;
        }
    }
    Fit fit { best, std::vector<int>(samples.size(), kFloor) };
    for (const std::size_t i : use)
        fit.assigned[i] = binding(best, samples[i]).first;
    return fit;
}

CalibrationError errorOf(std::vector<double> errors)
{
    CalibrationError e;
    e.kernels = static_cast<int>(errors.size());
    if (errors.empty())
        return e;
    std::sort(errors.begin(), errors.end());
    const std::size_t n = errors.size();
    e.median = n % 2 ? errors[n / 2] : (errors[n / 2 - 1] + errors[n / 2]) / 2;
    e.p90 = errors[std::size_t(std::ceil(0.9 * double(n))) - 1];
    return e;
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
            if (!work) {
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
        if (t.fitted)
            cal.curves.push_back(
                { res.name, res.compute, res.roof, 1 / (t.b * res.roof), t.a / t.b, bound, smallest, largest, {} });
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
    const std::size_t folds = n <= 2 * std::size_t(std::max(options.folds, 2)) ? n : std::size_t(options.folds);
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
    cal.error = errorOf(std::move(overall));
    cal.datasheetError = errorOf(std::move(datasheet));
    for (EfficiencyCurve& c : cal.curves)
        for (std::size_t r = 0; r < resources.size(); ++r)
            if (resources[r].name == c.resource)
                c.error = errorOf(std::move(perTerm[r]));
    return cal;
}

} // namespace roofline
