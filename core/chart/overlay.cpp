// SPDX-License-Identifier: GPL-3.0-or-later
// Another chip's roofs and markers on a chart laid out for the session's chip.
#include "chart/chart.h"

#include <algorithm>
#include <cmath>

namespace roofline::chart {

namespace {

// The peak the overlay's flat roof is drawn at: its dtype's, else its default dtype's.
double overlayPeak(const Hardware& hw, Dtype dtype)
{
    if (const auto p = hw.peakFor(dtype); p && onLogScale(*p))
        return *p;
    const auto fallback = hw.peakFor(hw.defaultDtype());
    return fallback && onLogScale(*fallback) ? *fallback : 0;
}

} // namespace

std::vector<Marker> overlayMarkers(std::span<const Evaluation* const> evaluations)
{
    std::vector<Marker> markers;
    for (std::size_t i = 0; i < evaluations.size(); ++i) {
        if (!evaluations[i])
            continue;
        for (const Marker& m : markersOf(i, *evaluations[i]))
            if (m.binding)
                markers.push_back(m);
    }
    return markers;
}

std::vector<Point> overlayExtent(const Hardware& hw, Dtype dtype, const std::vector<Marker>& markers)
{
    std::vector<Point> out;
    const double peak = overlayPeak(hw, dtype);
    if (peak > 0)
        for (const Roof& r : bandwidthRoofs(hw))
            if (onLogScale(r.value))
                out.push_back({ ridgeIntensity(peak, r.value), peak });
    for (const Marker& m : markers)
        out.push_back(m.at);
    return out;
}

Overlay overlay(const Hardware& hw, Dtype dtype, std::span<const Evaluation* const> evaluations,
    std::vector<Marker> markers, const Axes& axes)
{
    Overlay out;
    const double peak = overlayPeak(hw, dtype);
    if (peak > 0) {
        RoofSegment flat;
        flat.name = std::string(dtypeName(hw.peakFor(dtype) ? dtype : hw.defaultDtype()));
        flat.value = peak;
        flat.from = { axes.x.lower(), peak };
        flat.to = { axes.x.upper(), peak };
        flat.label = flat.to;
        out.roofs.push_back(std::move(flat));
        // Its main memory's roof, and each roof one of its markers sits under: four chips' every level and link
        // would hide the chart.
        std::vector<std::string_view> used; // a few names, each once, whatever the number of markers
        auto use = [&used](std::string_view name) {
            if (std::find(used.begin(), used.end(), name) == used.end())
                used.push_back(name);
        };
        if (!hw.memories.empty())
            use(hw.memories.front().name);
        for (const Marker& m : markers)
            use(evaluations[m.operation]->resources[m.resource].name);
        for (const Roof& r : bandwidthRoofs(hw)) {
            if (!onLogScale(r.value) || std::find(used.begin(), used.end(), r.name) == used.end())
                continue;
            RoofSegment s;
            s.kind = r.kind;
            s.name = r.name;
            s.value = r.value;
            s.ridge = ridgeIntensity(peak, r.value);
            const double x0 = std::max(axes.x.lower(), axes.y.lower() / r.value);
            s.from = { x0, r.value * x0 };
            s.to = { s.ridge, peak };
            if (s.from.x > s.to.x) // held axes right of the ridge: the slope lies outside them, drawn as nothing
                s.from = s.to;
            s.label = s.to;
            out.roofs.push_back(std::move(s));
        }
    }
    out.markers = std::move(markers);
    return out;
}

Layouts layouts(const Hardware& hardware, Dtype dtype, const std::vector<Evaluation>& evaluations,
    const Hardware& frame, std::span<const OverlayChip> chips, const std::vector<Point>& measured,
    const std::optional<Axes>& held)
{
    std::vector<std::vector<Marker>> markers;
    markers.reserve(chips.size());
    std::vector<Point> extent = measured;
    for (const OverlayChip& c : chips) {
        markers.push_back(overlayMarkers(c.evaluations));
        const std::vector<Point> more = overlayExtent(*c.hardware, c.dtype, markers.back());
        extent.insert(extent.end(), more.begin(), more.end());
    }
    Layouts out;
    out.layout = layout(hardware, dtype, evaluations, frame, extent, held);
    const Axes axes { out.layout.x, out.layout.y };
    out.overlays.reserve(chips.size());
    for (std::size_t k = 0; k < chips.size(); ++k)
        out.overlays.push_back(
            overlay(*chips[k].hardware, chips[k].dtype, chips[k].evaluations, std::move(markers[k]), axes));
    return out;
}

} // namespace roofline::chart
