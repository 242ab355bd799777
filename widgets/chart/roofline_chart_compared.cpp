// SPDX-License-Identifier: GPL-3.0-or-later
// The chips compared with the session's (Analysis::compared, View ▸ Compare with…): each chip's roofs in a line style
// of its own, its markers in a shape of its own in each operation's colour, a thin arrow from each operation's binding
// marker on the session's chip to its marker on each other chip, and one legend row per chip.
#include "chart/roofline_chart.h"

#include "common/chart_text.h"
#include "common/compared_style.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <QSet>

namespace roofline::widgets {

void RooflineChart::buildCompared()
{
    const Analysis& a = *m_analysis;
    if (a.compared.empty())
        return;
    const ChartTheme& t = m_theme;
    // The legend names the chips first: the session's with its solid roof and round marker, then each other.
    QCPGraph* own = addGraph();
    own->setName(qs(a.hardware.name));
    own->setPen(QPen(t.foreground, t.width(2)));
    own->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(t.foreground, t.width(2)), QBrush(t.foreground), 9 * t.zoom));
    own->addToLegend();
    m_chipKey->setFont(t.font(8.5));
    m_chipKey->setTextColor(t.foreground);
    m_chipKey->setBrush(QBrush(halo()));
    m_chipKey->setBorderPen(Qt::NoPen);
    m_chipKey->setIconSize(static_cast<int>(24 * t.zoom), static_cast<int>(10 * t.zoom));
    // The key's rows draw as the legend's, under the chips' short names: they have no data of their own.
    auto keyRow = [this](const QCPGraph* row) {
        QCPGraph* g = addGraph();
        g->setPen(row->pen());
        g->setScatterStyle(row->scatterStyle());
        g->addToLegend(m_chipKey);
        m_chipKeyGraphs.push_back(g);
    };
    keyRow(own);
    m_chipLegends.push_back(own);
    const std::vector<Operation>& ops = a.session.operations;
    for (std::size_t k = 0; k < a.compared.size() && k < m_overlays.size(); ++k) {
        ComparedItems chip;
        for (const chart::RoofSegment& r : m_overlays[k].roofs) {
            RoofItems items;
            items.line = new QCPItemLine(this);
            const QColor colour = r.kind == RoofKind::Compute ? t.foreground
                : r.kind == RoofKind::Memory                  ? t.memoryRoof
                                                              : t.networkRoof;
            items.line->setPen(comparedPen(k, colour, t.width(1.6)));
            if (r.kind == RoofKind::Compute) {
                items.label = addText(9, colour);
                items.label->setPadding(QMargins(2, 0, 2, 1));
                items.label->setBrush(QBrush(halo()));
            }
            chip.roofs.push_back(items);
        }
        chip.legend = addGraph();
        chip.legend->setName(qs(a.compared[k].hardware.name));
        chip.legend->setPen(comparedPen(k, t.foreground, t.width(2)));
        chip.legend->setScatterStyle(
            QCPScatterStyle(comparedShape(k), QPen(t.foreground, t.width(2)), QBrush(t.background), 11 * t.zoom));
        chip.legend->addToLegend();
        keyRow(chip.legend);
        m_chipLegends.push_back(chip.legend);
        // One graph per operation colour: a chip's markers are few graphs whatever the number of operations.
        std::set<std::size_t> shownIndices; // the operations with a marker here, each colour looked up once
        for (const chart::Marker& m : m_overlays[k].markers)
            shownIndices.insert(m.operation);
        std::set<std::string> colours;
        for (const std::size_t i : shownIndices)
            colours.insert(ops[m_shown[i]].colour);
        for (const std::string& name : colours) {
            const QColor colour = t.operationColour(name);
            QCPGraph*& graph = chip.markers[colour.rgba()];
            if (!graph) {
                graph = addGraph();
                graph->setLineStyle(QCPGraph::lsNone);
                graph->setScatterStyle(
                    QCPScatterStyle(comparedShape(k), QPen(colour, t.width(2)), QBrush(t.background), 11 * t.zoom));
            }
        }
        for (std::size_t i = 0; i < std::min(m_overlays[k].markers.size(), kComparedArrows); ++i) {
            const chart::Marker& m = m_overlays[k].markers[i];
            QColor colour = t.operationColour(ops[m_shown[m.operation]].colour);
            colour.setAlpha(180);
            auto* arrow = new QCPItemLine(this);
            arrow->setPen(QPen(colour, t.width(1)));
            arrow->setHead(QCPLineEnding(QCPLineEnding::esSpikeArrow, 7 * t.zoom, 9 * t.zoom));
            chip.arrows.push_back(arrow);
        }
        m_compared.push_back(std::move(chip));
    }
    for (ComparedItems& chip : m_compared)
        for (const auto& [colour, graph] : chip.markers)
            graph->setLayer(m_mainLayer); // above the roofs and arrows
}

// When the legend steps aside, the compared chips' names in a key of their own: the dashes stay named.
void RooflineChart::placeChipKey(Taken& taken, const chart::Box& area)
{
    const QRect plot = axisRect()->rect();
    m_chipKey->setVisible(!legend->visible() && m_chipKey->itemCount() > 0);
    if (m_chipKey->visible()) {
        // In the top left corner under the highest flat roof, left of the ridges and above the slopes, where no
        // marker can be; else where the legend sits.
        double top = plot.top();
        std::vector<std::pair<QPointF, QPointF>> slopes; // in pixels
        auto pixel
            = [this](const chart::Point& p) { return QPointF(xAxis->coordToPixel(p.x), yAxis->coordToPixel(p.y)); };
        for (const chart::RoofSegment& r : m_layout.roofs)
            if (r.kind == RoofKind::Compute && r.selected)
                top = std::max(top, yAxis->coordToPixel(r.from.y));
            else if (r.kind != RoofKind::Compute)
                slopes.emplace_back(pixel(r.from), pixel(r.to));
        for (const chart::Overlay& o : m_overlays)
            for (const chart::RoofSegment& r : o.roofs)
                if (r.kind == RoofKind::Compute)
                    top = std::max(top, yAxis->coordToPixel(r.from.y));
                else
                    slopes.emplace_back(pixel(r.from), pixel(r.to));
        auto crossesSlope = [&slopes](const QRectF& box) {
            const QPointF corners[] = { box.topLeft(), box.topRight(), box.bottomRight(), box.bottomLeft() };
            for (const auto& [a, b] : slopes) {
                if (box.contains(a) || box.contains(b))
                    return true;
                for (int i = 0; i < 4; ++i)
                    if (chart::segmentsMeet({ a.x(), a.y() }, { b.x(), b.y() }, { corners[i].x(), corners[i].y() },
                            { corners[(i + 1) % 4].x(), corners[(i + 1) % 4].y() }))
                        return true;
            }
            return false;
        };
        // From the left edge rightwards, a tenth of the plot at a time, clear of what is placed already (markers,
        // axis names, tick labels inside the frame) and of every slope; left out where no spot is clear.
        // One chip to a row, then two: each tried along the top left, then in the bottom right corner, right of the
        // ridges and under the flat roofs, where the legend itself sits.
        const double pad = 4 * m_theme.zoom;
        std::optional<QRect> key;
        for (int columns = 1; columns <= 2 && !key; ++columns) {
            if (m_chipKey->wrap() != columns) {
                m_chipKey->setWrap(columns);
                m_chipKey->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
            }
            const QSize size = m_chipKey->minimumOuterSizeHint();
            std::vector<QRect> spots;
            for (int step = 0; step < 6; ++step)
                spots.emplace_back(static_cast<int>(plot.left() + pad + step * plot.width() / 10.0),
                    static_cast<int>(std::ceil(top + pad)), size.width(), size.height());
            spots.emplace_back(static_cast<int>(plot.right() - pad - size.width()),
                static_cast<int>(plot.bottom() - pad - size.height()), size.width(), size.height());
            for (const QRect& r : spots) {
                const chart::Box box { double(r.left()), double(r.top()), double(r.width()), double(r.height()) };
                if (area.contains(box) && !taken.overlaps(box) && !crossesSlope(QRectF(r))) {
                    key = r;
                    break;
                }
            }
        }
        m_chipKey->setVisible(key.has_value());
        if (key) {
            QCPLayoutInset* inset = axisRect()->insetLayout();
            const QRect within = inset->rect(); // what the inset's fractions are of
            for (int i = 0; i < inset->elementCount(); ++i)
                if (inset->elementAt(i) == m_chipKey && within.width() > 0 && within.height() > 0) {
                    inset->setInsetPlacement(i, QCPLayoutInset::ipFree);
                    inset->setInsetRect(i,
                        QRectF(double(key->left() - within.left()) / within.width(),
                            double(key->top() - within.top()) / within.height(), double(key->width()) / within.width(),
                            double(key->height()) / within.height()));
                }
            // This layout's place, its rows laid out in it; the inset places it so in the next.
            m_chipKey->setOuterRect(*key);
            m_chipKey->update(QCPLayoutElement::upLayout);
            taken.add({ double(key->left()), double(key->top()), double(key->width()), double(key->height()) });
        }
    }
}

void RooflineChart::updateCompared()
{
    // The legend's chip rows name the chips of this analysis: another chip may take the session's place with the
    // same roofs, which rebuilds nothing.
    for (std::size_t k = 0; k < m_chipLegends.size(); ++k) {
        const Hardware& hw = k == 0 ? m_analysis->hardware : m_analysis->compared[k - 1].hardware;
        const std::string& name = hw.name;
        if (k < m_chipKeyGraphs.size())
            m_chipKeyGraphs[k]->setName(qs(shortChipName(hw)));
        if (m_chipLegends[k]->name() != qs(name)) {
            m_chipLegends[k]->setName(qs(name));
            m_legendSize = QSize();
        }
    }
    // The roofs and their labels; the markers and arrows, which depend on pixels, after the layout (placeCompared).
    for (std::size_t k = 0; k < m_compared.size() && k < m_overlays.size(); ++k) {
        const chart::Overlay& o = m_overlays[k];
        ComparedItems& chip = m_compared[k];
        for (std::size_t i = 0; i < o.roofs.size() && i < chip.roofs.size(); ++i) {
            const chart::RoofSegment& r = o.roofs[i];
            chip.roofs[i].line->start->setCoords(r.from.x, r.from.y);
            chip.roofs[i].line->end->setCoords(r.to.x, r.to.y);
            if (QCPItemText* label = chip.roofs[i].label) {
                label->setText(QStringLiteral("%1 %2").arg(
                    qs(m_analysis->compared[k].hardware.name), roofLabel(r, m_analysis->compared[k].hardware)));
                label->position->setCoords(r.label.x, r.label.y);
            }
        }
    }
}

// Runs after every layout, the chart's own and an export's, before the labels are placed (placeLabels): which markers
// share a pixel and where an arrow's head stops depend on pixels.
void RooflineChart::placeCompared()
{
    m_comparedPixels.clear();
    // The session's chip's binding marker of each shown operation: where the arrows start.
    std::vector<std::optional<chart::Point>> from(m_shown.size());
    for (const chart::Marker& m : m_layout.markers)
        if (m.binding && m.operation < from.size())
            from[m.operation] = m.at;
    for (std::size_t k = 0; k < m_compared.size() && k < m_overlays.size(); ++k) {
        const chart::Overlay& o = m_overlays[k];
        ComparedItems& chip = m_compared[k];
        // Markers of one colour in the same pixel are drawn once: thousands of operations crowd a few hundred
        // pixels along a chip's roofs, and drawing each of them cost a step ten times the session's chip's alone.
        std::map<QRgb, std::vector<chart::Point>> points;
        std::map<QRgb, QSet<QPoint>> pixels;
        for (const chart::Marker& m : o.markers) {
            const QRgb colour = m_operations[m.operation].colour.rgba();
            const double x = xAxis->coordToPixel(m.at.x);
            const double y = yAxis->coordToPixel(m.at.y);
            if (std::abs(x) < 1e6 && std::abs(y) < 1e6) {
                QSet<QPoint>& taken = pixels[colour];
                const QPoint pixel(int(std::floor(x)), int(std::floor(y)));
                if (taken.contains(pixel))
                    continue;
                taken.insert(pixel);
                m_comparedPixels.push_back({ x, y });
            }
            points[colour].push_back(m.at);
        }
        for (auto& [colour, graph] : chip.markers)
            setPoints(graph, points[colour]);
        for (std::size_t i = 0; i < chip.arrows.size() && i < o.markers.size(); ++i) {
            const chart::Marker& m = o.markers[i];
            QCPItemLine* arrow = chip.arrows[i];
            const std::optional<chart::Point>& start = from[m.operation];
            arrow->setVisible(start.has_value());
            if (start) {
                arrow->start->setCoords(start->x, start->y);
                arrow->end->setCoords(arrowTip(*start, m.at));
            }
        }
    }
}

QPointF RooflineChart::arrowTip(chart::Point from, chart::Point to) const
{
    // The head stops at the marker's edge, half its diameter short of its centre, so that the marker does not
    // cover it; before the plot has a size, at the centre.
    const QPointF a(xAxis->coordToPixel(from.x), yAxis->coordToPixel(from.y));
    const QPointF b(xAxis->coordToPixel(to.x), yAxis->coordToPixel(to.y));
    const double length = std::hypot(b.x() - a.x(), b.y() - a.y());
    const double back = 11 * m_theme.zoom / 2 + m_theme.width(2);
    if (!(length > 2 * back) || axisRect()->width() <= 0)
        return { to.x, to.y };
    const QPointF tip = b + (a - b) * (back / length);
    return { xAxis->pixelToCoord(tip.x()), yAxis->pixelToCoord(tip.y()) };
}

QString RooflineChart::comparedHover(const QPointF& pixel, double reach) const
{
    const Analysis& a = *m_analysis;
    QStringList found;
    for (std::size_t k = 0; k < m_overlays.size() && k < a.compared.size(); ++k)
        for (const chart::Marker& m : m_overlays[k].markers) {
            const QPointF at(xAxis->coordToPixel(m.at.x), yAxis->coordToPixel(m.at.y));
            if (std::hypot(at.x() - pixel.x(), at.y() - pixel.y()) <= reach)
                found.append(tr("<b>On %1</b><br>").arg(qs(a.compared[k].hardware.name).toHtmlEscaped())
                    + operationTooltip(
                        a.session.operations[m_shown[m.operation]], *m_comparedEvaluations[k][m.operation]));
        }
    if (!found.isEmpty())
        return found.join(QStringLiteral("<hr>"));
    for (std::size_t k = 0; k < m_overlays.size() && k < a.compared.size(); ++k)
        for (const chart::RoofSegment& r : m_overlays[k].roofs) {
            const chart::Point p { xAxis->coordToPixel(r.from.x), yAxis->coordToPixel(r.from.y) };
            const chart::Point q { xAxis->coordToPixel(r.to.x), yAxis->coordToPixel(r.to.y) };
            if (chart::distanceToSegment({ pixel.x(), pixel.y() }, p, q) <= reach / 2)
                return QStringLiteral("<b>%1</b><br>").arg(qs(a.compared[k].hardware.name).toHtmlEscaped())
                    + roofTooltip(r, a.compared[k].hardware, a.compared[k].dtype);
        }
    return {};
}

QVector<QPointF> RooflineChart::comparedMarkers(std::size_t chip) const
{
    QVector<QPointF> out;
    if (chip >= m_compared.size())
        return out;
    for (const auto& [colour, graph] : m_compared[chip].markers)
        out += pointsOf(graph);
    std::sort(out.begin(), out.end(), [](const QPointF& a, const QPointF& b) { return a.x() < b.x(); });
    return out;
}

QVector<QPointF> RooflineChart::comparedRoof(std::size_t chip, const QString& name) const
{
    if (chip >= m_compared.size() || chip >= m_overlays.size())
        return {};
    for (std::size_t i = 0; i < m_overlays[chip].roofs.size(); ++i)
        if (qs(m_overlays[chip].roofs[i].name) == name)
            return { m_compared[chip].roofs[i].line->start->coords(), m_compared[chip].roofs[i].line->end->coords() };
    return {};
}

std::vector<QLineF> RooflineChart::comparedArrows(std::size_t chip) const
{
    std::vector<QLineF> out;
    if (chip < m_compared.size())
        for (const QCPItemLine* arrow : m_compared[chip].arrows)
            if (arrow->visible())
                out.emplace_back(arrow->start->coords(), arrow->end->coords());
    return out;
}

} // namespace roofline::widgets
