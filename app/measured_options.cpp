// SPDX-License-Identifier: GPL-3.0-or-later
#include "measured_options.h"

#include "cli.h"
#include "files/scenario_measured.h"
#include "measured/placement.h"

#include <iostream>

namespace roofline::app {

namespace {

// The first option given that reads or links measured kernels, or nothing.
std::optional<std::string> measuredOptionGiven(const MeasuredOptions& measured)
{
    if (!measured.formatHint.empty())
        return "--format-hint";
    if (!measured.columns.empty())
        return "--columns";
    if (!measured.links.empty())
        return "--match";
    return std::nullopt;
}

} // namespace

int analyseWithMeasured(
    const MeasuredOptions& measured, const std::string& scenarioFile, Session session, Analysis& out)
{
    const std::string& givenFile = measured.file;
    if (givenFile.empty() && !session.measured) {
        if (const std::optional<std::string> option = measuredOptionGiven(measured))
            return fail(kExitBadArguments,
                *option
                    + " reads or links measured kernels, and there are none: give --measured FILE, or a scenario "
                      "with a measured: block");
        out = analyse(std::move(session));
        return kExitOk;
    }
    // The scenario's own measured block unless a file is given, whose path is then the working folder's; the command
    // line's links are added to the block's links.
    MeasuredSource source = givenFile.empty() && session.measured ? *session.measured : MeasuredSource {};
    if (!givenFile.empty())
        source = MeasuredSource { givenFile, {}, {}, {} };
    const std::string base = givenFile.empty() ? scenarioFile : std::string();
    if (!measured.formatHint.empty()) {
        if (!parseFormatHint(measured.formatHint))
            return fail(kExitBadArguments,
                "--format-hint takes ncu, csv, json or rocprof-roofline, not '" + measured.formatHint + "'");
        source.format = measured.formatHint;
    }
    if (!measured.columns.empty()) {
        if (Expected<ColumnMapping> m = parseColumnMapping(measured.columns); !m)
            return fail(kExitBadArguments, "--columns: " + m.error());
        source.columns = measured.columns;
    }
    // Links may name the operations a model generates, by the rule the scenario reader and the window follow.
    for (const std::string& text : measured.links) {
        Expected<LinkRule> rule = parseLinkRule(text);
        if (!rule)
            return fail(kExitBadArguments, "--match: " + rule.error());
        if (!linkableOperation(session, rule->operationId))
            return fail(kExitBadArguments,
                "--match: no operation '" + rule->operationId + "' (they are " + linkableIds(session) + ")");
        source.links.push_back(std::move(rule).value());
    }
    if (source.file.empty())
        return fail(kExitBadArguments, "give the measured FILE to read");
    MeasuredSet set;
    if (const int code = loadMeasured(source, base, givenFile == kStandardStream, !measured.columns.empty(), set);
        code != kExitOk)
        return code;
    // A measured-peaks file holds no kernel for --match to link: the option would do nothing.
    if (!measured.links.empty() && set.kernels.empty())
        return fail(kExitBadArguments,
            "--match links measured kernels, and " + set.file
                + " holds measured peaks (rocprof-compute roofline.csv), no kernels");
    session.measured = std::move(source);
    out = analyse(std::move(session), std::make_shared<const MeasuredSet>(std::move(set)));
    return kExitOk;
}

int loadMeasured(
    const MeasuredSource& source, const std::string& base, bool standardInput, bool columnsGiven, MeasuredSet& out)
{
    Expected<MeasuredSet, Diagnostics> set = standardInput
        ? loadMeasuredStandardInput(source, std::string(kStandardInputName))
        : loadMeasuredSource(source, base);
    if (!set) {
        // A mapping on a file whose format names its own columns: the option, not the file, is what is wrong.
        if (columnsGiven && set.error().front().field == "columns")
            return fail(
                kExitBadArguments, "--columns: " + set.error().front().file + ": " + set.error().front().message);
        for (const Diagnostic& d : set.error())
            std::cerr << d.toString() << '\n';
        return kExitBadFile;
    }
    for (const Diagnostic& d : set->skipped)
        std::cerr << "roofline-lab: warning: skipped: " << d.toString() << '\n';
    for (const Diagnostic& d : set->warnings)
        std::cerr << "roofline-lab: warning: " << d.toString() << '\n';
    out = std::move(set).value();
    return kExitOk;
}

} // namespace roofline::app
