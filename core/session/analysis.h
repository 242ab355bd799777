// SPDX-License-Identifier: GPL-3.0-or-later
// A session analysed: every operation evaluated on the session's chip, with its critical value, the totals of its
// groups, and its measured kernels placed on the chip. The one place evaluation happens for the window, the report
// and the export; an edit analyses once.
#pragma once

#include "base/expected.h"
#include "llm/totals.h"
#include "measured/measured.h"
#include "measured/placement.h"
#include "measured/result.h"
#include "roofline/evaluate.h"
#include "roofline/solver.h"
#include "session/compared.h"
#include "session/explanation.h"
#include "session/operation_analysis.h"
#include "session/session.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace roofline {

// Sums over the visible operations of a group that evaluate, run one after another.
struct GroupTotal {
    std::string group; // empty: every visible operation
    std::size_t count = 0;
    double flops = 0;
    double tMath = 0;
    double tLower = 0; // each operation overlapping its own resources perfectly
    double tUpper = 0; // nothing overlapping
    double tMemory = 0; // every memory level's time
    double tNetwork = 0; // every link's time
    double tLatency = 0; // what latency floors add to tLower (0 with the switch off)
    double tCalibrated = 0; // with a calibration that applies: the sum of the times it predicts
};

struct Analysis {
    Session session; // what was analysed
    Hardware hardware; // the session's chip with its overrides
    Dtype dtype = Dtype::bf16; // the chart's compute roof
    double peak = 0; // its peak
    std::vector<OperationAnalysis> operations; // one per session operation, in its order
    GroupTotal total; // every visible operation
    std::vector<GroupTotal> groups; // one per named group, in order of first appearance
    // A session with a model: its totals, or why there are none (settings that cannot run, an operation the chip
    // cannot evaluate).
    std::optional<ModelTotals> model;
    std::string modelProblem;
    // The chips compared with the session's (Session::compare), in its order: each operation above evaluated on each.
    std::vector<ComparedAnalysis> compared;
    // The lesson of a worked example with the numbers of this analysis, or the scenario's description alone.
    Explanation explanation;
    // The session's measured kernels, as read once when it was opened (or named by --measured): shared, never
    // copied on an edit. With them, `measured` places them on this chip: the kernels stay where they were measured,
    // their fractions, bounds and comparisons with the linked operations follow the hardware.
    std::shared_ptr<const MeasuredSet> measuredSet;
    std::optional<MeasuredAnalysis> measured;
    // Why the session's calibration does not apply to the chip (another chip's, a dtype it lacks); empty when it
    // applies or there is none.
    std::string calibrationProblem;
    // The session's calibration when it applies to the chip, else null.
    const Calibration* calibration() const
    {
        return session.calibration && session.calibration->calibration && calibrationProblem.empty()
            ? session.calibration->calibration.get()
            : nullptr;
    }

    // The chip the chart frames its axes with: the session's chip before overrides, so that dragging a slider moves
    // the roofs under a fixed frame until something would leave it.
    const Hardware& frame() const { return session.chip; }
    // The chip measured kernels are placed on: the hardware with its overrides, the chart's dtype and its peak.
    PlacementChip placementChip() const { return { hardware, dtype, peak }; }
    // Indices of the visible operations that evaluate, in order.
    std::vector<std::size_t> shown() const;
    // The first operation that cannot be evaluated, as "name: reason", or nothing.
    std::optional<std::string> firstError() const;
};

// Evaluates every operation. A session with a model first has its generated operations made anew from the settings
// (llm/generate.h), after the user's; totals count each operation `repeat` times. With a measured set, its
// kernels are placed on the chip and linked to operations by the session's measured block's links; `previous`, an
// earlier analysis (the document's last), lends which kernels its links matched when the set and links are the same.
Analysis analyse(Session, std::shared_ptr<const MeasuredSet> measured = {}, const Analysis* previous = nullptr);

} // namespace roofline
