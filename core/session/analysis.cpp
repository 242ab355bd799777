// SPDX-License-Identifier: GPL-3.0-or-later
#include "session/analysis.h"

#include "llm/generate.h"
#include "measured/placement.h"

#include <algorithm>
#include <iterator>

namespace roofline {

namespace {

void add(GroupTotal& total, const Evaluation& e, double repeat)
{
    ++total.count;
    total.flops += repeat * e.flops;
    total.tMath += repeat * e.tMath;
    total.tLower += repeat * e.tLower;
    total.tUpper += repeat * e.tUpper;
    total.tLatency += repeat * e.tLatency;
    for (const ResourceUse& use : e.resources)
        (use.kind == RoofKind::Memory ? total.tMemory : total.tNetwork) += repeat * use.time;
}

} // namespace

std::vector<std::size_t> Analysis::shown() const
{
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < operations.size(); ++i)
        if (!session.operations[i].hidden && operations[i].evaluation.ok())
            out.push_back(i);
    return out;
}

std::optional<std::string> Analysis::firstError() const
{
    for (std::size_t i = 0; i < operations.size(); ++i)
        if (!operations[i].evaluation.ok())
            return session.operations[i].name + ": " + operations[i].evaluation.error();
    return std::nullopt;
}

Analysis analyse(Session session, std::shared_ptr<const MeasuredSet> measured, const Analysis* previous)
{
    Analysis a;
    std::erase_if(session.operations, [](const Operation& op) { return op.generated; });
    a.hardware = session.hardware();
    if (session.model) {
        std::vector<Operation> generated;
        a.modelProblem = modelProblem(*session.model, a.hardware, &generated).value_or("");
        if (a.modelProblem.empty())
            std::move(generated.begin(), generated.end(), std::back_inserter(session.operations));
    }
    a.dtype = session.chartDtype(a.hardware);
    a.peak = a.hardware.peakFor(a.dtype).value_or(0);
    const Calibration* calibration = nullptr;
    if (session.calibration && session.calibration->calibration) {
        a.calibrationProblem = calibrationMismatch(*session.calibration->calibration, session.chip).value_or("");
        if (a.calibrationProblem.empty())
            calibration = session.calibration->calibration.get();
    }
    a.operations.reserve(session.operations.size());
    for (const Operation& op : session.operations) {
        OperationAnalysis result { evaluate(op.op, a.hardware), std::nullopt, std::nullopt };
        if (result.evaluation.ok()) {
            if (Expected<Critical> c = solveCritical(op.op, a.hardware, mainParam(op.op)))
                result.critical = std::move(c).value();
            if (calibration)
                result.calibrated = predictSeconds(*calibration, a.hardware, result.evaluation.value());
        }
        if (result.evaluation.ok() && !op.hidden) {
            const double calibrated = result.calibrated ? result.calibrated->seconds * op.repeat : 0;
            add(a.total, result.evaluation.value(), op.repeat);
            a.total.tCalibrated += calibrated;
            if (!op.group.empty()) {
                auto it = std::find_if(
                    a.groups.begin(), a.groups.end(), [&](const GroupTotal& g) { return g.group == op.group; });
                if (it == a.groups.end())
                    it = a.groups.insert(a.groups.end(), GroupTotal { .group = op.group });
                add(*it, result.evaluation.value(), op.repeat);
                it->tCalibrated += calibrated;
            }
        }
        a.operations.push_back(std::move(result));
    }
    a.session = std::move(session);
    if (a.session.model && a.modelProblem.empty()) {
        std::vector<const Evaluation*> evaluations;
        evaluations.reserve(a.operations.size());
        for (const OperationAnalysis& o : a.operations)
            evaluations.push_back(o.evaluation.ok() ? &o.evaluation.value() : nullptr);
        a.model = modelTotals(*a.session.model, a.hardware, a.session.operations, evaluations);
        if (a.model && calibration) {
            std::vector<double> seconds;
            seconds.reserve(a.operations.size());
            for (const OperationAnalysis& o : a.operations)
                seconds.push_back(o.calibrated ? o.calibrated->seconds : std::nan(""));
            a.model->calibrated = calibratedTotals(*a.session.model, a.session.operations, seconds, *a.model,
                calibration->error.kernels > 0 ? std::optional(calibration->error.p90) : std::nullopt);
        }
        if (!a.model && a.modelProblem.empty())
            a.modelProblem = a.firstError().value_or("");
    }
    if (measured) {
        const std::vector<LinkRule> links = a.session.measured ? a.session.measured->links : std::vector<LinkRule> {};
        const bool sameLinks = previous && previous->measured && previous->measuredSet == measured
            && (previous->session.measured ? previous->session.measured->links : std::vector<LinkRule> {}) == links;
        a.measured = analyseMeasured(*measured, a.placementChip(), a.session.operations, links,
            sameLinks ? previous->measured->ruleOf : nullptr);
        if (calibration) {
            a.measured->predicted = predictKernels(*calibration, a.hardware, measured->kernels, a.dtype);
            std::vector<double> errors;
            for (std::size_t k = 0; k < measured->kernels.size(); ++k)
                if (const double t = a.measured->predicted[k]; t > 0)
                    errors.push_back(std::abs(t / measured->kernels[k].seconds - 1));
            a.measured->predictedError = calibrationError(std::move(errors));
        }
        a.measuredSet = std::move(measured);
    }
    a.compared.reserve(a.session.compare.size());
    for (const ComparedChip& chip : a.session.compare)
        a.compared.push_back(analyseCompared(chip, a.session, a.session.operations));
    a.explanation
        = explain({ a.session, a.hardware, a.dtype, a.peak, a.operations, a.model ? &*a.model : nullptr, a.compared });
    return a;
}

} // namespace roofline
