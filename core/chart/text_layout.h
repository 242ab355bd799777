// SPDX-License-Identifier: GPL-3.0-or-later
// Every word on the roofline chart placed at once, in pixels: roofs' names along their lines, ridges' labels by their
// marks, operations' names beside their markers (or joined to them by a leader), counts beside stacked markers, and
// free texts (the regions' captions, the chips' key) where nothing else is. The window, every export and the chart's
// geometry use this one layout, so that the same size gives the same words.
//
// What it guarantees for every text it places, and never gives up for a text's sake (a text that cannot have them all
// is dropped, the texts of lower rank first):
//   - it lies inside the plot, covers no other text, no box kept out (tick labels, the legend) and no mark;
//   - no line runs through it;
//   - a line's name lies along its line and nearer it than any other line, at its centre and at its nearest point;
//   - a mark's label (a ridge's, an operation's name, a count) is nearer one of its own marks than any other mark, at
//     its centre and at its nearest point, or, moved out, is joined to its mark by a leader that meets no other mark,
//     no text and no line it must not cross.
#pragma once

#include "chart/text_geometry.h"

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace roofline::chart {

// A line drawn on the chart, in pixels: a roof, a practical or calibrated roof, another chip's roof, a measured
// ceiling, a piece of a curve.
struct Line {
    Point from;
    Point to;
    // A leader may cross it: a dashed link roof, which no reader follows as far as a leader's length.
    bool leadersMayCross = false;
};

// A marker or a ridge's dot as drawn: texts keep off it, and a mark's label must be nearer its own than any other.
struct Mark {
    Point centre;
    double radius = 0;
};

struct TextRequest {
    enum class Kind {
        Line, // a line's name
        Mark, // a mark's label
        Free, // a text naming nothing near it, at one of its places
    };
    enum class Spots {
        Along, // Line: along the line (turned with a sloped one), above it, else under it
        Corner, // Line: level, a corner at one of the spots: above left, above right, below left, below right
        Beside, // Mark: right, left, above, below, diagonally; then, with mayMoveOut, further out with a leader
        Below, // Mark: below right, below left, further down, above: a ridge under its flat roof
    };
    Kind kind = Kind::Free;
    Spots spots = Spots::Along;
    // The texts to try, the first that has room: the longest first ("HBM 3.35 TB/s", "HBM"). A free place with no
    // text (the chips' key) gives its size in `places`.
    std::vector<std::string> texts;
    int font = 0; // which font the caller measures and draws it in
    // Lower ranks are placed first; a text that finds no place is dropped, so the highest ranks are the first to go.
    int rank = 0;
    std::vector<std::size_t> lines; // Line: the lines it names (a curve's pieces); the first gives its angle
    // Line: lines of the same resource drawn beside its own (HBM's practical, calibrated or measured roof by HBM's):
    // the name may stand nearer them than its own, as long as it is nearer its own than any line of another resource.
    std::vector<std::size_t> family;
    std::vector<std::size_t> marks; // Mark: the marks it names (an operation's markers, a ridge's dot)
    // Line: points on the line to try first, in order (the layout goes on along the whole line after them); Along
    // with none given on a level line: from its right end leftwards, or from its left end with `fromLeft`.
    std::vector<Point> at;
    bool fromLeft = false;
    // Free: the boxes to try, in order.
    std::vector<Box> places;
    // The spot this text took the last time (PlacedText::spot), tried first while it is free: words hold still while a
    // slider moves what they name, and a drag does not search every spot anew at every step. kStaysOut: it found
    // none the last time and is not searched for: on a crowded chart most texts find none, and searching every spot
    // of each at every step of a drag cost a four-chip chart three quarters of its layout (bench/RESULTS.md).
    static constexpr int kStaysOut = -1;
    std::optional<int> preferred;
    bool mayMoveOut = false; // Mark: further out, with a leader, when no spot beside its mark is free
    // Mark: an operation's name. Such names of one rank are placed in the order that names the most of them.
    bool ordered = false;
};

struct PlacedText {
    std::size_t text = 0; // which of the request's texts
    TextBox box;
    int spot = 0; // which of its spots or places: for a line's name, which of its points, side and lift
    std::optional<std::pair<Point, Point>> leader; // from its mark's rim to the text's nearest edge
};

struct TextContent {
    Box plot;
    std::vector<Box> keepOut; // the legend, tick labels and axis names inside the plot, a key placed before
    std::vector<Line> lines;
    std::vector<Mark> marks;
    double gap = 10; // from a mark's centre to a text beside it
    double lift = 2.5; // from a line to a name along it
    // Through a drag, the order of the operations' names that won at rest (TextLayout::order), kept so that the names
    // hold still and the other orders cost nothing; at rest, nothing: every order is tried.
    std::optional<std::size_t> holdOrder;
};

struct TextLayout {
    std::vector<std::optional<PlacedText>> texts; // per request; nothing where it was dropped
    std::size_t order = 0; // the order of the operations' names that was used
};

// How large a text is drawn in a font (TextRequest::font), padding included.
using MeasureText = std::function<Size(const std::string& text, int font)>;

TextLayout layOutTexts(const TextContent&, const std::vector<TextRequest>&, const MeasureText&);

// Where a leader runs, from the rim of a mark of `radius` at `from` to the nearest point of `box`.
std::pair<Point, Point> leaderTo(Point from, double radius, const TextBox& box);

} // namespace roofline::chart
