// SPDX-License-Identifier: GPL-3.0-or-later
// The commands, one file each: each adds its subcommand to the program with its options (the shared ones from
// options.h) and says what runs once CLI11 has read the words.
#pragma once

#include <functional>

namespace CLI {
class App;
} // namespace CLI

namespace roofline::app {

struct Command {
    CLI::App* app = nullptr; // owned by the program's CLI::App
    std::function<int()> run; // returns the exit code
};

Command addPresetsCommand(CLI::App& program);
Command addModelsCommand(CLI::App& program);
Command addReportCommand(CLI::App& program);
Command addImportCommand(CLI::App& program);
Command addSaveCommand(CLI::App& program);
Command addCompareCommand(CLI::App& program);
Command addCalibrateCommand(CLI::App& program);
// Only in the build with the window (commands/export.cpp needs its charts); without it, `export` says so (cli.cpp).
Command addExportCommand(CLI::App& program);

} // namespace roofline::app
