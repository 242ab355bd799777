// SPDX-License-Identifier: GPL-3.0-or-later
// The explanation of a worked example, generic over the kinds: the answer comes from the analysis (critical values,
// evaluations) and the formula from each kind's description (costFormula), with the session's numbers put in.
#include "session/explanation.h"

#include "base/units.h"
#include "chart/chart.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace roofline {

namespace {

// Large enough that the other dimensions no longer matter to a threshold's five digits: the texts' "B ≪ D" limit.
// A matmul's threshold at D = F is R / (1 − 2R/D) for the ridge R: 10^4 · 8192 still left 240.2453 for the TPU v5e's
// 240.2439 (shown 240.25); 10^8 leaves a part in 10^9.
constexpr double kLimitScale = 1e8;
// A limit closer than this to the exact threshold adds nothing worth reading.
constexpr double kLimitShown = 0.001;

// A memory level or link of the analysed chip.
struct Roof {
    std::string name;
    double bandwidth = 0;
    bool link = false;
};

std::optional<Roof> roofNamed(const Hardware& hw, const std::string& name)
{
    if (const MemoryLevel* m = hw.memory(name); m && !name.empty())
        return Roof { m->name, m->bandwidth, false };
    if (const Link* l = hw.link(name); l && !name.empty())
        return Roof { l->name, l->bandwidth, true };
    return std::nullopt;
}

std::string ridgeLine(const Roof& roof, double peak, Dtype dtype)
{
    return "ridge(" + roof.name + ") = peak(" + std::string(dtypeName(dtype)) + ") / bandwidth(" + roof.name
        + ") = " + exactNumber(peak) + " / " + exactNumber(roof.bandwidth) + " = " + exactNumber(peak / roof.bandwidth)
        + " " + std::string(workName(dtype)) + "/byte";
}

// "FLOPs = 2·B·D·F = 2·B·8192·8192": the symbols, then the numbers (all but `keep`).
std::string formulaLine(
    const std::string& what, std::string_view formula, const OperationVariant& op, std::string_view keep)
{
    return what + " = " + std::string(formula) + " = " + substituteFormula(formula, op, keep);
}

// The threshold with every other dimension (a count of elements) made kLimitScale times larger.
std::optional<double> limitThreshold(
    const OperationVariant& op, const Hardware& hw, const Critical& c, std::string& names)
{
    OperationVariant large = op;
    for (const ParamInfo& p : params(op)) {
        if (p.type != ParamType::Count || p.name == c.param || p.unit != "elements")
            continue;
        assignNumberParam(large, p.name, std::min(*numberParam(op, p.name) * kLimitScale, p.max));
        names += (names.empty() ? "" : ", ") + std::string(p.name);
    }
    if (names.empty())
        return std::nullopt;
    const Expected<Critical> limit = solveCritical(large, hw, c.param, c.resource);
    if (!limit || limit->kind != Critical::Kind::At)
        return std::nullopt;
    return limit->threshold;
}

void explainRidge(Explanation& e, const ExplanationInputs& a, const std::string& target)
{
    const std::optional<Roof> roof = roofNamed(a.hardware, target);
    if (!roof || !(a.peak > 0)) {
        e.answer = a.hardware.name + " has no memory level or link " + quoteInput(target);
        return;
    }
    e.value = a.peak / roof->bandwidth;
    e.roof = roof->name;
    e.answer = roof->name + " ridge: " + exactNumber(e.value) + " " + std::string(workName(a.dtype))
        + "/byte, the intensity across " + roof->name + " from which an operation is compute-bound";
    e.caption = roof->name + " ridge " + exactNumber(e.value) + " " + std::string(workName(a.dtype)) + "/byte";
    e.formula.push_back(ridgeLine(*roof, a.peak, a.dtype));
    for (const MemoryLevel& m : a.hardware.memories)
        if (m.name != roof->name)
            e.formula.push_back(ridgeLine({ m.name, m.bandwidth, false }, a.peak, a.dtype));
    for (const Link& l : a.hardware.links)
        if (l.name != roof->name)
            e.formula.push_back(ridgeLine({ l.name, l.bandwidth, true }, a.peak, a.dtype));
}

// The operation a lesson names, evaluated; or why there is none, in the explanation's answer.
const Evaluation* evaluated(Explanation& e, const ExplanationInputs& a, const std::string& id, std::size_t& index)
{
    const std::optional<std::size_t> i = a.session.indexOf(id);
    if (!i) {
        e.answer = "The operation " + quoteInput(id) + " is no longer in the scenario";
        return nullptr;
    }
    index = *i;
    e.operation = id;
    e.param = std::string(mainParam(a.session.operations[*i].op));
    const Expected<Evaluation>& ev = a.operations[*i].evaluation;
    if (!ev) {
        e.answer = a.session.operations[*i].name + ": " + ev.error();
        return nullptr;
    }
    return &*ev;
}

const ResourceUse* useOf(const Evaluation& ev, const std::string& name)
{
    for (const ResourceUse& r : ev.resources)
        if (r.name == name)
            return &r;
    return nullptr;
}

std::string boundText(const Evaluation& ev)
{
    return (ev.computeBound() ? std::string("compute-bound") : "bound by " + ev.bound()) + ", "
        + formatPercent(ev.fractionOfPeak) + " of peak";
}

void explainCritical(Explanation& e, const ExplanationInputs& a, const std::string& id)
{
    std::size_t i = 0;
    const Evaluation* ev = evaluated(e, a, id, i);
    if (!ev)
        return;
    const Operation& op = a.session.operations[i];
    const std::optional<Critical>& critical = a.operations[i].critical;
    if (!critical) {
        e.answer = op.name + ": no critical " + std::string(mainParam(op.op));
        return;
    }
    const Critical& c = *critical;
    const std::string& p = c.param;
    e.param = c.param;
    e.roof = c.resource;
    e.caption = describe(c);
    switch (c.kind) {
    case Critical::Kind::Always:
        e.answer = op.name + " is compute-bound at every " + p;
        break;
    case Critical::Kind::Never:
        e.answer = op.name + " is never compute-bound: " + c.resource + " binds at every " + p;
        break;
    case Critical::Kind::At: {
        e.value = c.threshold;
        e.answer = p + " \xE2\x89\xA5 " + exactNumber(c.value) + ": compute-bound from " + p + " = "
            + exactNumber(c.threshold) + " (" + c.resource + ")";
        std::string names;
        if (const std::optional<double> limit = limitThreshold(op.op, a.hardware, c, names);
            limit && std::fabs(*limit - c.threshold) > kLimitShown * c.threshold) {
            e.limit = limit;
            e.answer += "; " + exactNumber(*limit) + " in the limit of large " + names + " the texts use";
        }
        break;
    }
    }
    const CostFormula f = costFormula(op.op);
    const std::string work(workName(ev->dtype)); // FLOPs, or OPs for an integer dtype
    const std::optional<Roof> roof = roofNamed(a.hardware, c.resource);
    const std::string_view bytes = roof && roof->link ? f.link : f.memory;
    if (!f.flops.empty())
        e.formula.push_back(formulaLine(work, f.flops, op.op, p));
    if (!bytes.empty())
        e.formula.push_back(formulaLine("bytes(" + c.resource + ")", bytes, op.op, p));
    if (roof) {
        e.formula.push_back("compute-bound where " + work + " / bytes(" + c.resource + ") \xE2\x89\xA5 "
            + ridgeLine(*roof, ev->peak, ev->dtype));
    }
    std::string now = "now " + p + " = " + paramNumber(numberParam(op.op, p).value_or(0));
    if (const ResourceUse* use = useOf(*ev, c.resource))
        now += ": intensity " + exactNumber(use->intensity) + " across " + use->name;
    e.formula.push_back(now + ", " + boundText(*ev));
}

void explainIntensity(Explanation& e, const ExplanationInputs& a, const LessonAnswer& answer)
{
    std::size_t i = 0;
    const Evaluation* ev = evaluated(e, a, answer.target, i);
    if (!ev)
        return;
    const Operation& op = a.session.operations[i];
    const ResourceUse* use = nullptr;
    if (!answer.resource.empty())
        use = useOf(*ev, answer.resource);
    else if (const std::optional<std::size_t> binding = chart::bindingResource(*ev))
        use = &ev->resources[*binding];
    if (!use) {
        e.answer = op.name + " moves no bytes across "
            + (answer.resource.empty() ? std::string("any memory or link") : answer.resource);
        return;
    }
    e.value = use->intensity;
    e.roof = use->name;
    const double ridge = ev->peak / use->bandwidth;
    e.answer = op.name + ": intensity " + exactNumber(use->intensity) + " " + std::string(workName(ev->dtype))
        + "/byte across " + use->name + ", " + (use->intensity >= ridge ? "above" : "below") + " its ridge of "
        + exactNumber(ridge) + "; " + boundText(*ev);
    e.caption = exactNumber(use->intensity) + " " + std::string(workName(ev->dtype)) + "/byte across " + use->name;
    const CostFormula f = costFormula(op.op);
    const std::string_view bytes = use->kind == RoofKind::Network ? f.link : f.memory;
    std::string line = std::string(workName(ev->dtype)) + " / bytes(" + use->name + ") = ";
    if (!f.flops.empty() && !bytes.empty())
        line += "(" + std::string(f.flops) + ") / (" + std::string(bytes) + ") = (" + substituteFormula(f.flops, op.op)
            + ") / (" + substituteFormula(bytes, op.op) + ") = ";
    e.formula.push_back(line + exactNumber(ev->flops) + " / " + exactNumber(use->bytes) + " = "
        + exactNumber(use->intensity) + " " + std::string(workName(ev->dtype)) + "/byte");
    e.formula.push_back(ridgeLine({ use->name, use->bandwidth, false }, ev->peak, ev->dtype));
}

void explainTime(Explanation& e, const ExplanationInputs& a, const std::string& id)
{
    std::size_t i = 0;
    const Evaluation* ev = evaluated(e, a, id, i);
    if (!ev)
        return;
    const Operation& op = a.session.operations[i];
    e.value = ev->tLower;
    if (const std::optional<std::size_t> binding = chart::bindingResource(*ev))
        e.roof = ev->resources[*binding].name;
    e.answer = op.name + " takes " + formatSeconds(ev->tLower) + " (" + boundText(*ev) + "), "
        + formatSeconds(ev->tUpper) + " if nothing overlaps";
    e.caption = "T = " + formatSeconds(ev->tLower);
    const CostFormula f = costFormula(op.op);
    e.formula.push_back("T_math = " + std::string(workName(ev->dtype)) + " / peak = " + exactNumber(ev->flops) + " / "
        + exactNumber(ev->peak) + " = " + formatSeconds(ev->tMath));
    std::string terms = formatSeconds(ev->tMath);
    for (const ResourceUse& r : ev->resources) {
        const std::string_view bytes = r.kind == RoofKind::Network ? f.link : f.memory;
        e.formula.push_back("T_" + r.name
            + " = bytes / bandwidth = " + (bytes.empty() ? std::string() : substituteFormula(bytes, op.op) + " / ")
            + exactNumber(r.bandwidth) + " = " + formatSeconds(r.time) + "; intensity " + exactNumber(r.intensity) + " "
            + std::string(workName(ev->dtype)) + "/byte");
        terms += ", " + formatSeconds(r.time);
    }
    e.formula.push_back(
        "T = max(" + terms + ") = " + formatSeconds(ev->tLower) + "; the sum " + formatSeconds(ev->tUpper));
    for (const Extra& x : ev->extras)
        e.formula.push_back(x.name + " = " + exactNumber(x.value) + (x.unit.empty() ? "" : " " + x.unit));
}

// Where a model's step spends its time: each generated operation's T_lower (times its repeats) counted to what
// binds it.
struct StepShares {
    double math = 0;
    double latency = 0;
    std::vector<std::pair<std::string, double>> resources; // memory levels and links, in order of first binding

    double total() const
    {
        double sum = math + latency;
        for (const auto& [name, t] : resources)
            sum += t;
        return sum;
    }
};

StepShares stepShares(const ExplanationInputs& a)
{
    StepShares shares;
    for (std::size_t i = 0; i < a.operations.size() && i < a.session.operations.size(); ++i) {
        const Operation& op = a.session.operations[i];
        if (!op.generated || !a.operations[i].evaluation)
            continue;
        const Evaluation& ev = *a.operations[i].evaluation;
        const double t = op.repeat * ev.tLower;
        if (ev.latencyBound) {
            shares.latency += t;
        } else if (ev.computeBound()) {
            shares.math += t;
        } else {
            const std::string name = ev.bound();
            auto it = std::find_if(
                shares.resources.begin(), shares.resources.end(), [&](const auto& r) { return r.first == name; });
            if (it == shares.resources.end())
                it = shares.resources.insert(shares.resources.end(), { name, 0.0 });
            it->second += t;
        }
    }
    return shares;
}

void explainModel(Explanation& e, const ExplanationInputs& a)
{
    const ModelSettings& s = *a.session.model;
    const ModelTotals& t = *a.model;
    const bool train = s.phase == Phase::Train;
    const std::string step = train  ? "training step"
        : s.phase == Phase::Prefill ? "prefill"
        : t.speculative             ? "speculative round"
                                    : "decode step";
    e.model = true;
    e.value = t.tLower;

    // What bounds the step: the resource (or the math, or the latency floors) most of its time waits on.
    const StepShares shares = stepShares(a);
    std::string bound = "compute";
    double most = shares.math;
    if (shares.latency > most) {
        bound = "launch latency";
        most = shares.latency;
    }
    for (const auto& [name, time] : shares.resources)
        if (time > most) {
            bound = name;
            most = time;
        }
    const double whole = shares.total();
    e.roof = bound == "compute" || bound == "launch latency" ? std::string() : bound;

    e.answer = formatSeconds(t.tLower) + " a " + step + ", " + exactNumber(t.tokensPerSecond) + " tokens/s"
        + (train || s.batch == 1 ? "" : " (" + exactNumber(t.tokensPerSecondPerSequence) + " per sequence)") + "; "
        + (whole > 0 ? formatPercent(most / whole) + " of it bound by " + bound : "bound by " + bound) + "; "
        + (t.capacityBytes > 0 ? (t.fits ? "fits in memory" : "does not fit in memory") : "memory not known");

    std::string terms = "math " + formatSeconds(t.tMath) + ", memory " + formatSeconds(t.tMemory) + ", network "
        + formatSeconds(t.tNetwork);
    if (a.hardware.latency)
        terms += ", latency floors add " + formatSeconds(t.tLatency);
    if (t.training) {
        const TrainingTotals& tr = *t.training;
        // ZeRO's reduce-scatters and all-gathers stand where the all-reduce would.
        const std::string dataParallel = s.zero > 0 ? "ZeRO's collectives" : "gradient all-reduce";
        e.formula.push_back("T = stage + bubble + " + dataParallel + " = " + formatSeconds(tr.stageLower) + " + "
            + formatSeconds(tr.bubbleLower) + " + " + formatSeconds(tr.gradientsLower) + " = " + formatSeconds(t.tLower)
            + " (" + terms + ")");
        e.formula.push_back("bubble = (pp \xE2\x88\x92 1) / m \xC2\xB7 stage = " + paramNumber(s.pp - 1) + " / "
            + paramNumber(s.microbatches) + " \xC2\xB7 " + formatSeconds(tr.stageLower) + " = "
            + formatSeconds(tr.bubbleLower) + ": the pipeline idles " + formatPercent(tr.bubbleFraction)
            + " of its time");
        e.formula.push_back("tokens/s = B \xC2\xB7 P / T = " + paramNumber(s.batch) + " \xC2\xB7 "
            + paramNumber(s.prompt) + " / " + formatSeconds(t.tLower) + " = " + exactNumber(t.tokensPerSecond));
        e.formula.push_back("MFU = 6 \xC2\xB7 \xCE\xA8 \xC2\xB7 tokens / (T \xC2\xB7 peak) = "
            + exactNumber(tr.modelFlops) + " / (" + formatSeconds(t.tLower) + " \xC2\xB7 " + exactNumber(a.peak)
            + ") = " + formatPercent(t.mfu) + " per chip");
        if (tr.gradientBytes > 0)
            e.formula.push_back("data parallelism: 6 \xC2\xB7 \xCE\xA8 \xC2\xB7 tokens / gradient bytes = "
                + exactNumber(tr.modelFlops) + " / " + exactNumber(tr.gradientBytes) + " = "
                + exactNumber(tr.dpIntensity) + " FLOPs/byte, " + (tr.dpIntensity >= tr.dpRidge ? "above" : "below")
                + " " + tr.dpLink + "'s ridge of " + exactNumber(tr.dpRidge) + ": "
                + (tr.dpIntensity >= tr.dpRidge ? "compute-bound" : "communication-bound"));
    } else if (t.speculative) {
        const SpeculativeTotals& sp = *t.speculative;
        e.formula.push_back(
            "T = the draft's k steps + the target's verification of k + 1 tokens = " + formatSeconds(sp.tDraft) + " + "
            + formatSeconds(sp.tVerify) + " = " + formatSeconds(t.tLower) + " (" + terms + ")");
        e.formula.push_back(s.acceptance >= 1
                ? "tokens a round = k + 1 = " + exactNumber(sp.acceptedTokens)
                    + " per sequence: at \xCE\xB1 = 1 every proposal is kept"
                : "tokens a round = (1 \xE2\x88\x92 \xCE\xB1^(k+1)) / (1 \xE2\x88\x92 \xCE\xB1) = (1 "
                  "\xE2\x88\x92 "
                    + paramNumber(s.acceptance) + "^" + paramNumber(s.draftTokens + 1) + ") / (1 \xE2\x88\x92 "
                    + paramNumber(s.acceptance) + ") = " + exactNumber(sp.acceptedTokens) + " per sequence");
        e.formula.push_back("tokens/s = B \xC2\xB7 tokens a round / T = " + paramNumber(s.batch) + " \xC2\xB7 "
            + exactNumber(sp.acceptedTokens) + " / " + formatSeconds(t.tLower) + " = "
            + exactNumber(t.tokensPerSecond));
        e.formula.push_back("MFU " + formatPercent(t.mfu)
            + " (rejected tokens' work counted), memory-bandwidth "
              "utilisation "
            + formatPercent(t.mbu));
    } else {
        e.formula.push_back("T = the sum over the step's operations of max(T_math, T_memory, T_network) = "
            + formatSeconds(t.tLower) + " (" + terms + "); " + formatSeconds(t.tUpper) + " if nothing overlaps");
        const double tokens = s.phase == Phase::Decode ? s.batch : s.batch * s.prompt;
        e.formula.push_back(std::string("tokens/s = ") + (s.phase == Phase::Decode ? "B" : "B \xC2\xB7 P") + " / T = "
            + paramNumber(tokens) + " / " + formatSeconds(t.tLower) + " = " + exactNumber(t.tokensPerSecond));
        if (s.phase == Phase::Prefill)
            e.formula.push_back("time to first token = T = " + formatSeconds(t.timeToFirstToken));
        e.formula.push_back("MFU " + formatPercent(t.mfu) + ", memory-bandwidth utilisation " + formatPercent(t.mbu));
        const ServingText& st = t.servingText;
        e.formula.push_back("the serving text's terms: t_mem = GPU_mem / MemBW = " + formatSeconds(st.tMem)
            + ", t_compute = 2\xC2\xB7"
              "B\xC2\xB7P / compute = "
            + formatSeconds(st.tCompute)
            + (s.tp > 1 ? ", T_network = " + formatSeconds(st.tNetwork)
                        + " (a ring all-reduce: " + formatSeconds(st.tNetworkRing) + ")"
                        : std::string()));
    }
    // Each part of the step's time by what binds it, the parts that are there.
    std::string time;
    const auto part = [&](const std::string& name, double seconds) {
        if (seconds > 0 && whole > 0)
            time += (time.empty() ? "time bound by: " : ", ") + name + " " + formatPercent(seconds / whole);
    };
    part("compute", shares.math);
    for (const auto& [name, seconds] : shares.resources)
        part(name, seconds);
    part("launch latency", shares.latency);
    if (!time.empty())
        e.formula.push_back(time);
    if (t.calibrated && a.session.calibration) {
        const CalibratedTotals& c = *t.calibrated;
        e.formula.push_back("calibrated by " + a.session.calibration->file
            + ": each operation at the time it predicts, T = " + formatSeconds(c.tStep)
            + (c.tLow > 0 ? " (" + formatSeconds(c.tLow) + " \xE2\x80\x93 "
                        + (std::isfinite(c.tHigh) ? formatSeconds(c.tHigh) : std::string("more"))
                        + " nine times in ten)"
                          : std::string())
            + ", " + exactNumber(c.tokensPerSecond) + " tokens/s");
    }

    std::string memory = "memory per chip: weights " + formatBytes(t.weightsBytes);
    double held = t.weightsBytes + t.activationBytes;
    if (t.training) {
        memory += " + gradients " + formatBytes(t.training->gradientsBytes) + " + optimizer "
            + formatBytes(t.training->optimizerBytes);
        held += t.training->gradientsBytes + t.training->optimizerBytes;
    } else {
        memory += " + KV cache " + formatBytes(t.kvCacheBytes);
        held += t.kvCacheBytes;
    }
    memory += " + activations " + formatBytes(t.activationBytes) + " = " + formatBytes(held);
    if (t.capacityBytes > 0) {
        memory += " of " + formatBytes(t.capacityBytes) + ": " + (t.fits ? "fits" : "does not fit");
        memory += t.maxBatch >= 1 ? std::string("; the largest batch that fits") + (train ? "" : " at this context")
                + " is " + paramNumber(t.maxBatch)
                                  : std::string("; not even one sequence fits beside the weights");
    }
    e.formula.push_back(memory);
}

// The lesson, else the model's step, with the title and description.
Explanation explainSession(const ExplanationInputs& a)
{
    Explanation e;
    const Session& s = a.session;
    e.title = s.name;
    e.description = s.description;
    if (!s.lesson) {
        if (s.model && a.model)
            explainModel(e, a);
        return e;
    }
    const Lesson& lesson = *s.lesson;
    e.source = lesson.source;
    e.question = lesson.question;
    e.claim = lesson.claim;
    switch (lesson.answer.kind) {
    case LessonAnswer::Kind::Ridge:
        explainRidge(e, a, lesson.answer.target);
        break;
    case LessonAnswer::Kind::Critical:
        explainCritical(e, a, lesson.answer.target);
        break;
    case LessonAnswer::Kind::Intensity:
        explainIntensity(e, a, lesson.answer);
        break;
    case LessonAnswer::Kind::Time:
        explainTime(e, a, lesson.answer.target);
        break;
    }
    return e;
}

// The lesson's answer with the current edition's numbers: its operations analysed again on the chip with them.
void explainCurrentEdition(Explanation& e, const ExplanationInputs& a)
{
    const Lesson& lesson = *a.session.lesson;
    e.edition = lesson.edition;
    if (!lesson.current)
        return;
    Hardware hw = a.hardware;
    for (const Override& o : lesson.current->set)
        setHardwareValue(hw, o.key, o.value); // checked when the scenario was read
    std::vector<OperationAnalysis> operations;
    operations.reserve(a.session.operations.size());
    for (const Operation& op : a.session.operations) {
        OperationAnalysis result { evaluate(op.op, hw), std::nullopt, std::nullopt };
        if (result.evaluation.ok())
            if (Expected<Critical> c = solveCritical(op.op, hw, mainParam(op.op)))
                result.critical = std::move(c).value();
        operations.push_back(std::move(result));
    }
    const ExplanationInputs current { a.session, hw, a.dtype, hw.peakFor(a.dtype).value_or(0), operations };
    e.currentEdition = lesson.current->edition;
    e.currentClaim = lesson.current->claim;
    e.currentAnswer = explainSession(current).answer;
}

} // namespace

Explanation explain(const ExplanationInputs& a)
{
    Explanation e = explainSession(a);
    if (a.session.lesson)
        explainCurrentEdition(e, a);
    explainChips(e, a);
    return e;
}

} // namespace roofline
