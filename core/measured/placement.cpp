// SPDX-License-Identifier: GPL-3.0-or-later
#include "measured/placement.h"

#include "base/units.h"
#include "measured/reading.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <unordered_map>

#include <fnmatch.h>

namespace roofline {

const MemoryLevel* chipMemoryOf(const Hardware& hw, std::string_view level)
{
    if (const MemoryLevel* m = hw.memory(level))
        return m;
    if (!hw.memories.empty()
        && (sameIgnoringCase(level, "DRAM") || sameIgnoringCase(level, "HBM") || sameIgnoringCase(level, "main")))
        return &hw.memories.front();
    return nullptr;
}

namespace {

// The chip's memory of each level name a file uses, resolved once per analysis: a file names a handful of levels for
// thousands of kernels.
class LevelResolver {
public:
    LevelResolver(const Hardware& hw, std::vector<LevelMemory>& known)
        : m_hw(hw)
        , m_known(known)
    { }
    const LevelMemory& operator()(SharedName level)
    {
        for (const LevelMemory& l : m_known)
            if (l.level == level)
                return l;
        const MemoryLevel* m = chipMemoryOf(m_hw, level);
        return m_known.emplace_back(
            LevelMemory { level, m ? SharedName(m->name) : SharedName(), m ? m->bandwidth : 0.0 });
    }

private:
    const Hardware& m_hw;
    std::vector<LevelMemory>& m_known;
};

// A kernel's levels on the chip, into `levels` (reused from kernel to kernel).
void resolveLevels(const MeasuredKernel& k, LevelResolver& resolve, std::vector<MeasuredLevel>& levels)
{
    levels.clear();
    for (const LevelBytes& b : k.bytes) {
        const LevelMemory& m = resolve(b.level);
        levels.push_back({ b.level, m.memory, b.bytes, k.flops / b.bytes, m.bandwidth });
    }
}

MeasuredPoint place(
    const MeasuredKernel& k, std::size_t index, const PlacementChip& model, const std::vector<MeasuredLevel>& levels)
{
    static const SharedName noFlops("no FLOPs: nothing to place at an intensity on a log axis");
    static const SharedName noBytes("no bytes at any memory level");
    static const SharedName tooFar("FLOPs, bytes and seconds too far apart to place on the chart");
    static const SharedName compute("compute");
    const Hardware& hw = model.hardware;
    MeasuredPoint p;
    p.kernel = static_cast<std::uint32_t>(index);
    p.roof = model.dtype;
    double peak = model.peak;
    if (k.dtype)
        if (const std::optional<double> own = hw.peakFor(*k.dtype)) {
            p.roof = *k.dtype;
            peak = *own;
        }
    p.achieved = k.flops / k.seconds;
    const MeasuredLevel* main = nullptr;
    for (const MeasuredLevel& l : levels)
        if (!main || (!hw.memories.empty() && l.memory == hw.memories.front().name && main->memory != l.memory))
            main = &l;
    if (!(k.flops > 0)) {
        p.why = noFlops;
        return p;
    }
    if (!main) {
        p.why = noBytes;
        return p;
    }
    p.onChart = true;
    p.intensity = main->intensity;
    p.attainable = peak;
    p.bound = compute;
    for (const MeasuredLevel& l : levels)
        if (l.bandwidth > 0 && attainableAt(l.intensity, p.attainable, l.bandwidth) < p.attainable) {
            p.attainable = l.bandwidth * l.intensity;
            p.bound = l.memory;
        }
    // Values each finite can still divide past the range of a double (1e300 FLOPs in 1e-20 s) or to a place thirty
    // decades from any chip's roofline; such a kernel is listed with its numbers, off the chart.
    const auto placeable = [](double v) { return v >= 1e-30 && v <= 1e30; };
    if (!placeable(p.achieved) || !placeable(p.intensity) || !placeable(p.attainable) || !placeable(p.fraction())) {
        p.onChart = false;
        p.bound = {};
        p.why = tooFar;
    }
    return p;
}

LinkedShape linkShape(
    const MeasuredKernel& k, const LinkRule& rule, const PlacementChip& model, std::span<const Operation> operations)
{
    LinkedShape out;
    const auto found = std::find_if(
        operations.begin(), operations.end(), [&](const Operation& o) { return o.id == rule.operationId; });
    if (found == operations.end()) {
        out.problem = "the scenario has no operation with id '" + rule.operationId + "'";
        return out;
    }
    OperationVariant variant = found->op;
    for (const auto& [name, value] : k.params)
        if (findParam(variant, name) && numberParam(variant, name))
            if (std::optional<std::string> error = setNumberParam(variant, name, value)) {
                out.problem = name + ": " + *error;
                return out;
            }
    out.operation = describe(variant);
    Expected<Evaluation> e = evaluate(variant, model.hardware);
    if (!e)
        out.problem = e.error();
    else
        out.predicted = std::move(e).value();
    return out;
}

// Too far apart to compare: 1e-40 s measured against 1 ms predicted.
bool comparable(double ratioToLower)
{
    return ratioToLower >= 1e-30 && ratioToLower <= 1e30;
}

MeasuredLink link(
    const MeasuredKernel& k, std::size_t index, const LinkRule& rule, const std::shared_ptr<const LinkedShape>& shape)
{
    MeasuredLink out;
    out.kernel = static_cast<std::uint32_t>(index);
    out.operationId = rule.operationId;
    out.shape = shape;
    out.measured = k.seconds;
    if (!shape->predicted)
        return out;
    const double ratio = out.measured / shape->predicted->tLower;
    if (!comparable(ratio))
        return out;
    out.ratioToLower = ratio;
    out.bracketed = shape->predicted->tLower <= out.measured && out.measured <= shape->predicted->tUpper;
    return out;
}

// Kernels by rule and shape parameters, for sharing one LinkedShape: the parameters are the kernel's own, which
// outlive the analysis.
struct ShapeKey {
    int rule = -1;
    std::span<const KernelParam> params;
    bool operator==(const ShapeKey& o) const { return rule == o.rule && std::ranges::equal(params, o.params); }
};
struct ShapeHash {
    std::size_t operator()(const ShapeKey& k) const
    {
        std::size_t h = std::hash<int>()(k.rule);
        for (const auto& [name, value] : k.params)
            h = h * 1000003 ^ std::hash<std::string>()(name) ^ (std::hash<double>()(value) << 1);
        return h;
    }
};

void compareWithDatasheet(CeilingComparison& c, const Hardware& hw)
{
    if (c.compute) {
        if (const std::optional<Dtype> d = parseDtype(c.name))
            if (const std::optional<double> peak = hw.peakFor(*d)) {
                c.datasheet = *peak;
                c.overrideKey = "peak." + c.name;
            }
    } else if (const MemoryLevel* m = chipMemoryOf(hw, c.name)) {
        c.datasheet = m->bandwidth;
        c.overrideKey = "bandwidth." + m->name;
    }
    c.fraction = c.datasheet > 0 ? c.measured / c.datasheet : 0;
    if (c.datasheet > 0 && c.fraction >= kMinEfficiency && c.fraction <= kMaxEfficiency)
        c.efficiencyKey = "efficiency." + (c.compute ? std::string("compute") : c.overrideKey.substr(10));
    // A suggestion is a value --set takes: the rounded figure, read back as --set reads it, within a chip's range.
    c.setValue.clear();
    if (!c.overrideKey.empty()) {
        std::string text = formatSI(c.measured, {}, 4); // "3.055 T": one word on a command line, "3.055T"
        std::erase(text, ' ');
        if (parseHardwareValue(c.compute ? HardwareQuantity::Peak : HardwareQuantity::Bandwidth, text))
            c.setValue = text;
    }
}

// Counts kernels that share something worth a warning, remembering the first one's line.
struct Tally {
    std::string what;
    int firstLine = 0;
    std::size_t kernels = 0;
};

void count(std::vector<Tally>& tallies, std::string what, int line)
{
    auto it = std::find_if(tallies.begin(), tallies.end(), [&](const Tally& t) { return t.what == what; });
    if (it == tallies.end())
        it = tallies.insert(tallies.end(), { std::move(what), line, 0 });
    ++it->kernels;
}

// "1 kernel gives", "3 kernels give": a count of kernels with its verb.
std::string kernelsText(std::size_t n, std::string_view one = {}, std::string_view many = {})
{
    return std::to_string(n) + (n == 1 ? " kernel" : " kernels") + (one.empty() ? "" : " ")
        + std::string(n == 1 ? one : many);
}

// A ratio far from 1 as a plain number a reader can compare: "2.5", "1.01e+09".
std::string timesText(double ratio)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.3g", ratio);
    return buffer;
}

// What the set says on this chip that the reader could not know (see MeasuredAnalysis::warnings).
void warn(MeasuredAnalysis& a, const MeasuredSet& set, const PlacementChip& chip)
{
    const Hardware& hw = chip.hardware;
    std::vector<Tally> noMemory, sameMemory, noPeak;
    std::size_t above = 0;
    const MeasuredPoint* furthest = nullptr;
    for (const MeasuredPoint& p : a.points) {
        const MeasuredKernel& k = set.kernels[p.kernel];
        for (std::size_t i = 0; i < k.bytes.size(); ++i) {
            const SharedName memory = a.memoryOf(k.bytes[i].level);
            if (memory.empty()) {
                count(noMemory, k.bytes[i].level.str(), k.line);
                continue;
            }
            for (std::size_t j = 0; j < i; ++j)
                if (a.memoryOf(k.bytes[j].level) == memory)
                    count(sameMemory,
                        quoteInput(k.bytes[j].level) + " and " + quoteInput(k.bytes[i].level) + " are both its "
                            + memory,
                        k.line);
        }
        if (k.dtype && p.roof != *k.dtype)
            count(noPeak, std::string(dtypeName(*k.dtype)), k.line);
        if (p.onChart && p.fraction() > kMeasuredAboveRoof) {
            ++above;
            if (!furthest || p.fraction() > furthest->fraction())
                furthest = &p;
        }
    }
    std::string memories;
    for (const MemoryLevel& m : hw.memories)
        memories += (memories.empty() ? "" : ", ") + m.name;
    for (const Tally& t : noMemory)
        a.warnings.push_back({ set.file, t.firstLine, 0, {},
            kernelsText(t.kernels, "moves", "move") + " bytes at " + quoteInput(t.what) + ", a memory " + hw.name
                + " does not have (it has " + (memories.empty() ? std::string("none") : memories)
                + "): those bytes bind no roof" });
    for (const Tally& t : sameMemory)
        a.warnings.push_back({ set.file, t.firstLine, 0, {},
            kernelsText(t.kernels, "gives", "give") + " bytes at two levels that are one memory of " + hw.name + ": "
                + t.what + "; the larger count binds" });
    for (const Tally& t : noPeak)
        a.warnings.push_back({ set.file, t.firstLine, 0, {},
            kernelsText(t.kernels) + " of " + t.what + ", for which " + hw.name + " has no peak, "
                + (t.kernels == 1 ? "is" : "are") + " measured against the " + std::string(dtypeName(chip.dtype))
                + " roof" });
    if (furthest)
        a.warnings.push_back({ set.file, set.kernels[furthest->kernel].line, 0, {},
            kernelsText(above, "reaches", "reach") + " more than " + timesText(kMeasuredAboveRoof)
                + " times the roof that binds " + (above == 1 ? "it" : "them") + " on " + hw.name + ", the furthest "
                + quoteInput(set.kernels[furthest->kernel].name) + " at " + timesText(furthest->fraction())
                + " times: check the file's units, the chip and the dtype" });
    for (const CeilingComparison& c : a.ceilings) {
        const std::string what = "the measured " + c.name + " ceiling ("
            + (c.compute ? formatFlops(c.measured) : formatBandwidth(c.measured)) + ", from " + quoteInput(c.source)
            + ")";
        if (c.datasheet > 0 && c.fraction > kMeasuredAboveRoof)
            a.warnings.push_back({ set.file, c.line, 0, {},
                what + " is " + timesText(c.fraction) + " times the datasheet's "
                    + (c.compute ? formatFlops(c.datasheet) : formatBandwidth(c.datasheet))
                    + ": check the file's units and the chip" });
        if (!c.overrideKey.empty() && c.setValue.empty())
            a.warnings.push_back({ set.file, c.line, 0, {},
                what + " is outside the range --set " + c.overrideKey
                    + " takes (1e3 to 1e20), so no --set is "
                      "suggested" });
    }
}

} // namespace

bool matchesKernelFilter(std::string_view pattern, const char* name)
{
    if (pattern.empty())
        return true;
    const std::string glob = pattern.find_first_of("*?[") == std::string_view::npos ? "*" + std::string(pattern) + "*"
                                                                                    : std::string(pattern);
    return ::fnmatch(glob.c_str(), name, FNM_CASEFOLD) == 0;
}

Expected<LinkRule> parseLinkRule(std::string_view text)
{
    const std::size_t eq = text.rfind('=');
    if (eq == std::string_view::npos || eq == 0 || eq + 1 == text.size())
        return Expected<LinkRule>::failure(
            "expected PATTERN=OPERATION_ID (matmul_bf16*=op3), found " + quoteInput(text));
    return LinkRule { std::string(text.substr(0, eq)), std::string(text.substr(eq + 1)) };
}

void linkKernel(std::vector<LinkRule>& rules, const std::string& name, const std::string& operationId)
{
    std::string exact;
    for (const char c : name) {
        if (c == '*' || c == '?' || c == '[' || c == '\\')
            exact += '\\';
        exact += c;
    }
    std::erase_if(rules, [&exact](const LinkRule& r) { return r.pattern == exact; });
    if (!operationId.empty())
        rules.insert(rules.begin(), LinkRule { exact, operationId });
}

const Evaluation* MeasuredLink::predicted() const
{
    return shape && shape->predicted && ratioToLower > 0 ? &*shape->predicted : nullptr;
}

std::string MeasuredLink::problem() const
{
    if (!shape || predicted())
        return {};
    if (!shape->predicted)
        return shape->problem;
    return "measured " + formatSeconds(measured) + " against a prediction of " + formatSeconds(shape->predicted->tLower)
        + ": too far apart to compare";
}

std::vector<MeasuredLevel> MeasuredAnalysis::levelsOf(const MeasuredKernel& k) const
{
    std::vector<MeasuredLevel> out;
    out.reserve(k.bytes.size());
    for (const LevelBytes& b : k.bytes) {
        const auto m = std::find_if(
            levelMemories.begin(), levelMemories.end(), [&](const LevelMemory& l) { return l.level == b.level; });
        out.push_back({ b.level, m == levelMemories.end() ? SharedName() : m->memory, b.bytes, k.flops / b.bytes,
            m == levelMemories.end() ? 0.0 : m->bandwidth });
    }
    return out;
}

SharedName MeasuredAnalysis::memoryOf(SharedName level) const
{
    for (const LevelMemory& l : levelMemories)
        if (l.level == level)
            return l.memory;
    return {};
}

std::vector<CeilingComparison> deriveCeilings(
    const MeasuredSet& set, const std::vector<MeasuredPoint>& points, const Hardware& hw)
{
    std::vector<LevelMemory> known;
    LevelResolver resolve(hw, known);
    const auto levelMemory = [&resolve](SharedName level) { return resolve(level).memory; };
    std::vector<CeilingComparison> out;
    auto offer = [&](const std::string& name, bool compute, double value, const MeasuredKernel& k) {
        if (!std::isfinite(value) || !(value > 0)) // bytes over a time too short to be a rate
            return;
        auto it = std::find_if(
            out.begin(), out.end(), [&](const CeilingComparison& c) { return c.name == name && c.compute == compute; });
        if (it == out.end())
            out.push_back({ name, compute, value, 0, 0, std::string(k.name), {}, {}, {}, k.line });
        else if (value > it->measured) {
            it->measured = value;
            it->source = k.name;
            it->line = k.line;
        }
    };
    for (const MeasuredPoint& p : points) {
        const MeasuredKernel& k = set.kernels[p.kernel];
        // A kernel of unknown dtype, or one measured against another dtype's roof, says nothing of a dtype's roof.
        if (p.onChart && p.bound == "compute" && k.dtype && p.roof == *k.dtype)
            offer(std::string(dtypeName(p.roof)), true, p.achieved, k);
        for (const LevelBytes& b : k.bytes)
            if (const SharedName memory = levelMemory(b.level); !memory.empty() && (!p.onChart || p.bound == memory))
                offer(memory.str(), false, b.bytes / k.seconds, k);
    }
    for (CeilingComparison& c : out)
        compareWithDatasheet(c, hw);
    return out;
}

MeasuredAnalysis analyseMeasured(const MeasuredSet& set, const PlacementChip& model,
    std::span<const Operation> operations, const std::vector<LinkRule>& rules,
    std::shared_ptr<const std::vector<int>> ruleOf)
{
    MeasuredAnalysis a;
    if (!ruleOf || ruleOf->size() != set.kernels.size()) {
        auto matched = std::make_shared<std::vector<int>>(set.kernels.size(), -1);
        for (std::size_t i = 0; i < set.kernels.size(); ++i)
            for (std::size_t r = 0; r < rules.size(); ++r)
                if (::fnmatch(rules[r].pattern.c_str(), set.kernels[i].name.data(), 0) == 0) {
                    (*matched)[i] = static_cast<int>(r);
                    break;
                }
        ruleOf = std::move(matched);
    }
    a.ruleOf = ruleOf;
    for (const MeasuredKernel& k : set.kernels)
        a.totalSeconds += k.seconds;
    a.points.reserve(set.kernels.size());
    LevelResolver resolve(model.hardware, a.levelMemories);
    std::vector<MeasuredLevel> levels;
    std::unordered_map<ShapeKey, std::shared_ptr<const LinkedShape>, ShapeHash> shapes;
    for (std::size_t i = 0; i < set.kernels.size(); ++i) {
        const MeasuredKernel& k = set.kernels[i];
        resolveLevels(k, resolve, levels);
        a.points.push_back(place(k, i, model, levels));
        if (const int r = (*ruleOf)[i]; r >= 0) {
            const LinkRule& rule = rules[static_cast<std::size_t>(r)];
            auto shape = shapes.find(ShapeKey { r, k.params });
            if (shape == shapes.end())
                shape = shapes
                            .emplace(ShapeKey { r, k.params },
                                std::make_shared<const LinkedShape>(linkShape(k, rule, model, operations)))
                            .first;
            a.links.push_back(link(k, i, rule, shape->second));
        }
    }
    if (!set.ceilings.empty()) {
        for (const MeasuredCeiling& m : set.ceilings) {
            a.ceilings.push_back({ m.name, m.compute, m.value, 0, 0, m.source, {}, {}, {}, m.line });
            compareWithDatasheet(a.ceilings.back(), model.hardware);
        }
    } else {
        a.ceilings = deriveCeilings(set, a.points, model.hardware);
        a.ceilingsDerived = true;
    }
    warn(a, set, model);
    return a;
}

} // namespace roofline
