// The words and numbers the chart shows: roof labels, ridge labels and hover texts, all formatted by the core.
#pragma once

#include "chart.h"
#include "evaluate.h"
#include "hardware.h"
#include "operations.h"

#include <QString>

namespace roofline::widgets {

QString qs(const std::string&);

// "989 TFLOP/s bf16", "1.98 POP/s int8", "HBM 3.35 TB/s", "IB 400 Gb/s".
QString roofLabel(const chart::RoofSegment&, const Hardware&);
// A practical roof's name: "practical ×0.8".
QString practicalRoofLabel(const chart::RoofSegment&);
// "ridge 295": the intensity where a bandwidth roof meets the selected peak.
QString ridgeLabel(const chart::RoofSegment&);
QString roofTooltip(const chart::RoofSegment&, const Hardware&, Dtype);
QString operationTooltip(const Operation&, const Evaluation&);

} // namespace roofline::widgets
