// SPDX-License-Identifier: GPL-3.0-or-later
// What a model's analysed operations add up to: the time of one step, tokens per second, utilisation, the memory a
// chip needs against what it has, and the serving text's own three-term model beside them.
#pragma once

#include "llm/model.h"
#include "roofline/evaluate.h"
#include "roofline/operations.h"

#include <optional>
#include <span>
#include <string>

namespace roofline {

// "Modeling and Scaling Performance with Roofline", exactly as written: t_mem = GPU_mem / MemBW,
// t_compute = 2·B·P / compute, T_network = 4(N−1)·B·D·S·L / NetBW, with B the tokens of the step, P the model's
// parameters, D its hidden size, S the bytes of an activation, L its layers. Beside it the ring estimate of the same
// traffic: two all-reduces per layer of 2(N−1)/N·B·D·S bytes each, N times less than the text's term.
struct ServingText {
    double gpuMemory = 0; // bytes: the chip's main memory capacity
    double memBandwidth = 0; // bytes/s
    double compute = 0; // FLOP/s of the compute dtype
    double netBandwidth = 0; // bytes/s of the settings' link, 0 when the chip has none
    double tMem = 0;
    double tCompute = 0;
    double tNetwork = 0;
    double tNetworkRing = 0;
};

// A training step's own figures ("The Extended Roofline": 6·Ψ FLOPs per token, the data-parallel gradient
// all-reduce, the pipeline bubble), per chip.
struct TrainingTotals {
    double tokens = 0; // B·P: tokens the whole step trains on, every replica together
    double modelFlops = 0; // 6·Ψ·B·P/(dp·tp·pp): the texts' count of one chip's work, attention left out; Ψ the
                           // parameters a token uses (a mixture's visited experts alone)
    double stageLower = 0; // the stage's work over its microbatches, T_lower and T_upper, without bubble and
    double stageUpper = 0; // gradient all-reduce
    double bubbleFraction = 0; // (pp − 1)/(m + pp − 1): the share of the pipeline's time a stage idles
    double bubbleLower = 0; // (pp − 1)/m of the stage's work: the idle time at the pipeline's start and end
    double bubbleUpper = 0;
    double gradientsLower = 0; // the gradient all-reduce alone, after the backward pass
    double gradientsUpper = 0;
    double gradientBytes = 0; // what the gradient all-reduce sends per chip (0 with dp = 1)
    double dpIntensity = 0; // modelFlops / gradientBytes: the text's I_net of data parallelism; 0 with dp = 1
    double dpRidge = 0; // the compute peak over the gradient link's bandwidth; 0 with dp = 1
    std::string dpLink; // the link the gradients cross
    double hfu = 0; // every operation's FLOPs (attention and the loss too) / (T_lower · peak)
    double gradientsBytes = 0; // memory: one gradient per parameter the chip holds, at the weights' dtype
    double optimizerBytes = 0; // memory: Adam in mixed precision, an fp32 copy and two fp32 moments (12 bytes)
};

// A speculative decode step's own figures: one round of the draft's k steps and the target's verification.
struct SpeculativeTotals {
    double acceptedTokens = 0; // (1 − α^(k+1))/(1 − α): the tokens a round adds to each sequence, on average
    double tDraft = 0; // the draft's k steps, T_lower
    double tVerify = 0; // the target's pass over k + 1 tokens per sequence, T_lower
};

// A model's step under a calibration (roofline-lab calibrate): each generated operation at the time the calibration
// predicts for it, put together as T_lower is (the pipeline's bubble in proportion to the stage's time). Every rate
// of ModelTotals is inversely proportional to the step's time, so each is ModelTotals' times T_lower / tStep.
struct CalibratedTotals {
    double tStep = 0;
    // tStep / (1 + p90) and tStep / (1 − p90), p90 the whole fit's: where the step lies if its operations err as the
    // calibration's kernels did nine times in ten; tHigh is infinite for p90 ≥ 1. Both 0 when the calibration states
    // no error.
    double tLow = 0;
    double tHigh = 0;
    double tokensPerSecond = 0;
    double tokensPerSecondPerSequence = 0; // 0 for a training step
    double timeToFirstToken = 0; // a prefill's tStep; 0 otherwise
    double mfu = 0;
    double mbu = 0;
    double joulesPerToken = 0; // 0 where ModelTotals has no energy
    double costPerMillionTokens = 0; // 0 where ModelTotals has no price
};

struct ModelTotals {
    // Per chip, each operation's time counted once per repeat, operations one after another.
    double flops = 0;
    double tLower = 0; // each operation overlapping its own resources perfectly
    double tUpper = 0; // nothing overlapping
    double tMath = 0;
    double tMemory = 0; // every memory level's time
    double tNetwork = 0; // every link's time
    double tLatency = 0; // what latency floors add to tLower (0 with the switch off)
    double memoryBytes = 0; // bytes read and written in main memory
    double tokensPerSecond = 0; // every sequence together; a speculative step's at its accepted tokens per round
    double tokensPerSecondPerSequence = 0;
    double timeToFirstToken = 0; // a prefill's T_lower; 0 for a decode step
    double mfu = 0; // flops / (T_lower · peak); for a training step the texts' 6·Ψ·tokens (TrainingTotals::hfu
                    // counts every operation's)
    double mbu = 0; // main-memory bytes / (T_lower · bandwidth)
    // Memory per chip after tensor parallelism; with a draft model, its weights and KV cache too.
    double weightsBytes = 0; // the parameters a chip holds at the weights' dtype: split N ways, whole KV heads
    double kvCacheBytes = 0; // K and V of every cached token, every layer, every sequence
    double activationBytes = 0; // the largest set of one layer's activations alive at once; a training step's
                                // kept for its backward pass
    double capacityBytes = 0; // the main memory's capacity; 0 when the chip's preset does not state it
    bool fits = true; // weights + KV cache + activations within the capacity (true when it is not known)
    double maxBatch = 0; // the largest batch that fits at this context; 0 when not even one does or unknown
    // The deployment's chips and what a step costs on all of them together: tp (ep with expert parallelism, dp·tp·pp
    // for a training step) chips, the step's T_lower each.
    double chips = 1;
    double tokensPerStep = 0; // B·P for a prefill or a training step, B for a decode step, B·E for a speculative round
    double energyPerStep = 0; // J at the chips' board power (an upper bound); 0 when the preset does not state it
    double tokensPerJoule = 0;
    // J by the energy model (roofline/energy.h) on every chip of the deployment: each operation's stated terms, and a
    // training step's bubble at the constant power. The model's figure when modelEnergyComplete, else a lower bound;
    // 0 when the chip states none of its constants.
    double modelEnergyPerStep = 0;
    bool modelEnergyComplete = false;
    double modelTokensPerJoule = 0; // an upper bound unless modelEnergyComplete
    double costPerStep = 0; // at the user's price per chip-hour; 0 when none is given
    double costPerMillionTokens = 0;
    ServingText servingText; // inference only
    std::optional<TrainingTotals> training; // a training step's
    std::optional<SpeculativeTotals> speculative; // a decode step with a draft model's
    std::optional<CalibratedTotals> calibrated; // with a calibration that applies to the chip
};

// The chips a deployment of these settings takes: tp, or ep with expert parallelism; dp·tp·pp for a training step.
double deploymentChips(const ModelSettings&);

// The totals of the model `settings` run on `hw`, from the session's operations and their evaluations (one each,
// null where an operation cannot be evaluated; only the generated operations count). Nothing for settings that
// cannot run, or when a generated operation does not evaluate (the analysis then names it).
std::optional<ModelTotals> modelTotals(const ModelSettings& settings, const Hardware& hw,
    std::span<const Operation> operations, std::span<const Evaluation* const> evaluations);

// The step of `t` with each generated operation taking `seconds[i]` for one repeat (one per operation, as
// modelTotals' evaluations; 0 where the operation takes no time), and `p90` the calibration's 90th percentile of
// |predicted / measured − 1|, nothing when it states none. Nothing when an operation has no time (a negative or NaN
// seconds[i]) or the step takes none.
std::optional<CalibratedTotals> calibratedTotals(const ModelSettings& settings, std::span<const Operation> operations,
    std::span<const double> seconds, const ModelTotals& t, std::optional<double> p90);

} // namespace roofline
