// SPDX-License-Identifier: GPL-3.0-or-later
#include "chart/chart_layer.h"

#include <QFontMetricsF>

namespace roofline::widgets {

QSizeF TextSizes::box(const QFont& font, const QString& text)
{
    QHash<QString, QSizeF>& sizes = m_boxes[font];
    if (const auto it = sizes.constFind(text); it != sizes.constEnd())
        return *it;
    if (sizes.size() > 4096)
        sizes.clear(); // slider steps change numbers in names: keep the cache bounded
    const QRectF r = QFontMetricsF(font).boundingRect(text);
    const QSizeF size(r.width() + 6, r.height());
    sizes.insert(text, size);
    return size;
}

void TextSizes::clear()
{
    m_boxes.clear();
    m_items.clear();
}

std::vector<std::size_t> LineFamilies::of(const std::string& resource, std::size_t own) const
{
    std::vector<std::size_t> out;
    for (const auto& [line, name] : m_lines)
        if (name == resource && line != own)
            out.push_back(line);
    return out;
}

void addRidgeItems(const LayerContext& ctx, RoofItems& items)
{
    const ChartTheme& t = ctx.theme;
    items.ridgeLabel = ctx.addText(8, t.foreground);
    items.ridgeLabel->setBrush(QBrush(ctx.halo()));
    items.ridgeLabel->setPositionAlignment(Qt::AlignCenter);
    items.ridgeLabel->position->setType(QCPItemPosition::ptAbsolute);
    items.ridgeLeader = new QCPItemLine(&ctx.plot);
    items.ridgeLeader->setPen(QPen(t.foreground, t.width(1)));
    items.ridgeLeader->start->setType(QCPItemPosition::ptAbsolute);
    items.ridgeLeader->end->setType(QCPItemPosition::ptAbsolute);
    items.ridgeLeader->setVisible(false);
}

void setRoof(RoofItems& items, const chart::RoofSegment& r, const QString& name)
{
    items.line->start->setCoords(r.from.x, r.from.y);
    items.line->end->setCoords(r.to.x, r.to.y);
    items.label->setText(name);
    items.label->position->setCoords(r.label.x, r.label.y);
}

QVector<QPointF> pointsOf(const QCPGraph* graph)
{
    QVector<QPointF> out;
    if (!graph)
        return out;
    for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
        out.append(QPointF(it->key, it->value));
    return out;
}

void setPoints(QCPGraph* graph, const std::vector<chart::Point>& points)
{
    QVector<QCPGraphData> data;
    data.reserve(static_cast<qsizetype>(points.size()));
    for (const chart::Point& p : points)
        data.append(QCPGraphData(p.x, p.y));
    graph->data()->set(data, false);
}

} // namespace roofline::widgets
