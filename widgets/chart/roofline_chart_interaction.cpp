// SPDX-License-Identifier: GPL-3.0-or-later
// The roofline chart's answers to the user: axes that hold still, the selected operation's rings, the hover, and
// markers pressed and dragged.
#include "chart/roofline_chart.h"

#include "chart/measured.h"

#include <QToolTip>

#include <cmath>

namespace roofline::widgets {

void RooflineChart::setAxesLocked(bool locked)
{
    if (locked == m_axes.locked())
        return;
    m_axes.setLocked(locked);
    refresh();
}

void RooflineChart::fitAxes()
{
    m_axes.fit();
    refresh();
}

void RooflineChart::openView(std::optional<chart::DecadeRange> x, std::optional<chart::DecadeRange> y)
{
    const Analysis& a = *m_analysis;
    chart::Axes natural;
    if (x || y) {
        // The axis the view leaves open holds what the chart's own would: the measured kernels and each compared
        // chip's ridges and markers too.
        std::vector<Evaluation> shown;
        for (std::size_t op : a.shown())
            shown.push_back(a.operations[op].evaluation.value());
        ComparedLayer compared;
        const std::vector<chart::OverlayChip> chips = compared.prepare(a, a.shown());
        const std::vector<chart::Point> measured
            = a.measured ? chart::measuredExtent(*a.measured) : std::vector<chart::Point> {};
        natural = chart::layouts(a.hardware, a.dtype, shown, a.frame(), chips, measured).layout.natural;
    }
    m_axes.openView(x, y, natural, a.frame());
    refresh();
}

void RooflineChart::setSelectedOperation(std::optional<std::size_t> operation)
{
    if (operation == m_selected)
        return;
    m_selected = operation;
    if (m_analysis->calibration()) { // the curved roof is the selected operation's
        m_calibrated.layOut(context(), m_selected);
        if (signature() != m_signature) {
            refresh(); // a curve appears or goes: the items are made anew
            return;
        }
        m_calibrated.update(context());
    }
    m_operations.ring(context(), m_selected);
    scheduleRedraw(false);
}

QString RooflineChart::hoverText(const QPointF& pixel) const
{
    const double reach = 8 * m_theme.zoom;
    const LayerContext ctx = context();
    for (const QString& text : { m_operations.hover(ctx, pixel, reach), m_compared.hover(ctx, pixel, reach),
             m_measured.hover(ctx, pixel), m_roofs.hover(ctx, pixel, reach) })
        if (!text.isEmpty())
            return text;
    return {};
}

void RooflineChart::showHover(QMouseEvent* event)
{
    const QString text = hoverText(event->position());
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, this);
}

void RooflineChart::pressMarker(QMouseEvent* event)
{
    m_pressed.reset();
    m_markerDragging = false;
    if (event->button() != Qt::LeftButton)
        return;
    m_pressed = m_operations.markerAt(context(), event->position(), 8 * m_theme.zoom);
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
