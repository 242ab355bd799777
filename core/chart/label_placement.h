// SPDX-License-Identifier: GPL-3.0-or-later
// Label placement in pixels: where the names of markers and ridges go so that no text covers a marker, a line or
// another text. Plain geometry, for the window and the export.
#pragma once

#include "chart/chart.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace roofline::chart {

// The boxes labels must keep clear of, in a grid of square cells, so that testing a spot looks at the boxes near it
// alone: a chart of thousands of operations has a box per marker, and testing every label against all of them grew
// with the square of the operations. Boxes far outside any screen are kept out of it.
class BoxGrid {
public:
    void add(const Box&);
    void add(const std::vector<Box>&);
    bool overlaps(const Box&) const;
    bool overlaps(const std::vector<Box>&) const;

private:
    static constexpr double kCell = 32; // pixels: about two lines of text
    template <typename Visit> static void forCells(const Box&, Visit);

    std::vector<Box> m_boxes;
    std::unordered_map<std::int64_t, std::vector<std::size_t>> m_cells;
};

struct LabelRequest {
    enum class Side {
        Beside, // right, left, above, below, then diagonally: for a marker
        Below, // below right, below left, below, further down, above: for a ridge under a flat roof
    };
    Point anchor; // pixel position of the marker
    double width = 0;
    double height = 0;
    Side side = Side::Beside;
    // The spot this label took the last time (PlacedLabel::spot), tried first while it is free: labels hold still
    // while a slider moves their markers rather than jump from side to side.
    std::optional<int> preferred {};
    bool onlyPreferred = false; // nothing when the preferred spot is taken
    // Whether the label may move out of the spots beside its marker, joined to it by a leader line: for a chart of a
    // few operations; on a crowded one leader lines would cross each other and the search costs a frame.
    bool mayMoveOut = true;
    // Lines a leader line must not cross (the roofs, in pixels): a far spot whose leader would is not taken.
    const std::vector<std::pair<Point, Point>>* uncrossed = nullptr;
};
struct PlacedLabel {
    Box box;
    int spot = 0; // which of its side's spots
    // Further from its anchor than the spots beside it (every near spot was taken): the window joins it to its
    // marker with a leader line.
    bool far = false;
};
// Places one label: the spot it held before while that is free, else the first free spot its side prefers (a
// marker's label tries the eight spots around it, then rows further above and below, then further beside it).
// Spots must lie inside `area` (the plot area), where labels are not clipped, and meet nothing in `taken`; a label
// with no free spot is left out (nothing), so that no text covers another.
// `alsoAvoid`, when given, is kept clear of too (a line only some labels avoid).
std::optional<PlacedLabel> placeLabel(
    const LabelRequest&, const BoxGrid& taken, double gap, const Box& area, const BoxGrid* alsoAvoid = nullptr);
// Places labels one after another, each clear of the obstacles and of the labels placed before it.
std::vector<std::optional<PlacedLabel>> placeLabels(
    const std::vector<LabelRequest>&, const std::vector<Box>& obstacles, double gap, const Box& area);
// How many of the spots beside its anchor (the first placeLabels tries) are free of `obstacles` and inside `area`: a
// window places the names with the fewest first, so that a name with room does not take a crowded one's last spot.
std::size_t freeLabelSpots(const LabelRequest&, const BoxGrid& taken, double gap, const Box& area);

// Which labels matter most when room runs out: a roof's name and ridge are placed in this order, highest first, and
// the lowest are left out first.
enum class LabelPriority {
    Untouched, // a roof no operation on the chart has a marker on
    Touched, // a roof some operation has a marker on, the selected compute roof, the envelope's slope
    Binding, // a roof that holds some operation down (its filled marker)
    Lesson, // the roof the worked example's answer is about
};
// Each of the layout's roofs' priority. `evaluations` are those given to layout() (the markers index into them);
// `lessonRoof` names the roof the lesson's answer is about, or is empty.
std::vector<LabelPriority> roofPriorities(
    const Layout&, const std::vector<Evaluation>& evaluations, std::string_view lessonRoof);
// The order to place labels in: the highest priority first, labels of equal priority in their given order.
std::vector<std::size_t> placementOrder(const std::vector<LabelPriority>&);

} // namespace roofline::chart
