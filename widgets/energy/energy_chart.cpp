// SPDX-License-Identifier: GPL-3.0-or-later
#include "energy/energy_chart.h"

#include "base/units.h"
#include "common/chart_text.h"
#include "common/compared_style.h"
#include "common/si_log_ticker.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <unordered_set>

namespace roofline::widgets {

namespace {

QVector<double> xsOf(const std::vector<chart::Point>& points)
{
    QVector<double> out;
    out.reserve(static_cast<qsizetype>(points.size()));
    for (const chart::Point& p : points)
        out.append(p.x);
    return out;
}

QVector<double> ysOf(const std::vector<chart::Point>& points)
{
    QVector<double> out;
    out.reserve(static_cast<qsizetype>(points.size()));
    for (const chart::Point& p : points)
        out.append(p.y);
    return out;
}

} // namespace

EnergyChart::EnergyChart(QWidget* parent)
    : QCustomPlot(parent)
    , m_analysis(std::make_shared<const Analysis>())
    , m_theme(ChartTheme::light())
{
    setAutoAddPlottableToLegend(false);
    setMinimumSize(320, 200);
    xAxis->setScaleType(QCPAxis::stLogarithmic);
    yAxis->setScaleType(QCPAxis::stLogarithmic);
    xAxis->setTicker(QSharedPointer<SiLogTicker>::create(intensityTick));
    yAxis->setTicker(QSharedPointer<SiLogTicker>::create([](double v) { return qs(formatSI(v)); }));
    legend->setVisible(true);
    // Placed in the emptiest corner before each replot (placeLegend).
    axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
    connect(this, &QCustomPlot::beforeReplot, this, [this] {
        fitTo(viewport().size());
        placeLegend();
    });
    connect(this, &QCustomPlot::mouseMove, this, &EnergyChart::mouseMoved);
    setMouseTracking(true);
}

void EnergyChart::fitTo(QSize size)
{
    fitLogTicks(this, size, m_tickViewport);
}

void EnergyChart::setAnalysis(std::shared_ptr<const Analysis> analysis)
{
    m_analysis = std::move(analysis);
    rebuild();
}

void EnergyChart::setTheme(const ChartTheme& theme)
{
    m_theme = theme;
    rebuild();
}

void EnergyChart::holdAxes(bool held)
{
    m_holding = held;
    // Through a drag the chart draws without antialiasing, as the roofline does: each step is drawn whole.
    setNotAntialiasedElements(held ? QCP::aeAll : QCP::aeNone);
    // The axes as drawn; a layout not drawn yet (the tab hidden) holds its own at its first draw.
    m_held = held && !m_stale && drawsAnything() ? std::optional<chart::Axes>(m_layout.axes) : std::nullopt;
    if (!held)
        rebuild();
}

bool EnergyChart::drawsAnything() const
{
    return !m_layout.empty()
        || std::any_of(m_compared.begin(), m_compared.end(), [](const chart::EnergyLayout& l) { return !l.empty(); });
}

void EnergyChart::showEvent(QShowEvent* event)
{
    if (m_stale)
        draw();
    QCustomPlot::showEvent(event);
}

void EnergyChart::rebuild()
{
    m_stale = true;
    if (isVisible())
        draw();
}

void EnergyChart::draw()
{
    m_stale = false;
    const Analysis& a = *m_analysis;
    const ChartTheme& t = m_theme;
    // The visible operations, which every chip's markers index: the session's chip runs each of them (shown()).
    m_shown = a.shown();
    std::vector<const Evaluation*> evaluations;
    for (std::size_t op : m_shown)
        evaluations.push_back(&a.operations[op].evaluation.value());
    // The compared chips' evaluations of the same operations, null where one cannot run there.
    std::vector<std::vector<const Evaluation*>> compared(a.compared.size());
    std::vector<chart::EnergyChip> chips { { &a.hardware, a.dtype, evaluations } };
    for (std::size_t k = 0; k < a.compared.size(); ++k) {
        for (std::size_t op : m_shown) {
            const Expected<Evaluation>& e = a.compared[k].evaluations[op];
            compared[k].push_back(e ? &e.value() : nullptr);
        }
        chips.push_back({ &a.compared[k].hardware, a.compared[k].dtype, compared[k] });
    }
    std::vector<chart::EnergyLayout> layouts = chart::energyLayouts(chips, m_holding ? m_held : std::nullopt);
    m_layout = std::move(layouts.front());
    m_compared.assign(std::make_move_iterator(layouts.begin() + 1), std::make_move_iterator(layouts.end()));
    if (m_holding && !m_held && drawsAnything())
        m_held = m_layout.axes;

    legend->clearItems();
    clearPlottables();
    clearItems();
    m_curveGraphs.clear();
    m_boardGraph = nullptr;
    m_modelPoints.clear();
    m_boardPoints.clear();
    m_comparedPoints.clear();

    applyPlotTheme(this, t);
    const QString work = qs(std::string(workName(a.dtype)));
    if (m_title) {
        m_title->setFont(t.font(12, true));
        m_title->setTextColor(t.foreground);
        const QString versus = a.compared.empty() ? QString()
            : a.compared.size() == 1              ? tr(" vs %1").arg(qs(a.compared.front().hardware.name))
                                                  : tr(" vs %1 chips").arg(a.compared.size());
        m_title->setText(
            tr("%1 · %2 · %3 per joule").arg(qs(a.hardware.name), qs(std::string(dtypeName(a.dtype))), work) + versus);
    }
    xAxis->setLabel(tr("Arithmetic intensity (%1 per byte)").arg(work));
    yAxis->setLabel(tr("%1 per joule").arg(work));
    xAxis->setRange(m_layout.axes.x.lower(), m_layout.axes.x.upper());
    yAxis->setRange(m_layout.axes.y.lower(), m_layout.axes.y.upper());

    for (const chart::EnergyCurve& c : m_layout.curves) {
        QCPGraph* g = addGraph();
        const QColor ink = c.kind == RoofKind::Memory ? t.memoryRoof : t.networkRoof;
        g->setPen(QPen(ink, t.width(2.2), c.complete ? Qt::SolidLine : Qt::DashLine));
        g->setName(
            c.complete ? tr("%1, the model").arg(qs(c.name)) : tr("%1, stated terms only (at most)").arg(qs(c.name)));
        g->setData(xsOf(c.points), ysOf(c.points), true);
        g->addToLegend();
        m_curveGraphs.push_back(g);
    }
    if (!m_layout.board.empty()) {
        m_boardGraph = addGraph();
        // Dotted alone; solid beside compared chips, whose lines are dashed and dotted in their own patterns.
        m_boardGraph->setPen(QPen(t.envelope, t.width(1.6), a.compared.empty() ? Qt::DotLine : Qt::SolidLine));
        m_boardGraph->setName(tr("at %1 W board power").arg(qs(savedNumber(m_layout.boardPower))));
        m_boardGraph->setData(xsOf(m_layout.board), ysOf(m_layout.board), true);
        m_boardGraph->addToLegend();
    }
    drawGuides();
    drawCompared();
    drawMarkers(m_layout, QCPScatterStyle::ssDisc, QCPScatterStyle::ssCircle, 1, m_modelPoints, m_boardPoints);
    drawPointKey();
    replot(QCustomPlot::rpQueuedReplot);
}

void EnergyChart::drawCompared()
{
    const ChartTheme& t = m_theme;
    const Analysis& a = *m_analysis;
    const double size = 9 * t.zoom;
    for (std::size_t k = 0; k < m_compared.size(); ++k) {
        const chart::EnergyLayout& l = m_compared[k];
        // The chip's row in the legend: its dashes and its marker shape, as the roofline's legend names it.
        QCPGraph* key = addGraph();
        key->setPen(comparedPen(k, t.foreground, t.width(2)));
        key->setScatterStyle(
            QCPScatterStyle(comparedShape(k), QPen(t.foreground, t.width(1.6)), QBrush(t.background), size));
        key->setName(l.empty() ? tr("%1 (no energy figures)").arg(qs(a.compared[k].hardware.name))
                               : qs(a.compared[k].hardware.name));
        key->addToLegend();
        for (const chart::EnergyCurve& c : l.curves) {
            QCPGraph* g = addGraph();
            g->setPen(comparedPen(k, c.kind == RoofKind::Memory ? t.memoryRoof : t.networkRoof, t.width(1.8)));
            g->setData(xsOf(c.points), ysOf(c.points), true);
        }
        if (!l.board.empty()) {
            QCPGraph* g = addGraph();
            g->setPen(comparedPen(k, t.envelope, t.width(1.4)));
            g->setData(xsOf(l.board), ysOf(l.board), true);
        }
        // The bands in the chip's shape: tinted at the model's figure, hollow at board power.
        std::vector<QCPGraph*> filled;
        std::vector<QCPGraph*> hollow;
        drawMarkers(l, comparedShape(k), comparedShape(k), 0.45, filled, hollow);
        m_comparedPoints.insert(m_comparedPoints.end(), filled.begin(), filled.end());
        m_comparedPoints.insert(m_comparedPoints.end(), hollow.begin(), hollow.end());
    }
}

void EnergyChart::drawGuides()
{
    const ChartTheme& t = m_theme;
    const QPen guide(t.foreground, t.width(0.8), Qt::DashDotLine);
    auto label = [&](const QString& text, double x, double y, Qt::Alignment alignment, bool xRatio, bool yRatio) {
        auto* item = new QCPItemText(this);
        item->position->setTypeX(xRatio ? QCPItemPosition::ptAxisRectRatio : QCPItemPosition::ptPlotCoords);
        item->position->setTypeY(yRatio ? QCPItemPosition::ptAxisRectRatio : QCPItemPosition::ptPlotCoords);
        item->position->setCoords(x, y);
        item->setPositionAlignment(alignment);
        item->setText(text);
        item->setColor(t.foreground);
        item->setFont(t.font(8.5));
        item->setPadding(QMargins(3, 1, 3, 1));
    };
    const QString work = qs(std::string(workName(m_analysis->dtype)));
    if (m_layout.ceiling > 0 && !m_layout.curves.empty()) {
        auto* line = new QCPItemStraightLine(this);
        line->point1->setCoords(1, m_layout.ceiling);
        line->point2->setCoords(10, m_layout.ceiling);
        line->setPen(guide);
        const EnergyRoof& roof = m_layout.curves.front().roof;
        const bool complete = roof.perFlop > 0 && roof.constantPower > 0;
        label(tr("ceiling %1%2 %3/J")
                  .arg(complete ? QString() : QStringLiteral("≤ "), qs(formatSI(m_layout.ceiling)), work),
            0.99, m_layout.ceiling, Qt::AlignRight | Qt::AlignBottom, true, false);
    }
    auto vertical = [&](double x, const QString& text, double at) {
        auto* line = new QCPItemStraightLine(this);
        line->point1->setCoords(x, 1);
        line->point2->setCoords(x, 10);
        line->setPen(QPen(t.grid.darker(130), t.width(1), Qt::DashLine));
        label(text, x, at, Qt::AlignLeft | Qt::AlignTop, false, true);
    };
    if (m_layout.ridge > 0)
        vertical(m_layout.ridge, tr("time ridge %1").arg(qs(formatIntensity(m_layout.ridge))), 0.02);
    if (m_layout.balance > 0)
        vertical(m_layout.balance, tr("energy balance %1").arg(qs(formatIntensity(m_layout.balance))), 0.10);
}

void EnergyChart::drawMarkers(const chart::EnergyLayout& layout, QCPScatterStyle::ScatterShape filledShape,
    QCPScatterStyle::ScatterShape hollowShape, double filledAlpha, std::vector<QCPGraph*>& filledGraphs,
    std::vector<QCPGraph*>& hollowGraphs)
{
    const ChartTheme& t = m_theme;
    const Analysis& a = *m_analysis;
    // One graph of filled and one of hollow points per operation colour, the band between them as the hollow
    // graph's error bars: a few plottables whatever the number of operations.
    // Each group's points in the order of intensity, as a graph keeps its data: the error bars of the hollow points
    // follow that order.
    struct Group {
        QVector<double> x, model, boardX, board, up, down;
    };
    std::map<std::string, std::vector<std::size_t>> members;
    for (std::size_t i = 0; i < layout.markers.size(); ++i)
        members[a.session.operations[m_shown[layout.markers[i].operation]].colour].push_back(i);
    std::map<std::string, Group> groups;
    for (auto& [colour, indices] : members) {
        std::stable_sort(indices.begin(), indices.end(), [&layout](std::size_t l, std::size_t r) {
            return layout.markers[l].intensity < layout.markers[r].intensity;
        });
        Group& g = groups[colour];
        // One band per pixel: of thousands of operations many fall on the same pixels, where one drawing hides the
        // others (the roofline's markers stand for each other so too).
        std::unordered_set<std::uint64_t> drawn;
        for (std::size_t i : indices) {
            const chart::EnergyMarker& m = layout.markers[i];
            auto pixel = [this](double y) {
                return y > 0 ? static_cast<std::uint64_t>(std::clamp(std::lround(yAxis->coordToPixel(y)), 0L, 65535L))
                             : 65535u;
            };
            const auto x
                = static_cast<std::uint64_t>(std::clamp(std::lround(xAxis->coordToPixel(m.intensity)), 0L, 65535L));
            if (!drawn.insert(x << 32 | pixel(m.model) << 16 | pixel(m.board)).second)
                continue;
            if (m.model > 0) {
                g.x.append(m.intensity);
                g.model.append(m.model);
            }
            if (m.board > 0) {
                g.boardX.append(m.intensity);
                g.board.append(m.board);
                g.up.append(m.model > m.board ? m.model - m.board : 0);
                g.down.append(m.model > 0 && m.model < m.board ? m.board - m.model : 0);
            }
        }
    }
    const double size = 9 * t.zoom;
    for (auto& [colour, g] : groups) {
        const QColor ink = t.operationColour(colour);
        QCPGraph* hollow = addGraph();
        hollow->setLineStyle(QCPGraph::lsNone);
        hollow->setScatterStyle(QCPScatterStyle(hollowShape, QPen(ink, t.width(1.6)), QBrush(t.background), size));
        hollow->setData(g.boardX, g.board, true);
        auto* band = new QCPErrorBars(xAxis, yAxis);
        band->setDataPlottable(hollow);
        band->setErrorType(QCPErrorBars::etValueError);
        band->setPen(QPen(ink, t.width(1.4)));
        band->setWhiskerWidth(0);
        band->setSymbolGap(size);
        band->setData(g.down, g.up);
        QCPGraph* filled = addGraph();
        filled->setLineStyle(QCPGraph::lsNone);
        QColor fill = ink;
        if (filledAlpha < 1)
            fill.setAlphaF(static_cast<float>(filledAlpha));
        // A tinted shape keeps its outline (a compared chip's cross inside its circle); a disc is all ink.
        const QPen outline = filledAlpha < 1 ? QPen(ink, t.width(1.6)) : QPen(ink);
        filled->setScatterStyle(QCPScatterStyle(filledShape, outline, QBrush(fill), size));
        filled->setData(g.x, g.model, true);
        hollowGraphs.push_back(hollow);
        filledGraphs.push_back(filled);
    }
}

void EnergyChart::drawPointKey()
{
    const ChartTheme& t = m_theme;
    const double size = 9 * t.zoom;
    // The legend's key to the points, in the foreground's ink, for the points of every chip.
    std::vector<const chart::EnergyLayout*> layouts { &m_layout };
    for (const chart::EnergyLayout& l : m_compared)
        layouts.push_back(&l);
    bool markers = false;
    bool model = false;
    bool complete = true;
    bool board = false;
    for (const chart::EnergyLayout* l : layouts) {
        if (l->markers.empty())
            continue;
        markers = true;
        model = model || !l->curves.empty()
            || std::any_of(
                l->markers.begin(), l->markers.end(), [](const chart::EnergyMarker& m) { return m.model > 0; });
        complete = complete && std::all_of(l->markers.begin(), l->markers.end(), [](const chart::EnergyMarker& m) {
            return m.complete;
        });
        board = board || l->boardPower > 0;
    }
    if (!markers)
        return;
    auto key = [&](QCPScatterStyle::ScatterShape shape, const QBrush& brush, const QString& name) {
        QCPGraph* g = addGraph();
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(QCPScatterStyle(shape, QPen(t.foreground, t.width(1.6)), brush, size));
        g->setName(name);
        g->addToLegend();
    };
    if (model)
        key(QCPScatterStyle::ssDisc, QBrush(t.foreground),
            complete ? tr("operation, the model") : tr("operation, stated terms"));
    if (board)
        key(QCPScatterStyle::ssCircle, QBrush(t.background), tr("operation, board power"));
}

void EnergyChart::setTitled(bool titled)
{
    if (setPlotTitled(this, m_title, titled))
        rebuild();
}

QString EnergyChart::titleText() const
{
    return m_title ? m_title->text() : QString();
}

} // namespace roofline::widgets

#include "moc_energy_chart.cpp"
