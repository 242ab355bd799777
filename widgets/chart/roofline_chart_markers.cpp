// SPDX-License-Identifier: GPL-3.0-or-later
// The roofline chart's operations: their markers, their names beside them and the legend.
#include "chart/roofline_chart.h"

#include "common/chart_text.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>
#include <numeric>
#include <set>
#include <string>
#include <tuple>

namespace roofline::widgets {

namespace {

// Past the palette's colours, series differ in shape: the n-th series of a colour takes the n-th shape. The solid
// shapes come first, as their hollow and filled markers tell a non-binding resource from the binding one; the shapes
// drawn in lines alone, which cannot, only where a colour has more series (a model's groups).
QCPScatterStyle::ScatterShape shapeFor(int index)
{
    static constexpr QCPScatterStyle::ScatterShape shapes[] = { QCPScatterStyle::ssCircle, QCPScatterStyle::ssSquare,
        QCPScatterStyle::ssDiamond, QCPScatterStyle::ssTriangle, QCPScatterStyle::ssTriangleInverted,
        QCPScatterStyle::ssStar, QCPScatterStyle::ssCross, QCPScatterStyle::ssPlus };
    static_assert(std::size(shapes) == RooflineChart::kMarkerShapes);
    return shapes[index % int(std::size(shapes))];
}

QCPScatterStyle filledStyle(QCPScatterStyle::ScatterShape shape, const QColor& colour, const ChartTheme& t)
{
    return QCPScatterStyle(shape, QPen(colour, t.width(2)), QBrush(colour), 10 * t.zoom);
}

// A marker drawn once, antialiased, centred in an image with room for its pen.
QPixmap markerSprite(const QCPScatterStyle& style)
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

// While a slider is dragged, markers are stamped from images drawn once (QCPScatterStyle::ssPixmap) instead of each
// outline being stroked anew: with hundreds of operations the strokes are most of a step. The vector shapes come back
// on release, so every still chart and every export draws them. Only at a device pixel ratio of 1, since
// QCustomPlot centres a pixmap by its size in device pixels.
void RooflineChart::useMarkerSprites(bool sprites)
{
    if (!sprites) {
        for (const auto& [graph, style] : m_vectorMarkers)
            graph->setScatterStyle(style);
        m_vectorMarkers.clear();
        return;
    }
    if (devicePixelRatioF() != 1)
        return;
    auto stamp = [this](QCPGraph* graph) {
        if (!graph)
            return;
        const QCPScatterStyle style = graph->scatterStyle();
        if (style.isNone() || style.shape() == QCPScatterStyle::ssPixmap
            || !m_vectorMarkers.emplace(graph, style).second)
            return;
        const QString key = QStringLiteral("%1 %2 %3 %4 %5")
                                .arg(int(style.shape()))
                                .arg(style.size())
                                .arg(style.pen().color().rgba())
                                .arg(style.pen().widthF())
                                .arg(style.brush().color().rgba());
        auto sprite = m_sprites.find(key);
        if (sprite == m_sprites.end())
            sprite = m_sprites.insert(key, markerSprite(style));
        graph->setScatterStyle(QCPScatterStyle(*sprite));
    };
    stamp(m_ridges);
    stamp(m_highlight);
    stamp(m_measured.predictions()); // the model's marks beside linked kernels: thousands in a large capture
    for (const OperationItems& items : m_operations) {
        stamp(items.hollow);
        stamp(items.filled);
    }
}

std::optional<std::pair<QColor, int>> RooflineChart::markerStyle(std::size_t operation) const
{
    for (const OperationItems& items : m_operations)
        if (items.operation == operation) {
            const auto vector = m_vectorMarkers.find(items.hollow); // while dragging, the style behind the sprite
            const QCPScatterStyle& style
                = vector != m_vectorMarkers.end() ? vector->second : items.hollow->scatterStyle();
            return std::pair { items.colour, int(style.shape()) };
        }
    return std::nullopt;
}

// One graph per colour and shape holds the hollow markers of all operations that look alike, another their filled
// markers, and one curve per colour the lines joining each operation's markers, broken by NaN gaps between
// operations. Every line lies below every hollow marker, and those below the filled ones. A chart of thousands of
// operations then has a few dozen plottables: QCustomPlot draws each at a cost, and its registration of each new one
// searches the ones before it.
void RooflineChart::buildOperations()
{
    const ChartTheme& t = m_theme;
    const std::vector<Operation>& ops = m_analysis->session.operations;
    // Series drawn in the same colour differ in shape; the operations of one series share theirs (seriesKey), unless
    // a file gave them colours of their own.
    std::map<QRgb, std::map<std::string, int>> colourSeries;
    std::map<std::tuple<QRgb, int>, QCPGraph*> hollow;
    std::map<std::tuple<QRgb, int>, QCPGraph*> filled;
    std::map<QRgb, QCPCurve*> lines;
    m_operations.reserve(m_shown.size());
    for (const std::size_t op : m_shown) {
        OperationItems items;
        items.operation = op;
        items.colour = t.operationColour(ops[op].colour);
        std::map<std::string, int>& series = colourSeries[items.colour.rgb()];
        const auto shape
            = shapeFor(series.try_emplace(ops[op].colour + seriesKey(ops[op]), int(series.size())).first->second);
        QCPCurve*& line = lines[items.colour.rgba()];
        if (!line) {
            line = new QCPCurve(xAxis, yAxis);
            line->setPen(QPen(items.colour, t.width(1)));
            line->setScatterStyle(QCPScatterStyle());
        }
        items.line = line;
        QCPGraph*& markers = hollow[{ items.colour.rgba(), int(shape) }];
        if (!markers) {
            markers = addGraph();
            markers->setLineStyle(QCPGraph::lsNone);
            markers->setScatterStyle(
                QCPScatterStyle(shape, QPen(items.colour, t.width(2)), QBrush(t.background), 9 * t.zoom));
        }
        items.hollow = markers;
        m_operations.push_back(items);
        // The legend shows the filled marker by the operation's name.
        if (m_operations.size() <= std::size_t(kLegendOperations)) {
            QCPGraph* entry = addGraph();
            entry->setLineStyle(QCPGraph::lsNone);
            entry->setScatterStyle(filledStyle(shape, items.colour, t));
            entry->addToLegend();
        }
        QCPGraph*& group = filled[{ items.colour.rgba(), int(shape) }];
        if (!group) {
            group = addGraph();
            group->setLineStyle(QCPGraph::lsNone);
            group->setScatterStyle(filledStyle(shape, items.colour, t));
        }
        m_operations.back().filled = group;
    }
    // Hollow markers above every line, binding markers above them: each moved to the layer's end in turn.
    for (const auto& [style, group] : hollow)
        group->setLayer(m_mainLayer);
    for (const auto& [style, group] : filled)
        group->setLayer(m_mainLayer);
    const std::size_t listed = std::min(m_operations.size(), std::size_t(kLegendOperations));
    if (listed < m_operations.size()) {
        m_more = addGraph(); // draws nothing: the legend's last row
        m_more->setPen(Qt::NoPen);
        m_more->setName(tr("… and %1 more").arg(m_operations.size() - listed));
        m_more->addToLegend();
    }
    const QColor veil = halo();
    for (std::size_t k = 0; k < std::min(m_operations.size(), std::size_t(kOperationLabels)); ++k) {
        QCPItemText* label = addText(9, t.foreground);
        label->setBrush(QBrush(veil));
        label->setPositionAlignment(Qt::AlignCenter);
        label->position->setType(QCPItemPosition::ptAbsolute);
        label->setVisible(false);
        m_labels.push_back(label);
        auto* leader = new QCPItemLine(this);
        leader->setLayer(m_mainLayer);
        leader->start->setType(QCPItemPosition::ptAbsolute);
        leader->end->setType(QCPItemPosition::ptAbsolute);
        leader->setVisible(false);
        m_leaders.push_back(leader);
    }
}

void RooflineChart::updateOperations()
{
    for (OperationItems& items : m_operations) {
        items.points.clear();
        items.binding.clear();
    }
    std::map<QCPGraph*, std::vector<chart::Point>> markers; // hollow and filled, by graph
    std::vector<bool> anchored(m_operations.size(), false);
    for (std::size_t j = 0; j < m_layout.markers.size(); ++j) {
        const chart::Marker& m = m_layout.markers[j];
        OperationItems& items = m_operations[m.operation];
        if (items.points.empty() || (m.binding && !anchored[m.operation])) {
            items.anchor = j;
            anchored[m.operation] = m.binding;
        }
        items.points.push_back(m.at);
        markers[items.hollow].push_back(m.at);
        if (m.binding) {
            items.binding.push_back(m.at);
            markers[items.filled].push_back(m.at);
        }
    }
    std::map<QCPCurve*, QVector<QCPCurveData>> lines;
    for (OperationItems& items : m_operations) {
        markers.try_emplace(items.hollow); // a group whose markers all went empties
        markers.try_emplace(items.filled);
        std::sort(items.points.begin(), items.points.end(),
            [](const chart::Point& a, const chart::Point& b) { return a.x < b.x; });
        QVector<QCPCurveData>& line = lines[items.line];
        if (items.points.size() < 2)
            continue;
        if (!line.isEmpty()) // a gap between one operation's line and the next
            line.append(QCPCurveData(double(line.size()), qQNaN(), qQNaN()));
        for (const chart::Point& p : items.points)
            line.append(QCPCurveData(double(line.size()), p.x, p.y));
    }
    for (const auto& [graph, points] : markers)
        setPoints(graph, points);
    m_markerCoords.clear();
    for (const chart::Marker& m : m_layout.markers)
        m_markerCoords.push_back(m.at);
    // Every marker drawn for itself until the next layout stacks them.
    m_stacks.drawnAs.resize(m_layout.markers.size());
    std::iota(m_stacks.drawnAs.begin(), m_stacks.drawnAs.end(), std::size_t(0));
    m_stacks.count.assign(m_layout.markers.size(), 1);
    m_stackedGraphs.clear(); // every marker drawn until the next layout stacks them (stackMarkers)
    for (auto& [curve, points] : lines)
        curve->data()->set(points, true);
    updateLegendNames();
}

namespace {

// The part of a name that stays while input moves it: "matmul B=…" for "matmul B=256" becoming "matmul B=300", cut
// after the last space or "=" the two share.
QString movingName(const QString& still, const QString& now)
{
    qsizetype common = 0;
    while (common < still.size() && common < now.size() && still[common] == now[common])
        ++common;
    qsizetype cut = common;
    while (cut > 0 && now[cut - 1] != QLatin1Char(' ') && now[cut - 1] != QLatin1Char('='))
        --cut;
    return now.left(cut) + QStringLiteral("…");
}

} // namespace

void RooflineChart::updateLegendNames()
{
    const bool followingInput = m_dragging || m_settle.isActive();
    QString names; // the legend's, which a full replot lays out again when they change
    std::vector<QString> still;
    std::size_t row = 0;
    for (int i = 0; i < legend->itemCount(); ++i) {
        auto* entry = qobject_cast<QCPPlottableLegendItem*>(legend->item(i));
        if (!entry || entry->plottable() == m_more || m_measured.isLegendRow(entry->plottable())
            || m_compared.isLegendRow(entry->plottable()))
            continue;
        QString name = qs(m_analysis->session.operations[m_operations[row].operation].name);
        if (!followingInput)
            still.push_back(name);
        else if (row < m_stillNames.size() && m_stillNames[row] != name)
            name = movingName(m_stillNames[row], name);
        ++row;
        entry->plottable()->setName(name);
        names += name + QLatin1Char('\n');
    }
    if (!followingInput)
        m_stillNames = std::move(still);
    if (names != m_legendNames) {
        m_legendNames = names;
        m_legendSize = QSize();
    }
}

QVector<QPointF> RooflineChart::markerPoints(std::size_t operation, bool filled) const
{
    // This operation's markers (filled: its binding one), by intensity, as far as the graphs really hold the marker
    // drawn for each: its own, or the one that stands for it with a count.
    std::vector<chart::Point> out;
    for (std::size_t j = 0; j < m_layout.markers.size() && j < m_markerCoords.size(); ++j) {
        const chart::Marker& m = m_layout.markers[j];
        if (m_operations[m.operation].operation != operation || (filled && !m.binding))
            continue;
        const std::size_t d = j < m_stacks.drawnAs.size() ? m_stacks.drawnAs[j] : j;
        const OperationItems& items = m_operations[m_layout.markers[d].operation];
        QCPGraph* graph = filled && m_layout.markers[d].binding ? items.filled : items.hollow;
        if (pointsOf(graph).contains(QPointF(m_markerCoords[j].x, m_markerCoords[j].y)))
            out.push_back(m.at);
    }
    std::sort(out.begin(), out.end(), [](const chart::Point& a, const chart::Point& b) { return a.x < b.x; });
    QVector<QPointF> points;
    for (const chart::Point& p : out)
        points.append(QPointF(p.x, p.y));
    return points;
}

bool RooflineChart::hasOperation(std::size_t operation) const
{
    return std::any_of(m_operations.begin(), m_operations.end(),
        [operation](const OperationItems& items) { return items.operation == operation; });
}

QStringList RooflineChart::legendEntries() const
{
    QStringList names;
    for (int i = 0; i < legend->itemCount(); ++i)
        if (auto* item = qobject_cast<QCPPlottableLegendItem*>(legend->item(i)))
            names.append(item->plottable()->name());
    return names;
}

// Runs at every layout, before the labels are placed: which markers stand for others depends on pixels. The graphs
// then hold the markers drawn; those that leave one out are written again, and those that left one out last time.
void RooflineChart::stackMarkers()
{
    const std::size_t n = m_layout.markers.size();
    std::vector<chart::Point> centres;
    std::vector<chart::Point> values;
    std::vector<chart::MarkerRoof> roofs;
    std::vector<std::size_t> owners;
    std::vector<bool> binding;
    centres.reserve(n);
    values.reserve(n);
    roofs.reserve(n);
    owners.reserve(n);
    binding.reserve(n);
    for (const chart::Marker& m : m_layout.markers) {
        centres.push_back({ xAxis->coordToPixel(m.at.x), yAxis->coordToPixel(m.at.y) });
        values.push_back(m.at);
        roofs.push_back(chart::markerRoof(m, m_evaluations[m.operation]));
        owners.push_back(m.operation);
        binding.push_back(m.binding);
    }
    // On screen the operation being dragged, else the selected one, is drawn wherever it meets others, so that it
    // follows the pointer; an export draws the same picture whatever is selected.
    std::optional<std::size_t> preferred;
    const std::optional<std::size_t> held
        = m_markerDragging && m_pressed ? std::optional<std::size_t>(m_pressed->operation) : m_selected;
    if (held && m_smoothScopes == 0)
        if (const auto it = std::find(m_shown.begin(), m_shown.end(), *held); it != m_shown.end())
            preferred = std::size_t(it - m_shown.begin());
    // Closer than half the visible disc, a marker hides most of the other.
    m_stacks = chart::stackMarkers(centres, values, roofs, owners, binding, markerDiameter() / 2, preferred);
    m_markerPixels.resize(n);
    m_markerCoords.resize(n);
    std::set<QCPGraph*> dirty;
    dirty.swap(m_stackedGraphs);
    for (std::size_t j = 0; j < n; ++j) {
        const std::size_t drawn = m_stacks.drawnAs[j];
        m_markerPixels[j] = centres[drawn];
        m_markerCoords[j] = m_layout.markers[drawn].at;
        if (drawn != j) {
            const OperationItems& items = m_operations[m_layout.markers[j].operation];
            m_stackedGraphs.insert(items.hollow);
            if (m_layout.markers[j].binding)
                m_stackedGraphs.insert(items.filled);
        }
    }
    dirty.insert(m_stackedGraphs.begin(), m_stackedGraphs.end());
    if (dirty.empty())
        return; // the graphs hold every marker already
    std::map<QCPGraph*, std::vector<chart::Point>> graphs;
    for (QCPGraph* graph : dirty)
        graphs[graph];
    for (std::size_t j = 0; j < n; ++j) {
        if (m_stacks.drawnAs[j] != j)
            continue;
        const OperationItems& items = m_operations[m_layout.markers[j].operation];
        if (const auto hollow = graphs.find(items.hollow); hollow != graphs.end())
            hollow->second.push_back(m_layout.markers[j].at);
        if (const auto filled = graphs.find(items.filled); m_layout.markers[j].binding && filled != graphs.end())
            filled->second.push_back(m_layout.markers[j].at);
    }
    for (const auto& [graph, points] : graphs)
        setPoints(graph, points);
}

// A count beside each marker that stands for several operations, at the first free spot around it once the names are
// placed; a count with no room is left out (hovering the marker lists the operations, and the table holds them).
std::vector<RooflineChart::DrawnMarker> RooflineChart::drawnMarkers() const
{
    std::vector<DrawnMarker> out;
    const double diameter = markerDiameter();
    for (std::size_t j = 0; j < m_layout.markers.size() && j < m_markerPixels.size(); ++j) {
        const bool stacked = j < m_stacks.drawnAs.size();
        out.push_back(
            { m_operations[m_layout.markers[j].operation].operation, QPointF(m_markerPixels[j].x, m_markerPixels[j].y),
                diameter, stacked ? m_stacks.count[j] : 1, !stacked || m_stacks.drawnAs[j] == j, j });
    }
    return out;
}

RooflineChart::ChartTexts RooflineChart::chartTexts() const
{
    ChartTexts out;
    out.title = m_title;
    for (std::size_t i = 0; i < m_roofs.size() && i < m_layout.roofs.size(); ++i) {
        out.roofs.emplace_back(m_layout.roofs[i].name, m_roofs[i].label);
        if (m_roofs[i].ridgeLabel)
            out.ridges.emplace_back(m_layout.roofs[i].name, m_roofs[i].ridgeLabel);
    }
    for (std::size_t i = 0; i < m_practical.size() && i < m_layout.practical.size(); ++i)
        out.roofs.emplace_back(m_layout.practical[i].name, m_practical[i].label);
    for (std::size_t i = 0; i < m_calibratedRoofs.size() && i < m_calibrated.ceilings.size(); ++i)
        out.roofs.emplace_back(m_calibrated.ceilings[i].name, m_calibratedRoofs[i].label);

    out.notes = { m_bandwidthCaption, m_computeCaption };
    if (m_calibratedWorkLabel)
        out.notes.push_back(m_calibratedWorkLabel);
    for (const QCPItemText* label : m_measured.labels())
        out.notes.push_back(label);
    for (const QCPItemText* label : m_compared.labels())
        out.notes.push_back(label);
    if (m_axesInside && m_xName && m_yName)
        out.axisNames = { { QStringLiteral("x"), m_xName }, { QStringLiteral("y"), m_yName } };
    return out;
}

} // namespace roofline::widgets
