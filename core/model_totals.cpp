#include "model_totals.h"

#include "analysis.h"

#include <cmath>

namespace roofline {

namespace {

// Bytes per sequence that grow with the batch: its KV cache and its share of the activations.
struct PerChipMemory {
    double weights = 0;
    double kvCache = 0;
    double activations = 0;
};

PerChipMemory memoryNeeded(const ModelSettings& s)
{
    const Model& m = s.model;
    const double n = s.tp;
    const double kvHeads = std::max(1.0, m.kvHeads / n);
    PerChipMemory need;
    need.weights = parameterCount(m) * bytesPerElement(s.weights) / n;
    need.kvCache = 2 * m.layers * s.batch * s.cachedTokens() * kvHeads * m.headDim * bytesPerElement(s.kvCache);
    // The residual stream and the norm's output, and the MLP's intermediates (up and gate, for each expert a token
    // uses); a prefill that materialises its scores holds them too.
    const double intermediates = (m.gated ? 2 : 1) * m.mlp / n * m.expertsPerToken;
    double elements = s.tokens() * (2 * m.hidden + intermediates);
    if (s.materialiseScores && s.phase == Phase::Prefill)
        elements += s.batch * m.heads / n * s.prompt * s.prompt;
    need.activations = elements * bytesPerElement(s.activations);
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
    t.tCompute = t.compute > 0 ? 2 * s.tokens() * parameterCount(s.model) / t.compute : 0;
    const double n = s.tp;
    const double activation = s.tokens() * s.model.hidden * bytesPerElement(s.activations); // B·D·S
    if (t.netBandwidth > 0) {
        t.tNetwork = 4 * (n - 1) * activation * s.model.layers / t.netBandwidth;
        t.tNetworkRing = s.model.layers * 2 * (2 * (n - 1) / n * activation) / t.netBandwidth;
    }
    return t;
}

} // namespace

std::optional<ModelTotals> modelTotals(const Analysis& a)
{
    const std::optional<ModelSettings>& settings = a.session.model;
    if (!settings || settingsProblem(*settings))
        return std::nullopt;
    ModelTotals t;
    const Session& session = a.session;
    for (std::size_t i = 0; i < a.operations.size(); ++i) {
        const Operation& op = session.operations[i];
        if (!op.generated)
            continue;
        if (!a.operations[i].evaluation.ok())
            return std::nullopt;
        const Evaluation& e = a.operations[i].evaluation.value();
        const double r = op.repeat;
        t.flops += r * e.flops;
        t.tLower += r * e.tLower;
        t.tUpper += r * e.tUpper;
        t.tMath += r * e.tMath;
        t.tLatency += r * e.tLatency;
        for (const ResourceUse& use : e.resources) {
            (use.kind == RoofKind::Memory ? t.tMemory : t.tNetwork) += r * use.time;
            if (use.kind == RoofKind::Memory && a.hardware.memory({}) && use.name == a.hardware.memory({})->name)
                t.memoryBytes += r * use.bytes;
        }
    }
    const ModelSettings& s = *settings;
    const double sequenceTokens = s.phase == Phase::Prefill ? s.prompt : 1;
    if (t.tLower > 0) {
        t.tokensPerSecond = s.batch * sequenceTokens / t.tLower;
        t.tokensPerSecondPerSequence = sequenceTokens / t.tLower;
    }
    t.timeToFirstToken = s.phase == Phase::Prefill ? t.tLower : 0;
    const std::optional<double> peak = a.hardware.peakFor(s.activations);
    const MemoryLevel* main = a.hardware.memory({});
    if (peak && t.tLower > 0)
        t.mfu = t.flops / (t.tLower * *peak);
    if (main && t.tLower > 0)
        t.mbu = t.memoryBytes / (t.tLower * main->bandwidth);

    const PerChipMemory need = memoryNeeded(s);
    t.weightsBytes = need.weights;
    t.kvCacheBytes = need.kvCache;
    t.activationBytes = need.activations;
    t.capacityBytes = main ? main->capacity : 0;
    if (t.capacityBytes > 0) {
        t.fits = need.weights + need.kvCache + need.activations <= t.capacityBytes;
        const double perSequence = (need.kvCache + need.activations) / s.batch;
        t.maxBatch = t.capacityBytes > need.weights ? std::floor((t.capacityBytes - need.weights) / perSequence) : 0;
    }
    t.servingText = servingText(s, a.hardware, peak.value_or(0));
    return t;
}

} // namespace roofline
