// SPDX-License-Identifier: GPL-3.0-or-later
// Geometry of the roofline chart: ranges snapped to decades, roofs, envelope, markers and label spots.
#include "chart/chart.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace roofline::chart {

namespace {

// The smallest and largest of a set of positive values.
struct Span {
    double lo = std::numeric_limits<double>::infinity();
    double hi = 0;
    void add(double v)
    {
        if (!onLogScale(v))
            return;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    bool empty() const { return hi <= 0; }
};

// Every compute peak the chart shows: the selected dtype's and that of each operation.
std::vector<std::pair<Dtype, double>> peaksInUse(const Hardware& hw, Dtype dtype, const std::vector<Evaluation>& evs)
{
    std::vector<std::pair<Dtype, double>> peaks;
    auto add = [&](Dtype d) {
        const auto p = hw.peakFor(d);
        if (!p || !onLogScale(*p))
            return;
        if (std::none_of(peaks.begin(), peaks.end(), [d](const auto& e) { return e.first == d; }))
            peaks.emplace_back(d, *p);
    };
    add(dtype);
    for (const Evaluation& ev : evs)
        add(ev.dtype);
    return peaks;
}

double selectedPeak(const Hardware& hw, Dtype dtype)
{
    const auto p = hw.peakFor(dtype);
    if (p && onLogScale(*p))
        return *p;
    const auto fallback = hw.peakFor(hw.defaultDtype());
    return fallback ? *fallback : 1;
}

double maxPeak(const std::vector<std::pair<Dtype, double>>& peaks, double selected)
{
    double m = selected;
    for (const auto& [d, p] : peaks)
        m = std::max(m, p);
    return m;
}

// Ridges and peaks of a chip: the values whose view must not be lost.
void addHardware(const Hardware& hw, double peak, double highestPeak, Span& xs, Span& ys)
{
    ys.add(peak);
    ys.add(highestPeak);
    for (const Roof& r : bandwidthRoofs(hw)) {
        xs.add(ridgeIntensity(peak, r.value));
        xs.add(ridgeIntensity(highestPeak, r.value));
    }
}

// Where a sloped roof enters the view: at the left edge, or higher up where it crosses the bottom edge.
double entryX(double bandwidth, const DecadeRange& x, const DecadeRange& y)
{
    return std::max(x.lower(), y.lower() / bandwidth);
}

// The point a fraction t of the way from a to b on log-log axes.
Point alongLog(Point a, Point b, double t)
{
    return { a.x * std::pow(b.x / a.x, t), a.y * std::pow(b.y / a.y, t) };
}

} // namespace

double DecadeRange::lower() const
{
    return std::pow(10.0, lowerDecade);
}
double DecadeRange::upper() const
{
    return std::pow(10.0, upperDecade);
}

std::optional<DecadeRange> decadeRangeAround(double lo, double hi, double padDecades)
{
    if (!onLogScale(lo) || !onLogScale(hi) || lo > hi || !std::isfinite(padDecades) || padDecades < 0)
        return std::nullopt;
    DecadeRange r;
    r.lowerDecade = static_cast<int>(std::floor(std::log10(lo) - padDecades));
    r.upperDecade = static_cast<int>(std::ceil(std::log10(hi) + padDecades));
    if (r.upperDecade <= r.lowerDecade)
        r.upperDecade = r.lowerDecade + 1;
    return r;
}

DecadeRange unite(const DecadeRange& a, const DecadeRange& b)
{
    return { std::min(a.lowerDecade, b.lowerDecade), std::max(a.upperDecade, b.upperDecade) };
}

std::optional<std::size_t> bindingResource(const Evaluation& ev)
{
    if (ev.resources.empty())
        return std::nullopt;
    if (ev.boundIndex >= 0)
        return static_cast<std::size_t>(ev.boundIndex);
    std::size_t longest = 0;
    for (std::size_t i = 1; i < ev.resources.size(); ++i)
        if (ev.resources[i].time > ev.resources[longest].time)
            longest = i;
    return longest;
}

std::vector<Marker> markersOf(std::size_t operation, const Evaluation& ev)
{
    std::vector<Marker> markers;
    const auto binding = bindingResource(ev);
    for (std::size_t i = 0; i < ev.resources.size(); ++i) {
        const ResourceUse& r = ev.resources[i];
        if (!onLogScale(r.intensity) || !onLogScale(r.bandwidth) || !onLogScale(ev.peak))
            continue;
        // On the practical roofs (the datasheet's with every factor 1); with latency on, no higher than the FLOPs
        // over the longer of the floor and this resource's time, which holds its α.
        double y = attainableAt(r.intensity, ev.practicalPeak(), r.bandwidth * r.efficiency);
        if (r.latency > 0 || ev.tLaunch > 0)
            y = std::min(y, ev.flops / std::max(ev.tLaunch, r.time));
        markers.push_back({ operation, i, { r.intensity, y }, binding && *binding == i });
    }
    return markers;
}

EnvelopeParts envelopeParts(const Layout& l)
{
    // The envelope's points on the peak are exactly l.peak: the layout sets them so.
    const auto ridge
        = std::find_if(l.envelope.begin(), l.envelope.end(), [&](const Point& p) { return p.y == l.peak; });
    EnvelopeParts out;
    if (ridge - l.envelope.begin() >= 1)
        out.bandwidthBound.assign(l.envelope.begin(), ridge == l.envelope.end() ? ridge : ridge + 1);
    out.computeBound.assign(ridge, l.envelope.end());
    return out;
}

double envelopeAt(const Hardware& hw, Dtype dtype, double x)
{
    double y = selectedPeak(hw, dtype);
    for (const MemoryLevel& m : hw.memories)
        y = std::min(y, m.bandwidth * x);
    return y;
}

bool contains(const Axes& outer, const Axes& inner)
{
    const auto within = [](const DecadeRange& o, const DecadeRange& i) {
        return o.lowerDecade <= i.lowerDecade && i.upperDecade <= o.upperDecade;
    };
    return within(outer.x, inner.x) && within(outer.y, inner.y);
}

Axes keepOrRescale(const Axes& held, const Axes& wanted)
{
    return contains(held, wanted) ? held : wanted;
}

Layout layout(const Hardware& hw, Dtype dtype, const std::vector<Evaluation>& evaluations, const Hardware& frame,
    const std::vector<Point>& measured, const std::optional<Axes>& held)
{
    Layout out;
    const double peak = selectedPeak(hw, dtype);
    const auto peaks = peaksInUse(hw, dtype, evaluations);
    const double highest = maxPeak(peaks, peak);
    const double framePeak = selectedPeak(frame, dtype);

    Span xs;
    Span ys;
    addHardware(hw, peak, highest, xs, ys);
    for (std::size_t i = 0; i < evaluations.size(); ++i)
        for (const Marker& m : markersOf(i, evaluations[i])) {
            out.markers.push_back(m);
            xs.add(m.at.x);
            ys.add(m.at.y);
        }
    for (const Point& p : measured) {
        xs.add(p.x);
        ys.add(p.y);
    }
    Span frameXs;
    Span frameYs;
    addHardware(frame, framePeak, framePeak, frameXs, frameYs);

    // A decade each side of the content on x leaves room for the roofs' slopes and the flat roof; on y half a
    // decade above the highest peak holds the roof labels.
    out.x = decadeRangeAround(xs.lo, xs.hi, 1).value_or(DecadeRange { -1, 4 });
    out.y = decadeRangeAround(ys.lo, ys.hi, 0.5).value_or(DecadeRange { 9, 16 });
    if (!frameXs.empty() && !frameYs.empty()) {
        out.x = unite(out.x, *decadeRangeAround(frameXs.lo, frameXs.hi, 1));
        out.y = unite(out.y, *decadeRangeAround(frameYs.lo, frameYs.hi, 0.5));
    }
    // Keep the roofs' slopes visible: at least three decades below the selected peak.
    out.y.lowerDecade = std::min(out.y.lowerDecade, static_cast<int>(std::floor(std::log10(peak))) - 3);
    out.natural = { out.x, out.y };
    if (held && held->x.decades() > 0 && held->y.decades() > 0) {
        out.x = held->x;
        out.y = held->y;
    }

    for (const auto& [d, p] : peaks) {
        RoofSegment s;
        s.kind = RoofKind::Compute;
        s.name = std::string(dtypeName(d));
        s.value = p;
        s.selected = d == dtype;
        s.from = { out.x.lower(), p };
        s.to = { out.x.upper(), p };
        s.label = s.to;
        out.roofs.push_back(std::move(s));
    }
    if (peaks.empty() || peaks.front().first != dtype) {
        // The selected dtype is not supported: still show the peak the chart falls back on.
        RoofSegment s;
        s.name = std::string(dtypeName(dtype));
        s.value = peak;
        s.from = { out.x.lower(), peak };
        s.to = { out.x.upper(), peak };
        s.label = s.to;
        out.roofs.insert(out.roofs.begin(), std::move(s));
    }
    // Sloped labels sit at staggered points along their roofs so that close roofs do not stack their names.
    std::size_t sloped = 0;
    for (const Roof& r : bandwidthRoofs(hw)) {
        RoofSegment s;
        s.kind = r.kind;
        s.name = r.name;
        s.value = r.value;
        s.ridge = ridgeIntensity(peak, r.value);
        const double x0 = entryX(r.value, out.x, out.y);
        s.from = { x0, r.value * x0 };
        s.to = { ridgeIntensity(highest, r.value), highest };
        if (s.from.x > s.to.x) // held axes right of the ridge: the slope lies outside them, drawn as nothing
            s.from = s.to;
        const double t = 0.3 + 0.15 * static_cast<double>(sloped++ % 4);
        for (double dt : { 0.0, -0.1, 0.1, -0.2, 0.2, -0.3, 0.3 })
            if (t + dt > 0.05 && t + dt < 0.9)
                s.labelSpots.push_back(alongLog(s.from, { s.ridge, peak }, t + dt));
        s.label = s.labelSpots.front();
        out.roofs.push_back(std::move(s));
    }

    const double practicalPeak = peak * hw.computeEfficiency;
    if (hw.computeEfficiency < 1) {
        RoofSegment s;
        s.name = std::string(dtypeName(dtype));
        s.value = practicalPeak;
        s.efficiency = hw.computeEfficiency;
        s.from = { out.x.lower(), practicalPeak };
        s.to = { out.x.upper(), practicalPeak };
        s.label = s.to;
        out.practical.push_back(std::move(s));
    }
    for (const Roof& r : bandwidthRoofs(hw)) {
        const double e = *hardwareValue(hw, "efficiency." + r.name);
        if (e >= 1)
            continue;
        RoofSegment s;
        s.kind = r.kind;
        s.name = r.name;
        s.value = r.value * e;
        s.efficiency = e;
        s.ridge = ridgeIntensity(practicalPeak, s.value);
        const double x0 = entryX(s.value, out.x, out.y);
        s.from = { x0, s.value * x0 };
        s.to = { s.ridge, practicalPeak };
        if (s.from.x > s.to.x)
            s.from = s.to;
        s.label = alongLog(s.from, s.to, 0.6); // along the slope, clear of the ridges' numbers at its top
        out.practical.push_back(std::move(s));
    }

    out.peak = peak;
    double slowest = std::numeric_limits<double>::infinity();
    for (const MemoryLevel& m : hw.memories)
        if (onLogScale(m.bandwidth))
            slowest = std::min(slowest, m.bandwidth);
    double mainRidge = out.x.lower();
    if (std::isfinite(slowest)) {
        const double x0 = entryX(slowest, out.x, out.y);
        mainRidge = ridgeIntensity(peak, slowest);
        if (x0 >= mainRidge) // the slope out of view, left of the axes
            out.envelope = { { out.x.lower(), peak }, { out.x.upper(), peak } };
        else if (mainRidge < out.x.upper())
            out.envelope = { { x0, slowest * x0 }, { mainRidge, peak }, { out.x.upper(), peak } };
        else // the ridge right of the held axes (a bandwidth dragged down): the slope alone, to the edge
            out.envelope = { { x0, slowest * x0 }, { out.x.upper(), slowest * out.x.upper() } };
    } else {
        out.envelope = { { out.x.lower(), peak }, { out.x.upper(), peak } };
    }
    // "bandwidth-bound" near the bottom under the slope; "compute-bound" under the flat roof's right end, since the
    // legend takes the bottom right.
    out.bandwidthRegion
        = { std::sqrt(out.x.lower() * std::min(mainRidge, out.x.upper())), out.y.lower() * std::pow(10.0, 0.25) };
    out.computeRegion = { out.x.upper() / std::pow(10.0, 0.1), peak / std::pow(10.0, 0.2) };
    return out;
}

bool showsEveryMarker(const Axes& axes, const Layout& l)
{
    return std::all_of(l.markers.begin(), l.markers.end(), [&axes](const Marker& m) {
        return axes.x.lower() <= m.at.x && m.at.x <= axes.x.upper() && axes.y.lower() <= m.at.y
            && m.at.y <= axes.y.upper();
    });
}

void keepRoofs(Layout& l, const std::vector<std::string>& names)
{
    if (names.empty())
        return;
    const auto unnamed
        = [&names](const RoofSegment& r) { return std::find(names.begin(), names.end(), r.name) == names.end(); };
    std::erase_if(l.roofs, unnamed);
    std::erase_if(l.practical, unnamed);
}

bool Box::intersects(const Box& o) const
{
    return left < o.left + o.width && o.left < left + width && top < o.top + o.height && o.top < top + height;
}

bool Box::contains(const Box& o) const
{
    return o.left >= left && o.top >= top && o.left + o.width <= left + width && o.top + o.height <= top + height;
}

std::vector<Box> rotatedFootprint(Point bottomCentre, double width, double height, double angle)
{
    const Point along { std::cos(angle), std::sin(angle) };
    const Point down { -std::sin(angle), std::cos(angle) };
    const Point centre { bottomCentre.x - down.x * height / 2, bottomCentre.y - down.y * height / 2 };
    std::vector<Box> boxes;
    const double step = height / 2;
    const int steps = static_cast<int>(std::ceil(width / step));
    for (int i = 0; i <= steps; ++i) {
        const double t = -width / 2 + std::min(width, step * i);
        boxes.push_back({ centre.x + along.x * t - height / 2, centre.y + along.y * t - height / 2, height, height });
    }
    return boxes;
}

std::vector<Box> segmentFootprint(Point a, Point b, double thickness)
{
    std::vector<Box> boxes;
    const double length = std::hypot(b.x - a.x, b.y - a.y);
    const int steps = std::max(1, static_cast<int>(std::ceil(length / thickness)));
    for (int i = 0; i <= steps; ++i) {
        const double t = static_cast<double>(i) / steps;
        const Point c { a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t };
        boxes.push_back({ c.x - thickness / 2, c.y - thickness / 2, thickness, thickness });
    }
    return boxes;
}

bool overlapsAny(const std::vector<Box>& a, const std::vector<Box>& b)
{
    return std::any_of(a.begin(), a.end(),
        [&b](const Box& x) { return std::any_of(b.begin(), b.end(), [&x](const Box& y) { return x.intersects(y); }); });
}

int logTickStep(int decades, double length, double spacing)
{
    if (decades <= 1 || !(spacing > 0) || !(length > 0))
        return 1;
    const double pixelsPerDecade = length / decades;
    for (int magnitude = 1;; magnitude *= 10)
        for (int mantissa : { 1, 2, 5 })
            if (mantissa * magnitude >= decades) // ticks at the decades that are multiples of it: at least one shows
                return decades;
            else if (mantissa * magnitude * pixelsPerDecade >= spacing)
                return mantissa * magnitude;
}

bool segmentsMeet(Point a, Point b, Point c, Point d)
{
    // The sign of the turn from p–q to p–r: which side of p–q the point r lies on.
    const auto side = [](Point p, Point q, Point r) {
        const double cross = (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x);
        return (cross > 0) - (cross < 0);
    };
    const auto within = [](Point p, Point q, Point r) { // r, on the line p–q, lies between them
        return std::min(p.x, q.x) <= r.x && r.x <= std::max(p.x, q.x) && std::min(p.y, q.y) <= r.y
            && r.y <= std::max(p.y, q.y);
    };
    const int d1 = side(c, d, a);
    const int d2 = side(c, d, b);
    const int d3 = side(a, b, c);
    const int d4 = side(a, b, d);
    if (d1 * d2 < 0 && d3 * d4 < 0)
        return true;
    return (d1 == 0 && within(c, d, a)) || (d2 == 0 && within(c, d, b)) || (d3 == 0 && within(a, b, c))
        || (d4 == 0 && within(a, b, d));
}

double distanceToSegment(Point p, Point a, Point b)
{
    const double dx = b.x - a.x;
    const double dy = b.y - a.y;
    const double length2 = dx * dx + dy * dy;
    double t = length2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2 : 0;
    t = std::clamp(t, 0.0, 1.0);
    return std::hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

} // namespace roofline::chart
