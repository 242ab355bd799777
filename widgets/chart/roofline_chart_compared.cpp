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
    // The legend's samples, and the key's, long enough to show four periods of each chip's dashes, in a thinner pen
    // than the roofs' so that they stay short.
    const double samplePen = t.width(1.2);
    const int sample = comparedSampleLength(a.compared.size(), samplePen);
    legend->setIconSize(std::max(legend->iconSize().width(), sample), legend->iconSize().height());
    own->setPen(QPen(t.foreground, samplePen));
    own->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(t.foreground, t.width(2)), QBrush(t.foreground), 9 * t.zoom));
    own->addToLegend();
    m_chipKey->setFont(t.font(8.5));
    m_chipKey->setTextColor(t.foreground);
    m_chipKey->setBrush(QBrush(halo()));
    m_chipKey->setBorderPen(Qt::NoPen);
    m_chipKey->setIconSize(std::max(static_cast<int>(24 * t.zoom), sample), static_cast<int>(10 * t.zoom));
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
            // Each roof's name with the chip's ("H100 HBM 3.35 TB/s"), shown where it binds one of the chip's
            // markers (and the peak always), with its ridge's.
            items.label = addText(9, colour);
            items.label->setPadding(QMargins(2, 0, 2, 1));
            items.label->setBrush(QBrush(halo()));
            if (r.kind != RoofKind::Compute) {
                items.ridgeLabel = addText(8, t.foreground);
                items.ridgeLabel->setBrush(QBrush(halo()));
                items.ridgeLabel->position->setType(QCPItemPosition::ptAbsolute);
                items.ridgeLeader = new QCPItemLine(this);
                items.ridgeLeader->setPen(QPen(t.foreground, t.width(1)));
                items.ridgeLeader->start->setType(QCPItemPosition::ptAbsolute);
                items.ridgeLeader->end->setType(QCPItemPosition::ptAbsolute);
                items.ridgeLeader->setVisible(false);
            }
            chip.roofs.push_back(items);
        }
        chip.ridges = addGraph();
        chip.ridges->setLineStyle(QCPGraph::lsNone);
        chip.ridges->setScatterStyle(
            QCPScatterStyle(comparedShape(k), QPen(t.foreground, t.width(1.5)), QBrush(t.background), 7 * t.zoom));
        chip.legend = addGraph();
        chip.legend->setName(qs(a.compared[k].hardware.name));
        chip.legend->setPen(comparedPen(k, t.foreground, samplePen));
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
        }
        // The ridges of the roofs that bind one of the chip's markers, at its own peak.
        std::vector<chart::Point> ridges;
        const double peak = o.roofs.empty() ? 0 : o.roofs.front().value;
        for (const chart::RoofSegment& r : o.roofs)
            if (r.kind != RoofKind::Compute && bindsComparedMarker(k, r.name))
                ridges.push_back({ r.ridge, peak });
        setPoints(chip.ridges, ridges);
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

bool RooflineChart::bindsComparedMarker(std::size_t chip, const std::string& roof) const
{
    if (chip >= m_overlays.size() || chip >= m_comparedEvaluations.size())
        return false;
    for (const chart::Marker& m : m_overlays[chip].markers) {
        if (m.operation >= m_comparedEvaluations[chip].size() || !m_comparedEvaluations[chip][m.operation])
            continue;
        const Evaluation& e = *m_comparedEvaluations[chip][m.operation];
        const std::string bound = e.computeBound() ? std::string(dtypeName(e.dtype))
            : m.resource < e.resources.size()      ? e.resources[m.resource].name
                                                   : std::string();
        if (bound == roof)
            return true;
    }
    return false;
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
