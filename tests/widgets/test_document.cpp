// SPDX-License-Identifier: GPL-3.0-or-later
// The document: every edit undoes and redoes to an equal session, a drag is one step, ids and colours stay with
// their operations, and the readout model follows the analysis as a well-behaved item model.
#include "chart/chart_probe.h"
#include "chart/roofline_chart.h"
#include "common/folding_tabs.h"
#include "common/log_slider.h"
#include "common/power_slider.h"
#include "document/document.h"
#include "files/model_presets.h"
#include "files/scenario.h"
#include "panels/hardware_panel.h"
#include "panels/workload_panel.h"
#include "readout/readout_model.h"
#include "readout/readout_table.h"
#include "sweep/sweep_chart.h"
#include "test_util.h"
#include "window/main_window.h"

#include <QComboBox>
#include <QTabWidget>

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QStandardPaths>
#include <QStatusBar>
#include <QStyleOptionSlider>
#include <QTemporaryDir>
#include <QTest>

#include <optional>
#include <set>

using namespace roofline;
using namespace roofline::widgets;

namespace {

const PresetLibrary& library()
{
    static const PresetLibrary lib = loadPresetLibrary({});
    return lib;
}

// The batch-size example in a shown window, its sweep tab in front.
void showBatchSizeSweep(MainWindow& window)
{
    window.setUnsavedChangesPrompt([](const QString&) { return QMessageBox::Discard; });
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(window.openEmbeddedScenario(QStringLiteral("scenarios/batch-size-curve-v5e.yaml")), QString());
    window.bottomTabs()->setCurrentIndex(1);
}

} // namespace

class TestDocument : public QObject {
    Q_OBJECT
    QTemporaryDir m_config;

private slots:
    // The environment ROOFLINE_GUI_TEST_MAIN fixes: what every pixel and text width below depends on.
    void fixedFontAndDensity()
    {
        QCOMPARE(QFontInfo(QApplication::font()).family(), QStringLiteral("DejaVu Sans"));
        QCOMPARE(QFontInfo(QApplication::font()).pointSize(), 9);
        QWidget probe;
        QCOMPARE(probe.logicalDpiX(), 96);
        QCOMPARE(probe.devicePixelRatio(), 1.0);
    }

    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_config.path()));
    }

    // Each kind of edit, one after another; then every undo gives back the session before that edit, and every
    // redo the one after it.
    void everyEditUndoesAndRedoes()
    {
        Document doc(library(), builtInModels());
        QVERIFY(doc.selectPreset(QStringLiteral("tpu-v5e")));
        doc.undoStack()->clear();
        std::vector<Session> states { doc.session() };
        std::vector<QString> names;
        auto step = [&](const QString& name, const std::function<void()>& edit) {
            edit();
            QVERIFY2(!(doc.session() == states.back()), qPrintable(name)); // each edit changes something
            states.push_back(doc.session());
            names.push_back(name);
        };
        step(QStringLiteral("hbm"), [&] { QVERIFY(!doc.setHardwareValue("bandwidth.HBM", 1e12)); });
        step(QStringLiteral("peak"), [&] { QVERIFY(!doc.setHardwareValue("peak.bf16", 3e14)); });
        step(QStringLiteral("dtype"), [&] { doc.setDtype(Dtype::int8); });
        step(QStringLiteral("param"), [&] { QVERIFY(!doc.setOperationParam(2, "B", 77)); });
        step(QStringLiteral("dtype param"), [&] { QVERIFY(!doc.setOperationParam(3, "w", Dtype::int8)); });
        step(QStringLiteral("link"),
            [&] { QVERIFY(!doc.setOperationParam(doc.operations().size() - 1, "link", std::string("ICI"))); });
        step(QStringLiteral("hide"), [&] { doc.setShown(1, false); });
        step(QStringLiteral("add"), [&] { doc.addOperation(Collective {}); });
        step(QStringLiteral("remove"), [&] { doc.removeOperation(0); });
        step(QStringLiteral("reset"), [&] { doc.resetToPreset(); });
        step(QStringLiteral("preset"), [&] { QVERIFY(doc.selectPreset(QStringLiteral("h100-sxm"))); });
        QCOMPARE(doc.undoStack()->count(), static_cast<int>(names.size()));

        for (std::size_t i = names.size(); i-- > 0;) {
            doc.undoStack()->undo();
            QVERIFY2(doc.session() == states[i], qPrintable(QStringLiteral("undo of ") + names[i]));
            QVERIFY(doc.analysis()->session == doc.session());
            QVERIFY(doc.analysis()->hardware == doc.session().hardware()); // analysed again, not left stale
        }
        QVERIFY(doc.undoStack()->isClean());
        for (std::size_t i = 0; i < names.size(); ++i) {
            doc.undoStack()->redo();
            QVERIFY2(doc.session() == states[i + 1], qPrintable(QStringLiteral("redo of ") + names[i]));
        }
        QVERIFY(doc.isDirty());
    }

    // A chip chosen whose preset names a calibration brings it, one undo step with the chip; another chip chosen
    // takes it away, and undo brings it back.
    void aPresetsCalibrationComesWithItsChip()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("cals")));
        QFile cal(dir.filePath(QStringLiteral("cals/mine.yaml")));
        QVERIFY(cal.open(QIODevice::WriteOnly));
        cal.write("chip: mine\nfloor: 0\ncurves:\n  - {resource: HBM, kind: memory, roof: 3e12, ceiling: 0.5, "
                  "half: 0}\n");
        cal.close();
        QFile preset(dir.filePath(QStringLiteral("mine.yaml")));
        QVERIFY(preset.open(QIODevice::WriteOnly));
        preset.write(
            "id: mine\nname: Mine\nvendor: Lab\ncompute: {bf16: 1e15}\nmemory:\n  - {name: HBM, bandwidth: 3e12}\n"
            "calibration: cals/mine.yaml\nsources: [measured here]\n");
        preset.close();
        Document doc(loadPresetLibrary({ dir.path().toStdString() }), builtInModels());
        QVERIFY(doc.selectPreset(QStringLiteral("h100-sxm")));
        QVERIFY(!doc.session().calibration);
        doc.undoStack()->clear();
        QVERIFY(doc.selectPreset(QStringLiteral("mine")));
        QVERIFY(doc.session().calibration && doc.session().calibration->fromPreset);
        QVERIFY(doc.analysis()->calibration());
        QCOMPARE(doc.analysis()->calibration()->curve("HBM")->ceiling, 0.5);
        QVERIFY(doc.selectPreset(QStringLiteral("b200")));
        QVERIFY(!doc.session().calibration);
        doc.undoStack()->undo();
        QVERIFY(doc.analysis()->calibration());
        QCOMPARE(doc.undoStack()->count(), 2);
    }

    // Refused edits leave neither a change nor an undo step.
    void refusedEditsLeaveNoStep()
    {
        Document doc(library(), builtInModels());
        doc.undoStack()->clear();
        const Session before = doc.session();
        QVERIFY(doc.setHardwareValue("bandwidth.NoSuchLink", 1e12));
        QVERIFY(doc.setHardwareValue("bandwidth.HBM", -5));
        QVERIFY(doc.setOperationParam(2, "B", 0.5));
        QVERIFY(doc.setOperationParam(0, "memory", std::string("NoSuchMemory")));
        QVERIFY(!doc.setHardwareValue("bandwidth.HBM", doc.hardware().memories[0].bandwidth)); // no change at all
        QVERIFY(doc.session() == before);
        QCOMPARE(doc.undoStack()->count(), 0);
    }

    // Edits inside one gesture to the same key merge into one step; a second gesture is a second step.
    void aGestureIsOneStep()
    {
        Document doc(library(), builtInModels());
        doc.undoStack()->clear();
        const Session before = doc.session();
        doc.beginGesture();
        for (double bw : { 1e12, 1.5e12, 2e12, 2.5e12 })
            QVERIFY(!doc.setHardwareValue("bandwidth.HBM", bw));
        doc.endGesture();
        QCOMPARE(doc.undoStack()->count(), 1);
        const Session afterFirst = doc.session();
        doc.beginGesture();
        QVERIFY(!doc.setHardwareValue("bandwidth.HBM", 3e12));
        QVERIFY(!doc.setHardwareValue("bandwidth.HBM", 3.5e12));
        doc.endGesture();
        QCOMPARE(doc.undoStack()->count(), 2);
        doc.undoStack()->undo();
        QVERIFY(doc.session() == afterFirst);
        doc.undoStack()->undo();
        QVERIFY(doc.session() == before);
        // Outside a gesture every edit is a step of its own.
        QVERIFY(!doc.setHardwareValue("bandwidth.HBM", 1e12));
        QVERIFY(!doc.setHardwareValue("bandwidth.HBM", 2e12));
        QCOMPARE(doc.undoStack()->count(), 2);
    }

    // A real drag of a real slider in the window: one undo step, and undo brings chart and table back.
    void aSliderDragIsOneUndoStep()
    {
        MainWindow window(library(), builtInModels());
        window.setUnsavedChangesPrompt([](const QString&) { return QMessageBox::Discard; });
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        Document* doc = window.document();
        const int steps = doc->undoStack()->count();
        const double before = doc->hardware().memory("HBM")->bandwidth;
        QSlider* slider = window.hardwarePanel()->bandwidthSlider(QStringLiteral("HBM"))->slider();
        const QPoint start = roofline::testing::handleCentre(slider);
        const auto smooth = QCP::aeNone;
        // Graphs that draw markers: the ridges, every operation's, the binding markers' groups.
        auto countMarkerGraphs = [](RooflineChart* chart, std::optional<QCPScatterStyle::ScatterShape> shape) {
            int n = 0;
            for (int i = 0; i < chart->graphCount(); ++i) {
                const QCPGraph* g = chart->graph(i);
                if (!g->data()->isEmpty() && !g->scatterStyle().isNone()
                    && (!shape || g->scatterStyle().shape() == *shape))
                    ++n;
            }
            return n;
        };
        const int markerGraphsWhenStill = countMarkerGraphs(window.chart(), std::nullopt);
        QVERIFY(markerGraphsWhenStill > 0);
        QCOMPARE(window.chart()->notAntialiasedElements(), smooth);
        QTest::mousePress(slider, Qt::LeftButton, {}, start);
        for (int dx = 10; dx <= 80; dx += 10)
            QTest::mouseMove(slider, start - QPoint(dx, 0));
        // While the handle is held the chart draws its moving parts without antialiasing; smooth again on release.
        // and stamps markers from images, at the same points.
        QVERIFY(window.chart()->notAntialiasedElements().testFlag(QCP::aePlottables));
        const QVector<QPointF> held
            = ChartProbe(*window.chart()).markerPoints(ChartProbe(*window.chart()).shown().front(), false);
        // Every graph that draws markers now: markers that stand for others with a count change with the pixels.
        QCOMPARE(countMarkerGraphs(window.chart(), QCPScatterStyle::ssPixmap),
            countMarkerGraphs(window.chart(), std::nullopt));
        QTest::mouseRelease(slider, Qt::LeftButton, {}, start - QPoint(80, 0));
        QCOMPARE(window.chart()->notAntialiasedElements(), smooth);
        QCOMPARE(countMarkerGraphs(window.chart(), QCPScatterStyle::ssPixmap), 0);
        QCOMPARE(ChartProbe(*window.chart()).markerPoints(ChartProbe(*window.chart()).shown().front(), false), held);
        QVERIFY(doc->hardware().memory("HBM")->bandwidth < before);
        QCOMPARE(doc->undoStack()->count(), steps + 1);
        QVERIFY(window.isWindowModified());
        QVERIFY(window.windowTitle().contains(QStringLiteral("[*]")) || window.isWindowModified());

        doc->undoStack()->undo();
        QCOMPARE(doc->hardware().memory("HBM")->bandwidth, before);
        QCOMPARE(window.chart()->analysis().hardware.memory("HBM")->bandwidth, before);
        QCOMPARE(window.table()->readoutModel()->analysis().hardware.memory("HBM")->bandwidth, before);
        QCOMPARE(window.hardwarePanel()->bandwidthSlider(QStringLiteral("HBM"))->value(), before);
        QVERIFY(!window.isWindowModified());
    }

    // The workload panel keeps the selected operation selected, by its id, while others are removed and put back.
    void selectionFollowsTheOperation()
    {
        MainWindow window(library(), builtInModels());
        window.setUnsavedChangesPrompt([](const QString&) { return QMessageBox::Discard; });
        Document* doc = window.document();
        WorkloadPanel* panel = window.workloadPanel();
        panel->selectOperation(5);
        const std::string id = doc->operations()[5].id;
        doc->removeOperation(2);
        QCOMPARE(doc->operations()[std::size_t(panel->selectedOperation())].id, id);
        QCOMPARE(panel->selectedOperation(), 4);
        doc->undoStack()->undo();
        QCOMPARE(panel->selectedOperation(), 5);
        QCOMPARE(doc->operations()[5].id, id);
    }

    // A slider deleted while held sends no release: undoing the operation it belongs to still ends the gesture, and
    // the chart draws smooth again.
    void aHeldSliderThatGoesEndsItsGesture()
    {
        MainWindow window(library(), builtInModels());
        window.setUnsavedChangesPrompt([](const QString&) { return QMessageBox::Discard; });
        Document* doc = window.document();
        doc->addOperation(Dot {});
        window.workloadPanel()->selectOperation(int(doc->operations().size()) - 1);
        PowerSlider* n = window.workloadPanel()->paramSlider(QStringLiteral("N"));
        QVERIFY(n);
        QSignalSpy finished(doc, &Document::gestureFinished);
        n->slider()->setSliderDown(true);
        QVERIFY(window.chart()->notAntialiasedElements().testFlag(QCP::aePlottables));
        doc->undoStack()->undo();
        QCOMPARE(finished.count(), 1);
        QCOMPARE(window.chart()->notAntialiasedElements(), QCP::AntialiasedElements(QCP::aeNone));
    }

    // Removing an operation renames and recolours none of the others, in the session and in the chart's legend.
    void removingKeepsTheOthersIdentity()
    {
        Document doc(library(), builtInModels());
        std::vector<Operation> before = doc.operations();
        doc.removeOperation(2);
        before.erase(before.begin() + 2);
        QCOMPARE(doc.operations().size(), before.size());
        for (std::size_t i = 0; i < before.size(); ++i) {
            QCOMPARE(doc.operations()[i].id, before[i].id);
            QCOMPARE(doc.operations()[i].colour, before[i].colour);
            QCOMPARE(doc.operations()[i].name, before[i].name);
        }
    }

    // The readout model through a run of edits under Qt's model tester, and its cells against the analysis.
    void readoutModelIsAWellBehavedModel()
    {
        Document doc(library(), builtInModels());
        ReadoutModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QObject::connect(&doc, &Document::contentChanged, &model, [&] { model.setAnalysis(doc.analysis()); });
        model.setAnalysis(doc.analysis());
        QCOMPARE(model.rowCount(), static_cast<int>(doc.operations().size()));
        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
        QSignalSpy changes(&model, &QAbstractItemModel::dataChanged);
        QVERIFY(!doc.setHardwareValue("bandwidth.HBM", 1e12));
        QCOMPARE(resets.count(), 0); // a slider step changes figures, not rows
        QCOMPARE(changes.count(), 1);
        doc.setShown(1, false);
        QCOMPARE(resets.count(), 1);
        QCOMPARE(model.rowCount(), static_cast<int>(doc.operations().size()) - 1);
        QCOMPARE(model.rowOf(1), -1);
        doc.addOperation(Dot {});
        doc.removeOperation(0);
        doc.undoStack()->undo();
        QVERIFY(doc.selectPreset(QStringLiteral("tpu-v5e")));
        for (int row = 0; row < model.rowCount(); ++row) {
            const std::size_t op = model.operationAt(row);
            const Evaluation& e = doc.analysis()->operations[op].evaluation.value();
            QCOMPARE(model.data(model.index(row, ReadoutModel::Name)).toString(),
                QString::fromStdString(doc.operations()[op].name));
            QCOMPARE(model.data(model.index(row, ReadoutModel::Bound)).toString(), QString::fromStdString(e.bound()));
            QCOMPARE(model.data(model.index(row, 0), ReadoutModel::IdRole).toString(),
                QString::fromStdString(doc.operations()[op].id));
        }
    }

    // Closing, opening or leaving with unsaved changes asks; Cancel keeps everything, Save writes the file.
    void unsavedChangesAreNotDiscardedWithoutAsking()
    {
        QTemporaryDir dir;
        MainWindow window(library(), builtInModels());
        QStringList asked;
        QMessageBox::StandardButton answer = QMessageBox::Cancel;
        window.setUnsavedChangesPrompt([&](const QString& question) {
            asked << question;
            return answer;
        });
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.close()); // nothing to save: no question
        QVERIFY(asked.isEmpty());
        window.show();
        const QString path = dir.filePath(QStringLiteral("mine.yaml"));
        QCOMPARE(window.saveScenario(path), QString());
        QVERIFY(!window.document()->setHardwareValue("bandwidth.HBM", 1e12));
        QVERIFY(window.isWindowModified());
        QVERIFY(!window.close());
        QCOMPARE(asked.size(), 1);
        QVERIFY(window.isVisible());
        QVERIFY(window.document()->isDirty());
        answer = QMessageBox::Save;
        QVERIFY(window.close()); // saved to the file it came from, then closed
        QVERIFY(!window.document()->isDirty());
        QCOMPARE(window.openScenario(path), QString());
        QCOMPARE(window.document()->hardware().memory("HBM")->bandwidth, 1e12);
        QVERIFY(window.windowTitle().startsWith(QStringLiteral("mine.yaml")));
    }

    // The sweep chart of the batch-size example: the book's two int8-weight curves, D = F = 4096 and 1024, drawn from
    // the core's sweep and bending at their exact critical B (137 and 227, not the B ≪ D estimate of 121).
    void sweepChartDrawsTheCoresCurves()
    {
        MainWindow window(library(), builtInModels());
        showBatchSizeSweep(window);
        if (QTest::currentTestFailed())
            return;
        SweepChart* chart = window.sweepChart();
        QVERIFY(chart->isVisible());
        QCOMPARE(window.sweepParamChooser()->currentText(), QStringLiteral("B"));
        const Analysis& a = *window.document()->analysis();
        QCOMPARE(chart->operations(), a.shown());
        std::set<double> criticals;
        for (std::size_t k = 0; k < chart->operations().size(); ++k) {
            const Operation& op = a.session.operations[chart->operations()[k]];
            const Expected<Sweep> core = sweep(op.op, a.hardware, { "B", 1, 16384 });
            QVERIFY(core);
            const Sweep& drawn = chart->sweeps()[k];
            QCOMPARE(drawn.samples.size(), core->samples.size());
            for (std::size_t i = 0; i < drawn.samples.size(); ++i) {
                QCOMPARE(drawn.samples[i].x, core->samples[i].x);
                QCOMPARE(drawn.samples[i].attainable, core->samples[i].attainable);
            }
            criticals.insert(drawn.critical.value);
        }
        QCOMPARE(criticals, (std::set<double> { 137, 227 }));

        // Dragging a dot edits that operation's B through the document, as one undo step.
        const std::size_t op = chart->operations().front();
        const int steps = window.document()->undoStack()->count();
        emit chart->dragStarted();
        emit chart->valueDragged(op, 100);
        emit chart->valueDragged(op, 150);
        emit chart->dragFinished();
        QCOMPARE(*numberParam(window.document()->operations()[op].op, "B"), 150.0);
        QCOMPARE(window.document()->undoStack()->count(), steps + 1);
        QCOMPARE(*numberParam(window.sweepChart()->analysis().session.operations[op].op, "B"), 150.0);
    }

    // The right axis reads heights as a share of the chart dtype's peak; the peak is a line; each critical value is
    // labelled; the range field takes what --sweep takes and keeps the range on a bad entry.
    void sweepChartFractionOfPeakAndRange()
    {
        MainWindow window(library(), builtInModels());
        showBatchSizeSweep(window);
        if (QTest::currentTestFailed())
            return;
        SweepChart* chart = window.sweepChart();
        const Analysis& a = *window.document()->analysis();
        QVERIFY(a.peak > 0);
        QCOMPARE(chart->yAxis2->range().lower, chart->yAxis->range().lower / a.peak);
        QCOMPARE(chart->yAxis2->range().upper, chart->yAxis->range().upper / a.peak);
        QVERIFY(chart->yAxis2->label().contains(QString::fromLatin1(dtypeName(a.dtype))));
        // A peak 10 % lower keeps the left axis's decades; the right axis follows the peak all the same.
        const QCPRange left = chart->yAxis->range();
        const double peak = a.peak; // `a` goes with the next edit
        const std::string key = "peak." + std::string(dtypeName(a.dtype));
        QVERIFY(!window.document()->setHardwareValue(key, peak * 0.9));
        const double lower = window.document()->analysis()->peak;
        QCOMPARE(lower, peak * 0.9);
        QCOMPARE(chart->yAxis->range().upper, left.upper);
        QCOMPARE(chart->yAxis2->range().upper, left.upper / lower);
        window.document()->undoStack()->undo();

        QStringList texts;
        std::vector<double> lines;
        for (int i = 0; i < chart->itemCount(); ++i) {
            if (auto* text = qobject_cast<QCPItemText*>(chart->item(i)))
                texts << text->text();
            if (auto* line = qobject_cast<QCPItemStraightLine*>(chart->item(i));
                line && line->point1->coords().y() == line->point2->coords().y())
                lines.push_back(line->point1->coords().y());
        }
        QVERIFY(texts.contains(QStringLiteral(" B ≥ 137")));
        QVERIFY(texts.contains(QStringLiteral(" B ≥ 227")));
        QVERIFY(std::find(lines.begin(), lines.end(), chart->sweeps().front().peak) != lines.end());

        window.sweepRangeField()->setText(QStringLiteral("64 : 1Ki"));
        emit window.sweepRangeField()->editingFinished();
        QCOMPARE(chart->range(), (std::pair<double, double>(64, 1024)));
        QCOMPARE(chart->sweeps().front().samples.front().x, 64.0);
        window.sweepRangeField()->setText(QStringLiteral("0 : 5"));
        emit window.sweepRangeField()->editingFinished();
        QCOMPARE(chart->range(), (std::pair<double, double>(64, 1024)));
        QVERIFY(window.statusBar()->currentMessage().startsWith(QStringLiteral("Sweep range: ")));
    }

    // Chips compared on one chart: each compared chip's markers are the core's binding markers of its evaluations,
    // its flat roof is at its own peak, an arrow joins each operation's markers on the two chips, the legend and
    // the readout name every chip; choosing the chips is one undo step.
    void comparedChipsAreTheCores()
    {
        MainWindow window(library(), builtInModels());
        window.setUnsavedChangesPrompt([](const QString&) { return QMessageBox::Discard; });
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(window.openEmbeddedScenario(QStringLiteral("scenarios/matmul-v5e-vs-h100.yaml")), QString());
        Document* document = window.document();
        QVERIFY(!document->setCompared({ "h100-sxm", "b200" }));
        RooflineChart* chart = window.chart();
        chart->replot(); // the compared markers are placed after a layout: they depend on pixels
        const Analysis& a = chart->analysis();
        QCOMPARE(a.compared.size(), std::size_t(2));
        for (std::size_t k = 0; k < a.compared.size(); ++k) {
            QVector<QPointF> expected;
            for (std::size_t op : ChartProbe(*chart).shown()) {
                const Evaluation& ev = a.compared[k].evaluations[op].value();
                for (const chart::Marker& m : chart::markersOf(op, ev))
                    if (m.binding)
                        expected.push_back({ m.at.x, m.at.y });
            }
            std::sort(
                expected.begin(), expected.end(), [](const QPointF& p, const QPointF& q) { return p.x() < q.x(); });
            QCOMPARE(ChartProbe(*chart).comparedMarkers(k), expected);
            QCOMPARE(ChartProbe(*chart).comparedRoof(k, QStringLiteral("bf16")).value(0).y(), a.compared[k].peak);
            QCOMPARE(ChartProbe(*chart).comparedArrows(k).size(), ChartProbe(*chart).shown().size());
            QVERIFY(ChartProbe(*chart).legendEntries().contains(QString::fromStdString(a.compared[k].hardware.name)));
        }
        QVERIFY(ChartProbe(*chart).titleText().endsWith(QStringLiteral(" vs 2 chips")));
        // A view that gives only x leaves y to the content, the compared chips' roofs included: the B200's
        // 2.25 PFLOP/s, above the 10^15 the TPU v5e's 197 TFLOP/s alone would ask for.
        chart->openView(chart::DecadeRange { -1, 4 }, std::nullopt);
        QCOMPARE(ChartProbe(*chart).layout().x, (chart::DecadeRange { -1, 4 }));
        QVERIFY(ChartProbe(*chart).layout().y.upper() >= a.compared[1].peak);
        chart->fitAxes();
        // A chart made for an export, never shown, lays out at its own size: every compared marker is drawn there too.
        RooflineChart exported;
        exported.setAnalysis(document->analysis());
        exported.resize(1600, 1000);
        exported.replot();
        QCOMPARE(ChartProbe(exported).comparedMarkers(0), ChartProbe(*chart).comparedMarkers(0));
        QVERIFY(!ChartProbe(exported).chipKey()->visible()); // the legend names the chips
        // Hovering a compared chip's marker names the chip and gives the operation's numbers there.
        chart->replot();
        const QPointF top = ChartProbe(*chart).comparedMarkers(0).back();
        const QString hover = ChartProbe(*chart).hoverText(
            { chart->xAxis->coordToPixel(top.x()), chart->yAxis->coordToPixel(top.y()) });
        QVERIFY2(hover.startsWith(QStringLiteral("<b>On NVIDIA H100 SXM</b><br>")), qPrintable(hover));
        // Each arrow starts at the operation's binding marker on the session's chip.
        for (const QLineF& arrow : ChartProbe(*chart).comparedArrows(0))
            QVERIFY(std::any_of(a.operations.begin(), a.operations.end(), [&](const OperationAnalysis& o) {
                return o.evaluation && std::abs(arrow.p1().y() - o.evaluation->attainable) <= 1e-6 * arrow.p1().y();
            }));
        // The readout: the time on each chip and the bound on each compared one, as the core has them.
        ReadoutModel* readout = window.table()->readoutModel();
        QCOMPARE(readout->columnCount(), ReadoutModel::ColumnCount + 1 + 2 * 2);
        const std::size_t op = readout->operationAt(0);
        QCOMPARE(readout->index(0, ReadoutModel::ColumnCount + 1).data().toString(),
            QString::fromStdString(formatSeconds(a.compared[0].evaluations[op].value().tLower)));
        QCOMPARE(readout->index(0, ReadoutModel::ColumnCount + 2).data().toString(),
            QString::fromStdString(a.compared[0].evaluations[op].value().bound()));
        QCOMPARE(readout->headerData(ReadoutModel::ColumnCount + 3, Qt::Horizontal).toString(),
            QStringLiteral("T on NVIDIA B200"));

        document->undoStack()->undo();
        chart->replot();
        QCOMPARE(chart->analysis().compared.size(), std::size_t(1));
        QCOMPARE(ChartProbe(*chart).comparedMarkers(0).size(), ChartProbe(*chart).shown().size());
        QCOMPARE(ChartProbe(*chart).legendEntries().count(QStringLiteral("NVIDIA B200")), 0);
        QVERIFY(document->setCompared({ "h100-sxm", "b200", "mi300x", "h200-sxm" }).has_value());
        QCOMPARE(chart->analysis().compared.size(), std::size_t(1));
    }

    // A chart too small for its legend (the four-chip example at 1280×720 and 200 %: about 610×280 of the window's
    // 640×360) names the chips in a key above the slopes, by their short names, under the highest flat roof and clear
    // of every marker and slope; where there is no such room it leaves the key out rather than cover anything.
    void chipKeyOnASmallChart()
    {
        std::string_view text;
        for (const EmbeddedFile& f : embeddedFiles())
            if (f.name == "scenarios/llama-3.1-70b-decode-four-chips.yaml")
                text = f.text;
        const auto session = parseScenario(text, "four-chips.yaml", library(), builtInModels());
        QVERIFY(session);
        const auto analysis = std::make_shared<const Analysis>(analyse(*session));
        RooflineChart small;
        small.setAnalysis(analysis);
        small.resize(610, 280);
        small.replot();
        QVERIFY(!small.legend->visible());
        const QCPLegend* key = ChartProbe(small).chipKey();
        QVERIFY(key->visible());
        QStringList names;
        for (int i = 0; i < key->itemCount(); ++i)
            names << qobject_cast<QCPPlottableLegendItem*>(key->item(i))->plottable()->name();
        QCOMPARE(names,
            (QStringList { QStringLiteral("H100 SXM"), QStringLiteral("H200 SXM"), QStringLiteral("B200"),
                QStringLiteral("Instinct MI300X") }));
        const QRectF keyRect = key->outerRect();
        QVERIFY(QRectF(small.axisRect()->rect()).contains(keyRect));
        QVERIFY(keyRect.top() >= small.yAxis->coordToPixel(analysis->compared[1].peak)); // under the B200's peak
        for (int i = 0; i < key->itemCount(); ++i) // each row drawn inside the key's box, as laid out in it
            QVERIFY2(keyRect.contains(QRectF(key->item(i)->outerRect())), qPrintable(QString::number(i)));
        for (std::size_t k = 0; k < analysis->compared.size(); ++k)
            for (const QPointF& m : ChartProbe(small).comparedMarkers(k))
                QVERIFY(!keyRect.contains(small.xAxis->coordToPixel(m.x()), small.yAxis->coordToPixel(m.y())));
        small.replot(); // the next full layout puts it where this one did
        QCOMPARE(ChartProbe(small).chipKey()->outerRect(), keyRect.toRect());

        // At any size, a key shown lies inside the plot, clear of every marker, or is left out.
        for (const QSize size : { QSize(300, 180), QSize(450, 220), QSize(800, 300) }) {
            small.resize(size);
            small.replot();
            const QRectF r = ChartProbe(small).chipKey()->outerRect();
            if (!ChartProbe(small).chipKey()->visible())
                continue;
            QVERIFY(QRectF(small.axisRect()->rect()).contains(r));
            for (std::size_t k = 0; k < analysis->compared.size(); ++k)
                for (const QPointF& m : ChartProbe(small).comparedMarkers(k))
                    QVERIFY(!r.contains(small.xAxis->coordToPixel(m.x()), small.yAxis->coordToPixel(m.y())));
        }
    }
};

ROOFLINE_GUI_TEST_MAIN(TestDocument)
#include "test_document.moc"
