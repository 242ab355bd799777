// SPDX-License-Identifier: GPL-3.0-or-later
#include "session/edit.h"

#include "base/units.h"
#include "base/yaml_reader.h"
#include "llm/generate.h"
#include "llm/settings.h"
#include "measured/placement.h"
#include "roofline/evaluate.h"
#include "session/operation_names.h"

#include <algorithm>

namespace roofline {

namespace {

// "HBM, L2" or "NVLink, IB": what a memory or link parameter may name.
std::string levelNames(const Hardware& hw, bool memories)
{
    std::string names;
    auto add = [&](const std::string& name) { names += (names.empty() ? "" : ", ") + name; };
    if (memories)
        for (const MemoryLevel& m : hw.memories)
            add(m.name);
    else
        for (const Link& l : hw.links)
            add(l.name);
    return names.empty() ? "none" : names;
}

// Whether the operations are the chip's default workload as it opened, whatever their ids and colours.
bool isDefaultWorkload(const std::vector<Operation>& ops, const Hardware& chip)
{
    const std::vector<Operation> defaults = defaultWorkload(chip);
    if (ops.size() != defaults.size())
        return false;
    for (std::size_t i = 0; i < ops.size(); ++i)
        if (ops[i].op != defaults[i].op || ops[i].name != defaults[i].name || ops[i].hidden || !ops[i].group.empty())
            return false;
    return true;
}

// The same operation as it was opened: operations mostly keep their places; the search by id is for those that
// moved (one was removed before them).
const Operation* openedAs(const Session& opened, const Operation& op, std::size_t index)
{
    if (index < opened.operations.size() && opened.operations[index].id == op.id)
        return &opened.operations[index];
    return opened.find(op.id);
}

bool sameChip(const Session& a, const Session& b)
{
    return a.presetId == b.presetId && a.chip == b.chip;
}

std::string shownKey(std::string_view key)
{
    return YamlReader::join({}, key);
}

std::optional<std::string> checkIndex(const Session& s, std::size_t index)
{
    if (index >= s.operations.size())
        return "there is no operation " + std::to_string(index) + " (the session has "
            + std::to_string(s.operations.size()) + ")";
    return std::nullopt;
}

} // namespace

std::optional<std::string> setParamValue(
    OperationVariant& op, const ParamInfo& info, const ParamValue& value, const Hardware& hw)
{
    const std::string name(info.name);
    switch (info.type) {
    case ParamType::Count:
    case ParamType::Real:
        if (const double* v = std::get_if<double>(&value))
            return setNumberParam(op, info.name, *v);
        return name + ": expected a number";
    case ParamType::Dtype:
        if (const Dtype* d = std::get_if<Dtype>(&value))
            return setDtypeParam(op, info.name, *d);
        return name + ": expected a dtype";
    case ParamType::Memory:
    case ParamType::Link: {
        const std::string* text = std::get_if<std::string>(&value);
        if (!text)
            return name + ": expected a name";
        const bool memory = info.type == ParamType::Memory;
        // An empty name would silently mean the main memory again: a value left out by mistake is an error.
        if (text->empty() || !(memory ? hw.memory(*text) != nullptr : hw.link(*text) != nullptr))
            return std::string(memory ? "memory: " : "link: ") + hw.name + " has no "
                + (memory ? "memory level" : "link") + " named " + quoteInput(*text) + " (it has "
                + levelNames(hw, memory) + ")";
        return setTextParam(op, info.name, *text);
    }
    }
    return std::nullopt;
}

std::optional<std::string> setOperationParam(
    Operation& op, std::string_view param, const ParamValue& value, const Hardware& hw)
{
    const ParamInfo* info = findParam(op.op, param);
    if (!info)
        return std::string(kindName(op.op)) + " has no parameter " + quoteInput(param);
    OperationVariant changed = op.op;
    if (std::optional<std::string> error = setParamValue(changed, *info, value, hw)) {
        // The message without its "B: ": callers show it beside the parameter.
        const std::size_t colon = error->find(": ");
        return colon == std::string::npos ? *error : error->substr(colon + 2);
    }
    if (const Expected<Evaluation> e = evaluate(changed, hw); !e)
        return e.error();
    // A name that was only the default description follows the parameters; a name the user gave stays, but for the
    // value it states of this parameter ("dot product N=2^20"), which follows it.
    if (op.name.empty() || op.name == describe(op.op))
        op.name = describe(changed);
    else if (info->type == ParamType::Count)
        op.name = followParameter(op.name, param, *numberParam(op.op, param), *numberParam(changed, param));
    op.op = std::move(changed);
    return std::nullopt;
}

std::optional<std::string> setModelSettings(Session& session,
    const std::vector<std::pair<std::string, ParamValue>>& settings, const Hardware& hw, const ModelLibrary& models)
{
    if (settings.empty())
        return std::nullopt;
    const auto isId = [](const auto& setting) { return setting.first == "id"; };
    const auto id = std::find_if(settings.begin(), settings.end(), isId);
    if (!session.model && id == settings.end())
        return noModel(settings.front().first);
    // The model first: the other settings are checked against it.
    std::vector<std::pair<std::string, ParamValue>> ordered = settings;
    std::stable_partition(ordered.begin(), ordered.end(), isId);
    roofline::ModelSettings changed = session.model.value_or(roofline::ModelSettings {});
    for (const auto& [key, value] : ordered)
        if (std::optional<std::string> error = setModelSetting(changed, key, value, hw, models))
            return error->starts_with(key + ":") ? shownKey("model." + key) + error->substr(key.size())
                                                 : "model." + *error;
    // A setting kept and silently ignored would say something the model does not do.
    for (const auto& [key, value] : ordered)
        if (std::optional<std::string> why = settingNotApplying(key, changed))
            return "model." + *why;
    if (std::optional<std::string> problem = modelProblem(changed, hw))
        return "model." + *problem;
    if (std::optional<std::string> problem = withoutTheDraft(session, changed))
        return problem;
    session.model = std::move(changed);
    return std::nullopt;
}

std::optional<std::string> withoutTheDraft(Session& session, const ModelSettings& next)
{
    if (next.speculative())
        return std::nullopt;
    // What the session saves must read back: with no draft steps, nothing may name the draft's operations.
    const auto draftOperation = [](const std::string& id) {
        return id.starts_with(std::string(kGeneratedIdPrefix) + std::string(kDraftPart));
    };
    if (session.lesson && session.lesson->answer.kind != LessonAnswer::Kind::Ridge
        && draftOperation(session.lesson->answer.target))
        return "model.draft: the lesson's answer is about " + session.lesson->answer.target
            + ": the draft stays while the lesson asks about it";
    if (session.measured)
        std::erase_if(session.measured->links, [&](const LinkRule& rule) { return draftOperation(rule.operationId); });
    return std::nullopt;
}

std::string noModel(const std::string& key)
{
    // The key as typed, quoted when it is not plain text: messages echo no control characters.
    return shownKey("model." + key) + ": the scenario has no model (give one in its model: block, or --model)";
}

std::vector<std::pair<std::string, ParamValue>> keepingMicrobatch(
    const roofline::ModelSettings& s, const std::string& key, double count)
{
    const double dp = key == "dp" ? count : s.dp;
    const double microbatches = key == "microbatches" ? count : s.microbatches;
    return { { key, count }, { "batch", s.sequences() * dp * microbatches } };
}

namespace {

// Applies each kind of edit to the session it holds; an error message, or nothing.
struct Apply {
    Session& s;
    const ModelLibrary& models;

    // A scenario's title and description were written for the model settings it opened with: once they change, both
    // are composed from the new ones, so that no heading says B = 16 above a step of 64 sequences.
    void retitle(const std::optional<ModelSettings>& before)
    {
        if (!before || !s.model || *before == *s.model)
            return;
        s.name = settingsTitle(*s.model);
        s.description = settingsDescription(*s.model);
    }

    std::optional<std::string> operator()(const edits::HardwareValue& e) { return setOverride(s, e.key, e.value); }
    std::optional<std::string> operator()(const edits::ChartDtype& e)
    {
        if (!s.hardware().peakFor(e.dtype))
            return "chart.dtype: " + s.chip.name + " has no peak for " + std::string(dtypeName(e.dtype));
        s.dtype = e.dtype;
        return std::nullopt;
    }
    std::optional<std::string> operator()(const edits::Latency& e)
    {
        s.latency = e.on;
        return std::nullopt;
    }
    std::optional<std::string> operator()(const edits::OperationParam& e)
    {
        if (std::optional<std::string> error = checkIndex(s, e.operation))
            return error;
        return setOperationParam(s.operations[e.operation], e.param, e.value, s.hardware());
    }
    std::optional<std::string> operator()(const edits::Shown& e)
    {
        if (std::optional<std::string> error = checkIndex(s, e.operation))
            return error;
        s.operations[e.operation].hidden = !e.shown;
        return std::nullopt;
    }
    std::optional<std::string> operator()(const edits::AddOperation& e)
    {
        Operation added;
        added.op = e.op;
        const Hardware hw = s.hardware();
        moveToChip(added.op, hw, hw);
        added.name = describe(added.op);
        addOperation(s, std::move(added));
        return std::nullopt;
    }
    std::optional<std::string> operator()(const edits::RemoveOperation& e)
    {
        if (std::optional<std::string> error = checkIndex(s, e.operation))
            return error;
        const std::string id = s.operations[e.operation].id;
        // What the session saves must read back: nothing may name an operation that is gone.
        if (s.lesson && s.lesson->answer.kind != LessonAnswer::Kind::Ridge && s.lesson->answer.target == id)
            return "the lesson's answer is about " + id + ": it stays while the lesson asks about it";
        s.operations.erase(s.operations.begin() + static_cast<std::ptrdiff_t>(e.operation));
        if (s.measured)
            std::erase_if(s.measured->links, [&id](const LinkRule& rule) { return rule.operationId == id; });
        return std::nullopt;
    }
    std::optional<std::string> operator()(const edits::ModelChange& e)
    {
        const std::optional<ModelSettings> before = s.model;
        if (std::optional<std::string> error = setModelSettings(s, e.settings, s.hardware(), models))
            return error;
        retitle(before);
        return std::nullopt;
    }
    std::optional<std::string> operator()(const edits::ModelConfig& e)
    {
        // The config's model joins the library for this edit, as a scenario's config: block makes it join.
        std::vector<std::pair<std::string, ParamValue>> settings { { "id", ParamValue(e.model.id) } };
        settings.insert(settings.end(), e.settings.begin(), e.settings.end());
        const std::optional<ModelSettings> before = s.model;
        if (std::optional<std::string> error = setModelSettings(s, settings, s.hardware(), models.with(e.model)))
            return error;
        s.model->config = e.config; // the id named the model; the file is where it came from
        retitle(before);
        return std::nullopt;
    }
    std::optional<std::string> operator()(const edits::CalibrationFile& e)
    {
        // Another chip's calibration is refused here, where the user chose it; a scenario keeps one unapplied.
        if (e.calibration && e.calibration->calibration)
            if (std::optional<std::string> problem = calibrationMismatch(*e.calibration->calibration, s.chip))
                return problem;
        s.calibration = e.calibration;
        s.noCalibration = !e.calibration;
        return std::nullopt;
    }
    std::optional<std::string> operator()(const edits::KernelLink& e)
    {
        if (!s.measured)
            return std::string("the session has no measured kernels");
        if (!e.operationId.empty() && !linkableOperation(s, e.operationId))
            return "no operation with id " + quoteInput(e.operationId) + " (they are " + linkableIds(s) + ")";
        linkKernel(s.measured->links, e.kernel, e.operationId);
        return std::nullopt;
    }
    std::optional<std::string> operator()(const edits::Compare& e)
    {
        if (std::optional<std::string> problem = comparedChipsProblem(s, e.chips))
            return "compare: " + *problem;
        s.compare = e.chips;
        return std::nullopt;
    }
    std::optional<std::string> operator()(const edits::ChipPrice& e)
    {
        if (e.chip.empty())
            return std::string("a price is a chip's: give its preset id");
        if (e.price)
            if (Hardware check; std::optional<std::string> error = setHardwareValue(check, "price.hour", *e.price))
                return error;
        if (e.chip == s.presetId) {
            if (e.price)
                return setOverride(s, "price.hour", *e.price);
            std::erase_if(s.overrides, [](const Override& o) { return o.key == "price.hour"; });
        } else if (e.price) {
            s.prices[e.chip] = *e.price;
        } else {
            s.prices.erase(e.chip);
        }
        return std::nullopt;
    }
    std::optional<std::string> operator()(const edits::Preset& e)
    {
        Session next = withChip(s, e.chip);
        // A calibration the user chose stays (applied only to its own chip); one that came with the old chip's preset
        // goes with it, and the new chip's preset's comes.
        if (!next.calibration || next.calibration->fromPreset) {
            next.calibration = e.calibration;
            next.noCalibration = false; // it was the old chip's the user turned away
        }
        // A model the new chip cannot run (no links for its parallelism, no peak for its dtypes) keeps the old chip.
        if (next.model)
            if (std::optional<std::string> problem = modelProblem(*next.model, next.hardware()))
                return "model." + *problem;
        s = std::move(next);
        return std::nullopt;
    }
};

} // namespace

Expected<Session> applyEdit(Session s, const SessionEdit& edit, const ModelLibrary& models)
{
    if (std::optional<std::string> error = std::visit(Apply { s, models }, edit))
        return Expected<Session>::failure(std::move(*error));
    return s;
}

Session resetTarget(const Session& current, const Session& opened)
{
    Session next = current;
    if (!sameChip(current, opened)) {
        next.overrides.clear();
        return next;
    }
    next.overrides = opened.overrides;
    next.latency = opened.latency;
    next.dtype = opened.dtype;
    next.model = opened.model;
    next.name = opened.name; // the words written for the model's settings, which a change of them recomposed
    next.description = opened.description;
    for (std::size_t i = 0; i < next.operations.size(); ++i)
        if (const Operation* was = openedAs(opened, next.operations[i], i)) {
            next.operations[i].op = was->op;
            next.operations[i].name = was->name;
        }
    return next;
}

bool canReset(const Session& s, const Session& opened)
{
    if (!sameChip(s, opened))
        return !s.overrides.empty();
    if (s.overrides != opened.overrides || s.latency != opened.latency || s.dtype != opened.dtype
        || s.model != opened.model)
        return true;
    for (std::size_t i = 0; i < s.operations.size(); ++i)
        if (const Operation* was = openedAs(opened, s.operations[i], i))
            if (s.operations[i].op != was->op || s.operations[i].name != was->name)
                return true;
    return false;
}

bool chipModified(const Session& current, const Session& opened)
{
    return current.overrides != (sameChip(current, opened) ? opened.overrides : std::vector<Override> {});
}

namespace {

// The model's links, like the operations', move to the new chip's links of the same reach where it lacks them.
void moveModelLinks(Session& s, const Hardware& from, const Hardware& to)
{
    if (s.model)
        for (std::string* link : { &s.model->link, &s.model->dpLink, &s.model->ppLink, &s.model->epLink })
            *link = counterpartLink(*link, from, to);
}

// The chips compared once `chip` is the session's: it leaves the list, and the chip it replaces (with its overrides)
// takes its place there; the overrides the list gave it become the session's (`overrides`).
std::vector<ComparedChip> comparedAfter(const Session& current, const Hardware& chip, std::vector<Override>& overrides)
{
    std::vector<ComparedChip> compared = current.compare;
    for (ComparedChip& c : compared)
        if (c.presetId == chip.id && !chip.id.empty()) {
            overrides = c.overrides;
            if (current.presetId.empty() || current.presetId == chip.id)
                compared.erase(compared.begin() + (&c - compared.data()));
            else
                c = ComparedChip { current.presetId, current.chip, current.overrides };
            break;
        }
    return compared;
}

// A chip's price follows it: the one the session leaves joins the others' prices (unless it joins the compared chips,
// its overrides with it), and the one it moves to takes its price from them, unless a compared chip's own overrides
// brought one.
void movePrices(const Session& current, Session& next, const Hardware& chip)
{
    next.prices = current.prices;
    const bool leftCompared = std::any_of(next.compare.begin(), next.compare.end(),
        [&current](const ComparedChip& c) { return c.presetId == current.presetId; });
    if (!current.presetId.empty() && !leftCompared)
        for (const Override& o : current.overrides)
            if (o.key == "price.hour")
                next.prices[current.presetId] = o.value;
    if (const auto price = next.prices.find(chip.id); price != next.prices.end()) {
        const bool own = std::any_of(
            next.overrides.begin(), next.overrides.end(), [](const Override& o) { return o.key == "price.hour"; });
        if (!own)
            setOverride(next, "price.hour", price->second);
        next.prices.erase(price);
    }
}

} // namespace

Session withChip(const Session& current, const Hardware& chip)
{
    const Hardware from = current.hardware();
    if (isDefaultWorkload(current.operations, current.chip)) {
        Session next = defaultSession(chip);
        next.description = current.name == current.chip.name ? std::string() : current.description;
        next.calibration = current.calibration; // edits::Preset decides whether it stays
        next.compare = comparedAfter(current, chip, next.overrides);
        // A model beside the default workload (report --scenario with --model) stays, its links moved by reach.
        next.model = current.model;
        next.latency = current.latency;
        moveModelLinks(next, from, chip);
        movePrices(current, next, chip);
        return next;
    }
    Session next = current;
    std::vector<Override> overrides;
    next.compare = comparedAfter(current, chip, overrides);
    if (next.name == next.chip.name)
        next.name = chip.name;
    next.presetId = chip.id;
    next.chip = chip;
    next.overrides = std::move(overrides);
    next.dtype.reset();
    for (Operation& op : next.operations)
        moveToChip(op.op, from, chip);
    moveModelLinks(next, from, chip);
    movePrices(current, next, chip);
    return next;
}

} // namespace roofline
