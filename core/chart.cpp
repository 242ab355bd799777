// Geometry of the roofline chart: ranges snapped to decades, roofs, envelope, markers and label spots.
#include "chart.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <unordered_map>
#include <utility>

namespace roofline::chart {

namespace {

bool usable(double v)
{
    return std::isfinite(v) && v > 0;
}

// The smallest and largest of a set of positive values.
struct Span {
    double lo = std::numeric_limits<double>::infinity();
    double hi = 0;
    void add(double v)
    {
        if (!usable(v))
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
        if (!p || !usable(*p))
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
    if (p && usable(*p))
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
    if (!usable(lo) || !usable(hi) || lo > hi || !std::isfinite(padDecades) || padDecades < 0)
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
        if (!usable(r.intensity) || !usable(r.bandwidth) || !usable(ev.peak))
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
        s.label = alongLog(s.from, s.to, 0.6); // along the slope, clear of the ridges' numbers at its top
        out.practical.push_back(std::move(s));
    }

    double slowest = std::numeric_limits<double>::infinity();
    for (const MemoryLevel& m : hw.memories)
        if (usable(m.bandwidth))
            slowest = std::min(slowest, m.bandwidth);
    double mainRidge = out.x.lower();
    if (std::isfinite(slowest)) {
        const double x0 = entryX(slowest, out.x, out.y);
        mainRidge = ridgeIntensity(peak, slowest);
        out.envelope = { { x0, slowest * x0 }, { mainRidge, peak }, { out.x.upper(), peak } };
    } else {
        out.envelope = { { out.x.lower(), peak }, { out.x.upper(), peak } };
    }
    // "bandwidth-bound" near the bottom under the slope; "compute-bound" under the flat roof's right end, since the
    // legend takes the bottom right.
    out.bandwidthRegion = { std::sqrt(out.x.lower() * mainRidge), out.y.lower() * std::pow(10.0, 0.25) };
    out.computeRegion = { out.x.upper() / std::pow(10.0, 0.1), peak / std::pow(10.0, 0.2) };
    return out;
}

bool Box::intersects(const Box& o) const
{
    return left < o.left + o.width && o.left < left + width && top < o.top + o.height && o.top < top + height;
}

bool Box::contains(const Box& o) const
{
    return o.left >= left && o.top >= top && o.left + o.width <= left + width && o.top + o.height <= top + height;
}

namespace {

constexpr int kFarRows = 4; // rows of far spots above and below a marker

// The spots a label tries, in order, and how many of them are near its anchor (the rest are further out).
std::pair<std::vector<Box>, std::size_t> labelSpots(const LabelRequest& l, double gap)
{
    const double x = l.anchor.x;
    const double y = l.anchor.y;
    const double w = l.width;
    const double h = l.height;
    if (l.side == LabelRequest::Side::Below)
        return { {
                     { x + gap / 2, y + gap / 2, w, h }, // below right
                     { x - gap / 2 - w, y + gap / 2, w, h }, // below left
                     { x - w / 2, y + gap / 2 + h, w, h }, // one line further down
                     { x + gap / 2, y + gap / 2 + 2 * h, w, h },
                     { x - gap / 2 - w, y + gap / 2 + 2 * h, w, h },
                 },
            5 };
    // Right, left, above, below, then diagonally.
    std::vector<Box> spots {
        { x + gap, y - h / 2, w, h },
        { x - gap - w, y - h / 2, w, h },
        { x - w / 2, y - gap - h, w, h },
        { x - w / 2, y + gap, w, h },
        { x + gap, y - gap - h, w, h },
        { x + gap, y + gap, w, h },
        { x - gap - w, y - gap - h, w, h },
        { x - gap - w, y + gap, w, h },
    };
    // Further out: rows of names above and below, a line apart, as markers on a flat roof stack theirs (beside
    // them is the roof); then beside, a name's width further.
    for (int row = 1; row <= kFarRows; ++row) {
        const double above = y - gap - h - row * (h + 1);
        const double below = y + gap + row * (h + 1);
        // Centred, to the right, to the left, then sliding between in eighths.
        for (const double top : { above, below })
            for (const double k : { 4.0, 0.0, 8.0, 2.0, 6.0, 1.0, 3.0, 5.0, 7.0 })
                spots.push_back({ x + gap - k * (w + 2 * gap) / 8, top, w, h });
    }
    for (int ring = 1; ring <= 2; ++ring) {
        const double ox = ring * (w + gap);
        spots.insert(spots.end(), { { x + gap + ox, y - h / 2, w, h }, { x - gap - w - ox, y - h / 2, w, h } });
    }
    return { std::move(spots), 8 };
}

} // namespace

std::vector<std::optional<PlacedLabel>> placeLabels(
    const std::vector<LabelRequest>& labels, const std::vector<Box>& obstacles, double gap, const Box& area)
{
    std::vector<Box> taken;
    std::vector<std::optional<PlacedLabel>> placed;
    placed.reserve(labels.size());
    for (const LabelRequest& l : labels) {
        const auto [spots, near] = labelSpots(l, gap);
        auto isFree = [&](const Box& b) {
            auto hit = [&b](const Box& o) { return b.intersects(o); };
            return area.contains(b) && std::none_of(taken.begin(), taken.end(), hit)
                && std::none_of(obstacles.begin(), obstacles.end(), hit);
        };
        std::optional<std::size_t> chosen;
        // The spot taken the frame before is kept while it is free but for a sliver: a pixel's move of the things
        // around it does not make it jump.
        constexpr double kSlack = 2;
        if (l.preferred && *l.preferred >= 0 && std::size_t(*l.preferred) < spots.size()) {
            const Box& b = spots[std::size_t(*l.preferred)];
            if (isFree({ b.left + kSlack, b.top + kSlack, b.width - 2 * kSlack, b.height - 2 * kSlack }))
                chosen = std::size_t(*l.preferred);
        }
        for (std::size_t i = 0; !chosen && !l.onlyPreferred && i < spots.size(); ++i)
            if (isFree(spots[i]))
                chosen = i;
        if (!chosen) {
            placed.emplace_back(std::nullopt);
            continue;
        }
        taken.push_back(spots[*chosen]);
        placed.push_back(PlacedLabel { spots[*chosen], int(*chosen), *chosen >= near });
    }
    return placed;
}

std::size_t freeLabelSpots(const LabelRequest& l, const std::vector<Box>& obstacles, double gap, const Box& area)
{
    const auto [spots, near] = labelSpots(l, gap);
    return std::size_t(std::count_if(spots.begin(), spots.begin() + std::ptrdiff_t(near), [&](const Box& b) {
        return area.contains(b)
            && std::none_of(obstacles.begin(), obstacles.end(), [&b](const Box& o) { return b.intersects(o); });
    }));
}

Point labelReach(double width, double height, double gap)
{
    // The furthest spots: a name's width twice beside a marker, kFarRows lines above or below it, three lines down
    // under a ridge.
    return { 3 * (gap + width), gap + height + kFarRows * (height + 1) + height };
}

std::vector<Point> spreadMarkers(const std::vector<Point>& centres, const std::vector<std::size_t>& owners, double size)
{
    std::vector<Point> drawn = centres;
    if (!(size > 0))
        return drawn;
    // A grid of cells as wide as a marker: markers that can meet lie in neighbouring cells. A cell holding more
    // markers than twice a crowd (thousands of operations along one roof) is left as it is, which also bounds the
    // work per marker. One operation may have a few markers in a cell (memory, network).
    constexpr std::size_t kMostInCell = 2 * kMostSpread;
    auto cellOf = [size](const Point& p) {
        return std::pair { static_cast<std::int64_t>(std::floor(p.x / size)),
            static_cast<std::int64_t>(std::floor(p.y / size)) };
    };
    auto key = [](std::int64_t cx, std::int64_t cy) { return cy * 4'000'003 + cx; };
    auto grid = [&](const std::vector<Point>& at, const std::vector<bool>& skip) {
        std::unordered_map<std::int64_t, std::vector<std::size_t>> cells;
        for (std::size_t i = 0; i < at.size(); ++i)
            if (!skip[i] && std::abs(at[i].x) < 1e6 && std::abs(at[i].y) < 1e6) // else far off the plot
                cells[key(cellOf(at[i]).first, cellOf(at[i]).second)].push_back(i);
        return cells;
    };
    std::vector<bool> crowded(centres.size(), false);
    for (const auto& [k, members] : grid(centres, crowded))
        if (members.size() > kMostInCell)
            for (std::size_t i : members)
                crowded[i] = true;

    // Union-find over the markers that meet.
    std::vector<std::size_t> parent(centres.size());
    for (std::size_t i = 0; i < parent.size(); ++i)
        parent[i] = i;
    auto root = [&parent](std::size_t i) {
        while (parent[i] != i)
            i = parent[i] = parent[parent[i]];
        return i;
    };
    // Joins the markers that meet where they are drawn now; says whether any crowd grew.
    auto join = [&] {
        bool joined = false;
        const auto cells = grid(drawn, crowded);
        for (const auto& [k, members] : cells) {
            const auto [cx, cy] = cellOf(drawn[members.front()]);
            for (std::int64_t dy = -1; dy <= 1; ++dy)
                for (std::int64_t dx = -1; dx <= 1; ++dx) {
                    const auto other = cells.find(key(cx + dx, cy + dy));
                    if (other == cells.end())
                        continue;
                    for (std::size_t i : members)
                        for (std::size_t j : other->second) {
                            if (j <= i || root(i) == root(j))
                                continue;
                            const double d = std::hypot(drawn[i].x - drawn[j].x, drawn[i].y - drawn[j].y);
                            // Another operation's marker within a marker's width, or this operation's own at the
                            // same pixel (it moves with it).
                            if ((owners[i] != owners[j] && d < size) || (owners[i] == owners[j] && d < 1)) {
                                parent[root(i)] = root(j);
                                joined = true;
                            }
                        }
                }
        }
        return joined;
    };
    // Stands every crowd's members on a circle around the middle of where they are.
    auto spread = [&] {
        drawn = centres;
        std::unordered_map<std::size_t, std::vector<std::size_t>> crowds;
        for (std::size_t i = 0; i < centres.size(); ++i)
            if (!crowded[i] && root(i) != i)
                crowds[root(i)].push_back(i);
        for (auto& [r, members] : crowds) {
            members.push_back(r);
            // The members: one per operation and pixel, in order of x, then of operation.
            struct Member {
                Point at;
                std::size_t owner;
                std::vector<std::size_t> markers;
            };
            std::vector<Member> standing;
            for (std::size_t i : members) {
                auto same = std::find_if(standing.begin(), standing.end(), [&](const Member& m) {
                    return m.owner == owners[i] && std::hypot(m.at.x - centres[i].x, m.at.y - centres[i].y) < 1;
                });
                if (same == standing.end())
                    standing.push_back({ centres[i], owners[i], { i } });
                else
                    same->markers.push_back(i);
            }
            const std::size_t n = standing.size();
            if (n < 2 || n > kMostSpread)
                continue;
            std::sort(standing.begin(), standing.end(), [](const Member& a, const Member& b) {
                return a.at.x != b.at.x ? a.at.x < b.at.x : a.owner < b.owner;
            });
            Point middle { 0, 0 };
            for (const Member& m : standing) {
                middle.x += m.at.x / double(n);
                middle.y += m.at.y / double(n);
            }
            // Neighbours on a circle of radius r stand 2·r·sin(π/n) apart: one marker's width.
            const double pi = std::acos(-1.0);
            const double radius = size / (2 * std::sin(pi / double(n)));
            for (std::size_t k = 0; k < n; ++k) {
                const double angle = pi - 2 * pi * double(k) / double(n); // the first on the left, then clockwise
                const Point at { middle.x + radius * std::cos(angle), middle.y - radius * std::sin(angle) };
                for (std::size_t i : standing[k].markers)
                    drawn[i] = at;
            }
        }
    };
    // A crowd's circle may reach a marker beside it: that one joins the crowd and the circle is drawn again.
    for (int pass = 0; pass < 4 && join(); ++pass)
        spread();
    return drawn;
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
