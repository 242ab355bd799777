// SPDX-License-Identifier: GPL-3.0-or-later
// Edits of a session as values: what the window's controls, the command line's --set and a lesson's Reset do to a
// session, checked and applied here so that the rules hold the same everywhere and are tested without a window.
// Numbers stay numbers: a slider's value reaches the operation as the double it was, never through text.
#pragma once

#include "base/expected.h"
#include "llm/model.h"
#include "roofline/dtype.h"
#include "roofline/hardware.h"
#include "roofline/operations.h"
#include "session/session.h"

#include <cstddef>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace roofline {

namespace edits {

struct HardwareValue { // one number of the chip: "peak.bf16", "bandwidth.HBM", "efficiency.HBM" ...
    std::string key;
    double value = 0;
};
struct ChartDtype { // the compute roof the chart draws
    Dtype dtype = Dtype::bf16;
};
struct Latency { // launch floors and α per collective step
    bool on = false;
};
struct OperationParam { // one parameter of the operation at `operation`
    std::size_t operation = 0;
    std::string param;
    ParamValue value;
};
struct Shown {
    std::size_t operation = 0;
    bool shown = true;
};
struct AddOperation {
    OperationVariant op;
};
struct RemoveOperation {
    std::size_t operation = 0;
};
// Settings of the session's model by key ("batch", "tp", "weights"), applied together and checked together; an
// "id" among them gives a session without a model one.
struct ModelChange {
    std::vector<std::pair<std::string, ParamValue>> settings;
};
// The model a Hugging Face config.json gives, which joins the library for the edit, with settings applied together
// with it (none: the other settings kept where it can run them).
struct ModelConfig {
    Model model;
    std::string config; // its path, as the session's scenario names it
    std::vector<std::pair<std::string, ParamValue>> settings = {};
};
struct KernelLink { // a measured kernel linked to an operation by a rule of its own (an empty id takes it away)
    std::string kernel;
    std::string operationId;
};
struct Preset { // another chip, from the preset library
    Hardware chip;
    std::optional<SessionCalibration> calibration = {}; // the one its preset names: it replaces the old chip's preset's
};
// A calibration of the chip (roofline-lab calibrate), or none. One of another chip, or fitted against other roofs,
// is refused with why ("a calibration of NVIDIA B200 (b200), and the chip is ..."), for the caller to name the file.
struct CalibrationFile {
    std::optional<SessionCalibration> calibration;
};
struct Compare { // the chips drawn beside the session's, each with its overrides (none: the session's alone)
    std::vector<ComparedChip> chips;
};
// A chip's price per chip-hour, by preset id (none: no price): the session's chip's price.hour, another's in prices.
struct ChipPrice {
    std::string chip;
    std::optional<double> price;
};

} // namespace edits

using SessionEdit = std::variant<edits::HardwareValue, edits::ChartDtype, edits::Latency, edits::OperationParam,
    edits::Shown, edits::AddOperation, edits::RemoveOperation, edits::ModelChange, edits::ModelConfig,
    edits::KernelLink, edits::Preset, edits::CalibrationFile, edits::Compare, edits::ChipPrice>;

// Applies the edit to the session, checked against its chip (overrides included) and, for a model's id, `models`.
// The edited session, or why the edit cannot be made, naming the field ("B: expected a whole number ...").
Expected<Session> applyEdit(Session, const SessionEdit&, const ModelLibrary& models);

// Sets one parameter of an operation's kind from a typed value, checking its type, legal range and, for a memory
// level or link, that the chip has it. What the scenario reader does once it has read the value's text.
std::optional<std::string> setParamValue(OperationVariant&, const ParamInfo&, const ParamValue&, const Hardware&);
// Sets one parameter of an operation, checking it against its type, legal range and the chip, and renaming an
// operation whose name was only its default description. An error message without the parameter's name (callers
// show it beside the parameter), or nothing (then `op` changed).
std::optional<std::string> setOperationParam(Operation& op, std::string_view param, const ParamValue&, const Hardware&);

// Sets several settings of the session's model, the id first, each checked alone and all together once set: a
// setting the model, its phase or its parallelism has no use for is refused (settingNotApplying), whatever the order
// it was given in. A session without a model takes one when an id is among them. The first "model.KEY: why", or
// nothing; the session changes only when all apply.
std::optional<std::string> setModelSettings(
    Session&, const std::vector<std::pair<std::string, ParamValue>>& settings, const Hardware&, const ModelLibrary&);

// Before the session's model takes `next`: when it makes no draft steps, the measured links to the draft's operations
// (model.draft.PART) go, as links to a removed operation do; a lesson whose answer is about one refuses it
// ("model.draft: ..."). Nothing, or the refusal.
std::optional<std::string> withoutTheDraft(Session&, const ModelSettings& next);

// "model.KEY: the scenario has no model (...)": what setting KEY of a session without a model says.
std::string noModel(const std::string& key);

// A training step's replicas or microbatches changed to `count` (key "dp" or "microbatches") with the batch grown or
// shrunk so that each microbatch keeps its sequences: the settings to apply together.
std::vector<std::pair<std::string, ParamValue>> keepingMicrobatch(
    const roofline::ModelSettings&, const std::string& key, double count);

// The rules of Reset and of "modified", against the session as it was opened (`opened`):
// - Reset puts back the chip's numbers as the scenario set them (none after another chip was chosen), and the
//   parameters of each operation it opened with, the model's settings with the title and description written for
//   them; operations added since stay.
Session resetTarget(const Session& current, const Session& opened);
// - whether Reset would change anything (asked after every slider step: it copies nothing);
bool canReset(const Session& current, const Session& opened);
// - whether a number of the chip differs from what Reset puts back.
bool chipModified(const Session& current, const Session& opened);

// The session on another chip: its default workload when the operations are the old chip's default workload,
// otherwise the same operations and model, those naming a memory or link the new chip lacks moved as moveToChip moves
// them (the model's links too). A compared chip that becomes the session's leaves the comparison with its overrides,
// which become the session's, and the old chip takes its place there with its own.
Session withChip(const Session& current, const Hardware& chip);

} // namespace roofline
