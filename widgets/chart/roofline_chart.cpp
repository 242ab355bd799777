// SPDX-License-Identifier: GPL-3.0-or-later
// The roofline chart's setup: axes, theme, layers, and the layout's round from an analysis to the items drawn. When
// and how fast it redraws is in roofline_chart_redraw.cpp, its words in roofline_chart_words.cpp, its answers to the
// pointer in roofline_chart_interaction.cpp.
#include "chart/roofline_chart.h"

#include "base/units.h"
#include "chart/label_item.h"
#include "chart/measured.h"
#include "common/chart_text.h"
#include "common/si_log_ticker.h"

#include <algorithm>
#include <cmath>

namespace roofline::widgets {

RooflineChart::RooflineChart(QWidget* parent)
    : QCustomPlot(parent)
    , m_analysis(std::make_shared<const Analysis>())
    , m_theme(ChartTheme::light())
    , m_frame(*this)
    , m_redraw([this] { updateDrawing(); })
{
    // Operations join the legend through their layer, a bounded number of them.
    setAutoAddPlottableToLegend(false);
    setPlottingHints(QCP::phCacheLabels | QCP::phFastPolylines);
    // Lines, markers and texts share the "main" layer, texts last (see rebuild), in a paint buffer of its own: a slider
    // step redraws that layer alone. Background, grid and measured kernels below it share one buffer, axes, title,
    // legend and QCustomPlot's overlay above it another: each paint composites every buffer over the whole widget, so
    // three buffers, not five, are what a step costs to show (bench_gui, bench/RESULTS.md). Compared chips add a
    // fourth, which a step draws only when they moved.
    m_mainLayer = layer(QStringLiteral("main"));
    m_mainLayer->setMode(QCPLayer::lmBuffered);
    addLayer(QStringLiteral("measured"), m_mainLayer, QCustomPlot::limBelow);
    // The compared chips between the measured kernels and the main layer, buffered while there are any (StillLayer).
    addLayer(QStringLiteral("compared"), m_mainLayer, QCustomPlot::limBelow);
    m_compared.setLayer(layer(QStringLiteral("compared")));
    // Veils under the tick labels drawn inside the plot (the presentation's frame), so that no roof strikes one.
    addLayer(QStringLiteral("veils"), layer(QStringLiteral("axes")), QCustomPlot::limBelow);
    layer(QStringLiteral("overlay"))->setMode(QCPLayer::lmLogical);
    setMinimumSize(480, 320);
    setMouseTracking(true);
    // QCustomPlot's paint fills its whole region with the background before the buffers: nothing to fill beforehand.
    setAttribute(Qt::WA_OpaquePaintEvent);
    xAxis->setScaleType(QCPAxis::stLogarithmic);
    yAxis->setScaleType(QCPAxis::stLogarithmic);
    xAxis->setTicker(QSharedPointer<SiLogTicker>::create(intensityTick));
    yAxis->setTicker(
        QSharedPointer<SiLogTicker>::create([this](double v) { return qs(formatRate(v, m_analysis->dtype)); }));
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
    // Fewer tick labels when the axes are short (a small window, a large zoom): they never run together; the title
    // only where the chart has the room (ChartFrame::fitTo).
    connect(this, &QCustomPlot::beforeReplot, this, [this] { fitTo(viewport().size()); });

    // Below the flat roof and right of the slopes a roofline chart is empty: the legend's place.
    axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
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
    connect(this, &QCustomPlot::beforeReplot, this, [this] { m_redraw.replotStarts(frameKey()); });
    connect(this, &QCustomPlot::afterReplot, this, [this] {
        m_redraw.replotted(axisRect()->rect());
        m_compared.still().drawn(m_redraw.fast());
        finishRedraw();
        // With the axes inside, the ticks left out were chosen for the plot's size foreseen before the layout; when
        // the layout gave another (the first in that frame), once more at the size it gave.
        if (m_frame.refitNeeded(axisRect()->rect().size()))
            replot(QCustomPlot::rpQueuedReplot);
    });
    applyTheme();
    refresh();
}

RooflineChart::~RooflineChart()
{
    clearPlot(); // in linear time, where QCustomPlot's own teardown is quadratic in the number of graphs
}

void RooflineChart::fitTo(QSize size)
{
    m_frame.fitTo(size, m_theme, m_textSizes);
}

void RooflineChart::setAxesInside(bool inside)
{
    if (!m_frame.setInside(inside))
        return;
    m_redraw.forgetFrame();
    refresh();
}

void RooflineChart::setAnalysis(std::shared_ptr<const Analysis> analysis)
{
    m_analysis = std::move(analysis);
    // The first worked example a chart draws is framed by its view, as opening it in the window frames it: an
    // export of the scenario draws what the lecturer sees.
    const Session& s = m_analysis->session;
    if (!m_axes.framed() && s.lesson && s.lesson->view) {
        openView(s.lesson->view->x, s.lesson->view->y);
        return;
    }
    refresh();
}

void RooflineChart::setTheme(const ChartTheme& theme)
{
    m_theme = theme;
    m_textSizes.clear();
    m_legendSize = QSize();
    m_redraw.forgetFrame(); // background, grid, axes and legend change colours and fonts: a full replot
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
    m_frame.applyTheme(t);
    legend->setFont(t.font(9));
    legend->setTextColor(t.foreground);
    legend->setBrush(QBrush(t.background));
    legend->setBorderPen(QPen(t.grid, t.width(1)));
    legend->setIconSize(static_cast<int>(std::lround(16 * t.zoom)), static_cast<int>(std::lround(12 * t.zoom)));
}

LayerContext RooflineChart::context() const
{
    // The layers draw into the plot through the context; a const chart's is only read through.
    auto* self = const_cast<RooflineChart*>(this);
    return { *self, *m_analysis, m_theme, m_layout, m_shown, m_evaluations, m_mainLayer, self->m_textSizes,
        [self](double points, const QColor& colour) { return self->addText(points, colour); }, m_redraw.file(),
        m_redraw.fast() };
}

QString RooflineChart::signature() const
{
    QString s;
    for (const chart::RoofSegment& r : m_layout.roofs)
        s += QStringLiteral("%1:%2:%3;").arg(static_cast<int>(r.kind)).arg(qs(r.name)).arg(r.selected);
    s += QLatin1Char('|');
    for (const chart::RoofSegment& r : m_layout.practical)
        s += QStringLiteral("%1:%2;").arg(static_cast<int>(r.kind)).arg(qs(r.name));
    s += m_calibrated.signature();
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
    layOut(m_axes.asked(a.frame()));
    holdAxes();
    const QString sig = signature();
    if (sig != m_signature) {
        m_signature = sig;
        rebuild();
    }
    updateItems();
    const bool full = m_redraw.frameChanged(frameKey());
    if (!full) { // a step of some input: drawn fast until input rests
        m_redraw.stepped();
        updateDrawing();
    }
    scheduleRedraw(full);
}

void RooflineChart::layOut(const std::optional<chart::Axes>& held)
{
    const Analysis& a = *m_analysis;
    // The axes hold the measured kernels and every compared chip's ridges and markers (chart::layouts).
    const std::vector<chart::Point> measured
        = a.measured ? chart::measuredExtent(*a.measured) : std::vector<chart::Point> {};
    const std::vector<chart::OverlayChip> chips = m_compared.prepare(a, m_shown);
    chart::Layouts laid = chart::layouts(a.hardware, a.dtype, m_evaluations, a.frame(), chips, measured, held);
    if (held && m_axes.hasView() && !m_redraw.dragging() && !chart::showsEveryMarker(*held, laid.layout)) {
        m_axes.leaveView(); // a marker left the example's view: the axes take what the content asks for
        laid = chart::layouts(a.hardware, a.dtype, m_evaluations, a.frame(), chips, measured, m_axes.held(a.frame()));
    }
    m_layout = std::move(laid.layout);
    if (a.session.lesson && a.session.lesson->view)
        chart::keepRoofs(m_layout, a.session.lesson->view->roofs);
    m_compared.setOverlays(std::move(laid.overlays));
    m_calibrated.layOut(context(), m_selected);
}

void RooflineChart::holdAxes()
{
    const Hardware frame = m_analysis->frame();
    if (const auto kept = m_axes.hold({ m_layout.x, m_layout.y }, m_layout.natural, m_redraw.dragging(), frame))
        layOut(kept);
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
    m_placedTexts.clear();
    m_sprites.forget();
    m_frame.forget();
    m_roofs.forget();
    m_calibrated.forget();
    m_operations.forget();
    m_compared.forget();
    m_measured.forget();
}

void RooflineChart::rebuild()
{
    m_legendSize = QSize();
    clearPlot();
    // The samples' length as the theme sets it; compared chips lengthen it.
    legend->setIconSize(
        static_cast<int>(std::lround(16 * m_theme.zoom)), static_cast<int>(std::lround(12 * m_theme.zoom)));
    const LayerContext ctx = context();
    m_measured.build(ctx); // its ceilings below the roofs, its lines below the markers
    m_roofs.build(ctx);
    m_calibrated.build(ctx);
    m_compared.build(ctx); // the chips' legend rows before the operations'
    m_operations.build(ctx);
    for (QCPGraph* entry : m_measured.legendRows())
        entry->addToLegend(); // after the operations' rows
    if (QCPGraph* ring = m_measured.ring())
        ring->setLayer(m_mainLayer); // above every marker
    // Texts above every line and marker, so that a line never crosses a label: each is moved to the end of its layer
    // (the main one, or the compared chips'), in the order made.
    for (QCPItemText* text : m_texts)
        text->setLayer(text->layer());
    m_frame.build(ctx);
    if (m_redraw.fastOnScreen())
        applyDrawing(true);
}

void RooflineChart::updateItems()
{
    xAxis->setRange(m_layout.x.lower(), m_layout.x.upper());
    yAxis->setRange(m_layout.y.lower(), m_layout.y.upper());
    const LayerContext ctx = context();
    m_frame.update(ctx, m_chipEdited);
    m_roofs.update(ctx);
    m_calibrated.update(ctx);
    if (m_compared.update(ctx))
        m_legendSize = QSize();
    if (m_operations.update(ctx, m_selected, m_redraw.followingInput()))
        m_legendSize = QSize(); // the legend's names changed
    m_measured.update(ctx);
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

} // namespace roofline::widgets

#include "moc_roofline_chart.cpp"
