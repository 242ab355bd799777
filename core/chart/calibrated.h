// SPDX-License-Identifier: GPL-3.0-or-later
// What a calibration (measured/calibration.h) draws on the chart, under the datasheet's roofs: for each resource it
// has a curve for, the roof a large kernel reaches (the curve's ceiling times the roof the hardware has now), and
// beneath them the roof of work of one size, curved where the efficiency depends on size: for F FLOPs at intensity x
// (bytes F / x of main memory)
//
//   attainable(x) = F / max(floor, t_compute(F), t_memory(F / x)),   t_r(s) = (s + half_r) / (roof_r · ceiling_r)
//
// which bends away from the ceilings where the bytes or the FLOPs are too few to fill the chip. Each term is the
// datasheet's time where its curve does not apply (a resource without a curve, a size below the smallest it was
// fitted on), as the calibrated time of an operation takes it (predictSeconds).
#pragma once

#include "chart/chart.h"
#include "measured/calibration.h"

#include <vector>

namespace roofline::chart {

struct CalibratedRoofs {
    // The flat compute roof of the chart's dtype and the main memory's sloped roof at their curves' ceilings, where the
    // calibration has those curves; `efficiency` is the ceiling.
    std::vector<RoofSegment> ceilings;
    // The roof of work of `flops` FLOPs, left to right across the x axis, where the calibration knows work of that
    // size: it ends where the bytes fall below the smallest its memory curve was fitted on; empty when `flops` is 0.
    std::vector<Point> work;
    double flops = 0;
};

// The work the curved roof is drawn for: an operation's FLOPs in its own dtype, its intensity at the main memory (a
// point the curve passes through exactly) and its launch floor (with latency on), which joins the calibration's.
struct CalibratedWork {
    double flops = 0;
    Dtype dtype = Dtype::bf16;
    double intensity = 0; // 0: no point of its own
    double launchFloor = 0;
};

// The calibrated roofs on `layout`'s axes for the hardware as it is now: the ceilings of the chart's `dtype`, and the
// curved roof of `work`. At the operation's intensity the curve is its calibrated time when the operation touches the
// main memory alone (another memory level or a link would add a term the curve does not draw).
CalibratedRoofs calibratedRoofs(
    const Calibration&, const Hardware&, Dtype dtype, const Layout& layout, const CalibratedWork& work = {});

// The curved roof's value at one intensity: F / max(floor, t_compute, t_memory).
double calibratedAttainable(const Calibration&, const Hardware&, const CalibratedWork& work, double intensity);

} // namespace roofline::chart
