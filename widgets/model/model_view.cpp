// SPDX-License-Identifier: GPL-3.0-or-later
// The whole model's view: its settings as controls, bound to the document, and the figures of its totals.
#include "model/model_view.h"

#include "base/units.h"
#include "document/document.h"
#include "llm/settings.h"
#include "report/report.h"
#include "session/analysis.h"
#include "session/edit.h"
#include "session/model_sweep.h"

#include <QBoxLayout>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
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

QSpinBox* countBox(int maximum, const QString& tip)
{
    auto* box = new QSpinBox;
    box->setRange(1, maximum);
    box->setKeyboardTracking(false); // a typed number is one edit, when it is complete
    box->setAccelerated(true);
    box->setToolTip(tip);
    return box;
}

QComboBox* dtypeBox(std::initializer_list<const char*> names, const QString& tip)
{
    auto* box = new QComboBox;
    for (const char* n : names)
        box->addItem(QString::fromLatin1(n));
    box->setToolTip(tip);
    return box;
}

} // namespace

QString ModelView::whole(double v)
{
    return QString::number(static_cast<qlonglong>(std::llround(v)));
}

ModelView::ModelView(Document* document, QWidget* parent)
    : QScrollArea(parent)
    , m_document(document)
    , m_modelId(new QComboBox)
    , m_phase(new QComboBox)
    , m_batch(countBox(static_cast<int>(kMaxBatch), tr("B: sequences in flight")))
    , m_tokensLabel(new QLabel(tr("&Context")))
    , m_tokens(countBox(static_cast<int>(kMaxTokens), {}))
    , m_tp(countBox(static_cast<int>(kMaxTensorParallel), tr("N: chips the model's layers are split over")))
    , m_ep(countBox(static_cast<int>(kMaxExpertParallel),
          tr("Expert parallelism: chips each holding an equal share of the routed experts, a multiple of the "
             "tensor-parallel degree; tokens reach their experts by all-to-all")))
    , m_imbalance(new QDoubleSpinBox)
    , m_latent(new QComboBox)
    , m_zero(new QComboBox)
    , m_recompute(new QComboBox)
    , m_sequenceParallel(new QCheckBox(tr("with tensor parallelism")))
    , m_dp(countBox(static_cast<int>(kMaxDataParallel),
          tr("Data-parallel replicas: each trains on its share of the batch, then the gradients are all-reduced")))
    , m_pp(countBox(1024, tr("Pipeline stages: the layers split evenly, microbatches passed from stage to stage")))
    , m_microbatches(countBox(static_cast<int>(kMaxMicrobatches),
          tr("Microbatches per replica and step: more of them shrink the pipeline's bubble, (pp−1)/(m+pp−1)")))
    , m_controls(new QFormLayout)
    , m_weights(dtypeBox({ "bf16", "fp8", "int8", "int4" }, tr("The dtype the weights are stored in")))
    , m_kv(dtypeBox({ "bf16", "fp8", "int8" }, tr("The dtype of the KV cache")))
    , m_fit(new QLabel)
    , m_summary(new QLabel)
    , m_problem(new QLabel)
    , m_serving(new QLabel)
    , m_chart(new QCustomPlot)
    , m_batchChart(new QCustomPlot)
    , m_against(new QComboBox)
{
    for (const Model& m : m_document->models().models)
        m_modelId->addItem(text(m.name), text(m.id));
    m_modelId->setToolTip(tr("The model, from the built-in and your own model presets"));
    m_phase->addItem(tr("decode"), QStringLiteral("decode"));
    m_phase->addItem(tr("prefill"), QStringLiteral("prefill"));
    m_phase->addItem(tr("train"), QStringLiteral("train"));
    m_phase->setToolTip(tr("Decode: one new token per sequence; prefill: a whole prompt; train: one training step, "
                           "forward and backward over every token"));

    QFormLayout* controls = m_controls;
    controls->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint);
    controls->addRow(tr("Mod&el"), m_modelId);
    controls->addRow(tr("P&hase"), m_phase);
    controls->addRow(tr("&Batch"), m_batch);
    controls->addRow(m_tokensLabel, m_tokens);
    m_tokensLabel->setBuddy(m_tokens); // its text follows the phase; the row names the box from the start
    controls->addRow(tr("&Tensor parallel"), m_tp);
    controls->addRow(tr("E&xpert parallel"), m_ep);
    controls->addRow(tr("&Imbalance"), m_imbalance);
    controls->addRow(tr("&Latent attention"), m_latent);
    m_imbalance->setRange(1, kMaxImbalance);
    m_imbalance->setDecimals(2);
    m_imbalance->setSingleStep(0.1);
    m_imbalance->setToolTip(tr("The busiest expert-parallel chip's tokens over the mean: the step waits for it"));
    m_latent->addItem(tr("auto"), QStringLiteral("auto"));
    m_latent->addItem(tr("absorbed"), QStringLiteral("absorbed"));
    m_latent->addItem(tr("expanded"), QStringLiteral("expanded"));
    m_latent->setToolTip(tr("Auto: the up-projections absorbed into the query and output in a decode step (attention "
                            "over the cached latent), K and V expanded from the latent otherwise"));
    controls->addRow(tr("&Data parallel"), m_dp);
    controls->addRow(tr("Pipeline &stages"), m_pp);
    controls->addRow(tr("&Microbatches"), m_microbatches);
    controls->addRow(tr("&ZeRO"), m_zero);
    controls->addRow(tr("&Recompute"), m_recompute);
    controls->addRow(tr("Seq&uence parallel"), m_sequenceParallel);
    m_zero->addItem(tr("0: none"), QStringLiteral("0"));
    m_zero->addItem(tr("1: optimizer state"), QStringLiteral("1"));
    m_zero->addItem(tr("2: + gradients"), QStringLiteral("2"));
    m_zero->addItem(tr("3: + weights (FSDP)"), QStringLiteral("3"));
    m_zero->setToolTip(tr("ZeRO: what each data-parallel replica keeps a dp-th of; stage 3 all-gathers the weights "
                          "before each microbatch's forward and backward passes"));
    m_recompute->addItem(tr("none"), QStringLiteral("none"));
    m_recompute->addItem(tr("selective"), QStringLiteral("selective"));
    m_recompute->addItem(tr("full"), QStringLiteral("full"));
    m_recompute->setToolTip(tr("Activation recomputation: full keeps each layer's input alone and runs its forward "
                               "pass again before the backward; selective recomputes the attention's scores, as "
                               "fused attention does anyway"));
    m_sequenceParallel->setToolTip(
        tr("Sequence parallelism: the norms and residual adds share the tokens of the tensor-parallel group"));
    controls->addRow(tr("&Weights"), m_weights);
    controls->addRow(tr("&KV cache"), m_kv);

    for (QLabel* label : { m_fit, m_summary, m_problem, m_serving }) {
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
        label->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    }
    m_problem->setStyleSheet(QStringLiteral("color: #b00020; font-weight: bold"));

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
    const std::pair<QCPBars*, const char*> parts[] = { { m_math, "#0072B2" }, { m_memory, "#E69F00" },
        { m_network, "#009E73" }, { m_bubble, "#BBBBBB" } }; // Okabe–Ito blue, orange and green; idle grey
    for (const auto& [bars, colour] : parts) {
        bars->setBrush(QColor(QLatin1String(colour)));
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
    m_fitting->setPen(QPen(QColor(QStringLiteral("#0072B2")), 2));
    m_fitting->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 5));
    m_fitting->setName(tr("fits"));
    m_tooMany = m_batchChart->addGraph();
    m_tooMany->setPen(QPen(QColor(QStringLiteral("#999999")), 2, Qt::DashLine));
    m_tooMany->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 5));
    m_tooMany->setName(tr("does not fit"));
    m_current = new QCPItemStraightLine(m_batchChart);
    m_current->setPen(QPen(QColor(QStringLiteral("#CC79A7")), 1.5));
    m_computeBound = new QCPItemStraightLine(m_batchChart);
    m_computeBound->setPen(QPen(QColor(QStringLiteral("#D55E00")), 1.5, Qt::DashLine));
    m_batchChart->legend->setVisible(true);
    m_batchChart->legend->setIconSize(16, 8);
    m_batchChart->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    m_batchChart->xAxis->setLabel(tr("batch B"));

    // Tokens/s against the batch, or against the tokens of each sequence.
    m_against->addItem(tr("tokens/s against the batch"));
    m_against->addItem(tr("tokens/s against the sequence length"));
    m_against->setToolTip(tr("What the right-hand chart sweeps, the other settings as they are"));
    connect(m_against, &QComboBox::activated, this, [this] { showSweep(); });
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
    settings->addLayout(controls);
    settings->addLayout(figures, 1);
    m_layout->addLayout(settings, 2);
    m_layout->addLayout(charts, 3);
    setWidget(contents);
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);

    auto edited = [this](const char* key, QComboBox* box) {
        connect(box, &QComboBox::activated, this, [this, key, box] { choose(key, box->currentData().toString()); });
    };
    edited("id", m_modelId);
    edited("phase", m_phase);
    edited("latent", m_latent);
    edited("zero", m_zero);
    edited("recompute", m_recompute);
    connect(m_sequenceParallel, &QCheckBox::toggled, this,
        [this](bool on) { choose("sequence_parallel", on ? QStringLiteral("true") : QStringLiteral("false")); });
    for (QComboBox* box : { m_weights, m_kv })
        connect(box, &QComboBox::activated, this,
            [this, box] { choose(box == m_weights ? "weights" : "kv", box->currentText()); });
    connect(m_batch, &QSpinBox::valueChanged, this, [this](int v) { set("batch", double(v)); });
    connect(m_tp, &QSpinBox::valueChanged, this, [this](int v) { set("tp", double(v)); });
    // The expert-parallel chips divide the experts and are whole tensor-parallel groups: a step of the arrows goes on
    // to the next count that is.
    connect(m_ep, &QSpinBox::valueChanged, this, [this](int v) {
        if (m_filling || !hasModel())
            return;
        const ModelSettings& s = *m_document->session().model;
        const int experts = static_cast<int>(s.model.experts);
        const int tp = static_cast<int>(s.tp);
        const int step = v >= s.ep ? 1 : -1;
        while (v > 1 && v < experts && (experts % v != 0 || v % tp != 0))
            v += step;
        set("ep", double(std::max(v, 1)));
    });
    connect(m_imbalance, &QDoubleSpinBox::valueChanged, this, [this](double v) { set("imbalance", v); });
    // More replicas or microbatches keep each microbatch's sequences: the batch grows with them, as it does when an
    // engineer adds replicas, rather than refusing every count that does not divide it.
    auto keepMicrobatch = [this](const char* key, int v) {
        if (m_filling || !hasModel())
            return;
        refuseOr(m_document->setModelSettings(keepingMicrobatch(*m_document->session().model, key, v)));
    };
    connect(m_dp, &QSpinBox::valueChanged, this, [keepMicrobatch](int v) { keepMicrobatch("dp", v); });
    connect(
        m_microbatches, &QSpinBox::valueChanged, this, [keepMicrobatch](int v) { keepMicrobatch("microbatches", v); });
    // The stages divide the layers: a step of the arrows goes on to the next count that does.
    connect(m_pp, &QSpinBox::valueChanged, this, [this](int v) {
        if (m_filling || !hasModel())
            return;
        const ModelSettings& s = *m_document->session().model;
        const int layers = static_cast<int>(s.model.layers);
        const int step = v >= s.pp ? 1 : -1;
        while (v > 1 && v < layers && layers % v != 0)
            v += step;
        set("pp", double(v));
    });
    connect(m_tokens, &QSpinBox::valueChanged, this,
        [this](int v) { set(m_document->session().model->phase == Phase::Decode ? "context" : "prompt", double(v)); });
    connect(m_document, &Document::contentChanged, this, &ModelView::refresh);
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
    {
        m_filling = true;
        const QSignalBlocker blockers[] = { QSignalBlocker(m_batch), QSignalBlocker(m_tokens), QSignalBlocker(m_tp),
            QSignalBlocker(m_dp), QSignalBlocker(m_pp), QSignalBlocker(m_microbatches), QSignalBlocker(m_ep),
            QSignalBlocker(m_imbalance), QSignalBlocker(m_sequenceParallel) };
        m_modelId->setCurrentIndex(m_modelId->findData(text(s.model.id)));
        m_phase->setCurrentIndex(m_phase->findData(text(std::string(phaseName(s.phase)))));
        const bool decode = s.phase == Phase::Decode;
        const bool train = s.phase == Phase::Train;
        // A training step's batch is whole microbatches on every replica: its arrows step by dp·m sequences.
        m_batch->setSingleStep(train ? static_cast<int>(s.dp * s.microbatches) : 1);
        m_batch->setValue(static_cast<int>(s.batch));
        m_batch->setToolTip(
            train ? tr("B: the global batch, sequences of every replica") : tr("B: sequences in flight"));
        m_tokensLabel->setText(decode ? tr("&Context") : train ? tr("Se&quence") : tr("&Prompt"));
        m_tokensLabel->setBuddy(m_tokens);
        m_tokens->setToolTip(decode ? tr("S: tokens already cached per sequence")
                : train             ? tr("P: tokens of each training sequence")
                                    : tr("P: tokens of each prompt"));
        m_tokens->setValue(static_cast<int>(decode ? s.context : s.prompt));
        m_tp->setValue(static_cast<int>(s.tp));
        m_ep->setRange(1, static_cast<int>(std::max(1.0, s.model.experts)));
        m_ep->setValue(static_cast<int>(s.ep));
        m_imbalance->setValue(s.imbalance);
        const char* latent = s.latent == ModelSettings::Latent::Absorbed ? "absorbed"
            : s.latent == ModelSettings::Latent::Expanded                ? "expanded"
                                                                         : "auto";
        m_latent->setCurrentIndex(m_latent->findData(QLatin1String(latent)));
        // Each row where it means something: experts to split in inference, latent attention to absorb.
        m_controls->setRowVisible(m_ep, s.model.experts > 1 && !train);
        m_controls->setRowVisible(m_imbalance, s.ep > 1 && !train);
        m_controls->setRowVisible(m_latent, latentAttention(s.model));
        m_zero->setCurrentIndex(static_cast<int>(s.zero));
        m_recompute->setCurrentIndex(static_cast<int>(s.recompute));
        m_sequenceParallel->setChecked(s.sequenceParallel);
        for (QWidget* w : { static_cast<QWidget*>(m_zero), static_cast<QWidget*>(m_recompute),
                 static_cast<QWidget*>(m_sequenceParallel) })
            m_controls->setRowVisible(w, train);
        m_dp->setValue(static_cast<int>(s.dp));
        m_pp->setRange(1, static_cast<int>(s.model.layers));
        m_pp->setValue(static_cast<int>(s.pp));
        m_microbatches->setValue(static_cast<int>(s.microbatches));
        for (QWidget* w :
            { static_cast<QWidget*>(m_dp), static_cast<QWidget*>(m_pp), static_cast<QWidget*>(m_microbatches) })
            m_controls->setRowVisible(w, train);
        m_controls->setRowVisible(m_kv, !train); // a training step keeps no KV cache
        m_weights->setCurrentText(text(std::string(dtypeName(s.weights))));
        m_kv->setCurrentText(text(std::string(dtypeName(s.kvCache))));
        m_filling = false;
    }

    const bool haveTotals = a.model.has_value();
    const std::optional<std::string> error = a.firstError();
    m_problem->setVisible(!haveTotals);
    m_problem->setText(text(!a.modelProblem.empty() ? a.modelProblem
            : error                                 ? *error
                                                    : std::string("no totals for this model")));
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
                  training      ? tr("training step")
                      : prefill ? tr("prefill")
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
        summary
            += tr("<br>%1 tokens/s in total, %2 per sequence")
                   .arg(text(formatSI(t.tokensPerSecond, {}, 4)), text(formatSI(t.tokensPerSecondPerSequence, {}, 4)));
        if (prefill)
            summary += tr("; time to first token %1").arg(text(formatSeconds(t.timeToFirstToken)));
        summary += tr(".<br>MFU %1, memory-bandwidth utilisation %2.")
                       .arg(text(formatPercent(t.mfu)), text(formatPercent(t.mbu)));
    }
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
