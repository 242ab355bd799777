// SPDX-License-Identifier: GPL-3.0-or-later
// An operation swept along one of its counts: attainable FLOP/s against B (or D, N, tokens, H) on log-log axes, the
// scaling book's batch-size plot. Each resource's bound is its own line, the compute peak a flat one, and the exact
// critical value is sampled on both sides so that the curve bends exactly there.
#pragma once

#include "base/expected.h"
#include "roofline/hardware.h"
#include "roofline/operations.h"
#include "roofline/solver.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofline {

// The values a sweep runs over: whole counts from `from` to `to`, from < to, both within [1, kMaxCount].
struct SweepRange {
    std::string param; // "B"; empty in a range handed to sweep(): the operation's mainParam
    double from = 1;
    double to = 4096;
};

// "B=1:4096", "N=1k:1G", "tokens = 1Ki : 16Mi": a parameter name, '=', and two whole counts with optional SI or binary
// prefixes (parseQuantity, no unit). Errors name what is wrong.
Expected<SweepRange> parseSweepRange(std::string_view text);

struct SweepSample {
    double x = 0; // the parameter's value, a whole number
    double attainable = 0; // FLOP/s at that value: Evaluation::attainable
    double fractionOfPeak = 0; // attainable / peak
    int boundIndex = -1; // -1 when compute-bound, else an index into Sweep::resources
    bool latencyBound = false; // the launch floor or a link's α binds (see Evaluation::latencyBound)
    double tLower = 0; // seconds: Evaluation::tLower
};

struct Sweep {
    std::string param; // "B"
    double peak = 0; // FLOP/s of the compute dtype: the flat bound line
    // Every resource the operation touches at some sample, in evaluation order (memories, then the link). A link that
    // carries no bytes at any sample (one chip, one participant) is left out: it bounds nothing.
    std::vector<std::string> resources;
    std::vector<SweepSample> samples; // ascending x, no two alike
    // [resource][sample]: FLOPs / that resource's time, the FLOP/s the resource alone allows; above the peak where the
    // resource is not the limit. At a sample where the resource carries no bytes (it allows any rate) it holds the
    // peak, so every value is finite and attainable = min(peak, every resourceBound) holds at every sample.
    std::vector<std::vector<double>> resourceBound;
    Critical critical; // solveCritical over param against every resource, over all of [1, kMaxCount]
};

// Why a sweep along `param` would draw nothing for any of `ops`: no operation has a count of that name. The message
// lists the counts they have ("no operation has a count parameter 'Q' (they have B, D, F, N)"); nothing when one has.
std::optional<std::string> sweepParamProblem(std::string_view param, const std::vector<Operation>& ops);

// The value a parameter played from `from` to `to` has at t in [0, 1] of the way: log-interpolated (each second of a
// play covers the same factor, as a log axis shows it), a whole number for a count. Both ends positive.
double playValue(double from, double to, double t, bool whole);

// The most samples a sweep takes.
inline constexpr int kMaxSweepSamples = 1 << 20;

// Takes `samples` values log-spaced over [range.from, range.to], rounded to whole numbers and deduplicated, always
// both ends and, when the critical value lies in range, the whole values just below it and at it: at most
// samples + 2 points, at a cost linear in `samples` (plus the solver's fixed count of evaluations). Fails like
// evaluate() does, when the operation has no count parameter of that name, when the range is not as SweepRange
// says, or when samples is not in [2, kMaxSweepSamples].
Expected<Sweep> sweep(const OperationVariant&, const Hardware&, const SweepRange&, int samples = 64);

} // namespace roofline
