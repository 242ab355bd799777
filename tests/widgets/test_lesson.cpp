// SPDX-License-Identifier: GPL-3.0-or-later
// The window as a lesson, driven through its real widgets offscreen: File ▸ Examples in the order of the texts with
// their keys, the explanation beside the chart showing what the core computes and following a slider, the zoom
// reaching every panel, and the presentation view leaving the window as it found it.
#include "chart/chart_probe.h"
#include "chart/roofline_chart.h"
#include "common/folding_tabs.h"
#include "common/log_slider.h"
#include "document/document.h"
#include "files/presets.h"
#include "files/scenario.h"
#include "panels/explanation_panel.h"
#include "panels/hardware_panel.h"
#include "panels/play_bar.h"
#include "panels/teaching.h"
#include "readout/readout_table.h"
#include "test_util.h"
#include "window/main_window.h"
#include "window_fixture.h"

#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSlider>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QUrl>
#include <QWindow>

#include <memory>

using namespace roofline;
using namespace roofline::widgets;

namespace {

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

// The examples in the order of the texts: All About Rooflines, then The Extended Roofline.
const QStringList kLessonOrder = { QStringLiteral("tpu-v5e-critical-intensity"), QStringLiteral("dot-product-v5e"),
    QStringLiteral("matmul-batch-v5e"), QStringLiteral("int8-matmul-v5e"), QStringLiteral("int8-weight-matmul-v5e"),
    QStringLiteral("batch-size-curve-v5e"), QStringLiteral("batched-int8-matmul-v5e"), QStringLiteral("h100-matmul"),
    QStringLiteral("sharded-matmul-2-tpu"), QStringLiteral("network-ridges-h100"), QStringLiteral("data-parallel-h100"),
    QStringLiteral("tensor-parallel-h100"), QStringLiteral("pipeline-parallel-h100"),
    QStringLiteral("matmul-v5e-vs-h100") };

// The explanation the core makes of a session, analysed afresh: what the panel must show.
Explanation coreExplanation(const Session& s)
{
    return analyse(s).explanation;
}

} // namespace

class TestLesson : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();

    void examplesFollowTheTexts();
    void anExampleOpensWithItsExplanation_data();
    void anExampleOpensWithItsExplanation();
    void theAnswerFollowsASlider();
    void anExampleOpensAfresh();
    void aModelsExplanationFollowsItsSettings();
    void aLessonsViewFramesTheChart();
    void aUserScenarioShowsItsDescription();
    void zoomScalesTheWholeWindow();
    void presentationShowsChartAndExplanationAlone();

private:
    QAction* example(const QString& stem) const;
    // The panel's text holds every part of the core's explanation of the document's session.
    void checkPanelAgainstCore();

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
};

void TestLesson::initTestCase()
{
    QVERIFY(m_dir.isValid());
    testing::keepSettingsIn(m_dir.filePath(QStringLiteral("settings")));
}

void TestLesson::init()
{
    m_window = testing::showWindow(QSize(1400, 900));
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestLesson::cleanup()
{
    m_window->setZoom(1);
    m_window.reset();
}

QAction* TestLesson::example(const QString& stem) const
{
    for (QAction* a : m_window->examplesMenu()->actions())
        if (a->data().toString() == QStringLiteral("scenarios/%1.yaml").arg(stem))
            return a;
    return nullptr;
}

void TestLesson::checkPanelAgainstCore()
{
    const Explanation e = coreExplanation(m_window->document()->session());
    const QString shown = m_window->explanationPanel()->browser()->toPlainText();
    QVERIFY(!e.answer.empty());
    for (const std::string& part : { e.source, e.question, e.claim, e.answer })
        QVERIFY2(shown.contains(q(part)), qPrintable(q(part) + QStringLiteral("\nnot in\n") + shown));
    for (const std::string& line : e.formula)
        QVERIFY2(shown.contains(q(line)), qPrintable(q(line)));
}

void TestLesson::examplesFollowTheTexts()
{
    const QList<QAction*> actions = m_window->examplesMenu()->actions();
    QStringList order;
    int separatorAt = -1;
    for (QAction* a : actions) {
        if (a->isSeparator())
            separatorAt = static_cast<int>(order.size());
        else
            order << a->data().toString().remove(QStringLiteral("scenarios/")).remove(QStringLiteral(".yaml"));
    }
    QCOMPARE(order.mid(0, kLessonOrder.size()), kLessonOrder);
    // The models and measurements come after a separator.
    QCOMPARE(separatorAt, kLessonOrder.size());
    QVERIFY(order.size() > kLessonOrder.size());
    for (const QString& rest : order.mid(kLessonOrder.size()))
        QVERIFY2(rest.contains(QStringLiteral("llama")) || rest.contains(QStringLiteral("deepseek"))
                || rest.contains(QStringLiteral("measured")) || rest.contains(QStringLiteral("serving")),
            qPrintable(rest));
    for (int i = 0; i < kLessonOrder.size(); ++i) {
        const QKeySequence expected
            = i < 9 ? QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_1 + i)) : QKeySequence();
        QCOMPARE(example(kLessonOrder[i])->shortcut(), expected);
    }
}

void TestLesson::anExampleOpensWithItsExplanation_data()
{
    QTest::addColumn<QString>("stem");
    for (const QString& stem : kLessonOrder)
        QTest::newRow(qPrintable(stem)) << stem;
}

void TestLesson::anExampleOpensWithItsExplanation()
{
    QFETCH(QString, stem);
    QSignalSpy changed(m_window->document(), &Document::contentChanged);
    example(stem)->trigger();
    QVERIFY(changed.count() >= 1);
    QVERIFY(m_window->document()->session().lesson);
    QVERIFY(m_window->explanationDock()->isVisible());
    checkPanelAgainstCore();
}

// Opening an example after another starts it afresh: the batch-size lesson after the sharded matmul (whose sweep
// runs along D) sweeps and plays B, shows its explanation from the title, and frames the chart as its content asks,
// whatever the axes were.
void TestLesson::anExampleOpensAfresh()
{
    example(QStringLiteral("sharded-matmul-2-tpu"))->trigger();
    QCOMPARE(m_window->sweepParamChooser()->currentText(), QStringLiteral("D"));
    QCOMPARE(m_window->teaching()->playBar()->param(), QStringLiteral("D"));
    // The window as a lecturer left it: small, the explanation scrolled down.
    QScrollBar* scroll = m_window->explanationPanel()->browser()->verticalScrollBar();
    m_window->resize(800, 500);
    QApplication::processEvents();
    QVERIFY(scroll->maximum() > 0);
    scroll->setValue(scroll->maximum());

    example(QStringLiteral("batch-size-curve-v5e"))->trigger();
    QCOMPARE(m_window->sweepParamChooser()->currentText(), QStringLiteral("B"));
    QCOMPARE(m_window->teaching()->playBar()->param(), QStringLiteral("B"));
    QCOMPARE(scroll->value(), 0);
    const chart::Layout& layout = ChartProbe(*m_window->chart()).layout();
    QCOMPARE(layout.x, layout.natural.x);
    QCOMPARE(layout.y, layout.natural.y);
    // The lesson's operation is the one selected, so that the play runs it.
    QCOMPARE(m_window->teaching()->playBar()->operation(), m_window->document()->session().indexOf("d4096"));
}

// A model example's explanation is the core's, made again at every change: a batch of 4 instead of 1 shows the new
// time and tokens per second.
void TestLesson::aModelsExplanationFollowsItsSettings()
{
    example(QStringLiteral("llama-2-7b-decode-h100"))->trigger();
    QVERIFY(m_window->explanationDock()->isVisible());
    auto check = [this](QString& shown) {
        const Explanation e = coreExplanation(m_window->document()->session());
        shown = m_window->explanationPanel()->browser()->toPlainText();
        QVERIFY(e.model);
        QVERIFY2(shown.contains(q(e.answer)), qPrintable(shown));
        for (const std::string& line : e.formula)
            QVERIFY2(shown.contains(q(line)), qPrintable(q(line)));
    };
    QString before;
    check(before);
    QVERIFY(!m_window->document()->setModelSetting("batch", ParamValue(4.0)));
    QString after;
    check(after);
    QVERIFY(after != before);
    QVERIFY(after.contains(QStringLiteral("tokens/s = B / T = 4 / ")));
}

// A lesson's view sets the chart's axes and the roofs it draws when it opens; Fit axes gives the content's back.
void TestLesson::aLessonsViewFramesTheChart()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("view.yaml"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("name: A view\npreset: tpu-v5e\noperations:\n  - {op: matmul, id: mm, B: 256, D: 8192, F: 8192}\n"
               "lesson:\n  source: S\n  question: Q\n  claim: C\n  answer: {critical: mm}\n"
               "  view: {x: [0, 4], y: [12, 15], roofs: [bf16, HBM]}\n");
    file.close();
    example(QStringLiteral("sharded-matmul-2-tpu"))->trigger();
    QVERIFY2(m_window->openScenario(path).isEmpty(), "the scenario opens");
    RooflineChart* chart = m_window->chart();
    QCOMPARE(ChartProbe(*chart).layout().x, (chart::DecadeRange { 0, 4 }));
    QCOMPARE(ChartProbe(*chart).layout().y, (chart::DecadeRange { 12, 15 }));
    QStringList roofs;
    for (const chart::RoofSegment& r : ChartProbe(*chart).layout().roofs)
        roofs << q(r.name);
    QCOMPARE(roofs, (QStringList { QStringLiteral("bf16"), QStringLiteral("HBM") }));
    // A slider step keeps the view while every marker stays inside it.
    QVERIFY(!m_window->document()->setOperationParam(0, "B", 300.0));
    QCOMPARE(ChartProbe(*chart).layout().x, (chart::DecadeRange { 0, 4 }));
    m_window->teaching()->fitAxesAction()->trigger();
    QCOMPARE(ChartProbe(*chart).layout().x, ChartProbe(*chart).layout().natural.x);
    QVERIFY(!ChartProbe(*chart).hasView());
}

// The int8 lesson (Question 1) while the HBM slider moves: the panel shows the core's new threshold and the new
// bandwidth inside the formula, on every step.
void TestLesson::theAnswerFollowsASlider()
{
    example(QStringLiteral("int8-matmul-v5e"))->trigger();
    const QString before = m_window->explanationPanel()->browser()->toPlainText();
    const Explanation first = coreExplanation(m_window->document()->session());
    LogSlider* hbm = m_window->hardwarePanel()->bandwidthSlider(QStringLiteral("HBM"));
    QVERIFY(hbm);
    hbm->slider()->setFocus();
    QSignalSpy changed(m_window->document(), &Document::contentChanged);
    QTest::keyClick(hbm->slider(), Qt::Key_PageUp);
    QCOMPARE(changed.count(), 1);
    const Explanation now = coreExplanation(m_window->document()->session());
    QVERIFY(now.value != first.value);
    QVERIFY(m_window->explanationPanel()->browser()->toPlainText() != before);
    checkPanelAgainstCore();
    const std::string bandwidth = exactNumber(m_window->document()->hardware().memory("HBM")->bandwidth);
    QVERIFY2(m_window->explanationPanel()->browser()->toPlainText().contains(q(" / " + bandwidth + " = ")),
        bandwidth.c_str());
    // Dragging the handle: the panel follows before the button is released.
    QSlider* slider = hbm->slider();
    const QPoint start = testing::handleCentre(slider);
    QTest::mousePress(slider, Qt::LeftButton, {}, start);
    QTest::mouseMove(slider, start + QPoint(-40, 0));
    QVERIFY(slider->isSliderDown());
    checkPanelAgainstCore();
    QTest::mouseRelease(slider, Qt::LeftButton, {}, start + QPoint(-40, 0));
    // Closed by the user, the explanation stays closed while the sliders move, and View ▸ Explanation brings it back.
    m_window->explanationDock()->close();
    QSignalSpy moved(m_window->document(), &Document::contentChanged);
    QTest::keyClick(hbm->slider(), Qt::Key_PageUp);
    QCOMPARE(moved.count(), 1);
    QVERIFY(!m_window->explanationDock()->isVisible());
    m_window->explanationDock()->toggleViewAction()->trigger();
    QVERIFY(m_window->explanationDock()->isVisible());
    checkPanelAgainstCore();
}

void TestLesson::aUserScenarioShowsItsDescription()
{
    const QString path = m_dir.filePath(QStringLiteral("mine.yaml"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("name: Mine\ndescription: \"A matmul of my own <b>model</b>.\"\npreset: tpu-v5e\n"
               "operations:\n  - {op: matmul, B: 64, D: 4096, F: 4096}\n");
    file.close();
    QCOMPARE(m_window->openScenario(path), QString());
    QVERIFY(m_window->explanationDock()->isVisible());
    // The user's text is shown as text, never read as markup.
    QVERIFY(m_window->explanationPanel()->browser()->toPlainText().contains(
        QStringLiteral("A matmul of my own <b>model</b>.")));
    // A chip with its default workload has nothing to explain: the dock steps aside.
    QVERIFY(m_window->document()->selectPreset(QStringLiteral("h100-sxm")));
    m_window->document()->load(defaultSession(*m_window->document()->library().find("h100-sxm")));
    QVERIFY(!m_window->explanationPanel()->hasContent());
    QVERIFY(!m_window->explanationDock()->isVisible());
}

void TestLesson::zoomScalesTheWholeWindow()
{
    example(QStringLiteral("tpu-v5e-critical-intensity"))->trigger();
    QList<QWidget*> widgets { m_window->explanationPanel()->browser(), m_window->table(), m_window->bottomTabs() };
    const auto labels = m_window->hardwarePanel()->findChildren<QLabel*>();
    QVERIFY(!labels.isEmpty());
    widgets << labels.first();
    QList<double> before;
    for (QWidget* w : widgets)
        before << w->font().pointSizeF();
    const double tick = m_window->chart()->xAxis->tickLabelFont().pointSizeF();
    m_window->setZoom(2);
    for (qsizetype i = 0; i < widgets.size(); ++i)
        QVERIFY2(qFuzzyCompare(widgets[i]->font().pointSizeF(), 2 * before[i]), widgets[i]->metaObject()->className());
    QCOMPARE(m_window->chart()->xAxis->tickLabelFont().pointSizeF(), 2 * tick);
    m_window->setZoom(1);
    QCOMPARE(widgets.first()->font().pointSizeF(), before.first());
}

void TestLesson::presentationShowsChartAndExplanationAlone()
{
    example(QStringLiteral("h100-matmul"))->trigger();
    // A window its screen holds with room to spare, as a desktop's are: Qt 6.8 brings a restored window within its
    // screen, so one larger than the screen (this suite's 1400 × 900 on the offscreen platform's 800 × 800) could not
    // come back as it was anywhere.
    const QSize before = m_window->size();
    const QSize held = before.boundedTo(m_window->screen()->availableGeometry().size() * 0.9);
    m_window->resize(held);
    TRY_COMPARE(m_window->size(), held);
    const QRect geometry = m_window->geometry();
    QDockWidget* controls = m_window->controlsDock();
    QVERIFY(!controls->isHidden() && m_window->bottomTabs()->isVisible());
    const double tick = m_window->chart()->xAxis->tickLabelFont().pointSizeF();

    QTest::keyClick(m_window.get(), Qt::Key_F5);
    TRY_VERIFY(m_window->isPresenting());
    QVERIFY(m_window->windowState() & Qt::WindowFullScreen);
    QVERIFY(controls->isHidden());
    QVERIFY(!m_window->bottomTabs()->isVisible());
    QVERIFY(!m_window->menuBar()->isVisible());
    QVERIFY(m_window->chart()->isVisible());
    QVERIFY(m_window->explanationDock()->isVisible());
    QVERIFY(m_window->chart()->xAxis->tickLabelFont().pointSizeF() > tick); // large type
    QCOMPARE(m_window->zoom(), 1.0); // the user's zoom is not the presentation's
    // The band: the question, the text's claim and the answer; the derivation a click away.
    {
        const Explanation e = coreExplanation(m_window->document()->session());
        const QString band = m_window->explanationPanel()->browser()->toPlainText();
        for (const std::string& part : { e.question, e.claim, e.answer })
            QVERIFY2(band.contains(q(part)), qPrintable(q(part) + QStringLiteral("\nnot in\n") + band));
        QVERIFY(!band.contains(q(e.formula.front())));
        emit m_window->explanationPanel()->browser()->anchorClicked(QUrl(QStringLiteral("#derivation")));
        checkPanelAgainstCore();
    }

    QTest::keyClick(m_window.get(), Qt::Key_Escape);
    TRY_VERIFY(!m_window->isPresenting());
    TRY_VERIFY(!(m_window->windowState() & Qt::WindowFullScreen));
    QVERIFY(!controls->isHidden());
    QVERIFY(m_window->bottomTabs()->isVisible());
    QVERIFY(m_window->menuBar()->isVisible());
    QVERIFY(m_window->explanationDock()->isVisible());
    QCOMPARE(m_window->chart()->xAxis->tickLabelFont().pointSizeF(), tick);
    TRY_COMPARE(m_window->size(), geometry.size());
    // The offscreen platform's made-up frame can shift a restored window by a few pixels; a desktop's window manager
    // puts it back where it was.
    QVERIFY((m_window->pos() - geometry.topLeft()).manhattanLength() <= 40);
    m_window->resize(before); // as the other tests of this suite have it
}

ROOFLINE_GUI_TEST_MAIN(TestLesson)
#include "test_lesson.moc"
