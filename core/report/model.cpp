// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/model.h"

#include "base/units.h"
#include "report/report.h"

#include <cmath>
#include <cstdio>

namespace roofline {

void writeModelJson(JsonWriter& j, const Analysis& a)
{
    const ModelSettings& s = *a.session.model;
    const ModelTotals& t = *a.model;
    j.key("model").beginObject();
    j.key("id").value(s.model.id);
    j.key("name").value(s.model.name);
    j.key("parameters").value(parameterCount(s.model));
    j.key("active_parameters").value(activeParameters(s.model)); // one token's: a mixture's routed experts it visits
    j.key("layers").value(s.model.layers);
    j.key("phase").value(phaseName(s.phase));
    j.key("batch").value(s.batch);
    if (s.phase == Phase::Decode)
        j.key("context").value(s.context);
    else
        j.key("prompt").value(s.prompt);
    j.key("weights").value(dtypeName(s.weights));
    j.key("activations").value(dtypeName(s.activations));
    j.key("kv").value(dtypeName(s.kvCache));
    j.key("tp").value(s.tp);
    j.key("attention").value(s.materialiseScores ? "materialised" : "fused");
    if (s.ep > 1) {
        j.key("ep").value(s.ep);
        j.key("imbalance").value(s.imbalance);
    }
    if (latentAttention(s.model))
        j.key("latent").value(s.absorbLatent() ? "absorbed" : "expanded");
    if (s.speculative()) {
        j.key("draft").beginObject();
        j.key("id").value(s.draft->id);
        j.key("name").value(s.draft->name);
        j.key("parameters").value(parameterCount(*s.draft));
        j.key("draft_tokens").value(s.draftTokens);
        j.key("acceptance").value(s.acceptance);
        j.endObject();
    }
    if (s.phase != Phase::Train) // a training step keeps no cache
        j.key("kv_cache_bytes_per_token")
            .value(kvElementsPerToken(s.model) * s.model.layers * bytesPerElement(s.kvCache));
    if (s.phase == Phase::Train) {
        j.key("dp").value(s.dp);
        j.key("pp").value(s.pp);
        j.key("microbatches").value(s.microbatches);
        j.key("zero").value(s.zero);
        j.key("recompute")
            .value(s.recompute == ModelSettings::Recompute::Full         ? "full"
                    : s.recompute == ModelSettings::Recompute::Selective ? "selective"
                                                                         : "none");
        j.key("sequence_parallel").value(s.sequenceParallel);
    }
    j.endObject();

    j.key("totals").beginObject();
    j.key("flops").value(t.flops);
    j.key("t_lower_s").value(t.tLower);
    j.key("t_upper_s").value(t.tUpper);
    j.key("t_math_s").value(t.tMath);
    j.key("t_memory_s").value(t.tMemory);
    j.key("t_network_s").value(t.tNetwork);
    if (a.hardware.latency)
        j.key("t_latency_s").value(t.tLatency);
    j.key("tokens_per_s").value(t.tokensPerSecond);
    j.key("tokens_per_s_per_sequence").value(t.tokensPerSecondPerSequence);
    if (s.phase == Phase::Prefill)
        j.key("time_to_first_token_s").value(t.timeToFirstToken);
    j.key("mfu").value(t.mfu);
    j.key("memory_bandwidth_utilisation").value(t.mbu);
    j.key("weights_bytes").value(t.weightsBytes);
    j.key("kv_cache_bytes").value(t.kvCacheBytes);
    j.key("activation_bytes").value(t.activationBytes);
    j.key("capacity_bytes").value(t.capacityBytes);
    j.key("fits").value(t.fits);
    j.key("max_batch").value(t.maxBatch);
    j.key("chips").value(t.chips);
    j.key("tokens_per_step").value(t.tokensPerStep);
    if (t.energyPerStep > 0) {
        j.key("board_power_w").value(a.hardware.boardPower);
        j.key("energy_per_step_j").value(t.energyPerStep);
        j.key("tokens_per_joule").value(t.tokensPerJoule);
        j.key("joules_per_token").value(1 / t.tokensPerJoule);
    }
    if (t.modelEnergyPerStep > 0) { // the energy model's stated terms: a lower bound unless complete
        j.key("model_energy_per_step_j").value(t.modelEnergyPerStep);
        j.key("model_energy_complete").value(t.modelEnergyComplete);
        j.key("model_tokens_per_joule").value(t.modelTokensPerJoule);
    }
    if (t.costPerStep > 0) {
        j.key("price_per_chip_hour").value(a.hardware.pricePerHour);
        j.key("cost_per_step").value(t.costPerStep);
        j.key("cost_per_million_tokens").value(t.costPerMillionTokens);
    }
    if (t.calibrated) {
        const CalibratedTotals& c = *t.calibrated;
        j.key("calibrated").beginObject();
        j.key("t_step_s").value(c.tStep);
        if (c.tLow > 0) {
            j.key("t_low_s").value(c.tLow);
            if (std::isfinite(c.tHigh))
                j.key("t_high_s").value(c.tHigh);
        }
        j.key("tokens_per_s").value(c.tokensPerSecond);
        if (!t.training)
            j.key("tokens_per_s_per_sequence").value(c.tokensPerSecondPerSequence);
        if (s.phase == Phase::Prefill)
            j.key("time_to_first_token_s").value(c.timeToFirstToken);
        j.key("mfu").value(c.mfu);
        j.key("memory_bandwidth_utilisation").value(c.mbu);
        if (c.joulesPerToken > 0)
            j.key("joules_per_token").value(c.joulesPerToken);
        if (c.costPerMillionTokens > 0)
            j.key("cost_per_million_tokens").value(c.costPerMillionTokens);
        j.endObject();
    }
    if (t.speculative) {
        j.key("speculative").beginObject();
        j.key("accepted_tokens_per_round").value(t.speculative->acceptedTokens);
        j.key("t_draft_s").value(t.speculative->tDraft);
        j.key("t_verify_s").value(t.speculative->tVerify);
        j.endObject();
    }
    if (t.training) {
        const TrainingTotals& tr = *t.training;
        j.key("training").beginObject();
        j.key("tokens").value(tr.tokens);
        j.key("model_flops").value(tr.modelFlops);
        j.key("hardware_flops_utilisation").value(tr.hfu);
        j.key("t_stage_lower_s").value(tr.stageLower);
        j.key("t_stage_upper_s").value(tr.stageUpper);
        j.key("bubble_fraction").value(tr.bubbleFraction);
        j.key("t_bubble_lower_s").value(tr.bubbleLower);
        j.key("t_bubble_upper_s").value(tr.bubbleUpper);
        j.key("t_gradients_lower_s").value(tr.gradientsLower);
        j.key("t_gradients_upper_s").value(tr.gradientsUpper);
        j.key("gradient_bytes_sent").value(tr.gradientBytes);
        if (tr.gradientBytes > 0) {
            j.key("dp_link").value(tr.dpLink);
            j.key("dp_intensity").value(tr.dpIntensity);
            j.key("dp_ridge").value(tr.dpRidge);
        }
        j.key("gradients_bytes").value(tr.gradientsBytes);
        j.key("optimizer_bytes").value(tr.optimizerBytes);
        j.endObject();
    }
    j.endObject();
    if (t.training)
        return; // the serving text models inference

    const ServingText& st = t.servingText;
    j.key("serving_text").beginObject();
    j.key("t_mem_s").value(st.tMem);
    j.key("t_compute_s").value(st.tCompute);
    j.key("t_network_s").value(st.tNetwork);
    j.key("t_network_ring_s").value(st.tNetworkRing);
    j.key("gpu_memory_bytes").value(st.gpuMemory);
    j.key("mem_bandwidth_bytes_per_s").value(st.memBandwidth);
    j.key("compute_flops_per_s").value(st.compute);
    j.key("net_bandwidth_bytes_per_s").value(st.netBandwidth);
    j.endObject();
}

std::string energyAndCostText(const Hardware& hw, const ModelTotals& t)
{
    const std::string chips = wholeText(t.chips) + (t.chips == 1 ? " chip" : " chips");
    std::string out;
    if (hw.boardPower > 0)
        out += "  energy     at the board power of " + savedNumber(hw.boardPower) + " W (an estimate, not a bound): "
            + formatSI(t.energyPerStep, "J", 4) + " a step on " + chips + ", " + formatSI(1 / t.tokensPerJoule, "J", 4)
            + " a token (" + formatDecimal(t.tokensPerJoule) + " tokens per joule)\n";
    else
        out += "  energy     " + hw.name + "'s preset states no board power (give --set power.board=W)\n";
    if (t.modelEnergyPerStep > 0) {
        const bool bound = !t.modelEnergyComplete;
        out += "  energy     by the energy model" + std::string(bound ? " (its stated terms, a lower bound)" : "")
            + ": " + (bound ? "≥ " : "") + formatSI(t.modelEnergyPerStep, "J", 4) + " a step on " + chips + ", "
            + (bound ? "≥ " : "") + formatSI(1 / t.modelTokensPerJoule, "J", 4) + " a token\n";
    }
    if (t.costPerStep > 0)
        out += "  cost       at " + savedNumber(hw.pricePerHour) + " per chip-hour: " + formatDecimal(t.costPerStep)
            + " a step on " + chips + ", " + formatDecimal(t.costPerMillionTokens) + " per million tokens\n";
    return out;
}

std::string modelTotalsText(const Analysis& a)
{
    const ModelSettings& s = *a.session.model;
    const ModelTotals& t = *a.model;
    const bool prefill = s.phase == Phase::Prefill;
    const bool train = s.phase == Phase::Train;
    // A mixture's parameters and the part of them one token uses.
    const std::string active = s.model.experts > 1
        ? ", " + groupThousands(wholeText(activeParameters(s.model))) + " a token"
        : std::string();
    std::string out = "\n" + s.model.name + " (" + groupThousands(wholeText(parameterCount(s.model))) + " parameters"
        + active + "), " + std::string(phaseName(s.phase)) + ", B=" + wholeText(s.batch)
        + (s.phase == Phase::Decode ? ", context S=" + wholeText(s.context)
                                    : (train ? ", sequence P=" : ", prompt P=") + wholeText(s.prompt))
        + ", weights " + std::string(dtypeName(s.weights)) + (train ? "" : ", KV " + std::string(dtypeName(s.kvCache)))
        + ", TP N=" + wholeText(s.tp)
        + (s.ep > 1
                ? ", EP " + wholeText(s.ep) + " (" + wholeText(s.ep / s.tp) + " groups of " + wholeText(s.sequences())
                    + " sequences" + (s.imbalance > 1 ? ", imbalance " + savedNumber(s.imbalance) : std::string()) + ")"
                : std::string())
        + (latentAttention(s.model) ? std::string(", latent attention ") + (s.absorbLatent() ? "absorbed" : "expanded")
                                    : std::string())
        + (s.speculative() ? ", draft " + s.draft->name + " proposing k=" + wholeText(s.draftTokens)
                    + " tokens, acceptance α=" + savedNumber(s.acceptance)
                           : std::string())
        + (train && s.zero > 0 ? ", ZeRO " + wholeText(s.zero) : std::string())
        + (train && s.recompute == ModelSettings::Recompute::Full ? ", full recomputation" : std::string())
        + (train && s.sequenceParallel ? ", sequence parallel" : std::string())
        + (train ? ", DP " + wholeText(s.dp) + ", PP " + wholeText(s.pp) + " × " + wholeText(s.microbatches)
                    + " microbatches"
                 : "")
        + "; per chip, operations one after another:\n";
    out += "  "
        + std::string(train     ? "training step"
                : prefill       ? "prefill"
                : t.speculative ? "speculative round"
                                : "decode step")
        + "  T_lower " + formatSeconds(t.tLower) + "  T_upper " + formatSeconds(t.tUpper) + "  (math "
        + formatSeconds(t.tMath) + ", memory " + formatSeconds(t.tMemory) + ", network " + formatSeconds(t.tNetwork)
        + (a.hardware.latency ? ", latency floors add " + formatSeconds(t.tLatency) : "") + ")\n";
    if (t.calibrated) {
        // The same step under the calibration: what a capacity plan quotes, with the band its error gives.
        const CalibratedTotals& c = *t.calibrated;
        out += "  calibrated " + formatSeconds(c.tStep)
            + (c.tLow > 0 ? " (" + formatSeconds(c.tLow) + " – "
                        + (std::isfinite(c.tHigh) ? formatSeconds(c.tHigh) : std::string("more")) + ")"
                          : std::string())
            + ": " + formatSI(c.tokensPerSecond, "", 4) + " tokens/s in total"
            + (train ? std::string() : ", " + formatSI(c.tokensPerSecondPerSequence, "", 4) + " per sequence")
            + (prefill ? ", time to first token " + formatSeconds(c.timeToFirstToken) : std::string()) + ", MFU "
            + formatPercent(c.mfu) + ", memory-bandwidth utilisation " + formatPercent(c.mbu)
            + (c.joulesPerToken > 0 ? ", " + formatSI(c.joulesPerToken, "J", 4) + " a token" : std::string())
            + (c.costPerMillionTokens > 0 ? ", " + formatDecimal(c.costPerMillionTokens) + " per million tokens"
                                          : std::string())
            + "\n";
    }
    if (t.training) {
        const TrainingTotals& tr = *t.training;
        out += "  of which   stage " + formatSeconds(tr.stageLower) + ", pipeline bubble "
            + formatSeconds(tr.bubbleLower) + " ((pp−1)/(m+pp−1) = " + formatPercent(tr.bubbleFraction)
            + " of the pipeline), " + (s.zero > 0 ? "ZeRO's collectives " : "gradient all-reduce ")
            + formatSeconds(tr.gradientsLower) + "\n";
        out += "  tokens/s   " + formatSI(t.tokensPerSecond, "", 4) + " in total (" + formatSI(tr.tokens, "", 4)
            + " tokens a step)\n";
        out += "  MFU " + formatPercent(t.mfu) + " (6·Ψ·tokens = " + formatSI(tr.modelFlops, "FLOP", 4)
            + " per chip), every operation's FLOPs " + formatPercent(tr.hfu) + ", memory-bandwidth utilisation "
            + formatPercent(t.mbu) + "\n";
        if (tr.gradientBytes > 0)
            out += "  data parallelism: 6·Ψ·tokens / gradient bytes = " + formatSI(tr.dpIntensity, "", 5)
                + " FLOPs/byte against " + tr.dpLink + "'s ridge " + formatSI(tr.dpRidge, "", 5) + ": "
                + (tr.dpIntensity >= tr.dpRidge ? "compute-bound" : "network-bound") + "\n";
        out += "  memory     weights " + formatBytes(t.weightsBytes) + " + gradients " + formatBytes(tr.gradientsBytes)
            + " + optimizer " + formatBytes(tr.optimizerBytes) + " + activations " + formatBytes(t.activationBytes);
    } else {
        if (t.speculative)
            out += "  of which   the draft's " + wholeText(s.draftTokens) + " steps "
                + formatSeconds(t.speculative->tDraft) + ", the target's verification of " + wholeText(s.queryTokens())
                + " tokens a sequence " + formatSeconds(t.speculative->tVerify) + "; (1 − α^(k+1))/(1 − α) = "
                + formatSI(t.speculative->acceptedTokens, "", 4) + " tokens a sequence per round\n";
        out += "  tokens/s   " + formatSI(t.tokensPerSecond, "", 4) + " in total, "
            + formatSI(t.tokensPerSecondPerSequence, "", 4) + " per sequence"
            + (prefill ? "; time to first token " + formatSeconds(t.timeToFirstToken) : "") + "\n";
        out += "  MFU " + formatPercent(t.mfu) + ", memory-bandwidth utilisation " + formatPercent(t.mbu) + "\n";
        out += "  memory     weights " + formatBytes(t.weightsBytes) + " + KV cache " + formatBytes(t.kvCacheBytes)
            + " + activations " + formatBytes(t.activationBytes);
    }
    if (t.capacityBytes > 0)
        out += " of " + formatBytes(t.capacityBytes) + ": "
            + (t.fits ? std::string("fits") : std::string("DOES NOT FIT"))
            + (t.maxBatch >= 1 ? std::string(train ? "; largest batch " : "; largest batch at this context ")
                        + wholeText(t.maxBatch)
                               : "; not even one sequence fits beside the weights");
    else
        out += " (the chip's memory capacity is not known)";
    out += "\n";
    out += energyAndCostText(a.hardware, t);
    for (const GroupTotal& g : a.groups) {
        char name[64];
        std::snprintf(name, sizeof name, "  %-18s ", g.group.c_str());
        out += name + formatSeconds(g.tLower) + "  (math " + formatSeconds(g.tMath) + ", memory "
            + formatSeconds(g.tMemory) + ", network " + formatSeconds(g.tNetwork) + ")\n";
    }
    if (train)
        return out; // the serving text models inference
    const ServingText& st = t.servingText;
    out += "Serving text's model, as written (one GPU's memory, compute and link):\n";
    out += "  t_mem = GPU_mem / MemBW = " + formatBytes(st.gpuMemory) + " / " + formatBandwidth(st.memBandwidth) + " = "
        + formatSeconds(st.tMem) + "\n";
    out += "  t_compute = 2·B·P / compute = " + formatSeconds(st.tCompute) + "\n";
    out += "  T_network = 4(N−1)·B·D·S·L / NetBW = " + formatSeconds(st.tNetwork)
        + "; a ring all-reduce, two per layer of 2(N−1)/N·B·D·S bytes: " + formatSeconds(st.tNetworkRing)
        + " (the text's term has no 1/N: N times more)\n";
    return out;
}

std::string modelList(const ModelLibrary& library)
{
    std::string out;
    char line[256];
    std::snprintf(line, sizeof line, "%-16s %-16s %19s %7s %7s %9s %7s %8s %s\n", "id", "name", "parameters", "layers",
        "hidden", "heads/kv", "mlp", "vocab", "experts");
    out += line;
    for (const Model& m : library.models) {
        std::snprintf(line, sizeof line, "%-16s %-16s %19s %7s %7s %9s %7s %8s %s\n", m.id.c_str(), m.name.c_str(),
            groupThousands(wholeText(parameterCount(m))).c_str(), wholeText(m.layers).c_str(),
            wholeText(m.hidden).c_str(), (wholeText(m.heads) + "/" + wholeText(m.kvHeads)).c_str(),
            wholeText(m.mlp).c_str(), wholeText(m.vocab).c_str(),
            m.experts > 1 ? (wholeText(m.expertsPerToken) + " of " + wholeText(m.experts)).c_str() : "-");
        out += line;
    }
    return out;
}

} // namespace roofline
