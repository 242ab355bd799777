// SPDX-License-Identifier: GPL-3.0-or-later
// The program's words: the command first, read by that command's CLI11 options; help, version, and the messages and
// exit codes of words that cannot be read.
#include "cli.h"

#include "base/version.h"
#include "commands/commands.h"
#include "help.h"
#include "manual.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <memory>

namespace roofline::app {

namespace {

constexpr std::string_view kExitCodes
    = "Exit codes: 0 success; 1 a file, a preset or standard input could not be read, a file or standard output "
      "could not be written, or the window found no display; 2 bad arguments.";

// Every command, as CLI11 subcommands of the program. Built afresh for each reading of the words.
struct Program {
    CLI::App app { "", "roofline-lab" };
    std::vector<Command> commands;

    Program()
    {
        // What the commands inherit: the help's layout, its option, its footer and their group.
        app.formatter(std::make_shared<HelpFormatter>());
        app.set_help_flag("-h,--help", "show this help");
        app.add_flag("--version")->description("show the version");
        app.footer(std::string(kExitCodes));
        app.group("Commands");
        // The words a command does not take are kept and named (wordsProblem), not CLI11's one message for them all.
        app.allow_extras();
        // One command a run: after it, a command's name is a word like any other (`import export`).
        app.require_subcommand(1);
        commands = { addPresetsCommand(app), addModelsCommand(app), addReportCommand(app), addImportCommand(app),
            addSaveCommand(app), addCompareCommand(app), addCalibrateCommand(app) };
#ifdef ROOFLINE_HAVE_GUI
        commands.push_back(addExportCommand(app));
#endif
        for (const Command& command : commands)
            command.app->get_help_ptr()->disable_flag_override(); // --help=yes is a mistake, not a request
    }

    const Command* find(std::string_view name) const
    {
        for (const Command& command : commands)
            if (command.app->get_name() == name)
                return &command;
        return nullptr;
    }

    std::string names() const
    {
        std::string out;
        for (const Command& command : commands)
            out += (out.empty() ? "" : ", ") + command.app->get_name();
        return out;
    }
};

// What CLI11 let through that the commands refuse: an option value that is missing or is an option itself
// (`--preset --format json`), a single-valued option given twice, a word the command does not take. What is wrong,
// or nothing. `unread` are the words CLI11 kept back, in the order given.
std::optional<std::string> wordsProblem(const CLI::App& command, const std::vector<std::string>& unread)
{
    for (const CLI::Option* option : command.get_options()) {
        if (option->get_positional() || option == command.get_help_ptr())
            continue;
        const std::string name = option->get_name();
        for (const std::string& value : option->results())
            if (value.empty() || value.starts_with("--")
                || (value.starts_with('-') && command.get_option_no_throw(value)))
                return name + " needs a value (" + name + " " + option->get_type_name() + ")";
        if (option->count() > 1 && option->get_multi_option_policy() == CLI::MultiOptionPolicy::TakeLast)
            return name + " given twice; it takes one value";
    }
    const std::string seeHelp = " (see roofline-lab " + command.get_name() + " --help)";
    bool afterMark = false; // past `--`, every word is a value
    for (const std::string& word : unread) {
        if (word == "--" && !afterMark) {
            afterMark = true;
            continue;
        }
        if (!afterMark && word.size() > 1 && word[0] == '-')
            return "unknown option '" + (word.starts_with("--") ? word.substr(0, word.find('=')) : word) + "' for "
                + command.get_name() + seeHelp;
        return "unexpected argument '" + word + "' for " + command.get_name() + seeHelp;
    }
    return std::nullopt;
}

// CLI11's message in the words of wordsProblem where it has the same cause: an option at the end with no value, a
// flag given one.
std::string parseErrorMessage(const CLI::App& command, const CLI::ParseError& error)
{
    const std::string what = error.what();
    if (dynamic_cast<const CLI::ArgumentMismatch*>(&error)) {
        if (const std::size_t colon = what.find(": "); colon != std::string::npos && what.ends_with(" missing"))
            if (const CLI::Option* option = command.get_option_no_throw(what.substr(0, colon)))
                return option->get_name() + " needs a value (" + option->get_name() + " " + option->get_type_name()
                    + ")";
        if (const std::size_t space = what.find(' ');
            space != std::string::npos && what.ends_with("was given a disallowed flag override"))
            return "--" + what.substr(0, space) + " takes no value";
    }
    return what;
}

// What the words ask for, read by CLI11: a command to run or its help, or why they cannot be read.
struct Reading {
    const Command* command = nullptr;
    bool help = false;
    std::string error;
};

Reading read(Program& program, const std::vector<std::string>& args)
{
    Reading reading { program.find(args.front()), false, {} };
    std::vector<std::string> reversed(args.rbegin(), args.rend()); // CLI11 takes them last first
    try {
        program.app.parse(reversed);
    } catch (const CLI::CallForHelp&) {
        reading.help = true;
        return reading;
    } catch (const CLI::ParseError& error) {
        reading.error = parseErrorMessage(*reading.command->app, error);
        return reading;
    }
    // A command with no FILE to take drops `--` and hands the words after it back to the program.
    std::vector<std::string> unread = reading.command->app->remaining();
    const std::vector<std::string> afterMark = program.app.remaining();
    if (!afterMark.empty() && std::find(unread.begin(), unread.end(), "--") == unread.end())
        unread.emplace_back("--");
    unread.insert(unread.end(), afterMark.begin(), afterMark.end());
    if (const std::optional<std::string> problem = wordsProblem(*reading.command->app, unread))
        reading.error = *problem;
    return reading;
}

// The hint for options given with no command: the first command that takes them all, written out.
std::string suggestCommand(const std::vector<std::string>& args)
{
    std::vector<std::string> names;
    for (const Command& command : Program().commands)
        names.push_back(command.app->get_name());
    for (const std::string& name : names) {
        Program program;
        std::vector<std::string> words { name };
        words.insert(words.end(), args.begin(), args.end());
        if (const Reading reading = read(program, words); !reading.help && reading.error.empty()) {
            std::string line = "roofline-lab " + name;
            for (const std::string& word : args)
                line += " " + word;
            return "; did you mean '" + line + "'?";
        }
    }
    return {};
}

// --help, -h, help [COMMAND] and --version.
int runProgramOption(const std::vector<std::string>& args)
{
    const std::string& option = args.front();
    Program program;
    if (option == "help" && args.size() == 2)
        if (const Command* command = program.find(args[1]))
            return print(command->app->help("roofline-lab"), "the help");
    if (option == "help" && args.size() > 1)
        return fail(kExitBadArguments, "help takes the name of one command: " + program.names());
    if (args.size() > 1)
        return fail(kExitBadArguments, "unexpected argument '" + args[1] + "' after " + option);
    if (option == "--version")
        return print("roofline-lab " ROOFLINE_VERSION "\n", "the version");
    return print(program.app.help(), "the help");
}

} // namespace

int runCommand(const std::vector<std::string>& args)
{
    const std::string& first = args.front();
    if (first == "-h" || first == "--help" || first == "--version" || first == "help")
        return runProgramOption(args);
    // What the build installs beside the program, made from the same commands (manual.h); not in the help.
    if (first == "--print-manual" && args.size() == 1)
        return print(manualPage(Program().app, ROOFLINE_VERSION), "the manual");
    if (first == "--print-completion" && args.size() == 2 && (args[1] == "bash" || args[1] == "zsh"))
        return print(
            args[1] == "bash" ? bashCompletion(Program().app) : zshCompletion(Program().app), "the completion");
#ifndef ROOFLINE_HAVE_GUI
    if (first == "export")
        return fail(kExitBadArguments, "this build has no chart renderer (configured with ROOFLINE_BUILD_GUI=OFF)");
#endif
    Program program;
    if (!program.find(first) && first.starts_with('-'))
        return fail(kExitBadArguments,
            "give a command before the options: " + program.names() + suggestCommand(args)
                + " (see roofline-lab --help)");
    if (!program.find(first))
        return fail(kExitBadArguments,
            "unknown command '" + first + "' (commands: " + program.names() + "; see roofline-lab --help)");
    const Reading reading = read(program, args);
    if (reading.help)
        return print(reading.command->app->help("roofline-lab"), "the help");
    if (!reading.error.empty())
        return fail(kExitBadArguments, reading.error);
    return reading.command->run();
}

} // namespace roofline::app
