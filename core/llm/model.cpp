// SPDX-License-Identifier: GPL-3.0-or-later
#include "llm/model.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace roofline {

std::string wholeText(double v)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.0f", v);
    return buffer;
}

double mlpParameters(const Model& m, double width)
{
    const double matrices = (m.gated ? 3 : 2) * m.hidden * width;
    // Biases: the up (and gate) projection's outputs each, the down projection's hidden outputs.
    const double biases = m.bias ? (m.gated ? 2 : 1) * width + m.hidden : 0;
    return matrices + biases;
}

bool latentAttention(const Model& m)
{
    return m.kvLoraRank > 0;
}

double qkHeadDim(const Model& m)
{
    return m.headDim + m.ropeDim;
}

double vHeadDim(const Model& m)
{
    return m.valueDim > 0 ? m.valueDim : m.headDim;
}

double kvElementsPerToken(const Model& m)
{
    return latentAttention(m) ? m.kvLoraRank + m.ropeDim : m.kvHeads * (qkHeadDim(m) + vHeadDim(m));
}

double attentionParameters(const Model& m)
{
    const double qk = qkHeadDim(m);
    const double v = vHeadDim(m);
    const double out = m.heads * v * m.hidden;
    if (latentAttention(m)) {
        // DeepSeek-V2's projections: the query through its latent (with its norm) or directly, the keys' and values'
        // latent and the shared rope key from the hidden state, the latent's norm, the latent up to each head's
        // non-rotary key and value.
        const double query = m.qLoraRank > 0 ? m.hidden * m.qLoraRank + m.qLoraRank + m.qLoraRank * m.heads * qk
                                             : m.hidden * m.heads * qk;
        const double latent = m.hidden * (m.kvLoraRank + m.ropeDim) + m.kvLoraRank;
        const double up = m.kvLoraRank * m.heads * (m.headDim + v);
        return query + latent + up + out;
    }
    const double q = m.heads * qk;
    const double kv = m.kvHeads * (qk + v);
    const double biases = m.bias ? q + kv + m.hidden : m.qkvBias ? q + kv : 0;
    const double sinks = m.attentionSinks ? m.heads : 0;
    return m.hidden * (q + kv) + out + biases + qkNormParameters(m) + sinks;
}

double qkNormParameters(const Model& m)
{
    switch (m.qkNorm) {
    case QkNorm::PerHead:
        return 2 * qkHeadDim(m); // q_norm and k_norm, a head wide
    case QkNorm::FullWidth:
        return (m.heads + m.kvHeads) * qkHeadDim(m);
    case QkNorm::None:
    case QkNorm::L2:
        break;
    }
    return 0;
}

double expertWidth(const Model& m)
{
    return m.expertMlp > 0 ? m.expertMlp : m.mlp;
}

double mixtureLayers(const Model& m)
{
    if (m.experts <= 1)
        return 0;
    // The layers i from denseLayers to layers − 1 with (i + 1) a multiple of the interval.
    return std::floor(m.layers / m.moeInterval) - std::floor(m.denseLayers / m.moeInterval);
}

double sharedExpertWidth(const Model& m)
{
    return m.sharedExpertMlp > 0 ? m.sharedExpertMlp : expertWidth(m);
}

double mixtureParameters(const Model& m)
{
    const double router = m.hidden * m.experts + (m.routerBias ? m.experts : 0);
    const double sharedGate = m.sharedExpertGate ? m.hidden : 0;
    return m.experts * mlpParameters(m, expertWidth(m)) + m.sharedExperts * mlpParameters(m, sharedExpertWidth(m))
        + router + sharedGate;
}

double activeParameters(const Model& m)
{
    const double unvisited = m.experts - m.expertsPerToken;
    return parameterCount(m) - mixtureLayers(m) * unvisited * mlpParameters(m, expertWidth(m));
}

double parameterCount(const Model& m)
{
    const double normWeights = m.norm == NormKind::LayerNorm ? 2 * m.hidden : m.hidden; // scale, and shift
    const double layer = attentionParameters(m) + m.layerNorms * normWeights;
    const double mixtures = mixtureLayers(m);
    const double mlps = (m.layers - mixtures) * mlpParameters(m, m.mlp) + mixtures * mixtureParameters(m);
    const double embeddings = m.vocab * m.hidden + m.positions * m.hidden;
    const double lmHead = m.tiedEmbeddings ? 0 : m.vocab * m.hidden;
    return embeddings + m.layers * layer + mlps + normWeights + lmHead;
}

std::string_view phaseName(Phase p)
{
    switch (p) {
    case Phase::Prefill:
        return "prefill";
    case Phase::Train:
        return "train";
    case Phase::Decode:
        break;
    }
    return "decode";
}

double ModelSettings::acceptedTokens() const
{
    if (!speculative())
        return 1;
    // Leviathan et al. (2023), eq. (1): each of the k proposals is kept with probability α until the first that is
    // not, and the target's own token follows: Σ α^i for i = 0 … k.
    const double alpha = acceptance;
    return alpha >= 1 ? draftTokens + 1 : (1 - std::pow(alpha, draftTokens + 1)) / (1 - alpha);
}

ModelSettings ModelSettings::draftStep(double cached) const
{
    ModelSettings d;
    d.model = draft.value_or(Model {});
    d.phase = Phase::Decode;
    d.batch = sequences();
    d.context = cached;
    d.weights = weights;
    d.activations = activations;
    d.kvCache = kvCache;
    d.tp = tp;
    d.link = link;
    d.materialiseScores = materialiseScores;
    d.latent = latent;
    return d;
}

std::optional<std::string> settingsProblem(const ModelSettings& s)
{
    const Model& m = s.model;
    if (!(s.batch >= 1 && s.batch <= kMaxBatch && s.batch == std::floor(s.batch)))
        return "batch: expected a whole number from 1 to " + wholeText(kMaxBatch);
    if (!(s.prompt >= 1 && s.prompt <= kMaxTokens && s.prompt == std::floor(s.prompt)))
        return "prompt: expected a whole number of tokens from 1 to " + wholeText(kMaxTokens);
    if (!(s.context >= 0 && s.context <= kMaxTokens && s.context == std::floor(s.context)))
        return "context: expected a whole number of tokens from 0 to " + wholeText(kMaxTokens);
    if (!(s.tp >= 1 && s.tp <= kMaxTensorParallel && s.tp == std::floor(s.tp)))
        return "tp: expected a whole number of GPUs from 1 to " + wholeText(kMaxTensorParallel);
    if (std::fmod(m.heads, s.tp) != 0)
        return "tp: " + wholeText(s.tp) + " does not divide the " + wholeText(m.heads) + " heads of " + m.name;
    if (std::fmod(m.kvHeads, s.tp) != 0 && std::fmod(s.tp, m.kvHeads) != 0)
        return "tp: " + wholeText(s.tp) + " and the " + wholeText(m.kvHeads) + " KV heads of " + m.name
            + " do not divide one another (each GPU holds whole KV heads, or one copied)";
    if (mixtureLayers(m) < m.layers && std::fmod(m.mlp, s.tp) != 0)
        return "tp: " + wholeText(s.tp) + " does not divide the MLP size " + wholeText(m.mlp) + " of " + m.name;
    if (mixtureLayers(m) > 0 && s.ep <= 1 && std::fmod(expertWidth(m), s.tp) != 0)
        return "tp: " + wholeText(s.tp) + " does not divide the experts' width " + wholeText(expertWidth(m)) + " of "
            + m.name;
    if (mixtureLayers(m) > 0 && m.sharedExperts > 0 && std::fmod(sharedExpertWidth(m), s.tp) != 0)
        return "tp: " + wholeText(s.tp) + " does not divide the shared experts' width "
            + wholeText(sharedExpertWidth(m)) + " of " + m.name;
    if (!(s.ep >= 1 && s.ep <= kMaxExpertParallel && s.ep == std::floor(s.ep)))
        return "ep: expected a whole number of GPUs from 1 to " + wholeText(kMaxExpertParallel);
    if (!(s.imbalance >= 1 && s.imbalance <= kMaxImbalance))
        return "imbalance: expected the busiest chip's tokens over the mean, from 1 to " + wholeText(kMaxImbalance);
    if (s.imbalance > 1 && s.ep <= 1)
        return "imbalance: the busiest expert-parallel chip's share, and ep is 1 (give ep above 1)";
    if (latentAttention(m) && s.materialiseScores && s.phase != Phase::Train)
        return "attention: latent attention is always fused (materialised scores are ordinary attention's)";
    if (s.phase == Phase::Train && s.latent == ModelSettings::Latent::Absorbed)
        return "latent: a training step expands the latent, its backward pass needs K and V per head (absorbed "
               "applies to decode and prefill)";
    if (s.ep > 1) {
        if (m.experts <= 1)
            return "ep: " + m.name + " has no experts to split";
        if (s.phase == Phase::Train)
            return "ep: expert parallelism is modelled for inference; a training step's experts are split by tp";
        if (std::fmod(m.experts, s.ep) != 0)
            return "ep: " + wholeText(s.ep) + " does not divide the " + wholeText(m.experts) + " experts of " + m.name;
        if (std::fmod(s.ep, s.tp) != 0)
            return "ep: " + wholeText(s.ep) + " GPUs do not split into tensor-parallel groups of tp " + wholeText(s.tp);
        if (std::fmod(s.batch, s.ep / s.tp) != 0)
            return "batch: " + wholeText(s.batch) + " sequences do not split evenly over the " + wholeText(s.ep / s.tp)
                + " tensor-parallel groups of ep " + wholeText(s.ep);
    }
    if (s.speculative()) {
        if (!(s.draftTokens >= 1 && s.draftTokens <= kMaxDraftTokens && s.draftTokens == std::floor(s.draftTokens)))
            return "draft_tokens: expected a whole number of tokens from 1 to " + wholeText(kMaxDraftTokens);
        if (!(s.acceptance >= 0 && s.acceptance <= 1))
            return "acceptance: expected the chance the target keeps a drafted token, from 0 to 1";
        const Model& d = *s.draft;
        if (d.vocab != m.vocab)
            return "draft: " + d.name + "'s vocabulary of " + wholeText(d.vocab) + " tokens is not the "
                + wholeText(m.vocab) + " of " + m.name + " (a draft proposes tokens of its target's vocabulary)";
        // The draft runs on the target's chips: its heads, KV heads and MLP split over the same tp.
        if (std::optional<std::string> problem = settingsProblem(s.draftStep(s.context)))
            return "draft: " + d.name + " on the target's chips: " + *problem;
    }
    if (s.phase != Phase::Train)
        return std::nullopt;
    if (!(s.dp >= 1 && s.dp <= kMaxDataParallel && s.dp == std::floor(s.dp)))
        return "dp: expected a whole number of replicas from 1 to " + wholeText(kMaxDataParallel);
    if (!(s.pp >= 1 && s.pp <= std::min(m.layers, kMaxPipelineStages) && s.pp == std::floor(s.pp)))
        return "pp: expected a whole number of pipeline stages from 1 to the " + wholeText(m.layers) + " layers of "
            + m.name;
    if (std::fmod(m.layers, s.pp) != 0)
        return "pp: " + wholeText(s.pp) + " stages do not divide the " + wholeText(m.layers) + " layers of " + m.name;
    if (!(s.microbatches >= 1 && s.microbatches <= kMaxMicrobatches && s.microbatches == std::floor(s.microbatches)))
        return "microbatches: expected a whole number from 1 to " + wholeText(kMaxMicrobatches);
    if (std::fmod(s.batch, s.dp * s.microbatches) != 0)
        return "batch: " + wholeText(s.batch) + " sequences do not split evenly into " + wholeText(s.dp)
            + " replicas of " + wholeText(s.microbatches) + " microbatches";
    if (!(s.zero >= 0 && s.zero <= 3 && s.zero == std::floor(s.zero)))
        return "zero: expected a ZeRO stage, 0 to 3";
    if (s.zero > 0 && s.dp <= 1)
        return "zero: ZeRO shards over the data-parallel replicas, and there is one (give dp above 1)";
    if (s.sequenceParallel && s.tp <= 1)
        return "sequence_parallel: sequence parallelism shares the tokens of a tensor-parallel group, and tp is 1";
    if (s.sequenceParallel && std::fmod(s.tokens(), s.tp) != 0)
        return "sequence_parallel: the " + wholeText(s.tokens()) + " tokens of a microbatch do not split over tp "
            + wholeText(s.tp);
    return std::nullopt;
}

const Model* ModelLibrary::find(std::string_view id) const
{
    const auto it = std::find_if(models.begin(), models.end(), [&](const Model& m) { return m.id == id; });
    return it == models.end() ? nullptr : &*it;
}

std::string ModelLibrary::ids() const
{
    std::string out;
    for (const Model& m : models)
        out += (out.empty() ? "" : ", ") + m.id;
    return out;
}

ModelLibrary ModelLibrary::with(Model model) const
{
    ModelLibrary joined = *this;
    std::erase_if(joined.models, [&model](const Model& m) { return m.id == model.id; });
    joined.models.push_back(std::move(model));
    return joined;
}

} // namespace roofline
