// SPDX-License-Identifier: GPL-3.0-or-later
// The help CLI11 prints for the program and for each command: usage first, then what it does, its options by group,
// and the exit codes, every line at most kHelpWidth columns wide.
#pragma once

#include <CLI/CLI.hpp>

#include <cstddef>
#include <string>

namespace roofline::app {

inline constexpr std::size_t kHelpWidth = 80;

class HelpFormatter : public CLI::Formatter {
public:
    HelpFormatter();

    std::string make_help(const CLI::App* app, std::string name, CLI::AppFormatMode mode) const override;
    std::string make_usage(const CLI::App* app, std::string name) const override;
    std::string make_description(const CLI::App* app) const override;
    std::string make_footer(const CLI::App* app) const override;
    std::string make_subcommand(const CLI::App* command) const override;
    std::string make_option_name(const CLI::Option* option, bool positional) const override;
    std::string make_option_desc(const CLI::Option* option) const override;
};

// `text` with a line break wherever the next word would pass `width` columns; its own line breaks are kept.
std::string wrapped(std::string_view text, std::size_t width);

} // namespace roofline::app
