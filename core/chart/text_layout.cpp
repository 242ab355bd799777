// SPDX-License-Identifier: GPL-3.0-or-later
// The chart's text layout: each request's spots in order, the first that keeps every guarantee taken.
#include "chart/text_layout.h"

#include "chart/text_cells.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <numeric>

namespace roofline::chart {

namespace {

// A text's own line or mark is nearer than any other by this many pixels, at its centre and at its nearest point.
constexpr double kMargin = 2;
constexpr int kFarRows = 4; // rows of spots further out above and below a marker
constexpr double kLineClearance = 1; // pixels between a text and any line
constexpr std::size_t kOrderedNames = 40; // up to this many names, the order that names the most is looked for

Box grown(const Box& b, double by)
{
    return { b.left - by, b.top - by, b.width + 2 * by, b.height + 2 * by };
}

// Whether two boxes share more than an edge.
bool overlap(const Box& a, const Box& b)
{
    return a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height
        && b.top < a.top + a.height;
}

// Where the cells lie: over the plot and the reach of the lines clipped to it (Scene), and a cell beyond.
Box cellArea(const TextContent& c)
{
    return grown(c.plot, 64 + TextCells::kCell);
}

// Whether a point lies within reach of the chart, where the cells are: far outside any screen, it meets nothing.
bool onChart(Point p)
{
    return std::abs(p.x) < 1e5 && std::abs(p.y) < 1e5;
}

// The segment a–b clipped to a box; nothing when it passes by.
std::optional<std::pair<Point, Point>> clipped(Point a, Point b, const Box& box)
{
    double t0 = 0;
    double t1 = 1;
    const double dx = b.x - a.x;
    const double dy = b.y - a.y;
    const double ps[] = { -dx, dx, -dy, dy };
    const double qs[] = { a.x - box.left, box.left + box.width - a.x, a.y - box.top, box.top + box.height - a.y };
    for (int i = 0; i < 4; ++i) {
        if (ps[i] == 0) {
            if (qs[i] < 0)
                return std::nullopt;
            continue;
        }
        const double r = qs[i] / ps[i];
        if (ps[i] < 0)
            t0 = std::max(t0, r);
        else
            t1 = std::min(t1, r);
        if (t0 > t1)
            return std::nullopt;
    }
    return std::pair { Point { a.x + t0 * dx, a.y + t0 * dy }, Point { a.x + t1 * dx, a.y + t1 * dy } };
}

// Whether line `other` runs on line `own`, within a pixel of it: the same line drawn twice (a chip compared with one
// of equal bandwidth) takes neither's name from it.
bool runsOn(const Line& other, const Line& own)
{
    return distanceToSegment(other.from, own.from, own.to) <= 1 && distanceToSegment(other.to, own.from, own.to) <= 1;
}

struct Spot {
    TextBox box;
    bool far = false; // further out than the spots beside its mark: joined to it by a leader
};

// The spots of a mark's label, as boxes about its anchor (label_placement.cpp's spots, with the same order).
std::vector<Spot> markSpots(const TextRequest& r, Point at, Size size, double gap)
{
    const double x = at.x;
    const double y = at.y;
    const double w = size.width;
    const double h = size.height;
    // Room for every spot either side makes (GCC 14 also warns falsely of an overflow while the vector grows here).
    std::vector<Spot> spots;
    spots.reserve(std::size_t(10 + 2 * kFarRows * 9 + 3 * kFarRows));
    auto add = [&](double left, double top, bool far = false) {
        spots.push_back({ TextBox { { left + w / 2, top + h / 2 }, size, 0 }, far });
    };
    if (r.spots == TextRequest::Spots::Below) {
        add(x + gap / 2, y + gap / 2); // below right
        add(x - gap / 2 - w, y + gap / 2); // below left
        add(x - w / 2, y + gap / 2 + h); // a line further down
        add(x + gap / 2, y + gap / 2 + 2 * h);
        add(x - gap / 2 - w, y + gap / 2 + 2 * h);
        add(x + gap / 2, y - gap / 2 - h); // above right, over the flat roof
        add(x - gap / 2 - w, y - gap / 2 - h); // above left
        if (!r.mayMoveOut)
            return spots;
        // Further out, joined by a leader: rows over the flat roof, where no slope runs, then further down.
        for (int row = 1; row <= kFarRows; ++row)
            for (const double k : { 4.0, 0.0, 8.0, 2.0, 6.0, 1.0, 3.0, 5.0, 7.0 })
                add(x + gap / 2 - k * (w + gap) / 8, y - gap / 2 - h - row * (h + 1), true);
        for (int row = 3; row < 3 + kFarRows; ++row)
            for (const double left : { x + gap / 2, x - gap / 2 - w, x - w / 2 })
                add(left, y + gap / 2 + row * h, true);
        return spots;
    }
    add(x + gap, y - h / 2); // right
    add(x - gap - w, y - h / 2); // left
    add(x - w / 2, y - gap - h); // above
    add(x - w / 2, y + gap); // below
    add(x + gap, y - gap - h);
    add(x + gap, y + gap);
    add(x - gap - w, y - gap - h);
    add(x - gap - w, y + gap);
    if (!r.mayMoveOut)
        return spots;
    // Further out: rows of names above and below, a line apart, centred, right, left, then sliding between in
    // eighths; then beside, a name's width further (no further: a longer leader reads as a line of the chart).
    for (int row = 1; row <= kFarRows; ++row) {
        const double above = y - gap - h - row * (h + 1);
        const double below = y + gap + row * (h + 1);
        for (const double top : { above, below })
            for (const double k : { 4.0, 0.0, 8.0, 2.0, 6.0, 1.0, 3.0, 5.0, 7.0 })
                add(x + gap - k * (w + 2 * gap) / 8, top, true);
    }
    add(x + 2 * gap + w, y - h / 2, true);
    add(x - 2 * gap - 2 * w, y - h / 2, true);
    return spots;
}

// What stays put while texts are placed: the content, its lines and marks by cell, and the texts' sizes.
class Scene {
public:
    Scene(const TextContent& c, const MeasureText& measure)
        : content(c)
        , lineCells(cellArea(c))
        , markCells(cellArea(c))
        , m_measure(measure)
    {
        const Box reach = grown(content.plot, 64);
        for (std::size_t i = 0; i < content.lines.size(); ++i) {
            const Line& l = content.lines[i];
            if (!onChart(l.from) || !onChart(l.to))
                continue;
            if (const auto part = clipped(l.from, l.to, reach))
                lineCells.addSegment(i, part->first, part->second);
        }
        for (std::size_t i = 0; i < content.marks.size(); ++i)
            if (onChart(content.marks[i].centre)) {
                markCells.add(i, { content.marks[i].centre.x, content.marks[i].centre.y, 0, 0 });
                markReach = std::max(markReach, content.marks[i].radius + 1);
            }
    }

    Size measure(const std::string& text, int font)
    {
        const auto key = std::pair { font, text };
        if (const auto it = m_sizes.find(key); it != m_sizes.end())
            return it->second;
        const Size size = m_measure(text, font);
        m_sizes.emplace(key, size);
        return size;
    }

    const TextContent& content;
    TextCells lineCells;
    TextCells markCells;
    double markReach = 0; // the largest mark's radius, and a pixel: how far from a text a mark can meet it

private:
    const MeasureText& m_measure;
    std::map<std::pair<int, std::string>, Size> m_sizes;
};

// Places texts one at a time in a scene, each clear of what was placed before it. Copied to try another order.
class Placer {
public:
    explicit Placer(Scene& scene)
        : m_scene(&scene)
        , m_content(&scene.content)
        , m_takenCells(cellArea(scene.content))
        , m_leaderCells(cellArea(scene.content))
    {
        for (const Box& b : m_content->keepOut)
            m_keepOut.push_back(TextBox { { b.left + b.width / 2, b.top + b.height / 2 }, { b.width, b.height }, 0 });
        for (const TextBox& box : m_keepOut)
            m_keepBounds.push_back(box.bounds());
        for (std::size_t i = 0; i < m_keepOut.size(); ++i)
            m_takenCells.add(i, m_keepBounds[i]);
    }

    Size measure(const std::string& text, int font) { return m_scene->measure(text, font); }

    std::optional<PlacedText> place(const TextRequest& r, bool onlyPreferred = false)
    {
        if (r.preferred == TextRequest::kStaysOut)
            return std::nullopt;
        if (r.kind == TextRequest::Kind::Free)
            return placeFree(r);
        for (std::size_t t = 0; t < r.texts.size(); ++t) {
            const Size size = measure(r.texts[t], r.font);
            if (!(size.width > 0 && size.height > 0))
                continue;
            const auto placed
                = r.kind == TextRequest::Kind::Line ? placeOnLine(r, size) : placeAtMark(r, size, onlyPreferred);
            if (placed) {
                PlacedText out = *placed;
                out.text = t;
                return out;
            }
            if (onlyPreferred)
                break;
        }
        return std::nullopt;
    }

    // How many spots beside its mark a mark's label has free: the names with the fewest are placed first.
    std::size_t freeSpots(const TextRequest& r)
    {
        if (r.marks.empty() || r.texts.empty())
            return 0;
        const Size size = measure(r.texts.front(), r.font);
        std::size_t n = 0;
        for (const Spot& s : markSpots(r, m_content->marks[r.marks.front()].centre, size, m_content->gap))
            n += !s.far && clear(s.box) ? 1 : 0;
        return n;
    }

    void take(const PlacedText& p)
    {
        const std::size_t index = m_keepOut.size();
        m_keepOut.push_back(p.box);
        m_keepBounds.push_back(p.box.bounds());
        m_takenCells.add(index, m_keepBounds.back());
        if (p.leader) {
            const std::size_t leader = m_leaders.size();
            m_leaders.push_back(*p.leader);
            m_leaderCells.addSegment(leader, p.leader->first, p.leader->second);
        }
    }

private:
    // Inside the plot, over no text, box, mark, line or leader.
    bool clear(const TextBox& box) const
    {
        if (!inside(box, m_content->plot))
            return false;
        const Box bounds = box.bounds();
        // Most texts near are apart by their bounds alone, which cost nothing to test.
        if (m_takenCells.any(bounds,
                [&](std::size_t i) { return overlap(bounds, m_keepBounds[i]) && intersects(box, m_keepOut[i]); }))
            return false;
        if (m_scene->markCells.any(grown(bounds, m_scene->markReach), [&](std::size_t i) {
                const Mark& d = m_content->marks[i];
                return distance(box, d.centre) < d.radius + 1;
            }))
            return false;
        // A line keeps a pixel clear of the text: one that grazes its edge reads as struck through it.
        const TextBox clearance { box.centre,
            { box.size.width + 2 * kLineClearance, box.size.height + 2 * kLineClearance }, box.angle };
        const Box reach = grown(bounds, kLineClearance);
        if (m_scene->lineCells.any(reach, [&](std::size_t i) {
                const Line& l = m_content->lines[i];
                return crosses(clearance, l.from, l.to);
            }))
            return false;
        return !m_leaderCells.any(
            reach, [&](std::size_t i) { return crosses(clearance, m_leaders[i].first, m_leaders[i].second); });
    }

    // Nearer its own lines than any other, at its centre and its nearest point.
    bool nearestLine(const TextBox& box, const TextRequest& r) const
    {
        double own = std::numeric_limits<double>::infinity();
        double ownCentre = own;
        for (const std::size_t i : r.lines) {
            const Line& l = m_content->lines[i];
            own = std::min(own, distance(box, l.from, l.to));
            ownCentre = std::min(ownCentre, distanceToSegment(box.centre, l.from, l.to));
        }
        const Line& first = m_content->lines[r.lines.front()];
        for (std::size_t i = 0; i < m_content->lines.size(); ++i) {
            if (std::find(r.lines.begin(), r.lines.end(), i) != r.lines.end()
                || std::find(r.family.begin(), r.family.end(), i) != r.family.end())
                continue;
            const Line& l = m_content->lines[i];
            if (runsOn(l, first))
                continue;
            if (distance(box, l.from, l.to) < own + kMargin
                || distanceToSegment(box.centre, l.from, l.to) < ownCentre + kMargin)
                return false;
        }
        return true;
    }

    // Whether mark i is drawn on one of the request's own (an operation's marker on a ridge's dot): named with it.
    bool onOwnMark(std::size_t i, const TextRequest& r) const
    {
        const Point c = m_content->marks[i].centre;
        return std::any_of(r.marks.begin(), r.marks.end(), [&](std::size_t k) {
            const Point o = m_content->marks[k].centre;
            return std::hypot(o.x - c.x, o.y - c.y) <= kMargin;
        });
    }

    // Nearer one of its own marks than any other mark, at its centre and its nearest point.
    bool nearestMark(const TextBox& box, const TextRequest& r) const
    {
        double own = std::numeric_limits<double>::infinity();
        double ownCentre = own;
        for (const std::size_t i : r.marks) {
            const Point c = m_content->marks[i].centre;
            own = std::min(own, distance(box, c));
            ownCentre = std::min(ownCentre, std::hypot(box.centre.x - c.x, box.centre.y - c.y));
        }
        const double reach = std::max(own, ownCentre) + kMargin;
        return !m_scene->markCells.any(grown(box.bounds(), reach), [&](std::size_t i) {
            if (std::find(r.marks.begin(), r.marks.end(), i) != r.marks.end() || onOwnMark(i, r))
                return false;
            const Point c = m_content->marks[i].centre;
            return distance(box, c) < own + kMargin
                || std::hypot(box.centre.x - c.x, box.centre.y - c.y) < ownCentre + kMargin;
        });
    }

    // A leader from the mark's rim to the text passes no other mark, text, box or line it must not cross.
    bool leaderClear(const std::pair<Point, Point>& leader, const TextRequest& r) const
    {
        // Named points, not a structured binding: lambdas capture bindings only from clang 16 on.
        const Point a = leader.first;
        const Point b = leader.second;
        const Box bounds { std::min(a.x, b.x), std::min(a.y, b.y), std::abs(b.x - a.x), std::abs(b.y - a.y) };
        if (m_scene->markCells.any(grown(bounds, m_scene->markReach), [&](std::size_t i) {
                if (std::find(r.marks.begin(), r.marks.end(), i) != r.marks.end() || onOwnMark(i, r))
                    return false;
                const Mark& d = m_content->marks[i];
                return distanceToSegment(d.centre, a, b) < d.radius + 1;
            }))
            return false;
        if (m_scene->lineCells.any(bounds, [&](std::size_t i) {
                const Line& l = m_content->lines[i];
                return !l.leadersMayCross && segmentsMeet(a, b, l.from, l.to);
            }))
            return false;
        if (m_takenCells.any(bounds, [&](std::size_t i) { return crosses(m_keepOut[i], a, b); }))
            return false;
        return !m_leaderCells.any(
            bounds, [&](std::size_t i) { return segmentsMeet(a, b, m_leaders[i].first, m_leaders[i].second); });
    }

    // Of `count` spots (`boxAt(n)` the n-th), the held one while it fits, else the first that fits.
    template <typename BoxAt, typename Fits>
    static std::optional<PlacedText> firstFitting(
        std::optional<int> held, std::size_t count, const BoxAt& boxAt, const Fits& fits)
    {
        if (held && *held >= 0 && std::size_t(*held) < count)
            if (const TextBox box = boxAt(std::size_t(*held)); fits(box))
                return PlacedText { 0, box, *held, std::nullopt };
        for (std::size_t n = 0; n < count; ++n)
            if (const TextBox box = boxAt(n); fits(box))
                return PlacedText { 0, box, int(n), std::nullopt };
        return std::nullopt;
    }

    std::optional<PlacedText> placeOnLine(const TextRequest& r, Size size) const
    {
        if (r.lines.empty() || r.lines.front() >= m_content->lines.size())
            return std::nullopt;
        const Line& line = m_content->lines[r.lines.front()];
        Point a = line.from;
        Point b = line.to;
        if (a.x > b.x)
            std::swap(a, b);
        const auto visible = clipped(a, b, m_content->plot);
        if (!visible)
            return std::nullopt;
        const double length = std::hypot(b.x - a.x, b.y - a.y);
        if (!(length > 1))
            return std::nullopt;
        const double angle = r.spots == TextRequest::Spots::Along ? std::atan2(b.y - a.y, b.x - a.x) : 0;
        const bool level = std::abs(b.y - a.y) < 0.5;
        // Points on the line: those given, then along its visible part.
        std::vector<Point> points = r.at;
        const auto [p, q] = *visible;
        if (level && r.at.empty()) {
            const double pad = 2;
            const double step = std::max(size.width / 4, 4.0);
            if (r.fromLeft)
                for (double x = p.x + pad + size.width / 2; x + size.width / 2 <= q.x; x += step)
                    points.push_back({ x, p.y });
            else
                for (double x = q.x - pad - size.width / 2; x - size.width / 2 >= p.x; x -= step)
                    points.push_back({ x, p.y });
        } else {
            for (int k = 1; k < 20; ++k) {
                const double t = 0.05 * k;
                points.push_back({ p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t });
            }
        }
        const double ux = std::cos(angle);
        const double uy = std::sin(angle);
        const Point up { uy, -ux }; // across the baseline, upwards as the text reads
        const double lift = m_content->lift;
        auto fits = [&](const TextBox& box) { return clear(box) && nearestLine(box, r); };
        if (r.spots == TextRequest::Spots::Corner) {
            // The n-th spot: the point n / 4, at its corner n % 4 (above left, above right, below left, below right).
            const double w = size.width;
            const double h = size.height;
            auto corner = [&](std::size_t n) {
                const Point s = points[n / 4];
                const double dx = lift + w / 2;
                const double dy = lift + h / 2;
                return TextBox { { n % 2 == 0 ? s.x - dx : s.x + dx, n % 4 < 2 ? s.y - dy : s.y + dy }, size, 0 };
            };
            return firstFitting(r.preferred, 4 * points.size(), corner, fits);
        }
        // Above the line, then under it; then lifted further, past a line of its own resource drawn close beside it
        // (a calibrated roof a few pixels under the datasheet's). The n-th spot: the point n % points, above or under
        // and how far by n / points.
        const double lifts[] = { lift, 3 * lift, 5 * lift };
        const std::size_t tries = r.family.empty() ? 1 : std::size(lifts);
        const std::size_t count = tries * 2 * points.size();
        auto spot = [&](std::size_t n) {
            const std::size_t k = n % points.size();
            const std::size_t row = n / points.size();
            const double off = (row % 2 == 0 ? 1.0 : -1.0) * (lifts[row / 2] + size.height / 2);
            return TextBox { { points[k].x + up.x * off, points[k].y + up.y * off }, size, angle };
        };
        return firstFitting(r.preferred, count, spot, fits);
    }

    std::optional<PlacedText> placeAtMark(const TextRequest& r, Size size, bool onlyPreferred) const
    {
        if (r.marks.empty() || r.marks.front() >= m_content->marks.size())
            return std::nullopt;
        const Mark& anchor = m_content->marks[r.marks.front()];
        if (!onChart(anchor.centre))
            return std::nullopt;
        const std::vector<Spot> spots = markSpots(r, anchor.centre, size, m_content->gap);
        // A leader starts outside every mark drawn on its anchor: a marker on a ridge's dot covers it.
        double rim = anchor.radius;
        m_scene->markCells.near({ anchor.centre.x - 1, anchor.centre.y - 1, 2, 2 }, [&](std::size_t i) {
            const Mark& m = m_content->marks[i];
            if (std::hypot(m.centre.x - anchor.centre.x, m.centre.y - anchor.centre.y) <= kMargin)
                rim = std::max(rim, m.radius);
        });
        auto attempt = [&](std::size_t k, double slack) -> std::optional<PlacedText> {
            const Spot& s = spots[k];
            // A spot held from the frame before is kept while it is free but for a sliver: a pixel's move of the
            // things around it does not make it jump.
            TextBox test = s.box;
            test.size = { s.box.size.width - 2 * slack, s.box.size.height - 2 * slack };
            if (!clear(test))
                return std::nullopt;
            if (!s.far) {
                if (!nearestMark(s.box, r))
                    return std::nullopt;
                return PlacedText { 0, s.box, int(k), std::nullopt };
            }
            const auto leader = leaderTo(anchor.centre, rim, s.box);
            if (!leaderClear(leader, r))
                return std::nullopt;
            return PlacedText { 0, s.box, int(k), leader };
        };
        if (r.preferred && *r.preferred >= 0 && std::size_t(*r.preferred) < spots.size())
            if (auto held = attempt(std::size_t(*r.preferred), 2))
                return held;
        if (onlyPreferred)
            return std::nullopt;
        for (std::size_t k = 0; k < spots.size(); ++k)
            if (auto placed = attempt(k, 0))
                return placed;
        return std::nullopt;
    }

    std::optional<PlacedText> placeFree(const TextRequest& r)
    {
        std::optional<Size> size;
        if (!r.texts.empty())
            size = measure(r.texts.front(), r.font);
        auto place = [&](std::size_t k) {
            const Box& b = r.places[k];
            return TextBox { { b.left + b.width / 2, b.top + b.height / 2 }, size.value_or(Size { b.width, b.height }),
                0 };
        };
        return firstFitting(r.preferred, r.places.size(), place, [&](const TextBox& box) { return clear(box); });
    }

    Scene* m_scene;
    const TextContent* m_content;
    TextCells m_takenCells; // boxes kept out, then texts placed: indices into m_keepOut
    TextCells m_leaderCells;
    std::vector<TextBox> m_keepOut;
    std::vector<Box> m_keepBounds; // of each kept out, as the cells hold them
    std::vector<std::pair<Point, Point>> m_leaders;
};

// The orders to try a group of operations' names in: the fewest free spots first (among equals as given), as given,
// then either way along x and along y.
std::vector<std::vector<std::size_t>> namingOrders(const std::vector<std::size_t>& group,
    const std::vector<TextRequest>& requests, const TextContent& content, Placer& placer)
{
    std::vector<std::vector<std::size_t>> orders;
    std::vector<std::size_t> freeSpots(requests.size(), 0);
    for (const std::size_t i : group)
        freeSpots[i] = placer.freeSpots(requests[i]);
    orders.push_back(group);
    std::stable_sort(orders.back().begin(), orders.back().end(),
        [&](std::size_t a, std::size_t b) { return freeSpots[a] < freeSpots[b]; });
    orders.push_back(group);
    auto anchor = [&](std::size_t i) {
        const TextRequest& r = requests[i];
        return r.marks.empty() || r.marks.front() >= content.marks.size() ? Point {}
                                                                          : content.marks[r.marks.front()].centre;
    };
    for (const bool alongX : { true, false })
        for (const bool rising : { true, false }) {
            orders.push_back(group);
            std::stable_sort(orders.back().begin(), orders.back().end(), [&](std::size_t a, std::size_t b) {
                const double va = alongX ? anchor(a).x : anchor(a).y;
                const double vb = alongX ? anchor(b).x : anchor(b).y;
                return rising ? va < vb : va > vb;
            });
        }
    return orders;
}

} // namespace

std::pair<Point, Point> leaderTo(Point from, double radius, const TextBox& box)
{
    const Box b = box.bounds();
    const Point to { std::clamp(from.x, b.left, b.left + b.width), std::clamp(from.y, b.top, b.top + b.height) };
    const double length = std::hypot(to.x - from.x, to.y - from.y);
    const double rim = length > 0 ? std::min(radius + 1, length) / length : 0;
    return { { from.x + (to.x - from.x) * rim, from.y + (to.y - from.y) * rim }, to };
}

TextLayout layOutTexts(const TextContent& content, const std::vector<TextRequest>& requests, const MeasureText& measure)
{
    TextLayout out;
    out.texts.resize(requests.size());
    std::vector<std::size_t> byRank(requests.size());
    std::iota(byRank.begin(), byRank.end(), std::size_t(0));
    std::stable_sort(byRank.begin(), byRank.end(),
        [&](std::size_t a, std::size_t b) { return requests[a].rank < requests[b].rank; });
    Scene scene(content, measure);
    Placer placer(scene);
    for (std::size_t n = 0; n < byRank.size();) {
        const TextRequest& first = requests[byRank[n]];
        if (!(first.kind == TextRequest::Kind::Mark && first.ordered)) {
            if (auto placed = placer.place(first)) {
                placer.take(*placed);
                out.texts[byRank[n]] = std::move(placed);
            }
            ++n;
            continue;
        }
        // The operations' names of this rank: in the order that names the most of them. Names that keep the spot
        // they held first, so that one that lost its own does not take another's.
        std::vector<std::size_t> group;
        for (; n < byRank.size() && requests[byRank[n]].rank == first.rank && requests[byRank[n]].ordered
             && requests[byRank[n]].kind == TextRequest::Kind::Mark;
             ++n)
            group.push_back(byRank[n]);
        // Another order names more only on a chart of a few names; on a crowded one the first stands, and trying
        // the others would cost a frame.
        auto orders = namingOrders(group, requests, content, placer);
        if (group.size() > kOrderedNames)
            orders.resize(1);
        auto attempt = [&](const std::vector<std::size_t>& order, Placer& into) {
            std::vector<std::pair<std::size_t, PlacedText>> placed;
            std::vector<bool> done(requests.size(), false);
            for (const bool onlyPreferred : { true, false })
                for (const std::size_t i : order) {
                    if (done[i] || (onlyPreferred && !requests[i].preferred))
                        continue;
                    if (auto p = into.place(requests[i], onlyPreferred)) {
                        into.take(*p);
                        placed.emplace_back(i, std::move(*p));
                        done[i] = true;
                    }
                }
            return placed;
        };
        std::optional<Placer> best;
        std::vector<std::pair<std::size_t, PlacedText>> bestPlaced;
        const std::size_t hold = content.holdOrder && *content.holdOrder < orders.size() ? *content.holdOrder : 0;
        for (std::size_t k = content.holdOrder ? hold : 0; k < orders.size(); ++k) {
            Placer trial = placer;
            auto placed = attempt(orders[k], trial);
            if (!best || placed.size() > bestPlaced.size()) {
                out.order = k;
                bestPlaced = std::move(placed);
                best.emplace(std::move(trial));
            }
            if (content.holdOrder || bestPlaced.size() == group.size())
                break; // held through a drag, or every name placed: the first order that does stands
        }
        placer = std::move(*best);
        for (auto& [i, p] : bestPlaced)
            out.texts[i] = std::move(p);
    }
    return out;
}

} // namespace roofline::chart
