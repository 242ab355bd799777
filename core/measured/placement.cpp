#include "measured/placement.h"

#include "base/units.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include <fnmatch.h>

namespace roofline {

namespace {

bool sameIgnoringCase(std::string_view a, std::string_view b)
{
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
        [](char x, char y) { return std::tolower((unsigned char)x) == std::tolower((unsigned char)y); });
}

// The chip's memory a file's level name means: the memory of that name, or the main memory for DRAM, HBM, main.
const MemoryLevel* resolveLevel(const Hardware& hw, std::string_view level)
{
    if (const MemoryLevel* m = hw.memory(level))
        return m;
    if (!hw.memories.empty()
        && (sameIgnoringCase(level, "DRAM") || sameIgnoringCase(level, "HBM") || sameIgnoringCase(level, "main")))
        return &hw.memories.front();
    return nullptr;
}

// The chip's memory of each level name a file uses, resolved once per analysis: a file names a handful of levels for
// thousands of kernels.
class LevelResolver {
public:
    explicit LevelResolver(const Hardware& hw)
        : m_hw(hw)
    { }
    const MemoryLevel* operator()(const std::string& level)
    {
        for (const auto& [name, memory] : m_known)
            if (name == level)
                return memory;
        return m_known.emplace_back(level, resolveLevel(m_hw, level)).second;
    }

private:
    const Hardware& m_hw;
    std::vector<std::pair<std::string, const MemoryLevel*>> m_known;
};

MeasuredPoint place(const MeasuredKernel& k, std::size_t index, const PlacementChip& model, LevelResolver& resolve)
{
    const Hardware& hw = model.hardware;
    MeasuredPoint p;
    p.kernel = index;
    p.roof = model.dtype;
    p.peak = model.peak;
    if (k.dtype)
        if (const std::optional<double> peak = hw.peakFor(*k.dtype)) {
            p.roof = *k.dtype;
            p.peak = *peak;
        }
    p.achieved = k.flops / k.seconds;
    const MeasuredLevel* main = nullptr;
    p.levels.reserve(k.bytes.size());
    for (const LevelBytes& b : k.bytes) {
        MeasuredLevel l { b.level, {}, b.bytes, k.flops / b.bytes, 0 };
        if (const MemoryLevel* m = resolve(b.level)) {
            l.memory = m->name;
            l.bandwidth = m->bandwidth;
        }
        p.levels.push_back(l);
    }
    for (const MeasuredLevel& l : p.levels)
        if (!main || (!hw.memories.empty() && l.memory == hw.memories.front().name && main->memory != l.memory))
            main = &l;
    if (!(k.flops > 0)) {
        p.why = "no FLOPs: nothing to place at an intensity on a log axis";
        return p;
    }
    if (!main) {
        p.why = "no bytes at any memory level";
        return p;
    }
    p.onChart = true;
    p.intensity = main->intensity;
    p.attainable = p.peak;
    p.bound = "compute";
    for (const MeasuredLevel& l : p.levels)
        if (l.bandwidth > 0 && attainableAt(l.intensity, p.attainable, l.bandwidth) < p.attainable) {
            p.attainable = l.bandwidth * l.intensity;
            p.bound = l.memory;
        }
    p.fraction = p.achieved / p.attainable;
    // Values each finite can still divide past the range of a double (1e300 FLOPs in 1e-20 s) or to a place thirty
    // decades from any chip's roofline; such a kernel is listed with its numbers, off the chart.
    const auto placeable = [](double v) { return v >= 1e-30 && v <= 1e30; };
    if (!placeable(p.achieved) || !placeable(p.intensity) || !placeable(p.attainable) || !placeable(p.fraction)) {
        p.onChart = false;
        p.bound.clear();
        p.why = "FLOPs, bytes and seconds too far apart to place on the chart";
    }
    return p;
}

MeasuredLink link(const MeasuredKernel& k, std::size_t index, const LinkRule& rule, const PlacementChip& model,
    std::span<const Operation> operations)
{
    MeasuredLink out;
    out.kernel = index;
    out.operationId = rule.operationId;
    out.measured = k.seconds;
    const auto found = std::find_if(
        operations.begin(), operations.end(), [&](const Operation& o) { return o.id == rule.operationId; });
    const Operation* op = found == operations.end() ? nullptr : &*found;
    if (!op) {
        out.problem = "the scenario has no operation with id '" + rule.operationId + "'";
        return out;
    }
    OperationVariant variant = op->op;
    for (const auto& [name, value] : k.params)
        if (findParam(variant, name) && numberParam(variant, name))
            if (std::optional<std::string> error = setNumberParam(variant, name, value)) {
                out.problem = name + ": " + *error;
                return out;
            }
    out.operation = describe(variant);
    Expected<Evaluation> e = evaluate(variant, model.hardware);
    if (!e) {
        out.problem = e.error();
        return out;
    }
    out.ratioToLower = out.measured / e->tLower;
    if (!(out.ratioToLower >= 1e-30 && out.ratioToLower <= 1e30)) { // 1e-40 s measured against 1 ms predicted
        out.problem = "measured " + formatSeconds(out.measured) + " against a prediction of " + formatSeconds(e->tLower)
            + ": too far apart to compare";
        out.ratioToLower = 0;
        return out;
    }
    out.predicted = std::move(e).value();
    out.bracketed = out.predicted->tLower <= out.measured && out.measured <= out.predicted->tUpper;
    return out;
}

void compareWithDatasheet(CeilingComparison& c, const Hardware& hw)
{
    if (c.compute) {
        if (const std::optional<Dtype> d = parseDtype(c.name))
            if (const std::optional<double> peak = hw.peakFor(*d)) {
                c.datasheet = *peak;
                c.overrideKey = "peak." + c.name;
            }
    } else if (const MemoryLevel* m = resolveLevel(hw, c.name)) {
        c.datasheet = m->bandwidth;
        c.overrideKey = "bandwidth." + m->name;
    }
    c.fraction = c.datasheet > 0 ? c.measured / c.datasheet : 0;
    if (c.datasheet > 0 && c.fraction >= kMinEfficiency && c.fraction <= kMaxEfficiency)
        c.efficiencyKey = "efficiency." + (c.compute ? std::string("compute") : c.overrideKey.substr(10));
}

} // namespace

bool matchesKernelFilter(std::string_view pattern, const std::string& name)
{
    if (pattern.empty())
        return true;
    const std::string glob = pattern.find_first_of("*?[") == std::string_view::npos ? "*" + std::string(pattern) + "*"
                                                                                    : std::string(pattern);
    return ::fnmatch(glob.c_str(), name.c_str(), FNM_CASEFOLD) == 0;
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

std::vector<CeilingComparison> deriveCeilings(
    const MeasuredSet& set, const std::vector<MeasuredPoint>& points, const Hardware& hw)
{
    std::vector<CeilingComparison> out;
    auto offer = [&](const std::string& name, bool compute, double value, const std::string& source) {
        if (!std::isfinite(value) || !(value > 0)) // bytes over a time too short to be a rate
            return;
        auto it = std::find_if(
            out.begin(), out.end(), [&](const CeilingComparison& c) { return c.name == name && c.compute == compute; });
        if (it == out.end())
            out.push_back({ name, compute, value, 0, 0, source, {}, {} });
        else if (value > it->measured) {
            it->measured = value;
            it->source = source;
        }
    };
    for (const MeasuredPoint& p : points) {
        const MeasuredKernel& k = set.kernels[p.kernel];
        if (p.onChart && p.bound == "compute" && k.dtype) // a kernel of unknown dtype says nothing of a dtype's roof
            offer(std::string(dtypeName(p.roof)), true, p.achieved, k.name);
        for (const MeasuredLevel& l : p.levels)
            if (!l.memory.empty() && (!p.onChart || p.bound == l.memory))
                offer(l.memory, false, l.bytes / k.seconds, k.name);
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
                if (::fnmatch(rules[r].pattern.c_str(), set.kernels[i].name.c_str(), 0) == 0) {
                    (*matched)[i] = static_cast<int>(r);
                    break;
                }
        ruleOf = std::move(matched);
    }
    a.ruleOf = ruleOf;
    for (const MeasuredKernel& k : set.kernels)
        a.totalSeconds += k.seconds;
    a.points.reserve(set.kernels.size());
    LevelResolver resolve(model.hardware);
    for (std::size_t i = 0; i < set.kernels.size(); ++i) {
        const MeasuredKernel& k = set.kernels[i];
        a.points.push_back(place(k, i, model, resolve));
        a.points.back().timeShare = a.totalSeconds > 0 ? k.seconds / a.totalSeconds : 0;
        if (const int r = (*ruleOf)[i]; r >= 0)
            a.links.push_back(link(k, i, rules[static_cast<std::size_t>(r)], model, operations));
    }
    if (!set.ceilings.empty()) {
        for (const MeasuredCeiling& m : set.ceilings) {
            a.ceilings.push_back({ m.name, m.compute, m.value, 0, 0, m.source, {}, {} });
            compareWithDatasheet(a.ceilings.back(), model.hardware);
        }
    } else {
        a.ceilings = deriveCeilings(set, a.points, model.hardware);
        a.ceilingsDerived = true;
    }
    return a;
}

} // namespace roofline
