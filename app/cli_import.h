// The command line's measured data: the `import` command, and the --measured FILE of `report` and `export`. The
// options are in cli.cpp's table; what they do is here.
#pragma once

#include "cli.h"
#include "session/analysis.h"

#include <string>

namespace roofline::app {

// `import FILE`: the file's kernels (or measured peaks) on the chip of --preset or --scenario, as JSON or a table.
int runImport(const ParsedArgs&, const ScenarioOptions&, const std::string& file);

// Analyses `session` with its measured kernels: those of `file` (read with --format-hint and --columns) when one is
// given, else those of the scenario's measured block; --match adds links. Returns kExitOk with `out` filled, or the
// exit code after printing why on standard error. A session with neither is analysed as it is.
int analyseWithMeasured(const ParsedArgs&, const std::string& file, Session session, Analysis& out);

} // namespace roofline::app
