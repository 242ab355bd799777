// SPDX-License-Identifier: GPL-3.0-or-later
#include "chart/measured_layer.h"

#include "chart/measured.h"
#include "common/chart_text.h"
#include "measured/placement.h"
#include "session/session.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace roofline::widgets {

namespace {

// The layer's words, in the window's language.
struct MeasuredLayerWords {
    Q_DECLARE_TR_FUNCTIONS(MeasuredLayerWords)
};

// Points are sized by the kernel's share of the file's time: a kernel that takes a tenth of it or more is what a
// reader looks at first.
int sizeClass(double timeShare)
{
    return timeShare >= 0.1 ? 2 : timeShare >= 0.01 ? 1 : 0;
}

double pointSize(int sizeClass, const ChartTheme& t)
{
    static constexpr double sizes[] = { 7, 10, 14 };
    return sizes[sizeClass] * t.zoom;
}

// Unlike every operation marker (circles, squares, diamonds, triangles): a star for Nsight Compute, a cross for a
// plain file or a peaks file.
QCPScatterStyle::ScatterShape shapeOf(MeasuredFormat format)
{
    return format == MeasuredFormat::NcuRaw ? QCPScatterStyle::ssStar : QCPScatterStyle::ssCross;
}

// What a kernel's colour follows: its group, else its dtype, else nothing. A view into the set or the dtype's name.
std::string_view colourKey(const MeasuredKernel& k)
{
    if (!k.group.empty())
        return k.group;
    return k.dtype ? dtypeName(*k.dtype) : std::string_view();
}

// Legend rows for measured kernels, at most: one per colour.
constexpr std::size_t kMeasuredLegendRows = 6;

} // namespace

void MeasuredLayer::forget()
{
    m_graphs.clear();
    m_legend.clear();
    m_ceilings.clear();
    m_links = nullptr;
    m_predictions = nullptr;
    m_ring = nullptr;
}

void MeasuredLayer::build(const LayerContext& ctx)
{
    const Analysis& a = ctx.analysis;
    if (!a.measured || !a.measuredSet)
        return;
    const ChartTheme& t = ctx.theme;
    QCustomPlot& plot = ctx.plot;
    const MeasuredSet& set = *a.measuredSet;
    const std::vector<std::string>& palette = operationPalette();

    // Ceilings first: on "main" below every roof.
    for (const CeilingComparison& c : a.measured->ceilings) {
        if (c.overrideKey.empty())
            continue;
        auto* line = new QCPItemLine(&plot);
        line->setPen(QPen(c.compute ? t.foreground : t.memoryRoof, t.width(1.5), Qt::DashDotLine));
        line->setClipToAxisRect(true);
        QCPItemText* label = ctx.addText(8, c.compute ? t.foreground : t.memoryRoof);
        label->setBrush(QBrush(ctx.halo()));
        label->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
        m_ceilings.push_back({ line, label, {}, c.name });
    }
    m_links = new QCPCurve(plot.xAxis, plot.yAxis);
    m_links->setPen(QPen(t.regionText, t.width(1)));
    m_links->setScatterStyle(QCPScatterStyle());
    m_predictions = plot.addGraph();
    m_predictions->setLineStyle(QCPGraph::lsNone);
    m_predictions->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(t.regionText, t.width(1)), Qt::NoBrush, 5 * t.zoom));

    std::map<std::string_view, std::size_t> colours; // by colour key, in order of first appearance
    std::map<std::pair<std::size_t, int>, std::size_t> graphs; // colour and size class to m_graphs
    const auto shape = shapeOf(set.format);
    QCPLayer* below = plot.layer(QStringLiteral("measured")); // under the roofs: a slider step draws it not again
    for (std::size_t i = 0; i < a.measured->points.size(); ++i) {
        const MeasuredPoint& p = a.measured->points[i];
        if (!p.onChart)
            continue;
        const std::string_view key = colourKey(set.kernels[p.kernel]);
        const std::size_t colour = colours.try_emplace(key, colours.size()).first->second;
        const QColor ink = t.operationColour(palette[colour % palette.size()]);
        const auto [at, added]
            = graphs.try_emplace({ colour, sizeClass(a.measured->timeShare(set.kernels[p.kernel])) }, m_graphs.size());
        if (added) {
            QCPGraph* graph = plot.addGraph();
            graph->setLineStyle(QCPGraph::lsNone);
            graph->setScatterStyle(QCPScatterStyle(shape, QPen(ink, t.width(1.5)), Qt::NoBrush,
                pointSize(sizeClass(a.measured->timeShare(set.kernels[p.kernel])), t)));
            graph->setLayer(below);
            m_graphs.push_back({ graph, {} });
        }
        m_graphs[at->second].points.push_back(i);
        if (added && m_legend.size() < kMeasuredLegendRows
            && std::none_of(m_legend.begin(), m_legend.end(),
                [&](const QCPGraph* g) { return g->scatterStyle().pen().color() == ink; })) {
            QCPGraph* entry = plot.addGraph();
            entry->setLineStyle(QCPGraph::lsNone);
            entry->setScatterStyle(QCPScatterStyle(shape, QPen(ink, t.width(1.5)), Qt::NoBrush, pointSize(1, t)));
            entry->setName(key.empty() ? MeasuredLayerWords::tr("measured (%1)").arg(qs(formatName(set.format)))
                                       : MeasuredLayerWords::tr("measured: %1").arg(qs(key)));
            m_legend.push_back(entry);
        }
    }
    m_ring = plot.addGraph();
    m_ring->setLineStyle(QCPGraph::lsNone);
    m_ring->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssCircle, QPen(t.foreground, t.width(2)), Qt::NoBrush, pointSize(2, t) + 6 * t.zoom));
    fillPoints(ctx);
}

void MeasuredLayer::fillPoints(const LayerContext& ctx)
{
    const Analysis& a = ctx.analysis;
    const std::string filter = m_filter.toStdString();
    for (Graph& g : m_graphs) {
        QVector<QCPGraphData> shown;
        shown.reserve(static_cast<qsizetype>(g.points.size()));
        for (const std::size_t i : g.points) {
            const MeasuredPoint& p = a.measured->points[i];
            if (matchesKernelFilter(filter, a.measuredSet->kernels[p.kernel].name.data()))
                shown.append(QCPGraphData(p.intensity, p.achieved));
        }
        g.graph->data()->set(shown, false);
    }
}

void MeasuredLayer::update(const LayerContext& ctx)
{
    const Analysis& a = ctx.analysis;
    if (!a.measured || !m_links)
        return;
    const std::string filter = m_filter.toStdString();
    QVector<QCPCurveData> lines;
    QVector<QCPGraphData> predicted;
    for (const MeasuredLink& l : a.measured->links) {
        const MeasuredPoint& p = a.measured->points[l.kernel];
        if (!l.predicted() || !p.onChart || !matchesKernelFilter(filter, a.measuredSet->kernels[p.kernel].name.data()))
            continue;
        const std::optional<chart::Point> to = chart::predictedPoint(*l.predicted());
        if (!to)
            continue;
        if (!lines.isEmpty())
            lines.append(QCPCurveData(double(lines.size()), qQNaN(), qQNaN()));
        lines.append(QCPCurveData(double(lines.size()), p.intensity, p.achieved));
        lines.append(QCPCurveData(double(lines.size()), to->x, to->y));
        predicted.append(QCPGraphData(to->x, to->y));
    }
    m_links->data()->set(lines, true);
    m_predictions->data()->set(predicted, false);

    QVector<QCPGraphData> ring;
    if (m_marked && *m_marked < a.measured->points.size()) {
        const MeasuredPoint& p = a.measured->points[*m_marked];
        if (p.onChart)
            ring.append(QCPGraphData(p.intensity, p.achieved));
    }
    m_ring->data()->set(ring, true);

    const std::vector<chart::MeasuredRoof> roofs
        = chart::measuredRoofs(*a.measured, a.hardware, a.dtype, ctx.layout.x, ctx.layout.y);
    std::size_t item = 0;
    for (const CeilingComparison& c : a.measured->ceilings) {
        if (c.overrideKey.empty())
            continue;
        Ceiling& items = m_ceilings[item++];
        QCPItemLine* line = items.line;
        QCPItemText* label = items.label;
        const auto roof = std::find_if(roofs.begin(), roofs.end(),
            [&](const chart::MeasuredRoof& r) { return r.name == c.name && r.compute == c.compute; });
        line->setVisible(roof != roofs.end());
        label->setVisible(roof != roofs.end());
        if (roof == roofs.end())
            continue;
        line->start->setCoords(roof->from.x, roof->from.y);
        line->end->setCoords(roof->to.x, roof->to.y);
        items.text = measuredRoofLabel(*roof, a.dtype);
        label->setText(items.text);
        // Flat: under its right end. Sloped: under the line, two fifths of the way up in log space, where it runs
        // clear of the flat roofs and the datasheet slope's label above it.
        if (roof->compute) {
            label->position->setCoords(roof->to.x, roof->to.y);
            label->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
        } else {
            const double x = roof->from.x * std::pow(roof->to.x / roof->from.x, 0.4);
            label->position->setCoords(x, roof->value * x);
            label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
        }
    }
}

bool MeasuredLayer::setFilter(const QString& pattern, const LayerContext& ctx)
{
    if (pattern == m_filter)
        return false;
    m_filter = pattern;
    if (m_graphs.empty() && !m_links)
        return false;
    fillPoints(ctx);
    update(ctx);
    return true;
}

bool MeasuredLayer::mark(std::optional<std::size_t> kernel, const LayerContext& ctx)
{
    if (kernel == m_marked)
        return false;
    m_marked = kernel;
    if (!m_ring)
        return false;
    update(ctx);
    return true;
}

bool MeasuredLayer::isLegendRow(const QCPAbstractPlottable* p) const
{
    return std::find(m_legend.begin(), m_legend.end(), p) != m_legend.end();
}

QString MeasuredLayer::hover(const LayerContext& ctx, const QPointF& pixel) const
{
    const Analysis& a = ctx.analysis;
    if (!a.measured)
        return {};
    const double reach = 8 * ctx.theme.zoom;
    const std::string filter = m_filter.toStdString();
    std::optional<std::size_t> nearest;
    double best = reach;
    for (const Graph& g : m_graphs)
        for (const std::size_t i : g.points) {
            const MeasuredPoint& p = a.measured->points[i];
            const QPointF at = ctx.pixel({ p.intensity, p.achieved });
            const double d = std::hypot(at.x() - pixel.x(), at.y() - pixel.y());
            if (d <= best && matchesKernelFilter(filter, a.measuredSet->kernels[p.kernel].name.data())) {
                best = d;
                nearest = i;
            }
        }
    if (!nearest)
        return {};
    const MeasuredPoint& p = a.measured->points[*nearest];
    const auto link = std::find_if(a.measured->links.begin(), a.measured->links.end(),
        [&](const MeasuredLink& l) { return l.kernel == p.kernel; });
    const MeasuredKernel k = a.measuredSet->kernels[p.kernel];
    const MeasuredLink* linked = link == a.measured->links.end() ? nullptr : &*link;
    const OffRoof offRoof = explainOffRoof({ *a.measuredSet, *a.measured, a.hardware, a.calibration() }, p, linked);
    return measuredTooltip(k, p, a.measured->timeShare(k), linked, &offRoof);
}

void MeasuredLayer::addLines(
    TextScene& scene, LineFamilies& families, std::vector<std::optional<std::size_t>>& lines) const
{
    for (const Ceiling& c : m_ceilings) {
        lines.push_back(c.line->visible()
                ? std::optional(scene.addLine(c.line->start->pixelPosition(), c.line->end->pixelPosition(), true))
                : std::nullopt);
        if (lines.back())
            families.add(*lines.back(), c.resource);
    }
}

void MeasuredLayer::addTexts(TextScene& scene, const std::vector<std::optional<std::size_t>>& lines,
    const LineFamilies& families, int rank) const
{
    // The ceilings' names: the flat one over or under its line from the right, the sloped one from two fifths of the
    // way up (where update() put it); left out where neither has room: the Measured tab lists them.
    for (std::size_t i = 0; i < m_ceilings.size() && i < lines.size(); ++i) {
        const Ceiling& c = m_ceilings[i];
        if (!lines[i]) {
            c.label->setVisible(false);
            continue;
        }
        // With its fraction of the datasheet's, or where that does not fit, its value alone ("bf16 measured 817
        // TFLOP/s"): the Measured tab gives the fraction.
        chart::TextRequest name;
        name.kind = chart::TextRequest::Kind::Line;
        name.texts = { c.text.toStdString(), c.text.section(QStringLiteral(" · "), 0, 0).toStdString() };
        name.lines = { *lines[i] };
        name.family = families.of(c.resource, *lines[i]);
        name.rank = rank;
        if (!c.label->positionAlignment().testFlag(Qt::AlignRight)) {
            const QPointF at = c.label->position->pixelPosition();
            name.at.push_back({ at.x(), at.y() });
        }
        scene.addText(std::move(name), c.label, { QStringLiteral("roof"), {}, {}, 0, QStringLiteral("measured") });
    }
}

QVector<QPointF> MeasuredLayer::points() const
{
    QVector<QPointF> out;
    for (const Graph& g : m_graphs)
        out += pointsOf(g.graph);
    return out;
}

QVector<QPointF> MeasuredLayer::linkLines() const
{
    QVector<QPointF> out;
    if (!m_links)
        return out;
    for (auto it = m_links->data()->constBegin(); it != m_links->data()->constEnd(); ++it)
        if (!std::isnan(it->key))
            out.append(QPointF(it->key, it->value));
    return out;
}

QStringList MeasuredLayer::roofLabels() const
{
    QStringList out;
    for (const Ceiling& c : m_ceilings)
        if (c.label->visible())
            out.append(c.label->text());
    return out;
}

std::vector<const QCPItemText*> MeasuredLayer::labels() const
{
    std::vector<const QCPItemText*> out;
    for (const Ceiling& c : m_ceilings)
        out.push_back(c.label);
    return out;
}

std::optional<std::pair<QColor, int>> MeasuredLayer::style(const Analysis& a, std::size_t kernel) const
{
    for (const Graph& g : m_graphs)
        for (const std::size_t i : g.points)
            if (a.measured->points[i].kernel == kernel)
                return std::pair { g.graph->scatterStyle().pen().color(), int(g.graph->scatterStyle().shape()) };
    return std::nullopt;
}

} // namespace roofline::widgets
