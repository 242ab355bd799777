// SPDX-License-Identifier: GPL-3.0-or-later
#include "manual.h"

#include "roofline/dtype.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cctype>
#include <map>
#include <vector>

namespace roofline::app {

namespace {

// What an option's value can be, for completion, where the option table names a kind of value rather than listing
// them: ids asked of the program, files, folders, or words.
enum class ValueKind { None, Preset, Model, File, Folder, Words };

struct Completion {
    ValueKind kind = ValueKind::None;
    std::string words; // ValueKind::Words
};

std::string dtypeWords()
{
    std::string out;
    for (const Dtype d : kAllDtypes)
        out += (out.empty() ? "" : " ") + std::string(dtypeName(d));
    return out;
}

// The words the options' help names as their values ("decode (default), prefill, or train"); the rest follows the
// value's name in the option table (FILE, DIR).
Completion completionOf(const CLI::App& command, const CLI::Option& option)
{
    static const std::map<std::string, std::string, std::less<>> words {
        { "--phase", "decode prefill train" },
        { "--attention", "fused materialised" },
        { "--format", "table json" },
        { "--format-hint", "ncu csv json rocprof-roofline" },
        { "--theme", "light dark" },
        { "--view", "roofline sweep" },
        { "--size", "slide slide-4:3 1600x1000 1920x1080 1024x768" },
        { "--weights", dtypeWords() },
        { "--activations", dtypeWords() },
        { "--kv", dtypeWords() },
    };
    const std::string name = option.get_name();
    if (name == "--format" && command.get_name() == "compare")
        return { ValueKind::Words, "table json csv" };
    if (name == "--preset")
        return { ValueKind::Preset, {} };
    if (name == "--model")
        return { ValueKind::Model, {} };
    if (const auto it = words.find(name); it != words.end())
        return { ValueKind::Words, it->second };
    const std::string type = option.get_positional() ? "FILE" : option.get_type_name();
    if (type == "FILE")
        return { ValueKind::File, {} };
    if (type == "DIR")
        return { ValueKind::Folder, {} };
    return {};
}

std::vector<const CLI::App*> commandsOf(const CLI::App& program)
{
    return program.get_subcommands([](const CLI::App*) { return true; });
}

// The options a user types, in the order the help lists them: the help flag last.
std::vector<const CLI::Option*> optionsOf(const CLI::App& command)
{
    std::vector<const CLI::Option*> out;
    for (const CLI::Option* option : command.get_options())
        if (!option->get_positional() && option != command.get_help_ptr())
            out.push_back(option);
    return out;
}

// Whether an option may be given again, as the help marks it ("--set KEY=VALUE ...").
bool repeatable(const CLI::Option& option)
{
    return option.get_expected_max() > 1;
}

// Every name of an option: "-o --output".
std::string namesOf(const CLI::Option& option)
{
    std::string out;
    for (const std::string& s : option.get_snames())
        out += (out.empty() ? "-" : " -") + s;
    for (const std::string& l : option.get_lnames())
        out += (out.empty() ? "--" : " --") + l;
    return out;
}

// Text as roff reads it: backslashes escaped, a dash a minus sign (options are typed with it), and a line that
// begins with a dot or a quote kept from being a request.
std::string roff(std::string_view text)
{
    std::string out;
    bool lineStart = true;
    for (const char c : text) {
        if (lineStart && (c == '.' || c == '\''))
            out += "\\&";
        if (c == '\\')
            out += "\\e";
        else if (c == '-')
            out += "\\-";
        else
            out += c;
        lineStart = c == '\n';
    }
    return out;
}

std::string firstLine(std::string_view text)
{
    return std::string(text.substr(0, text.find('\n')));
}

std::string afterFirstLine(std::string_view text)
{
    const std::size_t eol = text.find('\n');
    return eol == std::string_view::npos ? std::string() : std::string(text.substr(eol + 1));
}

} // namespace

std::string manualPage(const CLI::App& program, std::string_view version)
{
    std::string out = ".\\\" Made by roofline-lab --print-manual from the options the program reads.\n";
    out += ".TH ROOFLINE\\-LAB 1 \"\" \"roofline\\-lab " + roff(version) + "\" \"User Commands\"\n";
    out += ".SH NAME\nroofline\\-lab \\- roofline charts of chips and operations, live\n";
    out += ".SH SYNOPSIS\n.B roofline\\-lab\n.RI [ FILE.yaml ]\n.br\n.B roofline\\-lab\n.I COMMAND\n.RI [ OPTIONS ]\n";
    out += ".SH DESCRIPTION\n"
           "Roofline Lab answers why an operation takes the time it takes. It draws attainable FLOP/s against "
           "arithmetic intensity under the chip's compute peak for a dtype, its memory bandwidths and its network "
           "links, with operations that move while the hardware or the workload changes.\n"
           ".PP\nWith no command, or with one scenario file, it opens its window; the commands below run without "
           "one, for scripts and slides. Every command takes\n.B \\-\\-help\nfor its options.\n";
    out += ".SH COMMANDS\n";
    for (const CLI::App* command : commandsOf(program)) {
        const std::string description = command->get_description();
        std::string summary = firstLine(description);
        if (!summary.empty())
            summary[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(summary[0])));
        out += ".SS \"roofline\\-lab " + roff(command->get_name()) + "\"\n" + roff(summary) + ".\n";
        if (const std::string more = afterFirstLine(description); !more.empty())
            out += ".PP\n" + roff(more) + "\n";
        for (const CLI::Option* option : command->get_options())
            if (option->get_positional())
                out += ".TP\n.I " + roff(option->get_name(true)) + "\n" + roff(option->get_description()) + "\n";
        // As the help lists them: the command's own options, then each shared group under its name.
        std::vector<std::string> groups { "Options" };
        for (const CLI::Option* option : optionsOf(*command))
            if (std::find(groups.begin(), groups.end(), option->get_group()) == groups.end())
                groups.push_back(option->get_group());
        for (const std::string& group : groups) {
            if (group != "Options")
                out += ".PP\n" + roff(group) + ":\n";
            for (const CLI::Option* option : optionsOf(*command)) {
                if (option->get_group() != group)
                    continue;
                std::string names;
                for (const std::string& s : option->get_snames())
                    names += (names.empty() ? "\\-" : ", \\-") + roff(s);
                for (const std::string& l : option->get_lnames())
                    names += (names.empty() ? "\\-\\-" : ", \\-\\-") + roff(l);
                out += ".TP\n\\fB" + names + "\\fR";
                if (!option->get_type_name().empty())
                    out += " \\fI" + roff(option->get_type_name()) + "\\fR";
                out += "\n" + roff(option->get_description()) + "\n";
            }
        }
    }
    out += ".SH EXIT STATUS\n.TP\n0\nsuccess\n.TP\n1\na file, a preset or standard input could not be read, a file or "
           "standard output could not be written, or the window found no display\n.TP\n2\nbad arguments\n";
    out += ".SH FILES\n.TP\n.I ~/.config/roofline\\-lab/presets/\nthe user's chips, YAML files read beside the "
           "built\\-in ones\n.TP\n.I ~/.config/roofline\\-lab/models/\nthe user's language models\n.TP\n"
           ".I /usr/share/doc/roofline\\-lab/file\\-formats.md\nthe scenario, preset, model and measured formats, and "
           "every limit\n";
    out += ".SH ENVIRONMENT\n.TP\n.B QT_QPA_PLATFORM=offscreen\nlets\n.B export\ndraw where no display can be "
           "opened; the other commands never need one\n";
    out += ".SH SEE ALSO\nThe README and file\\-formats.md under\n.IR /usr/share/doc/roofline\\-lab/ .\n";
    return out;
}

std::string bashCompletion(const CLI::App& program)
{
    std::string commands;
    for (const CLI::App* command : commandsOf(program))
        commands += (commands.empty() ? "" : " ") + command->get_name();
    std::string out = "# bash completion for roofline-lab, made by roofline-lab --print-completion bash from the "
                      "options the program reads.\n"
                      "_roofline_lab_ids()\n{\n"
                      "    # The first column of `roofline-lab presets` or `models`, below its header: the user's own "
                      "too.\n"
                      "    roofline-lab \"$1\" 2>/dev/null | { read -r _; while read -r id _; do printf '%s\\n' "
                      "\"$id\"; done; }\n}\n\n"
                      "_roofline_lab()\n{\n"
                      "    local cur prev command i\n"
                      "    cur=${COMP_WORDS[COMP_CWORD]}\n"
                      "    prev=${COMP_WORDS[COMP_CWORD-1]}\n"
                      "    command=\n"
                      "    for ((i = 1; i < COMP_CWORD; i++)); do\n"
                      "        case ${COMP_WORDS[i]} in -*) ;; *) command=${COMP_WORDS[i]}; break ;; esac\n"
                      "    done\n"
                      "    if [[ -z $command ]]; then\n"
                      "        if [[ $cur == -* ]]; then\n"
                      "            COMPREPLY=($(compgen -W '--help --version' -- \"$cur\"))\n"
                      "        else\n"
                      "            COMPREPLY=($(compgen -W '"
        + commands
        + " help' -- \"$cur\") $(compgen -f -X '!*.@(yaml|yml)' -- \"$cur\") $(compgen -d -- \"$cur\"))\n"
          "        fi\n"
          "        return\n"
          "    fi\n"
          "    case $command in\n";
    for (const CLI::App* command : commandsOf(program)) {
        std::string options = "--help";
        std::string values;
        bool positionalFile = false;
        for (const CLI::Option* option : command->get_options())
            positionalFile = positionalFile || option->get_positional();
        for (const CLI::Option* option : optionsOf(*command)) {
            options += " " + namesOf(*option);
            const Completion c = completionOf(*command, *option);
            std::string reply;
            switch (c.kind) {
            case ValueKind::Preset:
                reply = "COMPREPLY=($(compgen -W \"$(_roofline_lab_ids presets)\" -- \"$cur\"))";
                break;
            case ValueKind::Model:
                reply = "COMPREPLY=($(compgen -W \"$(_roofline_lab_ids models)\" -- \"$cur\"))";
                break;
            case ValueKind::File:
                reply = "COMPREPLY=($(compgen -f -- \"$cur\"))";
                break;
            case ValueKind::Folder:
                reply = "COMPREPLY=($(compgen -d -- \"$cur\"))";
                break;
            case ValueKind::Words:
                reply = "COMPREPLY=($(compgen -W '" + c.words + "' -- \"$cur\"))";
                break;
            case ValueKind::None:
                reply = option->get_type_name().empty() ? std::string() : "COMPREPLY=()";
                break;
            }
            if (!reply.empty()) {
                std::string names = namesOf(*option);
                std::replace(names.begin(), names.end(), ' ', '|');
                values += "            " + names + ") " + reply + "; return ;;\n";
            }
        }
        out += "    " + command->get_name() + ")\n        case $prev in\n" + values
            + "        esac\n        if [[ $cur == -* ]]; then\n            COMPREPLY=($(compgen -W '" + options
            + "' -- \"$cur\"))\n        else\n            COMPREPLY=("
            + (positionalFile ? "$(compgen -f -- \"$cur\")" : "") + ")\n        fi\n        ;;\n";
    }
    out += "    help) COMPREPLY=($(compgen -W '" + commands
        + "' -- \"$cur\")) ;;\n    esac\n}\n"
          "complete -o filenames -F _roofline_lab roofline-lab\n";
    return out;
}

std::string zshCompletion(const CLI::App& program)
{
    auto quoted = [](std::string_view text) {
        std::string out;
        for (const char c : text) {
            if (c == '\'')
                out += "'\\''";
            else if (c == '[' || c == ']' || c == ':')
                out += std::string("\\") + c;
            else
                out += c;
        }
        return out;
    };
    std::string out = "#compdef roofline-lab\n"
                      "# zsh completion for roofline-lab, made by roofline-lab --print-completion zsh from the options "
                      "the program reads.\n\n"
                      "_roofline_lab_ids() {\n"
                      "  local -a ids\n"
                      "  ids=(${${(f)\"$(roofline-lab $1 2>/dev/null)\"}[2,-1]%% *})\n"
                      "  _describe -t ids \"$1\" ids\n"
                      "}\n\n"
                      "_roofline-lab() {\n"
                      "  local -a commands\n"
                      "  commands=(\n";
    for (const CLI::App* command : commandsOf(program))
        out += "    '" + quoted(command->get_name()) + ":" + quoted(firstLine(command->get_description())) + "'\n";
    out += "  )\n"
           "  if (( CURRENT == 2 )); then\n"
           "    _describe -t commands command commands\n"
           "    _files -g '*.(yaml|yml)'\n"
           "    return\n"
           "  fi\n"
           "  local command=$words[2]\n"
           "  shift words\n"
           "  (( CURRENT-- ))\n"
           "  case $command in\n";
    for (const CLI::App* command : commandsOf(program)) {
        out += "  " + command->get_name() + ")\n    _arguments -s \\\n      '(- *)'{-h,--help}'[show this help]' \\\n";
        for (const CLI::Option* option : optionsOf(*command)) {
            std::string action;
            const Completion c = completionOf(*command, *option);
            switch (c.kind) {
            case ValueKind::Preset:
                action = "_roofline_lab_ids presets";
                break;
            case ValueKind::Model:
                action = "_roofline_lab_ids models";
                break;
            case ValueKind::File:
                action = "_files";
                break;
            case ValueKind::Folder:
                action = "_files -/";
                break;
            case ValueKind::Words:
                action = "(" + quoted(c.words) + ")"; // slide-4\\:3: a bare colon would end the spec
                break;
            case ValueKind::None:
                action = " ";
                break;
            }
            const std::string help = quoted(firstLine(option->get_description()));
            const std::string value = option->get_type_name().empty()
                ? std::string()
                : ":" + quoted(option->get_type_name()) + ":" + action;
            for (const std::string& s : option->get_snames())
                out += "      '" + std::string(repeatable(*option) ? "*" : "") + "-" + s + "[" + help + "]" + value
                    + "' \\\n";
            for (const std::string& l : option->get_lnames())
                out += "      '" + std::string(repeatable(*option) ? "*" : "") + "--" + l + "[" + help + "]" + value
                    + "' \\\n";
        }
        for (const CLI::Option* option : command->get_options())
            if (option->get_positional())
                out += "      ':" + quoted(option->get_name(true)) + ":_files' \\\n";
        out += "    ;;\n";
    }
    out += "  help)\n    _describe -t commands command commands\n    ;;\n  esac\n}\n\n_roofline-lab \"$@\"\n";
    return out;
}

} // namespace roofline::app
