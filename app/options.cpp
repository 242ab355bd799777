// SPDX-License-Identifier: GPL-3.0-or-later
#include "options.h"

#include "cli.h"
#include "llm/settings.h"

#include <CLI/CLI.hpp>

namespace roofline::app {

namespace {

// The help groups, in the order a command's help shows them.
constexpr const char* kScenarioGroup = "Scenario";
constexpr const char* kModelGroup = "Model";
constexpr const char* kMeasuredGroup = "Measured data";

constexpr OptionSpec kPreset { "--preset", "ID",
    "a hardware preset (see 'roofline-lab presets'), with its default workload" };
constexpr OptionSpec kScenario { "--scenario", "FILE",
    "a scenario file: a preset or inline chip, overrides and operations; '-' reads it from standard input" };
constexpr OptionSpec kCompare { "--compare", "PRESET",
    "another chip drawn beside the session's, its roofs dashed and its markers in a shape of its own (repeatable, up "
    "to 3; in place of the scenario's compare: list)" };
constexpr OptionSpec kCalibration { "--calibration", "FILE",
    "a calibration of the chip (roofline-lab calibrate): times follow its practical roofs, measured kernels get the "
    "time it predicts" };
constexpr OptionSpec kSet { "--set", "KEY=VALUE",
    "override a number, repeatable: peak.bf16=1.97e14, bandwidth.HBM=8.1e11, bandwidth.IB=400Gb/s, B=512 (every "
    "operation with B), op2.B=246 (the operation with id op2), ops[2].B=64, ops[0].compute=int8, chart.dtype=int8, "
    "efficiency.HBM=0.8 (0.01-1; also efficiency.compute), latency.NVLink=2e-6 (a link's alpha), latency.launch=3e-6 "
    "(the launch floor), latency=on|off, power.board=700 (W, the board's rated power), price.hour=2.49 (per "
    "chip-hour), "
    "the energy model's energy_per_flop.bf16=0.5pJ, energy_per_byte.HBM=31.76pJ and power.constant=100 (W)" };
constexpr OptionSpec kPresetDir { "--preset-dir", "DIR",
    "read more presets from DIR, repeatable (after the user's folder, ~/.config/roofline-lab/presets)" };
constexpr OptionSpec kModelDir { "--model-dir", "DIR",
    "read more models from DIR, repeatable (after the user's folder, ~/.config/roofline-lab/models)" };

// The model options, each setting the model setting of the same place in modelSettingKeys().
constexpr std::array<OptionSpec, kModelOptionCount> kModelOptions { {
    { "--model", "ID",
        "a language model (see 'roofline-lab models'), or a Hugging Face config.json (PATH/config.json): its "
        "operations "
        "per layer and its totals" },
    { "--phase", "PHASE", "decode (default: one new token per sequence), prefill, or train (one training step)" },
    { "--batch", "B", "sequences in flight, 1 by default; train: the global batch" },
    { "--prompt", "P", "prefill: prompt tokens per sequence; train: tokens per sequence; 2048 by default" },
    { "--context", "S", "decode: tokens already cached per sequence, 4096 by default" },
    { "--weights", "DTYPE", "weights' dtype: bf16 (default), fp8, int8, int4" },
    { "--activations", "DTYPE", "activations' and compute dtype, bf16 by default" },
    { "--kv", "DTYPE", "KV cache dtype: bf16 (default), fp8, int8" },
    { "--tp", "N", "tensor-parallel degree, 1 by default" },
    { "--link", "NAME", "the link the all-reduces cross (default: the chip's first)" },
    { "--attention", "MODE", "prefill attention: fused (default, scores stay on chip) or materialised" },
    { "--dp", "N", "train: data-parallel replicas, 1 by default" },
    { "--pp", "N", "train: pipeline stages (dividing the layers), 1 by default" },
    { "--microbatches", "M", "train: microbatches per replica and step, 1 by default" },
    { "--dp-link", "NAME",
        "train: the link the gradient all-reduce crosses (default: the chip's first link to other "
        "nodes)" },
    { "--pp-link", "NAME", "train: the link between pipeline stages (default: as --dp-link)" },
    { "--ep", "N",
        "expert parallelism over N GPUs (a multiple of --tp, dividing the experts): each holds E/N experts, tokens "
        "reach them by all-to-all; 1 by default" },
    { "--ep-link", "NAME", "the link the experts' all-to-all crosses (default: as --link)" },
    { "--imbalance", "X", "the busiest expert-parallel GPU's tokens over the mean, 1 (balanced) by default" },
    { "--latent", "MODE",
        "latent attention (DeepSeek): auto (default: absorbed in decode, expanded otherwise), absorbed or "
        "expanded" },
    { "--zero", "STAGE",
        "train: ZeRO over the data-parallel replicas, 1 the optimizer state sharded, 2 the gradients too, 3 the "
        "weights too; 0 by default" },
    { "--recompute", "MODE", "train: activation recomputation, none (default), selective or full" },
    { "--sequence-parallel", "BOOL", "train: sequence parallelism with tensor parallelism, true or false (default)" },
    { "--draft", "ID",
        "decode: speculative decoding with this draft model (sharing the target's vocabulary), or none (default)" },
    { "--draft-tokens", "K", "decode: tokens the draft proposes per round, verified in one target pass; 4 by default" },
    { "--acceptance", "ALPHA", "decode: the chance the target keeps each drafted token, 0 to 1; 0.8 by default" },
} };

constexpr OptionSpec kMeasured { "--measured", "FILE",
    "measured kernels to add: Nsight Compute raw CSV, a plain CSV or JSON, or rocprof-compute's roofline.csv" };
constexpr OptionSpec kFormatHint { "--format-hint", "HINT",
    "the measured file's format: ncu, csv, json or rocprof-roofline (default: detected from its header)" };
constexpr OptionSpec kColumns { "--columns", "MAPPING",
    "a plain CSV's columns: FIELD=COLUMN pairs separated by commas, such as name=op+params,seconds=t_median_s (see "
    "'Column mapping' in docs/file-formats.md)" };
constexpr OptionSpec kMatch { "--match", "PATTERN=ID",
    "compare kernels matching PATTERN (wildcards * ?) with operation ID, its parameters set from the kernel's (B=256 "
    "...), repeatable" };
constexpr OptionSpec kFormat { "--format", "FORMAT", "table (default) or json" };

// A folder that does not exist is a bad argument, named by CLI11 ("--preset-dir: Directory does not exist: DIR").
CLI::Validator existingFolder()
{
    CLI::Validator folder = CLI::ExistingDirectory;
    folder.description(""); // the value's name, DIR, says enough in the help
    return folder;
}

} // namespace

CLI::App* addCommand(CLI::App& program, std::string_view name, std::string_view summary, std::string_view more)
{
    // The summary is the description's first line (HelpFormatter::make_subcommand and make_description).
    std::string description(summary);
    if (!more.empty())
        description += '\n' + std::string(more);
    return program.add_subcommand(std::string(name), description);
}

void addArgument(CLI::App& command, std::string_view name, std::string& into, std::string_view help)
{
    command.add_option(std::string(name), into, std::string(help))->type_name("");
}

CLI::Option* addOption(CLI::App& command, const OptionSpec& spec, std::string& into)
{
    // Each value is kept, so that the command line can say an option was given twice (cli.cpp).
    return command.add_option(std::string(spec.names), into, std::string(spec.help))
        ->type_name(std::string(spec.valueName))
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
}

CLI::Option* addOption(CLI::App& command, const OptionSpec& spec, std::vector<std::string>& into)
{
    // One value each time: `--set B=512 extra` leaves `extra` a stray word.
    return command.add_option(std::string(spec.names), into, std::string(spec.help))
        ->type_name(std::string(spec.valueName))
        ->allow_extra_args(false);
}

std::vector<std::pair<std::string, std::string>> ScenarioOptions::modelSettings() const
{
    const std::vector<std::string_view> keys = modelSettingKeys();
    std::vector<std::pair<std::string, std::string>> given;
    for (std::size_t i = 0; i < kModelOptionCount; ++i)
        if (!modelValues[i].empty())
            given.emplace_back(keys[i], modelValues[i]);
    return given;
}

void addScenarioOptions(CLI::App& command, ScenarioOptions& into)
{
    addOption(command, kPreset, into.preset)->group(kScenarioGroup);
    addWorkloadOptions(command, into);
    addCalibrationOption(command, into);
}

void addCompareOption(CLI::App& command, ScenarioOptions& into)
{
    addOption(command, kCompare, into.compare)->group(kScenarioGroup);
}

void addCalibrationOption(CLI::App& command, ScenarioOptions& into)
{
    addOption(command, kCalibration, into.calibration)->group(kScenarioGroup);
}

void addWorkloadOptions(CLI::App& command, ScenarioOptions& into)
{
    addOption(command, kScenario, into.scenarioFile)->group(kScenarioGroup);
    addOption(command, kSet, into.settings)->group(kScenarioGroup);
    addPresetDirOption(command, into);
}

void addPresetDirOption(CLI::App& command, ScenarioOptions& into)
{
    addOption(command, kPresetDir, into.presetDirs)->check(existingFolder())->group(kScenarioGroup);
}

void addModelOptions(CLI::App& command, ScenarioOptions& into)
{
    for (std::size_t i = 0; i < kModelOptionCount; ++i)
        addOption(command, kModelOptions[i], into.modelValues[i])->group(kModelGroup);
    addModelDirOption(command, into);
}

void addModelDirOption(CLI::App& command, ScenarioOptions& into)
{
    addOption(command, kModelDir, into.modelDirs)->check(existingFolder())->group(kModelGroup);
}

void addMeasuredOptions(CLI::App& command, MeasuredOptions& into, bool withFile)
{
    if (withFile)
        addOption(command, kMeasured, into.file)->group(kMeasuredGroup);
    addOption(command, kFormatHint, into.formatHint)->group(kMeasuredGroup);
    addOption(command, kColumns, into.columns)->group(kMeasuredGroup);
    addOption(command, kMatch, into.links)->group(kMeasuredGroup);
}

void addFormatOption(CLI::App& command, std::string& into)
{
    addOption(command, kFormat, into);
}

int checkFormat(std::string& format)
{
    if (format.empty())
        format = "table";
    if (format != "table" && format != "json")
        return fail(kExitBadArguments, "--format takes table or json, not '" + format + "'");
    return kExitOk;
}

} // namespace roofline::app
