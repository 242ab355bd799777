// SPDX-License-Identifier: GPL-3.0-or-later
// Other chips on the same chart (View ▸ Compare with…, export --compare, a scenario's compare: list): every operation
// of the session moved onto each, as the window's chip menu moves it, and evaluated there, so that what changes
// with the chip shows at a glance, and the explanation can say which chip wins and on which roof.
#pragma once

#include "base/expected.h"
#include "roofline/dtype.h"
#include "roofline/evaluate.h"
#include "roofline/hardware.h"
#include "session/session.h"

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace roofline {

// One compared chip analysed: the chip with its own overrides, the dtype its chart draws (the session's where it has
// a peak for it, else its own default) and that peak, and each of the session's operations evaluated on it, in the
// session's order; an operation it cannot run (no peak for its dtype, a parameter past its range) keeps the reason.
struct ComparedAnalysis {
    std::string presetId;
    Hardware hardware;
    Dtype dtype = Dtype::bf16;
    double peak = 0;
    std::vector<Expected<Evaluation>> evaluations;
};

// Evaluates `operations` (the session's, generated ones included) on a compared chip.
ComparedAnalysis analyseCompared(const ComparedChip&, const Session& session, const std::vector<Operation>& operations);

// The chip whose time is least, and by how much it wins, for one operation or a sum. `times` are one per chip, the
// session's first; a chip that cannot run it has NaN and never wins.
struct Winner {
    std::size_t chip = 0; // 0: the session's
    double time = 0;
    double runnerUp = 0; // the next least time; NaN with no other chip that runs it
};
std::optional<Winner> winnerOf(std::span<const double> times);

// What a sum of times spends most on, of the three kinds of roof: "network", "memory" or "compute" (a tie goes to
// compute, then memory). The ranking's bound and the explanation's roof for a sum of operations.
std::string_view mostTimeOn(double math, double memory, double network);

} // namespace roofline
