// SPDX-License-Identifier: GPL-3.0-or-later
// Measured kernels in the reports: the `import` command's JSON document, the report's "measured" member and the
// readable table of points, links and ceilings.
#pragma once

#include "base/json.h"
#include "measured/measured.h"
#include "measured/result.h"
#include "session/analysis.h"

#include <string>

namespace roofline {

// The `import` command's JSON document: the source, the chip, the points, the links, the ceilings, what was skipped.
std::string measuredJson(const MeasuredSet&, const MeasuredAnalysis&, const Analysis& model);
// The same handed to `sink` a piece at a time, never whole in memory.
void writeMeasuredJson(const MeasuredSet&, const MeasuredAnalysis&, const Analysis& model, const TextSink& sink);
// Writes the same members into an object a caller has open (the report's "measured" member). With `model`, the
// analysis the kernels were placed by, each point off its roof (or with a check that holds) gets "off_roof".
void writeMeasured(JsonWriter&, const MeasuredSet&, const MeasuredAnalysis&, const Analysis* model = nullptr);
// "+12.3%", "−4.0%": a signed error, as a calibration's against a measured time.
std::string formatSignedPercent(double fraction);
// A readable table of the points, the links and the ceilings; with `model`, the kernels off their roof and why.
std::string measuredTable(const MeasuredSet&, const MeasuredAnalysis&, const Analysis* model = nullptr);
// The same handed to `sink` a piece at a time: the kernels' rows are made as they are written.
void writeMeasuredTable(
    const MeasuredSet&, const MeasuredAnalysis&, const TextSink& sink, const Analysis* model = nullptr);
// The kernels of the off-roof section of the text: the rest are in the JSON.
inline constexpr std::size_t kOffRoofLines = 20;

} // namespace roofline
