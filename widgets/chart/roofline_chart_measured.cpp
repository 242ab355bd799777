// SPDX-License-Identifier: GPL-3.0-or-later
// The roofline chart's measured kernels: their points, the lines to the model's predictions, the measured ceilings.
#include "chart/roofline_chart.h"

#include "chart/measured.h"
#include "common/chart_text.h"
#include "measured/placement.h"
#include "session/session.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace roofline::widgets {

namespace {

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

// Called after clearPlot(), which forgets the measured graphs and items of the last build.
void RooflineChart::buildMeasured()
{
    const Analysis& a = *m_analysis;
    if (!a.measured || !a.measuredSet)
        return;
    const ChartTheme& t = m_theme;
    const MeasuredSet& set = *a.measuredSet;
    const std::vector<std::string>& palette = operationPalette();

    // Ceilings first: on "main" below every roof.
    for (const CeilingComparison& c : a.measured->ceilings) {
        if (c.overrideKey.empty())
            continue;
        auto* line = new QCPItemLine(this);
        line->setPen(QPen(c.compute ? t.foreground : t.memoryRoof, t.width(1.5), Qt::DashDotLine));
        line->setClipToAxisRect(true);
        QCPItemText* label = addText(8, c.compute ? t.foreground : t.memoryRoof);
        label->setBrush(QBrush(halo()));
        label->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
        m_measuredRoofs.push_back({ line, label, {}, c.name });
    }
    m_measuredLinks = new QCPCurve(xAxis, yAxis);
    m_measuredLinks->setPen(QPen(t.regionText, t.width(1)));
    m_measuredLinks->setScatterStyle(QCPScatterStyle());
    m_predictions = addGraph();
    m_predictions->setLineStyle(QCPGraph::lsNone);
    m_predictions->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(t.regionText, t.width(1)), Qt::NoBrush, 5 * t.zoom));

    std::map<std::string_view, std::size_t> colours; // by colour key, in order of first appearance
    std::map<std::pair<std::size_t, int>, std::size_t> graphs; // colour and size class to m_measuredGraphs
    const auto shape = shapeOf(set.format);
    for (std::size_t i = 0; i < a.measured->points.size(); ++i) {
        const MeasuredPoint& p = a.measured->points[i];
        if (!p.onChart)
            continue;
        const std::string_view key = colourKey(set.kernels[p.kernel]);
        const std::size_t colour = colours.try_emplace(key, colours.size()).first->second;
        const QColor ink = t.operationColour(palette[colour % palette.size()]);
        const auto [at, added] = graphs.try_emplace(
            { colour, sizeClass(a.measured->timeShare(set.kernels[p.kernel])) }, m_measuredGraphs.size());
        if (added) {
            QCPGraph* graph = addGraph();
            graph->setLineStyle(QCPGraph::lsNone);
            graph->setScatterStyle(QCPScatterStyle(shape, QPen(ink, t.width(1.5)), Qt::NoBrush,
                pointSize(sizeClass(a.measured->timeShare(set.kernels[p.kernel])), t)));
            graph->setLayer(m_measuredLayer);
            m_measuredGraphs.push_back({ graph, {} });
        }
        m_measuredGraphs[at->second].points.push_back(i);
        if (added && m_measuredLegend.size() < kMeasuredLegendRows
            && std::none_of(m_measuredLegend.begin(), m_measuredLegend.end(),
                [&](const QCPGraph* g) { return g->scatterStyle().pen().color() == ink; })) {
            QCPGraph* entry = addGraph();
            entry->setLineStyle(QCPGraph::lsNone);
            entry->setScatterStyle(QCPScatterStyle(shape, QPen(ink, t.width(1.5)), Qt::NoBrush, pointSize(1, t)));
            entry->setName(
                key.empty() ? tr("measured (%1)").arg(qs(formatName(set.format))) : tr("measured: %1").arg(qs(key)));
            m_measuredLegend.push_back(entry);
        }
    }
    m_measuredRing = addGraph();
    m_measuredRing->setLineStyle(QCPGraph::lsNone);
    m_measuredRing->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssCircle, QPen(t.foreground, t.width(2)), Qt::NoBrush, pointSize(2, t) + 6 * t.zoom));
    fillMeasuredPoints();
}

void RooflineChart::fillMeasuredPoints()
{
    const Analysis& a = *m_analysis;
    const std::string filter = m_measuredFilter.toStdString();
    for (MeasuredGraph& g : m_measuredGraphs) {
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

void RooflineChart::updateMeasured()
{
    const Analysis& a = *m_analysis;
    if (!a.measured || !m_measuredLinks)
        return;
    const std::string filter = m_measuredFilter.toStdString();
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
    m_measuredLinks->data()->set(lines, true);
    m_predictions->data()->set(predicted, false);

    QVector<QCPGraphData> ring;
    if (m_measuredMarked && *m_measuredMarked < a.measured->points.size()) {
        const MeasuredPoint& p = a.measured->points[*m_measuredMarked];
        if (p.onChart)
            ring.append(QCPGraphData(p.intensity, p.achieved));
    }
    m_measuredRing->data()->set(ring, true);

    const std::vector<chart::MeasuredRoof> roofs
        = chart::measuredRoofs(*a.measured, a.hardware, a.dtype, m_layout.x, m_layout.y);
    std::size_t item = 0;
    for (const CeilingComparison& c : a.measured->ceilings) {
        if (c.overrideKey.empty())
            continue;
        MeasuredRoofItems& items = m_measuredRoofs[item++];
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

void RooflineChart::setMeasuredFilter(const QString& pattern)
{
    if (pattern == m_measuredFilter)
        return;
    m_measuredFilter = pattern;
    if (m_measuredGraphs.empty() && !m_measuredLinks)
        return;
    fillMeasuredPoints();
    updateMeasured();
    scheduleRedraw(true); // the points' own layer is drawn again
}

void RooflineChart::markMeasured(std::optional<std::size_t> kernel)
{
    if (kernel == m_measuredMarked)
        return;
    m_measuredMarked = kernel;
    if (!m_measuredRing)
        return;
    updateMeasured();
    scheduleRedraw(false);
}

bool RooflineChart::isMeasuredLegendEntry(const QCPAbstractPlottable* p) const
{
    return std::find(m_measuredLegend.begin(), m_measuredLegend.end(), p) != m_measuredLegend.end();
}

QString RooflineChart::measuredHover(const QPointF& pixel) const
{
    const Analysis& a = *m_analysis;
    if (!a.measured)
        return {};
    const double reach = 8 * m_theme.zoom;
    const std::string filter = m_measuredFilter.toStdString();
    std::optional<std::size_t> nearest;
    double best = reach;
    for (const MeasuredGraph& g : m_measuredGraphs)
        for (const std::size_t i : g.points) {
            const MeasuredPoint& p = a.measured->points[i];
            const double d
                = std::hypot(xAxis->coordToPixel(p.intensity) - pixel.x(), yAxis->coordToPixel(p.achieved) - pixel.y());
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

QVector<QPointF> RooflineChart::measuredPoints() const
{
    QVector<QPointF> out;
    for (const MeasuredGraph& g : m_measuredGraphs)
        out += pointsOf(g.graph);
    return out;
}

QVector<QPointF> RooflineChart::measuredMark() const
{
    return pointsOf(m_measuredRing);
}

QVector<QPointF> RooflineChart::measuredLinkLines() const
{
    QVector<QPointF> out;
    if (!m_measuredLinks)
        return out;
    for (auto it = m_measuredLinks->data()->constBegin(); it != m_measuredLinks->data()->constEnd(); ++it)
        if (!std::isnan(it->key))
            out.append(QPointF(it->key, it->value));
    return out;
}

QStringList RooflineChart::measuredRoofLabels() const
{
    QStringList out;
    for (const MeasuredRoofItems& items : m_measuredRoofs)
        if (items.label->visible())
            out.append(items.label->text());
    return out;
}

std::optional<std::pair<QColor, int>> RooflineChart::measuredStyle(std::size_t kernel) const
{
    for (const MeasuredGraph& g : m_measuredGraphs)
        for (const std::size_t i : g.points)
            if (m_analysis->measured->points[i].kernel == kernel)
                return std::pair { g.graph->scatterStyle().pen().color(), int(g.graph->scatterStyle().shape()) };
    return std::nullopt;
}

} // namespace roofline::widgets
