// SPDX-License-Identifier: GPL-3.0-or-later
// What one chip of a deployment holds and computes of a model (its parameters, its routed experts' rows) and the link
// its scale-out collectives take by default: what the operations llm/generate.cpp makes and the totals share.
#include "llm/generate.h"

#include <algorithm>
#include <cmath>

namespace roofline {

std::string scaleOutLink(const Hardware& hw)
{
    const auto out = std::find_if(hw.links.begin(), hw.links.end(),
        [](const Link& l) { return l.scope == LinkScope::InterNode || l.scope == LinkScope::InterPod; });
    return out != hw.links.end() ? out->name : hw.links.empty() ? std::string() : hw.links.front().name;
}

// The parameters one chip holds under tensor parallelism N (and a training step's pipeline stages): every matrix
// split N ways, except
// - the K and V projections when N exceeds the KV heads: each chip then holds whole copies of max(1, kv_heads / N)
//   heads, as the generated projections read them. Llama-3.1-70B at N = 16 holds a whole KV head (not half of one)
//   in each of 80 layers' K and V: 80 · 2 · 8192 · 128 · ½ = 83,886,080 parameters more per chip;
// - what every chip computes whole: a mixture's router, latent attention's projections down to the query's and the
//   keys' latents (and their norms);
// - a mixture's routed experts under expert parallelism: E/ep whole experts per chip.
double parametersPerChip(const ModelSettings& s)
{
    const Model& m = s.model;
    const double n = s.tp;
    const double whole = 1 - 1 / n; // what a copied part adds to its N-th share
    double copies = 0;
    if (latentAttention(m)) {
        const double query = m.qLoraRank > 0 ? m.hidden * m.qLoraRank + m.qLoraRank : 0;
        copies += m.layers * (query + m.hidden * (m.kvLoraRank + m.ropeDim) + m.kvLoraRank) * whole;
    } else {
        const double kvHeads = std::max(1.0, m.kvHeads / n);
        copies += m.layers * (m.hidden + (m.bias || m.qkvBias ? 1 : 0)) * (qkHeadDim(m) + vHeadDim(m))
            * (kvHeads - m.kvHeads / n);
    }
    // A norm on each head's query and key has one scale for all heads: every chip holds it whole.
    if (m.qkNorm == QkNorm::PerHead)
        copies += m.layers * qkNormParameters(m) * whole;
    const double mixtures = mixtureLayers(m);
    const double sharedGate = m.sharedExpertGate ? m.hidden : 0;
    copies += mixtures * (m.hidden * m.experts + (m.routerBias ? m.experts : 0) + sharedGate) * whole;
    double total = parameterCount(m) / n + copies;
    if (s.ep > 1) {
        const double routed = mixtures * m.experts * mlpParameters(m, expertWidth(m));
        total += routed / s.ep - routed / n;
    }
    return total / (s.phase == Phase::Train ? s.pp : 1);
}

double expertRowsPerChip(const ModelSettings& s)
{
    const Model& m = s.model;
    if (s.ep <= 1)
        return s.tokens() * m.expertsPerToken;
    const double tokens = s.deploymentTokens();
    return std::min(s.imbalance * tokens * m.expertsPerToken / s.ep,
        tokens * std::min(m.expertsPerToken, std::ceil(m.experts / s.ep)));
}

} // namespace roofline
