// SPDX-License-Identifier: GPL-3.0-or-later
// `roofline-lab report`: every operation evaluated, as a table or JSON; with --sweep, each operation's attainable
// FLOP/s over a parameter's range.
#include "commands.h"

#include "base/units.h"
#include "build_session.h"
#include "cli.h"
#include "llm/model.h"
#include "measured_options.h"
#include "report/frontier.h"
#include "report/report.h"

#include <algorithm>
#include <memory>

namespace roofline::app {

namespace {

constexpr OptionSpec kSweep { "--sweep", "PARAM=FROM:TO",
    "add each operation's attainable FLOP/s sampled over PARAM (JSON only)" };

constexpr OptionSpec kFrontier { "--frontier", "B",
    "instead of the report, the model's tokens/s per chip against tokens/s per sequence at batches 1, 2, 4 ... B and "
    "tp 1, 2, 4, 8 (and the model's), the Pareto frontier marked" };

struct ReportOptions {
    ScenarioOptions scenario;
    MeasuredOptions measured;
    std::string format;
    std::string sweep;
    std::string frontier;
};

// `--frontier B`: the sweep alone, as a table or JSON.
int printFrontier(const ReportOptions& options, const Session& session, bool json)
{
    const Expected<double> to = parseWholeNumber(options.frontier);
    if (!to || *to > kMaxBatch)
        return fail(kExitBadArguments,
            "--frontier: expected the largest batch, a whole number from 1 to " + wholeText(kMaxBatch) + ", found "
                + quoteInput(options.frontier));
    if (!session.model)
        return fail(kExitBadArguments, "--frontier sweeps a model's batch: give --model ID too");
    if (session.model->phase == Phase::Train)
        return fail(kExitBadArguments,
            "--frontier: tokens/s per sequence is a serving figure; a training step has none (give --phase decode or "
            "prefill)");
    const Frontier frontier = sweepFrontier(session, *to);
    const std::vector<Frontier> compared = sweepComparedFrontiers(session, *to);
    return print(
        json ? frontierJson(session, frontier, compared) : frontierTable(session, frontier, compared), "the frontier");
}

int runReport(ReportOptions& options)
{
    if (const int code = checkFormat(options.format); code != kExitOk)
        return code;
    const bool json = options.format == "json";
    std::optional<SweepRange> sweepRange;
    if (!options.sweep.empty()) {
        Expected<SweepRange> r = parseSweepRange(options.sweep);
        if (!r)
            return fail(kExitBadArguments, "--sweep: " + r.error());
        if (!json)
            return fail(kExitBadArguments, "--sweep adds curves to the JSON report: give --format json too");
        sweepRange = std::move(r).value();
    }
    Session session;
    if (const int code = buildSession(options.scenario, loadLibrary(options.scenario), session); code != kExitOk)
        return code;
    if (!options.frontier.empty()) {
        if (!options.sweep.empty() || !options.measured.file.empty())
            return fail(kExitBadArguments,
                "--frontier gives the frontier alone: drop --sweep and --measured, or report them without --frontier");
        // The frontier sweeps the batch itself, on the datasheet's roofs.
        if (!options.scenario.calibration.empty())
            return fail(kExitBadArguments,
                "--frontier is drawn on the datasheet's roofs, which a calibration does not change: drop "
                "--calibration, or report it without --frontier");
        const auto settings = options.scenario.modelSettings();
        const bool batchGiven
            = std::any_of(settings.begin(), settings.end(), [](const auto& s) { return s.first == "batch"; })
            || std::any_of(options.scenario.settings.begin(), options.scenario.settings.end(),
                [](const std::string& s) { return s.starts_with("model.batch="); });
        if (batchGiven)
            return fail(kExitBadArguments,
                "--frontier sweeps the batch from 1 to " + options.frontier + " itself: drop --batch");
        return printFrontier(options, session, json);
    }
    Analysis analysis;
    if (const int code
        = analyseWithMeasured(options.measured, options.scenario.scenarioFile, std::move(session), analysis);
        code != kExitOk)
        return code;
    if (sweepRange)
        if (std::optional<std::string> problem = sweepParamProblem(sweepRange->param, analysis.session.operations))
            return fail(kExitBadArguments, "--sweep: " + *problem);
    // Printed as it is made: the report of a million measured kernels is never whole in memory.
    return printStreamed(
        [&](const TextSink& sink) {
            return json ? writeReportJson(analysis, sweepRange, sink) : writeReportTable(analysis, sink);
        },
        "the report");
}

} // namespace

Command addReportCommand(CLI::App& program)
{
    auto options = std::make_shared<ReportOptions>();
    CLI::App* command = addCommand(program, "report", "evaluate every operation and print the result",
        "with --sweep (JSON only), each operation's attainable FLOP/s sampled over PARAM, and its critical value");
    addScenarioOptions(*command, options->scenario);
    addCompareOption(*command, options->scenario);
    addFormatOption(*command, options->format);
    addOption(*command, kSweep, options->sweep);
    addOption(*command, kFrontier, options->frontier);
    addModelOptions(*command, options->scenario);
    addMeasuredOptions(*command, options->measured, true);
    return { command, [options] { return runReport(*options); } };
}

} // namespace roofline::app
