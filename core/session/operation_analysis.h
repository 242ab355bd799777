// SPDX-License-Identifier: GPL-3.0-or-later
// One operation analysed on the session's chip: its evaluation and its critical value.
#pragma once

#include "base/expected.h"
#include "measured/calibration.h"
#include "roofline/evaluate.h"
#include "roofline/solver.h"

#include <optional>

namespace roofline {

struct OperationAnalysis {
    Expected<Evaluation> evaluation; // or why the chip cannot run the operation
    std::optional<Critical> critical; // over the operation's main parameter, when it could be solved
    // With a calibration that applies to the chip: the time it predicts (evaluation's resources under its curves).
    std::optional<CalibratedTime> calibrated;
};

} // namespace roofline
