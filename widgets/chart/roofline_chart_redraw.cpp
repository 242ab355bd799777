// SPDX-License-Identifier: GPL-3.0-or-later
// When and how the roofline chart redraws: a queued full replot, or the main layer alone while input follows input
// (a slider drag, a play), and the smooth redraw once it rests.
#include "chart/roofline_chart.h"

namespace roofline::widgets {

void RooflineChart::scheduleRedraw(bool full)
{
    if (full || m_fullQueued) {
        m_fullQueued = true;
        replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    if (m_liveQueued)
        return;
    m_liveQueued = true;
    QMetaObject::invokeMethod(this, &RooflineChart::redrawLive, Qt::QueuedConnection);
}

void RooflineChart::setDragging(bool dragging)
{
    m_dragging = dragging;
    if (!dragging) {
        m_settle.stop(); // the handle let go: input rests
        // Held axes that something would leave take the content's range now.
        if (const auto held = heldAxes(); held && chart::keepOrRescale(*held, m_layout.natural) != *held)
            refresh();
    }
    updateDrawing();
}

void RooflineChart::settle()
{
    m_settle.stop();
    updateDrawing();
}

void RooflineChart::updateDrawing()
{
    const bool fast = m_dragging || m_settle.isActive();
    if (fast == m_fast)
        return;
    m_fast = fast;
    if (m_smoothScopes == 0)
        applyDrawing(fast);
    m_settling = !fast;
    if (fast) {
        m_fullWhileFast = false;
        return;
    }
    // The main layer alone, unless a full replot drew the axes, the legend's icons or the whole frame fast, or the
    // legend showed the moving names cut short through the input: now whole again.
    updateLegendNames();
    scheduleRedraw(m_fullWhileFast || frameChanged());
}

void RooflineChart::applyDrawing(bool fast)
{
    setNotAntialiasedElements(fast ? QCP::aePlottables | QCP::aeItems | QCP::aeFills : QCP::aeNone);
    useMarkerSprites(fast);
}

RooflineChart::SmoothScope::SmoothScope(QCustomPlot& plot)
    : m_chart(qobject_cast<RooflineChart*>(&plot))
{
    if (!m_chart || m_chart->m_smoothScopes++ > 0)
        return;
    if (m_chart->m_fast)
        m_chart->applyDrawing(false);
    // The window's state stays in the window: a file or a slide shows the chart alone.
    m_title = m_chart->m_title->text();
    m_chart->m_title->setText(m_chart->composeTitle(false));
    for (QCPGraph* ring : { m_chart->m_highlight, m_chart->m_measured.ring() })
        if (ring && ring->visible()) {
            m_rings.push_back(ring);
            ring->setVisible(false);
        }
}

RooflineChart::SmoothScope::~SmoothScope()
{
    if (!m_chart || --m_chart->m_smoothScopes > 0)
        return;
    if (m_chart->m_fast)
        m_chart->applyDrawing(true);
    m_chart->m_title->setText(m_title);
    for (QCPGraph* ring : m_rings)
        ring->setVisible(true);
}

void RooflineChart::finishRedraw()
{
    if (!m_fast)
        m_fullWhileFast = false;
    emit redrawn();
    if (m_settling && !m_fast) {
        m_settling = false;
        emit settled();
    }
}

void RooflineChart::redrawLive()
{
    m_liveQueued = false;
    if (m_fullQueued)
        return; // the queued replot draws everything
    const bool legendShown = legend->visible();
    if (hasInvalidatedPaintBuffers() || frameChanged() || axisRect()->rect() != m_frameRect || rect() != viewport()) {
        replot();
        return;
    }
    // The axes are as the last layout left them, so pixel positions hold: place the texts, redraw one layer. The
    // legend and the chips' key are on a layer of their own: when either shows, hides or moves, everything is drawn.
    const bool keyShown = m_compared.key()->visible();
    const QRect keyRect = m_compared.key()->outerRect();
    placeLabels();
    if (legend->visible() != legendShown || m_compared.key()->visible() != keyShown
        || (keyShown && m_compared.key()->outerRect() != keyRect)) {
        replot();
        return;
    }
    m_mainLayer->replot();
    finishRedraw();
}

} // namespace roofline::widgets
