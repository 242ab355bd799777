// SPDX-License-Identifier: GPL-3.0-or-later
// The whole model's view: its settings as controls, bound to the document, and the figures of its totals.
#include "model/model_view.h"

#include "base/units.h"
#include "common/compared_style.h"
#include "document/document.h"
#include "llm/settings.h"
#include "report/report.h"
#include "session/analysis.h"
#include "session/model_sweep.h"

#include <QBoxLayout>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace roofline::widgets {

namespace {

QString text(const std::string& s)
{
    return QString::fromStdString(s);
}

} // namespace

QString ModelView::whole(double v)
{
    return QString::number(static_cast<qlonglong>(std::llround(v)));
}

ModelView::ModelView(Document* document, QWidget* parent)
    : QScrollArea(parent)
    , m_document(document)
    , m_fit(new QLabel)
    , m_summary(new QLabel)
    , m_problem(new QLabel)
    , m_serving(new QLabel)
    , m_chart(new QCustomPlot)
    , m_batchChart(new QCustomPlot)
    , m_against(new QComboBox)
{
    buildControls();

    for (QLabel* label : { m_fit, m_summary, m_problem, m_serving }) {
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
        label->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    }

    auto* figures = new QVBoxLayout;
    figures->addWidget(m_problem);
    figures->addWidget(m_fit);
    figures->addWidget(m_summary);
    figures->addWidget(m_serving);
    figures->addStretch(1);

    // Where the time goes: one bar per group, its math, memory and network time stacked, so that the bar's length is
    // the group's T_upper and its parts say which resource holds it.
    m_chart->setMinimumSize(220, 150);
    m_chart->setInteractions({});
    m_math = new QCPBars(m_chart->yAxis, m_chart->xAxis);
    m_memory = new QCPBars(m_chart->yAxis, m_chart->xAxis);
    m_network = new QCPBars(m_chart->yAxis, m_chart->xAxis);
    m_bubble = new QCPBars(m_chart->yAxis, m_chart->xAxis);
    m_memory->moveAbove(m_math);
    m_network->moveAbove(m_memory);
    m_bubble->moveAbove(m_network);
    for (QCPBars* bars : { m_math, m_memory, m_network, m_bubble }) {
        bars->setPen(Qt::NoPen);
        bars->setWidth(0.7);
    }
    m_math->setName(tr("math"));
    m_memory->setName(tr("memory"));
    m_network->setName(tr("network"));
    m_bubble->setName(tr("idle"));
    m_bubble->removeFromLegend(); // until a step has a bubble
    // The legend in a row of its own under the bars, so that it covers none of them.
    m_chart->legend->setVisible(true);
    auto* legendRow = new QCPLayoutGrid;
    m_chart->plotLayout()->addElement(1, 0, legendRow);
    legendRow->setMargins(QMargins(5, 0, 5, 5));
    legendRow->addElement(0, 0, m_chart->legend);
    m_chart->legend->setFillOrder(QCPLegend::foColumnsFirst);
    m_chart->legend->setBorderPen(Qt::NoPen);
    m_chart->legend->setIconSize(12, 8);
    m_chart->plotLayout()->setRowStretchFactor(1, 0.001);
    m_chart->yAxis->setTicker(QSharedPointer<QCPAxisTickerText>::create());
    m_chart->yAxis->grid()->setVisible(false);

    // Tokens/s against the batch, log-log: solid while the batch fits the chip's memory, grey past it; the session's
    // batch (solid) and the least batch at which the step's math outweighs its memory traffic (dashed) as vertical
    // lines.
    m_batchChart->setMinimumSize(220, 150);
    m_batchChart->setInteractions({});
    for (QCPAxis* axis : { m_batchChart->xAxis, m_batchChart->yAxis }) {
        axis->setScaleType(QCPAxis::stLogarithmic);
        axis->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
        axis->setNumberFormat(QStringLiteral("gb"));
    }
    m_batchChart->yAxis->setLabel(tr("tokens/s"));
    m_fitting = m_batchChart->addGraph();
    m_fitting->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 5));
    m_fitting->setName(tr("fits"));
    m_tooMany = m_batchChart->addGraph();
    m_tooMany->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 5));
    m_tooMany->setName(tr("does not fit"));
    m_current = new QCPItemStraightLine(m_batchChart);
    m_computeBound = new QCPItemStraightLine(m_batchChart);
    m_batchChart->legend->setVisible(true);
    m_batchChart->legend->setIconSize(16, 8);
    m_batchChart->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    m_batchChart->xAxis->setLabel(tr("batch B"));

    // Tokens/s against the batch, or against the tokens of each sequence.
    m_against->addItem(tr("tokens/s against the batch"));
    m_against->addItem(tr("tokens/s against the sequence length"));
    m_against->addItem(tr("tokens/s per chip against per sequence"));
    m_against->setToolTip(tr("What the right-hand chart sweeps, the other settings as they are"));
    connect(m_against, &QComboBox::activated, this, [this] { showSweep(); });
    connect(m_batchChart, &QCustomPlot::plottableClick, this,
        [this](QCPAbstractPlottable* plottable, int index, QMouseEvent*) {
            auto* graph = qobject_cast<QCPGraph*>(plottable);
            if (!graph || !m_frontierShown || index < 0 || index >= graph->dataCount())
                return;
            const auto point = graph->data()->at(index);
            openFrontierPoint(point->key, point->value);
        });
    auto* sweepColumn = new QVBoxLayout;
    sweepColumn->addWidget(m_against, 0, Qt::AlignLeft);
    sweepColumn->addWidget(m_batchChart, 1);
    auto* charts = new QHBoxLayout;
    charts->addWidget(m_chart, 1);
    charts->addLayout(sweepColumn, 1);

    // The settings beside their figures, and the two charts beside them where the tab is wide enough, else under
    // them: words wrapped into a narrow column are hard to read (resizeEvent).
    auto* contents = new QWidget;
    m_layout = new QBoxLayout(QBoxLayout::LeftToRight, contents);
    auto* settings = new QHBoxLayout;
    settings->addLayout(m_controls);
    settings->addLayout(figures, 1);
    m_layout->addLayout(settings, 2);
    m_layout->addLayout(charts, 3);
    setWidget(contents);
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);

    setTheme(m_theme);
    connectControls();
    connect(m_document, &Document::contentChanged, this, &ModelView::refresh);
    connect(m_document, &Document::gestureStarted, this, [this] { m_holding = true; });
    connect(m_document, &Document::gestureFinished, this, [this] {
        m_holding = false;
        if (m_frontierStale && isVisible() && hasModel())
            showSweep();
    });
    refresh();
}

void ModelView::showEvent(QShowEvent* event)
{
    QScrollArea::showEvent(event);
    refresh(); // skipped while hidden: a slider dragged with another tab in front costs nothing here
}

void ModelView::resizeEvent(QResizeEvent* event)
{
    QScrollArea::resizeEvent(event);
    constexpr int kSideBySide = 1100; // logical pixels: room for a readable column of figures beside both charts
    m_layout->setDirection(viewport()->width() >= kSideBySide ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
}

bool ModelView::hasModel() const
{
    return m_document->session().model.has_value();
}

void ModelView::setTheme(const ChartTheme& theme)
{
    m_theme = theme;
    for (QCustomPlot* plot : { m_chart, m_batchChart })
        applyPlotTheme(plot, theme);
    m_chart->legend->setBorderPen(Qt::NoPen); // a row under the bars, not a box over them
    m_chart->yAxis->grid()->setVisible(false);
    // Okabe–Ito blue, orange and green, as the theme draws operations, and an idle grey.
    const std::pair<QCPBars*, const char*> parts[]
        = { { m_math, "#0072B2" }, { m_memory, "#E69F00" }, { m_network, "#009E73" } };
    for (const auto& [bars, colour] : parts)
        bars->setBrush(theme.operationColour(colour));
    m_bubble->setBrush(theme.grid);
    const QColor frontier = theme.operationColour("#0072B2");
    m_fitting->setPen(QPen(frontier, theme.width(2)));
    m_tooMany->setPen(QPen(theme.memoryRoof, theme.width(2), Qt::DashLine));
    m_current->setPen(QPen(theme.operationColour("#CC79A7"), theme.width(1.5)));
    m_computeBound->setPen(QPen(theme.operationColour("#D55E00"), theme.width(1.5), Qt::DashLine));
    for (std::size_t i = 0; i < m_comparedCurves.size(); ++i)
        m_comparedCurves[i]->setPen(comparedPen(i, frontier, theme.width(2)));
    for (QCPItemText* name : m_frontierNames) {
        name->setColor(theme.foreground);
        name->setFont(theme.font(9));
    }
    m_problem->setStyleSheet(QStringLiteral("color: %1; font-weight: bold")
                                 .arg(theme.dark ? QStringLiteral("#ff8a80") : QStringLiteral("#b00020")));
    m_chart->replot(QCustomPlot::rpQueuedReplot);
    m_batchChart->replot(QCustomPlot::rpQueuedReplot);
}

void ModelView::set(const char* key, const ParamValue& value)
{
    if (m_filling || !hasModel())
        return;
    refuseOr(m_document->setModelSetting(key, value));
}

void ModelView::choose(const char* key, const QString& text)
{
    if (m_filling || !hasModel())
        return;
    const Expected<ParamValue> value = parseModelSetting(key, text.toStdString());
    if (!value)
        refuseOr(value.error());
    else
        set(key, *value);
}

void ModelView::refuseOr(const std::optional<std::string>& error)
{
    if (!error)
        return;
    emit settingRefused(text(*error));
    refresh(); // the control goes back to the session's value
}

void ModelView::refresh()
{
    if (!isVisible() || !hasModel())
        return;
    const Analysis& a = *m_document->analysis();
    const ModelSettings& s = *a.session.model;
    fillControls(s);

    const bool haveTotals = a.model.has_value();
    const std::optional<std::string> error = a.firstError();
    m_problem->setVisible(!haveTotals);
    m_problem->setText(!a.modelProblem.empty() ? text(a.modelProblem)
            : error                            ? text(*error)
                                               : tr("no totals for this model"));
    m_fit->setVisible(haveTotals);
    m_summary->setVisible(haveTotals);
    m_serving->setVisible(haveTotals);
    if (!haveTotals) {
        showTimes();
        showSweep();
        return;
    }
    const ModelTotals& t = *a.model;
    const bool prefill = s.phase == Phase::Prefill;
    const TrainingTotals* training = t.training ? &*t.training : nullptr;

    const QString memory = training
        ? tr("weights %1 + gradients %2 + optimizer %3 + activations kept for the backward pass %4")
              .arg(text(formatBytes(t.weightsBytes)), text(formatBytes(training->gradientsBytes)),
                  text(formatBytes(training->optimizerBytes)), text(formatBytes(t.activationBytes)))
        : tr("weights %1 + KV cache %2 + activations %3")
              .arg(text(formatBytes(t.weightsBytes)), text(formatBytes(t.kvCacheBytes)),
                  text(formatBytes(t.activationBytes)));
    const QString largest = t.maxBatch < 1 ? tr("not even one sequence fits beside the weights")
        : training                         ? tr("largest batch: %1").arg(whole(t.maxBatch))
                                           : tr("largest batch at this context: %1").arg(whole(t.maxBatch));
    if (t.capacityBytes <= 0) {
        m_fit->setStyleSheet({});
        m_fit->setText(tr("Memory per chip: %1 (the chip's capacity is not known)").arg(memory));
    } else if (t.fits) {
        m_fit->setStyleSheet({});
        m_fit->setText(
            tr("<b>Fits</b> in %1 per chip: %2; %3").arg(text(formatBytes(t.capacityBytes)), memory, largest));
    } else {
        m_fit->setStyleSheet(QStringLiteral("color: #b00020"));
        m_fit->setText(tr("<b>Does not fit</b> in %1 per chip: %2; %3. The times below are what the step would "
                          "take on a chip with room for it.")
                           .arg(text(formatBytes(t.capacityBytes)), memory, largest));
    }

    QString summary
        = tr("<b>%1</b> (%2 parameters), one %3 per chip, operations one after another: <b>%4</b> "
             "(T_lower) to %5 (T_upper); math %6, memory %7, network %8.")
              .arg(text(s.model.name), text(formatSI(static_cast<double>(parameterCount(s.model)), {}, 4)),
                  training            ? tr("training step")
                      : prefill       ? tr("prefill")
                      : t.speculative ? tr("speculative round")
                                      : tr("decode step"),
                  text(formatSeconds(t.tLower)), text(formatSeconds(t.tUpper)), text(formatSeconds(t.tMath)),
                  text(formatSeconds(t.tMemory)), text(formatSeconds(t.tNetwork)));
    if (training) {
        summary += tr("<br>The stage's %1 microbatches take %2, the pipeline's bubble %3 more ((pp−1)/(m+pp−1) = %4 "
                      "of the pipeline), the gradient all-reduce %5.")
                       .arg(whole(s.microbatches), text(formatSeconds(training->stageLower)),
                           text(formatSeconds(training->bubbleLower)), text(formatPercent(training->bubbleFraction)),
                           text(formatSeconds(training->gradientsLower)));
        summary += tr("<br>%1 tokens/s in total, %2 tokens a step. MFU %3 (6·Ψ·tokens = %4 per chip); every "
                      "operation's FLOPs, attention and the loss too: %5 of the peak.")
                       .arg(text(formatSI(t.tokensPerSecond, {}, 4)), text(formatSI(training->tokens, {}, 4)),
                           text(formatPercent(t.mfu)), text(formatSI(training->modelFlops, "FLOP", 4)),
                           text(formatPercent(training->hfu)));
    } else {
        if (t.speculative)
            summary += tr("<br>The draft's %1 steps take %2, the verification of %3 tokens a sequence %4; a round "
                          "adds (1 − α^(k+1))/(1 − α) = %5 tokens to each sequence on average.")
                           .arg(whole(s.draftTokens), text(formatSeconds(t.speculative->tDraft)),
                               whole(s.queryTokens()), text(formatSeconds(t.speculative->tVerify)),
                               text(formatSI(t.speculative->acceptedTokens, {}, 4)));
        summary
            += tr("<br>%1 tokens/s in total, %2 per sequence")
                   .arg(text(formatSI(t.tokensPerSecond, {}, 4)), text(formatSI(t.tokensPerSecondPerSequence, {}, 4)));
        if (prefill)
            summary += tr("; time to first token %1").arg(text(formatSeconds(t.timeToFirstToken)));
        summary += tr(".<br>MFU %1, memory-bandwidth utilisation %2.")
                       .arg(text(formatPercent(t.mfu)), text(formatPercent(t.mbu)));
    }
    if (const std::optional<CalibratedTotals>& c = t.calibrated)
        summary += tr("<br>Calibrated (%1): <b>%2</b>%3, %4 tokens/s in total.")
                       .arg(text(a.session.calibration->file).toHtmlEscaped(), text(formatSeconds(c->tStep)),
                           c->tLow > 0 ? QStringLiteral(" (%1 – %2)")
                                             .arg(text(formatSeconds(c->tLow)),
                                                 std::isfinite(c->tHigh) ? text(formatSeconds(c->tHigh)) : tr("more"))
                                       : QString(),
                           text(formatSI(c->tokensPerSecond, {}, 4)));
    if (t.energyPerStep > 0)
        summary += tr("<br>At the board power of %1 W (an estimate, not a bound): %2 a step on %3, %4 a token.")
                       .arg(text(savedNumber(a.hardware.boardPower)), text(formatSI(t.energyPerStep, "J", 4)),
                           t.chips == 1 ? tr("one chip") : tr("%1 chips").arg(whole(t.chips)),
                           text(formatSI(1 / t.tokensPerJoule, "J", 4)));
    if (t.modelEnergyPerStep > 0)
        summary += (t.modelEnergyComplete ? tr("<br>By the energy model: %1 a step, %2 a token.")
                                          : tr("<br>By the energy model's stated terms: at least %1 a step, %2 a "
                                               "token."))
                       .arg(text(formatSI(t.modelEnergyPerStep, "J", 4)),
                           text(formatSI(1 / t.modelTokensPerJoule, "J", 4)));
    if (t.costPerStep > 0)
        summary += tr("<br>At %1 per chip-hour: %2 per million tokens.")
                       .arg(text(savedNumber(a.hardware.pricePerHour)), text(formatDecimal(t.costPerMillionTokens)));
    m_summaryText = summary;
    m_summary->setText(summary); // showSweep() adds a sentence

    if (training) {
        // The text's communication intensity of data parallelism against the gradient link's ridge.
        m_serving->setVisible(training->gradientBytes > 0);
        m_serving->setText(
            tr("<i>Data parallelism, as \"The Extended Roofline\" writes it:</i> I_net = 6·Ψ·tokens per chip / "
               "gradient bytes sent = %1 / %2 = <b>%3 FLOPs/byte</b>, against %4's ridge of %5: %6.")
                .arg(text(formatSI(training->modelFlops, "FLOP", 4)), text(formatBytes(training->gradientBytes)),
                    text(formatSI(training->dpIntensity, {}, 5)), text(training->dpLink),
                    text(formatSI(training->dpRidge, {}, 5)),
                    training->dpIntensity >= training->dpRidge ? tr("compute-bound") : tr("network-bound")));
        showTimes();
        showSweep();
        return;
    }
    const ServingText& st = t.servingText;
    m_serving->setText(tr("<i>The serving text's model, as written:</i> t_mem = GPU_mem / MemBW = %1 / %2 = %3; "
                          "t_compute = 2·B·P / compute = %4; T_network = 4(N−1)·B·D·S·L / NetBW = %5 (a ring "
                          "all-reduce, two per layer, moves N times less: %6).")
                           .arg(text(formatBytes(st.gpuMemory)), text(formatBandwidth(st.memBandwidth)),
                               text(formatSeconds(st.tMem)), text(formatSeconds(st.tCompute)),
                               text(formatSeconds(st.tNetwork)), text(formatSeconds(st.tNetworkRing))));
    showTimes();
    showSweep();
}

} // namespace roofline::widgets

#include "moc_model_view.cpp"
