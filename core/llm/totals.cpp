// SPDX-License-Identifier: GPL-3.0-or-later
#include "llm/totals.h"

#include "llm/generate.h"
#include "roofline/energy.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace roofline {

namespace {

// What one chip holds: the weights, and what grows with the batch (its KV cache and activations); a training step's
// gradients and optimizer state beside its weights.
struct PerChipMemory {
    double weights = 0;
    double kvCache = 0;
    double activations = 0;
    double gradients = 0;
    double optimizer = 0;

    double fixed() const { return weights + gradients + optimizer; }
    double total() const { return fixed() + kvCache + activations; }
};

// The widest intermediate one token's MLP holds on one chip, in elements: up (and gate) of a dense layer, or of a
// mixture's shared experts and of the k routed ones it visits (under expert parallelism the busiest chip's rows, per
// token of its group).
double mlpIntermediates(const ModelSettings& s)
{
    const Model& m = s.model;
    const double n = s.tp;
    const double matrices = m.gated ? 2 : 1;
    double widest = mixtureLayers(m) < m.layers ? matrices * m.mlp / n : 0;
    if (mixtureLayers(m) > 0) {
        const double routed
            = s.ep > 1 ? expertRowsPerChip(s) / s.tokens() * expertWidth(m) : m.expertsPerToken * expertWidth(m) / n;
        widest = std::max(widest, matrices * (m.sharedExperts * sharedExpertWidth(m) / n + routed));
    }
    return widest;
}

// The activations a training step keeps for its backward pass, in elements per token and layer on one chip: the
// norms' inputs and outputs (4·hidden), Q, K, V and the attention's output (what fused attention recomputes its
// scores from; latent attention's latents too), and the MLP's inputs to its activation and down projection; for a 4h
// MLP without dropout masks this is Korthikanti et al. (2022)'s 34·h bytes per token less their masks.
double keptPerToken(const ModelSettings& s)
{
    const Model& m = s.model;
    const double n = s.tp;
    const double heads = m.heads / n;
    const double kvHeads = latentAttention(m) ? heads : std::max(1.0, m.kvHeads / n);
    const double latents = latentAttention(m) ? m.qLoraRank + m.kvLoraRank + m.ropeDim : 0;
    const double attention = (heads + kvHeads) * qkHeadDim(m) + (heads + kvHeads) * vHeadDim(m) + latents;
    // Each norm's input and output (2·hidden each: Gemma 2's four norms keep 8·hidden), a tp-th of them with sequence
    // parallelism.
    const double norms = 2 * m.layerNorms * m.hidden / (s.sequenceParallel ? n : 1);
    return norms + attention + mlpIntermediates(s) / (m.gated ? 2 : 1) * (m.gated ? 3 : 2);
}

// The KV cache one chip holds: per layer, each of its sequences' cached tokens (at most the window's in a window's
// layer, those of the last token's chunk in a chunked one), K and V of its share of the KV heads, or the whole latent
// and rope key, which tensor parallelism copies.
double kvCacheBytes(const ModelSettings& s)
{
    const Model& m = s.model;
    const double perToken = latentAttention(m) ? m.kvLoraRank + m.ropeDim
                                               : std::max(1.0, m.kvHeads / s.tp) * (qkHeadDim(m) + vHeadDim(m));
    const double cached = s.cachedTokens();
    const double windowLayers = m.window > 0 ? m.windowLayers : 0;
    const double chunkLayers = m.chunk > 0 ? m.chunkLayers : 0;
    const double inChunk = m.chunk > 0 ? cached - std::floor((cached - 1) / m.chunk) * m.chunk : 0;
    const double tokens = (m.layers - windowLayers - chunkLayers) * cached + windowLayers * std::min(cached, m.window)
        + chunkLayers * inChunk;
    return s.sequences() * tokens * perToken * bytesPerElement(s.kvCache);
}

PerChipMemory memoryNeeded(const ModelSettings& s)
{
    const Model& m = s.model;
    const double n = s.tp;
    PerChipMemory need;
    if (s.phase == Phase::Train) {
        // ZeRO (Rajbhandari et al. 2020) §3.1 and §5: mixed-precision Adam keeps 2 + 2 + 12 bytes a parameter with
        // bf16 weights, its stages shard the optimizer state (1), the gradients too (2) and the weights too (3) over
        // the dp replicas: (2 + 2 + 12/dp)·Ψ, (2 + 14/dp)·Ψ, 16/dp·Ψ.
        const double parameters = parametersPerChip(s);
        const double dp = s.dp;
        need.weights = parameters * bytesPerElement(s.weights) / (s.zero >= 3 ? dp : 1);
        need.gradients = parameters * bytesPerElement(s.weights) / (s.zero >= 2 ? dp : 1);
        need.optimizer = parameters * 12 / (s.zero >= 1 ? dp : 1);
        // 1F1B: the first stage holds the activations of at most pp microbatches at once; the last holds one
        // microbatch's logits until the loss's backward pass. Full recomputation keeps each layer's input alone, and
        // the activations of the one layer whose backward pass runs.
        const double inFlight = std::min(s.microbatches, s.pp);
        const double kept = s.recompute == ModelSettings::Recompute::Full
            ? m.hidden * s.stageLayers() * s.tokens() * inFlight + keptPerToken(s) * s.tokens()
            : keptPerToken(s) * s.stageLayers() * s.tokens() * inFlight;
        need.activations = bytesPerElement(s.activations) * (kept + s.tokens() * std::ceil(m.vocab / n));
        return need;
    }
    need.weights = parametersPerChip(s) * bytesPerElement(s.weights);
    need.kvCache = kvCacheBytes(s);
    // The residual stream and the norm's output, and the MLP's intermediates (up and gate, for each expert a token
    // uses); a prefill that materialises its scores holds them too.
    double elements = s.tokens() * (2 * m.hidden + mlpIntermediates(s));
    if (s.materialiseScores && s.phase == Phase::Prefill)
        elements += s.sequences() * m.heads / n * s.prompt * s.prompt;
    need.activations = elements * bytesPerElement(s.activations);
    if (s.speculative()) {
        // The draft's weights beside the target's, and its cache at its last step, S + k − 1 tokens before it; its
        // activations and the target's are not alive at once.
        const PerChipMemory draft = memoryNeeded(s.draftStep(s.context + s.draftTokens - 1));
        need.weights += draft.weights;
        need.kvCache += draft.kvCache;
        need.activations = std::max(need.activations, draft.activations);
    }
    return need;
}

ServingText servingText(const ModelSettings& s, const Hardware& hw, double peak)
{
    ServingText t;
    const MemoryLevel* main = hw.memory({});
    t.gpuMemory = main ? main->capacity : 0;
    t.memBandwidth = main ? main->bandwidth : 0;
    t.compute = peak;
    const Link* link = hw.link(s.link);
    t.netBandwidth = link ? link->bandwidth : 0;
    t.tMem = t.memBandwidth > 0 ? t.gpuMemory / t.memBandwidth : 0;
    t.tCompute = t.compute > 0 ? 2 * s.tokens() * activeParameters(s.model) / t.compute : 0;
    const double n = s.tp;
    const double activation = s.tokens() * s.model.hidden * bytesPerElement(s.activations); // B·D·S
    if (t.netBandwidth > 0) {
        t.tNetwork = 4 * (n - 1) * activation * s.model.layers / t.netBandwidth;
        t.tNetworkRing = s.model.layers * 2 * (2 * (n - 1) / n * activation) / t.netBandwidth;
    }
    return t;
}

// The data-parallel collectives: the gradients' and, with ZeRO, the weights' all-gathers, which follow the stage.
bool dataParallel(const Operation& op)
{
    return op.group == kGroupGradients || op.group == kGroupParameters;
}

// 1F1B over pp stages: a step is m + pp − 1 microbatch slots of each stage, pp − 1 of them idle: (pp − 1)/m of the
// stage's work; 0 for inference.
double bubble(const ModelSettings& s, double stage)
{
    return s.phase == Phase::Train ? (s.pp - 1) / s.microbatches * stage : 0;
}

} // namespace

double deploymentChips(const ModelSettings& s)
{
    return s.phase == Phase::Train ? s.dp * s.tp * s.pp : std::max(s.tp, s.ep);
}

std::optional<ModelTotals> modelTotals(const ModelSettings& s, const Hardware& hw,
    std::span<const Operation> operations, std::span<const Evaluation* const> evaluations)
{
    if (settingsProblem(s))
        return std::nullopt;
    const bool train = s.phase == Phase::Train;
    ModelTotals t;
    TrainingTotals training;
    SpeculativeTotals speculative;
    double modelEnergy = 0; // per chip, by the energy model's stated terms
    bool modelComplete = true;
    for (std::size_t i = 0; i < operations.size(); ++i) {
        const Operation& op = operations[i];
        if (!op.generated)
            continue;
        if (!evaluations[i])
            return std::nullopt;
        const Evaluation& e = *evaluations[i];
        const double r = op.repeat;
        const OperationEnergy energy = operationEnergy(hw, e);
        modelEnergy += r * energy.model();
        modelComplete = modelComplete && energy.complete();
        t.flops += r * e.flops;
        t.tMath += r * e.tMath;
        t.tLatency += r * e.tLatency;
        for (const ResourceUse& use : e.resources) {
            (use.kind == RoofKind::Memory ? t.tMemory : t.tNetwork) += r * use.time;
            if (use.kind == RoofKind::Memory && hw.memory({}) && use.name == hw.memory({})->name)
                t.memoryBytes += r * use.bytes;
            if (dataParallel(op) && use.kind == RoofKind::Network) {
                training.gradientBytes += r * use.bytes;
                training.dpLink = use.name;
            }
        }
        (op.group == kGroupDraft ? speculative.tDraft : speculative.tVerify) += r * e.tLower;
        if (dataParallel(op)) {
            training.gradientsLower += r * e.tLower;
            training.gradientsUpper += r * e.tUpper;
        } else {
            training.stageLower += r * e.tLower;
            training.stageUpper += r * e.tUpper;
        }
    }
    t.tLower = training.stageLower + training.gradientsLower;
    t.tUpper = training.stageUpper + training.gradientsUpper;
    const std::optional<double> peak = hw.peakFor(s.activations);
    const MemoryLevel* main = hw.memory({});
    if (train) {
        training.tokens = s.batch * s.prompt;
        training.modelFlops = 6 * activeParameters(s.model) * training.tokens / (s.dp * s.tp * s.pp);
        training.bubbleFraction = (s.pp - 1) / (s.microbatches + s.pp - 1);
        training.bubbleLower = bubble(s, training.stageLower);
        training.bubbleUpper = bubble(s, training.stageUpper);
        t.tLower += training.bubbleLower;
        t.tUpper += training.bubbleUpper;
        if (training.gradientBytes > 0) {
            training.dpIntensity = training.modelFlops / training.gradientBytes;
            const Link* link = hw.link(training.dpLink);
            if (peak && link && link->bandwidth > 0)
                training.dpRidge = *peak / link->bandwidth;
        }
        if (t.tLower > 0) {
            t.tokensPerSecond = training.tokens / t.tLower;
            if (peak)
                training.hfu = t.flops / (t.tLower * *peak);
        }
    } else if (t.tLower > 0) {
        // A decode step adds one token to each sequence; a speculative round its accepted tokens, on average.
        const double sequenceTokens = s.phase == Phase::Prefill ? s.prompt : s.acceptedTokens();
        t.tokensPerSecond = s.batch * sequenceTokens / t.tLower;
        t.tokensPerSecondPerSequence = sequenceTokens / t.tLower;
    }
    t.timeToFirstToken = s.phase == Phase::Prefill ? t.tLower : 0;
    t.chips = deploymentChips(s);
    t.tokensPerStep = s.phase == Phase::Decode ? s.batch * s.acceptedTokens() : s.batch * s.prompt;
    const double chipSeconds = t.chips * t.tLower;
    if (hw.boardPower > 0) {
        t.energyPerStep = hw.boardPower * chipSeconds;
        if (t.energyPerStep > 0)
            t.tokensPerJoule = t.tokensPerStep / t.energyPerStep;
    }
    if (statesEnergyModel(hw)) {
        // The pipeline's idle slots draw the constant power and nothing else.
        t.modelEnergyPerStep = t.chips * (modelEnergy + hw.constantPower * training.bubbleLower);
        t.modelEnergyComplete = modelComplete;
        if (t.modelEnergyPerStep > 0)
            t.modelTokensPerJoule = t.tokensPerStep / t.modelEnergyPerStep;
    }
    if (hw.pricePerHour > 0) {
        t.costPerStep = hw.pricePerHour / 3600 * chipSeconds;
        t.costPerMillionTokens = t.costPerStep / t.tokensPerStep * 1e6;
    }
    // Each operation's math and main-memory times are at most its time, so neither share passes 1; their sums are
    // rounded apart, and the quotient of a step bound by HBM alone came out 1.0000000000000002.
    if (peak && t.tLower > 0)
        t.mfu = std::min(1.0, (train ? training.modelFlops : t.flops) / (t.tLower * *peak));
    if (main && t.tLower > 0)
        t.mbu = std::min(1.0, t.memoryBytes / (t.tLower * main->bandwidth));

    const PerChipMemory need = memoryNeeded(s);
    t.weightsBytes = need.weights;
    t.kvCacheBytes = need.kvCache;
    t.activationBytes = need.activations;
    training.gradientsBytes = need.gradients;
    training.optimizerBytes = need.optimizer;
    t.capacityBytes = main ? main->capacity : 0;
    if (t.capacityBytes > 0) {
        t.fits = need.total() <= t.capacityBytes;
        // What grows with the batch grows in proportion to the sequences of one pass (a microbatch for training),
        // which the batch holds dp·m times.
        const double perSequence = (need.kvCache + need.activations) / s.sequences();
        const double passesPerBatch = s.batch / s.sequences();
        // The most sequences a pass can hold, at most as many as the largest batch the settings take (kMaxBatch).
        const double perPass
            = t.capacityBytes > need.fixed() ? std::floor((t.capacityBytes - need.fixed()) / perSequence) : 0;
        t.maxBatch = std::min(perPass, std::floor(kMaxBatch / passesPerBatch)) * passesPerBatch;
    }
    if (s.speculative()) {
        speculative.acceptedTokens = s.acceptedTokens();
        t.speculative = speculative;
    }
    if (train)
        t.training = training;
    else
        t.servingText = servingText(s, hw, peak.value_or(0));
    return t;
}

std::optional<CalibratedTotals> calibratedTotals(const ModelSettings& s, std::span<const Operation> operations,
    std::span<const double> seconds, const ModelTotals& t, std::optional<double> p90)
{
    double stage = 0;
    double gradients = 0;
    for (std::size_t i = 0; i < operations.size(); ++i) {
        const Operation& op = operations[i];
        if (!op.generated)
            continue;
        if (!(seconds[i] >= 0))
            return std::nullopt;
        (dataParallel(op) ? gradients : stage) += op.repeat * seconds[i];
    }
    CalibratedTotals c;
    c.tStep = stage + bubble(s, stage) + gradients;
    if (!(c.tStep > 0) || !(t.tLower > 0))
        return std::nullopt;
    if (p90) {
        c.tLow = c.tStep / (1 + *p90);
        c.tHigh = *p90 < 1 ? c.tStep / (1 - *p90) : std::numeric_limits<double>::infinity();
    }
    const double scale = t.tLower / c.tStep;
    c.tokensPerSecond = t.tokensPerSecond * scale;
    c.tokensPerSecondPerSequence = t.tokensPerSecondPerSequence * scale;
    c.timeToFirstToken = s.phase == Phase::Prefill ? c.tStep : 0;
    c.mfu = t.mfu * scale;
    c.mbu = t.mbu * scale;
    if (t.tokensPerJoule > 0)
        c.joulesPerToken = 1 / (t.tokensPerJoule * scale);
    c.costPerMillionTokens = t.costPerMillionTokens / scale;
    return c;
}

} // namespace roofline
