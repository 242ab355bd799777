// SPDX-License-Identifier: GPL-3.0-or-later
// When and how the roofline chart redraws, as its RedrawPolicy says: a queued full replot, or the main layer alone
// while input follows input (a slider drag, a play), and the smooth redraw once it rests.
#include "chart/roofline_chart.h"

namespace roofline::widgets {

void RooflineChart::scheduleRedraw(bool full)
{
    switch (m_redraw.ask(full)) {
    case RedrawPolicy::Redraw::Full:
        replot(QCustomPlot::rpQueuedReplot);
        break;
    case RedrawPolicy::Redraw::Live:
        QMetaObject::invokeMethod(this, &RooflineChart::redrawLive, Qt::QueuedConnection);
        break;
    case RedrawPolicy::Redraw::Queued:
        break;
    }
}

void RooflineChart::setDragging(bool dragging)
{
    m_redraw.setDragging(dragging);
    if (!dragging) {
        // Held axes that something would leave take the content's range now.
        if (const auto held = m_axes.held(m_analysis->frame());
            held && chart::keepOrRescale(*held, m_layout.natural) != *held)
            refresh();
    }
    updateDrawing();
}

void RooflineChart::settle()
{
    m_redraw.rest();
    updateDrawing();
}

void RooflineChart::updateDrawing()
{
    if (!m_redraw.turn())
        return;
    const bool fast = m_redraw.fast();
    if (!m_redraw.file())
        applyDrawing(fast);
    if (fast)
        return;
    // The main layer alone, unless a full replot drew the axes, the legend's icons or the whole frame fast, or the
    // legend showed the moving names cut short through the input: now whole again.
    if (m_operations.nameLegendRows(context(), false))
        m_legendSize = QSize();
    scheduleRedraw(m_redraw.fullWhileFast() || m_redraw.frameChanged(frameKey()));
}

void RooflineChart::applyDrawing(bool fast)
{
    setNotAntialiasedElements(fast ? QCP::aePlottables | QCP::aeItems | QCP::aeFills : QCP::aeNone);
    if (!fast) {
        m_sprites.restore();
        return;
    }
    if (devicePixelRatioF() != 1)
        return; // QCustomPlot centres a marker's image by its size in device pixels
    m_sprites.stamp(m_roofs.ridgeDots());
    m_sprites.stamp(m_measured.predictions()); // the model's marks beside linked kernels: thousands in a large capture
    for (QCPGraph* graph : m_operations.markerGraphs())
        m_sprites.stamp(graph);
}

RooflineChart::SmoothScope::SmoothScope(QCustomPlot& plot)
    : m_chart(qobject_cast<RooflineChart*>(&plot))
{
    if (!m_chart || !m_chart->m_redraw.enterFile())
        return;
    if (m_chart->m_redraw.fast())
        m_chart->applyDrawing(false);
    // The window's state stays in the window: a file or a slide shows the chart alone.
    QCPTextElement* title = m_chart->m_frame.title();
    m_title = title->text();
    title->setText(ChartFrame::composeTitle(*m_chart->m_analysis, false));
    for (QCPGraph* ring : { m_chart->m_operations.rings(), m_chart->m_measured.ring() })
        if (ring && ring->visible()) {
            m_rings.push_back(ring);
            ring->setVisible(false);
        }
}

RooflineChart::SmoothScope::~SmoothScope()
{
    if (!m_chart || !m_chart->m_redraw.leaveFile())
        return;
    if (m_chart->m_redraw.fast())
        m_chart->applyDrawing(true);
    m_chart->m_frame.title()->setText(m_title);
    for (QCPGraph* ring : m_rings)
        ring->setVisible(true);
}

void RooflineChart::finishRedraw()
{
    const bool settledNow = m_redraw.finished();
    emit redrawn();
    if (settledNow)
        emit settled();
}

QString RooflineChart::frameKey() const
{
    return QStringLiteral("%1|%2|%3|%4|%5|%6")
        .arg(m_layout.x.lowerDecade)
        .arg(m_layout.x.upperDecade)
        .arg(m_layout.y.lowerDecade)
        .arg(m_layout.y.upperDecade)
        .arg(m_frame.key(), m_signature + m_operations.legendNames());
}

void RooflineChart::redrawLive()
{
    if (!m_redraw.liveRuns())
        return; // the queued replot draws everything
    const bool legendShown = legend->visible();
    if (hasInvalidatedPaintBuffers() || m_redraw.frameChanged(frameKey()) || axisRect()->rect() != m_redraw.frameRect()
        || rect() != viewport()) {
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
    m_compared.still().redrawIfChanged(m_redraw.fast());
    m_mainLayer->replot();
    finishRedraw();
}

} // namespace roofline::widgets
