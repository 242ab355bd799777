// SPDX-License-Identifier: GPL-3.0-or-later
// What serving more sequences at once buys: a model's decode or prefill step against its batch, up to and past
// what the chip's memory holds, and the least batch at which the step's math outweighs its memory traffic; and what
// longer sequences cost, up to the longest that fits.
#pragma once

#include "session/session.h"

#include <optional>
#include <string_view>
#include <vector>

namespace roofline {

struct BatchPoint {
    double batch = 0;
    double tLower = 0; // the step's time, as ModelTotals::tLower
    double tokensPerSecond = 0;
    bool fits = true;
};

struct BatchSweep {
    // Batches 1, 2, 4, ... and `to` (for a training step, times the dp·m sequences of one microbatch on every
    // replica); empty when the session's model cannot run.
    std::vector<BatchPoint> points;
    // The least whole batch whose step spends at least as long on math as on memory (T_math ≥ T_memory, summed over
    // the step's operations), or nothing when none up to kMaxBatch does: in a decode step every sequence reads its
    // own KV cache, so a long context can keep the step memory-bound at any batch.
    std::optional<double> computeBound;
};

// The session's model at batches 1 … `to` (each analysed as the window would), the other settings as they are.
// A session without a model gives an empty sweep.
BatchSweep sweepBatch(const Session&, double to);

struct ContextPoint {
    double tokens = 0; // the setting's value: S cached before a decode step, or P per sequence
    double tLower = 0;
    double tokensPerSecond = 0;
    bool fits = true;
};

// What longer sequences cost at the session's batch: a decode step against the tokens already cached (S), a prefill
// or a training step against the tokens of each sequence (P).
struct ContextSweep {
    std::string_view setting; // "context" or "prompt": the model setting swept
    // 1, 2, 4, ... tokens up to `to`, or twice the longest that fits where that is more, so that the curve shows
    // where the sequences stop fitting; empty when the session's model cannot run.
    std::vector<ContextPoint> points;
    // The most tokens per sequence whose step fits the chip's memory at this batch, or nothing when not even one
    // does or the chip's capacity is not known.
    std::optional<double> longestFitting;
};

ContextSweep sweepContext(const Session&, double to);

// Throughput against interactivity: one configuration of an inference model's deployment, its rates and whether it is
// on the Pareto frontier.
struct FrontierPoint {
    double batch = 0;
    double tp = 0;
    double chips = 0; // the deployment's: tp, or ep with expert parallelism
    double tLower = 0;
    double tokensPerSecondPerChip = 0; // every sequence's tokens over the deployment's chips: what a chip earns
    double tokensPerSecondPerSequence = 0; // what a user waiting on one sequence sees
    bool fits = true;
    bool onFrontier = false; // it fits, and no other that fits is as good on both rates and better on one
};

struct Frontier {
    // Batches 1, 2, 4, ... up to `to` at each tensor-parallel degree of 1, 2, 4, 8 and the session's own that the
    // model and chip can run (a link for its all-reduces, heads and MLP it divides), in order of tp then batch; empty
    // for a session without a model or with a training step.
    std::vector<FrontierPoint> points;
    std::vector<double> tps; // the tensor-parallel degrees swept, ascending
};

// The session's model at each configuration, the other settings as they are. With expert parallelism the batches are
// whole groups' worth, ep/tp sequences times 1, 2, 4 ..., and a tp whose groups need more than `to` is left out.
Frontier sweepFrontier(const Session&, double to);
// The same on each chip compared with the session's (Session::compare), in the list's order: the session moved onto
// the chip as the Hardware menu moves it, the chip's own overrides with it. Empty for a chip that cannot run the model.
std::vector<Frontier> sweepComparedFrontiers(const Session&, double to);

} // namespace roofline
