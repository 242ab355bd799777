// SPDX-License-Identifier: GPL-3.0-or-later
// The roofline chart's frame: axes, theme, layers and title, and reading back what is drawn. When and how fast it
// redraws is in roofline_chart_redraw.cpp.
#include "chart/roofline_chart.h"

#include "base/units.h"
#include "chart/label_item.h"
#include "chart/measured.h"
#include "common/chart_text.h"
#include "common/si_log_ticker.h"

#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace roofline::widgets {

RooflineChart::RooflineChart(QWidget* parent)
    : QCustomPlot(parent)
    , m_analysis(std::make_shared<const Analysis>())
    , m_theme(ChartTheme::light())
{
    // Operations join the legend through buildLegend(), a bounded number of them.
    setAutoAddPlottableToLegend(false);
    setPlottingHints(QCP::phCacheLabels | QCP::phFastPolylines);
    // Lines, markers and texts share the "main" layer, texts last (see rebuild), in a paint buffer of its own: a slider
    // step redraws that layer alone. Background, grid and measured kernels below it share one buffer, axes, title,
    // legend and QCustomPlot's overlay above it another: each paint composites every buffer over the whole widget, so
    // three buffers, not five, are what a step costs to show (bench_gui, bench/RESULTS.md).
    m_mainLayer = layer(QStringLiteral("main"));
    m_mainLayer->setMode(QCPLayer::lmBuffered);
    addLayer(QStringLiteral("measured"), m_mainLayer, QCustomPlot::limBelow);
    // Veils under the tick labels drawn inside the plot (the presentation's frame), so that no roof strikes one.
    addLayer(QStringLiteral("veils"), layer(QStringLiteral("axes")), QCustomPlot::limBelow);
    layer(QStringLiteral("overlay"))->setMode(QCPLayer::lmLogical);
    setMinimumSize(480, 320);
    setMouseTracking(true);
    // QCustomPlot's paint fills its whole region with the background before the buffers: nothing to fill beforehand.
    setAttribute(Qt::WA_OpaquePaintEvent);
    xAxis->setScaleType(QCPAxis::stLogarithmic);
    yAxis->setScaleType(QCPAxis::stLogarithmic);
    xAxis->setTicker(QSharedPointer<SiLogTicker>::create(
        [](double v) { return v < 1000 ? qs(formatIntensity(v)) : qs(formatSI(v)); }));
    yAxis->setTicker(
        QSharedPointer<SiLogTicker>::create([this](double v) { return qs(formatRate(v, m_analysis->dtype)); }));
    xAxis->setLabel(tr("Arithmetic intensity (FLOPs per byte)"));
    xAxis2->setVisible(true);
    yAxis2->setVisible(true);
    xAxis2->setTickLabels(false);
    yAxis2->setTickLabels(false);
    connect(xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), xAxis2,
        qOverload<const QCPRange&>(&QCPAxis::setRange));
    connect(yAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), yAxis2,
        qOverload<const QCPRange&>(&QCPAxis::setRange));
    xAxis2->setScaleType(QCPAxis::stLogarithmic);
    yAxis2->setScaleType(QCPAxis::stLogarithmic);
    // Fewer tick labels when the axes are short (a small window, a large zoom): they never run together.
    // On a chart a few hundred pixels high (640×360 at 200 %) the plot needs the title's lines more than the title:
    // the window's title names the scenario, the compute roof's label the dtype.
    connect(this, &QCustomPlot::beforeReplot, this, [this] { fitTo(viewport().size()); });

    m_title = new QCPTextElement(this);
    plotLayout()->insertRow(0);
    plotLayout()->addElement(0, 0, m_title);
    m_title->setLayer(QStringLiteral("axes")); // outside the axis rect: it changes only with a full replot
    // Below the flat roof and right of the slopes a roofline chart is empty: the legend's place.
    axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
    m_legendInset = axisRect()->insetLayout()->margins();
    legend->setVisible(true);
    legend->setRowSpacing(0);
    // Above the slopes a roofline chart is empty too: the chips' names when the legend steps aside.
    auto* key = new QCPLegend;
    axisRect()->insetLayout()->addElement(key, Qt::AlignTop | Qt::AlignLeft);
    key->setLayer(legend->layer());
    key->setWrap(1);
    key->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    key->setVisible(false);
    m_compared.setKey(key);

    connect(this, &QCustomPlot::afterLayout, this, &RooflineChart::placeLabels);
    connect(this, &QCustomPlot::mouseMove, this, &RooflineChart::showHover);
    connect(this, &QCustomPlot::mousePress, this, &RooflineChart::pressMarker);
    connect(this, &QCustomPlot::mouseMove, this, &RooflineChart::dragMarker);
    connect(this, &QCustomPlot::mouseRelease, this, &RooflineChart::releaseMarker);
    connect(this, &QCustomPlot::beforeReplot, this, [this] {
        m_fullQueued = false;
        m_frameKey = frameKey();
        m_fullWhileFast = m_fullWhileFast || m_fast;
    });
    connect(this, &QCustomPlot::afterReplot, this, [this] {
        m_frameRect = axisRect()->rect();
        finishRedraw();
        // With the axes inside, the ticks left out were chosen for the plot's size foreseen before the layout; when
        // the layout gave another (the first in that frame), once more at the size it gave.
        if (m_axesInside && QSizeF(m_frameRect.size()) != m_insidePlot)
            replot(QCustomPlot::rpQueuedReplot);
    });
    m_settle.setSingleShot(true);
    m_settle.setInterval(kSettleMs);
    connect(&m_settle, &QTimer::timeout, this, &RooflineChart::updateDrawing);
    applyTheme();
    refresh();
}

RooflineChart::~RooflineChart()
{
    clearPlot(); // in linear time, where QCustomPlot's own teardown is quadratic in the number of graphs
}

void RooflineChart::setAnalysis(std::shared_ptr<const Analysis> analysis)
{
    m_analysis = std::move(analysis);
    // The first worked example a chart draws is framed by its view, as opening it in the window frames it: an
    // export of the scenario draws what the lecturer sees.
    const Session& s = m_analysis->session;
    if (!m_framed && s.lesson && s.lesson->view) {
        m_framed = true;
        openView(s.lesson->view->x, s.lesson->view->y);
        return;
    }
    refresh();
}

void RooflineChart::setTheme(const ChartTheme& theme)
{
    m_theme = theme;
    m_textSizes.clear();
    m_nameInks.clear();
    m_legendSize = QSize();
    m_frameKey.clear(); // background, grid, axes and legend change colours and fonts: a full replot
    applyTheme();
    m_signature.clear(); // graphs take their pens and fonts when built
    refresh();
}

void RooflineChart::applyTheme()
{
    const ChartTheme& t = m_theme;
    setBackground(QBrush(t.background));
    for (QCPAxis* axis : { xAxis, yAxis, xAxis2, yAxis2 }) {
        const QPen pen(t.foreground, t.width(1));
        axis->setBasePen(pen);
        axis->setTickPen(pen);
        axis->setSubTickPen(pen);
        axis->setTickLabelColor(t.foreground);
        axis->setLabelColor(t.foreground);
        axis->setTickLabelFont(t.font(9));
        axis->setLabelFont(t.font(10));
        axis->grid()->setPen(QPen(t.grid, t.width(1), Qt::SolidLine));
        axis->grid()->setSubGridPen(QPen(t.subGrid, t.width(1), Qt::SolidLine));
        axis->grid()->setSubGridVisible(axis == xAxis || axis == yAxis);
        axis->grid()->setVisible(axis == xAxis || axis == yAxis);
        axis->grid()->setZeroLinePen(Qt::NoPen);
    }
    m_title->setFont(t.font(12, true));
    m_title->setTextColor(t.foreground);
    legend->setFont(t.font(9));
    legend->setTextColor(t.foreground);
    legend->setBrush(QBrush(t.background));
    legend->setBorderPen(QPen(t.grid, t.width(1)));
    legend->setIconSize(static_cast<int>(std::lround(16 * t.zoom)), static_cast<int>(std::lround(12 * t.zoom)));
}

QString RooflineChart::signature() const
{
    QString s;
    for (const chart::RoofSegment& r : m_layout.roofs)
        s += QStringLiteral("%1:%2:%3;").arg(static_cast<int>(r.kind)).arg(qs(r.name)).arg(r.selected);
    s += QLatin1Char('|');
    for (const chart::RoofSegment& r : m_layout.practical)
        s += QStringLiteral("%1:%2;").arg(static_cast<int>(r.kind)).arg(qs(r.name));
    for (const chart::RoofSegment& r : m_calibrated.ceilings)
        s += QStringLiteral("c%1;").arg(qs(r.name));
    s += m_calibrated.work.empty() ? QStringLiteral("|") : QStringLiteral("w|");
    for (std::size_t op : m_shown)
        s += QString::number(op) + QLatin1Char(',');
    // Measured kernels are drawn anew only with another set: their points stay where they were measured.
    s += QStringLiteral("|m%1").arg(quintptr(m_analysis->measuredSet.get()));
    s += m_compared.signature(*m_analysis);
    return s;
}

void RooflineChart::refresh()
{
    const Analysis& a = *m_analysis;
    m_shown = a.shown();
    m_evaluations.clear();
    m_evaluations.reserve(m_shown.size());
    for (std::size_t op : m_shown)
        m_evaluations.push_back(a.operations[op].evaluation.value());
    m_measuredExtent = a.measured ? chart::measuredExtent(*a.measured) : std::vector<chart::Point> {};
    layOut(heldAxes());
    holdAxes();
    const QString sig = signature();
    if (sig != m_signature) {
        m_signature = sig;
        rebuild();
    }
    updateItems();
    const bool full = frameChanged();
    if (!full) { // a step of some input: drawn fast until input rests
        m_settle.start();
        updateDrawing();
    }
    scheduleRedraw(full);
}

void RooflineChart::layOut(const std::optional<chart::Axes>& held)
{
    const Analysis& a = *m_analysis;
    if (m_view && !(m_viewFrame == a.frame()))
        m_view.reset(); // another chip: the example's view no longer frames it
    // The axes hold the measured kernels and every compared chip's ridges and markers.
    std::vector<chart::Point> extent = m_compared.prepare(a, m_shown);
    extent.insert(extent.end(), m_measuredExtent.begin(), m_measuredExtent.end());
    m_layout = chart::layout(a.hardware, a.dtype, m_evaluations, a.frame(), extent, m_view ? m_view : held);
    if (m_view && !m_dragging && !chart::showsEveryMarker(*m_view, m_layout)) {
        m_view.reset(); // a marker left the example's view: the axes take what the content asks for
        m_layout = chart::layout(a.hardware, a.dtype, m_evaluations, a.frame(), extent, held);
    }
    if (a.session.lesson && a.session.lesson->view)
        chart::keepRoofs(m_layout, a.session.lesson->view->roofs);
    m_compared.layOut(a, { m_layout.x, m_layout.y });
    layOutCalibrated();
}

void RooflineChart::layOutCalibrated()
{
    const Analysis& a = *m_analysis;
    m_calibrated = {};
    m_calibratedFor.reset();
    const Calibration* cal = a.calibration();
    if (!cal)
        return;
    // The curved roof is of the selected operation's work, or else (none selected, or one that does no math) of the
    // longest shown one's: the operation the question "why does this take so long" is most often about.
    for (std::size_t i = 0; i < m_shown.size(); ++i)
        if (m_evaluations[i].flops > 0 && m_shown[i] == m_selected)
            m_calibratedFor = i;
    const bool selectedDoesMath = m_calibratedFor.has_value();
    for (std::size_t i = 0; i < m_shown.size() && !selectedDoesMath; ++i)
        if (m_evaluations[i].flops > 0
            && (!m_calibratedFor || m_evaluations[i].tLower > m_evaluations[*m_calibratedFor].tLower))
            m_calibratedFor = i;
    chart::CalibratedWork work;
    if (m_calibratedFor) {
        const Evaluation& e = m_evaluations[*m_calibratedFor];
        work = { e.flops, e.dtype, 0, e.tLaunch };
        for (const ResourceUse& r : e.resources)
            if (r.kind == RoofKind::Memory && !a.hardware.memories.empty()
                && r.name == a.hardware.memories.front().name)
                work.intensity = r.intensity;
        m_calibratedFor = m_shown[*m_calibratedFor];
    }
    m_calibrated = chart::calibratedRoofs(*cal, a.hardware, a.dtype, m_layout, work);
    m_calibratedDtype = work.dtype;
}

QCPItemText* RooflineChart::addText(double points, const QColor& colour)
{
    auto* text = new LabelItem(this);
    m_texts.push_back(text);
    text->setFont(m_theme.font(points));
    text->setColor(colour);
    text->setClipToAxisRect(true);
    return text;
}

QColor RooflineChart::halo() const
{
    QColor halo = m_theme.background;
    halo.setAlpha(200);
    return halo;
}

// Removes every graph and item in the order they were made. QCustomPlot keeps them in lists it searches from the
// front, and its clearGraphs()/clearItems() remove from the back (each removal a search of the whole list) and re-lay
// the legend out after each graph: quadratic, seconds at thousands of operations. From the front each search ends at
// once, and the legend, emptied first, has nothing to re-lay out.
void RooflineChart::clearPlot()
{
    legend->clearItems();
    m_compared.key()->clearItems(); // before the plottables its items draw
    m_compared.key()->setVisible(false);
    std::vector<QCPAbstractPlottable*> plottables;
    plottables.reserve(static_cast<std::size_t>(plottableCount()));
    for (int i = 0; i < plottableCount(); ++i)
        plottables.push_back(plottable(i));
    for (QCPAbstractPlottable* p : plottables)
        removePlottable(p);
    std::vector<QCPAbstractItem*> items;
    items.reserve(static_cast<std::size_t>(itemCount()));
    for (int i = 0; i < itemCount(); ++i)
        items.push_back(item(i));
    for (QCPAbstractItem* i : items)
        removeItem(i);
    m_texts.clear();
    m_vectorMarkers.clear();
    m_roofs.clear();
    m_practical.clear();
    m_calibratedRoofs.clear();
    m_calibratedWork = nullptr;
    m_calibratedWorkLabel = nullptr;
    m_operations.clear();
    m_compared.forget();
    m_labels.clear();
    m_leaders.clear();
    m_placedTexts.clear();
    m_tickVeils.clear();
    m_stackedGraphs.clear();
    m_counts.clear();
    m_more = nullptr;
    m_highlight = nullptr;
    m_answer = nullptr;
    m_xName = nullptr;
    m_yName = nullptr;
    m_measured.forget();
}

void RooflineChart::rebuild()
{
    m_legendSize = QSize();
    clearPlot();
    // The samples' length as the theme sets it; compared chips lengthen it (buildCompared).
    legend->setIconSize(
        static_cast<int>(std::lround(16 * m_theme.zoom)), static_cast<int>(std::lround(12 * m_theme.zoom)));
    m_measured.build(context()); // its ceilings below the roofs, its lines below the markers
    buildRoofs();
    m_compared.build(context()); // the chips' legend rows before the operations'
    buildOperations();
    buildHighlight();
    for (QCPGraph* entry : m_measured.legendRows())
        entry->addToLegend(); // after the operations' rows
    if (QCPGraph* ring = m_measured.ring())
        ring->setLayer(m_mainLayer); // above every marker
    if (m_fast && m_smoothScopes == 0)
        useMarkerSprites(true);
    // Texts above every line and marker, so that a line never crosses a label: each is moved to the end of the
    // layer, in the order made.
    for (QCPItemText* text : m_texts)
        text->setLayer(m_mainLayer);
    // The axes' names inside the plot change with the frame, not with a step: on the axes' layer, above the plot.
    m_xName = addText(10, m_theme.foreground);
    m_yName = addText(10, m_theme.foreground);
    for (QCPItemText* name : { m_xName, m_yName }) {
        name->setLayer(QStringLiteral("axes"));
        name->setBrush(halo()); // lines under a name leave its letters whole, as under every label
        name->position->setType(QCPItemPosition::ptAbsolute);
        name->setVisible(false);
    }
    m_xName->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    m_yName->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
}

void RooflineChart::updateItems()
{
    const chart::Layout& l = m_layout;
    xAxis->setRange(l.x.lower(), l.x.upper());
    yAxis->setRange(l.y.lower(), l.y.upper());
    const Dtype dtype = m_analysis->dtype;
    const QString yName = isInteger(dtype) ? tr("Attainable OP/s") : tr("Attainable FLOP/s");
    const QString xName = tr("Arithmetic intensity (%1 per byte)").arg(qs(std::string(workName(dtype))));
    yAxis->setLabel(m_axesInside ? QString() : yName);
    xAxis->setLabel(m_axesInside ? QString() : xName);
    m_xName->setText(xName);
    m_yName->setText(yName);
    m_xName->setVisible(m_axesInside);
    m_yName->setVisible(m_axesInside);
    m_title->setText(composeTitle(m_chipEdited));
    updateRoofs();
    if (m_compared.update(context()))
        m_legendSize = QSize();
    updateOperations();
    updateHighlight();
    m_measured.update(context());
}

QString RooflineChart::frameKey() const
{
    return QStringLiteral("%1|%2|%3|%4|%5|%6|%7")
        .arg(m_layout.x.lowerDecade)
        .arg(m_layout.x.upperDecade)
        .arg(m_layout.y.lowerDecade)
        .arg(m_layout.y.upperDecade)
        .arg(m_title->text(), m_yName->text() + (m_axesInside ? u'^' : u'_'), m_signature + m_legendNames);
}

bool RooflineChart::frameChanged() const
{
    return frameKey() != m_frameKey;
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

LayerContext RooflineChart::context()
{
    return { *this, *m_analysis, m_theme, m_layout, m_shown, m_mainLayer,
        [this](double points, const QColor& colour) { return addText(points, colour); } };
}

void RooflineChart::placeCompared()
{
    // The session's chip's binding marker of each shown operation: where the arrows start.
    std::vector<std::optional<chart::Point>> from(m_shown.size());
    for (const chart::Marker& m : m_layout.markers)
        if (m.binding && m.operation < from.size())
            from[m.operation] = m.at;
    m_compared.place(context(), from);
}

void RooflineChart::setMeasuredFilter(const QString& pattern)
{
    if (m_measured.setFilter(pattern, context()))
        scheduleRedraw(true); // the points' own layer is drawn again
}

void RooflineChart::markMeasured(std::optional<std::size_t> kernel)
{
    if (m_measured.mark(kernel, context()))
        scheduleRedraw(false);
}

QVector<QPointF> RooflineChart::measuredPoints() const
{
    return m_measured.points();
}

QVector<QPointF> RooflineChart::measuredMark() const
{
    return m_measured.ringPoints();
}

QVector<QPointF> RooflineChart::measuredLinkLines() const
{
    return m_measured.linkLines();
}

QStringList RooflineChart::measuredRoofLabels() const
{
    return m_measured.roofLabels();
}

std::optional<std::pair<QColor, int>> RooflineChart::measuredStyle(std::size_t kernel) const
{
    return m_measured.style(*m_analysis, kernel);
}

QString RooflineChart::hoverText(const QPointF& pixel) const
{
    const double reach = 8 * m_theme.zoom;
    // Every operation with a marker under the pointer, filled or not, those a marker stands for among them.
    QStringList operations;
    std::set<std::size_t> listed;
    for (std::size_t j = 0; j < m_layout.markers.size(); ++j) {
        const chart::Marker& m = m_layout.markers[j];
        const QPointF at = j < m_markerPixels.size()
            ? QPointF(m_markerPixels[j].x, m_markerPixels[j].y)
            : QPointF(xAxis->coordToPixel(m.at.x), yAxis->coordToPixel(m.at.y));
        if (std::hypot(at.x() - pixel.x(), at.y() - pixel.y()) <= reach && listed.insert(m.operation).second)
            operations.append(operationTooltip(
                m_analysis->session.operations[m_operations[m.operation].operation], m_evaluations[m.operation]));
    }
    if (!operations.isEmpty())
        return operations.join(QStringLiteral("<hr>"));
    if (QString compared = m_compared.hover(const_cast<RooflineChart*>(this)->context(), pixel, reach);
        !compared.isEmpty())
        return compared;
    if (QString measured
        = const_cast<RooflineChart*>(this)->m_measured.hover(const_cast<RooflineChart*>(this)->context(), pixel);
        !measured.isEmpty())
        return measured;
    for (const chart::RoofSegment& r : m_layout.roofs) {
        const chart::Point a { xAxis->coordToPixel(r.from.x), yAxis->coordToPixel(r.from.y) };
        const chart::Point b { xAxis->coordToPixel(r.to.x), yAxis->coordToPixel(r.to.y) };
        if (chart::distanceToSegment({ pixel.x(), pixel.y() }, a, b) <= reach / 2)
            return roofTooltip(r, m_analysis->hardware, m_analysis->dtype);
    }
    return {};
}

void RooflineChart::showHover(QMouseEvent* event)
{
    const QString text = hoverText(event->position());
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, this);
}

QString RooflineChart::titleText() const
{
    return m_title->text();
}
} // namespace roofline::widgets

#include "moc_roofline_chart.cpp"
