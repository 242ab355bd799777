// SPDX-License-Identifier: GPL-3.0-or-later
// `roofline-lab calibrate`: a practical model of the chip fitted from measured kernels, its error stated.
#include "commands.h"

#include "build_session.h"
#include "cli.h"
#include "files/calibration_file.h"
#include "files/scenario_measured.h"
#include "measured_options.h"
#include "report/calibration.h"

#include <CLI/CLI.hpp>

#include <filesystem>
#include <iostream>
#include <memory>

namespace roofline::app {

namespace {

constexpr OptionSpec kOutput { "-o,--output", "FILE",
    "the calibration file to write (YAML); '-' writes it to standard output and the summary to standard error" };
constexpr OptionSpec kFolds { "--folds", "K",
    "folds of the cross-validation that states the error (2 to 100, default 10; a set of at most 2·K kernels is "
    "validated leaving one out)" };

struct CalibrateOptions {
    ScenarioOptions scenario;
    std::vector<std::string> files;
    MeasuredOptions measured; // --format-hint and --columns, for every FILE
    std::string output;
    std::string folds;
};

int runCalibrate(const CalibrateOptions& options)
{
    if (options.output.empty())
        return fail(kExitBadArguments, "calibrate needs --output FILE.yaml ('-' for standard output)");
    CalibrationOptions fit;
    if (!options.folds.empty()) {
        const Expected<double> k = parseWholeNumber(options.folds);
        if (!k || *k < 2 || *k > kMaxCalibrationFolds)
            return fail(kExitBadArguments,
                "--folds takes a whole number from 2 to " + std::to_string(kMaxCalibrationFolds) + ", not '"
                    + options.folds + "'");
        fit.folds = static_cast<int>(*k);
    }
    if (!options.scenario.calibration.empty())
        return fail(kExitBadArguments, "calibrate fits a calibration from measured kernels; it takes no --calibration");
    if (!options.measured.links.empty())
        return fail(kExitBadArguments,
            "--match links kernels to operations, and a calibration is fitted to every kernel of its FILEs");
    // A calibration is stated against the chip's datasheet roofs, which the file records and --calibration checks.
    if (!options.scenario.settings.empty())
        return fail(kExitBadArguments,
            "calibrate fits against the chip's datasheet roofs; --set " + options.scenario.settings.front()
                + " would change the roofs the calibration is stated against");
    std::vector<CommandInput> named = optionInputs(options.scenario);
    for (const std::string& file : options.files)
        named.push_back({ "the measured FILE", file });
    if (const std::optional<std::string> error = outputIsAnInput("--output", options.output, named))
        return fail(kExitBadArguments, *error);
    Session session;
    if (const int code = buildSession(options.scenario, loadLibrary(options.scenario), session); code != kExitOk)
        return code;
    fit.fallback = session.chartDtype();
    if (!options.measured.formatHint.empty() && !parseFormatHint(options.measured.formatHint))
        return fail(kExitBadArguments,
            "--format-hint takes ncu, csv, json or rocprof-roofline, not '" + options.measured.formatHint + "'");
    if (!options.measured.columns.empty())
        if (Expected<ColumnMapping> m = parseColumnMapping(options.measured.columns); !m)
            return fail(kExitBadArguments, "--columns: " + m.error());
    // The files given, each read with --format-hint and --columns; with none, the scenario's measured block, which
    // the options change as they do for import.
    std::vector<MeasuredSource> sources;
    std::string base;
    if (options.files.empty()) {
        if (!session.measured)
            return fail(
                kExitBadArguments, "calibrate needs the measured FILEs to fit, or a scenario with a measured: block");
        MeasuredSource source = *session.measured;
        if (!options.measured.formatHint.empty())
            source.format = options.measured.formatHint;
        if (!options.measured.columns.empty())
            source.columns = options.measured.columns;
        sources.push_back(std::move(source));
        base = options.scenario.scenarioFile;
    }
    for (const std::string& file : options.files) {
        if (file == kStandardStream)
            return fail(kExitBadArguments, "calibrate reads its FILEs by name, not from standard input");
        // A file given twice would hold each kernel in the other's training folds and understate the error.
        for (const MeasuredSource& earlier : sources)
            if (std::error_code ec; earlier.file == file || std::filesystem::equivalent(earlier.file, file, ec))
                return fail(kExitBadArguments, file + " is given twice: its kernels would count twice in the fit");
        sources.push_back({ file, options.measured.formatHint, options.measured.columns, {} });
    }
    // The calibration never replaces what it is fitted from, nor the scenario it came with.
    std::vector<CommandInput> inputs = sessionInputs(options.scenario, session);
    for (const std::string& file : options.files)
        inputs.push_back({ "the measured FILE", file });
    if (const std::optional<std::string> error = outputIsAnInput("--output", options.output, inputs))
        return fail(kExitBadArguments, *error);
    std::vector<MeasuredSet> sets;
    for (const MeasuredSource& source : sources) {
        MeasuredSet set;
        if (const int code = loadMeasured(source, base, false, !options.measured.columns.empty(), set); code != kExitOk)
            return code;
        if (set.kernels.empty())
            return fail(
                kExitBadFile, set.file + " holds measured peaks, no kernels: a calibration is fitted to kernels");
        sets.push_back(std::move(set));
    }
    std::vector<const MeasuredSet*> pointers;
    for (const MeasuredSet& s : sets)
        pointers.push_back(&s);
    Expected<Calibration, Diagnostics> cal = fitCalibration(pointers, session.chip, fit);
    if (!cal) {
        std::cerr << "roofline-lab: no calibration fitted:\n";
        for (const Diagnostic& d : cal.error())
            std::cerr << d.toString() << '\n';
        return kExitBadFile;
    }
    const std::string text = writeCalibration(*cal);
    if (options.output == kStandardStream) {
        std::cerr << calibrationText(*cal);
        return print(text, "the calibration");
    }
    if (std::optional<std::string> error = writeFileAtomically(options.output, text, "a calibration file"))
        return fail(kExitBadFile, *error);
    return print(calibrationText(*cal) + "Wrote " + options.output + ".\n", "the summary");
}

} // namespace

Command addCalibrateCommand(CLI::App& program)
{
    auto options = std::make_shared<CalibrateOptions>();
    CLI::App* command = addCommand(program, "calibrate", "fit a practical model of the chip to measured kernels",
        "per resource an efficiency that grows with a kernel's size, and a floor under every kernel, with the error "
        "of the fit by cross-validation beside the datasheet roofline's");
    command
        ->add_option("FILE", options->files,
            "measured files: Nsight Compute raw CSV, plain CSV or JSON (--columns maps a plain CSV's columns; "
            "dtype=in:COLUMN reads a dtype from a name such as matmul_fp8)")
        ->type_name("");
    addScenarioOptions(*command, options->scenario);
    addOption(*command, kOutput, options->output);
    addOption(*command, kFolds, options->folds);
    addMeasuredOptions(*command, options->measured, false);
    // Options the other commands share that calibrate always refuses, saying why (runCalibrate): out of its help.
    for (const char* refused : { "--calibration", "--match", "--set" })
        command->get_option(refused)->group("");
    return { command, [options] { return runCalibrate(*options); } };
}

} // namespace roofline::app
