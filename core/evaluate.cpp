#include "evaluate.h"

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
    const std::optional<double> peak = hw.peakFor(c.compute);
    if (!peak)
        return Expected<Evaluation>::failure(hw.name + " has no " + std::string(dtypeName(c.compute)) + " peak");
    e.peak = *peak;
    e.flops = c.flops;
    e.tMath = c.flops / e.peak;
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
        } else {
            const Link* link = hw.link(t.name);
            if (!link)
                return Expected<Evaluation>::failure(
                    hw.name + (t.name.empty() ? " has no links" : " has no link named '" + t.name + "'"));
            use.name = link->name;
            use.bandwidth = link->bandwidth;
        }
        use.time = use.bytes / use.bandwidth;
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
    e.attainable = e.tLower > 0 ? e.flops / e.tLower : 0;
    e.fractionOfPeak = e.attainable / e.peak;
    e.extras = std::move(c.extras);
    return e;
}

} // namespace roofline
