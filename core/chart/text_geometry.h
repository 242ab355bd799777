// SPDX-License-Identifier: GPL-3.0-or-later
// A text on the chart as a turned rectangle in pixels, and what it meets: other texts, boxes, lines and points.
#pragma once

#include "chart/chart.h"

#include <array>

namespace roofline::chart {

struct Size {
    double width = 0;
    double height = 0;
};

// A text as drawn: its centre, its size along and across its baseline, and the baseline's angle in radians
// (clockwise on screen, where y grows downwards: a roof rising to the right has a negative angle).
struct TextBox {
    Point centre;
    Size size;
    double angle = 0;

    // Top left, top right, bottom right, bottom left, as the text reads.
    std::array<Point, 4> corners() const;
    // The smallest level box holding it.
    Box bounds() const;
};

// Whether two texts overlap by more than `give` pixels across (edges that touch do not count).
bool intersects(const TextBox&, const TextBox&, double give = 0);
bool intersects(const TextBox&, const Box&, double give = 0);
// Whether the segment a–b runs into the text.
bool crosses(const TextBox&, Point a, Point b);
// From the text's nearest point to p; 0 when p is inside.
double distance(const TextBox&, Point p);
// From the text's nearest point to the segment a–b; 0 when they meet.
double distance(const TextBox&, Point a, Point b);
// Whether a text lies inside a box, with `give` pixels to spare.
bool inside(const TextBox&, const Box& area, double give = 0);

} // namespace roofline::chart
