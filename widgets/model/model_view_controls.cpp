// SPDX-License-Identifier: GPL-3.0-or-later
// The model view's controls: made and laid out as a form, bound to the document's settings, and set from them.
#include "model/model_view.h"

#include "document/document.h"
#include "files/hf_config.h"
#include "files/scenario_paths.h"
#include "llm/settings.h"
#include "session/edit.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStandardItemModel>

#include <algorithm>

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

void ModelView::buildControls()
{
    m_modelId = new QComboBox;
    m_phase = new QComboBox;
    m_batch = countBox(static_cast<int>(kMaxBatch), tr("B: sequences in flight"));
    m_tokensLabel = new QLabel(tr("&Context"));
    m_tokens = countBox(static_cast<int>(kMaxTokens), {});
    m_tp = countBox(static_cast<int>(kMaxTensorParallel), tr("N: chips the model's layers are split over"));
    m_ep = countBox(static_cast<int>(kMaxExpertParallel),
        tr("Expert parallelism: chips each holding an equal share of the routed experts, a multiple of the "
           "tensor-parallel degree; tokens reach their experts by all-to-all"));
    m_imbalance = new QDoubleSpinBox;
    m_latent = new QComboBox;
    m_draft = new QComboBox;
    m_draftTokens = countBox(static_cast<int>(kMaxDraftTokens),
        tr("k: tokens the draft proposes, one of its decode steps each, which the target then checks in one pass"));
    m_acceptance = new QDoubleSpinBox;
    m_zero = new QComboBox;
    m_recompute = new QComboBox;
    m_sequenceParallel = new QCheckBox(tr("with tensor parallelism"));
    m_dp = countBox(static_cast<int>(kMaxDataParallel),
        tr("Data-parallel replicas: each trains on its share of the batch, then the gradients are all-reduced"));
    m_pp = countBox(1024, tr("Pipeline stages: the layers split evenly, microbatches passed from stage to stage"));
    m_microbatches = countBox(static_cast<int>(kMaxMicrobatches),
        tr("Microbatches per replica and step: more of them shrink the pipeline's bubble, (pp−1)/(m+pp−1)"));
    m_controls = new QFormLayout;
    m_weights = dtypeBox({ "bf16", "fp8", "int8", "int4" }, tr("The dtype the weights are stored in"));
    m_kv = dtypeBox({ "bf16", "fp8", "int8" }, tr("The dtype of the KV cache"));

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
    // The model: the library's, or one a config.json gives.
    m_openConfig = new QPushButton(tr("Open config…"));
    m_openConfig->setToolTip(tr("Read the model from its own Hugging Face config.json"));
    auto* model = new QHBoxLayout;
    model->addWidget(m_modelId);
    model->addWidget(m_openConfig);
    auto* modelLabel = new QLabel(tr("Mod&el"));
    modelLabel->setBuddy(m_modelId); // the row holds the list and its button: the label names the list
    controls->addRow(modelLabel, model);
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
    controls->addRow(tr("Dr&aft model"), m_draft);
    controls->addRow(tr("Dra&ft tokens"), m_draftTokens);
    controls->addRow(tr("Accepta&nce"), m_acceptance);
    m_draft->addItem(tr("none"), QStringLiteral("none"));
    for (const Model& m : m_document->models().models)
        m_draft->addItem(text(m.name), text(m.id));
    m_draft->setToolTip(tr("Speculative decoding: a smaller model of the same vocabulary proposes tokens, which the "
                           "model checks in one pass over them all"));
    m_acceptance->setRange(0, 1);
    m_acceptance->setKeyboardTracking(false); // a typed number is one edit, when it is complete
    m_acceptance->setDecimals(2);
    m_acceptance->setSingleStep(0.05);
    m_acceptance->setToolTip(tr("α: the chance the model keeps a drafted token; a round adds (1 − α^(k+1))/(1 − α) "
                                "tokens to each sequence on average"));
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
}

void ModelView::connectControls()
{
    auto edited = [this](const char* key, QComboBox* box) {
        connect(box, &QComboBox::activated, this, [this, key, box] { choose(key, box->currentData().toString()); });
    };
    // A config.json's model is chosen again from what was read, not from the library.
    connect(m_modelId, &QComboBox::activated, this, [this] {
        const QString chosen = m_modelId->currentData().toString();
        if (const auto config = m_configs.find(chosen); config != m_configs.end())
            refuseOr(m_document->setModelConfig(
                config->second, configAsNamed(chosen.mid(kConfigPrefix.size())).toStdString()));
        else
            choose("id", chosen);
    });
    // Another scenario's configs are named from its own folder: the list offers the new one's alone.
    connect(m_document, &Document::loaded, this, &ModelView::forgetConfigs);
    connect(m_openConfig, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Open a model's config.json"), {}, tr("Hugging Face configuration (*.json);;All files (*)"));
        if (path.isEmpty())
            return;
        if (const QString error = openConfig(path); !error.isEmpty())
            QMessageBox::warning(this, tr("Open config"), error);
    });
    edited("phase", m_phase);
    edited("latent", m_latent);
    edited("draft", m_draft);
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
    connect(m_draftTokens, &QSpinBox::valueChanged, this, [this](int v) { set("draft_tokens", double(v)); });
    connect(m_acceptance, &QDoubleSpinBox::valueChanged, this, [this](double v) { set("acceptance", v); });
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
}

QString ModelView::openConfig(const QString& path)
{
    if (!hasModel())
        return tr("The scenario has no model to replace.");
    const Expected<Model, Diagnostics> model = readModelConfig(path.toStdString());
    if (!model)
        return text(toString(model.error()));
    const QString config = configAsNamed(path);
    if (const std::optional<std::string> error = m_document->setModelConfig(*model, config.toStdString()))
        return text(*error);
    return {};
}

QString ModelView::configAsNamed(const QString& file) const
{
    // From the scenario's folder as it is on disk (links resolved, as reading it resolves them), where the scenario
    // was opened from a file; else the whole path.
    const QString opened = m_document->openedFrom();
    const QString absolute = QFileInfo(file).canonicalFilePath().isEmpty() ? QFileInfo(file).absoluteFilePath()
                                                                           : QFileInfo(file).canonicalFilePath();
    if (opened.isEmpty() || opened.startsWith(QLatin1String("embedded:")))
        return absolute;
    const QFileInfo scenario(opened); // as it is on disk; where it has gone since, as it was named
    return QDir(scenario.canonicalPath().isEmpty() ? scenario.absolutePath() : scenario.canonicalPath())
        .relativeFilePath(absolute);
}

QString ModelView::configFile(const std::string& config) const
{
    const QFileInfo file(text(scenarioRelativePath(config, m_document->openedFrom().toStdString())));
    return file.canonicalFilePath().isEmpty() ? file.absoluteFilePath() : file.canonicalFilePath();
}

void ModelView::forgetConfigs()
{
    for (int i = m_modelId->count() - 1; i >= 0; --i)
        if (m_modelId->itemData(i).toString().startsWith(kConfigPrefix))
            m_modelId->removeItem(i);
    m_configs.clear();
    refresh(); // the opened scenario's own config, if it names one
}

void ModelView::fillControls(const ModelSettings& s)
{
    m_filling = true;
    const QSignalBlocker blockers[]
        = { QSignalBlocker(m_batch), QSignalBlocker(m_tokens), QSignalBlocker(m_tp), QSignalBlocker(m_dp),
              QSignalBlocker(m_pp), QSignalBlocker(m_microbatches), QSignalBlocker(m_ep), QSignalBlocker(m_imbalance),
              QSignalBlocker(m_sequenceParallel), QSignalBlocker(m_draftTokens), QSignalBlocker(m_acceptance) };
    // A model read from a config.json has an entry of its own once it is chosen, to come back to (its id may be a
    // library model's too: the entry is its file's).
    const QString model = s.config.empty() ? text(s.model.id) : kConfigPrefix + configFile(s.config);
    if (!s.config.empty()) {
        m_configs.insert_or_assign(model, s.model); // the file as it was read last
        const QString name = tr("%1 (config.json)").arg(text(s.model.name));
        if (const int at = m_modelId->findData(model); at >= 0)
            m_modelId->setItemText(at, name);
        else
            m_modelId->addItem(name, model);
    }
    m_modelId->setCurrentIndex(m_modelId->findData(model));
    m_phase->setCurrentIndex(m_phase->findData(text(std::string(phaseName(s.phase)))));
    const bool decode = s.phase == Phase::Decode;
    const bool train = s.phase == Phase::Train;
    // A training step's batch is whole microbatches on every replica: its arrows step by dp·m sequences.
    m_batch->setSingleStep(train ? static_cast<int>(s.dp * s.microbatches) : 1);
    m_batch->setValue(static_cast<int>(s.batch));
    m_batch->setToolTip(train ? tr("B: the global batch, sequences of every replica") : tr("B: sequences in flight"));
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
    // A draft proposes tokens of the model's vocabulary: the others are listed, greyed.
    auto* drafts = qobject_cast<QStandardItemModel*>(m_draft->model());
    for (int i = 1; i < m_draft->count(); ++i) {
        const Model* m = m_document->models().find(m_draft->itemData(i).toString().toStdString());
        drafts->item(i)->setEnabled(m && m->vocab == s.model.vocab);
    }
    m_draft->setCurrentIndex(s.draft ? m_draft->findData(text(s.draft->id)) : 0);
    m_draftTokens->setValue(static_cast<int>(s.draftTokens));
    m_acceptance->setValue(s.acceptance);
    m_controls->setRowVisible(m_draft, decode);
    // A training step has no tokens per sequence to trade: the frontier is a serving chart.
    if (auto* sweeps = qobject_cast<QStandardItemModel*>(m_against->model()))
        sweeps->item(2)->setEnabled(!train);
    if (train && m_against->currentIndex() == 2)
        m_against->setCurrentIndex(0);
    m_controls->setRowVisible(m_draftTokens, decode && s.draft);
    m_controls->setRowVisible(m_acceptance, decode && s.draft);
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

} // namespace roofline::widgets
