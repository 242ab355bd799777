#include "cli_import.h"

#include "base/json.h"
#include "files/scenario_measured.h"
#include "measured/placement.h"
#include "report/measured.h"
#include "report/report.h"
#include "session/analysis.h"

#include <iostream>

namespace roofline::app {

int analyseWithMeasured(const ParsedArgs& parsed, const std::string& givenFile, Session session, Analysis& out)
{
    if (givenFile.empty() && !session.measured) {
        out = analyse(std::move(session));
        return kExitOk;
    }
    // The scenario's own measured block unless a file is given, whose path is then the working folder's; the command
    // line's links are added to the block's links.
    MeasuredSource source = givenFile.empty() && session.measured ? *session.measured : MeasuredSource {};
    if (!givenFile.empty())
        source = MeasuredSource { givenFile, {}, {}, {} };
    const std::string base = givenFile.empty() ? parsed.value("--scenario") : std::string();
    if (parsed.has("--format-hint")) {
        if (!parseFormatHint(parsed.value("--format-hint")))
            return fail(kExitBadArguments,
                "--format-hint takes ncu, csv, json or rocprof-roofline, not '" + parsed.value("--format-hint") + "'");
        source.format = parsed.value("--format-hint");
    }
    if (parsed.has("--columns")) {
        if (Expected<ColumnMapping> m = parseColumnMapping(parsed.value("--columns")); !m)
            return fail(kExitBadArguments, "--columns: " + m.error());
        source.columns = parsed.value("--columns");
    }
    // Links may name the operations a model generates: look them up in the analysed session.
    const Analysis model = analyse(session);
    for (const std::string& text : parsed.values("--match")) {
        Expected<LinkRule> rule = parseLinkRule(text);
        if (!rule)
            return fail(kExitBadArguments, "--match: " + rule.error());
        if (!model.session.find(rule->operationId)) {
            std::string ids;
            for (const Operation& op : model.session.operations)
                ids += (ids.empty() ? "" : ", ") + op.id + " (" + op.name + ")";
            return fail(
                kExitBadArguments, "--match: no operation '" + rule->operationId + "' (operations: " + ids + ")");
        }
        source.links.push_back(std::move(rule).value());
    }
    if (source.file.empty())
        return fail(kExitBadArguments, "give the measured FILE to read");
    Expected<MeasuredSet, Diagnostics> set = givenFile == kStandardInput
        ? loadMeasuredStandardInput(source, std::string(kStandardInputName))
        : loadMeasuredSource(source, base);
    if (!set) {
        for (const Diagnostic& d : set.error())
            std::cerr << d.toString() << '\n';
        return kExitBadFile;
    }
    for (const Diagnostic& d : set->skipped)
        std::cerr << "roofline-lab: warning: skipped: " << d.toString() << '\n';
    session.measured = std::move(source);
    out = analyse(std::move(session), std::make_shared<const MeasuredSet>(std::move(set).value()));
    return kExitOk;
}

int runImport(const ParsedArgs& parsed, const ScenarioOptions& options, const std::string& file)
{
    const std::string format = parsed.has("--format") ? parsed.value("--format") : "table";
    if (format != "table" && format != "json")
        return fail(kExitBadArguments, "--format takes table or json, not '" + format + "'");
    Session session;
    if (const int code = buildSession(options, loadLibrary(options), session); code != kExitOk)
        return code;
    if (file.empty() && !session.measured)
        return fail(kExitBadArguments,
            "import needs the FILE to read, or a scenario with a measured: block (see roofline-lab import --help)");
    Analysis analysis;
    if (const int code = analyseWithMeasured(parsed, file, std::move(session), analysis); code != kExitOk)
        return code;
    const std::string text = format == "json" ? measuredJson(*analysis.measuredSet, *analysis.measured, analysis)
                                              : measuredTable(*analysis.measuredSet, *analysis.measured);
    if (const std::optional<std::string> error = writeStandardOutput(text))
        return fail(kExitBadFile, "cannot write the import to standard output: " + *error);
    return kExitOk;
}

} // namespace roofline::app
