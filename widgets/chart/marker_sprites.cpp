// SPDX-License-Identifier: GPL-3.0-or-later
#include "chart/marker_sprites.h"

#include <cmath>

namespace roofline::widgets {

namespace {

// A marker drawn once, antialiased, centred in an image with room for its pen.
QPixmap markerImage(const QCPScatterStyle& style)
{
    const int extent = int(std::ceil(style.size() + style.pen().widthF() + 2));
    QPixmap pixmap(extent, extent);
    pixmap.fill(Qt::transparent);
    QCPPainter painter(&pixmap);
    painter.setAntialiasing(true);
    style.applyTo(&painter, style.pen());
    style.drawShape(&painter, extent / 2.0, extent / 2.0);
    return pixmap;
}

} // namespace

void MarkerSprites::stamp(QCPGraph* graph)
{
    if (!graph)
        return;
    const QCPScatterStyle style = graph->scatterStyle();
    if (style.isNone() || style.shape() == QCPScatterStyle::ssPixmap || !m_vector.emplace(graph, style).second)
        return;
    const QString key = QStringLiteral("%1 %2 %3 %4 %5")
                            .arg(int(style.shape()))
                            .arg(style.size())
                            .arg(style.pen().color().rgba())
                            .arg(style.pen().widthF())
                            .arg(style.brush().color().rgba());
    auto image = m_images.find(key);
    if (image == m_images.end())
        image = m_images.insert(key, markerImage(style));
    graph->setScatterStyle(QCPScatterStyle(*image));
}

void MarkerSprites::restore()
{
    for (const auto& [graph, style] : m_vector)
        graph->setScatterStyle(style);
    m_vector.clear();
}

QCPScatterStyle MarkerSprites::vectorStyle(const QCPGraph* graph) const
{
    const auto it = m_vector.find(const_cast<QCPGraph*>(graph));
    return it != m_vector.end() ? it->second : graph->scatterStyle();
}

} // namespace roofline::widgets
