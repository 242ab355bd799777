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

double mlpParameters(const Model& m)
{
    const double matrices = (m.gated ? 3 : 2) * m.hidden * m.mlp;
    // Biases: the up (and gate) projection's mlp outputs each, the down projection's hidden outputs.
    const double biases = m.bias ? (m.gated ? 2 : 1) * m.mlp + m.hidden : 0;
    return matrices + biases;
}

double parameterCount(const Model& m)
{
    const double q = m.heads * m.headDim;
    const double kv = m.kvHeads * m.headDim;
    const double biases = m.bias ? q + 2 * kv + m.hidden : m.qkvBias ? q + 2 * kv : 0;
    const double attention = m.hidden * (q + 2 * kv) + q * m.hidden + biases;
    const double router = m.experts > 1 ? m.hidden * m.experts : 0;
    const double normWeights = m.norm == NormKind::LayerNorm ? 2 * m.hidden : m.hidden; // scale, and shift
    const double layer = attention + m.experts * mlpParameters(m) + router + 2 * normWeights;
    const double embeddings = m.vocab * m.hidden + m.positions * m.hidden;
    const double lmHead = m.tiedEmbeddings ? 0 : m.vocab * m.hidden;
    return embeddings + m.layers * layer + normWeights + lmHead;
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
    if (std::fmod(m.mlp, s.tp) != 0)
        return "tp: " + wholeText(s.tp) + " does not divide the MLP size " + wholeText(m.mlp) + " of " + m.name;
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

} // namespace roofline
