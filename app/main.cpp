// roofline-lab: with no arguments the window; with a command, a headless run for scripts and slides.
#include "cli.h"

#ifdef ROOFLINE_HAVE_GUI
#include "gui.h"
#endif

#include <iostream>
#include <string>
#include <vector>

namespace {

// No arguments, or Qt's own options (-platform, -style ...): the window. A word or --help: a command.
bool opensWindow(const std::vector<std::string>& args)
{
    if (args.empty())
        return true;
    const std::string& first = args.front();
    return first.rfind('-', 0) == 0 && first != "-h" && first != "--help" && first != "--version";
}

} // namespace

int main(int argc, char** argv)
{
    const std::vector<std::string> args(argv + 1, argv + argc);
#ifdef ROOFLINE_HAVE_GUI
    if (opensWindow(args))
        return roofline::app::runGui(argc, argv);
    if (args.front() == "export")
        return roofline::app::runExport(argc, argv, args);
#else
    if (opensWindow(args)) {
        std::cerr << "roofline-lab: this build has no window (configured with ROOFLINE_BUILD_GUI=OFF); "
                     "use a command, see --help\n";
        return roofline::app::kExitBadArguments;
    }
    if (args.front() == "export") {
        std::cerr << "roofline-lab: this build has no chart renderer (configured with ROOFLINE_BUILD_GUI=OFF)\n";
        return roofline::app::kExitBadArguments;
    }
#endif
    return roofline::app::runCommand(args);
}
