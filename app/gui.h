// The window and the offscreen export: the parts of the program that need Qt Widgets.
#pragma once

#include <string>
#include <vector>

namespace roofline::app {

// Opens the window. `argc`/`argv` go to QApplication.
int runGui(int argc, char** argv);

// `roofline-lab export --preset ID | --scenario FILE [--set KEY=VALUE ...] --output FILE.png|svg|pdf [--size WxH]`
// with `args` the words after the program name, "export" first. Exit codes as the other commands: 0 done, 1 bad file, 2
// bad arguments.
int runExport(int argc, char** argv, const std::vector<std::string>& args);

} // namespace roofline::app
