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

} // namespace roofline
