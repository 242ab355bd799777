// The command line's measured data: the `import` command, and `report --measured`. The options are in cli.cpp's
// table; what they do is here.
#pragma once

#include "analysis.h"
#include "cli.h"
#include "measured_analysis.h"

#include <optional>
#include <string>

namespace roofline::app {

// A measured file read and placed on a session's chip, for a report.
struct MeasuredReport {
    MeasuredSet set;
    MeasuredAnalysis analysis;
};

// `import FILE`: the file's kernels (or measured peaks) on the chip of --preset or --scenario, as JSON or a table.
int runImport(const ParsedArgs&, const ScenarioOptions&, const std::string& file);

// Reads --measured FILE (with --format-hint, --columns, --link), or with no FILE the measured block of the
// scenario of `model`, against `model`. Returns kExitOk with `out` filled,
// or the exit code after printing why on standard error.
int loadMeasured(const ParsedArgs&, const std::string& file, const Analysis& model, std::optional<MeasuredReport>& out);

} // namespace roofline::app
