// SPDX-License-Identifier: GPL-3.0-or-later
// The window driven through its real widgets, offscreen: sliders, presets, the operation list, the table, export
// and the export command, each checked against what the core computes.
#include "base/units.h"
#include "chart/chart.h"
#include "chart/chart_probe.h"
#include "chart/roofline_chart.h"
#include "common/chart_text.h"
#include "common/folding_tabs.h"
#include "common/log_slider.h"
#include "common/power_slider.h"
#include "document/document.h"
#include "export/chart_export.h"
#include "export/export_dialog.h"
#include "files/model_presets.h"
#include "panels/hardware_panel.h"
#include "panels/workload_panel.h"
#include "readout/readout_table.h"
#include "report/compare.h"
#include "roofline/evaluate.h"
#include "roofline/solver.h"
#include "test_util.h"
#include "window/compare_page.h"
#include "window/main_window.h"
#include "window/translations.h"

#include <QAbstractItemView>
#include <QAccessible>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QHash>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QStandardPaths>
#include <QStyle>
#include <QStyleOptionSlider>
#include <QSvgRenderer>
#include <QTabBar>
#include <QTemporaryDir>
#include <QTest>
#include <QWidgetAction>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <memory>

using namespace roofline;
using namespace roofline::widgets;

namespace {

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

// Share of pixels that differ from the corner pixel: a blank export has none.
double inkShare(const QImage& image)
{
    const QRgb background = image.pixel(0, 0);
    qsizetype differing = 0;
    for (int y = 0; y < image.height(); y += 4)
        for (int x = 0; x < image.width(); x += 4)
            differing += image.pixel(x, y) != background ? 1 : 0;
    return static_cast<double>(differing) / (static_cast<double>(image.width()) * image.height() / 16);
}

} // namespace

class TestWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();

    void chartDrawsTheCoreLayout();
    void envelopeFollowsTheSlopePastTheView();
    void hbmKeysMoveRoofMarkersAndTable();
    void hbmDragUpdatesBeforeRelease();
    void liveRedrawMatchesAFullReplot_data();
    void liveRedrawMatchesAFullReplot();
    void stepsDrawFastThenSmooth();
    void typedBandwidthIsParsed();
    void resetRestoresThePreset();
    void practicalControlsReachTheChart();
    void presetSwitchMovesSlidersAndChart_data();
    void presetSwitchMovesSlidersAndChart();
    void dtypeChooserMovesTheComputeRoof();
    void hidingAnOperationRemovesMarkerAndRow();
    void addedOperationHasItsOwnParameters();
    void workloadSliderMovesTheMarker();
    void choosersMoveAnOperationToAnotherRoof();
    void hoverNamesMarkersAndRoofs();
    void thousandsOfOperationsKeepMarkersAndACappedLegend();
    void exportsFiles_data();
    void exportsFiles();
    void exportReportsErrors();
    void exportCommand();
    void exportCommandRefusesBadInput();
    void examplesOpen_data();
    void examplesOpen();
    void badScenarioLeavesTheView();
    void badUserPresetShowsItsError();
    void themeAndZoomReachTheChart();
    void settingsRememberPresetAndTheme();
    void menuActionsHaveShortcuts();
    void everyControlHasAnAccessibleName();
    void mnemonicsDoNotClash();
    void tabReachesEveryControl();
    void comparePageRanksEveryChip();
    void copiesTheChart();

private:
    void checkAgainstCore();

    std::unique_ptr<MainWindow> m_window;
    QTemporaryDir m_dir;
};

void TestWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear(); // a run starts from a first launch, whatever an earlier run left
    QVERIFY(m_dir.isValid());
    qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_dir.filePath(QStringLiteral("config"))));
    // As test_window_de (CTest, under LANG=de_DE.UTF-8): the window in German, as such a user starts it.
    if (qEnvironmentVariableIsSet("ROOFLINE_TEST_TRANSLATIONS")) {
        QCOMPARE(installTranslations(*qApp), QStringLiteral("de"));
        useFigureLocale();
    }
}

void TestWindow::init()
{
    m_window = std::make_unique<MainWindow>(loadPresetLibrary({}), builtInModels());
    m_window->setUnsavedChangesPrompt([](const QString&) { return QMessageBox::Discard; });
    m_window->setThemeMode(MainWindow::ThemeMode::Light);
    m_window->setZoom(1);
    m_window->resize(1400, 900);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QVERIFY(m_window->document()->selectPreset(QStringLiteral("h100-sxm")));
}

void TestWindow::cleanup()
{
    m_window.reset();
}

// Every roof, the envelope, every marker and every table row against the core, computed here independently.
void TestWindow::checkAgainstCore()
{
    const Document* state = m_window->document();
    const RooflineChart* chart = m_window->chart();
    const ReadoutTable* table = m_window->table();
    const Hardware& hw = state->hardware();
    const Dtype dtype = state->dtype();
    const double peak = *hw.peakFor(dtype);

    const QVector<QPointF> computeRoof = ChartProbe(*chart).roofCurve(q(std::string(dtypeName(dtype))));
    QCOMPARE(computeRoof.size(), 2);
    QCOMPARE(computeRoof[0].y(), peak);
    QCOMPARE(computeRoof[1].y(), peak);
    const Session& session = state->session();
    for (const Roof& r : bandwidthRoofs(hw)) {
        const QVector<QPointF> curve = ChartProbe(*chart).roofCurve(q(r.name));
        // A lesson's view may leave roofs out.
        if (session.lesson && session.lesson->view && !session.lesson->view->roofs.empty()
            && std::find(session.lesson->view->roofs.begin(), session.lesson->view->roofs.end(), r.name)
                == session.lesson->view->roofs.end()) {
            QVERIFY(curve.isEmpty());
            continue;
        }
        QCOMPARE(curve.size(), 2);
        for (const QPointF& p : curve)
            QVERIFY2(qAbs(p.y() - r.value * p.x()) <= 1e-9 * p.y(), r.name.c_str());
        chart::RoofSegment segment;
        segment.kind = r.kind;
        segment.name = r.name;
        segment.value = r.value;
        QCOMPARE(ChartProbe(*chart).roofText(q(r.name)), roofLabel(segment, hw));
    }
    const QVector<QPointF> envelope = ChartProbe(*chart).envelopeCurve();
    QCOMPARE(envelope.size(), 3);
    QVERIFY(qAbs(envelope[1].x() - ridgeIntensity(peak, hw.memories.front().bandwidth)) <= 1e-9 * envelope[1].x());

    for (std::size_t i = 0; i < state->operations().size(); ++i) {
        const auto ev = evaluate(state->operations()[i].op, hw);
        QVERIFY(ev.ok());
        const int row = table->rowOf(i);
        QVERIFY(row >= 0);
        QCOMPARE(table->cellText(row, ReadoutTable::TMath), q(formatSeconds(ev->tMath)));
        QCOMPARE(table->cellText(row, ReadoutTable::TComms), q(formatSeconds(ev->tComms)));
        QCOMPARE(table->cellText(row, ReadoutTable::Bound), q(ev->bound()));
        QCOMPARE(table->cellText(row, ReadoutTable::Attainable).isEmpty(), false);
        const auto critical = solveCritical(state->operations()[i].op, hw, mainParam(state->operations()[i].op));
        QCOMPARE(table->cellText(row, ReadoutTable::CriticalValue),
            critical.ok() ? q(describeWithApproximation(critical.value())) : q(critical.error()));

        QVector<QPointF> expected;
        for (const chart::Marker& m : chart::markersOf(i, ev.value()))
            expected.append(QPointF(m.at.x, m.at.y));
        std::sort(expected.begin(), expected.end(), [](QPointF a, QPointF b) { return a.x() < b.x(); });
        QCOMPARE(ChartProbe(*chart).markerPoints(i, false), expected);
        const auto binding = chart::bindingResource(ev.value());
        const QVector<QPointF> filled = ChartProbe(*chart).markerPoints(i, true);
        if (binding && std::isfinite(ev->resources[*binding].intensity) && ev->resources[*binding].intensity > 0) {
            QCOMPARE(filled.size(), 1);
            QCOMPARE(filled[0].x(), ev->resources[*binding].intensity);
        }
        // Every marker is in view, unless the axes are held through a drag (View ▸ Lock axes) while the content
        // asks for more than they show.
        const chart::Layout& l = ChartProbe(*chart).layout();
        if (!chart::contains({ l.x, l.y }, l.natural))
            continue;
        for (const QPointF& p : ChartProbe(*chart).markerPoints(i, false)) {
            QVERIFY(p.x() >= chart->xAxis->range().lower && p.x() <= chart->xAxis->range().upper);
            QVERIFY(p.y() >= chart->yAxis->range().lower && p.y() <= chart->yAxis->range().upper);
        }
    }
}

void TestWindow::chartDrawsTheCoreLayout()
{
    QVERIFY(ChartProbe(*m_window->chart()).titleText().contains(QStringLiteral("H100")));
    checkAgainstCore();
    // The markers off the crowded compute roof have room for their names.
    m_window->chart()->replot();
    const QStringList labels = ChartProbe(*m_window->chart()).visibleOperationLabels();
    QVERIFY2(labels.size() >= 4, qPrintable(labels.join(QStringLiteral(", "))));
    QVERIFY(labels.contains(QStringLiteral("matmul B=32")));
}

// Problem 5's view holds intensities 10 to 10,000. With HBM at 34.3 GB/s its ridge (28,834) lies past the right edge:
// the thick envelope is the HBM roof across the whole view, each drawn point bandwidth × intensity, never a line up to
// the peak at the edge.
void TestWindow::envelopeFollowsTheSlopePastTheView()
{
    QCOMPARE(m_window->openEmbeddedScenario(QStringLiteral("scenarios/h100-matmul.yaml")), QString());
    const double bandwidth = 34.3e9;
    QVERIFY(!m_window->document()->setHardwareValue("bandwidth.HBM", bandwidth));
    RooflineChart* chart = m_window->chart();
    chart->replot();
    QCOMPARE(chart->xAxis->range().upper, 1e4);
    const QVector<QPointF> envelope = ChartProbe(*chart).envelopeCurve();
    QCOMPARE(envelope.size(), 2);
    for (const QPointF& p : envelope)
        QVERIFY2(qAbs(p.y() - bandwidth * p.x()) <= 1e-9 * p.y(), qPrintable(QString::number(p.x())));
    QCOMPARE(envelope.back().x(), 1e4);
}

void TestWindow::hbmKeysMoveRoofMarkersAndTable()
{
    LogSlider* hbm = m_window->hardwarePanel()->bandwidthSlider(QStringLiteral("HBM"));
    QVERIFY(hbm);
    const double before = m_window->document()->hardware().memory("HBM")->bandwidth;
    QSignalSpy changed(m_window->document(), &Document::contentChanged);
    hbm->slider()->setFocus();
    QTest::keyClick(hbm->slider(), Qt::Key_PageDown);
    QTest::keyClick(hbm->slider(), Qt::Key_Left);
    QCOMPARE(changed.count(), 2); // one update per step, live
    const double after = m_window->document()->hardware().memory("HBM")->bandwidth;
    QVERIFY(after < before);
    QCOMPARE(after, hbm->value());
    QVERIFY(m_window->document()->chipModified());
    QVERIFY(m_window->hardwarePanel()->resetButton()->isEnabled());
    QCOMPARE(hbm->field()->text(), q(formatBandwidth(after)));
    checkAgainstCore();
}

void TestWindow::hbmDragUpdatesBeforeRelease()
{
    QSlider* slider = m_window->hardwarePanel()->bandwidthSlider(QStringLiteral("HBM"))->slider();
    const QPoint start = roofline::testing::handleCentre(slider);
    QSignalSpy changed(m_window->document(), &Document::contentChanged);
    QTest::mousePress(slider, Qt::LeftButton, {}, start);
    QTest::mouseMove(slider, start + QPoint(-30, 0));
    QTest::mouseMove(slider, start + QPoint(-60, 0));
    QVERIFY(slider->isSliderDown());
    QVERIFY(changed.count() >= 1); // the chart follows while the button is still down
    checkAgainstCore();
    QTest::mouseRelease(slider, Qt::LeftButton, {}, start + QPoint(-60, 0));
    QVERIFY(m_window->document()->hardware().memory("HBM")->bandwidth
        < m_window->document()->chip().memory("HBM")->bandwidth);
}

void TestWindow::liveRedrawMatchesAFullReplot_data()
{
    QTest::addColumn<bool>("dark");
    QTest::newRow("light") << false;
    QTest::newRow("dark") << true;
}

// A slider step redraws the main layer alone, over the paint buffers of the static parts, and once input rests it
// redraws that layer smooth: what it then shows must be what a full replot shows.
void TestWindow::liveRedrawMatchesAFullReplot()
{
    QFETCH(bool, dark);
    if (dark)
        m_window->setThemeMode(MainWindow::ThemeMode::Dark);
    RooflineChart* chart = m_window->chart();
    QSlider* slider = m_window->hardwarePanel()->bandwidthSlider(QStringLiteral("HBM"))->slider();
    QSignalSpy redrawn(chart, &RooflineChart::redrawn);
    slider->setValue(slider->value() - 1); // the title turns "(modified)": a full replot
    QVERIFY(redrawn.wait(5000));
    QSignalSpy replotted(chart, &QCustomPlot::afterReplot);
    for (int step = 0; step < 3; ++step) {
        const qsizetype before = redrawn.count();
        slider->setValue(slider->value() - 1);
        QVERIFY(redrawn.count() > before || redrawn.wait(5000));
    }
    QVERIFY(ChartProbe(*chart).drawsFast());
    QSignalSpy settled(chart, &RooflineChart::settled);
    chart->settle();
    QVERIFY(settled.wait(5000));
    QCOMPARE(replotted.count(), 0); // the axes stayed: the layer alone was redrawn, fast and then smooth
    const QImage live = chart->grab().toImage().convertToFormat(QImage::Format_RGB32);
    chart->replot(QCustomPlot::rpImmediateRefresh);
    const QImage full = chart->grab().toImage().convertToFormat(QImage::Format_RGB32);
    QCOMPARE(live.size(), full.size());
    // Both are drawn by QCustomPlot from the same items; only antialiased edges may differ by a little.
    qsizetype differing = 0;
    for (int y = 0; y < full.height(); ++y) {
        const auto* a = reinterpret_cast<const QRgb*>(live.constScanLine(y));
        const auto* b = reinterpret_cast<const QRgb*>(full.constScanLine(y));
        for (int x = 0; x < full.width(); ++x)
            differing += std::max({ std::abs(qRed(a[x]) - qRed(b[x])), std::abs(qGreen(a[x]) - qGreen(b[x])),
                             std::abs(qBlue(a[x]) - qBlue(b[x])) })
                    > 96
                ? 1
                : 0;
    }
    qInfo("%lld of %lld pixels differ", static_cast<long long>(differing),
        static_cast<long long>(full.width()) * full.height());
    QVERIFY(differing < full.width() * full.height() / 1000);
}

// A key step, and an undo, draw fast (no antialiasing, stamped markers) and smooth once input rests; an export
// taken in between is smooth, the same as one taken after.
void TestWindow::stepsDrawFastThenSmooth()
{
    RooflineChart* chart = m_window->chart();
    QSlider* slider = m_window->hardwarePanel()->bandwidthSlider(QStringLiteral("HBM"))->slider();
    slider->setFocus();
    QSignalSpy redrawn(chart, &RooflineChart::redrawn);
    QSignalSpy settled(chart, &RooflineChart::settled);
    QTest::keyClick(slider, Qt::Key_Left); // the title turns "(modified)": a full replot, smooth
    QVERIFY(redrawn.wait(5000));
    QVERIFY(!ChartProbe(*chart).drawsFast());

    QTest::keyClick(slider, Qt::Key_Left);
    QVERIFY(ChartProbe(*chart).drawsFast());
    QCOMPARE(chart->notAntialiasedElements(), QCP::aePlottables | QCP::aeItems | QCP::aeFills);
    TRY_VERIFY(redrawn.count() >= 2);
    const QImage fast = chart->grab().toImage();
    const QImage during = renderChart(*chart, QSize(900, 600), 1);
    QVERIFY(ChartProbe(*chart).drawsFast()); // the export changed nothing on screen

    QVERIFY(settled.wait(5000)); // RooflineChart::kSettleMs after the step, with nothing called
    QVERIFY(!ChartProbe(*chart).drawsFast());
    QCOMPARE(chart->notAntialiasedElements(), QCP::aeNone);
    const QImage smooth = chart->grab().toImage();
    QVERIFY(fast != smooth);
    QCOMPARE(during, renderChart(*chart, QSize(900, 600), 1));

    m_window->document()->undoStack()->undo();
    QVERIFY(ChartProbe(*chart).drawsFast());
    QVERIFY(settled.wait(5000));
    QVERIFY(!ChartProbe(*chart).drawsFast());
}

void TestWindow::typedBandwidthIsParsed()
{
    LogSlider* hbm = m_window->hardwarePanel()->bandwidthSlider(QStringLiteral("HBM"));
    hbm->field()->setFocus();
    hbm->field()->selectAll();
    QTest::keyClicks(hbm->field(), QStringLiteral("1.5 TB/s"));
    QTest::keyClick(hbm->field(), Qt::Key_Return);
    QCOMPARE(m_window->document()->hardware().memory("HBM")->bandwidth, 1.5e12);
    checkAgainstCore();

    hbm->field()->selectAll();
    QTest::keyClicks(hbm->field(), QStringLiteral("fast"));
    QTest::keyClick(hbm->field(), Qt::Key_Return);
    QCOMPARE(m_window->document()->hardware().memory("HBM")->bandwidth, 1.5e12); // refused, unchanged
    QVERIFY(hbm->field()->toolTip().contains(QStringLiteral("fast")));
}

void TestWindow::resetRestoresThePreset()
{
    LogSlider* peak = m_window->hardwarePanel()->peakSlider();
    QTest::keyClick(peak->slider(), Qt::Key_PageUp);
    QVERIFY(m_window->document()->chipModified());
    QVERIFY(ChartProbe(*m_window->chart()).titleText().contains(QStringLiteral("modified")));
    QTest::mouseClick(m_window->hardwarePanel()->resetButton(), Qt::LeftButton);
    QVERIFY(!m_window->document()->chipModified());
    QCOMPARE(peak->value(), *m_window->document()->chip().peakFor(Dtype::bf16));
    checkAgainstCore();
}

// An efficiency factor typed into its box draws a dashed roof and moves the times; the latency box turns the floors on;
// each is one undo step.
void TestWindow::practicalControlsReachTheChart()
{
    HardwarePanel* panel = m_window->hardwarePanel();
    QDoubleSpinBox* hbm = panel->efficiencyBox(QStringLiteral("HBM"));
    QVERIFY(hbm);
    QVERIFY(!hbm->isVisibleTo(panel)); // folded away until asked for
    QTest::keyClick(panel->efficiencyToggle(), Qt::Key_Space);
    QVERIFY(hbm->isVisibleTo(panel));
    QCOMPARE(hbm->value(), 1.0);
    QVERIFY(ChartProbe(*m_window->chart()).practicalRoofLabels().isEmpty());
    hbm->selectAll();
    QTest::keyClicks(hbm, QStringLiteral("0.5"));
    QTest::keyClick(hbm, Qt::Key_Return);
    QCOMPARE(m_window->document()->hardware().memory("HBM")->efficiency, 0.5);
    QCOMPARE(ChartProbe(*m_window->chart()).practicalRoofLabels(), QStringList { QStringLiteral("HBM \u00D70.5") });
    checkAgainstCore();

    QVERIFY(!m_window->document()->session().latency);
    QTest::keyClick(panel->latencyToggle(), Qt::Key_Space);
    QVERIFY(m_window->document()->session().latency);
    QVERIFY(m_window->document()->hardware().latency);
    checkAgainstCore();

    m_window->document()->undoStack()->undo();
    QVERIFY(!panel->latencyToggle()->isChecked());
    m_window->document()->undoStack()->undo();
    QCOMPARE(hbm->value(), 1.0);
    QVERIFY(ChartProbe(*m_window->chart()).practicalRoofLabels().isEmpty());
}

void TestWindow::presetSwitchMovesSlidersAndChart_data()
{
    QTest::addColumn<QString>("id");
    const PresetLibrary library = loadPresetLibrary({});
    for (const Hardware& hw : library.presets())
        QTest::newRow(hw.id.c_str()) << q(hw.id);
}

void TestWindow::presetSwitchMovesSlidersAndChart()
{
    QFETCH(QString, id);
    QComboBox* chooser = m_window->hardwarePanel()->presetChooser();
    const int index = chooser->findData(id, Qt::UserRole + 1);
    QVERIFY(index >= 0);
    chooser->setCurrentIndex(index);
    const Hardware& hw = m_window->document()->hardware();
    QCOMPARE(q(hw.id), id);
    QVERIFY(ChartProbe(*m_window->chart()).titleText().contains(q(hw.name)));
    QCOMPARE(m_window->hardwarePanel()->peakSlider()->value(), *hw.peakFor(m_window->document()->dtype()));
    for (const Roof& r : bandwidthRoofs(hw)) {
        LogSlider* slider = m_window->hardwarePanel()->bandwidthSlider(q(r.name));
        QVERIFY2(slider, r.name.c_str());
        QCOMPARE(slider->value(), r.value);
    }
    checkAgainstCore();
}

void TestWindow::dtypeChooserMovesTheComputeRoof()
{
    QComboBox* dtypes = m_window->hardwarePanel()->dtypeChooser();
    dtypes->setCurrentIndex(dtypes->findText(QStringLiteral("fp8")));
    QCOMPARE(m_window->document()->dtype(), Dtype::fp8);
    QCOMPARE(m_window->hardwarePanel()->peakSlider()->value(), *m_window->document()->hardware().peakFor(Dtype::fp8));
    QVERIFY(ChartProbe(*m_window->chart()).roofText(QStringLiteral("fp8")).endsWith(QStringLiteral("fp8")));
    checkAgainstCore();
}

void TestWindow::hidingAnOperationRemovesMarkerAndRow()
{
    QListWidget* list = m_window->workloadPanel()->operationList();
    QVERIFY(ChartProbe(*m_window->chart()).hasOperation(2));
    QVERIFY(m_window->table()->rowOf(2) >= 0);
    const int rows = m_window->table()->rowCount();
    list->item(2)->setCheckState(Qt::Unchecked);
    QVERIFY(!ChartProbe(*m_window->chart()).hasOperation(2));
    QVERIFY(ChartProbe(*m_window->chart()).markerPoints(2, false).isEmpty());
    QCOMPARE(m_window->table()->rowOf(2), -1);
    QCOMPARE(m_window->table()->rowCount(), rows - 1);
    list->item(2)->setCheckState(Qt::Checked);
    QVERIFY(ChartProbe(*m_window->chart()).hasOperation(2));
    QCOMPARE(m_window->table()->rowCount(), rows);
}

void TestWindow::addedOperationHasItsOwnParameters()
{
    WorkloadPanel* panel = m_window->workloadPanel();
    const std::size_t count = m_window->document()->operations().size();
    panel->kindChooser()->setCurrentIndex(panel->kindChooser()->findText(QStringLiteral("matmul")));
    QTest::mouseClick(panel->addButton(), Qt::LeftButton);
    QCOMPARE(m_window->document()->operations().size(), count + 1);
    QCOMPARE(panel->selectedOperation(), static_cast<int>(count));
    PowerSlider* b = panel->paramSlider(QStringLiteral("B"));
    QVERIFY(b);
    b->field()->setFocus();
    b->field()->selectAll();
    QTest::keyClicks(b->field(), QStringLiteral("241"));
    QTest::keyClick(b->field(), Qt::Key_Return);
    QCOMPARE(numberParam(m_window->document()->operations()[count].op, "B"), std::optional<double>(241));
    QVERIFY(ChartProbe(*m_window->chart()).hasOperation(count));
    QVERIFY(m_window->workloadPanel()
                ->operationList()
                ->item(static_cast<int>(count))
                ->text()
                .contains(QStringLiteral("241")));
    checkAgainstCore();
}

void TestWindow::workloadSliderMovesTheMarker()
{
    WorkloadPanel* panel = m_window->workloadPanel();
    // The first matmul of the default workload.
    int matmul = -1;
    for (std::size_t i = 0; i < m_window->document()->operations().size(); ++i)
        if (kindName(m_window->document()->operations()[i].op) == "matmul") {
            matmul = static_cast<int>(i);
            break;
        }
    QVERIFY(matmul >= 0);
    panel->selectOperation(matmul);
    PowerSlider* b = panel->paramSlider(QStringLiteral("B"));
    QVERIFY(b);
    const double before = *numberParam(m_window->document()->operations()[matmul].op, "B");
    b->slider()->setFocus();
    QTest::keyClick(b->slider(), Qt::Key_PageUp); // to the next power of two
    QCOMPARE(
        *numberParam(m_window->document()->operations()[matmul].op, "B"), std::exp2(std::floor(std::log2(before)) + 1));
    checkAgainstCore();
}

void TestWindow::choosersMoveAnOperationToAnotherRoof()
{
    WorkloadPanel* panel = m_window->workloadPanel();
    const auto& ops = m_window->document()->operations();
    const auto allreduce
        = std::find_if(ops.begin(), ops.end(), [](const Operation& op) { return kindName(op.op) == "allreduce"; });
    QVERIFY(allreduce != ops.end());
    const auto index = static_cast<std::size_t>(allreduce - ops.begin());
    panel->selectOperation(static_cast<int>(index));
    QComboBox* link = panel->paramChooser(QStringLiteral("link"));
    QVERIFY(link);
    link->setCurrentIndex(link->findText(QStringLiteral("IB")));
    const auto& ev = m_window->document()->evaluation(index);
    QVERIFY(ev.ok());
    QCOMPARE(ev->resources.front().name, std::string("IB"));
    QCOMPARE(m_window->table()->cellText(m_window->table()->rowOf(index), ReadoutTable::Bound), QStringLiteral("IB"));
    QComboBox* dtype = panel->paramChooser(QStringLiteral("dtype"));
    QVERIFY(dtype);
    dtype->setCurrentIndex(dtype->findText(QStringLiteral("fp32")));
    QCOMPARE(dtypeParam(m_window->document()->operations()[index].op, "dtype"), std::optional<Dtype>(Dtype::fp32));
    checkAgainstCore();
}

void TestWindow::hoverNamesMarkersAndRoofs()
{
    RooflineChart* chart = m_window->chart();
    chart->replot();
    const QPointF marker = ChartProbe(*chart).markerPoints(0, false).front();
    const QPointF pixel(chart->xAxis->coordToPixel(marker.x()), chart->yAxis->coordToPixel(marker.y()));
    const QString text = ChartProbe(*chart).hoverText(pixel);
    QVERIFY2(text.contains(q(m_window->document()->operations()[0].name).toHtmlEscaped()), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("T<sub>math</sub>")));

    // Near the left end of the HBM roof, where no marker sits: the roof's own text.
    const QVector<QPointF> hbm = ChartProbe(*chart).roofCurve(QStringLiteral("HBM"));
    const double x = hbm[0].x() * 2;
    const QPointF onRoof(chart->xAxis->coordToPixel(x),
        chart->yAxis->coordToPixel(m_window->document()->hardware().memory("HBM")->bandwidth * x));
    const QString roofText = ChartProbe(*chart).hoverText(onRoof);
    QVERIFY2(roofText.contains(QStringLiteral("<b>HBM</b>")), qPrintable(roofText));
    QVERIFY(roofText.contains(QStringLiteral("ridge at 295")));
    QVERIFY(ChartProbe(*chart).hoverText(onRoof + QPointF(0, -40)).isEmpty()); // open space
}

// 2,000 operations: every one keeps its markers where the core puts them, the legend lists the first
// kLegendOperations and one row for the rest, and no more names than the pool holds sit beside markers. Opening the
// default workload afterwards leaves the chart as it was before.
void TestWindow::thousandsOfOperationsKeepMarkersAndACappedLegend()
{
    RooflineChart* chart = m_window->chart();
    QStringList defaultNames;
    for (std::size_t op : ChartProbe(*chart).shown())
        defaultNames.append(qs(m_window->document()->operations()[op].name));
    QCOMPARE(ChartProbe(*chart).legendEntries(), defaultNames); // 11 operations: all listed, no "more" row

    QTemporaryDir dir;
    QFile file(dir.filePath(QStringLiteral("big.yaml")));
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Text));
    file.write("name: big\npreset: h100-sxm\noperations:\n");
    for (int i = 0; i < 2000; ++i)
        file.write(QStringLiteral("  - {op: matmul, B: %1, D: 4096, F: 4096}\n").arg(64 + i).toUtf8());
    file.close();
    QCOMPARE(m_window->openScenario(file.fileName()), QString());
    chart->replot();

    const std::vector<std::size_t>& shown = ChartProbe(*chart).shown();
    QCOMPARE(shown.size(), std::size_t(2000));
    std::vector<QVector<QPointF>> all(shown.size());
    std::vector<QVector<QPointF>> binding(shown.size());
    for (const chart::Marker& m : ChartProbe(*chart).layout().markers) {
        all[m.operation].append(QPointF(m.at.x, m.at.y));
        if (m.binding)
            binding[m.operation].append(QPointF(m.at.x, m.at.y));
    }
    for (std::size_t k = 0; k < shown.size(); ++k) {
        QVERIFY(!all[k].isEmpty());
        std::sort(all[k].begin(), all[k].end(), [](QPointF a, QPointF b) { return a.x() < b.x(); });
        QCOMPARE(ChartProbe(*chart).markerPoints(shown[k], false), all[k]);
        QCOMPARE(ChartProbe(*chart).markerPoints(shown[k], true), binding[k]);
    }

    const QStringList legend = ChartProbe(*chart).legendEntries();
    QCOMPARE(legend.size(), RooflineChart::kLegendOperations + 1);
    for (int i = 0; i < RooflineChart::kLegendOperations; ++i)
        QCOMPARE(legend[i], QStringLiteral("matmul B=%1").arg(64 + i));
    QCOMPARE(legend.back(), QStringLiteral("… and %1 more").arg(2000 - RooflineChart::kLegendOperations));
    // Markers a pixel apart leave no name nearer its own marker than its neighbours': the legend and the table name
    // them, and the chart places at most kOperationLabels names whatever the crowd.
    const QStringList labels = ChartProbe(*chart).visibleOperationLabels();
    QVERIFY(labels.size() <= RooflineChart::kOperationLabels);

    m_window->document()->load(defaultSession(*m_window->document()->library().find("h100-sxm")));
    QVERIFY(m_window->document()->operations().size() < 20);
    QCOMPARE(ChartProbe(*chart).legendEntries().size(), int(m_window->document()->operations().size()));
}

void TestWindow::exportsFiles_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("png") << "chart.png";
    QTest::newRow("svg") << "chart.svg";
    QTest::newRow("pdf") << "chart.pdf";
}

void TestWindow::exportsFiles()
{
    QFETCH(QString, name);
    const QString path = m_dir.filePath(name);
    const ExportOptions options { QSize(800, 500), 2 };
    QCOMPARE(m_window->exportTo(path, options), QString());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    QVERIFY(bytes.size() > 2000);
    if (name.endsWith(QLatin1String(".png"))) {
        const QImage image = QImage::fromData(bytes, "PNG");
        QCOMPARE(image.size(), QSize(1600, 1000));
        QVERIFY(inkShare(image) > 0.05);
    } else if (name.endsWith(QLatin1String(".svg"))) {
        QSvgRenderer svg(bytes);
        QVERIFY(svg.isValid());
        QCOMPARE(svg.viewBox(), QRect(0, 0, 800, 500));
        QImage image(400, 250, QImage::Format_ARGB32);
        image.fill(Qt::white);
        QPainter painter(&image);
        svg.render(&painter);
        painter.end();
        QVERIFY(inkShare(image) > 0.05);
        QVERIFY(bytes.contains("HBM"));
    } else {
        QVERIFY(bytes.startsWith("%PDF"));
        QVERIFY2(bytes.contains("/MediaBox [0 0 800.000000 500.000000]"), bytes.left(600).constData());
    }
}

void TestWindow::exportReportsErrors()
{
    const ExportOptions options;
    QVERIFY(
        m_window->exportTo(QStringLiteral("/nonexistent-dir/x.png"), options).contains(QStringLiteral("Cannot write")));
    QVERIFY(!m_window->exportTo(m_dir.filePath(QStringLiteral("x.bmp")), options).isEmpty());
    QVERIFY(!m_window->exportTo(m_dir.filePath(QStringLiteral("x.png")), { QSize(0, 10), 1 }).isEmpty());
    // The window refuses what the command line refuses, before drawing: 20000×20000 at 2× is 1.6 G pixels, over the
    // 2^28 an image may hold; the message names the largest scale at that size, 0.81 (√(2^28 / 4e8) = 0.819).
    const QString tooBig = m_window->exportTo(m_dir.filePath(QStringLiteral("big.png")), { QSize(20000, 20000), 2 });
    QVERIFY2(tooBig.contains(QStringLiteral("0.81 at most")), qPrintable(tooBig));
    QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("big.png"))));
    QVERIFY(m_window->isVisible()); // and the program goes on
}

void TestWindow::exportCommand()
{
    const QString out = m_dir.filePath(QStringLiteral("cli.png"));
    QProcess process;
    process.start(QStringLiteral(ROOFLINE_CLI),
        { QStringLiteral("export"), QStringLiteral("--preset"), QStringLiteral("tpu-v5e"), QStringLiteral("--set"),
            QStringLiteral("bandwidth.HBM=1e12"), QStringLiteral("--output"), out, QStringLiteral("--size"),
            QStringLiteral("640x400") });
    QVERIFY(process.waitForFinished(60000));
    QCOMPARE(process.exitCode(), 0);
    const QImage image(out);
    QCOMPARE(image.size(), QSize(1280, 800));
    QVERIFY(inkShare(image) > 0.05);

    const QString pdf = m_dir.filePath(QStringLiteral("cli.pdf"));
    process.start(QStringLiteral(ROOFLINE_CLI),
        { QStringLiteral("export"), QStringLiteral("--scenario"),
            QStringLiteral(ROOFLINE_SOURCE_DIR "/presets/scenarios/int8-matmul-v5e.yaml"), QStringLiteral("--output"),
            pdf, QStringLiteral("--theme"), QStringLiteral("dark") });
    QVERIFY(process.waitForFinished(60000));
    QCOMPARE(process.exitCode(), 0);
    QVERIFY(QFile(pdf).size() > 2000);

    // The sweep chart, headless, in each format.
    for (const QString& name : { QStringLiteral("sweep.png"), QStringLiteral("sweep.svg") }) {
        const QString file = m_dir.filePath(name);
        process.start(QStringLiteral(ROOFLINE_CLI),
            { QStringLiteral("export"), QStringLiteral("--scenario"),
                QStringLiteral(ROOFLINE_SOURCE_DIR "/presets/scenarios/batch-size-curve-v5e.yaml"),
                QStringLiteral("--view"), QStringLiteral("sweep"), QStringLiteral("--param"), QStringLiteral("B"),
                QStringLiteral("--output"), file, QStringLiteral("--size"), QStringLiteral("640x400") });
        QVERIFY(process.waitForFinished(60000));
        QCOMPARE(process.exitCode(), 0);
        QVERIFY(QFile(file).size() > 2000);
    }
    const QImage sweep(m_dir.filePath(QStringLiteral("sweep.png")));
    QCOMPARE(sweep.size(), QSize(1280, 800));
    QVERIFY(inkShare(sweep) > 0.02);
    process.start(QStringLiteral(ROOFLINE_CLI),
        { QStringLiteral("export"), QStringLiteral("--preset"), QStringLiteral("tpu-v5e"), QStringLiteral("--view"),
            QStringLiteral("sweep"), QStringLiteral("--param"), QStringLiteral("nope"), QStringLiteral("--output"),
            m_dir.filePath(QStringLiteral("never.png")) });
    QVERIFY(process.waitForFinished(60000));
    QCOMPARE(process.exitCode(), 2);
    QVERIFY(process.readAllStandardError().contains("no visible operation has a count parameter 'nope'"));
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("never.png"))));
}

void TestWindow::exportCommandRefusesBadInput()
{
    const QString bad = m_dir.filePath(QStringLiteral("bad-scenario.yaml"));
    {
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("name: broken\npreset: h100-sxm\noperations:\n  - op: matmul\n    B: lots\n");
    }
    struct Case {
        QStringList args;
        int code;
        QString needle;
    };
    const QString out = m_dir.filePath(QStringLiteral("never.png"));
    const Case cases[] = {
        { { QStringLiteral("export"), QStringLiteral("--output"), out }, 2, QStringLiteral("--preset") },
        { { QStringLiteral("export"), QStringLiteral("--preset"), QStringLiteral("nope"), QStringLiteral("--output"),
              out },
            1, QStringLiteral("no preset with id 'nope'") },
        { { QStringLiteral("export"), QStringLiteral("--preset"), QStringLiteral("h100-sxm"),
              QStringLiteral("--output"), m_dir.filePath(QStringLiteral("x.gif")) },
            2, QStringLiteral(".png") },
        { { QStringLiteral("export"), QStringLiteral("--preset"), QStringLiteral("h100-sxm"), QStringLiteral("--size"),
              QStringLiteral("big"), QStringLiteral("--output"), out },
            2, QStringLiteral("--size") },
        { { QStringLiteral("export"), QStringLiteral("--scenario"), bad, QStringLiteral("--output"), out }, 1,
            QStringLiteral("bad-scenario.yaml:5") },
    };
    for (const Case& c : cases) {
        QProcess process;
        process.start(QStringLiteral(ROOFLINE_CLI), c.args);
        QVERIFY(process.waitForFinished(60000));
        const QString err = QString::fromUtf8(process.readAllStandardError());
        QVERIFY2(process.exitCode() == c.code, qPrintable(c.args.join(QLatin1Char(' ')) + QStringLiteral(": ") + err));
        QVERIFY2(err.contains(c.needle), qPrintable(err));
        QVERIFY(!QFile::exists(out));
    }
}

void TestWindow::examplesOpen_data()
{
    QTest::addColumn<QString>("name");
    for (const EmbeddedFile& f : embeddedFiles())
        if (f.name.starts_with("scenarios/"))
            QTest::newRow(std::string(f.name).c_str()) << q(std::string(f.name));
}

void TestWindow::examplesOpen()
{
    QFETCH(QString, name);
    QCOMPARE(m_window->openEmbeddedScenario(name), QString());
    QVERIFY(!m_window->document()->operations().empty());
    QVERIFY(!m_window->document()->isDirty()); // opened, not edited
    QVERIFY(!m_window->isWindowModified());
    checkAgainstCore();
}

void TestWindow::badScenarioLeavesTheView()
{
    const QString bad = m_dir.filePath(QStringLiteral("broken.yaml"));
    {
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("name: broken\npreset: h100-sxm\nset:\n  bandwidth.HBM: -3\n");
    }
    const std::size_t ops = m_window->document()->operations().size();
    const QString error = m_window->openScenario(bad);
    QVERIFY2(error.contains(QStringLiteral("broken.yaml:4")), qPrintable(error));
    QCOMPARE(q(m_window->document()->hardware().id), QStringLiteral("h100-sxm"));
    QCOMPARE(m_window->document()->operations().size(), ops);
    QVERIFY(m_window->openScenario(m_dir.filePath(QStringLiteral("missing.yaml")))
                .contains(QStringLiteral("missing.yaml")));
}

void TestWindow::badUserPresetShowsItsError()
{
    const QString dir = m_dir.filePath(QStringLiteral("user-presets"));
    QVERIFY(QDir().mkpath(dir));
    {
        QFile f(dir + QStringLiteral("/bad-chip.yaml"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("name: Bad chip\nvendor: Nobody\ncompute:\n  bf16: fast\nmemory: []\nsources: [x]\n");
    }
    MainWindow window(loadPresetLibrary({ dir.toStdString() }), builtInModels());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY2(window.bannerText().contains(QStringLiteral("bad-chip.yaml")), qPrintable(window.bannerText()));
    QVERIFY(window.hardwarePanel()->presetChooser()->count() > 5); // the built-in presets still load
    QVERIFY(window.document()->selectPreset(QStringLiteral("tpu-v5e")));
}

void TestWindow::themeAndZoomReachTheChart()
{
    RooflineChart* chart = m_window->chart();
    const double points = chart->xAxis->tickLabelFont().pointSizeF();
    m_window->setThemeMode(MainWindow::ThemeMode::Dark);
    QVERIFY(chart->theme().dark);
    QVERIFY(chart->xAxis->tickLabelColor().lightness() > 160);
    m_window->setZoom(2);
    QCOMPARE(chart->xAxis->tickLabelFont().pointSizeF(), 2 * points);
    QCOMPARE(ChartProbe(*chart).roofCurve(QStringLiteral("HBM")).size(), 2); // rebuilt, not lost
    m_window->setThemeMode(MainWindow::ThemeMode::Light);
    QVERIFY(!chart->theme().dark);
    checkAgainstCore();
}

void TestWindow::settingsRememberPresetAndTheme()
{
    QVERIFY(m_window->document()->selectPreset(QStringLiteral("tpu-v5e")));
    m_window->setThemeMode(MainWindow::ThemeMode::Dark);
    m_window->setZoom(1.5);
    QVERIFY(m_window->close()); // saves the settings
    MainWindow again(loadPresetLibrary({}), builtInModels());
    QVERIFY(!again.document()->isDirty());
    QCOMPARE(q(again.document()->hardware().id), QStringLiteral("tpu-v5e"));
    QCOMPARE(again.themeMode(), MainWindow::ThemeMode::Dark);
    QCOMPARE(again.zoom(), 1.5);
    again.setThemeMode(MainWindow::ThemeMode::Light);
    again.setZoom(1);
    QVERIFY(again.close());
}

void TestWindow::menuActionsHaveShortcuts()
{
    int examples = 0;
    for (const EmbeddedFile& f : embeddedFiles())
        examples += f.name.starts_with("scenarios/") ? 1 : 0;
    int listed = 0;
    for (QAction* menu : m_window->menuBar()->actions()) {
        QVERIFY(menu->menu());
        for (QAction* action : menu->menu()->actions()) {
            if (action->isSeparator() || action->menu() == m_window->recentMenu())
                continue; // the recent files are the user's, listed rather than keyed
            if (action->menu()) { // Examples: the first nine have Ctrl+1 … Ctrl+9
                for (QAction* example : action->menu()->actions()) {
                    if (example->isSeparator())
                        continue;
                    ++listed;
                    QVERIFY2(!example->shortcut().isEmpty() || listed > 9, qPrintable(example->text()));
                }
                continue;
            }
            QVERIFY2(!action->shortcut().isEmpty(), qPrintable(action->text()));
        }
    }
    QCOMPARE(listed, examples);
}

// A screen reader names every control the window has, on every page and tab, as Qt's accessibility reports it: a
// button or box by its text, a field, slider or list by the label it is the buddy of or a name of its own; every menu
// command by its text.
void TestWindow::everyControlHasAnAccessibleName()
{
    QVERIFY(m_window->openEmbeddedScenario(QStringLiteral("scenarios/llama-2-7b-decode-h100.yaml")).isEmpty());
    QStringList unnamed;
    int named = 0;
    for (QWidget* w : m_window->findChildren<QWidget*>()) {
        if (!w->focusPolicy() || qobject_cast<QMenu*>(w) || qobject_cast<QMenuBar*>(w) || w->window() != m_window.get())
            continue; // a combo box's popup list is a window of its own, named with its box
        const bool control = qobject_cast<QAbstractButton*>(w) || qobject_cast<QAbstractSlider*>(w)
            || qobject_cast<QLineEdit*>(w) || qobject_cast<QComboBox*>(w) || qobject_cast<QAbstractSpinBox*>(w)
            || qobject_cast<QAbstractItemView*>(w) || qobject_cast<QTabBar*>(w);
        if (!control || qobject_cast<QLineEdit*>(w->parentWidget())
            || qobject_cast<QAbstractSpinBox*>(w->parentWidget()) || qobject_cast<QComboBox*>(w->parentWidget()))
            continue; // a spin box's or combo box's own field is named with it
        if (auto* tabs = qobject_cast<QTabBar*>(w)) { // named by its tabs, as the docks' tab bars Qt makes are
            for (int i = 0; i < tabs->count(); ++i)
                QVERIFY2(!tabs->tabText(i).isEmpty(), qPrintable(w->objectName()));
            continue;
        }
        QAccessibleInterface* a = QAccessible::queryAccessibleInterface(w);
        QVERIFY(a);
        if (a->text(QAccessible::Name).trimmed().isEmpty())
            unnamed << QStringLiteral("%1 '%2' (%4) in %3")
                           .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName(),
                               w->parentWidget() ? QString::fromLatin1(w->parentWidget()->metaObject()->className())
                                                 : QString(),
                               w->toolTip());
        else
            ++named;
    }
    QVERIFY2(unnamed.isEmpty(),
        qPrintable(QStringLiteral("%1 unnamed:\n").arg(unnamed.size()) + unnamed.join(QLatin1Char('\n'))));
    QVERIFY(named > 30);
    // Every command has words: Qt's own actions (a field's clear button, a toolbar's place for a widget) aside.
    for (QAction* action : m_window->findChildren<QAction*>())
        if (!action->isSeparator() && !action->menu() && !qobject_cast<QWidgetAction*>(action)
            && !action->objectName().startsWith(QLatin1String("_q_")))
            QVERIFY2(!action->text().isEmpty(), qPrintable(action->objectName()));
}

namespace {

// The letter after a lone '&' in `text`, lower case, or nothing.
QChar mnemonic(const QString& text)
{
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        if (text[i] != QLatin1Char('&'))
            continue;
        if (text[i + 1] == QLatin1Char('&')) {
            ++i;
            continue;
        }
        return text[i + 1].toLower();
    }
    return {};
}

} // namespace

// Alt and a letter reach one thing: the menu bar's menus, each menu's commands, and the labels and buttons of each
// page of the window have letters of their own.
void TestWindow::mnemonicsDoNotClash()
{
    QVERIFY(m_window->openEmbeddedScenario(QStringLiteral("scenarios/llama-2-7b-decode-h100.yaml")).isEmpty());
    QStringList clashes;
    auto check = [&clashes](const QString& where, const QStringList& texts) {
        QHash<QChar, QString> seen;
        for (const QString& text : texts) {
            const QChar key = mnemonic(text);
            if (key.isNull())
                continue;
            if (seen.contains(key))
                clashes << QStringLiteral("%1: '%2' and '%3' share Alt+%4").arg(where, seen.value(key), text, key);
            seen.insert(key, text);
        }
    };
    QStringList bar;
    for (QAction* menu : m_window->menuBar()->actions())
        bar << menu->text();
    check(QStringLiteral("the menu bar"), bar);
    for (QMenu* menu : m_window->findChildren<QMenu*>()) {
        QStringList texts;
        for (QAction* action : menu->actions())
            texts << action->text();
        check(menu->title(), texts);
    }
    // Within each panel that is shown at once: a label's or a button's letter.
    for (QWidget* page :
        { static_cast<QWidget*>(m_window->hardwarePanel()), static_cast<QWidget*>(m_window->workloadPanel()) }) {
        QStringList texts;
        for (QLabel* label : page->findChildren<QLabel*>())
            if (label->buddy())
                texts << label->text();
        for (QAbstractButton* button : page->findChildren<QAbstractButton*>())
            texts << button->text();
        check(QString::fromLatin1(page->metaObject()->className()), texts);
    }
    // The export dialog's fields and buttons.
    ExportDialog dialog(m_dir.filePath(QStringLiteral("chart.png")), ExportOptions {});
    QStringList exportTexts;
    for (QLabel* label : dialog.findChildren<QLabel*>())
        if (label->buddy())
            exportTexts << label->text();
    for (QAbstractButton* button : dialog.findChildren<QAbstractButton*>())
        exportTexts << button->text();
    QVERIFY(exportTexts.size() > 6);
    check(QStringLiteral("the export dialog"), exportTexts);
    QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(QLatin1Char('\n'))));
}

// From the keyboard alone: Tab goes round every control the window shows, the tables and lists among them, each once,
// and comes back to where it began.
void TestWindow::tabReachesEveryControl()
{
    m_window->controlsDock()->show(); // as an earlier test may have left them
    m_window->bottomTabs()->setFolded(false);
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    QList<QWidget*> wanted;
    for (QWidget* w : m_window->findChildren<QWidget*>())
        if (w->isVisible() && w->isEnabled() && (w->focusPolicy() & Qt::TabFocus) && !w->focusProxy()
            && w->window() == m_window.get() && !qobject_cast<QLineEdit*>(w->parentWidget())
            && !qobject_cast<QAbstractSpinBox*>(w->parentWidget()) && !qobject_cast<QComboBox*>(w->parentWidget()))
            wanted << w;
    QVERIFY2(wanted.size() > 12,
        qPrintable(QStringLiteral("%1 controls, the side panel %2, presenting %3")
                       .arg(wanted.size())
                       .arg(m_window->controlsDock()->isVisible())
                       .arg(m_window->isPresenting())));
    QWidget* first = wanted.front();
    first->setFocus(Qt::TabFocusReason);
    TRY_COMPARE(QApplication::focusWidget(), first);
    QList<QWidget*> visited { first };
    for (int step = 0; step < 4 * wanted.size(); ++step) {
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QWidget* now = QApplication::focusWidget();
        QVERIFY(now);
        if (now == first)
            break;
        QVERIFY2(!visited.contains(now),
            qPrintable(QStringLiteral("Tab came back to %1 before the start").arg(now->metaObject()->className())));
        visited << now;
    }
    QCOMPARE(QApplication::focusWidget(), first);
    QStringList missed;
    for (QWidget* w : wanted)
        if (!visited.contains(w))
            missed << QStringLiteral("%1 '%2'").arg(
                QString::fromLatin1(w->metaObject()->className()), w->accessibleName());
    QVERIFY2(missed.isEmpty(), qPrintable(QStringLiteral("Tab never reaches: ") + missed.join(QStringLiteral(", "))));
    // What the chart does under the mouse (select an operation, drag its marker to another value) the table's rows
    // and the operations' own fields do from the keyboard.
    QVERIFY(visited.contains(m_window->table()));
    QVERIFY(std::any_of(visited.begin(), visited.end(), [](QWidget* w) { return qobject_cast<QListWidget*>(w); }));
}

// The Compare tab holds the core's ranking of the session's workload on every known chip, follows the rank chosen and
// the analysis, and a double click moves the session onto a chip.
void TestWindow::comparePageRanksEveryChip()
{
    QVERIFY(m_window->openEmbeddedScenario(QStringLiteral("scenarios/llama-2-7b-decode-h100.yaml")).isEmpty());
    ComparePage* page = m_window->comparePage();
    m_window->bottomTabs()->setFolded(false);
    m_window->bottomTabs()->showPage(page);
    TRY_VERIFY(page->isVisible());
    const Document* document = m_window->document();
    const auto expected = [&](std::string_view by) {
        std::vector<std::string> chips;
        for (const Hardware& h : document->library().presets())
            chips.push_back(h.id);
        return *compareChips(document->analysis()->session, chips, document->library(), document->models(), by);
    };
    const auto same = [](const std::vector<ChipComparison>& a, const std::vector<ChipComparison>& b) {
        return a.size() == b.size()
            && std::equal(a.begin(), a.end(), b.begin(), [](const ChipComparison& x, const ChipComparison& y) {
                   return x.presetId == y.presetId && x.tLower == y.tLower && x.tokensPerSecond == y.tokensPerSecond
                       && x.problem == y.problem;
               });
    };
    QVERIFY(same(page->rows(), expected("t_lower_s")));
    QCOMPARE(page->table()->rowCount(), static_cast<int>(document->library().presets().size()));
    QCOMPARE(page->table()->item(0, 0)->text(), QString::fromStdString(page->rows().front().name));
    // Ranked by energy a token at each chip's board power: its column the core's figure, "—" for the TPUs, whose
    // presets state none, ranked last.
    page->rankBy(QStringLiteral("joules_per_token"));
    QVERIFY(same(page->rows(), expected("joules_per_token")));
    int joules = -1;
    for (int c = 0; c < page->table()->columnCount(); ++c)
        if (page->table()->horizontalHeaderItem(c)->text() == QStringLiteral("J/token"))
            joules = c;
    QVERIFY(joules > 0);
    QCOMPARE(page->table()->item(0, joules)->text(),
        QString::fromStdString(formatSI(page->rows().front().joulesPerToken, "J", 4)));
    const auto tpu = std::find_if(
        page->rows().begin(), page->rows().end(), [](const ChipComparison& r) { return r.presetId == "tpu-v5e"; });
    QVERIFY(tpu != page->rows().end() && std::isnan(tpu->joulesPerToken));
    QCOMPARE(page->table()->item(static_cast<int>(tpu - page->rows().begin()), joules)->text(), QStringLiteral("—"));
    page->rankBy(QStringLiteral("tokens_per_s"));
    QVERIFY(same(page->rows(), expected("tokens_per_s")));
    // A slider step reaches the ranking: a faster HBM on the H100, the session's chip, shortens its step.
    const double before = std::find_if(page->rows().begin(), page->rows().end(), [](const ChipComparison& r) {
        return r.presetId == "h100-sxm";
    })->tLower;
    QVERIFY(!m_window->document()->setHardwareValue("bandwidth.HBM", 6.7e12));
    QVERIFY(same(page->rows(), expected("tokens_per_s")));
    QVERIFY(std::find_if(page->rows().begin(), page->rows().end(),
                [](const ChipComparison& r) { return r.presetId == "h100-sxm"; })
                ->tLower
        < before);
    // Through a drag the ranking holds, and follows once the handle is let go.
    const std::vector<ChipComparison> held = page->rows();
    m_window->document()->beginGesture();
    QVERIFY(!m_window->document()->setHardwareValue("bandwidth.HBM", 8e12));
    QVERIFY(same(page->rows(), held));
    m_window->document()->endGesture();
    QVERIFY(same(page->rows(), expected("tokens_per_s")));
    QVERIFY(!same(page->rows(), held));
    const int row
        = static_cast<int>(std::find_if(page->rows().begin(), page->rows().end(), [](const ChipComparison& r) {
              return r.presetId == "b200";
          }) - page->rows().begin());
    emit page->table()->cellDoubleClicked(row, 0);
    QCOMPARE(QString::fromStdString(m_window->document()->hardware().id), QStringLiteral("b200"));

    // Under a calibration the H100's row has its calibrated step and tokens/s, the core's; the others have none.
    QVERIFY(m_window->openEmbeddedScenario(QStringLiteral("scenarios/llama-2-7b-calibrated-h100.yaml")).isEmpty());
    TRY_VERIFY(page->isVisible());
    int calibrated = -1;
    for (int c = 0; c < page->table()->columnCount(); ++c)
        if (page->table()->horizontalHeaderItem(c)->text() == QStringLiteral("Calibrated"))
            calibrated = c;
    QVERIFY(calibrated > 0);
    QCOMPARE(page->table()->horizontalHeaderItem(calibrated + 1)->text(), QStringLiteral("tokens/s calibrated"));
    for (std::size_t i = 0; i < page->rows().size(); ++i) {
        const ChipComparison& r = page->rows()[i];
        const QString cell = page->table()->item(static_cast<int>(i), calibrated)->text();
        if (r.presetId == "h100-sxm")
            QCOMPARE(cell,
                QString::fromStdString(formatSeconds(m_window->document()->analysis()->model->calibrated->tStep)));
        else
            QCOMPARE(cell, QStringLiteral("—"));
    }
}

void TestWindow::copiesTheChart()
{
    QAction* copy = nullptr;
    for (QAction* menu : m_window->menuBar()->actions())
        for (QAction* action : menu->menu()->actions())
            if (action->text().contains(QStringLiteral("Copy chart")))
                copy = action;
    QVERIFY(copy);
    copy->trigger();
    const QImage image = QApplication::clipboard()->image();
    QCOMPARE(image.size(), m_window->chart()->size() * 2);
    QVERIFY(inkShare(image) > 0.05);
}

ROOFLINE_GUI_TEST_MAIN(TestWindow)
#include "test_window.moc"
