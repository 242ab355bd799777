#include "cli_import.h"

#include "json.h"
#include "report.h"
#include "scenario_measured.h"

#include <iostream>

namespace roofline::app {

int loadMeasured(
    const ParsedArgs& parsed, const std::string& givenFile, const Analysis& model, std::optional<MeasuredReport>& out)
{
    // The scenario's own measured block unless a file is given; the command line's links are added to its links.
    const std::optional<MeasuredSource> own = givenFile.empty() ? model.session.measured : std::nullopt;
    const std::string file = own ? measuredPath(*own, parsed.value("--scenario")) : givenFile;
    std::optional<MeasuredFormat> hint = own && !own->format.empty() ? parseFormatHint(own->format) : std::nullopt;
    std::optional<ColumnMapping> mapping;
    if (own && !own->columns.empty())
        mapping = parseColumnMapping(own->columns).value();
    std::vector<LinkRule> links = own ? own->links : std::vector<LinkRule> {};
    if (parsed.has("--format-hint")) {
        hint = parseFormatHint(parsed.value("--format-hint"));
        if (!hint)
            return fail(kExitBadArguments,
                "--format-hint takes ncu, csv, json or rocprof-roofline, not '" + parsed.value("--format-hint") + "'");
    }
    if (parsed.has("--columns")) {
        Expected<ColumnMapping> m = parseColumnMapping(parsed.value("--columns"));
        if (!m)
            return fail(kExitBadArguments, "--columns: " + m.error());
        mapping = std::move(m).value();
    }
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
        links.push_back(std::move(rule).value());
    }
    if (file.empty())
        return fail(kExitBadArguments, "give the measured FILE to read");
    Expected<MeasuredSet, Diagnostics> set = readMeasured(file, hint, mapping ? &*mapping : nullptr);
    if (!set) {
        for (const Diagnostic& d : set.error())
            std::cerr << d.toString() << '\n';
        return kExitBadFile;
    }
    for (const Diagnostic& d : set->skipped)
        std::cerr << "roofline-lab: warning: skipped: " << d.toString() << '\n';
    MeasuredAnalysis analysis = analyseMeasured(*set, model, links);
    out = MeasuredReport { std::move(set).value(), std::move(analysis) };
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
    const Analysis model = analyse(std::move(session));
    std::optional<MeasuredReport> measured;
    if (const int code = loadMeasured(parsed, file, model, measured); code != kExitOk)
        return code;
    const std::string text = format == "json" ? measuredJson(measured->set, measured->analysis, model)
                                              : measuredTable(measured->set, measured->analysis);
    if (const std::optional<std::string> error = writeStandardOutput(text))
        return fail(kExitBadFile, "cannot write the import to standard output: " + *error);
    return kExitOk;
}

} // namespace roofline::app
