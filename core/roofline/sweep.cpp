// SPDX-License-Identifier: GPL-3.0-or-later
#include "roofline/sweep.h"

#include "base/units.h"
#include "roofline/evaluate.h"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace roofline {

namespace {

std::string_view trim(std::string_view s)
{
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
        s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
        s.remove_suffix(1);
    return s;
}

bool wholeCount(double v)
{
    return v >= 1 && v <= kMaxCount && v == std::floor(v);
}

// The values a sweep evaluates: `n` log-spaced over [from, to], rounded, deduplicated, both ends exact, and the
// critical value and the one below it where they lie in range.
std::vector<double> sampleValues(double from, double to, int n, const Critical& critical)
{
    std::vector<double> xs;
    xs.reserve(static_cast<std::size_t>(n) + 2);
    const double logFrom = std::log(from);
    const double span = std::log(to) - logFrom;
    for (int i = 0; i < n; ++i) {
        double x = i == 0 ? from
            : i == n - 1  ? to
                          : std::round(std::exp(logFrom + span * static_cast<double>(i) / static_cast<double>(n - 1)));
        x = std::clamp(x, from, to);
        if (xs.empty() || x > xs.back())
            xs.push_back(x);
    }
    if (critical.kind == Critical::Kind::At) {
        for (const double extra : { critical.value - 1, critical.value }) {
            if (extra < from || extra > to)
                continue;
            const auto at = std::lower_bound(xs.begin(), xs.end(), extra);
            if (at == xs.end() || *at != extra)
                xs.insert(at, extra);
        }
    }
    return xs;
}

std::string formatCount(double v)
{
    return v < 1e15 ? std::to_string(static_cast<long long>(v)) : formatSI(v, {}, 6);
}

} // namespace

Expected<SweepRange> parseSweepRange(std::string_view text)
{
    using Result = Expected<SweepRange>;
    const std::string quoted = "'" + std::string(trim(text)) + "'";
    const std::size_t eq = text.find('=');
    const std::size_t colon = eq == std::string_view::npos ? eq : text.find(':', eq + 1);
    if (colon == std::string_view::npos)
        return Result::failure("sweep range " + quoted + ": expected PARAM=FROM:TO, as in B=1:4096");
    const std::string_view name = trim(text.substr(0, eq));
    const std::string_view fromText = trim(text.substr(eq + 1, colon - eq - 1));
    const std::string_view toText = trim(text.substr(colon + 1));
    if (name.empty())
        return Result::failure("sweep range " + quoted + ": no parameter before '=' (expected PARAM=FROM:TO)");
    if (!std::all_of(
            name.begin(), name.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }))
        return Result::failure("sweep range " + quoted + ": '" + std::string(name) + "' is not a parameter name");
    // Counts as every count is read: no sub-unit prefix, nothing past 2^53 (decided on the digits as written).
    const Expected<double> from = parseWholeNumber(fromText);
    if (!from)
        return Result::failure(
            "sweep range " + quoted + ": FROM '" + std::string(fromText) + "' is not a whole number from 1 to 2^53");
    const Expected<double> to = parseWholeNumber(toText);
    if (!to)
        return Result::failure(
            "sweep range " + quoted + ": TO '" + std::string(toText) + "' is not a whole number from 1 to 2^53");
    if (!(*from < *to))
        return Result::failure("sweep range " + quoted + ": FROM must be less than TO");
    return SweepRange { std::string(name), *from, *to };
}

std::optional<std::string> sweepParamProblem(std::string_view param, const std::vector<Operation>& ops)
{
    std::vector<std::string_view> counts;
    for (const Operation& op : ops)
        for (const ParamInfo& info : params(op.op)) {
            if (info.type != ParamType::Count)
                continue;
            if (info.name == param)
                return std::nullopt;
            if (std::find(counts.begin(), counts.end(), info.name) == counts.end())
                counts.push_back(info.name);
        }
    std::string names;
    for (const std::string_view name : counts)
        names += (names.empty() ? "" : ", ") + std::string(name);
    return "no operation has a count parameter " + quoteInput(param) + " ("
        + (names.empty() ? std::string("there are no operations") : "they have " + names) + ")";
}

Expected<Sweep> sweep(const OperationVariant& op, const Hardware& hw, const SweepRange& range, int samples)
{
    using Result = Expected<Sweep>;
    const std::string param = range.param.empty() ? std::string(mainParam(op)) : range.param;
    const ParamInfo* info = findParam(op, param);
    if (!info || info->type != ParamType::Count)
        return Result::failure(std::string(kindName(op)) + " has no count parameter '" + param + "'");
    if (!wholeCount(range.from) || !wholeCount(range.to))
        return Result::failure(param + " range: expected whole numbers from 1 to 2^53");
    if (!(range.from < range.to))
        return Result::failure(param + " range: FROM must be less than TO");
    if (samples < 2 || samples > kMaxSweepSamples)
        return Result::failure("samples: expected 2 to " + std::to_string(kMaxSweepSamples));

    // A range that starts below the parameter's legal minimum (P = 1 of a collective, a ring of one) starts at it:
    // one range can then sweep operations whose parameters begin at different values.
    const double from = std::max(range.from, info->min);
    const double to = std::min(range.to, info->max);
    if (!(from < to))
        return Result::failure(
            param + " range: " + std::string(kindName(op)) + " takes " + param + " only as " + legalRange(*info));

    Expected<Critical> critical = solveCritical(op, hw, param);
    if (!critical)
        return Result::failure(critical.error());

    Sweep result;
    result.param = param;
    result.critical = std::move(critical).value();
    const std::vector<double> xs = sampleValues(from, to, samples, result.critical);
    result.samples.reserve(xs.size());

    std::vector<RoofKind> kinds; // with result.resources: what identifies a resource across samples
    std::vector<int> index; // the evaluation's resource i is result.resources[index[i]], or -1 when it carries nothing
    OperationVariant at = op;
    for (std::size_t i = 0; i < xs.size(); ++i) {
        const double x = xs[i];
        if (const std::optional<std::string> error = setNumberParam(at, param, x))
            return Result::failure(*error);
        const Expected<Evaluation> e = evaluate(at, hw);
        if (!e)
            return Result::failure(e.error());
        if (i == 0)
            result.peak = e->peak;
        index.assign(e->resources.size(), -1);
        for (std::size_t u = 0; u < e->resources.size(); ++u) {
            const ResourceUse& use = e->resources[u];
            if (!(use.time > 0))
                continue; // no bytes: it allows any rate, and its line keeps the peak here
            std::size_t r = 0;
            while (r < kinds.size() && !(kinds[r] == use.kind && result.resources[r] == use.name))
                ++r;
            if (r == kinds.size()) {
                kinds.push_back(use.kind);
                result.resources.push_back(use.name);
                result.resourceBound.emplace_back(xs.size(), result.peak);
            }
            index[u] = static_cast<int>(r);
            result.resourceBound[r][i] = e->flops / use.time;
        }
        SweepSample s;
        s.x = x;
        s.attainable = e->attainable;
        s.fractionOfPeak = e->fractionOfPeak;
        s.boundIndex = e->boundIndex < 0 ? -1 : index[static_cast<std::size_t>(e->boundIndex)];
        s.tLower = e->tLower;
        s.latencyBound = e->latencyBound;
        if (!std::isfinite(s.attainable) || !std::isfinite(s.fractionOfPeak) || !std::isfinite(s.tLower)
            || !std::isfinite(e->peak))
            return Result::failure(std::string(kindName(op)) + " has no finite throughput at " + param + "="
                + formatCount(x) + " on " + hw.name);
        result.samples.push_back(s);
    }
    for (const std::vector<double>& bound : result.resourceBound)
        for (std::size_t i = 0; i < bound.size(); ++i)
            if (!std::isfinite(bound[i]))
                return Result::failure(std::string(kindName(op)) + " has no finite bound at " + param + "="
                    + formatCount(xs[i]) + " on " + hw.name);
    return result;
}

double playValue(double from, double to, double t, bool whole)
{
    const double clamped = std::clamp(t, 0.0, 1.0);
    const double v = clamped == 1 ? to : from * std::pow(to / from, clamped);
    return whole ? std::round(v) : v;
}

} // namespace roofline
