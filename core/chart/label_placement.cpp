// SPDX-License-Identifier: GPL-3.0-or-later
#include "chart/label_placement.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace roofline::chart {

void BoxGrid::add(const Box& box)
{
    const auto index = m_boxes.size();
    m_boxes.push_back(box);
    forCells(box, [&](std::int64_t cell) { m_cells[cell].push_back(index); });
}

void BoxGrid::add(const std::vector<Box>& boxes)
{
    for (const Box& box : boxes)
        add(box);
}

bool BoxGrid::overlaps(const Box& box) const
{
    bool hit = false;
    forCells(box, [&](std::int64_t cell) {
        if (const auto it = m_cells.find(cell); !hit && it != m_cells.end())
            hit = std::any_of(
                it->second.begin(), it->second.end(), [&](std::size_t i) { return m_boxes[i].intersects(box); });
    });
    return hit;
}

bool BoxGrid::overlaps(const std::vector<Box>& boxes) const
{
    return std::any_of(boxes.begin(), boxes.end(), [this](const Box& box) { return overlaps(box); });
}

// Calls `visit` with the key of every cell `box` touches; boxes far outside any screen touch none.
template <typename Visit> void BoxGrid::forCells(const Box& box, Visit visit)
{
    constexpr double kReach = 1e5;
    if (!(std::abs(box.left) < kReach && std::abs(box.top) < kReach && box.width < kReach && box.height < kReach
            && box.width >= 0 && box.height >= 0))
        return;
    const auto x0 = static_cast<std::int64_t>(std::floor(box.left / kCell));
    const auto x1 = static_cast<std::int64_t>(std::floor((box.left + box.width) / kCell));
    const auto y0 = static_cast<std::int64_t>(std::floor(box.top / kCell));
    const auto y1 = static_cast<std::int64_t>(std::floor((box.top + box.height) / kCell));
    for (auto y = y0; y <= y1; ++y)
        for (auto x = x0; x <= x1; ++x)
            visit(y * 1'000'000 + x);
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
    if (l.side == LabelRequest::Side::Below) {
        std::vector<Box> spots {
            { x + gap / 2, y + gap / 2, w, h }, // below right
            { x - gap / 2 - w, y + gap / 2, w, h }, // below left
            { x - w / 2, y + gap / 2 + h, w, h }, // one line further down
            { x + gap / 2, y + gap / 2 + 2 * h, w, h }, { x - gap / 2 - w, y + gap / 2 + 2 * h, w, h },
            { x + gap / 2, y - gap / 2 - h, w, h }, // above right, over the flat roof
            { x - gap / 2 - w, y - gap / 2 - h, w, h }, // above left
        };
        // Past a crowd of markers at the ridge: further down, a line at a time.
        for (int row = 3; row < 3 + kFarRows; ++row)
            for (const double left : { x + gap / 2, x - gap / 2 - w, x - w / 2 })
                spots.push_back({ left, y + gap / 2 + row * h, w, h });
        const std::size_t count = spots.size(); // every spot is near: no leader line to a ridge
        return { std::move(spots), count };
    }
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
    if (!l.mayMoveOut)
        return { std::move(spots), 8 };
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

std::optional<PlacedLabel> placeLabel(
    const LabelRequest& l, const BoxGrid& taken, double gap, const Box& area, const BoxGrid* alsoAvoid)
{
    const auto [spots, near] = labelSpots(l, gap);
    auto isFree = [&](const Box& b) {
        return area.contains(b) && !taken.overlaps(b) && !(alsoAvoid && alsoAvoid->overlaps(b));
    };
    // A far spot's leader runs from the marker's rim (a gap from its centre) to the box's nearest point.
    auto leaderCrosses = [&](const Box& b) {
        if (!l.uncrossed)
            return false;
        const Point to { std::clamp(l.anchor.x, b.left, b.left + b.width),
            std::clamp(l.anchor.y, b.top, b.top + b.height) };
        const double length = std::hypot(to.x - l.anchor.x, to.y - l.anchor.y);
        if (!(length > gap / 2))
            return false;
        const double t = gap / 2 / length;
        const Point from { l.anchor.x + (to.x - l.anchor.x) * t, l.anchor.y + (to.y - l.anchor.y) * t };
        return std::any_of(l.uncrossed->begin(), l.uncrossed->end(),
            [&](const std::pair<Point, Point>& s) { return segmentsMeet(from, to, s.first, s.second); });
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
        if (isFree(spots[i]) && (i < near || !leaderCrosses(spots[i])))
            chosen = i;
    if (!chosen)
        return std::nullopt;
    return PlacedLabel { spots[*chosen], int(*chosen), *chosen >= near };
}

std::vector<std::optional<PlacedLabel>> placeLabels(
    const std::vector<LabelRequest>& labels, const std::vector<Box>& obstacles, double gap, const Box& area)
{
    BoxGrid taken;
    taken.add(obstacles);
    std::vector<std::optional<PlacedLabel>> placed;
    placed.reserve(labels.size());
    for (const LabelRequest& l : labels) {
        placed.push_back(placeLabel(l, taken, gap, area));
        if (placed.back())
            taken.add(placed.back()->box);
    }
    return placed;
}

std::size_t freeLabelSpots(const LabelRequest& l, const BoxGrid& taken, double gap, const Box& area)
{
    const auto [spots, near] = labelSpots(l, gap);
    return std::size_t(std::count_if(spots.begin(), spots.begin() + std::ptrdiff_t(near),
        [&](const Box& b) { return area.contains(b) && !taken.overlaps(b); }));
}

std::vector<LabelPriority> roofPriorities(
    const Layout& layout, const std::vector<Evaluation>& evaluations, std::string_view lessonRoof)
{
    // The envelope's slope is the slowest memory level's roof.
    const RoofSegment* slowest = nullptr;
    for (const RoofSegment& r : layout.roofs)
        if (r.kind == RoofKind::Memory && (!slowest || r.value < slowest->value))
            slowest = &r;
    std::vector<LabelPriority> out;
    out.reserve(layout.roofs.size());
    for (const RoofSegment& r : layout.roofs) {
        LabelPriority p = LabelPriority::Untouched;
        if (!lessonRoof.empty() && r.name == lessonRoof)
            p = LabelPriority::Lesson;
        else if ((r.kind == RoofKind::Compute && r.selected) || &r == slowest)
            p = LabelPriority::Touched;
        if (r.kind == RoofKind::Compute) {
            for (const Evaluation& e : evaluations)
                if (p < LabelPriority::Touched && dtypeName(e.dtype) == r.name)
                    p = LabelPriority::Touched;
            if (r.selected && p < LabelPriority::Binding
                && std::any_of(
                    evaluations.begin(), evaluations.end(), [](const Evaluation& e) { return e.computeBound(); }))
                p = LabelPriority::Binding;
        } else {
            for (const Marker& m : layout.markers) {
                if (m.operation >= evaluations.size() || m.resource >= evaluations[m.operation].resources.size()
                    || evaluations[m.operation].resources[m.resource].name != r.name)
                    continue;
                p = std::max(p, m.binding ? LabelPriority::Binding : LabelPriority::Touched);
            }
        }
        out.push_back(p);
    }
    return out;
}

std::vector<std::size_t> placementOrder(const std::vector<LabelPriority>& priorities)
{
    std::vector<std::size_t> order(priorities.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(
        order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return priorities[a] > priorities[b]; });
    return order;
}

} // namespace roofline::chart
