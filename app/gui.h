// The window and the offscreen export: the parts of the program that need Qt Widgets.
#pragma once

#include "cli.h"

namespace roofline::app {

// Opens the window. `argc`/`argv` go to QApplication.
int runGui(int argc, char** argv);

// `roofline-lab export`, its words read by the command table: checks the export's own options and its size (see
// export/export_limits.h) before any work, then draws the chart to --output. Exit codes as the other commands.
int runExport(const ParsedArgs& args, const ScenarioOptions& scenario);

} // namespace roofline::app
