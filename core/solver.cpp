#include "solver.h"

#include "units.h"

#include <cmath>

namespace roofline {

namespace {

// T_math − T_resource at parameter value v, or nothing when the operation cannot be evaluated there.
struct Margin {
    OperationVariant op;
    const Hardware& hw;
    std::string_view param;
    std::string resource;

    std::optional<double> at(double v)
    {
        assignNumberParam(op, param, v);
        const Expected<Evaluation> e = evaluate(op, hw);
        if (!e)
            return std::nullopt;
        for (const ResourceUse& use : e->resources)
            if (use.name == resource)
                return e->tMath - use.time;
        return e->tMath; // the resource carries no bytes at this value
    }
};

} // namespace

Expected<Critical> solveCritical(
    const OperationVariant& op, const Hardware& hw, std::string_view param, std::optional<std::string_view> resource)
{
    const ParamInfo* info = findParam(op, param);
    if (!info || info->type != ParamType::Count)
        return Expected<Critical>::failure(
            std::string(kindName(op)) + " has no count parameter '" + std::string(param) + "'");
    const Expected<Evaluation> now = evaluate(op, hw);
    if (!now)
        return Expected<Critical>::failure(now.error());

    Critical result;
    result.param = std::string(param);
    result.kind = Critical::Kind::Always;
    bool touched = false;
    for (const ResourceUse& use : now->resources) {
        if (resource && use.name != *resource)
            continue;
        touched = true;
        Margin margin { op, hw, param, use.name };
        const std::optional<double> atOne = margin.at(1);
        if (atOne && *atOne >= 0)
            continue; // compute-bound for this resource at every value
        const std::optional<double> atMax = margin.at(kMaxCount);
        if (!atMax || *atMax < 0) {
            result.kind = Critical::Kind::Never;
            result.resource = use.name;
            return result;
        }
        // Smallest whole value with a non-negative margin: lo fails, hi holds.
        double lo = 1, hi = kMaxCount;
        while (hi - lo > 1) {
            const double mid = std::floor(lo + (hi - lo) / 2);
            const std::optional<double> m = margin.at(mid);
            (m && *m >= 0 ? hi : lo) = mid;
        }
        // The real crossing between lo and hi, by bisection to the last bit.
        double a = lo, b = hi;
        for (int i = 0; i < 200 && b - a > 0; ++i) {
            const double mid = a + (b - a) / 2;
            if (mid <= a || mid >= b)
                break;
            const std::optional<double> m = margin.at(mid);
            (m && *m >= 0 ? b : a) = mid;
        }
        if (result.kind == Critical::Kind::Always || hi > result.value) {
            result.kind = Critical::Kind::At;
            result.value = hi;
            result.threshold = b;
            result.resource = use.name;
        }
    }
    if (resource && !touched)
        return Expected<Critical>::failure(
            std::string(kindName(op)) + " does not use '" + std::string(*resource) + "' on " + hw.name);
    return result;
}

std::string describe(const Critical& c)
{
    switch (c.kind) {
    case Critical::Kind::Always:
        return "compute-bound at every " + c.param;
    case Critical::Kind::Never:
        return "never compute-bound (" + c.resource + ")";
    case Critical::Kind::At:
        break;
    }
    std::string value = c.value < 1e7 ? formatIntensity(c.value) : formatSI(c.value, {}, 4);
    return "compute-bound for " + c.param + " \xE2\x89\xA5 " + value; // ≥
}

} // namespace roofline
