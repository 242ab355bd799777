// SPDX-License-Identifier: GPL-3.0-or-later
#include "help.h"

#include <cctype>

namespace roofline::app {

namespace {

// Where an option's description starts; a longer name puts it on the next line.
constexpr std::size_t kOptionColumn = 26;

// The program's usage, which names the window as well as the commands.
constexpr std::string_view kProgramUsage = "Usage:\n"
                                           "  roofline-lab                      open the window\n"
                                           "  roofline-lab FILE.yaml            open the window on a scenario\n"
                                           "  roofline-lab COMMAND [OPTIONS]    run a command with no window\n"
                                           "  roofline-lab COMMAND --help       the command's options\n";

} // namespace

std::string wrapped(std::string_view text, std::size_t width)
{
    std::string out;
    std::size_t lineStart = 0;
    std::size_t i = 0;
    while (i < text.size()) {
        if (text[i] == '\n') {
            out += '\n';
            lineStart = out.size();
            ++i;
            continue;
        }
        if (text[i] == ' ') {
            ++i;
            continue;
        }
        std::size_t end = i;
        while (end < text.size() && text[end] != ' ' && text[end] != '\n')
            ++end;
        const std::string_view word = text.substr(i, end - i);
        if (out.size() > lineStart && out.size() - lineStart + 1 + word.size() > width) {
            out += '\n';
            lineStart = out.size();
        } else if (out.size() > lineStart) {
            out += ' ';
        }
        out += word;
        i = end;
    }
    return out;
}

HelpFormatter::HelpFormatter()
{
    column_width(kOptionColumn);
}

std::string HelpFormatter::make_help(const CLI::App* app, std::string name, CLI::AppFormatMode mode) const
{
    std::string help = make_usage(app, name) + '\n' + make_description(app) + make_positionals(app)
        + make_groups(app, mode) + make_subcommands(app, mode) + '\n' + make_footer(app);
    // CLI11 puts a blank line both after a group and before the next: keep one.
    for (std::size_t at = help.find("\n\n\n"); at != std::string::npos; at = help.find("\n\n\n", at))
        help.erase(at, 1);
    return help;
}

std::string HelpFormatter::make_usage(const CLI::App* app, std::string name) const
{
    if (app->get_parent() == nullptr)
        return std::string(kProgramUsage);
    return CLI::Formatter::make_usage(app, std::move(name));
}

std::string HelpFormatter::make_description(const CLI::App* app) const
{
    std::string text = app->get_description();
    if (text.empty())
        return {};
    text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
    // The summary, then the rest: joined by "; " to a clause, by ". " to a sentence of its own; one full stop at the
    // end.
    if (const std::size_t line = text.find('\n'); line != std::string::npos) {
        const bool sentence = line + 1 < text.size() && std::isupper(static_cast<unsigned char>(text[line + 1]));
        text.replace(line, 1, sentence ? ". " : "; ");
    }
    if (!text.ends_with('.'))
        text += '.';
    return wrapped(text, kHelpWidth) + '\n';
}

std::string HelpFormatter::make_footer(const CLI::App* app) const
{
    const std::string text = app->get_footer();
    return text.empty() ? std::string() : wrapped(text, kHelpWidth) + '\n';
}

std::string HelpFormatter::make_subcommand(const CLI::App* command) const
{
    // The summary alone, one line a command: "  report" padded to the column, then the summary; a name that reaches
    // the column puts it on the next line.
    const std::string& description = command->get_description();
    std::string line = "  " + command->get_name();
    if (line.size() >= column_width_)
        line += '\n' + std::string(column_width_, ' ');
    else
        line.resize(column_width_, ' ');
    return line + description.substr(0, description.find('\n')) + '\n';
}

std::string HelpFormatter::make_option_name(const CLI::Option* option, bool positional) const
{
    if (positional)
        return option->get_name(true, false);
    // "-o,--output" as "-o, --output".
    std::string names = option->get_name(false, true);
    for (std::size_t at = names.find(','); at != std::string::npos; at = names.find(',', at + 2))
        names.insert(at + 1, 1, ' ');
    return names;
}

std::string HelpFormatter::make_option_desc(const CLI::Option* option) const
{
    return wrapped(option->get_description(), kHelpWidth - column_width_);
}

} // namespace roofline::app
