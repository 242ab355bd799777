// SPDX-License-Identifier: GPL-3.0-or-later
// A layer of the chart in a paint buffer of its own that a slider step draws again only when what it holds moved.
#include "chart/still_layer.h"

#include <QHashFunctions>

namespace roofline::widgets {
namespace {

std::size_t printOf(std::size_t seed, const QPen& pen)
{
    return qHashMulti(seed, pen.color().rgba(), pen.widthF(), int(pen.style()));
}

std::size_t printOf(std::size_t seed, const QCPAbstractItem& item)
{
    for (const QCPItemPosition* p : item.positions()) {
        const QPointF at = p->pixelPosition();
        seed = qHashMulti(seed, at.x(), at.y());
    }
    if (const auto* text = dynamic_cast<const QCPItemText*>(&item))
        return qHashMulti(seed, text->text(), text->color().rgba(), text->font().pointSizeF(), text->rotation(),
            int(text->positionAlignment()));
    if (const auto* line = dynamic_cast<const QCPItemLine*>(&item))
        return printOf(seed, line->pen());
    return seed;
}

std::size_t printOf(std::size_t seed, const QCPGraph& graph)
{
    seed = printOf(seed, graph.pen());
    const QCPScatterStyle& s = graph.scatterStyle();
    seed = printOf(qHashMulti(seed, int(s.shape()), s.size(), s.brush().color().rgba()), s.pen());
    seed = qHashMulti(seed, graph.data()->size());
    for (const QCPGraphData& d : *graph.data())
        seed = qHashMulti(seed, d.key, d.value);
    return seed;
}

} // namespace

void StillLayer::setUsed(bool used)
{
    if (m_layer && used != this->used())
        m_layer->setMode(used ? QCPLayer::lmBuffered : QCPLayer::lmLogical);
}

void StillLayer::drawn(bool fast)
{
    if (!used())
        return;
    m_print = print();
    m_fast = fast;
}

bool StillLayer::redrawIfChanged(bool fast)
{
    if (!used())
        return false;
    const std::size_t now = print();
    if (now == m_print && (fast || !m_fast))
        return false;
    m_layer->replot();
    m_print = now;
    m_fast = fast;
    return true;
}

std::size_t StillLayer::print() const
{
    std::size_t seed = 0;
    for (const QCPLayerable* child : m_layer->children()) {
        seed = qHashMulti(seed, child->visible());
        if (!child->visible())
            continue;
        if (const auto* item = dynamic_cast<const QCPAbstractItem*>(child))
            seed = printOf(seed, *item);
        else if (const auto* graph = dynamic_cast<const QCPGraph*>(child))
            seed = printOf(seed, *graph);
    }
    return seed;
}

} // namespace roofline::widgets
