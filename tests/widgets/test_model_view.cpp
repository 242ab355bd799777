// SPDX-License-Identifier: GPL-3.0-or-later
// The window's Model tab: a session with a model shows its settings, what the step takes, whether it fits and where
// the time goes, all as the core computed them; its controls edit the session as undoable steps.
#include "chart/roofline_chart.h"
#include "common/folding_tabs.h"
#include "common/power_slider.h"
#include "document/document.h"
#include "model/model_view.h"
#include "panels/explanation_panel.h"
#include "panels/workload_panel.h"
#include "report/report.h"
#include "session/model_sweep.h"
#include "test_util.h"
#include "window/main_window.h"
#include "window_fixture.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>

#include <qcustomplot.h>

#include <cmath>
#include <memory>

using namespace roofline;
using namespace roofline::widgets;

namespace {

// The value of the bar at `key`: one bar per group, the first group at the top (the highest key).
double barAt(QCPBars* bars, double key)
{
    const auto it = bars->data()->findBegin(key, false);
    return it == bars->data()->constEnd() || it->key != key ? std::nan("") : it->value;
}

} // namespace

class TestModelView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();

    void showsTheCoresTotalsAndTimes();
    void editsAreUndoableAndFollowed();
    void aBatchThatDoesNotFitSaysSo();
    void aRefusedSettingIsNamedAndUndone();
    void resetPutsTheModelBack();
    void aChangedStepIsTitledAnew();
    void batchChartIsTheCoresSweep();
    void hiddenWithoutAModel();
    void aTrainingStepShowsItsParallelismAndBubble();
    void contextChartIsTheCoresSweep();
    void aDraftModelSpeculates();
    void aConfigReplacesTheModel();
    void theFrontierOpensAConfiguration();
    void aCalibratedStepIsTheCores();
    void theChartsFollowTheThemeAndZoom();

private:
    ModelView* openLlama();

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
};

void TestModelView::initTestCase()
{
    QVERIFY(m_dir.isValid());
    testing::keepSettingsIn(m_dir.filePath(QStringLiteral("settings")));
}

void TestModelView::init()
{
    m_window = testing::showWindow(QSize(1400, 900));
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestModelView::cleanup()
{
    m_window.reset();
}

ModelView* TestModelView::openLlama()
{
    const QString error = m_window->openEmbeddedScenario(QStringLiteral("scenarios/llama-2-7b-decode-h100.yaml"));
    if (!error.isEmpty())
        qWarning("%s", qPrintable(error));
    // The tab in front, as a user reads it: hidden, the view skips its work.
    m_window->bottomTabs()->setCurrentWidget(m_window->modelView());
    return m_window->modelView();
}

void TestModelView::showsTheCoresTotalsAndTimes()
{
    ModelView* view = openLlama();
    QVERIFY(view->hasModel());
    QTabWidget* tabs = m_window->bottomTabs();
    QVERIFY(tabs->isTabVisible(tabs->indexOf(view)));
    const Analysis& a = *m_window->document()->analysis();
    QVERIFY(a.model);
    QCOMPARE(view->batchBox()->value(), 1);
    QCOMPARE(view->tokensBox()->value(), 1024);
    QCOMPARE(view->phaseBox()->currentData().toString(), QStringLiteral("decode"));

    // Llama-2-7B at B = 1 fits an H100's 80 GiB with room for 134 sequences of 1,025 tokens (the core's figure, and
    // by hand: (85.9e9 − 13.5e9 weights) / (2·32·4096·2 B · 1025 tokens = 537 MB) = 134.8).
    QCOMPARE(a.model->maxBatch, 134.0);
    QVERIFY2(view->fitLabel()->text().startsWith(QStringLiteral("<b>Fits</b>")), qPrintable(view->fitLabel()->text()));
    QVERIFY(view->fitLabel()->text().contains(QStringLiteral("largest batch at this context: 134")));
    QVERIFY(view->summaryLabel()->text().contains(QString::fromStdString(formatSeconds(a.model->tLower))));

    // Where the time goes, in ms: the MLP reads its three 4096 × 11008 bf16 matrices in each of 32 layers,
    // 3 · 4096 · 11008 · 2 B · 32 = 8.657 GB at 3.35 TB/s = 2.584 ms, and its activations are a few kB more.
    QCustomPlot* chart = view->timeChart();
    QCOMPARE(chart->xAxis->label(), QStringLiteral("ms per step"));
    QCOMPARE(chart->plottableCount(), 4); // math, memory, network, and a training step's idle bubble
    auto* math = qobject_cast<QCPBars*>(chart->plottable(0));
    auto* memory = qobject_cast<QCPBars*>(chart->plottable(1));
    const double groups = static_cast<double>(a.groups.size());
    for (std::size_t i = 0; i < a.groups.size(); ++i) {
        const double key = groups - 1 - static_cast<double>(i);
        QCOMPARE(barAt(memory, key), a.groups[i].tMemory * 1e3);
        QCOMPARE(barAt(math, key), a.groups[i].tMath * 1e3);
        if (a.groups[i].group == "mlp")
            QVERIFY2(std::abs(barAt(memory, key) - 2.584) < 0.01, qPrintable(QString::number(barAt(memory, key))));
    }
}

void TestModelView::editsAreUndoableAndFollowed()
{
    ModelView* view = openLlama();
    Document* document = m_window->document();
    const double before = document->analysis()->model->tLower;
    view->batchBox()->setValue(64);
    QCOMPARE(document->session().model->batch, 64.0);
    QCOMPARE(document->undoStack()->count(), 1);
    // More sequences read the same weights and more KV cache: the step takes longer, not 64 times longer.
    const double after = document->analysis()->model->tLower;
    QVERIFY(after > before && after < 64 * before);
    QVERIFY(view->summaryLabel()->text().contains(QString::fromStdString(formatSeconds(after))));

    view->phaseBox()->setCurrentIndex(1);
    emit view->phaseBox()->activated(1);
    QCOMPARE(document->session().model->phase, Phase::Prefill);
    QCOMPARE(view->tokensBox()->value(), 2048); // the prompt now: the scenario's default P
    QVERIFY(view->summaryLabel()->text().contains(QStringLiteral("time to first token")));

    document->undoStack()->undo();
    document->undoStack()->undo();
    QCOMPARE(document->session().model->batch, 1.0);
    QCOMPARE(view->batchBox()->value(), 1);
    QCOMPARE(view->phaseBox()->currentData().toString(), QStringLiteral("decode"));
}

void TestModelView::aBatchThatDoesNotFitSaysSo()
{
    ModelView* view = openLlama();
    view->batchBox()->setValue(1000);
    const Analysis& a = *m_window->document()->analysis();
    QVERIFY(a.model && !a.model->fits);
    QVERIFY(view->fitLabel()->isVisibleTo(view));
    QVERIFY2(view->fitLabel()->text().startsWith(QStringLiteral("<b>Does not fit</b>")),
        qPrintable(view->fitLabel()->text()));
    // The times stay what the step would take: finite and positive, never a negative or infinite number.
    QVERIFY(std::isfinite(a.model->tLower) && a.model->tLower > 0);
}

void TestModelView::aRefusedSettingIsNamedAndUndone()
{
    ModelView* view = openLlama();
    QSignalSpy refused(view, &ModelView::settingRefused);
    view->tensorParallelBox()->setValue(3); // Llama-2-7B has 32 heads: three chips cannot share them
    QCOMPARE(refused.count(), 1);
    const QString message = refused.at(0).at(0).toString();
    QVERIFY2(message.startsWith(QStringLiteral("model.")), qPrintable(message));
    QCOMPARE(m_window->document()->session().model->tp, 1.0);
    QCOMPARE(view->tensorParallelBox()->value(), 1);
    QCOMPARE(m_window->document()->undoStack()->count(), 0);
}

// Reset is offered as soon as a setting differs from the scenario's, and puts the scenario's settings back.
void TestModelView::resetPutsTheModelBack()
{
    ModelView* view = openLlama();
    QPushButton* reset = nullptr;
    for (QPushButton* b : m_window->findChildren<QPushButton*>())
        if (b->text() == QStringLiteral("Reset"))
            reset = b;
    QVERIFY(reset);
    QVERIFY(!reset->isEnabled());
    const Session opened = m_window->document()->session();
    view->batchBox()->setValue(8);
    QVERIFY(reset->isEnabled());
    QTest::mouseClick(reset, Qt::LeftButton);
    QCOMPARE(m_window->document()->session().model->batch, 1.0);
    QCOMPARE(m_window->document()->session(), opened);
    QCOMPARE(view->batchBox()->value(), 1);
    QVERIFY(!reset->isEnabled());
}

// The four-chip example is titled for B = 16: after Model ▸ Batch 64, the explanation's heading and text say 64, and
// the side panel's B of the selected generated operation follows.
void TestModelView::aChangedStepIsTitledAnew()
{
    QVERIFY(m_window->openEmbeddedScenario(QStringLiteral("scenarios/llama-3.1-70b-decode-four-chips.yaml")).isEmpty());
    m_window->bottomTabs()->setCurrentWidget(m_window->modelView());
    ModelView* view = m_window->modelView();
    const Document* document = m_window->document();
    const auto qkv = std::find_if(document->operations().begin(), document->operations().end(),
        [](const Operation& op) { return op.id == "model.q_proj"; });
    QVERIFY(qkv != document->operations().end());
    m_window->workloadPanel()->selectOperation(static_cast<int>(qkv - document->operations().begin()));
    QVERIFY(m_window->workloadPanel()->paramSlider(QStringLiteral("B")));
    QCOMPARE(m_window->workloadPanel()->paramSlider(QStringLiteral("B"))->value(), 16.0);
    QVERIFY(m_window->explanationPanel()->explanation().title.find("B = 16") != std::string::npos);

    view->batchBox()->setValue(64);
    QCOMPARE(document->session().model->batch, 64.0);
    const Explanation& shown = m_window->explanationPanel()->explanation();
    QCOMPARE(shown.title, std::string("Llama 3.1 70B decode at B = 64 over 8 chips"));
    QVERIFY2(shown.description.find("decoding 64 sequences") != std::string::npos, shown.description.c_str());
    const QString text = m_window->explanationPanel()->browser()->toPlainText();
    QVERIFY2(text.contains(QStringLiteral("B = 64")) && !text.contains(QStringLiteral("B = 16")), qPrintable(text));
    QVERIFY(m_window->workloadPanel()->paramSlider(QStringLiteral("B")));
    QCOMPARE(m_window->workloadPanel()->paramSlider(QStringLiteral("B"))->value(), 64.0);
}

// Tokens/s against the batch, drawn while the tab shows: the core's sweep point for point, split where the batch
// stops fitting, and the batch at which the step's math outweighs its memory traffic named under the figures.
void TestModelView::batchChartIsTheCoresSweep()
{
    ModelView* view = openLlama();
    QVERIFY(view->isVisible());
    // Llama-3.1-8B at S = 128: compute-bound as a whole from B = 665 (test_models derives it by hand).
    QVERIFY(!m_window->document()->setModelSetting("id", "llama-3.1-8b"));
    QVERIFY(!m_window->document()->setModelSetting("context", 128.0));
    const Analysis& a = *m_window->document()->analysis();
    const BatchSweep sweep = sweepBatch(a.session, 2 * a.model->maxBatch);
    QCOMPARE(sweep.computeBound.value_or(0), 665.0);
    QCustomPlot* chart = view->batchChart();
    QCOMPARE(chart->graphCount(), 2);
    QCPGraph* fits = chart->graph(0);
    QCPGraph* tooMany = chart->graph(1);
    int inside = 0;
    for (const BatchPoint& p : sweep.points)
        inside += p.fits ? 1 : 0;
    QVERIFY(inside > 0 && inside < static_cast<int>(sweep.points.size()));
    QCOMPARE(fits->dataCount(), inside);
    for (int i = 0; i < inside; ++i) {
        QCOMPARE(fits->data()->at(i)->key, sweep.points[static_cast<std::size_t>(i)].batch);
        QCOMPARE(fits->data()->at(i)->value, sweep.points[static_cast<std::size_t>(i)].tokensPerSecond);
    }
    // The grey part starts at the last batch that fits, so the curve is unbroken.
    QCOMPARE(tooMany->dataCount(), static_cast<int>(sweep.points.size()) - inside + 1);
    QCOMPARE(tooMany->data()->at(0)->key, fits->data()->at(inside - 1)->key);
    QVERIFY2(view->summaryLabel()->text().contains(QStringLiteral("from B = 665")),
        qPrintable(view->summaryLabel()->text()));
}

void TestModelView::hiddenWithoutAModel()
{
    openLlama();
    QCOMPARE(m_window->openEmbeddedScenario(QStringLiteral("scenarios/int8-matmul-v5e.yaml")), QString());
    QTabWidget* tabs = m_window->bottomTabs();
    QVERIFY(!m_window->modelView()->hasModel());
    QVERIFY(!tabs->isTabVisible(tabs->indexOf(m_window->modelView())));
}

// The training example: its three counts shown only for a training step, the bubble's row of idle time the core's,
// and an edit of the stages that takes it away.
void TestModelView::aTrainingStepShowsItsParallelismAndBubble()
{
    const QString error = m_window->openEmbeddedScenario(QStringLiteral("scenarios/llama-2-7b-training-64-h100.yaml"));
    QVERIFY2(error.isEmpty(), qPrintable(error));
    m_window->bottomTabs()->setCurrentWidget(m_window->modelView());
    ModelView* view = m_window->modelView();
    Document* document = m_window->document();
    const Analysis& a = *document->analysis();
    QVERIFY2(a.model && a.model->training, a.modelProblem.c_str());
    QCOMPARE(view->phaseBox()->currentData().toString(), QStringLiteral("train"));
    QCOMPARE(view->dataParallelBox()->value(), 8);
    QCOMPARE(view->pipelineBox()->value(), 2);
    QCOMPARE(view->microbatchBox()->value(), 16);
    QVERIFY(view->dataParallelBox()->isVisibleTo(view));
    QVERIFY(view->summaryLabel()->text().contains(QString::fromStdString(formatSeconds(a.model->tLower))));
    QVERIFY(view->summaryLabel()->text().contains(QString::fromStdString(formatPercent(a.model->mfu))));

    // The bubble, (2 − 1)/16 of the stage's T_upper, in the last row and in the unit the axis says.
    const TrainingTotals& t = *a.model->training;
    QVERIFY(t.bubbleUpper > 0);
    QCOMPARE(t.bubbleUpper, t.stageUpper / 16);
    QCustomPlot* chart = view->timeChart();
    const double scale = chart->xAxis->label() == QStringLiteral("s per step") ? 1 : 1e3;
    QCOMPARE(chart->xAxis->label(), scale == 1 ? QStringLiteral("s per step") : QStringLiteral("ms per step"));
    QCOMPARE(barAt(view->bubbleBars(), 0), t.bubbleUpper * scale);
    QVERIFY(chart->legend->hasItemWithPlottable(view->bubbleBars()));

    // One stage: no bubble, no idle row; undone, it is back.
    view->pipelineBox()->setValue(1);
    QCOMPARE(document->session().model->pp, 1.0);
    QCOMPARE(document->analysis()->model->training->bubbleUpper, 0.0);
    QVERIFY(!chart->legend->hasItemWithPlottable(view->bubbleBars()));
    document->undoStack()->undo();
    QCOMPARE(view->pipelineBox()->value(), 2);
    QVERIFY(chart->legend->hasItemWithPlottable(view->bubbleBars()));

    // An arrow step of the stages goes on to the next count that divides the 32 layers; one more replica keeps the
    // microbatch's 2 sequences, so the batch grows to 2·9·16 = 288, in one undo step; the batch steps by dp·m.
    QCOMPARE(view->batchBox()->singleStep(), 8 * 16);
    const int steps = document->undoStack()->index();
    view->pipelineBox()->stepUp();
    QCOMPARE(document->session().model->pp, 4.0);
    QCOMPARE(view->pipelineBox()->value(), 4);
    view->dataParallelBox()->stepUp();
    QCOMPARE(document->session().model->dp, 9.0);
    QCOMPARE(document->session().model->batch, 288.0);
    QCOMPARE(view->batchBox()->value(), 288);
    QCOMPARE(view->batchBox()->singleStep(), 9 * 16);
    QCOMPARE(document->undoStack()->index(), steps + 2);
    document->undoStack()->undo();
    QCOMPARE(document->session().model->batch, 256.0);
    QCOMPARE(document->session().model->dp, 8.0);
    document->undoStack()->undo();

    // Inference keeps no replicas or stages: their rows hide, the KV cache's shows.
    view->phaseBox()->setCurrentIndex(0);
    emit view->phaseBox()->activated(0);
    QCOMPARE(document->session().model->phase, Phase::Decode);
    QVERIFY(!view->dataParallelBox()->isVisibleTo(view));
}

// The right-hand chart against the sequence length: the core's context sweep point for point, and the longest
// context that fits at this batch (138,133 tokens for Llama-2-7B at B = 1, test_models derives it by hand) dashed
// and named under the figures.
void TestModelView::contextChartIsTheCoresSweep()
{
    ModelView* view = openLlama();
    view->sweepChoice()->setCurrentIndex(1);
    emit view->sweepChoice()->activated(1);
    QCustomPlot* chart = view->batchChart();
    QCOMPARE(chart->xAxis->label(), QStringLiteral("context S"));
    const ContextSweep sweep = sweepContext(m_window->document()->session(), 4 * 1024);
    QCOMPARE(sweep.longestFitting, std::optional<double>(138133));
    QCPGraph* fits = chart->graph(0);
    QCPGraph* tooMany = chart->graph(1);
    std::size_t fitting = 0;
    for (const ContextPoint& p : sweep.points)
        if (p.fits) {
            QCOMPARE(fits->data()->at(int(fitting))->key, p.tokens);
            QCOMPARE(fits->data()->at(int(fitting))->value, p.tokensPerSecond);
            ++fitting;
        }
    QCOMPARE(fits->dataCount(), int(fitting));
    QCOMPARE(tooMany->dataCount(), int(sweep.points.size() - fitting) + 1); // from the last that fits
    QVERIFY(view->summaryLabel()->text().contains(QStringLiteral("S = 138133 tokens cached per sequence")));
    // Back to the batch.
    view->sweepChoice()->setCurrentIndex(0);
    emit view->sweepChoice()->activated(0);
    QCOMPARE(chart->xAxis->label(), QStringLiteral("batch B"));
}

// The draft model, its k and α from the Model tab: the other vocabularies' models are offered greyed, a chosen draft
// makes the step a speculative round whose figures are the core's, its rows show while it has a draft, and each
// choice is a step to undo.
void TestModelView::aDraftModelSpeculates()
{
    const QString error
        = m_window->openEmbeddedScenario(QStringLiteral("scenarios/llama-3.1-70b-tp8-nvlink-h100.yaml"));
    QVERIFY2(error.isEmpty(), qPrintable(error));
    m_window->bottomTabs()->setCurrentWidget(m_window->modelView());
    ModelView* view = m_window->modelView();
    Document* document = m_window->document();
    QComboBox* draft = view->draftBox();
    QVERIFY(draft->isVisibleTo(view));
    QVERIFY(!view->draftTokensBox()->isVisibleTo(view));
    QCOMPARE(draft->currentData().toString(), QStringLiteral("none"));
    auto* items = qobject_cast<QStandardItemModel*>(draft->model());
    const int llama2 = draft->findData(QStringLiteral("llama-2-7b"));
    const int llama3 = draft->findData(QStringLiteral("llama-3.1-8b"));
    QVERIFY(llama2 > 0 && llama3 > 0);
    QVERIFY(!items->item(llama2)->isEnabled()); // 32,000 tokens against Llama 3.1's 128,256
    QVERIFY(items->item(llama3)->isEnabled());

    const double plain = document->analysis()->model->tokensPerSecond;
    draft->setCurrentIndex(llama3);
    emit draft->activated(llama3);
    const ModelSettings& s = *document->session().model;
    QVERIFY(s.draft && s.draft->id == "llama-3.1-8b");
    const Analysis& a = *document->analysis();
    QVERIFY(a.model && a.model->speculative);
    QVERIFY(view->draftTokensBox()->isVisibleTo(view));
    QVERIFY(view->acceptanceBox()->isVisibleTo(view));
    QVERIFY2(view->summaryLabel()->text().contains(QStringLiteral("speculative round")),
        qPrintable(view->summaryLabel()->text()));
    QVERIFY(view->summaryLabel()->text().contains(
        QString::fromStdString(formatSI(a.model->speculative->acceptedTokens, {}, 4))));
    QVERIFY(a.model->tokensPerSecond != plain);

    view->acceptanceBox()->setValue(0.5);
    QCOMPARE(document->session().model->acceptance, 0.5);
    view->draftTokensBox()->setValue(6);
    QCOMPARE(document->session().model->draftTokens, 6.0);
    QCOMPARE(document->analysis()->model->speculative->acceptedTokens, (1 - std::pow(0.5, 7)) / 0.5);
    QCOMPARE(document->undoStack()->count(), 3);

    document->undoStack()->undo();
    document->undoStack()->undo();
    document->undoStack()->undo();
    QVERIFY(!document->session().model->draft);
    QCOMPARE(draft->currentData().toString(), QStringLiteral("none"));
    QVERIFY(!view->acceptanceBox()->isVisibleTo(view));
}

// Open config… reads a model's own config.json in place of the session's, as one undo step: the list offers it, the
// analysis is of its model, the scenario will name it, and a file that cannot be read is said with its line and
// field while the session stays as it was.
void TestModelView::aConfigReplacesTheModel()
{
    ModelView* view = openLlama();
    Document* document = m_window->document();
    const QString path = QStringLiteral(ROOFLINE_TEST_DATA "/models/Llama-3.1-8B/config.json");
    QCOMPARE(view->openConfig(path), QString());
    const ModelSettings& s = *document->session().model;
    QCOMPARE(s.model.id, std::string("llama-3.1-8b"));
    QCOMPARE(parameterCount(s.model), 8030261248.0);
    // The embedded example has no folder of its own: the scenario names the file by its whole path.
    QCOMPARE(QString::fromStdString(s.config), QFileInfo(path).absoluteFilePath());
    QCOMPARE(s.batch, 1.0);
    QCOMPARE(view->modelBox()->currentText(), QStringLiteral("Llama-3.1-8B (config.json)"));
    QVERIFY(document->analysis()->model);
    QCOMPARE(document->undoStack()->count(), 1);

    QTemporaryDir dir;
    QFile bad(dir.filePath(QStringLiteral("config.json")));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write("{\n  \"model_type\": \"llama\",\n  \"num_hidden_layers\": 0\n}\n");
    bad.close();
    const QString error = view->openConfig(bad.fileName());
    QVERIFY2(error.contains(QStringLiteral("config.json:3:")) && error.contains(QStringLiteral("num_hidden_layers")),
        qPrintable(error));
    QCOMPARE(document->session().model->model.id, std::string("llama-3.1-8b"));

    document->undoStack()->undo();
    QCOMPARE(document->session().model->model.id, std::string("llama-2-7b"));
    QVERIFY(document->session().model->config.empty());
    // Chosen again from the list, the config's model comes back without its file being read again; the library's
    // model of the same id keeps its own entry.
    const int again = view->modelBox()->findData("config:" + QFileInfo(path).absoluteFilePath());
    QVERIFY(again >= 0);
    QVERIFY(view->modelBox()->findData(QStringLiteral("llama-3.1-8b")) >= 0);
    view->modelBox()->setCurrentIndex(again);
    emit view->modelBox()->activated(again);
    QCOMPARE(QString::fromStdString(document->session().model->config), QFileInfo(path).absoluteFilePath());
}

// The frontier chart: the core's sweep point for point, the frontier joined, and a click on a point opens that
// configuration as one undo step.
void TestModelView::theFrontierOpensAConfiguration()
{
    ModelView* view = openLlama();
    Document* document = m_window->document();
    view->sweepChoice()->setCurrentIndex(2);
    emit view->sweepChoice()->activated(2);
    const Frontier& frontier = view->frontier();
    // The core's sweep up to twice the largest batch that fits (134 sequences: 268), or 256 at least.
    const double to = std::max(256.0, 2 * document->analysis()->model->maxBatch);
    const Frontier expected = sweepFrontier(document->session(), to);
    QCOMPARE(frontier.points.size(), expected.points.size());
    for (std::size_t i = 0; i < expected.points.size(); ++i) {
        QCOMPARE(frontier.points[i].tokensPerSecondPerChip, expected.points[i].tokensPerSecondPerChip);
        QCOMPARE(frontier.points[i].onFrontier, expected.points[i].onFrontier);
    }
    QVERIFY(!frontier.points.empty());
    QCustomPlot* chart = view->batchChart();
    QCOMPARE(chart->yAxis->label(), QStringLiteral("tokens/s per chip"));
    auto* best = qobject_cast<QCPGraph*>(chart->plottable(0));
    const auto onFrontier = std::count_if(
        frontier.points.begin(), frontier.points.end(), [](const FrontierPoint& p) { return p.onFrontier; });
    QCOMPARE(best->dataCount(), static_cast<int>(onFrontier));
    QVERIFY(view->summaryLabel()->text().contains(QStringLiteral("on the frontier")));
    // The frontier runs from the most tokens a chip (its first point, a larger batch than the session's B = 1) to the
    // fastest sequence.
    const int last = 0;
    const double perSequence = best->data()->at(last)->key;
    const auto chosen = std::find_if(frontier.points.begin(), frontier.points.end(),
        [&](const FrontierPoint& p) { return p.onFrontier && p.tokensPerSecondPerSequence == perSequence; });
    QVERIFY(chosen != frontier.points.end());
    const double batch = chosen->batch;
    const double tp = chosen->tp;
    emit chart->plottableClick(best, last, nullptr);
    QCOMPARE(document->session().model->batch, batch);
    QCOMPARE(document->session().model->tp, tp);
    QCOMPARE(document->undoStack()->count(), 1);
    QVERIFY(batch > 1);

    // Through a drag the frontier waits for the handle to be let go, then follows: twice the HBM bandwidth speeds up
    // the memory-bound B = 1 on one chip.
    const double rate = view->frontier().points.front().tokensPerSecondPerChip;
    document->beginGesture();
    QVERIFY(!document->setHardwareValue("bandwidth.HBM", 6.7e12));
    QCOMPARE(view->frontier().points.front().tokensPerSecondPerChip, rate);
    document->endGesture();
    QVERIFY(view->frontier().points.front().tokensPerSecondPerChip > rate);

    // Chips compared: each one's frontier is the core's for the model moved onto it, drawn as its own curve.
    QVERIFY(!document->setCompared({ "b200", "tpu-v5e" }));
    const double again = std::max(256.0, 2 * document->analysis()->model->maxBatch);
    const std::vector<Frontier> compared = sweepComparedFrontiers(document->session(), again);
    QCOMPARE(view->comparedFrontiers().size(), std::size_t(2));
    QCOMPARE(view->comparedFrontierCurves().size(), std::size_t(2));
    for (std::size_t k = 0; k < compared.size(); ++k) {
        QCOMPARE(view->comparedFrontiers()[k].points.size(), compared[k].points.size());
        const auto on = std::count_if(
            compared[k].points.begin(), compared[k].points.end(), [](const FrontierPoint& p) { return p.onFrontier; });
        QVERIFY(on > 0);
        QCOMPARE(view->comparedFrontierCurves()[k]->dataCount(), static_cast<int>(on));
        // Named at its left end, the most tokens/s per chip.
        const QCPItemText* name = view->frontierNames()[k + 1];
        QVERIFY(name->visible());
        QCOMPARE(name->position->coords(),
            QPointF(view->comparedFrontierCurves()[k]->dataMainKey(0),
                view->comparedFrontierCurves()[k]->dataMainValue(0)));
    }
    view->batchChart()->replot();
    for (const QCPItemText* name : view->frontierNames()) // each wholly inside the plot, left of its curve
        QVERIFY2(name->left->pixelPosition().x() >= view->batchChart()->axisRect()->left(), qPrintable(name->text()));
    QCOMPARE(view->frontierNames()[0]->text(), QStringLiteral("H100 SXM"));
    QCOMPARE(view->frontierNames()[1]->text(), QStringLiteral("B200"));
    QCOMPARE(view->frontierNames()[2]->text(), QStringLiteral("TPU v5e"));
    // The B200 serves more tokens a chip than the H100 at its best.
    const auto most = [](const Frontier& f) {
        double m = 0;
        for (const FrontierPoint& p : f.points)
            if (p.fits)
                m = std::max(m, p.tokensPerSecondPerChip);
        return m;
    };
    QVERIFY(most(compared[0]) > most(view->frontier()));
    QVERIFY(view->summaryLabel()->text().contains(QStringLiteral("the frontiers of NVIDIA B200, Google TPU v5e")));
    // Back to the batch sweep: the compared curves are emptied and the legend has no row for them.
    view->sweepChoice()->setCurrentIndex(0);
    emit view->sweepChoice()->activated(0);
    QCOMPARE(view->comparedFrontierCurves()[0]->dataCount(), 0);
    for (QCPGraph* curve : view->comparedFrontierCurves())
        QVERIFY(!chart->legend->hasItemWithPlottable(curve));
}

// The calibrated example: the summary quotes the step and tokens/s the core computes under the calibration.
void TestModelView::aCalibratedStepIsTheCores()
{
    const QString error = m_window->openEmbeddedScenario(QStringLiteral("scenarios/llama-2-7b-calibrated-h100.yaml"));
    QVERIFY2(error.isEmpty(), qPrintable(error));
    m_window->bottomTabs()->setCurrentWidget(m_window->modelView());
    const Analysis& a = *m_window->document()->analysis();
    QVERIFY(a.model && a.model->calibrated);
    const CalibratedTotals& c = *a.model->calibrated;
    const QString summary = m_window->modelView()->summaryLabel()->text();
    for (const std::string& figure :
        { formatSeconds(c.tStep), formatSeconds(c.tLow), formatSeconds(c.tHigh), formatSI(c.tokensPerSecond, {}, 4) })
        QVERIFY2(summary.contains(QString::fromStdString(figure)), qPrintable(summary));
    // 6.96 ms against the datasheet's 4.03 ms.
    QVERIFY(c.tStep > 1.7 * a.model->tLower);
}

// The two charts in the window's theme, as the roofline is: the dark background and its light ink, the frontier in the
// theme's blue, the type scaled by the projector zoom; and back.
void TestModelView::theChartsFollowTheThemeAndZoom()
{
    ModelView* view = openLlama();
    const double points = view->timeChart()->xAxis->tickLabelFont().pointSizeF();
    m_window->setThemeMode(MainWindow::ThemeMode::Dark);
    const ChartTheme dark = m_window->chart()->theme();
    QVERIFY(dark.dark);
    for (QCustomPlot* plot : { view->timeChart(), view->batchChart() }) {
        QCOMPARE(plot->axisRect()->backgroundBrush().color(), dark.background);
        QCOMPARE(plot->xAxis->tickLabelColor(), dark.foreground);
        QCOMPARE(plot->yAxis->labelColor(), dark.foreground);
        QCOMPARE(plot->legend->textColor(), dark.foreground);
    }
    QCOMPARE(view->batchChart()->graph(0)->pen().color(), dark.operationColour("#0072B2"));
    m_window->setZoom(2);
    QCOMPARE(view->timeChart()->xAxis->tickLabelFont().pointSizeF(), 2 * points);
    QCOMPARE(view->batchChart()->graph(0)->pen().widthF(), 4.0);
    m_window->setZoom(1);
    m_window->setThemeMode(MainWindow::ThemeMode::Light);
    QCOMPARE(view->timeChart()->axisRect()->backgroundBrush().color(), m_window->chart()->theme().background);
    QCOMPARE(view->timeChart()->xAxis->tickLabelFont().pointSizeF(), points);
}

ROOFLINE_GUI_TEST_MAIN(TestModelView)
#include "test_model_view.moc"
