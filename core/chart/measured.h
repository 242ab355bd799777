// SPDX-License-Identifier: GPL-3.0-or-later
// Where the roofline chart draws measured kernels: the points that frame its axes, the model's prediction of each
// linked kernel, and the measured ceilings as practical roofs under the datasheet's.
#pragma once

#include "chart/chart.h"
#include "measured/result.h"

#include <optional>
#include <string>
#include <vector>

namespace roofline::chart {

// The points the axes must hold: every kernel on the chart and every prediction of a linked one.
std::vector<Point> measuredExtent(const MeasuredAnalysis&);

// Where the model places an evaluation: its binding marker, the one an operation is read by. Nothing when it moves no
// bytes.
std::optional<Point> predictedPoint(const Evaluation&);

// A measured ceiling drawn as a roof: flat for a compute rate, sloped for a bandwidth.
struct MeasuredRoof {
    std::string name; // "HBM", "bf16"
    bool compute = false;
    double value = 0; // FLOP/s or bytes/s
    double fraction = 0; // of the datasheet's, 0 when it has none
    Point from;
    Point to;
};

// The measured ceilings of the chart's dtype and of the chip's memories, inside the axes. A flat one starts where the
// measured main-memory slope (the datasheet's without one) reaches it; a sloped one ends at the measured compute
// ceiling (the datasheet peak without one). Ceilings of another dtype or of a memory the chip lacks are left out.
std::vector<MeasuredRoof> measuredRoofs(
    const MeasuredAnalysis&, const Hardware&, Dtype dtype, const DecadeRange& x, const DecadeRange& y);

} // namespace roofline::chart
