// SPDX-License-Identifier: GPL-3.0-or-later
#include "session/compared.h"

#include "base/units.h"
#include "roofline/solver.h"
#include "session/explanation.h"

#include <cmath>
#include <span>
#include <string>
#include <vector>

namespace roofline {

ComparedAnalysis analyseCompared(
    const ComparedChip& chip, const Session& session, const std::vector<Operation>& operations)
{
    ComparedAnalysis out;
    out.presetId = chip.presetId;
    out.hardware = chip.hardware(session.latency);
    out.dtype = session.chartDtype(out.hardware);
    out.peak = out.hardware.peakFor(out.dtype).value_or(0);
    const Hardware from = session.hardware();
    out.evaluations.reserve(operations.size());
    for (const Operation& op : operations) {
        OperationVariant moved = op.op;
        moveToChip(moved, from, out.hardware);
        out.evaluations.push_back(evaluate(moved, out.hardware));
    }
    return out;
}

namespace {

// One chip's time for the compared work: an operation's or every visible operation's one after another, and the
// roof that holds it (the binding resource's name for one operation, compute, memory or network for a sum).
struct ChipTime {
    std::string name;
    double time = std::nan("");
    std::string roof;
    std::string problem; // why it cannot run the work
    std::size_t count = 0; // the operations counted
};

ChipTime chipTime(const std::string& name, std::span<const Expected<Evaluation>* const> evaluations,
    const std::vector<Operation>& operations, std::optional<std::size_t> only)
{
    ChipTime out;
    out.name = name;
    double sum = 0;
    double math = 0;
    double memory = 0;
    double network = 0;
    for (std::size_t i = 0; i < evaluations.size(); ++i) {
        if (only ? i != *only : operations[i].hidden)
            continue;
        const Expected<Evaluation>& ev = *evaluations[i];
        if (!ev) {
            out.problem = operations[i].name + ": " + ev.error();
            return out;
        }
        ++out.count;
        sum += operations[i].repeat * ev->tLower;
        math += operations[i].repeat * ev->tMath;
        for (const ResourceUse& r : ev->resources)
            (r.kind == RoofKind::Network ? network : memory) += operations[i].repeat * r.time;
        if (only)
            out.roof = ev->computeBound() ? std::string("compute") : ev->bound();
    }
    out.time = sum;
    if (!only)
        out.roof = std::string(mostTimeOn(math, memory, network));
    return out;
}

} // namespace

void explainChips(Explanation& e, const ExplanationInputs& a)
{
    if (a.compared.empty())
        return;
    const Session& s = a.session;
    std::optional<std::size_t> only;
    if (s.lesson && s.lesson->answer.kind != LessonAnswer::Kind::Ridge)
        only = s.indexOf(s.lesson->answer.target);
    std::vector<ChipTime> chips;
    auto add = [&](const std::string& name, auto&& evaluationAt) {
        std::vector<const Expected<Evaluation>*> evaluations;
        for (std::size_t i = 0; i < s.operations.size(); ++i)
            evaluations.push_back(&evaluationAt(i));
        chips.push_back(chipTime(name, evaluations, s.operations, only));
    };
    add(a.hardware.name, [&](std::size_t i) -> const Expected<Evaluation>& { return a.operations[i].evaluation; });
    for (const ComparedAnalysis& c : a.compared)
        add(c.hardware.name, [&](std::size_t i) -> const Expected<Evaluation>& { return c.evaluations[i]; });
    std::vector<double> times;
    for (const ChipTime& c : chips)
        times.push_back(c.time);
    const std::string work = only ? s.operations[*only].name : std::string("every operation shown, one after another");
    if (chips.front().problem.empty() && chips.front().count == 0)
        return; // nothing shown to compare
    const std::optional<Winner> winner = winnerOf(times);
    if (!winner) {
        e.chips.push_back("No chip runs " + work + ".");
    } else {
        const ChipTime& best = chips[winner->chip];
        std::string line = best.name + " wins " + work + ": " + formatSeconds(best.time) + ", "
            + (best.roof == "compute" ? std::string("compute-bound") : best.roof + "-bound");
        if (winner->runnerUp == best.time)
            line += ", tied with the next";
        else if (std::isfinite(winner->runnerUp))
            line += ", " + formatSI(winner->runnerUp / best.time) + "× faster than the next";
        e.chips.push_back(line + ".");
    }
    // A lesson that asks for a threshold gets each chip's: the operation's main parameter solved on each.
    std::vector<std::optional<Critical>> critical(chips.size());
    if (only && s.lesson && s.lesson->answer.kind == LessonAnswer::Kind::Critical && a.operations[*only].critical) {
        const std::string& param = a.operations[*only].critical->param;
        critical.front() = a.operations[*only].critical;
        for (std::size_t k = 0; k < a.compared.size(); ++k)
            if (auto solved = solveCritical(s.operations[*only].op, a.compared[k].hardware, param))
                critical[k + 1] = solved.value();
    }
    std::string caption;
    for (std::size_t k = 0; k < chips.size(); ++k) {
        const ChipTime& c = chips[k];
        std::string line = c.problem.empty() ? c.name + ": " + formatSeconds(c.time) + ", "
                + (c.roof == "compute" ? std::string("compute-bound") : c.roof + "-bound")
                                             : c.name + " cannot run it: " + c.problem;
        if (critical[k]) {
            line += "; " + describe(*critical[k]);
            const Hardware& hw = k == 0 ? a.hardware : a.compared[k - 1].hardware;
            const std::string value = critical[k]->kind == Critical::Kind::At
                ? critical[k]->param + " \xE2\x89\xA5 " + criticalValueText(*critical[k])
                : describe(*critical[k]);
            caption += (caption.empty() ? "" : " \xC2\xB7 ") + shortChipName(hw) + ": " + value;
        }
        e.chips.push_back(line);
    }
    if (!caption.empty())
        e.caption = caption;
}

std::string_view mostTimeOn(double math, double memory, double network)
{
    if (network > math && network > memory)
        return "network";
    return memory > math ? "memory" : "compute";
}

std::optional<Winner> winnerOf(std::span<const double> times)
{
    std::optional<Winner> best;
    for (std::size_t i = 0; i < times.size(); ++i)
        if (std::isfinite(times[i]) && (!best || times[i] < best->time))
            best = Winner { i, times[i], std::nan("") };
    if (!best)
        return best;
    for (std::size_t i = 0; i < times.size(); ++i)
        if (i != best->chip && std::isfinite(times[i]) && !(times[i] >= best->runnerUp))
            best->runnerUp = times[i];
    return best;
}

} // namespace roofline
