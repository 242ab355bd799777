// SPDX-License-Identifier: GPL-3.0-or-later
#include "roofline/solver.h"

#include "base/units.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

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

bool holds(std::optional<double> m)
{
    return m && *m >= 0;
}

// The smallest value, to the last bit, with a non-negative margin between 1 (margin `low` < 0, or not a number when
// the operation cannot run there) and kMaxCount (margin `high` ≥ 0): regula falsi with the Illinois rule, which takes a
// handful of evaluations for the catalogue's margins (affine or quadratic along the parameter), and a halving step
// whenever a step fails to halve the bracket, so that it never takes more than about twice the 110 steps of plain
// bisection.
double crossing(Margin& margin, double low, double high)
{
    double a = 1;
    double b = kMaxCount;
    int side = 0; // which end moved last: -1 a, +1 b
    bool halve = false;
    for (int i = 0; i < 400; ++i) {
        double x = halve || std::isnan(low) ? a + (b - a) / 2 : (a * high - b * low) / (high - low);
        if (!(x > a && x < b))
            x = a + (b - a) / 2;
        if (x <= a || x >= b)
            break; // a and b are neighbours
        const double width = b - a;
        const std::optional<double> m = margin.at(x);
        if (holds(m)) {
            b = x;
            high = *m;
            if (high == 0)
                break; // the crossing itself
            if (side == 1)
                low /= 2;
            side = 1;
        } else {
            a = x;
            low = m ? *m : low / 2;
            if (side == -1)
                high /= 2;
            side = -1;
        }
        halve = b - a > width / 2;
    }
    return b;
}

struct Crossing {
    double threshold; // where the margin is zero
    double first; // the smallest whole value with a non-negative margin
};

// The root in [lo, lo + 1] of the parabola through the margins at lo, lo + 1 and lo + 2, the three known to be a
// number: exact to rounding when the margin is affine or quadratic along the parameter.
double parabolaRoot(double lo, double m0, double m1, double m2)
{
    const double a = (m2 - 2 * m1 + m0) / 2; // m(lo + t) = a·t² + b·t + m0
    const double b = m1 - m0 - a;
    double t = -m0 / b;
    if (a != 0) { // the root formula that does not cancel; with rounding noise for `a`, t2 is the affine root
        const double q = -(b + std::copysign(std::sqrt(std::max(0.0, b * b - 4 * a * m0)), b)) / 2;
        const double t1 = q / a;
        const double t2 = m0 / q;
        t = (t1 >= 0 && t1 <= 1) ? t1 : t2;
    }
    return lo + std::clamp(t, 0.0, 1.0);
}

// The catalogue's margins along their main parameter are affine (matmuls in B, a sharded matmul in D, collectives
// in N, a data-parallel step in tokens) or quadratic (tensor and pipeline parallelism in H). For an affine margin the
// secant through the bracket's ends lands on the root; two whole values either side confirm it, and a third gives
// the root exactly for a quadratic margin too. Four evaluations instead of the fifty or more of a search to the last
// bit. Nothing when the secant misses: the caller then searches.
std::optional<Crossing> secantCrossing(Margin& margin, double low, double high)
{
    const double estimate = 1 - low * ((kMaxCount - 1) / (high - low));
    if (!(estimate >= 1 && estimate < kMaxCount - 2))
        return std::nullopt;
    const double first = std::max(1.0, std::ceil(estimate));
    const std::optional<double> atFirst = margin.at(first);
    if (!holds(atFirst))
        return std::nullopt;
    const std::optional<double> before = margin.at(first - 1);
    if (!before || holds(before))
        return std::nullopt;
    const std::optional<double> after = margin.at(first + 1);
    if (!after)
        return std::nullopt;
    return Crossing { parabolaRoot(first - 1, *before, *atFirst, *after), first };
}

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
        double threshold = 0;
        double hi = 0;
        if (const std::optional<Crossing> quick = atOne ? secantCrossing(margin, *atOne, *atMax) : std::nullopt) {
            threshold = quick->threshold;
            hi = quick->first;
        } else {
            threshold = crossing(margin, atOne.value_or(std::nan("")), *atMax);
            // The smallest whole value with a non-negative margin: the threshold's ceiling, checked against
            // rounding in the margin on either side.
            hi = std::max(1.0, std::ceil(threshold));
            for (int i = 0; i < 4 && hi < kMaxCount && !holds(margin.at(hi)); ++i)
                ++hi;
            for (int i = 0; i < 4 && hi > 1 && holds(margin.at(hi - 1)); ++i)
                --hi;
        }
        if (result.kind == Critical::Kind::Always || hi > result.value) {
            result.kind = Critical::Kind::At;
            result.value = hi;
            result.threshold = threshold;
            result.resource = use.name;
        }
    }
    if (const auto approx = approximateIntensity(op); approx && result.kind == Critical::Kind::At) {
        for (const ResourceUse& use : now->resources)
            if (use.name == result.resource && use.bandwidth > 0 && approx->slope > 0) {
                result.approximate = now->peak / use.bandwidth / approx->slope;
                result.approximateWhen = std::string(approx->when);
            }
    }
    if (resource && !touched)
        return Expected<Critical>::failure(
            std::string(kindName(op)) + " does not use '" + std::string(*resource) + "' on " + hw.name);
    return result;
}

std::string criticalValueText(const Critical& c)
{
    return c.value < 1e7 ? formatIntensity(c.value) : formatSI(c.value, {}, 4);
}

std::string approximateValueText(const Critical& c)
{
    if (!c.approximate)
        return {};
    char value[40];
    std::snprintf(value, sizeof value, *c.approximate < 1e6 ? "%.2f" : "%.4g", *c.approximate);
    return value;
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
    return "compute-bound for " + c.param + " \xE2\x89\xA5 " + criticalValueText(c); // ≥
}

std::string describeWithApproximation(const Critical& c)
{
    std::string text = describe(c);
    if (c.kind == Critical::Kind::At && c.approximate)
        text += " (" + approximateValueText(c) + " if " + c.approximateWhen + ")";
    return text;
}

namespace {

// The log of the operation's intensity on `resource` with `param` at v, or nothing where it has none.
std::optional<double> logIntensityAt(
    OperationVariant op, const Hardware& hw, std::string_view param, std::string_view resource, double v)
{
    assignNumberParam(op, param, v);
    const Expected<Evaluation> e = evaluate(op, hw);
    if (!e)
        return std::nullopt;
    for (const ResourceUse& use : e->resources)
        if (use.name == resource && use.intensity > 0 && std::isfinite(use.intensity))
            return std::log(use.intensity);
    return std::nullopt;
}

} // namespace

Expected<double> paramForIntensity(
    const OperationVariant& op, const Hardware& hw, std::string_view param, std::string_view resource, double intensity)
{
    const ParamInfo* info = findParam(op, param);
    if (!info || info->type != ParamType::Count)
        return Expected<double>::failure(
            std::string(kindName(op)) + " has no count parameter '" + std::string(param) + "'");
    if (!(intensity > 0) || !std::isfinite(intensity))
        return Expected<double>::failure("an intensity must be a positive number");
    const auto at = [&](double v) { return logIntensityAt(op, hw, param, resource, v); };
    const std::optional<double> low = at(info->min);
    const std::optional<double> high = at(info->max);
    if (!low || !high)
        return Expected<double>::failure(std::string(kindName(op)) + " has no intensity on '" + std::string(resource)
            + "' over its range of " + std::string(param));
    const double target = std::log(intensity);
    const bool rising = *high >= *low;
    // Bisection in log terms of the parameter: the intensity is a smooth ratio of polynomials in it.
    double a = std::log(info->min);
    double b = std::log(info->max);
    for (int i = 0; i < 200 && b - a > 1e-12; ++i) {
        const double middle = a + (b - a) / 2;
        const std::optional<double> m = at(std::exp(middle));
        if (!m)
            return Expected<double>::failure("cannot evaluate " + std::string(kindName(op)) + " on the way");
        if ((*m < target) == rising)
            a = middle;
        else
            b = middle;
    }
    // The whole value either side that lands nearer.
    const double v = std::exp(a);
    double best = std::clamp(std::floor(v), info->min, info->max);
    const double next = std::clamp(std::ceil(v), info->min, info->max);
    const std::optional<double> atBest = at(best);
    const std::optional<double> atNext = at(next);
    if (atNext && (!atBest || std::abs(*atNext - target) < std::abs(*atBest - target)))
        best = next;
    return best;
}

} // namespace roofline
