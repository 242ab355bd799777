// SPDX-License-Identifier: GPL-3.0-or-later
// The manual page and the shell completions, made from the same CLI11 commands and options the program reads its
// words with, so that neither can drift from the command line. The build writes them with the program itself
// (`roofline-lab --print-manual`, `--print-completion bash|zsh`, both left out of the help) and installs them where
// man, bash-completion and zsh look.
#pragma once

#include <string>
#include <string_view>

namespace CLI {
class App;
} // namespace CLI

namespace roofline::app {

// roofline-lab(1) in roff: synopsis, the window, each command with its options by group, exit status, files.
std::string manualPage(const CLI::App& program, std::string_view version);
// A bash completion script: commands, each command's options, preset and model ids (asked of the program itself, so
// that the user's own are offered too), dtypes and phases, files and folders where an option takes one.
std::string bashCompletion(const CLI::App& program);
// The same for zsh (a #compdef file, _roofline-lab).
std::string zshCompletion(const CLI::App& program);

} // namespace roofline::app
