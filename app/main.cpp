// SPDX-License-Identifier: GPL-3.0-or-later
// roofline-lab: with no arguments the window; with a command, a headless run for scripts and slides.
#include "cli.h"

#ifdef ROOFLINE_HAVE_GUI
#include "gui.h"
#endif

#include <string>
#include <vector>

int main(int argc, char** argv)
{
    using namespace roofline::app;
    prepareProcess();
    const std::vector<std::string> args(argv + 1, argv + argc);
#ifdef ROOFLINE_HAVE_GUI
    if (opensWindow(args))
        return runGui(argc, argv);
    return runCommand(args);
#else
    if (opensWindow(args))
        return fail(kExitBadArguments,
            "this build has no window (configured with ROOFLINE_BUILD_GUI=OFF); use a command, see --help");
    return runCommand(args);
#endif
}
