// SPDX-License-Identifier: GPL-3.0-or-later
// The roofline chart's frame: the title, left out of a short chart, the log ticks fitted to the axes' length, and the
// presentation's frame, whose tick labels and axis names lie inside the plot.
#include "chart/roofline_chart.h"

#include "common/chart_text.h"
#include "common/si_log_ticker.h"

#include <QFontMetricsF>

#include <algorithm>
#include <cmath>

namespace roofline::widgets {

void RooflineChart::fitTo(QSize size)
{
    // The presentation's frame gives the chart the whole screen and the band names the lesson: there the title
    // keeps to taller charts.
    showTitle(size.height() >= (m_axesInside ? kTitledHeightInside : kTitledHeight) * m_theme.zoom);
    const QSize change = m_tickViewport.isValid() ? size - m_tickViewport.size() : QSize();
    const QSizeF plot = QSizeF(axisRect()->rect().size() + change);
    fitLogTicks(this, size, m_tickViewport);
    fitInsideFrame(plot);
}

void RooflineChart::setAxesInside(bool inside)
{
    if (inside == m_axesInside)
        return;
    m_axesInside = inside;
    for (QCPAxis* axis : { xAxis, yAxis })
        axis->setTickLabelSide(inside ? QCPAxis::lsInside : QCPAxis::lsOutside);
    m_frameKey.clear();
    refresh();
}

void RooflineChart::fitInsideFrame(QSizeF plot)
{
    auto xTicker = xAxis->ticker().dynamicCast<SiLogTicker>();
    auto yTicker = yAxis->ticker().dynamicCast<SiLogTicker>();
    if (!m_axesInside || !xTicker || !yTicker || !m_xName || !m_yName) {
        if (xTicker)
            xTicker->setKeepOut(0, 0, 0);
        if (yTicker)
            yTicker->setKeepOut(0, 0, 0);
        axisRect()->insetLayout()->setMargins(m_legendInset);
        // On the right, room for half of the last tick label, which is centred on the axis's end ("100 k" the widest).
        const double lastTick = QFontMetricsF(xAxis->tickLabelFont()).horizontalAdvance(QStringLiteral("100 k")) / 2;
        axisRect()->setMinimumMargins(QMargins(10, 6, static_cast<int>(std::ceil(lastTick + 4 * m_theme.zoom)), 6));
        return;
    }
    m_insidePlot = plot;
    const int margin = static_cast<int>(std::lround(6 * m_theme.zoom)); // a line's width from the chart's edge
    axisRect()->setMinimumMargins(QMargins(margin, margin, margin, margin));
    // The x labels' row along the bottom, the y labels above it: a y label stays half a line clear of the row, an x
    // label half its width from the plot's sides, and the y labels clear of the y axis's name in the top left.
    const double pad = 4 * m_theme.zoom;
    const double xStrip = keepInsideTickLabelsApart(xAxis, yAxis, plot, pad, pad + textSize(m_yName).height());
    QMargins legendInset = m_legendInset;
    legendInset.setBottom(legendInset.bottom() + static_cast<int>(std::ceil(xStrip + textSize(m_xName).height())));
    axisRect()->insetLayout()->setMargins(legendInset);
}

QString RooflineChart::composeTitle(bool modifiedMark) const
{
    QString compared;
    if (m_analysis->compared.size() == 1)
        compared = tr(" vs %1").arg(qs(m_analysis->compared.front().hardware.name));
    else if (!m_analysis->compared.empty())
        compared = tr(" vs %1 chips").arg(m_analysis->compared.size());
    return QStringLiteral("%1 · %2%3%4")
        .arg(qs(m_analysis->hardware.name), qs(std::string(dtypeName(m_analysis->dtype))),
            modifiedMark ? tr(" (modified)") : QString(), compared);
}

void RooflineChart::showTitle(bool shown)
{
    if (shown == (m_title->layout() != nullptr))
        return;
    m_title->setVisible(shown); // out of the layout it would still be drawn where it last was
    if (shown) {
        plotLayout()->insertRow(0);
        plotLayout()->addElement(0, 0, m_title);
    } else {
        plotLayout()->take(m_title);
        plotLayout()->simplify();
    }
}

std::vector<QRectF> RooflineChart::axisNameBoxes()
{
    std::vector<QRectF> boxes;
    if (!m_axesInside || !m_xName || !m_yName) {
        for (QCPItemRect* veil : m_tickVeils)
            veil->setVisible(false);
        return boxes;
    }
    auto add = [&boxes](const QRectF& r) { boxes.push_back(r); };
    const QRect plot = axisRect()->rect();
    const double pad = 4 * m_theme.zoom;
    // The x axis's name right-aligned above its tick labels, as high as the row they take.
    const std::vector<std::pair<QString, QRectF>> xTicks = tickLabelBoxes(xAxis);
    double row = plot.bottom() - (std::max(xAxis->tickLengthIn(), xAxis->subTickLengthIn()) + xAxis->tickLabelPadding())
        - QFontMetricsF(xAxis->tickLabelFont()).height();
    for (const auto& [label, box] : xTicks) {
        row = std::min(row, box.top());
        add(box);
    }
    for (const auto& [label, box] : tickLabelBoxes(yAxis))
        add(box);
    // Each tick label on a veil of the background, a line's width wider, under it: a roof passes beneath it.
    const double rim = m_theme.width(1.5);
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        if (i == m_tickVeils.size()) {
            auto* veil = new QCPItemRect(this);
            veil->setLayer(QStringLiteral("veils"));
            veil->setPen(Qt::NoPen);
            veil->setClipToAxisRect(false);
            veil->topLeft->setType(QCPItemPosition::ptAbsolute);
            veil->bottomRight->setType(QCPItemPosition::ptAbsolute);
            m_tickVeils.push_back(veil);
        }
        m_tickVeils[i]->setBrush(QBrush(halo()));
        m_tickVeils[i]->topLeft->setPixelPosition(boxes[i].topLeft() - QPointF(rim, 0));
        m_tickVeils[i]->bottomRight->setPixelPosition(boxes[i].bottomRight() + QPointF(rim, 0));
        m_tickVeils[i]->setVisible(true);
    }
    for (std::size_t i = boxes.size(); i < m_tickVeils.size(); ++i)
        m_tickVeils[i]->setVisible(false);
    m_xName->position->setPixelPosition(QPointF(plot.right() - pad, row - pad));
    m_yName->position->setPixelPosition(QPointF(plot.left() + pad, plot.top() + pad));
    for (const QCPItemText* name : { m_xName, m_yName }) {
        const QSizeF size = textSize(name);
        const QPointF at = name->position->pixelPosition();
        const bool right = name->positionAlignment().testFlag(Qt::AlignRight);
        const bool bottom = name->positionAlignment().testFlag(Qt::AlignBottom);
        add(QRectF(right ? at.x() - size.width() : at.x(), bottom ? at.y() - size.height() : at.y(), size.width(),
            size.height()));
    }
    return boxes;
}

} // namespace roofline::widgets
