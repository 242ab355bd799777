// SPDX-License-Identifier: GPL-3.0-or-later
#include "session/model_sweep.h"

#include "llm/generate.h"
#include "llm/model.h"
#include "session/analysis.h"
#include "session/edit.h"

#include <algorithm>
#include <cmath>

namespace roofline {

namespace {

// The session's totals at another batch, or nothing when its model cannot run there.
std::optional<ModelTotals> totalsAt(const Session& session, double batch)
{
    Session s = session;
    s.model->batch = batch;
    s.compare.clear(); // the session's chip's totals alone
    return analyse(std::move(s)).model;
}

// The session's totals with `tokens` in its tokens setting (the context of a decode step, else the prompt).
std::optional<ModelTotals> totalsWithTokens(const Session& session, double tokens)
{
    Session s = session;
    (s.model->phase == Phase::Decode ? s.model->context : s.model->prompt) = tokens;
    s.compare.clear();
    return analyse(std::move(s)).model;
}

bool mathOutweighsMemory(const Session& session, double batch)
{
    const std::optional<ModelTotals> t = totalsAt(session, batch);
    return t && t->tMath >= t->tMemory;
}

} // namespace

BatchSweep sweepBatch(const Session& session, double to)
{
    BatchSweep sweep;
    if (!session.model)
        return sweep;
    // A training step's batch is whole microbatches on every replica: it runs in steps of dp·m sequences.
    const ModelSettings& s = *session.model;
    const double unit = s.phase == Phase::Train ? s.dp * s.microbatches : 1;
    const double most = std::max(1.0, std::floor(kMaxBatch / unit));
    to = std::clamp(std::floor(to / unit), 1.0, most);
    for (double b = 1;; b = std::min(2 * b, to)) {
        if (const std::optional<ModelTotals> t = totalsAt(session, unit * b))
            sweep.points.push_back({ unit * b, t->tLower, t->tokensPerSecond, t->fits });
        if (b == to)
            break;
    }
    // T_math − T_memory grows with the batch (math per token is fixed; memory per sequence is its KV cache and
    // activations, on top of the weights read once), so the least batch where it turns non-negative is found by
    // halving the whole range.
    if (mathOutweighsMemory(session, unit * most)) {
        double below = 0, at = most; // below: not yet; at: already
        while (at - below > 1) {
            const double mid = std::floor((below + at) / 2);
            (mathOutweighsMemory(session, unit * mid) ? at : below) = mid;
        }
        sweep.computeBound = unit * at;
    }
    return sweep;
}

ContextSweep sweepContext(const Session& session, double to)
{
    ContextSweep sweep;
    if (!session.model)
        return sweep;
    sweep.setting = session.model->phase == Phase::Decode ? "context" : "prompt";
    // The KV cache and the activations grow with the tokens and the weights do not: what fits at n tokens fits at
    // fewer, so the longest is found by halving.
    auto fits = [&session](double tokens) {
        const std::optional<ModelTotals> t = totalsWithTokens(session, tokens);
        return t && t->capacityBytes > 0 && t->fits;
    };
    if (fits(1)) {
        double at = 1, above = kMaxTokens + 1; // at: fits; above: does not
        if (fits(kMaxTokens))
            at = above = kMaxTokens;
        while (above - at > 1) {
            const double mid = std::floor((at + above) / 2);
            (fits(mid) ? at : above) = mid;
        }
        sweep.longestFitting = at;
    }
    to = std::clamp(std::floor(std::max(to, 2 * sweep.longestFitting.value_or(0))), 1.0, kMaxTokens);
    for (double tokens = 1;; tokens = std::min(2 * tokens, to)) {
        if (const std::optional<ModelTotals> t = totalsWithTokens(session, tokens))
            sweep.points.push_back({ tokens, t->tLower, t->tokensPerSecond, t->fits });
        if (tokens == to)
            break;
    }
    return sweep;
}

Frontier sweepFrontier(const Session& session, double to)
{
    Frontier frontier;
    if (!session.model || session.model->phase == Phase::Train)
        return frontier;
    const ModelSettings& s = *session.model;
    std::vector<double> tps { 1, 2, 4, 8, s.tp };
    std::sort(tps.begin(), tps.end());
    tps.erase(std::unique(tps.begin(), tps.end()), tps.end());
    to = std::clamp(std::floor(to), 1.0, kMaxBatch);
    const Hardware hw = session.hardware();
    for (const double tp : tps) {
        ModelSettings at = s;
        at.tp = tp;
        // With expert parallelism the batch splits over ep/tp groups: whole groups' worth of sequences.
        const double unit = at.ep > 1 ? std::max(1.0, at.ep / tp) : 1;
        at.batch = unit;
        if (unit > to || modelProblem(at, hw))
            continue;
        frontier.tps.push_back(tp);
        const double most = std::max(1.0, std::floor(to / unit));
        for (double b = 1;; b = std::min(2 * b, most)) {
            Session one = session;
            one.compare.clear();
            one.model = at;
            one.model->batch = unit * b;
            if (const std::optional<ModelTotals> t = analyse(std::move(one)).model)
                frontier.points.push_back({ unit * b, tp, t->chips, t->tLower, t->tokensPerSecond / t->chips,
                    t->tokensPerSecondPerSequence, t->fits });
            if (b >= most)
                break;
        }
    }
    // A point is dominated when another that fits is at least as good on both rates and better on one.
    for (FrontierPoint& p : frontier.points) {
        if (!p.fits)
            continue;
        p.onFrontier = std::none_of(frontier.points.begin(), frontier.points.end(), [&p](const FrontierPoint& q) {
            return q.fits && q.tokensPerSecondPerChip >= p.tokensPerSecondPerChip
                && q.tokensPerSecondPerSequence >= p.tokensPerSecondPerSequence
                && (q.tokensPerSecondPerChip > p.tokensPerSecondPerChip
                    || q.tokensPerSecondPerSequence > p.tokensPerSecondPerSequence);
        });
    }
    return frontier;
}

std::vector<Frontier> sweepComparedFrontiers(const Session& session, double to)
{
    std::vector<Frontier> out;
    out.reserve(session.compare.size());
    for (const ComparedChip& chip : session.compare)
        out.push_back(sweepFrontier(withChip(session, chip.chip), to));
    return out;
}

} // namespace roofline
