// SPDX-License-Identifier: GPL-3.0-or-later
// `roofline-lab compare`: one workload on several chips, one row a chip as `report` gives it, ranked by a figure.
#include "commands.h"

#include "build_session.h"
#include "cli.h"
#include "report/compare.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <map>
#include <memory>

namespace roofline::app {

namespace {

constexpr OptionSpec kChips { "--preset", "ID",
    "a chip to compare, repeatable (see 'roofline-lab presets'); the first also gives the default workload" };
constexpr OptionSpec kBy { "--by", "FIGURE",
    "rank by t_lower_s (default), t_upper_s, tokens_per_s, tokens_per_s_per_sequence, time_to_first_token_s, mfu, "
    "memory_bandwidth_utilisation, max_batch, energy_j, joules_per_token or cost_per_million_tokens (at the board "
    "power; the prices of --price)" };
constexpr OptionSpec kPrice { "--price", "ID=PER_HOUR",
    "a chip's price for one chip-hour, repeatable (--price h100-sxm=2.49 --price b200=5.99), in any one currency: "
    "its row's cost per million tokens; a chip without one ranks after those with one" };
constexpr OptionSpec kCompareFormat { "--format", "FORMAT", "table (default), json or csv" };

struct CompareOptions {
    ScenarioOptions scenario;
    std::vector<std::string> chips;
    bool all = false;
    std::string by;
    std::string format;
    std::vector<std::string> prices;
};

// The prices of --price ID=PER_HOUR by chip id, each read as a scenario's price.hour is; kExitOk, or the exit code
// after saying which is wrong.
int readPrices(const std::vector<std::string>& given, std::map<std::string, double>& out)
{
    const std::optional<HardwareQuantity> quantity = quantityOfKey("price.hour");
    for (const std::string& text : given) {
        const std::size_t equals = text.find('=');
        if (equals == std::string::npos || equals == 0)
            return fail(kExitBadArguments, "--price: expected ID=PER_HOUR (h100-sxm=2.49), found '" + text + "'");
        const std::string id = text.substr(0, equals);
        const Expected<ParsedQuantity> price = parseHardwareValue(*quantity, text.substr(equals + 1));
        if (!price)
            return fail(kExitBadArguments, "--price " + id + ": " + price.error());
        if (!out.emplace(id, price->value).second)
            return fail(kExitBadArguments, "--price: '" + id + "' is given two prices");
    }
    return kExitOk;
}

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
    std::map<std::string, double> prices;
    if (const int code = readPrices(options.prices, prices); code != kExitOk)
        return code;
    for (const auto& [id, price] : prices)
        if (std::find(chips.begin(), chips.end(), id) == chips.end())
            return fail(kExitBadArguments, "--price: '" + id + "' is not among the chips compared");
    const ModelLibrary models = loadModels(options.scenario);
    const Expected<std::vector<ChipComparison>> rows
        = compareChips(session, chips, library, models, options.by, calibration, prices);
    warnSkippedPresets(library);
    if (!rows)
        return fail(rows.error().starts_with("no preset") ? kExitBadFile : kExitBadArguments,
            rows.error()
                + (options.by == "cost_per_million_tokens" && prices.empty() ? " (give --price ID=PER_HOUR, repeatable)"
                                                                             : ""));
    if (options.format == "json")
        return print(comparisonJson(*rows, options.by), "the comparison");
    if (options.format == "csv")
        return print(comparisonCsv(*rows), "the comparison");
    // Ranked by cost, the chips without a price come last: the table says which.
    return print(comparisonTable(*rows) + (options.by == "cost_per_million_tokens" ? unpricedNote(*rows) : ""),
        "the comparison");
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
    addOption(*command, kPrice, options->prices);
    addWorkloadOptions(*command, options->scenario);
    addCalibrationOption(*command, options->scenario);
    addModelOptions(*command, options->scenario);
    return { command, [options] { return runCompare(*options); } };
}

} // namespace roofline::app
