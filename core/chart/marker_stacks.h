// SPDX-License-Identifier: GPL-3.0-or-later
// Markers that would hide one another on one roof, drawn as one marker that stands for them all with a count beside
// it: a marker never leaves its value, nor its roof, to make room for another.
#pragma once

#include "chart/chart.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace roofline::chart {

// The roof a marker lies on: min(peak, bandwidth · x) on the practical roofs, its operation's peak and its resource's
// bandwidth; with latency on, a marker held below it names its resource too.
struct MarkerRoof {
    double peak = 0; // FLOP/s
    double bandwidth = 0; // bytes/s
    std::string under; // the resource's name when the marker lies below its roof, else empty
    bool operator==(const MarkerRoof&) const = default;
};
// The roof of `marker`, one of layout()'s markers of `evaluation`.
MarkerRoof markerRoof(const Marker& marker, const Evaluation& evaluation);
// Whether the value `p` lies on `roof` (within a thousandth: far below a pixel on any chart). Nothing lies on the roof
// of a marker held below it.
bool liesOn(const Point& p, const MarkerRoof& roof);

// Per marker: the marker drawn in its place and how many operations that one stands for.
struct MarkerStacks {
    std::vector<std::size_t> drawnAs; // itself when it is drawn
    std::vector<std::size_t> count; // 1 for a marker that stands alone
};

// Markers whose centres lie closer than `radius` pixels to the first of them along x, and whose values each lie on
// the others' roofs (one bandwidth's slope, one peak's flat, or where a slope meets a flat), form a stack, drawn as one
// of its markers: the `preferred` operation's (the one being dragged or selected) if it has one there, else the first
// binding one, else the first. The marker drawn thus lies at its own value and on every member's roof. A stack's count
// is the number of operations in it. Markers held below their roofs stack only with their like (same roof, same
// resource); markers far off any screen stand alone. Centres in pixels; `values` (layout()'s Marker::at), `roofs`,
// `owners` (each marker's operation) and `binding` have one entry per centre.
MarkerStacks stackMarkers(const std::vector<Point>& centres, const std::vector<Point>& values,
    const std::vector<MarkerRoof>& roofs, const std::vector<std::size_t>& owners, const std::vector<bool>& binding,
    double radius, std::optional<std::size_t> preferred = std::nullopt);

} // namespace roofline::chart
