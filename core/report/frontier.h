// SPDX-License-Identifier: GPL-3.0-or-later
// `report --frontier`: a model's throughput per chip against its tokens per second per sequence over batches and
// tensor-parallel degrees, the Pareto frontier marked, as a table or JSON.
#pragma once

#include "session/model_sweep.h"

#include <string>
#include <vector>

namespace roofline {

// One row per point, in the sweep's order: tp, batch, the step, both rates, whether it fits and is on the frontier;
// then the same for each compared chip (sweepComparedFrontiers, in the session's compare order).
std::string frontierTable(const Session&, const Frontier&, const std::vector<Frontier>& compared = {});
// {"chip", "model", "phase", "frontier": [{"tp", "batch", "chips", "t_lower_s", "tokens_per_s_per_chip",
// "tokens_per_s_per_sequence", "fits", "on_frontier"}, ...], "compared": [{"chip", "frontier": [...]}, ...]}, the last
// with chips compared only.
std::string frontierJson(const Session&, const Frontier&, const std::vector<Frontier>& compared = {});

} // namespace roofline
