// SPDX-License-Identifier: GPL-3.0-or-later
// The roofline chart's answers to the user: axes that hold still, the selected operation's rings, and markers
// pressed and dragged.
#include "chart/roofline_chart.h"

#include "chart/measured.h"

#include <cmath>

namespace roofline::widgets {

void RooflineChart::setAxesLocked(bool locked)
{
    if (locked == m_lockAxes)
        return;
    m_lockAxes = locked;
    m_held.reset();
    refresh();
}

void RooflineChart::fitAxes()
{
    m_held.reset();
    m_view.reset();
    refresh();
}

void RooflineChart::openView(std::optional<chart::DecadeRange> x, std::optional<chart::DecadeRange> y)
{
    m_framed = true;
    m_held.reset();
    m_view.reset();
    if (x || y) {
        const Analysis& a = *m_analysis;
        std::vector<Evaluation> shown;
        for (std::size_t op : a.shown())
            shown.push_back(a.operations[op].evaluation.value());
        // The axis the view leaves open holds what the chart's own would: the measured kernels and each compared
        // chip's ridges and markers too.
        std::vector<chart::Point> extent
            = a.measured ? chart::measuredExtent(*a.measured) : std::vector<chart::Point> {};
        for (const ComparedAnalysis& c : a.compared) {
            std::vector<const Evaluation*> there;
            for (std::size_t op : a.shown())
                there.push_back(c.evaluations[op] ? &c.evaluations[op].value() : nullptr);
            const std::vector<chart::Point> more
                = chart::overlayExtent(c.hardware, c.dtype, chart::overlayMarkers(there));
            extent.insert(extent.end(), more.begin(), more.end());
        }
        const chart::Axes natural = chart::layout(a.hardware, a.dtype, shown, a.frame(), extent).natural;
        m_view = chart::Axes { x.value_or(natural.x), y.value_or(natural.y) };
        m_viewFrame = a.frame();
    }
    refresh();
}

std::optional<chart::Axes> RooflineChart::heldAxes() const
{
    if (!m_lockAxes || !m_held || !(m_heldFrame == m_analysis->frame()))
        return std::nullopt; // unlocked, or a new chip: framed anew
    return m_held;
}

void RooflineChart::holdAxes()
{
    if (m_view) { // the example's own axes, held until a marker leaves them or Fit axes
        m_held = m_view;
        m_heldFrame = m_analysis->frame();
        return;
    }
    if (!m_lockAxes) {
        m_held.reset();
        return;
    }
    const chart::Axes shown { m_layout.x, m_layout.y };
    // Through a drag or a play the axes stay as they are; when input rests they follow only what would leave them.
    const chart::Axes kept = m_dragging ? shown : chart::keepOrRescale(shown, m_layout.natural);
    m_held = kept;
    if (!(m_heldFrame == m_analysis->frame()))
        m_heldFrame = m_analysis->frame();
    if (kept != shown)
        layOut(kept);
}

void RooflineChart::setSelectedOperation(std::optional<std::size_t> operation)
{
    if (operation == m_selected)
        return;
    m_selected = operation;
    if (m_analysis->calibration()) { // the curved roof is the selected operation's
        layOutCalibrated();
        if (signature() != m_signature) {
            refresh(); // a curve appears or goes: the items are made anew
            return;
        }
        updateRoofs();
    }
    updateHighlight();
    scheduleRedraw(false);
}

void RooflineChart::buildHighlight()
{
    const ChartTheme& t = m_theme;
    m_highlight = addGraph();
    m_highlight->setLineStyle(QCPGraph::lsNone);
    m_highlight->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(t.foreground, t.width(2)), Qt::NoBrush, 20 * t.zoom));
    m_highlight->setLayer(m_mainLayer); // above every marker
}

void RooflineChart::updateHighlight()
{
    if (!m_highlight)
        return;
    std::vector<chart::Point> rings;
    if (m_selected)
        for (const chart::Marker& m : m_layout.markers)
            if (m_shown[m.operation] == *m_selected)
                rings.push_back(m.at);
    setPoints(m_highlight, rings);
}

QVector<QPointF> RooflineChart::highlightPoints() const
{
    return pointsOf(m_highlight);
}

std::optional<QPointF> RooflineChart::markerPixel(std::size_t operation) const
{
    for (const chart::Marker& m : m_layout.markers)
        if (m.binding && m_shown[m.operation] == operation)
            return QPointF(xAxis->coordToPixel(m.at.x), yAxis->coordToPixel(m.at.y));
    return std::nullopt;
}

std::optional<RooflineChart::Hit> RooflineChart::markerAt(const QPointF& pixel) const
{
    const double reach = 8 * m_theme.zoom;
    std::optional<Hit> hit;
    double nearest = reach;
    for (std::size_t j = 0; j < m_layout.markers.size(); ++j) {
        const chart::Marker& m = m_layout.markers[j];
        if (j < m_stacks.drawnAs.size() && m_stacks.drawnAs[j] != j)
            continue; // another marker is drawn for it: a press takes the one drawn
        const double distance
            = std::hypot(xAxis->coordToPixel(m.at.x) - pixel.x(), yAxis->coordToPixel(m.at.y) - pixel.y());
        if (distance <= nearest) {
            nearest = distance;
            hit = Hit { m_shown[m.operation], m_evaluations[m.operation].resources[m.resource].name };
        }
    }
    return hit;
}

void RooflineChart::pressMarker(QMouseEvent* event)
{
    m_pressed.reset();
    m_markerDragging = false;
    if (event->button() != Qt::LeftButton)
        return;
    m_pressed = markerAt(event->position());
    if (m_pressed)
        emit operationClicked(m_pressed->operation);
}

void RooflineChart::dragMarker(QMouseEvent* event)
{
    if (!m_pressed || !(event->buttons() & Qt::LeftButton))
        return;
    if (!m_markerDragging) {
        m_markerDragging = true;
        emit markerDragStarted(m_pressed->operation);
    }
    // Along its roof a marker's place is its intensity: the pointer's x.
    const double intensity = xAxis->pixelToCoord(event->position().x());
    if (std::isfinite(intensity) && intensity > 0)
        emit markerDragged(m_pressed->operation, m_pressed->resource, intensity);
}

void RooflineChart::releaseMarker(QMouseEvent*)
{
    const bool dragged = m_markerDragging;
    m_pressed.reset();
    m_markerDragging = false;
    if (dragged)
        emit markerDragFinished();
}

} // namespace roofline::widgets
