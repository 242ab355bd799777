// What serving more sequences at once buys: a model's decode or prefill step against its batch, up to and past
// what the chip's memory holds, and the least batch at which the step's math outweighs its memory traffic.
#pragma once

#include "session.h"

#include <optional>
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

} // namespace roofline
