// SPDX-License-Identifier: GPL-3.0-or-later
// Markers that coincide on one roof, drawn as one with a count.
#include "chart/marker_stacks.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>

namespace roofline::chart {

bool liesOn(const Point& p, const MarkerRoof& roof)
{
    const double y = std::min(roof.peak, roof.bandwidth * p.x);
    return roof.under.empty() && std::abs(p.y - y) <= 1e-3 * y;
}

MarkerRoof markerRoof(const Marker& marker, const Evaluation& ev)
{
    const ResourceUse& r = ev.resources.at(marker.resource);
    MarkerRoof roof { ev.practicalPeak(), r.bandwidth * r.efficiency, {} };
    // layout() puts a marker at min(peak, bandwidth·x) unless latency holds it lower; FLOPs over the resource's time
    // is that value too, rounded otherwise.
    if (!liesOn(marker.at, roof))
        roof.under = r.name;
    return roof;
}

MarkerStacks stackMarkers(const std::vector<Point>& centres, const std::vector<Point>& values,
    const std::vector<MarkerRoof>& roofs, const std::vector<std::size_t>& owners, const std::vector<bool>& binding,
    double radius, std::optional<std::size_t> preferred)
{
    const std::size_t n = centres.size();
    MarkerStacks out;
    out.drawnAs.resize(n);
    std::iota(out.drawnAs.begin(), out.drawnAs.end(), std::size_t(0));
    out.count.assign(n, 1);
    if (!(radius > 0) || values.size() != n || roofs.size() != n || owners.size() != n || binding.size() != n)
        return out;
    auto onScreen = [](const Point& p) { return std::abs(p.x) < 1e6 && std::abs(p.y) < 1e6; };
    std::vector<std::size_t> order;
    order.reserve(n);
    for (std::size_t i = 0; i < n; ++i)
        if (onScreen(centres[i]))
            order.push_back(i);
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return centres[a].x != centres[b].x ? centres[a].x < centres[b].x : a < b;
    });
    // Whether the marker drawn at `d`'s value lies on `i`'s roof; markers held below their roofs only with their like.
    auto standsFor = [&](std::size_t d, std::size_t i) {
        return roofs[d].under.empty() && roofs[i].under.empty() ? liesOn(values[d], roofs[i]) : roofs[d] == roofs[i];
    };
    std::vector<bool> taken(n, false);
    std::vector<std::size_t> members;
    for (std::size_t k = 0; k < order.size(); ++k) {
        const std::size_t first = order[k];
        if (taken[first])
            continue;
        members.assign(1, first);
        // Within the radius of the first, never of the last: a row of markers along a roof does not chain into
        // one stack that stands for markers far from where it is drawn. The first lies on every member's roof.
        for (std::size_t m = k + 1; m < order.size(); ++m) {
            const std::size_t j = order[m];
            if (centres[j].x - centres[first].x >= radius)
                break;
            if (!taken[j] && std::hypot(centres[j].x - centres[first].x, centres[j].y - centres[first].y) < radius
                && standsFor(first, j) && standsFor(j, first))
                members.push_back(j);
        }
        // Another member is drawn instead when it too lies on every member's roof.
        auto fits = [&](std::size_t d) {
            return std::all_of(members.begin(), members.end(), [&](std::size_t i) { return standsFor(d, i); });
        };
        auto pick = [&](auto&& wanted) -> std::optional<std::size_t> {
            for (std::size_t i : members)
                if (wanted(i) && fits(i))
                    return i;
            return std::nullopt;
        };
        std::size_t drawn = first;
        if (const auto own = preferred ? pick([&](std::size_t i) { return owners[i] == *preferred; }) : std::nullopt)
            drawn = *own;
        else if (const auto filled = pick([&](std::size_t i) { return bool(binding[i]); }))
            drawn = *filled;
        std::set<std::size_t> operations;
        for (std::size_t i : members)
            operations.insert(owners[i]);
        for (std::size_t i : members) {
            taken[i] = true;
            out.drawnAs[i] = drawn;
            out.count[i] = operations.size();
        }
    }
    return out;
}

} // namespace roofline::chart
