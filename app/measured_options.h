// SPDX-License-Identifier: GPL-3.0-or-later
// Measured kernels on the command line: what `import`, `report --measured` and `export --measured` share.
#pragma once

#include "options.h"
#include "session/analysis.h"

#include <string>

namespace roofline::app {

// Analyses `session` with its measured kernels: those of `measured.file` (read with --format-hint and --columns) when
// one is given, else those of the scenario's measured block, whose relative path is that of `scenarioFile`'s folder;
// --match adds links. Returns kExitOk with `out` filled, or the exit code after printing why on standard error. A
// session with neither is analysed as it is, unless options that read or link kernels were given: those are an
// error rather than ignored.
int analyseWithMeasured(
    const MeasuredOptions& measured, const std::string& scenarioFile, Session session, Analysis& out);

// Reads `source` (a relative path is that of `base`'s folder; standard input when `standardInput`) into `out`,
// printing the rows skipped and the warnings on standard error. Returns kExitOk, or the exit code after printing why
// nothing was read: a mapping refused by the file's format is the option's fault when `columnsGiven`.
int loadMeasured(
    const MeasuredSource& source, const std::string& base, bool standardInput, bool columnsGiven, MeasuredSet& out);

} // namespace roofline::app
