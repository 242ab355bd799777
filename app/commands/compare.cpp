// SPDX-License-Identifier: GPL-3.0-or-later
// `roofline-lab compare`: one workload on several chips, one row a chip as `report` gives it, ranked by a figure.
#include "commands.h"

#include "build_session.h"
#include "cli.h"
#include "report/compare.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <memory>

namespace roofline::app {

namespace {

constexpr OptionSpec kChips { "--preset", "ID",
    "a chip to compare, repeatable (see 'roofline-lab presets'); the first also gives the default workload" };
constexpr OptionSpec kBy { "--by", "FIGURE",
    "rank by t_lower_s (default), t_upper_s, tokens_per_s, tokens_per_s_per_sequence, time_to_first_token_s, mfu, "
    "memory_bandwidth_utilisation, max_batch, energy_j, joules_per_token or cost_per_million_tokens (at the board "
    "power; the price of --set price.hour)" };
constexpr OptionSpec kCompareFormat { "--format", "FORMAT", "table (default), json or csv" };

struct CompareOptions {
    ScenarioOptions scenario;
    std::vector<std::string> chips;
    bool all = false;
    std::string by;
    std::string format;
};

int runCompare(CompareOptions& options)
{
    if (options.format.empty())
        options.format = "table";
    if (options.format != "table" && options.format != "json" && options.format != "csv")
        return fail(kExitBadArguments, "--format takes table, json or csv, not '" + options.format + "'");
    if (options.by.empty())
        options.by = std::string(comparisonFigures().front());
    if (options.all == !options.chips.empty())
        return fail(kExitBadArguments,
            options.all ? "give --all or --preset ID, not both"
                        : "give the chips to compare: --preset ID, repeatable, or --all");
    const PresetLibrary library = loadLibrary(options.scenario);
    std::vector<std::string> chips = options.chips;
    if (options.all)
        for (const Hardware& h : library.presets())
            chips.push_back(h.id);
    // The workload: the scenario's, or the first chip's default workload (with the model options, its model).
    ScenarioOptions workload = options.scenario;
    if (workload.scenarioFile.empty())
        workload.preset = chips.front();
    workload.calibration.clear(); // it holds for its own chip's row, which need not be the workload's chip
    Session session;
    if (const int code = buildSession(workload, library, session); code != kExitOk)
        return code;
    // A calibration for one of the chips: its row follows it; the others keep the session's or their presets'.
    std::optional<SessionCalibration> calibration;
    if (const int code = readCalibrationOption(options.scenario, calibration); code != kExitOk)
        return code;
    if (calibration) {
        const Calibration& cal = *calibration->calibration;
        if (std::find(chips.begin(), chips.end(), cal.chip) == chips.end())
            return fail(kExitBadArguments,
                "--calibration: " + options.scenario.calibration + " is a calibration of "
                    + (cal.chipName.empty() ? cal.chip : cal.chipName + " (" + cal.chip + ")")
                    + ", which is not among the chips compared");
        if (const Hardware* chip = library.find(cal.chip))
            if (const std::optional<std::string> mismatch = calibrationMismatch(cal, *chip))
                return fail(kExitBadArguments, "--calibration: " + options.scenario.calibration + " is " + *mismatch);
    }
    const ModelLibrary models = loadModels(options.scenario);
    const Expected<std::vector<ChipComparison>> rows
        = compareChips(session, chips, library, models, options.by, calibration);
    warnSkippedPresets(library);
    if (!rows)
        return fail(rows.error().starts_with("no preset") ? kExitBadFile : kExitBadArguments, rows.error());
    if (options.format == "json")
        return print(comparisonJson(*rows, options.by), "the comparison");
    return print(options.format == "csv" ? comparisonCsv(*rows) : comparisonTable(*rows), "the comparison");
}

} // namespace

Command addCompareCommand(CLI::App& program)
{
    auto options = std::make_shared<CompareOptions>();
    CLI::App* command = addCommand(program, "compare", "rank chips by a workload's figures",
        "The workload (a scenario's operations, the first chip's default workload, or a model) is moved onto each chip "
        "as the window's chip menu moves it, and analysed there as report does. A chip that cannot run it is listed "
        "last, with why. Overrides of --set and of a scenario belong to the chip they were made for, whose row has "
        "them, and do not follow the workload to the others; so does a calibration, whose chip's row gives its "
        "calibrated time beside the datasheet's (the ranking stays the datasheet's).");
    addOption(*command, kChips, options->chips);
    command->add_flag("--all", options->all, "compare every known chip");
    addOption(*command, kBy, options->by);
    addOption(*command, kCompareFormat, options->format);
    addWorkloadOptions(*command, options->scenario);
    addCalibrationOption(*command, options->scenario);
    addModelOptions(*command, options->scenario);
    return { command, [options] { return runCompare(*options); } };
}

} // namespace roofline::app
