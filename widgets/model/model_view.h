// SPDX-License-Identifier: GPL-3.0-or-later
// The whole model of a session with one: its settings as controls, the step's time, tokens per second and memory
// against the chip's capacity (with a plain "does not fit"), where the time goes by group, and the serving text's
// own three-term model beside it. Everything shown is the analysis's ModelTotals and group totals.
#pragma once

#include "common/chart_theme.h"
#include "llm/model.h"
#include "roofline/operations.h"
#include "session/model_sweep.h"

#include <QScrollArea>

#include <map>
#include <optional>
#include <string>

class QBoxLayout;
class QCheckBox;
class QComboBox;
class QFormLayout;
class QCustomPlot;
class QCPBars;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;
class QLabel;
class QPushButton;
class QDoubleSpinBox;
class QSpinBox;

namespace roofline::widgets {

class Document;

// A scroll area, so that the window's least size does not grow with it: on a small screen its contents scroll.
class ModelView : public QScrollArea {
    Q_OBJECT
public:
    // Edits the document: the controls set the session's model settings.
    explicit ModelView(Document* document, QWidget* parent = nullptr);

    // Whether the document's session has a model: the window shows this view only then.
    bool hasModel() const;
    // The charts in the window's theme: colours, fonts and line widths (the projector zoom among them).
    void setTheme(const ChartTheme&);

    // For tests and the window: what the view shows.
    QLabel* fitLabel() const { return m_fit; }
    QLabel* summaryLabel() const { return m_summary; }
    QLabel* problemLabel() const { return m_problem; }
    QCustomPlot* timeChart() const { return m_chart; }
    QCustomPlot* batchChart() const { return m_batchChart; }
    // 0: against the batch, 1: against the sequence length, 2: tokens/s per chip against per sequence (inference)
    QComboBox* sweepChoice() const { return m_against; }
    const Frontier& frontier() const { return m_frontier; } // what the frontier chart shows, while it does
    // The frontiers of the chips compared with the session's (sweepComparedFrontiers), and their curves: each chip's
    // points on its frontier, in its dash pattern and marker shape, empty when the chart shows no frontier.
    const std::vector<Frontier>& comparedFrontiers() const { return m_comparedFrontiers; }
    const std::vector<QCPGraph*>& comparedFrontierCurves() const { return m_comparedCurves; }
    // The chips' short names at the left ends of their frontiers, the session's first; shown with compared chips.
    const std::vector<QCPItemText*>& frontierNames() const { return m_frontierNames; }
    QSpinBox* batchBox() const { return m_batch; }
    QSpinBox* tokensBox() const { return m_tokens; }
    QSpinBox* tensorParallelBox() const { return m_tp; }
    QSpinBox* expertParallelBox() const { return m_ep; }
    QComboBox* latentBox() const { return m_latent; }
    QComboBox* draftBox() const { return m_draft; }
    QSpinBox* draftTokensBox() const { return m_draftTokens; }
    QDoubleSpinBox* acceptanceBox() const { return m_acceptance; }
    QComboBox* modelBox() const { return m_modelId; }

    // The model of a Hugging Face config.json at `path` in place of the session's, as one undo step (what the
    // Open config… button does once its dialog gives a path): the reader's or the core's message, or nothing.
    QString openConfig(const QString& path);
    QComboBox* phaseBox() const { return m_phase; }
    QSpinBox* dataParallelBox() const { return m_dp; }
    QSpinBox* pipelineBox() const { return m_pp; }
    QSpinBox* microbatchBox() const { return m_microbatches; }
    QCPBars* bubbleBars() const { return m_bubble; }

signals:
    // The core refused a setting: its message, for the status bar.
    void settingRefused(const QString& message);

protected:
    void showEvent(QShowEvent*) override;
    void resizeEvent(QResizeEvent*) override;

private:
    // The controls (model_view_controls.cpp): made and laid out in m_controls, bound to the settings, set from them.
    void buildControls();
    void connectControls();
    void fillControls(const ModelSettings&);
    void refresh();
    void showTimes();
    void showSweep(); // the right-hand chart: tokens/s against the batch or the sequence length, or the frontier
    void showFrontier();
    // The frontier's configuration drawn at (perSequence, perChip), as one undo step.
    void openFrontierPoint(double perSequence, double perChip);
    // A setting from a control: a count as a number, never through text.
    void set(const char* key, const ParamValue& value);
    // A setting from a list's text (a model's id, the phase, a dtype).
    void choose(const char* key, const QString& text);
    // A refused setting: named in the status bar, and the controls go back to the session's values.
    void refuseOr(const std::optional<std::string>& error);
    // Whole counts as the core writes them into a setting: "16", never "16.0".
    static QString whole(double v);

    Document* m_document;
    // The controls, made by buildControls().
    QComboBox* m_modelId = nullptr;
    QPushButton* m_openConfig = nullptr;
    // The models read from config.json files, by kConfigPrefix and the file's whole path: the data of their entries in
    // the model list, forgotten when another scenario is opened.
    static inline const QString kConfigPrefix = QStringLiteral("config:");
    QString configAsNamed(const QString& file) const; // the path as the session's scenario names it
    QString configFile(const std::string& config) const; // the whole path of a config the scenario names
    void forgetConfigs();
    std::map<QString, Model> m_configs;
    QComboBox* m_phase = nullptr;
    QSpinBox* m_batch = nullptr;
    QLabel* m_tokensLabel = nullptr;
    QSpinBox* m_tokens = nullptr; // the prompt of a prefill, the context of a decode step
    QSpinBox* m_tp = nullptr;
    QSpinBox* m_ep = nullptr; // a mixture's expert parallelism (inference)
    QDoubleSpinBox* m_imbalance = nullptr;
    QComboBox* m_latent = nullptr; // latent attention's up-projections absorbed or expanded
    QComboBox* m_draft = nullptr; // a decode step's draft model: "none", or a model of the same vocabulary
    QSpinBox* m_draftTokens = nullptr;
    QDoubleSpinBox* m_acceptance = nullptr;
    QComboBox* m_zero = nullptr; // a training step's ZeRO stage
    QComboBox* m_recompute = nullptr;
    QCheckBox* m_sequenceParallel = nullptr;
    QSpinBox* m_dp = nullptr; // a training step's: data-parallel replicas, pipeline stages, microbatches
    QSpinBox* m_pp = nullptr;
    QSpinBox* m_microbatches = nullptr;
    QFormLayout* m_controls = nullptr;
    QComboBox* m_weights = nullptr;
    QComboBox* m_kv = nullptr;
    QBoxLayout* m_layout; // settings and figures, then the charts: side by side, or the charts under them
    QLabel* m_fit;
    QLabel* m_summary;
    QLabel* m_problem;
    QLabel* m_serving;
    QCustomPlot* m_chart;
    QCPBars* m_math;
    QCPBars* m_memory;
    QCPBars* m_network;
    QCPBars* m_bubble; // a training step's pipeline bubble, a row of its own
    QCustomPlot* m_batchChart; // tokens/s against the batch or the tokens; drawn only while the view shows
    QComboBox* m_against; // which of the two
    QCPGraph* m_fitting; // the batches that fit the chip's memory
    QCPGraph* m_tooMany; // those that do not
    QCPItemStraightLine* m_current;
    QCPItemStraightLine* m_computeBound;
    ChartTheme m_theme = ChartTheme::light();
    QString m_summaryText; // the summary without the sentence on the batch sweep
    Frontier m_frontier;
    std::vector<Frontier> m_comparedFrontiers;
    std::vector<QCPGraph*> m_comparedCurves; // one per compared chip, made as the chips come
    // Each chip's short name at the left end of its frontier, the session's first: the chart has no legend row for
    // them. Made as the chips come; hidden with their curves.
    std::vector<QCPItemText*> m_frontierNames;
    void nameFrontier(std::size_t chip, const std::string& name, double perSequence, double perChip);
    // Empties the compared chips' curves (the batch and context sweeps draw the session's chip alone).
    void clearComparedCurves();
    bool m_holding = false; // a gesture (a slider drag) is open: the frontier waits for its end
    bool m_frontierStale = false;
    bool m_frontierShown = false; // the right-hand chart draws the frontier: a click on it opens a point
    QString m_frontierSentence; // the summary's last sentence on the frontier, kept through a drag
    bool m_filling = false; // the controls are being set from the session: no edits
};

} // namespace roofline::widgets
