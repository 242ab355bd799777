// SPDX-License-Identifier: GPL-3.0-or-later
#include "session/session.h"

#include "base/units.h"
#include "llm/generate.h"
#include "roofline/evaluate.h"

#include <algorithm>
#include <charconv>
#include <unordered_map>
#include <unordered_set>

namespace roofline {

namespace {

const Link* firstLink(const Hardware& hw, std::initializer_list<LinkScope> scopes)
{
    for (LinkScope scope : scopes)
        for (const Link& l : hw.links)
            if (l.scope == scope)
                return &l;
    return nullptr;
}

// N of an id "opN", or 0 for any other id.
std::size_t idNumber(std::string_view id)
{
    if (id.size() < 3 || id.substr(0, 2) != "op")
        return 0;
    std::size_t n = 0;
    const auto [end, error] = std::from_chars(id.data() + 2, id.data() + id.size(), n);
    return error == std::errc() && end == id.data() + id.size() ? n : 0;
}

} // namespace

namespace {

// A chip with its overrides, each checked when it was set (setOverride, or the file's reader), under a latency switch.
Hardware chipWithOverrides(Hardware hw, const std::vector<Override>& overrides, bool latency)
{
    for (const Override& o : overrides)
        setHardwareValue(hw, o.key, o.value);
    hw.latency = latency;
    return hw;
}

} // namespace

Hardware Session::hardware() const
{
    return chipWithOverrides(chip, overrides, latency);
}

double chipPrice(const Session& s, std::string_view presetId)
{
    if (presetId == s.presetId)
        return s.hardware().pricePerHour;
    const auto price = s.prices.find(std::string(presetId));
    return price == s.prices.end() ? 0 : price->second;
}

Dtype Session::chartDtype() const
{
    return chartDtype(hardware());
}

Dtype Session::chartDtype(const Hardware& hw) const
{
    return dtype && hw.peakFor(*dtype) ? *dtype : hw.defaultDtype();
}

const Operation* Session::find(std::string_view id) const
{
    const std::optional<std::size_t> i = indexOf(id);
    return i ? &operations[*i] : nullptr;
}

std::optional<std::size_t> Session::indexOf(std::string_view id) const
{
    for (std::size_t i = 0; i < operations.size(); ++i)
        if (operations[i].id == id)
            return i;
    return std::nullopt;
}

bool linkableOperation(const Session& s, std::string_view id)
{
    if (s.find(id))
        return true;
    if (!s.model || !reservedOperationId(id))
        return false;
    // "model.draft.PART": the draft model's PART, while the settings have a draft.
    const std::string_view part = id.substr(std::min(id.size(), kGeneratedIdPrefix.size()));
    const bool draft = s.model->speculative() && part.starts_with(kDraftPart);
    const std::vector<std::string> generated = generatedIds(draft ? *s.model->draft : s.model->model);
    const std::string own
        = draft ? std::string(kGeneratedIdPrefix) + std::string(part.substr(kDraftPart.size())) : std::string(id);
    return std::find(generated.begin(), generated.end(), own) != generated.end();
}

std::string linkableIds(const Session& s)
{
    std::string ids;
    for (const Operation& op : s.operations)
        if (!op.generated)
            ids += (ids.empty() ? "" : ", ") + op.id;
    if (s.model) {
        // The forward parts; their backward passes add .back, .dx or .dw.
        std::string parts;
        for (const std::string& id : generatedIds(s.model->model))
            if (id.find('.', kGeneratedIdPrefix.size()) == std::string::npos)
                parts += (parts.empty() ? "" : ", ") + id;
        ids += (ids.empty() ? "" : ", or ") + std::string("a part of the model: ") + parts
            + " (a training step's backward passes add .back, .dx or .dw"
            + (s.model->speculative() ? "; the draft's parts are model.draft.PART" : "") + ")";
    }
    return ids.empty() ? "none" : ids;
}

std::optional<bool> parseSwitch(std::string_view text)
{
    if (text == "on")
        return true;
    if (text == "off")
        return false;
    return std::nullopt;
}

namespace {

// Checks one override against the chip it is for, then sets or replaces it in `overrides`.
std::optional<std::string> setOverrideOf(
    Hardware check, std::vector<Override>& overrides, std::string_view key, double value)
{
    if (std::optional<std::string> error = setHardwareValue(check, key, value))
        return error;
    for (Override& o : overrides)
        if (o.key == key) {
            o.value = value;
            return std::nullopt;
        }
    overrides.push_back({ std::string(key), value });
    return std::nullopt;
}

// How far a link reaches, as the chips' sources group them: within a node or pod (scale-up), across them
// (scale-out), or to the host.
int reachOf(LinkScope scope)
{
    switch (scope) {
    case LinkScope::IntraNode:
    case LinkScope::IntraPod:
        return 0;
    case LinkScope::InterNode:
    case LinkScope::InterPod:
        return 1;
    case LinkScope::Host:
        return 2;
    }
    return 0;
}

} // namespace

Hardware ComparedChip::hardware(bool latency) const
{
    return chipWithOverrides(chip, overrides, latency);
}

std::optional<std::string> setOverride(Session& s, std::string_view key, double value)
{
    return setOverrideOf(s.hardware(), s.overrides, key, value);
}

std::optional<std::string> setOverride(ComparedChip& c, std::string_view key, double value)
{
    return setOverrideOf(c.hardware(false), c.overrides, key, value);
}

std::optional<std::string> comparedChipsProblem(const Session& s, const std::vector<ComparedChip>& chips)
{
    if (chips.size() > kMaxComparedChips)
        return "at most " + std::to_string(kMaxComparedChips + 1) + " chips on one chart (the session's and "
            + std::to_string(kMaxComparedChips) + " more); " + std::to_string(chips.size() + 1) + " given";
    for (std::size_t i = 0; i < chips.size(); ++i) {
        const std::string& id = chips[i].presetId;
        if (!id.empty() && id == s.presetId)
            return quoteInput(id) + " is the session's own chip";
        for (std::size_t j = 0; j < i; ++j)
            if (chips[j].presetId == id)
                return quoteInput(id) + " is compared twice";
    }
    return std::nullopt;
}

void moveToChip(OperationVariant& op, const Hardware& from, const Hardware& to)
{
    for (const ParamInfo& p : params(op)) {
        const auto name = textParam(op, p.name);
        if (!name || name->empty())
            continue;
        if (p.type == ParamType::Memory) {
            if (!to.memory(*name))
                setTextParam(op, p.name, std::string());
            continue;
        }
        if (!to.link(*name))
            setTextParam(op, p.name, counterpartLink(*name, from, to));
    }
}

std::string counterpartLink(std::string_view name, const Hardware& from, const Hardware& to)
{
    if (name.empty() || to.link(name))
        return std::string(name);
    if (const Link* was = from.link(name))
        for (const Link& l : to.links)
            if (reachOf(l.scope) == reachOf(was->scope))
                return &l == &to.links.front() ? std::string() : l.name;
    return {};
}

void assignIdentities(Session& s)
{
    std::size_t next = 1;
    std::unordered_set<std::string_view> seen; // ids stay put while the loop runs: views into them hold
    seen.reserve(s.operations.size());
    for (const Operation& op : s.operations)
        next = std::max(next, idNumber(op.id) + 1);
    // A series keeps the colour its first coloured operation has; a new series takes the colour fewest series have.
    const std::vector<std::string>& palette = operationPalette();
    std::vector<std::size_t> uses(palette.size(), 0);
    std::unordered_map<std::string, std::string> seriesColour;
    const auto count = [&](const std::string& series, const std::string& colour) {
        if (!seriesColour.emplace(series, colour).second)
            return;
        if (auto it = std::find(palette.begin(), palette.end(), colour); it != palette.end())
            ++uses[static_cast<std::size_t>(it - palette.begin())];
    };
    std::vector<std::string> series;
    series.reserve(s.operations.size());
    for (const Operation& op : s.operations) {
        series.push_back(seriesKey(op));
        if (!op.colour.empty())
            count(series.back(), op.colour);
    }
    for (std::size_t i = 0; i < s.operations.size(); ++i) {
        Operation& op = s.operations[i];
        if (op.id.empty() || seen.contains(op.id))
            op.id = "op" + std::to_string(next++);
        seen.insert(op.id);
        if (!op.colour.empty())
            continue;
        if (auto known = seriesColour.find(series[i]); known != seriesColour.end()) {
            op.colour = known->second;
            continue;
        }
        const std::size_t least = static_cast<std::size_t>(std::min_element(uses.begin(), uses.end()) - uses.begin());
        op.colour = palette[least];
        count(series[i], op.colour);
    }
}

std::string addOperation(Session& s, Operation op)
{
    op.id.clear();
    s.operations.push_back(std::move(op));
    assignIdentities(s);
    return s.operations.back().id;
}

std::vector<Operation> defaultWorkload(const Hardware& hw)
{
    std::vector<OperationVariant> ops;
    ops.push_back(Dot {});
    ops.push_back(LayerNorm {});
    for (double b : { 32.0, 256.0, 1024.0 }) {
        Matmul m;
        m.B = b;
        ops.push_back(m);
    }
    Matmul int8;
    int8.x = int8.w = int8.out = int8.compute = Dtype::int8;
    ops.push_back(int8);
    Matmul int8Weights;
    int8Weights.w = Dtype::int8;
    ops.push_back(int8Weights);
    ops.push_back(BatchedMatmul {});

    const Link* scaleUp = firstLink(hw, { LinkScope::IntraNode, LinkScope::IntraPod });
    const Link* scaleOut = firstLink(hw, { LinkScope::InterNode, LinkScope::InterPod });
    if (scaleUp) {
        ShardedMatmul sharded;
        sharded.link = scaleUp->name;
        ops.push_back(sharded);
        Collective allReduce;
        allReduce.link = scaleUp->name;
        ops.push_back(allReduce);
    }
    if (scaleOut || scaleUp) {
        DataParallelStep step;
        step.link = (scaleOut ? scaleOut : scaleUp)->name;
        ops.push_back(step);
    }

    std::vector<Operation> workload;
    for (OperationVariant& op : ops)
        if (evaluate(op, hw)) { // leaves out what the chip cannot run: int8 on a chip with no int8 peak
            Operation o;
            o.name = describe(op);
            o.op = std::move(op);
            workload.push_back(std::move(o));
        }
    return workload;
}

Session defaultSession(const Hardware& hw)
{
    Session s;
    s.name = hw.name;
    s.presetId = hw.id;
    s.chip = hw;
    s.operations = defaultWorkload(hw);
    assignIdentities(s);
    return s;
}

} // namespace roofline
