// SPDX-License-Identifier: GPL-3.0-or-later
// A practical model of a chip fitted from measured kernels: what the datasheet's roofline becomes once a chip's
// real kernels have been timed. Per resource (the main memory and each compute dtype) an efficiency that grows with
// the work's size towards a ceiling, and a floor under every kernel:
//
//   t = max(floor, t_compute, t_memory),   t_r(x) = x / (roof_r · e_r(x)),   e_r(x) = ceiling_r · x / (x + half_r)
//
// where x is the kernel's FLOPs (compute) or bytes of main memory (memory). A large kernel reaches `ceiling` of the
// roof; one of `half` FLOPs or bytes reaches half of that. Equivalently t_r = (x + half_r) / (roof_r · ceiling_r):
// a rate and a fixed cost per kernel, two parameters, monotone in x. The efficiency multiplies whatever the roof is,
// so that a calibration follows the hardware sliders.
//
// The fit minimises the squared relative error, sum (t_predicted / t_measured − 1)², alternating between assigning
// each kernel to the term that binds it and a closed-form fit of each term (max-affine regression). Each group of
// kernels (the file's group, else the kernel's name) weighs the same, so that sixty shapes of one operation do not
// outweigh four of another. Its error is stated by cross-validation, beside the datasheet roofline's on the same
// kernels.
#pragma once

#include "base/expected.h"
#include "measured/measured.h"
#include "roofline/evaluate.h"
#include "roofline/hardware.h"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace roofline {

// A resource's curve needs this many kernels bound by it; fewer leave the resource at its datasheet roof.
inline constexpr int kMinCurveKernels = 3;
// A fit needs this many kernels in all.
inline constexpr int kMinCalibrationKernels = 5;
// Folds of the cross-validation: at least 2, at most this many.
inline constexpr int kMaxCalibrationFolds = 100;
// A kernel may run above its datasheet roof by this share before it contradicts it: boost clocks above the one a
// peak is stated at, and a timer's resolution. Beyond it the FLOPs, the bytes or the dtype are not what was run.
inline constexpr double kCalibrationClockAllowance = 0.10;

// |predicted / measured − 1| over a set of kernels.
struct CalibrationError {
    int kernels = 0;
    double median = 0;
    double p90 = 0;

    bool operator==(const CalibrationError&) const = default;
};

// The median and 90th percentile of |predicted / measured − 1| values.
CalibrationError calibrationError(std::vector<double> errors);

// One resource's efficiency curve.
struct EfficiencyCurve {
    std::string resource; // "HBM" (the chip's main memory), or a compute dtype: "bf16", "fp8", "int8"
    bool compute = false;
    double roof = 0; // the datasheet roof it was fitted against: FLOP/s or bytes/s
    double ceiling = 1; // the share of the roof a large kernel reaches, in (0, 1]
    double half = 0; // FLOPs or bytes at which a kernel reaches half the ceiling; 0: none
    int kernels = 0; // kernels bound by it in the fit
    double smallest = 0; // the least and largest size among them: where the curve is known
    double largest = 0;
    CalibrationError error; // cross-validated, over the kernels bound by it

    double efficiency(double size) const { return size > 0 ? ceiling * size / (size + half) : 0; }
    // Seconds for `size` FLOPs or bytes against `roofNow`, the roof the hardware has now.
    double seconds(double size, double roofNow) const { return size > 0 ? (size + half) / (roofNow * ceiling) : 0; }

    bool operator==(const EfficiencyCurve&) const = default;
};

// Where a calibration's kernels came from.
struct CalibrationSource {
    std::string file;
    std::string format; // "csv", "ncu-raw"
    std::string device; // as the file names it; empty when it does not
    int kernels = 0; // used in the fit
    int leftOut = 0; // read but not used: nothing to time on the chip, or FLOPs in a precision it has no roof for

    bool operator==(const CalibrationSource&) const = default;
};

struct Calibration {
    std::string chip; // the preset id it was fitted on: "h100-sxm"
    std::string chipName;
    double floor = 0; // seconds: the least time a kernel takes; 0 when no kernel was small enough to show one
    int floorKernels = 0; // kernels bound by the floor in the fit
    std::vector<EfficiencyCurve> curves; // the main memory first, then the dtypes in the chip's order
    std::vector<CalibrationSource> sources;
    int folds = 0; // of the cross-validation; the kernel count for leave-one-out
    CalibrationError error; // cross-validated, over every kernel
    CalibrationError datasheetError; // the datasheet roofline's (max of the ideal times, no floor) on the same kernels
    std::vector<std::string> notes; // resources left at the datasheet and why

    const EfficiencyCurve* curve(std::string_view resource) const;

    bool operator==(const Calibration&) const = default;
};

// A kernel's time as a calibration predicts it.
struct CalibratedTime {
    double seconds = 0;
    std::string bound; // "floor", "HBM", "bf16"
    bool calibrated = false; // false when the binding resource has no curve (its datasheet roof is used)
};

// The work of one kernel or operation, as a calibration sees it.
struct CalibrationWork {
    double flops = 0;
    std::optional<Dtype> dtype; // of the FLOPs; with none, `fallback`
    double bytes = 0; // of the chip's main memory
};

// The time a calibration predicts for `work` on `hw` (its roofs now, sliders included); `fallback` is the dtype of
// FLOPs that state none. A dtype the chip has no peak for contributes no compute time.
CalibratedTime predictSeconds(const Calibration&, const Hardware& hw, const CalibrationWork& work, Dtype fallback);

// The time a calibration predicts for each kernel of a set on `hw`, as predictSeconds(kernelWork(k)) gives it (0 for
// a kernel with nothing to time), with the curves, roofs and level names looked up once for the set: a slider step
// predicts every kernel again.
std::vector<double> predictKernels(
    const Calibration&, const Hardware& hw, const MeasuredKernels& kernels, Dtype fallback);

// A kernel's work: its FLOPs and dtype, and its bytes at the chip's main memory (a level named as that memory, or
// DRAM, HBM, main). Nothing when it has no bytes there or nothing to time.
std::optional<CalibrationWork> kernelWork(const MeasuredKernel&, const Hardware& hw);

// The time a calibration predicts for an operation evaluated on `hw`: its compute and main-memory times under the
// curves, every other resource (another memory level, a link) at its evaluated time, and the floor (the launch
// floor too when the evaluation has one). The calibration takes the place of the efficiency factors.
CalibratedTime predictSeconds(const Calibration&, const Hardware& hw, const Evaluation& evaluation);

// Where a time the calibration predicts lies nine times in ten: t / (1 + p90) to t / (1 − p90) (infinite for
// p90 ≥ 1), p90 the cross-validated error of the curve that binds it, or of the whole fit for the floor, a resource
// without a curve and a curve that bound too few kernels to state one. Nothing when the calibration states no error
// (a file without `error:`): a band of no width would claim a certainty it never stated.
struct CalibratedBand {
    double low = 0;
    double high = 0;
};
std::optional<CalibratedBand> calibratedBand(const Calibration&, const CalibratedTime&);

// How far a curve's roof may lie from the chip's datasheet figure: the rounding of a datasheet's three digits.
inline constexpr double kCalibrationRoofTolerance = 0.005;
// Why `calibration` does not describe `hw`, the chip as its datasheet states it (before a session's overrides, which
// the calibration follows), as what follows "FILE is ": "a calibration of h200-sxm, and the chip is ...", "a
// calibration whose curve of fp4 is of a dtype ... has no peak for", "... whose curve of HBM was fitted against a
// roof of 1 kB/s, and NVIDIA H100 SXM's is 3.35 TB/s ...".
std::optional<std::string> calibrationMismatch(const Calibration&, const Hardware& hw);

struct CalibrationOptions {
    Dtype fallback = Dtype::bf16; // the dtype of kernels whose files state none
    int folds = 10; // of the cross-validation (2 to kMaxCalibrationFolds); at most 2·folds kernels: leave-one-out
};

// Fits a calibration of `hw` (its datasheet roofs, without efficiency factors) from the kernels of `sets`. Refuses,
// with a message per problem naming the file and line, too few kernels, kernels above their datasheet roof by more
// than kCalibrationClockAllowance, and sets measured on different devices.
Expected<Calibration, Diagnostics> fitCalibration(
    std::span<const MeasuredSet* const> sets, const Hardware& hw, const CalibrationOptions& options = {});

} // namespace roofline
