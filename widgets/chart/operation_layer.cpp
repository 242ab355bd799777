// SPDX-License-Identifier: GPL-3.0-or-later
#include "chart/operation_layer.h"

#include "common/chart_text.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>
#include <numeric>
#include <set>
#include <tuple>

namespace roofline::widgets {

namespace {

// The layer's words, in the window's language.
struct OperationLayerWords {
    Q_DECLARE_TR_FUNCTIONS(OperationLayerWords)
};

// Past the palette's colours, series differ in shape: the n-th series of a colour takes the n-th shape. The solid
// shapes come first, as their hollow and filled markers tell a non-binding resource from the binding one; the shapes
// drawn in lines alone, which cannot, only where a colour has more series (a model's groups).
QCPScatterStyle::ScatterShape shapeFor(int index)
{
    static constexpr QCPScatterStyle::ScatterShape shapes[] = { QCPScatterStyle::ssCircle, QCPScatterStyle::ssSquare,
        QCPScatterStyle::ssDiamond, QCPScatterStyle::ssTriangle, QCPScatterStyle::ssTriangleInverted,
        QCPScatterStyle::ssStar, QCPScatterStyle::ssCross, QCPScatterStyle::ssPlus };
    static_assert(std::size(shapes) == OperationLayer::kMarkerShapes);
    return shapes[index % int(std::size(shapes))];
}

QCPScatterStyle filledStyle(QCPScatterStyle::ScatterShape shape, const QColor& colour, const ChartTheme& t)
{
    return QCPScatterStyle(shape, QPen(colour, t.width(2)), QBrush(colour), 10 * t.zoom);
}

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

// One graph per colour and shape holds the hollow markers of all operations that look alike, another their filled
// markers, and one curve per colour the lines joining each operation's markers, broken by NaN gaps between
// operations. Every line lies below every hollow marker, and those below the filled ones. A chart of thousands of
// operations then has a few dozen plottables: QCustomPlot draws each at a cost, and its registration of each new one
// searches the ones before it.
void OperationLayer::build(const LayerContext& ctx)
{
    const ChartTheme& t = ctx.theme;
    QCustomPlot& plot = ctx.plot;
    const std::vector<Operation>& ops = ctx.analysis.session.operations;
    // Series drawn in the same colour differ in shape; the operations of one series share theirs (seriesKey), unless
    // a file gave them colours of their own.
    std::map<QRgb, std::map<std::string, int>> colourSeries;
    std::map<std::tuple<QRgb, int>, QCPGraph*> hollow;
    std::map<std::tuple<QRgb, int>, QCPGraph*> filled;
    std::map<QRgb, QCPCurve*> lines;
    m_items.reserve(ctx.shown.size());
    for (const std::size_t op : ctx.shown) {
        Items items;
        items.operation = op;
        items.colour = t.operationColour(ops[op].colour);
        std::map<std::string, int>& series = colourSeries[items.colour.rgb()];
        const auto shape
            = shapeFor(series.try_emplace(ops[op].colour + seriesKey(ops[op]), int(series.size())).first->second);
        QCPCurve*& line = lines[items.colour.rgba()];
        if (!line) {
            line = new QCPCurve(plot.xAxis, plot.yAxis);
            line->setPen(QPen(items.colour, t.width(1)));
            line->setScatterStyle(QCPScatterStyle());
        }
        items.line = line;
        QCPGraph*& markers = hollow[{ items.colour.rgba(), int(shape) }];
        if (!markers) {
            markers = plot.addGraph();
            markers->setLineStyle(QCPGraph::lsNone);
            markers->setScatterStyle(
                QCPScatterStyle(shape, QPen(items.colour, t.width(2)), QBrush(t.background), 9 * t.zoom));
        }
        items.hollow = markers;
        // The legend shows the filled marker by the operation's name.
        if (m_items.size() < std::size_t(kLegendOperations)) {
            QCPGraph* entry = plot.addGraph();
            entry->setLineStyle(QCPGraph::lsNone);
            entry->setScatterStyle(filledStyle(shape, items.colour, t));
            entry->addToLegend();
            m_legendRows.push_back(entry);
        }
        QCPGraph*& group = filled[{ items.colour.rgba(), int(shape) }];
        if (!group) {
            group = plot.addGraph();
            group->setLineStyle(QCPGraph::lsNone);
            group->setScatterStyle(filledStyle(shape, items.colour, t));
        }
        items.filled = group;
        m_items.push_back(items);
    }
    // Hollow markers above every line, binding markers above them: each moved to the layer's end in turn.
    for (const auto& [style, group] : hollow)
        group->setLayer(ctx.main);
    for (const auto& [style, group] : filled)
        group->setLayer(ctx.main);
    const std::size_t listed = std::min(m_items.size(), std::size_t(kLegendOperations));
    if (listed < m_items.size()) {
        m_more = plot.addGraph(); // draws nothing: the legend's last row
        m_more->setPen(Qt::NoPen);
        m_more->setName(OperationLayerWords::tr("… and %1 more").arg(m_items.size() - listed));
        m_more->addToLegend();
    }
    const QColor veil = ctx.halo();
    for (std::size_t k = 0; k < std::min(m_items.size(), std::size_t(kOperationLabels)); ++k) {
        QCPItemText* label = ctx.addText(9, t.foreground);
        label->setBrush(QBrush(veil));
        label->setPositionAlignment(Qt::AlignCenter);
        label->position->setType(QCPItemPosition::ptAbsolute);
        label->setVisible(false);
        m_labels.push_back(label);
        auto* leader = new QCPItemLine(&plot);
        leader->setLayer(ctx.main);
        leader->start->setType(QCPItemPosition::ptAbsolute);
        leader->end->setType(QCPItemPosition::ptAbsolute);
        leader->setVisible(false);
        m_leaders.push_back(leader);
    }
    m_rings = plot.addGraph();
    m_rings->setLineStyle(QCPGraph::lsNone);
    m_rings->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(t.foreground, t.width(2)), Qt::NoBrush, 20 * t.zoom));
    m_rings->setLayer(ctx.main); // above every marker
}

void OperationLayer::forget()
{
    m_items.clear();
    m_legendRows.clear();
    m_more = nullptr;
    m_rings = nullptr;
    m_labels.clear();
    m_leaders.clear();
    m_counts.clear();
    m_nameInks.clear(); // a new theme, maybe
    m_stackedGraphs.clear();
}

bool OperationLayer::update(const LayerContext& ctx, std::optional<std::size_t> selected, bool followingInput)
{
    const chart::Layout& l = ctx.layout;
    for (Items& items : m_items)
        items.points.clear();
    std::map<QCPGraph*, std::vector<chart::Point>> markers; // hollow and filled, by graph
    std::vector<bool> anchored(m_items.size(), false);
    for (std::size_t j = 0; j < l.markers.size(); ++j) {
        const chart::Marker& m = l.markers[j];
        Items& items = m_items[m.operation];
        if (items.points.empty() || (m.binding && !anchored[m.operation])) {
            items.anchor = j;
            anchored[m.operation] = m.binding;
        }
        items.points.push_back(m.at);
        markers[items.hollow].push_back(m.at);
        if (m.binding)
            markers[items.filled].push_back(m.at);
    }
    std::map<QCPCurve*, QVector<QCPCurveData>> lines;
    for (Items& items : m_items) {
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
    for (const chart::Marker& m : l.markers)
        m_markerCoords.push_back(m.at);
    // Every marker drawn for itself until the next layout stacks them.
    m_stacks.drawnAs.resize(l.markers.size());
    std::iota(m_stacks.drawnAs.begin(), m_stacks.drawnAs.end(), std::size_t(0));
    m_stacks.count.assign(l.markers.size(), 1);
    m_stackedGraphs.clear();
    for (auto& [curve, points] : lines)
        curve->data()->set(points, true);
    ring(ctx, selected);
    return nameLegendRows(ctx, followingInput);
}

void OperationLayer::ring(const LayerContext& ctx, std::optional<std::size_t> selected)
{
    if (!m_rings)
        return;
    std::vector<chart::Point> rings;
    if (selected)
        for (const chart::Marker& m : ctx.layout.markers)
            if (ctx.shown[m.operation] == *selected)
                rings.push_back(m.at);
    setPoints(m_rings, rings);
}

bool OperationLayer::nameLegendRows(const LayerContext& ctx, bool followingInput)
{
    QString names; // the legend's, which a full replot lays out again when they change
    std::vector<QString> still;
    for (std::size_t row = 0; row < m_legendRows.size() && row < m_items.size(); ++row) {
        QString name = qs(ctx.analysis.session.operations[m_items[row].operation].name);
        if (!followingInput)
            still.push_back(name);
        else if (row < m_stillNames.size() && m_stillNames[row] != name)
            name = movingName(m_stillNames[row], name);
        m_legendRows[row]->setName(name);
        names += name + QLatin1Char('\n');
    }
    if (!followingInput)
        m_stillNames = std::move(still);
    if (names == m_legendNames)
        return false;
    m_legendNames = names;
    return true;
}

void OperationLayer::stack(const LayerContext& ctx, std::optional<std::size_t> preferred)
{
    const chart::Layout& l = ctx.layout;
    const std::size_t n = l.markers.size();
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
    for (const chart::Marker& m : l.markers) {
        const QPointF at = ctx.pixel(m.at);
        centres.push_back({ at.x(), at.y() });
        values.push_back(m.at);
        roofs.push_back(chart::markerRoof(m, ctx.evaluations[m.operation]));
        owners.push_back(m.operation);
        binding.push_back(m.binding);
    }
    // Closer than half the visible disc, a marker hides most of the other.
    m_stacks = chart::stackMarkers(centres, values, roofs, owners, binding, ctx.markerDiameter() / 2, preferred);
    m_markerPixels.resize(n);
    m_markerCoords.resize(n);
    std::set<QCPGraph*> dirty;
    dirty.swap(m_stackedGraphs);
    for (std::size_t j = 0; j < n; ++j) {
        const std::size_t drawn = m_stacks.drawnAs[j];
        m_markerPixels[j] = centres[drawn];
        m_markerCoords[j] = l.markers[drawn].at;
        if (drawn != j) {
            const Items& items = m_items[l.markers[j].operation];
            m_stackedGraphs.insert(items.hollow);
            if (l.markers[j].binding)
                m_stackedGraphs.insert(items.filled);
        }
    }
    dirty.insert(m_stackedGraphs.begin(), m_stackedGraphs.end());
    if (dirty.empty())
        return; // the graphs hold every marker already
    // The graphs that leave one out are written again, and those that left one out last time.
    std::map<QCPGraph*, std::vector<chart::Point>> graphs;
    for (QCPGraph* graph : dirty)
        graphs[graph];
    for (std::size_t j = 0; j < n; ++j) {
        if (m_stacks.drawnAs[j] != j)
            continue;
        const Items& items = m_items[l.markers[j].operation];
        if (const auto hollow = graphs.find(items.hollow); hollow != graphs.end())
            hollow->second.push_back(l.markers[j].at);
        if (const auto filled = graphs.find(items.filled); l.markers[j].binding && filled != graphs.end())
            filled->second.push_back(l.markers[j].at);
    }
    for (const auto& [graph, points] : graphs)
        setPoints(graph, points);
}

std::vector<std::optional<std::size_t>> OperationLayer::addMarks(TextScene& scene, const LayerContext& ctx) const
{
    const double radius = ctx.markerDiameter() / 2;
    const QRectF reach = QRectF(ctx.plot.axisRect()->rect()).adjusted(-50, -50, 50, 50);
    std::unordered_map<std::size_t, std::size_t> byDrawn;
    std::vector<std::optional<std::size_t>> out(m_markerPixels.size());
    for (std::size_t j = 0; j < m_markerPixels.size(); ++j) {
        const std::size_t drawn = j < m_stacks.drawnAs.size() ? m_stacks.drawnAs[j] : j;
        const QPointF at(m_markerPixels[j].x, m_markerPixels[j].y);
        if (!reach.contains(at))
            continue;
        auto [it, added] = byDrawn.try_emplace(drawn, 0);
        if (added)
            it->second = scene.addMark(at, radius);
        out[j] = it->second;
    }
    return out;
}

void OperationLayer::addTexts(
    TextScene& scene, const LayerContext& ctx, const std::vector<std::optional<std::size_t>>& marks)
{
    const chart::Layout& l = ctx.layout;
    const std::vector<Operation>& ops = ctx.analysis.session.operations;
    const std::string& lessonOperation = ctx.analysis.explanation.operation;
    std::vector<std::vector<std::size_t>> own(m_items.size());
    for (std::size_t j = 0; j < l.markers.size() && j < marks.size(); ++j)
        if (const auto& mark = marks[j])
            own[l.markers[j].operation].push_back(*mark);
    std::size_t used = 0;
    for (std::size_t k = 0; k < m_items.size() && used < m_labels.size(); ++k) {
        const Items& items = m_items[k];
        if (items.points.empty() || items.anchor >= marks.size() || !marks[items.anchor])
            continue;
        const Operation& op = ops[items.operation];
        std::vector<std::size_t> names { *marks[items.anchor] };
        for (const std::size_t m : own[k])
            if (std::find(names.begin(), names.end(), m) == names.end())
                names.push_back(m);
        chart::TextRequest r = markLabel(op.name, std::move(names), chart::TextRequest::Spots::Beside,
            !lessonOperation.empty() && op.id == lessonOperation ? kRankLesson : kRankNames);
        r.mayMoveOut = m_items.size() <= kNamesMovingOut;
        r.ordered = true;
        QCPItemText* label = m_labels[used];
        QCPItemLine* leader = m_leaders[used];
        ++used;
        // The marker's hue, dark or light enough to read; its leader in the marker's own colour.
        auto ink = m_nameInks.find(op.colour);
        if (ink == m_nameInks.end())
            ink = m_nameInks.emplace(op.colour, ctx.theme.operationText(op.colour)).first;
        label->setColor(ink->second);
        leader->setPen(QPen(items.colour, ctx.theme.width(1.2)));
        scene.addText(std::move(r), label, { QStringLiteral("operation"), qs(op.id), items.operation, 0, {} }, leader);
    }
    for (; used < m_labels.size(); ++used) {
        m_labels[used]->setVisible(false);
        m_leaders[used]->setVisible(false);
    }
    // The counts beside markers that stand for several operations ("×3"), at the first free spot around each; a
    // count with no room is left out (hovering the marker lists the operations, and the table holds them).
    used = 0;
    for (std::size_t j = 0; j < l.markers.size() && j < m_stacks.drawnAs.size(); ++j) {
        if (m_stacks.drawnAs[j] != j || m_stacks.count[j] < 2 || used == std::size_t(kOperationLabels) || !marks[j])
            continue;
        if (used == m_counts.size()) {
            QCPItemText* text = ctx.addText(8, ctx.theme.foreground);
            text->setBrush(QBrush(ctx.halo()));
            text->position->setType(QCPItemPosition::ptAbsolute);
            text->setLayer(ctx.main);
            m_counts.push_back(text);
        }
        const std::size_t operation = ctx.shown[l.markers[j].operation];
        scene.addText(markLabel(QStringLiteral("×%1").arg(m_stacks.count[j]).toStdString(), { *marks[j] },
                          chart::TextRequest::Spots::Beside, kRankCounts),
            m_counts[used++], { QStringLiteral("count"), qs(ops[operation].id), operation, 0, {} });
    }
    for (std::size_t k = used; k < m_counts.size(); ++k)
        m_counts[k]->setVisible(false);
}

QString OperationLayer::hover(const LayerContext& ctx, const QPointF& pixel, double reach) const
{
    // Every operation with a marker under the pointer, filled or not, those a marker stands for among them.
    QStringList operations;
    std::set<std::size_t> listed;
    const chart::Layout& l = ctx.layout;
    for (std::size_t j = 0; j < l.markers.size(); ++j) {
        const chart::Marker& m = l.markers[j];
        const QPointF at
            = j < m_markerPixels.size() ? QPointF(m_markerPixels[j].x, m_markerPixels[j].y) : ctx.pixel(m.at);
        if (std::hypot(at.x() - pixel.x(), at.y() - pixel.y()) <= reach && listed.insert(m.operation).second)
            operations.append(operationTooltip(
                ctx.analysis.session.operations[m_items[m.operation].operation], ctx.evaluations[m.operation]));
    }
    return operations.join(QStringLiteral("<hr>"));
}

std::optional<OperationLayer::Hit> OperationLayer::markerAt(
    const LayerContext& ctx, const QPointF& pixel, double reach) const
{
    std::optional<Hit> hit;
    double nearest = reach;
    const chart::Layout& l = ctx.layout;
    for (std::size_t j = 0; j < l.markers.size(); ++j) {
        const chart::Marker& m = l.markers[j];
        if (j < m_stacks.drawnAs.size() && m_stacks.drawnAs[j] != j)
            continue; // another marker is drawn for it: a press takes the one drawn
        const QPointF at = ctx.pixel(m.at);
        const double distance = std::hypot(at.x() - pixel.x(), at.y() - pixel.y());
        if (distance <= nearest) {
            nearest = distance;
            hit = Hit { ctx.shown[m.operation], ctx.evaluations[m.operation].resources[m.resource].name };
        }
    }
    return hit;
}

std::vector<QCPGraph*> OperationLayer::markerGraphs() const
{
    std::vector<QCPGraph*> out;
    for (const Items& items : m_items) {
        out.push_back(items.hollow);
        out.push_back(items.filled);
    }
    out.push_back(m_rings);
    return out;
}

QVector<QPointF> OperationLayer::markerPoints(const chart::Layout& l, std::size_t operation, bool filled) const
{
    // This operation's markers (filled: its binding one), by intensity, as far as the graphs really hold the marker
    // drawn for each: its own, or the one that stands for it with a count.
    std::vector<chart::Point> out;
    for (std::size_t j = 0; j < l.markers.size() && j < m_markerCoords.size(); ++j) {
        const chart::Marker& m = l.markers[j];
        if (m_items[m.operation].operation != operation || (filled && !m.binding))
            continue;
        const std::size_t d = j < m_stacks.drawnAs.size() ? m_stacks.drawnAs[j] : j;
        const Items& items = m_items[l.markers[d].operation];
        QCPGraph* graph = filled && l.markers[d].binding ? items.filled : items.hollow;
        if (pointsOf(graph).contains(QPointF(m_markerCoords[j].x, m_markerCoords[j].y)))
            out.push_back(m.at);
    }
    std::sort(out.begin(), out.end(), [](const chart::Point& a, const chart::Point& b) { return a.x < b.x; });
    QVector<QPointF> points;
    for (const chart::Point& p : out)
        points.append(QPointF(p.x, p.y));
    return points;
}

bool OperationLayer::has(std::size_t operation) const
{
    return std::any_of(
        m_items.begin(), m_items.end(), [operation](const Items& items) { return items.operation == operation; });
}

std::optional<std::pair<QColor, int>> OperationLayer::style(std::size_t operation, const MarkerSprites& sprites) const
{
    for (const Items& items : m_items)
        if (items.operation == operation) // while dragging, the style behind the image
            return std::pair { items.colour, int(sprites.vectorStyle(items.hollow).shape()) };
    return std::nullopt;
}

} // namespace roofline::widgets
