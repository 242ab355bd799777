// SPDX-License-Identifier: GPL-3.0-or-later
// `roofline-lab import`: measured kernels or measured peaks placed on the chip.
#include "commands.h"

#include "build_session.h"
#include "cli.h"
#include "measured_options.h"
#include "report/measured.h"

#include <memory>

namespace roofline::app {

namespace {

struct ImportOptions {
    ScenarioOptions scenario;
    MeasuredOptions measured; // its file is the FILE word
    std::string format;
};

int runImport(ImportOptions& options)
{
    if (const int code = checkFormat(options.format); code != kExitOk)
        return code;
    Session session;
    if (const int code = buildSession(options.scenario, loadLibrary(options.scenario), session); code != kExitOk)
        return code;
    if (options.measured.file.empty() && !session.measured)
        return fail(kExitBadArguments,
            "import needs the FILE to read, or a scenario with a measured: block (see roofline-lab import --help)");
    Analysis analysis;
    if (const int code
        = analyseWithMeasured(options.measured, options.scenario.scenarioFile, std::move(session), analysis);
        code != kExitOk)
        return code;
    return printStreamed(
        [&](const TextSink& sink) -> std::optional<std::string> {
            if (options.format == "json")
                writeMeasuredJson(*analysis.measuredSet, *analysis.measured, analysis, sink);
            else
                writeMeasuredTable(*analysis.measuredSet, *analysis.measured, sink, &analysis);
            return std::nullopt;
        },
        "the import");
}

} // namespace

Command addImportCommand(CLI::App& program)
{
    auto options = std::make_shared<ImportOptions>();
    CLI::App* command = addCommand(program, "import", "place measured kernels or peaks on the chip",
        "read from FILE or the scenario's measured: block, each kernel with its intensity, achieved FLOP/s, the roof "
        "that binds it and the fraction of it reached");
    addArgument(*command, "FILE", options->measured.file,
        "the measured file: Nsight Compute raw CSV, a plain CSV or JSON, or rocprof-compute's roofline.csv");
    addScenarioOptions(*command, options->scenario);
    addFormatOption(*command, options->format);
    addMeasuredOptions(*command, options->measured, false);
    return { command, [options] { return runImport(*options); } };
}

} // namespace roofline::app
