// SPDX-License-Identifier: GPL-3.0-or-later
// Whether a model's settings can run on a chip (modelProblem), and the ids its operations may take (generatedIds):
// the checks made before llm/generate.cpp makes any operation.
#include "llm/generate.h"

#include "base/units.h"
#include "roofline/evaluate.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

namespace roofline {

namespace {

std::string linkNames(const Hardware& hw)
{
    std::string names;
    for (const Link& l : hw.links)
        names += (names.empty() ? "" : ", ") + l.name;
    return names.empty() ? "none" : names;
}

// "KEY: why" when the link a setting names is not the chip's, or when the chip has no link at all for the
// collectives `count` (a tp, dp or pp above 1) needs.
std::optional<std::string> linkProblem(const Hardware& hw, std::string_view key, const std::string& named,
    std::string_view countKey, double count, std::string_view collectives)
{
    if (!named.empty() && !hw.link(named))
        return std::string(key) + ": " + hw.name + " has no link named " + quoteInput(named) + " (it has "
            + linkNames(hw) + ")";
    if (count > 1 && hw.links.empty())
        return std::string(countKey) + ": " + wholeText(count) + " needs a link for " + std::string(collectives)
            + ", and " + hw.name + " has none (give 1, or choose a chip with links)";
    return std::nullopt;
}

// "KEY: N COUNTED (WHY), more than an operation counts" when a count the settings imply passes 2^53.
std::optional<std::string> tooMany(
    std::string_view key, double n, std::string_view counted, const std::string& why, std::string_view advice)
{
    if (n <= kMaxCount)
        return std::nullopt;
    return std::string(key) + ": " + wholeText(n) + " " + std::string(counted) + " (" + why
        + "), more than the 9007199254740992 (2^53) an operation counts; " + std::string(advice);
}

} // namespace

bool reservedOperationId(std::string_view id)
{
    return id == kGeneratedIdPrefix.substr(0, kGeneratedIdPrefix.size() - 1) || id.starts_with(kGeneratedIdPrefix);
}

std::vector<std::string> generatedIds(const Model& m)
{
    // A scenario's links and answers ask about one model again and again: the last answer is kept.
    thread_local std::optional<std::pair<Model, std::vector<std::string>>> last;
    if (last && last->first == m)
        return last->second;
    // Settings that take every branch modelOperations has: all-reduces (tp), materialised scores (a prefill), the
    // backward passes, pipeline sends (pp) and the gradient all-reduce (dp) of a training step.
    Hardware chip;
    chip.links.emplace_back().name = "link";
    std::vector<std::string> ids;
    for (const Phase phase : { Phase::Decode, Phase::Prefill, Phase::Train }) {
        ModelSettings s;
        s.model = m;
        s.phase = phase;
        s.tp = s.dp = s.pp = 2;
        s.batch = 4;
        s.materialiseScores = phase == Phase::Prefill;
        auto collect = [&](const ModelSettings& settings) {
            for (const Operation& op : modelOperations(settings, chip))
                if (std::find(ids.begin(), ids.end(), op.id) == ids.end())
                    ids.push_back(op.id);
        };
        // Every ZeRO stage's collectives in a training step.
        for (const double zero : { 0.0, 1.0, 3.0 }) {
            s.zero = phase == Phase::Train ? zero : 0;
            collect(s);
        }
        // A mixture's all-to-all in inference: expert parallelism over the experts' smallest divisor, one chip's
        // tensor-parallel groups.
        if (phase != Phase::Train && m.experts > 1) {
            ModelSettings experts = s;
            experts.tp = 1;
            experts.ep = 2;
            while (std::fmod(m.experts, experts.ep) != 0)
                ++experts.ep;
            experts.batch = experts.ep;
            collect(experts);
        }
    }
    last.emplace(m, ids);
    return ids;
}

std::optional<std::string> modelProblem(const ModelSettings& s, const Hardware& hw, std::vector<Operation>* operations)
{
    if (std::optional<std::string> problem = settingsProblem(s))
        return problem;
    const Model& m = s.model;
    const bool train = s.phase == Phase::Train;
    // The dtype the model computes in needs a peak. Weights and KV cache are storage, and the embedding gather does no
    // math; a training step, though, adds gradients in the weights' dtype (the embedding's backward, the data-parallel
    // all-reduce).
    if (!hw.peakFor(s.activations))
        return "activations: " + hw.name + " has no " + std::string(dtypeName(s.activations)) + " peak to compute in";
    if (train && !hw.peakFor(s.weights))
        return "weights: " + hw.name + " has no " + std::string(dtypeName(s.weights))
            + " peak for a training step's gradients, which are added in the weights' dtype";
    if (auto problem = linkProblem(hw, "link", s.link, "tp", s.tp, "the tensor-parallel all-reduces"))
        return problem;
    if (auto problem = linkProblem(hw, "ep_link", s.epLink, "ep", s.ep, "the experts' all-to-all"))
        return problem;
    if (train) {
        if (auto problem = linkProblem(hw, "dp_link", s.dpLink, "dp", s.dp, "the gradient all-reduce"))
            return problem;
        if (auto problem = linkProblem(hw, "pp_link", s.ppLink, "pp", s.pp, "the pipeline's sends"))
            return problem;
    }

    // The counts the settings multiply: the tokens of one pass, the elements each layer all-reduces or sends, the
    // rows of the experts' activation and of materialised scores.
    const std::string tokenKey = s.phase == Phase::Decode ? "batch" : "prompt";
    const std::string tokens = s.phase == Phase::Decode ? wholeText(s.batch) + " sequences"
        : train ? "a microbatch of " + wholeText(s.sequences()) + " sequences of " + wholeText(s.prompt) + " tokens"
                : wholeText(s.batch) + " sequences of " + wholeText(s.prompt) + " tokens";
    const std::string_view fewer = "give a smaller batch or prompt";
    if (auto problem = tooMany(tokenKey, s.tokens(), "tokens in one pass", tokens, fewer))
        return problem;
    if (s.tp > 1 || (train && s.pp > 1))
        if (auto problem = tooMany(tokenKey, s.tokens() * m.hidden,
                s.tp > 1 ? "elements all-reduced in each layer" : "elements sent between stages",
                tokens + " of hidden_size " + wholeText(m.hidden), fewer))
            return problem;
    if (m.experts > 1)
        if (auto problem
            = tooMany(tokenKey, s.deploymentTokens() * m.expertsPerToken * m.hidden, "elements routed to the experts",
                tokens + ", each routed to " + wholeText(m.expertsPerToken) + " experts", fewer))
            return problem;
    if (latentAttention(m) && s.phase == Phase::Decode && !s.absorbLatent())
        if (auto problem = tooMany("context", s.sequences() * s.cachedTokens() * m.kvLoraRank,
                "latent elements expanded in each layer",
                wholeText(s.sequences()) + " sequences of " + wholeText(s.cachedTokens()) + " cached tokens",
                "give a shorter context or absorb the latent"))
            return problem;
    if (s.materialiseScores && !train)
        if (auto problem
            = tooMany("attention", s.batch * (m.heads / s.tp) * (s.phase == Phase::Decode ? s.queryTokens() : s.prompt),
                "rows of materialised scores", tokens + " in " + wholeText(m.heads / s.tp) + " heads per GPU",
                "keep the scores fused"))
            return problem;

    // Whatever else an operation refuses: named by the operation, at the model's id.
    std::vector<Operation> made = modelOperations(s, hw);
    for (const Operation& op : made)
        if (const Expected<Evaluation> e = evaluate(op.op, hw); !e) {
            // The draft's operations are the draft's to answer for.
            const bool draft = op.group == kGroupDraft;
            return std::string(draft ? "draft: " : "id: ") + (draft ? s.draft->name : m.name)
                + " cannot run with these settings on " + hw.name + ": its " + op.name + " fails (" + e.error() + ")";
        }
    if (operations)
        *operations = std::move(made);
    return std::nullopt;
}

} // namespace roofline
