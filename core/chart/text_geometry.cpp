// SPDX-License-Identifier: GPL-3.0-or-later
#include "chart/text_geometry.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace roofline::chart {

namespace {

struct Frame {
    Point u; // along the baseline
    Point v; // across it, downwards as the text reads
};

Frame frameOf(const TextBox& t)
{
    if (t.angle == 0) // most texts are level: no trigonometry for them (the layout asks for thousands of distances)
        return { { 1, 0 }, { 0, 1 } };
    const double c = std::cos(t.angle);
    const double s = std::sin(t.angle);
    return { { c, s }, { -s, c } };
}

// p in the text's own coordinates: along and across its baseline from its centre.
Point local(const TextBox& t, const Frame& f, Point p)
{
    const double dx = p.x - t.centre.x;
    const double dy = p.y - t.centre.y;
    return { dx * f.u.x + dy * f.u.y, dx * f.v.x + dy * f.v.y };
}

// The extent of a text's corners projected on an axis.
std::pair<double, double> project(const std::array<Point, 4>& corners, Point axis)
{
    double lo = std::numeric_limits<double>::infinity();
    double hi = -lo;
    for (const Point& p : corners) {
        const double d = p.x * axis.x + p.y * axis.y;
        lo = std::min(lo, d);
        hi = std::max(hi, d);
    }
    return { lo, hi };
}

} // namespace

std::array<Point, 4> TextBox::corners() const
{
    const Frame f = frameOf(*this);
    const double hw = size.width / 2;
    const double hh = size.height / 2;
    auto at = [&](double a, double b) {
        return Point { centre.x + f.u.x * a + f.v.x * b, centre.y + f.u.y * a + f.v.y * b };
    };
    return { at(-hw, -hh), at(hw, -hh), at(hw, hh), at(-hw, hh) };
}

Box TextBox::bounds() const
{
    const auto c = corners();
    double left = c[0].x, right = c[0].x, top = c[0].y, bottom = c[0].y;
    for (const Point& p : c) {
        left = std::min(left, p.x);
        right = std::max(right, p.x);
        top = std::min(top, p.y);
        bottom = std::max(bottom, p.y);
    }
    return { left, top, right - left, bottom - top };
}

// Separating axes: two rectangles are apart when their projections on one of the four edge directions are.
bool intersects(const TextBox& a, const TextBox& b, double give)
{
    // Two level texts, most of the layout's tests: the axes are x and y, the projections their sides.
    if (a.angle == 0 && b.angle == 0) {
        const double across = std::min(a.centre.x + a.size.width / 2, b.centre.x + b.size.width / 2)
            - std::max(a.centre.x - a.size.width / 2, b.centre.x - b.size.width / 2);
        const double down = std::min(a.centre.y + a.size.height / 2, b.centre.y + b.size.height / 2)
            - std::max(a.centre.y - a.size.height / 2, b.centre.y - b.size.height / 2);
        return across > give && down > give;
    }
    const auto ca = a.corners();
    const auto cb = b.corners();
    // Bounds apart, the texts are: no projection overlaps more than nothing on the axis that separates them.
    if (give >= 0) {
        const auto [alo, ahi] = project(ca, { 1, 0 });
        const auto [blo, bhi] = project(cb, { 1, 0 });
        const auto [atop, abottom] = project(ca, { 0, 1 });
        const auto [btop, bbottom] = project(cb, { 0, 1 });
        if (ahi <= blo || bhi <= alo || abottom <= btop || bbottom <= atop)
            return false;
    }
    const Frame fa = frameOf(a);
    const Frame fb = frameOf(b);
    for (const Point& axis : { fa.u, fa.v, fb.u, fb.v }) {
        const auto [alo, ahi] = project(ca, axis);
        const auto [blo, bhi] = project(cb, axis);
        if (std::min(ahi, bhi) - std::max(alo, blo) <= give)
            return false;
    }
    return true;
}

bool intersects(const TextBox& t, const Box& b, double give)
{
    return intersects(t, TextBox { { b.left + b.width / 2, b.top + b.height / 2 }, { b.width, b.height }, 0 }, give);
}

// Liang–Barsky: the segment clipped to the text's rectangle in its own coordinates.
bool crosses(const TextBox& t, Point a, Point b)
{
    const Frame f = frameOf(t);
    const Point p = local(t, f, a);
    const Point q = local(t, f, b);
    const double dx = q.x - p.x;
    const double dy = q.y - p.y;
    const double hw = t.size.width / 2;
    const double hh = t.size.height / 2;
    double t0 = 0;
    double t1 = 1;
    const double ps[] = { -dx, dx, -dy, dy };
    const double qs[] = { p.x + hw, hw - p.x, p.y + hh, hh - p.y };
    for (int i = 0; i < 4; ++i) {
        if (ps[i] == 0) {
            if (qs[i] < 0)
                return false;
            continue;
        }
        const double r = qs[i] / ps[i];
        if (ps[i] < 0)
            t0 = std::max(t0, r);
        else
            t1 = std::min(t1, r);
        if (t0 > t1)
            return false;
    }
    return true;
}

double distance(const TextBox& t, Point p)
{
    const Point l = local(t, frameOf(t), p);
    const double dx = std::max(std::abs(l.x) - t.size.width / 2, 0.0);
    const double dy = std::max(std::abs(l.y) - t.size.height / 2, 0.0);
    return std::hypot(dx, dy);
}

double distance(const TextBox& t, Point a, Point b)
{
    if (crosses(t, a, b))
        return 0;
    double d = std::min(distance(t, a), distance(t, b));
    for (const Point& c : t.corners())
        d = std::min(d, distanceToSegment(c, a, b));
    return d;
}

bool inside(const TextBox& t, const Box& area, double give)
{
    const Box b = t.bounds();
    return b.left >= area.left - give && b.top >= area.top - give && b.left + b.width <= area.left + area.width + give
        && b.top + b.height <= area.top + area.height + give;
}

} // namespace roofline::chart
