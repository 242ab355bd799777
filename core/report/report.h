// SPDX-License-Identifier: GPL-3.0-or-later
// The command line's report: every operation of a scenario evaluated, as a readable table or one JSON document.
#pragma once

#include "base/expected.h"
#include "base/json.h"
#include "files/presets.h"
#include "roofline/sweep.h"
#include "session/analysis.h"

#include <functional>
#include <optional>

#include <string>
#include <vector>

namespace roofline {

// Both fail, and print nothing, if any operation cannot be evaluated on the session's chip. Hidden operations are
// reported too: the report is of the whole session.
Expected<std::string> reportTable(const Analysis&);
// The same handed to `sink` a piece at a time; refuses what reportTable refuses, having handed nothing.
std::optional<std::string> writeReportTable(const Analysis&, const TextSink& sink);
// With a sweep range, each operation that has that count parameter also gets "sweep": its curve sampled over the range
// (parameter, attainable FLOP/s, fraction of peak, bound) and its critical value; the others get no "sweep" key. The
// document holds no null, inf or NaN: keys with nothing to say are left out. An analysis with measured kernels
// (`report --measured`) ends with their "measured" member; the table ends with their table.
Expected<std::string> reportJson(const Analysis&, const std::optional<SweepRange>& sweep = std::nullopt);
// The same handed to `sink` a piece at a time as it is written, so that a report of a million measured kernels is
// never whole in memory; refuses what reportJson refuses, having handed nothing.
std::optional<std::string> writeReportJson(
    const Analysis&, const std::optional<SweepRange>& sweep, const TextSink& sink);

// A figure to four significant digits without an SI prefix ("0.2604", "3.189e-06", "1250"): money, where "260.4 m"
// would read as millions, and rates below one.
std::string formatDecimal(double v);

// Lays out rows in aligned columns two spaces apart; columns [firstRight, lastRight) are right-aligned.
std::string renderTable(
    const std::vector<std::vector<std::string>>& rows, std::size_t firstRight = 0, std::size_t lastRight = 0);

// The same for a header and `count` rows made one at a time by `row` (each twice: once for the widths), handed to
// `sink` in pieces: a table of a million measured kernels is never whole in memory.
void streamTable(const std::vector<std::string>& header, std::size_t count,
    const std::function<std::vector<std::string>(std::size_t)>& row, std::size_t firstRight, std::size_t lastRight,
    const TextSink& sink);

// The `presets` command: one line per preset with its key numbers.
std::string presetTable(const PresetLibrary&);

} // namespace roofline
