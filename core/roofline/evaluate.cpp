// SPDX-License-Identifier: GPL-3.0-or-later
#include "roofline/evaluate.h"

#include <algorithm>
#include <limits>

namespace roofline {

Expected<Evaluation> evaluate(const OperationVariant& op, const Hardware& hw)
{
    // Out-of-range values reach here only from the solvers, which assign without checks: outside its range an
    // operation means nothing (a ring of one participant), so it has no evaluation there.
    if (std::optional<std::string> error = outOfRange(op))
        return Expected<Evaluation>::failure(*error);
    Cost c = cost(op);
    Evaluation e;
    e.dtype = c.compute;
    std::optional<double> peak = hw.peakFor(c.compute);
    if (!peak && c.flops == 0) {
        // An operation that does no math (an embedding gather of int4 rows) needs no peak of its dtype: it takes no
        // compute time against any, and its share of a peak is 0. It is measured against bf16's, or the chip's first,
        // and says so.
        for (const Dtype d : { Dtype::bf16, Dtype::fp32, Dtype::tf32, Dtype::fp16, Dtype::fp8, Dtype::int8 })
            if (!peak && (peak = hw.peakFor(d)))
                e.dtype = d;
        for (std::size_t d = 0; d < kDtypeCount && !peak; ++d)
            if ((peak = hw.peakFor(static_cast<Dtype>(d))))
                e.dtype = static_cast<Dtype>(d);
    }
    if (!peak)
        return Expected<Evaluation>::failure(hw.name + " has no " + std::string(dtypeName(c.compute)) + " peak");
    e.peak = *peak;
    e.computeEfficiency = hw.computeEfficiency;
    e.flops = c.flops;
    e.tMath = c.flops / e.practicalPeak();
    e.tLower = e.tMath;
    e.tUpper = e.tMath;
    e.resources.reserve(c.traffic.size());
    for (const Traffic& t : c.traffic) {
        ResourceUse use;
        use.kind = t.kind;
        use.bytes = t.bytes;
        if (t.kind == RoofKind::Memory) {
            const MemoryLevel* level = hw.memory(t.name);
            if (!level)
                return Expected<Evaluation>::failure(
                    hw.name + (t.name.empty() ? " has no memory" : " has no memory level named '" + t.name + "'"));
            use.name = level->name;
            use.bandwidth = level->bandwidth;
            use.efficiency = level->efficiency;
        } else {
            const Link* link = hw.link(t.name);
            if (!link)
                return Expected<Evaluation>::failure(
                    hw.name + (t.name.empty() ? " has no links" : " has no link named '" + t.name + "'"));
            use.name = link->name;
            use.bandwidth = link->bandwidth;
            use.efficiency = link->efficiency;
            if (hw.latency)
                use.latency = link->latency * t.steps;
        }
        use.time = use.latency + use.bytes / (use.bandwidth * use.efficiency);
        use.intensity = use.bytes > 0 ? e.flops / use.bytes : std::numeric_limits<double>::infinity();
        e.tUpper += use.time;
        if (use.time > e.tComms)
            e.tComms = use.time;
        // Ties go to compute: an operation exactly at a ridge runs at peak.
        if (use.time > e.tLower) {
            e.tLower = use.time;
            e.boundIndex = static_cast<int>(e.resources.size());
        }
        e.resources.push_back(std::move(use));
    }
    if (e.boundIndex >= 0) {
        const ResourceUse& binding = e.resources[static_cast<std::size_t>(e.boundIndex)];
        e.latencyBound = binding.latency > binding.time - binding.latency;
    }
    if (hw.latency) {
        double withoutLatency = e.tMath;
        for (const ResourceUse& use : e.resources)
            withoutLatency = std::max(withoutLatency, use.time - use.latency);
        e.tLaunch = hw.launchFloor;
        // Ties go to the work: an operation exactly at the floor is bound by what it does.
        if (e.tLaunch > e.tLower) {
            e.tLower = e.tLaunch;
            e.latencyBound = true;
        }
        e.tUpper = std::max(e.tUpper, e.tLaunch);
        e.tLatency = std::max(0.0, e.tLower - withoutLatency);
    }
    e.attainable = e.tLower > 0 ? e.flops / e.tLower : 0;
    e.fractionOfPeak = e.attainable / e.peak;
    e.extras = std::move(c.extras);
    return e;
}

} // namespace roofline
