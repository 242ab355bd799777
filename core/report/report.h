// The command line's report: every operation of a scenario evaluated, as a readable table or one JSON document.
#pragma once

#include "base/expected.h"
#include "files/presets.h"
#include "roofline/sweep.h"
#include "session/analysis.h"

#include <optional>

#include <string>
#include <vector>

namespace roofline {

// Both fail, and print nothing, if any operation cannot be evaluated on the session's chip. Hidden operations are
// reported too: the report is of the whole session.
Expected<std::string> reportTable(const Analysis&);
// With a sweep range, each operation that has that count parameter also gets "sweep": its curve sampled over the range
// (parameter, attainable FLOP/s, fraction of peak, bound) and its critical value; the others get no "sweep" key. The
// document holds no null, inf or NaN: keys with nothing to say are left out. An analysis with measured kernels
// (`report --measured`) ends with their "measured" member; the table ends with their table.
Expected<std::string> reportJson(const Analysis&, const std::optional<SweepRange>& sweep = std::nullopt);

// Lays out rows in aligned columns two spaces apart; columns [firstRight, lastRight) are right-aligned.
std::string renderTable(
    const std::vector<std::vector<std::string>>& rows, std::size_t firstRight = 0, std::size_t lastRight = 0);

// The `presets` command: one line per preset with its key numbers.
std::string presetTable(const PresetLibrary&);

} // namespace roofline
