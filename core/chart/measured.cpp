// SPDX-License-Identifier: GPL-3.0-or-later
#include "chart/measured.h"

#include <algorithm>
#include <cmath>

namespace roofline::chart {

std::vector<Point> measuredExtent(const MeasuredAnalysis& a)
{
    std::vector<Point> out;
    out.reserve(a.points.size() + a.links.size());
    for (const MeasuredPoint& p : a.points)
        if (p.onChart)
            out.push_back({ p.intensity, p.achieved });
    for (const MeasuredLink& l : a.links)
        if (l.predicted())
            if (const std::optional<Point> p = predictedPoint(*l.predicted()))
                out.push_back(*p);
    return out;
}

std::optional<Point> predictedPoint(const Evaluation& ev)
{
    for (const Marker& m : markersOf(0, ev))
        if (m.binding)
            return m.at;
    return std::nullopt;
}

std::vector<MeasuredRoof> measuredRoofs(
    const MeasuredAnalysis& a, const Hardware& hw, Dtype dtype, const DecadeRange& x, const DecadeRange& y)
{
    const std::string dtypeText(dtypeName(dtype));
    double top = hw.peakFor(dtype).value_or(0);
    double mainBandwidth = hw.memories.empty() ? 0 : hw.memories.front().bandwidth;
    for (const CeilingComparison& c : a.ceilings) {
        if (c.compute && c.name == dtypeText && onLogScale(c.measured))
            top = c.measured;
        if (!c.compute && !hw.memories.empty() && c.overrideKey == "bandwidth." + hw.memories.front().name
            && onLogScale(c.measured))
            mainBandwidth = c.measured;
    }
    std::vector<MeasuredRoof> out;
    for (const CeilingComparison& c : a.ceilings) {
        if (!onLogScale(c.measured) || c.overrideKey.empty())
            continue;
        MeasuredRoof r { c.name, c.compute, c.measured, c.fraction, {}, {} };
        if (c.compute) {
            if (c.name != dtypeText || c.measured < y.lower() || c.measured > y.upper())
                continue;
            const double start
                = onLogScale(mainBandwidth) ? std::max(x.lower(), c.measured / mainBandwidth) : x.lower();
            if (start >= x.upper())
                continue;
            r.from = { start, c.measured };
            r.to = { x.upper(), c.measured };
        } else {
            const double start = std::max(x.lower(), y.lower() / c.measured);
            const double end = std::min(x.upper(), (onLogScale(top) ? top : y.upper()) / c.measured);
            if (!(start < end))
                continue;
            r.from = { start, c.measured * start };
            r.to = { end, c.measured * end };
        }
        out.push_back(std::move(r));
    }
    return out;
}

} // namespace roofline::chart
