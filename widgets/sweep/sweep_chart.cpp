// SPDX-License-Identifier: GPL-3.0-or-later
#include "sweep/sweep_chart.h"

#include "base/units.h"
#include "common/chart_text.h"
#include "common/si_log_ticker.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace roofline::widgets {

namespace {

// The context this file's words are translated in (lupdate reads the name from the macro).
struct SweepChartWords {
    Q_DECLARE_TR_FUNCTIONS(SweepChartWords)
};

QVector<double> column(const std::vector<SweepSample>& samples, double SweepSample::*member)
{
    QVector<double> out;
    out.reserve(static_cast<qsizetype>(samples.size()));
    for (const SweepSample& s : samples)
        out.append(s.*member);
    return out;
}

// A value ≤ 0 on a log axis is drawn far outside it: a gap instead.
QVector<double> positive(QVector<double> values)
{
    for (double& v : values)
        if (!(v > 0))
            v = std::numeric_limits<double>::quiet_NaN();
    return values;
}

} // namespace

QString sweepFamilyName(const QString& name, const QString& param, int values)
{
    if (values < 2)
        return name;
    // The words of the name without the one that gives the swept value: "D=F=4096 B=32" swept over B is "D=F=4096".
    QStringList words = name.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    words.removeIf([&param](const QString& w) { return w.startsWith(param + QLatin1Char('=')); });
    const QString rest = words.isEmpty() ? name : words.join(QLatin1Char(' '));
    return SweepChartWords::tr("%1 (%2 values of %3)").arg(rest, QString::number(values), param);
}

SweepChart::SweepChart(QWidget* parent)
    : QCustomPlot(parent)
    , m_analysis(std::make_shared<const Analysis>())
    , m_theme(ChartTheme::light())
{
    setAutoAddPlottableToLegend(false);
    setMinimumSize(320, 200);
    xAxis->setScaleType(QCPAxis::stLogarithmic);
    yAxis->setScaleType(QCPAxis::stLogarithmic);
    xAxis->setTicker(QSharedPointer<SiLogTicker>::create([](double v) { return qs(formatSI(v)); }));
    yAxis->setTicker(
        QSharedPointer<SiLogTicker>::create([this](double v) { return qs(formatRate(v, m_analysis->dtype)); }));
    yAxis->setLabel(tr("Attainable FLOP/s"));
    // The right axis reads the same heights as a share of the chart dtype's peak.
    yAxis2->setVisible(true);
    yAxis2->setScaleType(QCPAxis::stLogarithmic);
    yAxis2->setTicker(QSharedPointer<SiLogTicker>::create(
        [](double f) { return QStringLiteral("%1 %").arg(QString::number(f * 100, 'g', 3)); }));
    m_usualMargins = axisRect()->minimumMargins();
    m_usualInset = axisRect()->insetLayout()->margins();
    // Fewer tick labels when the axes are short: they never run together.
    connect(this, &QCustomPlot::beforeReplot, this, [this] { fitTo(viewport().size()); });
    legend->setVisible(true);
    // Curves rise to the right and level off at the peak: the top left is where they are not.
    axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    connect(this, &QCustomPlot::mousePress, this, &SweepChart::mousePress);
    connect(this, &QCustomPlot::mouseMove, this, &SweepChart::mouseMoveDrag);
    connect(this, &QCustomPlot::mouseRelease, this, &SweepChart::mouseRelease);
    setToolTip(tr("Attainable FLOP/s against the parameter; drag a dot to change the operation's value"));
}

void SweepChart::fitTo(QSize size)
{
    const QSize change = m_tickViewport.isValid() ? size - m_tickViewport.size() : QSize();
    const QSizeF plot = QSizeF(axisRect()->rect().size() + change);
    fitLogTicks(this, size, m_tickViewport);
    fitInsideFrame(plot);
}

void SweepChart::setAxesInside(bool inside)
{
    if (inside == m_axesInside)
        return;
    m_axesInside = inside;
    for (QCPAxis* axis : { xAxis, yAxis })
        axis->setTickLabelSide(inside ? QCPAxis::lsInside : QCPAxis::lsOutside);
    yAxis2->setVisible(!inside);
    rebuild();
}

void SweepChart::addInsideNames()
{
    m_xName = m_yName = nullptr;
    if (!m_axesInside)
        return;
    // The names where the roofline has them: y's in the top left corner, x's right-aligned above its tick labels.
    for (QCPItemText** name : { &m_xName, &m_yName }) {
        auto* text = new QCPItemText(this);
        text->position->setType(QCPItemPosition::ptAxisRectRatio);
        text->setFont(yAxis->labelFont());
        text->setColor(m_theme.foreground);
        text->setClipToAxisRect(false);
        *name = text;
    }
    m_xName->setText(xAxis->label());
    m_xName->position->setCoords(1, 1);
    m_xName->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    m_yName->setText(yAxis->label());
    m_yName->position->setCoords(0, 0);
    m_yName->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    for (QCPAxis* axis : { xAxis, yAxis })
        axis->setLabel(QString());
}

void SweepChart::fitInsideFrame(QSizeF plot)
{
    auto xTicker = xAxis->ticker().dynamicCast<SiLogTicker>();
    auto yTicker = yAxis->ticker().dynamicCast<SiLogTicker>();
    if (!xTicker || !yTicker)
        return;
    if (!m_axesInside || !m_xName || !m_yName) {
        xTicker->setKeepOut(0, 0, 0);
        yTicker->setKeepOut(0, 0, 0);
        axisRect()->setMinimumMargins(m_usualMargins);
        axisRect()->insetLayout()->setMargins(m_usualInset);
        return;
    }
    // The axes' lines just clear of the chart's edge: at 640×360 the sweep shares the screen with the band of its
    // lesson, the longest of the examples, and every pixel row goes to the plot.
    const int margin = static_cast<int>(std::lround(2 * m_theme.zoom));
    axisRect()->setMinimumMargins(QMargins(margin, margin, margin, margin));
    // As the roofline's frame: the x labels' row along the bottom with the x name above its right end, the y labels
    // above that row and below the y name in the top left. The names are lifted clear of the labels by their padding,
    // which draws nothing: they have no veil that would hide the labels under it.
    const double pad = 4 * m_theme.zoom;
    const double nameHeight = QFontMetricsF(m_yName->font()).height() + 2 * pad;
    const double xStrip = keepInsideTickLabelsApart(xAxis, yAxis, plot, pad, nameHeight);
    const int p = static_cast<int>(std::lround(pad));
    m_xName->setPadding(QMargins(p, p, p, static_cast<int>(std::ceil(xStrip))));
    m_yName->setPadding(QMargins(p, p, p, p));
    // The legend right of the y labels and below the y name.
    const double yGap = std::max(yAxis->tickLengthIn(), yAxis->subTickLengthIn()) + yAxis->tickLabelPadding();
    axisRect()->insetLayout()->setMargins(QMargins(static_cast<int>(std::ceil(yGap + widestDecadeLabel(yAxis) + pad)),
        static_cast<int>(std::ceil(nameHeight)), 12, 12));
}

void SweepChart::setAnalysis(std::shared_ptr<const Analysis> analysis)
{
    m_analysis = std::move(analysis);
    rebuild();
}

void SweepChart::setTheme(const ChartTheme& theme)
{
    m_theme = theme;
    rebuild();
}

void SweepChart::setParam(const std::string& param)
{
    m_chosenParam = param;
    rebuild();
}

void SweepChart::setRange(double from, double to)
{
    m_from = from;
    m_to = to;
    rebuild();
}

std::vector<std::string> SweepChart::params() const
{
    // Main parameters first, the one most operations share leading; then every other count parameter.
    std::vector<std::pair<std::string, int>> mains;
    for (std::size_t op : m_analysis->shown()) {
        const std::string_view p = mainParam(m_analysis->session.operations[op].op);
        auto it = std::find_if(mains.begin(), mains.end(), [&](const auto& m) { return m.first == p; });
        if (it == mains.end())
            mains.emplace_back(std::string(p), 1);
        else
            ++it->second;
    }
    std::stable_sort(mains.begin(), mains.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    std::vector<std::string> out;
    for (const auto& [p, count] : mains)
        out.push_back(p);
    for (std::size_t op : m_analysis->shown())
        for (const ParamInfo& p : roofline::params(m_analysis->session.operations[op].op))
            if (p.type == ParamType::Count && std::find(out.begin(), out.end(), p.name) == out.end())
                out.emplace_back(p.name);
    return out;
}

void SweepChart::showEvent(QShowEvent* event)
{
    if (m_stale)
        draw();
    QCustomPlot::showEvent(event);
}

void SweepChart::rebuild()
{
    m_stale = true;
    if (isVisible())
        draw();
}

void SweepChart::draw()
{
    m_stale = false;
    const Analysis& a = *m_analysis;
    const ChartTheme& t = m_theme;
    const std::vector<std::size_t> shown = a.shown();
    m_param = m_chosenParam;
    if (m_param.empty()) {
        const std::vector<std::string> candidates = params();
        m_param = candidates.empty() ? std::string() : candidates.front();
    }
    // The range reaches past every operation's current value, so that each dot is on the chart.
    double to = m_to;
    for (std::size_t op : shown)
        if (const auto v = numberParam(a.session.operations[op].op, m_param))
            while (to < 2 * *v && to < kMaxCount / 4)
                to *= 4;
    m_shownTo = to;

    legend->clearItems(); // before the graphs: removing graphs one by one re-lays out the legend each time
    clearGraphs();
    clearItems();
    m_sweeps.clear();
    m_operations.clear();
    m_cursors.clear();

    applyPlotTheme(this, t, { yAxis2 });
    if (m_title) {
        m_title->setFont(t.font(12, true));
        m_title->setTextColor(t.foreground);
        m_title->setText(m_param.empty()
                ? QString()
                : tr("%1 · %2 · attainable against %3")
                      .arg(qs(a.hardware.name), qs(std::string(dtypeName(a.dtype))), qs(m_param)));
    }
    xAxis->setLabel(tr("%1 (the operation's parameter)").arg(qs(m_param)));
    yAxis->setLabel(isInteger(a.dtype) ? tr("Attainable OP/s") : tr("Attainable FLOP/s"));
    addInsideNames();
    yAxis2->setLabel(tr("Fraction of the %1 peak").arg(qs(std::string(dtypeName(a.dtype)))));
    yAxis2->grid()->setVisible(false);

    double lo = std::numeric_limits<double>::infinity();
    double hi = 0;
    const SweepRange range { m_param, m_from, to };
    // Operations that differ only in the swept parameter share one curve: each keeps its own dot on it.
    std::vector<OperationVariant> families;
    std::vector<QCPGraph*> familyGraph;
    std::vector<int> familySize;
    std::vector<QString> familyName; // its first operation's
    std::vector<std::size_t> familySweep; // index into m_sweeps
    std::vector<std::pair<double, QCPItemText*>> criticalLabels; // at their critical value
    std::vector<double> peaks;
    for (std::size_t op : shown) {
        const Operation& operation = a.session.operations[op];
        if (m_param.empty() || !findParam(operation.op, m_param))
            continue;
        OperationVariant family = operation.op;
        assignNumberParam(family, m_param, 1);
        const auto known = std::find(families.begin(), families.end(), family);
        const QColor colour = t.operationColour(operation.colour);
        if (known == families.end()) {
            Expected<Sweep> curve = sweep(operation.op, a.hardware, range);
            if (!curve)
                continue;
            families.push_back(family);
            familySize.push_back(1);
            familySweep.push_back(m_sweeps.size());
            const Sweep& s = m_sweeps.emplace_back(std::move(curve).value());
            const QVector<double> x = column(s.samples, &SweepSample::x);
            for (std::size_t r = 0; r < s.resources.size(); ++r) {
                QCPGraph* bound = addGraph();
                bound->setPen(QPen(colour, t.width(0.8), Qt::DotLine));
                bound->setData(
                    x, positive(QVector<double>(s.resourceBound[r].begin(), s.resourceBound[r].end())), true);
            }
            QCPGraph* graph = addGraph();
            graph->setPen(QPen(colour, t.width(2.2)));
            graph->setName(qs(operation.name));
            graph->setData(x, positive(column(s.samples, &SweepSample::attainable)), true);
            graph->addToLegend();
            familyGraph.push_back(graph);
            familyName.push_back(graph->name());
            for (const SweepSample& sample : s.samples)
                if (sample.attainable > 0) {
                    lo = std::min(lo, sample.attainable);
                    hi = std::max(hi, sample.attainable);
                }
            if (s.critical.kind == Critical::Kind::At && s.critical.value >= m_from && s.critical.value <= to) {
                auto* mark = new QCPItemStraightLine(this);
                mark->point1->setCoords(s.critical.value, 1);
                mark->point2->setCoords(s.critical.value, 10);
                mark->setPen(QPen(colour, t.width(1), Qt::DashLine));
                auto* label = new QCPItemText(this);
                label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
                label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
                label->setText(QStringLiteral(" %1 ≥ %2").arg(qs(m_param), qs(formatIntensity(s.critical.value))));
                label->setColor(t.operationText(operation.colour));
                label->setFont(t.font(8.5));
                criticalLabels.push_back({ s.critical.value, label });
            }
            peaks.push_back(s.peak);
        } else {
            const std::size_t f = static_cast<std::size_t>(known - families.begin());
            familyGraph[f]->setName(sweepFamilyName(familyName[f], qs(m_param), ++familySize[f]));
            Sweep shared = m_sweeps[familySweep[f]];
            m_sweeps.push_back(std::move(shared));
        }
        m_operations.push_back(op);
        // The operation's current value, on its curve.
        const double current = numberParam(operation.op, m_param).value_or(0);
        QCPGraph* cursor = addGraph();
        cursor->setLineStyle(QCPGraph::lsNone);
        cursor->setScatterStyle(
            QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(colour, t.width(2)), QBrush(t.background), 11 * t.zoom));
        cursor->addData(current, a.operations[op].evaluation.value().attainable);
        m_cursors.push_back(cursor);
    }
    if (hi > 0) {
        const double top = std::pow(10, std::ceil(std::log10(hi * 1.5)));
        const double bottom = std::pow(10, std::floor(std::log10(std::max(lo, top * 1e-9))));
        yAxis->setRange(bottom, top);
    } else {
        yAxis->setRange(1e9, 1e15);
    }
    xAxis->setRange(m_from, to);
    // Set here, not from yAxis's rangeChanged: a new peak often keeps the same decades, and an unchanged range
    // signals nothing.
    const double peak = a.peak > 0 ? a.peak : 1;
    yAxis2->setRange(yAxis->range().lower / peak, yAxis->range().upper / peak);
    drawPeaks(peaks);
    placeCriticalLabels(criticalLabels);
    replot(QCustomPlot::rpQueuedReplot);
}

void SweepChart::drawPeaks(std::vector<double> peaks)
{
    // One thin line per distinct peak (an int8 curve and a bf16 one level off at different heights), labelled at
    // the right end.
    std::sort(peaks.begin(), peaks.end());
    peaks.erase(std::unique(peaks.begin(), peaks.end()), peaks.end());
    for (double peak : peaks) {
        auto* line = new QCPItemStraightLine(this);
        line->point1->setCoords(1, peak);
        line->point2->setCoords(10, peak);
        line->setPen(QPen(m_theme.foreground, m_theme.width(0.8)));
        auto* label = new QCPItemText(this);
        label->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
        label->position->setCoords(0.99, peak);
        label->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
        label->setText(tr("peak %1").arg(qs(formatRate(peak, m_analysis->dtype))));
        label->setColor(m_theme.foreground);
        label->setFont(m_theme.font(8.5));
    }
}

void SweepChart::placeCriticalLabels(std::vector<std::pair<double, QCPItemText*>> labels)
{
    // Left to right, each label takes the highest row whose last label ends before it begins: labels of nearby
    // critical values stack instead of overlapping. Widths are measured in decades of the axis, from its current
    // pixel width.
    std::sort(labels.begin(), labels.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    const double pixels = std::max(1, axisRect()->width());
    const double decades = std::log10(xAxis->range().upper / xAxis->range().lower);
    std::vector<double> rowEnds; // log10 of where each row's last label ends
    for (const auto& [value, label] : labels) {
        const double width = QFontMetricsF(label->font()).horizontalAdvance(label->text()) + 6;
        const double begin = std::log10(value);
        std::size_t row = 0;
        while (row < rowEnds.size() && rowEnds[row] > begin)
            ++row;
        if (row == rowEnds.size())
            rowEnds.push_back(0);
        rowEnds[row] = begin + width / pixels * decades;
        label->position->setCoords(value, 0.04 + 0.06 * static_cast<double>(row % 12));
    }
}

void SweepChart::mousePress(QMouseEvent* event)
{
    const double reach = 10 * m_theme.zoom;
    for (std::size_t k = 0; k < m_cursors.size(); ++k) {
        if (m_cursors[k]->data()->isEmpty())
            continue;
        const auto point = m_cursors[k]->data()->constBegin();
        const QPointF at(xAxis->coordToPixel(point->key), yAxis->coordToPixel(point->value));
        if (std::hypot(at.x() - event->position().x(), at.y() - event->position().y()) <= reach) {
            m_dragging = k;
            emit dragStarted();
            return;
        }
    }
}

void SweepChart::mouseMoveDrag(QMouseEvent* event)
{
    if (!m_dragging || !(event->buttons() & Qt::LeftButton))
        return;
    const double value
        = std::clamp(std::round(xAxis->pixelToCoord(event->position().x())), std::max(1.0, m_from), m_shownTo);
    emit valueDragged(m_operations[*m_dragging], value);
}

void SweepChart::mouseRelease(QMouseEvent*)
{
    if (!m_dragging)
        return;
    m_dragging.reset();
    emit dragFinished();
}

std::optional<QPointF> SweepChart::cursorPoint(std::size_t op) const
{
    for (std::size_t k = 0; k < m_operations.size() && k < m_cursors.size(); ++k)
        if (m_operations[k] == op && !m_cursors[k]->data()->isEmpty()) {
            const auto point = m_cursors[k]->data()->constBegin();
            return QPointF(point->key, point->value);
        }
    return std::nullopt;
}

void SweepChart::setTitled(bool titled)
{
    if (setPlotTitled(this, m_title, titled))
        rebuild();
}

QString SweepChart::titleText() const
{
    return m_title ? m_title->text() : QString();
}

} // namespace roofline::widgets

#include "moc_sweep_chart.cpp"
