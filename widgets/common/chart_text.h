// SPDX-License-Identifier: GPL-3.0-or-later
// The words and numbers the chart shows: roof labels, ridge labels and hover texts, all formatted by the core.
#pragma once

#include "chart/chart.h"
#include "chart/measured.h"
#include "measured/measured.h"
#include "measured/off_roof.h"
#include "roofline/evaluate.h"
#include "roofline/hardware.h"
#include "roofline/operations.h"
#include "roofline/solver.h"

#include <QString>

namespace roofline::widgets {

QString qs(std::string_view);

// An intensity axis's tick: "0.01", "0.5", "240" below a thousand (an SI prefix would read "10 m" as metres), "19.8 k"
// above.
QString intensityTick(double intensity);
// "240 FLOPs per byte", "0.5 OPs per byte": an intensity in the units of the dtype's work, in the window's language.
QString intensityText(double intensity, Dtype);
// What holds an operation down, in the window's language: "compute", "latency", or the memory level's or link's name.
QString boundText(const Evaluation&);
// The same from the core's word for it (Evaluation::bound, a measured kernel's or a compared chip's).
QString boundText(std::string_view bound);
// The smallest compute-bound value of an operation's parameter, as describeWithApproximation (core) says it in
// English: "compute-bound for B ≥ 246 (243.21 if B ≪ D)", "never compute-bound (HBM)".
QString criticalText(const Critical&);
// "989 TFLOP/s bf16", "1.98 POP/s int8", "HBM 3.35 TB/s", "IB 400 Gb/s".
QString roofLabel(const chart::RoofSegment&, const Hardware&);
// A practical roof's name: "practical ×0.8".
QString practicalRoofLabel(const chart::RoofSegment&);
// "HBM ridge 295": the intensity where a bandwidth roof meets the selected peak, named by its roof.
QString ridgeLabel(const chart::RoofSegment&);
QString roofTooltip(const chart::RoofSegment&, const Hardware&, Dtype);
QString operationTooltip(const Operation&, const Evaluation&);
// A measured kernel's hover text: name, group, duration and share, achieved rate, intensity, the roof that binds it
// and the fraction of it reached, and for a linked kernel the model's bounds. `timeShare` is the kernel's share of the
// set's time (MeasuredAnalysis::timeShare); `link` may be null. With `offRoof`, what the checks of measured/off_roof.h
// found: why the kernel is above or far below its roof.
QString measuredTooltip(const MeasuredKernel&, const MeasuredPoint&, double timeShare, const MeasuredLink* link,
    const OffRoof* offRoof = nullptr);
// Each check that holds, "<p><b>clock</b>: ran at 1.7 GHz …</p>", and what is said of a kernel none explains.
QString offRoofHtml(const OffRoof&, Dtype roof);
// "HBM measured 3.06 TB/s · 91%", "bf16 measured 817 TFLOP/s · 83%".
QString measuredRoofLabel(const chart::MeasuredRoof&, Dtype);
// "32.7 µs – 64.1 µs": the model's bounds of a linked kernel.
QString predictedText(const Evaluation&);

} // namespace roofline::widgets
