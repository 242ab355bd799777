// SPDX-License-Identifier: GPL-3.0-or-later
#include "session/compared.h"

#include <cmath>

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
