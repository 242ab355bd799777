// SPDX-License-Identifier: GPL-3.0-or-later
// Geometry of the roofline chart in data coordinates: axis ranges, roof segments, the envelope, operation markers
// and label placement. Plain numbers, no drawing: the window draws exactly what these functions return.
#pragma once

#include "roofline/evaluate.h"
#include "roofline/hardware.h"
#include "roofline/operations.h"

#include <cmath>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace roofline::chart {

// Whether a value can sit on a log axis: finite and above zero.
inline bool onLogScale(double v)
{
    return std::isfinite(v) && v > 0;
}

struct Point {
    double x = 0;
    double y = 0;
};

// A log axis range from 10^lowerDecade to 10^upperDecade.
struct DecadeRange {
    int lowerDecade = 0;
    int upperDecade = 1;

    double lower() const;
    double upper() const;
    int decades() const { return upperDecade - lowerDecade; }
    bool operator==(const DecadeRange&) const = default;
};

// The smallest whole-decade range holding [lo, hi] with at least `padDecades` of room on each side. Positive,
// finite inputs only; anything else yields nothing.
std::optional<DecadeRange> decadeRangeAround(double lo, double hi, double padDecades);
// The union of two ranges.
DecadeRange unite(const DecadeRange&, const DecadeRange&);

// Both axes of the chart.
struct Axes {
    DecadeRange x; // arithmetic intensity
    DecadeRange y; // FLOP/s
    bool operator==(const Axes&) const = default;
};

// Whether `inner` lies within `outer` on both axes.
bool contains(const Axes& outer, const Axes& inner);
// Axes that hold still: `held` while what the chart asks for (`wanted`, Layout::natural) fits inside it, otherwise
// `wanted`. The window keeps its axes this way after a drag, so that they change only when something would leave.
Axes keepOrRescale(const Axes& held, const Axes& wanted);

// One roof as drawn: a flat compute roof or a sloped bandwidth roof, clipped to the axes.
struct RoofSegment {
    RoofKind kind = RoofKind::Compute;
    std::string name; // "bf16", "HBM", "NVLink"
    double value = 0; // FLOP/s for a compute roof, bytes/s for a bandwidth roof
    bool selected = true; // compute roofs: the chart's dtype (solid); other dtypes in use are drawn dashed
    Point from;
    Point to;
    double ridge = 0; // bandwidth roofs: the intensity where they meet the selected peak
    Point label; // where its name sits: the right end of a flat roof, a point along a sloped one
    std::vector<Point> labelSpots; // sloped roofs: `label` first, then other points along the roof to try
    double efficiency = 1; // practical roofs: the factor the datasheet's value is multiplied by
};

// A marker of an operation on the roof of one resource it touches.
struct Marker {
    std::size_t operation = 0; // index into the evaluations given to layout()
    std::size_t resource = 0; // index into that evaluation's resources
    // x: intensity on the resource, y: min(peak, bandwidth·x) on the practical roofs (peak and bandwidth times their
    // efficiency factors); with latency on, at most FLOPs / max(launch floor, the resource's time with its α).
    Point at;
    bool binding = false; // filled: the resource that holds the operation down (see bindingResource)
};

// The resource whose marker is drawn filled: the binding one, or for a compute-bound operation the one with the
// longest time (the nearest to binding). Nothing when the operation moves no bytes.
std::optional<std::size_t> bindingResource(const Evaluation&);

// The markers of one operation, in resource order. Resources with no bytes or no FLOPs (an infinite or zero
// intensity) have no place on a log axis and get no marker.
std::vector<Marker> markersOf(std::size_t operation, const Evaluation&);

struct Layout {
    DecadeRange x; // arithmetic intensity, FLOPs/byte
    DecadeRange y; // FLOP/s
    Axes natural; // the ranges the content and the frame ask for: x and y, unless the axes were held
    std::vector<RoofSegment> roofs; // compute roofs first (selected first), then bandwidth roofs in chip order
    // Dashed roofs under the datasheet's, one for each roof whose efficiency factor is below 1 (none at the defaults):
    // the selected compute roof at peak·e, and bandwidth roofs at bandwidth·e up to the practical peak. Times and
    // markers follow these; `label` is the right end of a flat roof, a point along a sloped one.
    std::vector<RoofSegment> practical;
    std::vector<Point> envelope; // min of the selected compute roof and every memory roof, left to right
    double peak
        = 0; // the selected compute roof's value: the envelope's flat part, where each sloped roof has its ridge
    std::vector<Marker> markers;
    Point bandwidthRegion; // the "bandwidth-bound" caption: near the bottom, under the slope
    Point computeRegion; // the "compute-bound" caption: its top right corner, under the flat roof's right end
};

// Everything the chart draws. `frame` is the hardware the ranges are derived from alongside the live values (the
// unmodified preset), so that dragging a slider changes the axes only when something would leave the view.
// `evaluations` holds the visible operations' evaluations; the markers index into it. The axes also hold `measured`
// (measured kernels and the model's predictions of them, see chart/measured.h). With `held` the axes are those,
// whatever the content (the window holds them still while a slider is dragged or a parameter plays): roofs are
// clipped to them and markers may lie outside.
Layout layout(const Hardware& hardware, Dtype dtype, const std::vector<Evaluation>& evaluations, const Hardware& frame,
    const std::vector<Point>& measured = {}, const std::optional<Axes>& held = std::nullopt);

// Another chip on a chart laid out for the session's (View ▸ Compare with…, export --compare; overlay.cpp): its flat
// roof at the peak of its chart dtype (its default dtype's when it has none for it), then the sloped roofs of its main
// memory and of each level or link that binds one of its markers, from the axes' edge up to its own ridges, and each
// operation's binding marker on it. The layout's axes must hold it: give
// overlayExtent's points to layout() with the measured ones.
struct Overlay {
    std::vector<RoofSegment> roofs;
    std::vector<Marker> markers; // `operation` indexes the evaluations given, as the layout's markers do
};
// Its binding markers: `evaluations` parallels the layout's, null where the chip cannot run the operation.
std::vector<Marker> overlayMarkers(std::span<const Evaluation* const> evaluations);
// What the axes must hold for the overlay: its peak above each of its ridges, and its markers.
std::vector<Point> overlayExtent(const Hardware&, Dtype, const std::vector<Marker>& markers);
// The overlay on these axes, its markers (overlayMarkers of the same evaluations) moved in.
Overlay overlay(const Hardware&, Dtype, std::span<const Evaluation* const> evaluations, std::vector<Marker> markers,
    const Axes& axes);

// A chip compared with the session's: its hardware, the dtype it is drawn in, and its evaluations parallel to the
// session's visible operations (null where it cannot run one).
struct OverlayChip {
    const Hardware* hardware = nullptr;
    Dtype dtype = Dtype::bf16;
    std::span<const Evaluation* const> evaluations;
};

// The session's chart and each compared chip's overlay in one frame: axes that hold the session's content, the
// measured points and every chip's ridges and markers (the union of what each asks for), unless `held`; each overlay
// on those axes, in the order given. The roofline chart draws this, as chart::energyLayouts gives the Energy tab.
struct Layouts {
    Layout layout;
    std::vector<Overlay> overlays;
};
Layouts layouts(const Hardware& hardware, Dtype dtype, const std::vector<Evaluation>& evaluations,
    const Hardware& frame, std::span<const OverlayChip> chips, const std::vector<Point>& measured = {},
    const std::optional<Axes>& held = std::nullopt);

// Whether every marker of the layout lies within `axes`.
bool showsEveryMarker(const Axes& axes, const Layout&);

// Keeps the roofs (and practical roofs) named in `names`, every one when it is empty: a worked example's view draws
// only the roofs it is about. The envelope and the markers stay as they are.
void keepRoofs(Layout&, const std::vector<std::string>& names);

// The envelope value at intensity x: min(peak, min over memories of bandwidth·x).
double envelopeAt(const Hardware&, Dtype, double x);

// The layout's envelope cut at its ridge, for the shades under it: the bandwidth-bound part up to the ridge and the
// compute-bound part from it. Either is empty where the ridge lies out of view.
struct EnvelopeParts {
    std::vector<Point> bandwidthBound;
    std::vector<Point> computeBound;
};
EnvelopeParts envelopeParts(const Layout&);

// A rectangle in pixels, for placing labels (chart/label_placement.h).
struct Box {
    double left = 0;
    double top = 0;
    double width = 0;
    double height = 0;
    bool intersects(const Box&) const;
    bool contains(const Box&) const;
};
// Where a text of width × height lies when rotated by `angle` (radians, clockwise on screen) about its bottom
// centre: squares of its height along the baseline, much tighter than the rotated text's bounding box.
std::vector<Box> rotatedFootprint(Point bottomCentre, double width, double height, double angle);
// A line from a to b as squares of its thickness, so that labels can keep off it.
std::vector<Box> segmentFootprint(Point a, Point b, double thickness);
// Whether any box of `a` intersects any box of `b`.
bool overlapsAny(const std::vector<Box>& a, const std::vector<Box>& b);

// How many decades apart a log axis labels its ticks: 1 while a label a decade fits, otherwise the least of 2, 5, 10,
// 20, 50 ... decades that keeps the labels `spacing` pixels apart on an axis `length` pixels long holding `decades`
// decades, and never more than `decades` (ticks fall on its multiples, so one of them lies on the axis). Tick labels
// never overlap, at any window size: a short axis labels fewer decades.
int logTickStep(int decades, double length, double spacing);

// Whether the segments a–b and c–d cross or touch.
bool segmentsMeet(Point a, Point b, Point c, Point d);

// Distance from p to the segment a–b, for hover hit tests in pixels.
double distanceToSegment(Point p, Point a, Point b);

} // namespace roofline::chart
