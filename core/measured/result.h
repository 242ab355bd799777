// SPDX-License-Identifier: GPL-3.0-or-later
// What measured kernels are on a chip (see measured/placement.h): plain values, held by the session's analysis
// (session/analysis.h) so that the report, the export and the window read one result.
#pragma once

#include "base/diagnostic.h"
#include "base/shared_name.h"
#include "measured/calibration.h"
#include "measured/measured.h"
#include "roofline/dtype.h"
#include "roofline/evaluate.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace roofline {

// Bytes of a kernel at one level, resolved to a memory of the chip.
struct MeasuredLevel {
    SharedName level; // as the file names it: "DRAM", "L2"
    SharedName memory; // the chip's memory it is: "HBM", "L2"; empty when the chip has none of that name
    double bytes = 0;
    double intensity = 0; // FLOPs per byte; 0 when the kernel did no FLOPs
    double bandwidth = 0; // the chip's bandwidth of `memory`, 0 when none
};

// A level name of the file resolved to the chip: the memory it is and that memory's bandwidth (none: empty and 0).
struct LevelMemory {
    SharedName level;
    SharedName memory;
    double bandwidth = 0;
};

// Where a kernel is on the chip. Its bytes and intensity at each level are not held here but made when asked
// (MeasuredAnalysis::levelsOf): a point is a compact row, one per kernel of a set of up to a million.
struct MeasuredPoint {
    SharedName why; // when not on the chart
    SharedName bound; // "compute" or the binding memory
    double intensity = 0; // the chart's x: FLOPs per byte of main memory (of the first level when it has none)
    double achieved = 0; // FLOP/s
    double attainable = 0; // min(peak, every level's bandwidth × intensity), FLOP/s
    std::uint32_t kernel = 0; // index into MeasuredSet::kernels (a set holds at most 2^20)
    Dtype roof = Dtype::bf16; // the compute roof it is measured against: its dtype when the chip has a peak for it
    bool onChart = false; // false when it has no FLOPs or no bytes: nothing to place on log axes

    double fraction() const { return attainable > 0 ? achieved / attainable : 0; } // of the attainable roof
};

// What linking yields that depends on a kernel's rule and shape parameters alone: the operation it becomes and that
// operation's evaluation, or why there is none. The kernels of one shape (most of a capture) share it.
struct LinkedShape {
    std::string operation; // "matmul B=256" after the parameters are applied; empty when they could not be set
    std::string problem; // why there is no evaluation
    std::optional<Evaluation> predicted;
};

// A kernel beside the modeled operation it was linked to, with the kernel's shape parameters ("B" = 256) set on the
// operation where it has them. A compact row: what its shape gives is shared with the kernels of the same shape.
struct MeasuredLink {
    std::uint32_t kernel = 0; // index into MeasuredSet::kernels
    bool bracketed = false; // T_lower <= measured <= T_upper
    SharedName operationId;
    std::shared_ptr<const LinkedShape> shape;
    double measured = 0; // seconds
    double ratioToLower = 0; // measured / T_lower; 0 when there is no prediction or it is too far to compare

    const std::string& operation() const { return shape->operation; }
    // The model's evaluation; null when the operation cannot be evaluated or the measured time is too far from it to
    // compare (see problem).
    const Evaluation* predicted() const;
    std::string problem() const; // empty when predicted() is not null
};

// A measured ceiling against the datasheet's: from a peaks file, or the best a set of kernels reached.
struct CeilingComparison {
    std::string name; // "HBM", "bf16"
    bool compute = false;
    double measured = 0;
    double datasheet = 0; // 0 when the chip has no such roof
    double fraction = 0; // measured / datasheet, 0 when no datasheet figure
    std::string source; // the peaks file's column, or the kernel that reached it
    std::string overrideKey; // "bandwidth.HBM", "peak.bf16": the --set key that makes it the model's roof
    // "efficiency.HBM", "efficiency.compute": the --set key that keeps the datasheet's roof and makes the measured
    // share of it the model's efficiency factor (the compute factor applies to every dtype); empty when the fraction
    // is no legal factor (above 1, or below 0.01).
    std::string efficiencyKey;
    // "3.055T": the value as --set takes it after overrideKey, the measured figure rounded to four digits; empty when
    // the rounded figure is outside the range of a chip's figure (1e3 to 1e20), which --set would refuse.
    std::string setValue;
    int line = 0; // the line of the file that gives it: the peaks file's row, or the kernel's
};

// A kernel above the roof that binds it by more than this factor is named in a warning: the file's units, the chip
// or the dtype are likely not what the measurement was; as is a measured ceiling this many times the datasheet's.
inline constexpr double kMeasuredAboveRoof = 2;

struct MeasuredAnalysis {
    std::vector<MeasuredPoint> points; // one per kernel, in the file's order
    std::vector<MeasuredLink> links;
    std::vector<CeilingComparison> ceilings; // from the file's peaks, else derived from the kernels
    bool ceilingsDerived = false;
    double totalSeconds = 0;
    double timeShare(const MeasuredKernel& k) const { return totalSeconds > 0 ? k.seconds / totalSeconds : 0; }
    // What the kernels say on this chip that the reader could not know: bytes at a level the chip does not have, two
    // levels that are one memory, kernels measured against another dtype's roof or far above their roof, ceilings
    // far above the datasheet's or beyond what --set takes. Each names the file and a line.
    Diagnostics warnings;
    std::vector<LevelMemory> levelMemories; // each level name the kernels use, in the order first used

    // A kernel's bytes at each level resolved to the chip, with its intensity there, in the file's order.
    std::vector<MeasuredLevel> levelsOf(const MeasuredKernel&) const;
    // The chip's memory a level name is; empty when the chip has none of that name.
    SharedName memoryOf(SharedName level) const;

    // With a calibration that applies to the chip: per kernel, the time it predicts (0 when the kernel has nothing
    // to time on the chip); empty without one.
    std::vector<double> predicted;
    CalibrationError predictedError; // over the kernels it predicts
    double predictedSeconds(std::uint32_t kernel) const { return kernel < predicted.size() ? predicted[kernel] : 0; }

    // Per kernel, the link rule its name matched, or -1: the same for every chip, so that analyses of the same set
    // and rules share it rather than match every name again on each slider step.
    std::shared_ptr<const std::vector<int>> ruleOf;
};

} // namespace roofline
