// SPDX-License-Identifier: GPL-3.0-or-later
#include "chart/energy_chart.h"

#include <algorithm>
#include <cmath>

namespace roofline::chart {

namespace {

// Samples per decade of a model curve: enough that its arch reads as a curve at any size the chart is drawn.
constexpr int kEnergySamplesPerDecade = 24;

struct EnergyExtent {
    double lo = HUGE_VAL;
    double hi = 0;
    void add(double v)
    {
        if (onLogScale(v)) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    }
    bool empty() const { return hi == 0; }
};

void addMissingKey(std::vector<std::string>& missing, const std::string& key)
{
    if (std::find(missing.begin(), missing.end(), key) == missing.end())
        missing.push_back(key);
}

// Log-spaced intensities across the range, with the time ridge where the curve has its kink.
std::vector<Point> sampleCurve(const EnergyRoof& roof, const DecadeRange& x)
{
    std::vector<Point> points;
    const int n = x.decades() * kEnergySamplesPerDecade;
    const double ridge = roof.peak / roof.bandwidth;
    points.reserve(static_cast<std::size_t>(n) + 2);
    for (int i = 0; i <= n; ++i) {
        const double at = std::pow(10.0, x.lowerDecade + static_cast<double>(i) / kEnergySamplesPerDecade);
        if (!points.empty() && points.back().x < ridge && ridge < at)
            points.push_back({ ridge, roof.flopsPerJouleAt(ridge) });
        points.push_back({ at, roof.flopsPerJouleAt(at) });
    }
    return points;
}

// A layout's curves and board-power roofline sampled across `axes`, which it then has.
void frame(EnergyLayout& out, const Axes& axes)
{
    out.axes = axes;
    for (EnergyCurve& c : out.curves)
        c.points = sampleCurve(c.roof, out.axes.x);
    out.board.clear();
    if (out.peak > 0 && out.boardPower > 0) {
        const double from = out.axes.x.lower();
        const double to = out.axes.x.upper();
        out.board.push_back({ from, boardFlopsPerJoule(from, out.peak, out.bandwidth, out.boardPower) });
        if (from < out.ridge && out.ridge < to)
            out.board.push_back({ out.ridge, out.peak / out.boardPower });
        out.board.push_back({ to, boardFlopsPerJoule(to, out.peak, out.bandwidth, out.boardPower) });
    }
}

bool holds(const std::optional<Axes>& held)
{
    return held && held->x.decades() > 0 && held->y.decades() > 0;
}

// Whether a layout not yet framed will draw anything: a curve, the board-power roofline, or a marker.
bool drawsAnything(const EnergyLayout& l)
{
    return !l.curves.empty() || (l.peak > 0 && l.boardPower > 0) || !l.markers.empty();
}

// What a layout asks of the y axis across `x`: its markers' figures and its curves' and board-power roofline's values
// at both ends of `x` (memory-bound, they fall to the left).
void addHeights(EnergyExtent& ys, const EnergyLayout& l, const DecadeRange& x)
{
    for (const EnergyMarker& m : l.markers) {
        ys.add(m.model);
        ys.add(m.board);
    }
    for (double at : { x.lower(), x.upper() }) {
        for (const EnergyCurve& c : l.curves)
            ys.add(c.roof.flopsPerJouleAt(at));
        if (l.peak > 0 && l.boardPower > 0)
            ys.add(boardFlopsPerJoule(at, l.peak, l.bandwidth, l.boardPower));
    }
}

DecadeRange heightRange(const EnergyExtent& ys)
{
    return decadeRangeAround(ys.lo, ys.hi, 0.5).value_or(DecadeRange { 6, 13 });
}

// Everything but the sampling: the curves' roofs, the markers, the constants missing and the natural axes.
EnergyLayout energyContent(const Hardware& hw, Dtype dtype, std::span<const Evaluation* const> evaluations)
{
    EnergyLayout out;
    out.boardPower = hw.boardPower;
    const std::optional<EnergyRoof> main = energyRoof(hw, dtype);
    if (main) {
        out.peak = main->peak;
        out.bandwidth = main->bandwidth;
    }

    // The curves: the main memory's when any of its constants is stated, then each level and link with its own ε.
    std::vector<EnergyCurve> curves;
    if (main) {
        out.ridge = main->peak / main->bandwidth;
        out.balance = main->balance();
        if (std::isfinite(main->ceiling()))
            out.ceiling = main->ceiling();
        const bool anyStated = main->perFlop > 0 || main->perByte > 0 || main->constantPower > 0;
        const std::string perFlopKey = "energy_per_flop." + std::string(dtypeName(dtype));
        if (anyStated || hw.boardPower > 0) {
            if (main->perFlop == 0)
                addMissingKey(out.missing, perFlopKey);
            if (main->perByte == 0)
                addMissingKey(out.missing, "energy_per_byte." + hw.memories.front().name);
            if (main->constantPower == 0)
                addMissingKey(out.missing, "power.constant");
        }
        auto add = [&](RoofKind kind, const std::string& name) {
            const std::optional<EnergyRoof> roof = energyRoof(hw, dtype, name);
            EnergyCurve c;
            c.kind = kind;
            c.name = name;
            c.roof = *roof;
            c.complete = roof->perFlop > 0 && roof->perByte > 0 && roof->constantPower > 0;
            curves.push_back(std::move(c));
        };
        if (anyStated)
            add(RoofKind::Memory, hw.memories.front().name);
        for (std::size_t i = 1; i < hw.memories.size(); ++i)
            if (hw.memories[i].energyPerByte > 0)
                add(RoofKind::Memory, hw.memories[i].name);
        for (const Link& l : hw.links)
            if (l.energyPerByte > 0)
                add(RoofKind::Network, l.name);
    }

    // Each operation's band, at the intensity of the resource that binds it.
    EnergyExtent xs;
    for (std::size_t i = 0; i < evaluations.size(); ++i) {
        if (!evaluations[i])
            continue;
        const Evaluation& e = *evaluations[i];
        const std::optional<std::size_t> binding = bindingResource(e);
        if (!binding || !onLogScale(e.flops) || !onLogScale(e.resources[*binding].intensity))
            continue;
        EnergyMarker m;
        m.operation = i;
        m.intensity = e.resources[*binding].intensity;
        m.energy = operationEnergy(hw, e);
        m.complete = m.energy.complete();
        if (m.energy.model() > 0)
            m.model = e.flops / m.energy.model();
        if (m.energy.atBoardPower > 0)
            m.board = e.flops / m.energy.atBoardPower;
        if (m.model == 0 && m.board == 0)
            continue;
        for (const std::string& key : m.energy.missing)
            addMissingKey(out.missing, key);
        xs.add(m.intensity);
        out.markers.push_back(std::move(m));
    }
    if (curves.empty() && hw.boardPower == 0 && out.markers.empty()) {
        out.missing.clear();
        return out;
    }

    // The axes: the operations, the time ridge and the energy balance, a decade either side; then every curve's
    // value across that range.
    xs.add(out.ridge);
    xs.add(out.balance);
    out.natural.x = decadeRangeAround(xs.lo, xs.hi, 1).value_or(DecadeRange { -1, 4 });
    out.curves = std::move(curves);
    EnergyExtent ys;
    addHeights(ys, out, out.natural.x);
    out.natural.y = heightRange(ys);
    return out;
}

} // namespace

EnergyLayout energyLayout(
    const Hardware& hw, Dtype dtype, std::span<const Evaluation* const> evaluations, const std::optional<Axes>& held)
{
    EnergyLayout out = energyContent(hw, dtype, evaluations);
    if (drawsAnything(out))
        frame(out, holds(held) ? *held : out.natural);
    return out;
}

std::vector<EnergyLayout> energyLayouts(std::span<const EnergyChip> chips, const std::optional<Axes>& held)
{
    std::vector<EnergyLayout> out;
    out.reserve(chips.size());
    std::optional<DecadeRange> x;
    for (const EnergyChip& chip : chips) {
        out.push_back(energyContent(*chip.hardware, chip.dtype, chip.evaluations));
        const EnergyLayout& l = out.back();
        if (drawsAnything(l)) // a chip with nothing to draw asks nothing of the frame
            x = x ? unite(*x, l.natural.x) : l.natural.x;
    }
    // The heights across the common intensities: a chip's memory-bound curve keeps falling left of its own range.
    std::optional<Axes> natural;
    if (x) {
        EnergyExtent ys;
        for (const EnergyLayout& l : out)
            if (drawsAnything(l))
                addHeights(ys, l, *x);
        natural = Axes { *x, heightRange(ys) };
    }
    if (natural) // every chip in the frame, a chip with nothing to draw among them
        for (EnergyLayout& l : out) {
            l.natural = *natural;
            frame(l, holds(held) ? *held : *natural);
        }
    return out;
}

} // namespace roofline::chart
