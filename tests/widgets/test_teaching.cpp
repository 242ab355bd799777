// SPDX-License-Identifier: GPL-3.0-or-later
// The window's teaching controls driven through the real widgets, offscreen, against the core: count sliders mapped
// on a log scale with powers of two as detents, keys that step the core's value, axes that hold still, the play
// control, and the selection shared by the chart and the table, with markers dragged along their roofs.
#include "chart/chart.h"
#include "chart/chart_probe.h"
#include "chart/roofline_chart.h"
#include "common/log_slider.h"
#include "common/power_slider.h"
#include "document/document.h"
#include "panels/hardware_panel.h"
#include "panels/play_bar.h"
#include "panels/teaching.h"
#include "panels/workload_panel.h"
#include "readout/readout_table.h"
#include "roofline/solver.h"
#include "roofline/sweep.h"
#include "sweep/sweep_chart.h"
#include "test_util.h"
#include "window/main_window.h"
#include "window_fixture.h"

#include <QAction>
#include <QComboBox>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QStyle>
#include <QStyleOptionSlider>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <QVariantAnimation>

#include <cmath>
#include <memory>

using namespace roofline;
using namespace roofline::widgets;

class TestTeaching : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();

    void countSliderRoundTripsThroughItsMapping();
    void countSliderSnapsToPowersOfTwo();
    void countFieldReadsCountsAsTheCoreDoes();
    void keysStepTheCoresCount_data();
    void keysStepTheCoresCount();
    void rateSliderStepsFinely();
    void axesHoldWhileDraggingAndFitOnRequest();
    void playMovesTheValueTheMarkerAndTheSweepCursor();
    void aLessonOfARidgePlaysWhatMoves();
    void aPlayRenamesWithoutLayingOutAgain();
    void clickingAMarkerSelectsItsRow();
    void selectingARowRingsItsMarkers();
    void draggingAMarkerSetsItsMainParameterAsOneStep();

private:
    // The first matmul of the window's workload, selected in the workload panel.
    std::size_t selectMatmul();
    double paramOf(std::size_t op, std::string_view name) const;

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
};

void TestTeaching::initTestCase()
{
    QVERIFY(m_dir.isValid());
    testing::keepSettingsIn(m_dir.filePath(QStringLiteral("settings")));
}

void TestTeaching::init()
{
    m_window = testing::showWindow(QSize(1400, 900));
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QVERIFY(m_window->document()->selectPreset(QStringLiteral("tpu-v5e")));
    m_window->chart()->replot(); // lays the axes out: pixel positions hold from here
}

void TestTeaching::cleanup()
{
    m_window.reset();
}

std::size_t TestTeaching::selectMatmul()
{
    const auto& ops = m_window->document()->operations();
    for (std::size_t i = 0; i < ops.size(); ++i)
        if (kindName(ops[i].op) == "matmul" && m_window->document()->isShown(i)) {
            m_window->workloadPanel()->selectOperation(static_cast<int>(i));
            return i;
        }
    qFatal("no matmul in the default workload");
}

double TestTeaching::paramOf(std::size_t op, std::string_view name) const
{
    return *numberParam(m_window->document()->operations()[op].op, name);
}

void TestTeaching::countSliderRoundTripsThroughItsMapping()
{
    PowerSlider slider(QStringLiteral("B"), 0, 16);
    QCOMPARE(slider.slider()->minimum(), 0);
    QCOMPARE(slider.slider()->maximum(), 16 * PowerSlider::kStepsPerOctave);
    for (int e = 0; e <= 16; ++e) { // powers of two sit exactly on positions
        const double v = std::ldexp(1.0, e);
        QCOMPARE(slider.positionOf(v), e * PowerSlider::kStepsPerOctave);
        QCOMPARE(slider.valueAt(slider.positionOf(v)), v);
    }
    for (int v = 1; v <= 90; ++v) // below 64/ln 2 every whole number has a position of its own
        QCOMPARE(slider.valueAt(slider.positionOf(v)), double(v));
    for (int position = 7 * PowerSlider::kStepsPerOctave; position <= slider.slider()->maximum(); ++position) {
        // Above, every position is a whole number of its own that maps back to it.
        const double v = slider.valueAt(position);
        QCOMPARE(v, std::round(v));
        QCOMPARE(slider.positionOf(v), position);
    }
    for (double v : { 3.0, 100.0, 241.0, 1000.0, 12345.0 }) // any whole number lands within half a position
        QVERIFY(std::abs(std::log2(slider.valueAt(slider.positionOf(v))) - std::log2(v))
            <= 0.5 / PowerSlider::kStepsPerOctave + 1 / v);
}

void TestTeaching::countSliderSnapsToPowersOfTwo()
{
    PowerSlider slider(QStringLiteral("B"), 0, 16);
    slider.resize(500, 40);
    slider.show();
    QVERIFY(QTest::qWaitForWindowExposed(&slider));
    QSlider* s = slider.slider();
    QStyleOptionSlider option;
    option.initFrom(s);
    option.orientation = s->orientation();
    option.minimum = s->minimum();
    option.maximum = s->maximum();
    option.sliderPosition = option.sliderValue = s->value();
    const QRect handle = s->style()->subControlRect(QStyle::CC_Slider, &option, QStyle::SC_SliderHandle, s);
    const int span = s->width() - handle.width();
    const auto pixelOf = [&](int position) {
        return QStyle::sliderPositionFromValue(s->minimum(), s->maximum(), position, span) + handle.width() / 2;
    };
    QSignalSpy changed(&slider, &PowerSlider::valueChanged);
    const int y = handle.center().y();
    QTest::mousePress(s, Qt::LeftButton, {}, QPoint(pixelOf(0), y));
    // Two pixels past the handle's place for 2^10: the detent holds it at 1024.
    const int detent = 10 * PowerSlider::kStepsPerOctave;
    QTest::mouseMove(s, QPoint(pixelOf(detent) + 2, y));
    QCOMPARE(s->value(), detent);
    QCOMPARE(slider.value(), 1024.0);
    // Halfway between two powers of two it is free: a value between them.
    const int between = detent + PowerSlider::kStepsPerOctave / 2;
    QTest::mouseMove(s, QPoint(pixelOf(between), y));
    QVERIFY(s->value() != detent && s->value() != detent + PowerSlider::kStepsPerOctave);
    QVERIFY(slider.value() > 1024 && slider.value() < 2048);
    QTest::mouseRelease(s, Qt::LeftButton, {}, QPoint(pixelOf(between), y));
    QVERIFY(changed.count() >= 2);
}

void TestTeaching::countFieldReadsCountsAsTheCoreDoes()
{
    PowerSlider slider(QStringLiteral("B"), 0, 16);
    slider.setValue(256);
    QSignalSpy changed(&slider, &PowerSlider::valueChanged);
    const auto type = [&](const QString& text) {
        slider.field()->setText(text);
        emit slider.field()->editingFinished();
    };
    // A sub-unit prefix that lands on a whole number, and a count a double would round to 2^53: refused, named.
    for (const QString& text : { QStringLiteral("2000m"), QStringLiteral("9007199254740993") }) {
        type(text);
        QCOMPARE(changed.count(), 0);
        QCOMPARE(slider.value(), 256.0);
        QVERIFY2(slider.field()->toolTip().contains(QStringLiteral("whole number")), qPrintable(text));
    }
    type(QStringLiteral("4k"));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(slider.value(), 4000.0);
}

void TestTeaching::keysStepTheCoresCount_data()
{
    QTest::addColumn<double>("from");
    QTest::addColumn<int>("key");
    QTest::addColumn<double>("expected"); // nothing: one fine step as the slider maps it
    QTest::newRow("right from 5: every small count") << 5.0 << int(Qt::Key_Right) << 6.0;
    QTest::newRow("left from 5") << 5.0 << int(Qt::Key_Left) << 4.0;
    QTest::newRow("right from 256: one position") << 256.0 << int(Qt::Key_Right) << std::round(std::exp2(8 + 1.0 / 64));
    QTest::newRow("page up from 300: the next power of two") << 300.0 << int(Qt::Key_PageUp) << 512.0;
    QTest::newRow("page down from 300") << 300.0 << int(Qt::Key_PageDown) << 256.0;
    QTest::newRow("page up from 256") << 256.0 << int(Qt::Key_PageUp) << 512.0;
    QTest::newRow("page down from 256") << 256.0 << int(Qt::Key_PageDown) << 128.0;
}

void TestTeaching::keysStepTheCoresCount()
{
    QFETCH(double, from);
    QFETCH(int, key);
    QFETCH(double, expected);
    const std::size_t op = selectMatmul();
    QVERIFY(!m_window->document()->setOperationParam(op, "B", from));
    PowerSlider* b = m_window->workloadPanel()->paramSlider(QStringLiteral("B"));
    QVERIFY(b);
    QCOMPARE(b->value(), from);
    b->slider()->setFocus();
    QTest::keyClick(b->slider(), static_cast<Qt::Key>(key));
    QCOMPARE(paramOf(op, "B"), expected);
    QCOMPARE(b->value(), expected);
    // The chart's filled marker is where the core puts the operation now.
    const Evaluation& ev = m_window->document()->evaluation(op).value();
    const auto binding = chart::bindingResource(ev);
    QVERIFY(binding);
    QCOMPARE(ChartProbe(*m_window->chart()).markerPoints(op, true).value(0).x(), ev.resources[*binding].intensity);
}

void TestTeaching::rateSliderStepsFinely()
{
    LogSlider* hbm = m_window->hardwarePanel()->bandwidthSlider(QStringLiteral("HBM"));
    QVERIFY(hbm);
    QSlider* s = hbm->slider();
    QVERIFY(s->maximum() - s->minimum() >= 1000);
    s->setFocus();
    const double before = m_window->document()->hardware().memory("HBM")->bandwidth;
    const int position = s->value();
    QTest::keyClick(s, Qt::Key_Right);
    QCOMPARE(s->value(), position + 1);
    const double after = m_window->document()->hardware().memory("HBM")->bandwidth;
    QVERIFY(after > before);
    QVERIFY2(after / before < 1.02, qPrintable(QString::number(after / before))); // a fine step
    QTest::keyClick(s, Qt::Key_PageUp);
    const double paged = m_window->document()->hardware().memory("HBM")->bandwidth;
    QVERIFY(paged / after > 1.05); // a larger log step
    QCOMPARE(s->value(), position + 1 + s->pageStep());
}

void TestTeaching::axesHoldWhileDraggingAndFitOnRequest()
{
    TeachingControls* teaching = m_window->teaching();
    QVERIFY(teaching->lockAxesAction()->isChecked()); // on by default
    RooflineChart* chart = m_window->chart();
    Document* document = m_window->document();
    const chart::Axes before { ChartProbe(*chart).layout().x, ChartProbe(*chart).layout().y };
    // A drag that takes the peak three decades up: the axes hold while it lasts.
    const double peak = *document->hardware().peakFor(document->dtype());
    const std::string key = "peak." + std::string(dtypeName(document->dtype()));
    document->beginGesture();
    QVERIFY(!document->setHardwareValue(key, peak * 1000));
    QCOMPARE(ChartProbe(*chart).layout().x, before.x);
    QCOMPARE(ChartProbe(*chart).layout().y, before.y);
    QCOMPARE(chart->yAxis->range().upper, before.y.upper());
    QVERIFY(!chart::contains(before, ChartProbe(*chart).layout().natural));
    // Let go: the roof would leave the frame, so the axes take what the content asks for.
    document->endGesture();
    QCOMPARE(ChartProbe(*chart).layout().y, ChartProbe(*chart).layout().natural.y);
    QVERIFY(ChartProbe(*chart).layout().y.upperDecade > before.y.upperDecade);
    // Back down: nothing leaves the wider frame, which stays until Fit axes.
    QVERIFY(!document->setHardwareValue(key, peak));
    const chart::DecadeRange wide = ChartProbe(*chart).layout().y;
    QVERIFY(wide.upperDecade > ChartProbe(*chart).layout().natural.y.upperDecade);
    teaching->fitAxesAction()->trigger();
    QCOMPARE(ChartProbe(*chart).layout().y, before.y);
    // Unlocked, the axes follow the content at every step; the choice is kept in the settings.
    teaching->lockAxesAction()->setChecked(false);
    QVERIFY(!QSettings().value(QString::fromLatin1(TeachingControls::kLockAxesKey)).toBool());
    document->beginGesture();
    QVERIFY(!document->setHardwareValue(key, peak * 1000));
    QCOMPARE(ChartProbe(*chart).layout().y, ChartProbe(*chart).layout().natural.y);
    document->endGesture();
    teaching->lockAxesAction()->setChecked(true);
    QVERIFY(QSettings().value(QString::fromLatin1(TeachingControls::kLockAxesKey)).toBool());
}

void TestTeaching::playMovesTheValueTheMarkerAndTheSweepCursor()
{
    const std::size_t op = selectMatmul();
    const double start = paramOf(op, "B");
    PlayBar* play = m_window->teaching()->playBar();
    QCOMPARE(play->operation(), std::optional<std::size_t>(op));
    play->setPlay(QStringLiteral("B"), 1, 16384, 10);
    QCOMPARE(m_window->sweepParamChooser()->currentText(), QStringLiteral("B")); // the sweep runs along what plays
    QUndoStack* undo = m_window->document()->undoStack();
    const int steps = undo->count();
    play->play();
    QVERIFY(play->isPlaying());
    for (int ms : { 0, 2500, 5000, 7500, 10000 }) {
        play->animation()->setCurrentTime(ms);
        const double expected = playValue(1, 16384, ms / 10000.0, true);
        QCOMPARE(paramOf(op, "B"), expected);
        // The chart's marker is where the core puts the operation at this value.
        const Evaluation& ev = m_window->document()->evaluation(op).value();
        QCOMPARE(ChartProbe(*m_window->chart()).markerPoints(op, false).value(0).x(), ev.resources.front().intensity);
        // The sweep chart's cursor follows.
        m_window->sweepChart()->draw();
        QCOMPARE(m_window->sweepChart()->param(), std::string("B"));
        const auto cursor = m_window->sweepChart()->cursorPoint(op);
        QVERIFY(cursor);
        QCOMPARE(cursor->x(), expected);
        QCOMPARE(cursor->y(), ev.attainable);
    }
    QCOMPARE(paramOf(op, "B"), 16384.0);
    TRY_VERIFY(!play->isPlaying()); // at its end the play stops
    // The whole run is one undo step, which puts back the value it started from.
    QCOMPARE(undo->count(), steps + 1);
    undo->undo();
    QCOMPARE(paramOf(op, "B"), start);
    // Scrubbing sets the value at that point of the range.
    play->scrubSlider()->setValue(PlayBar::kScrubSteps / 2);
    QCOMPARE(paramOf(op, "B"), 128.0);
}

// The first lesson (the TPU v5e's ridge) is about no operation: Play starts on the one its parameter moves most, a
// matmul's B (intensity 1 at B = 1 to about 3,277 at 16,384), not the dot product first in the list, whose N leaves it
// near 1/2. A name stating the value follows it: "dot product N=2^20" becomes "dot product N=2^21".
void TestTeaching::aLessonOfARidgePlaysWhatMoves()
{
    QVERIFY(m_window->openEmbeddedScenario(QStringLiteral("scenarios/tpu-v5e-critical-intensity.yaml")).isEmpty());
    PlayBar* play = m_window->teaching()->playBar();
    QVERIFY(play->operation());
    const Operation& played = m_window->document()->operations()[*play->operation()];
    QCOMPARE(std::string(kindName(played.op)), std::string("matmul"));
    QCOMPARE(play->param(), QStringLiteral("B"));
    // The marker moves: its intensity at the play's two ends differs.
    const double before = ChartProbe(*m_window->chart()).markerPoints(*play->operation(), false).value(0).x();
    play->scrubSlider()->setValue(PlayBar::kScrubSteps);
    QVERIFY(ChartProbe(*m_window->chart()).markerPoints(*play->operation(), false).value(0).x() > 10 * before);
    QVERIFY(m_window->document()->setOperationParam(0, "N", 2097152.0) == std::nullopt);
    QCOMPARE(m_window->document()->operations()[0].name, std::string("dot product N=2^21"));
}

// The default scenario names its matmuls by B ("matmul B=256"): a play, or any gesture on B, renames one at every
// frame. The name beside the marker follows every frame; the legend never shows an old value: the first frame cuts
// the moving name short ("matmul B=…", one full replot), the others redraw the main layer alone, and the whole name
// comes back once the gesture ends.
void TestTeaching::aPlayRenamesWithoutLayingOutAgain()
{
    const std::size_t op = selectMatmul();
    RooflineChart* chart = m_window->chart();
    Document* document = m_window->document();
    chart->replot(); // nothing left queued from opening and selecting
    QCoreApplication::processEvents();
    QSignalSpy redrawn(chart, &RooflineChart::redrawn);
    QSignalSpy fullReplots(chart, &QCustomPlot::beforeReplot);
    const QString before = QString::fromStdString(document->operations()[op].name);
    QVERIFY(ChartProbe(*chart).legendEntries().contains(before));
    document->beginGesture();
    int frames = 0;
    for (const double b : { 40.0, 44.0, 48.0, 52.0, 56.0 }) {
        QVERIFY(!document->setOperationParam(op, "B", b));
        QCoreApplication::processEvents(); // the frame's queued redraw
        QCOMPARE(redrawn.count(), ++frames);
        const QString name = QString::fromStdString(document->operations()[op].name);
        QVERIFY2(name.contains(QString::number(b)), qPrintable(name));
        const auto labels = ChartProbe(*chart).drawnLabels();
        QVERIFY2(std::any_of(labels.begin(), labels.end(),
                     [&](const ChartProbe::DrawnLabel& l) { return l.operation == op && l.text == name; }),
            qPrintable(name + QStringLiteral(" is not beside its marker")));
        QVERIFY(std::none_of(labels.begin(), labels.end(),
            [&](const ChartProbe::DrawnLabel& l) { return l.operation == op && l.text != name; }));
        QVERIFY(!ChartProbe(*chart).legendEntries().contains(before));
        QVERIFY2(ChartProbe(*chart).legendEntries().contains(QStringLiteral("matmul B=…")),
            qPrintable(ChartProbe(*chart).legendEntries().join(QLatin1Char('|'))));
    }
    QCOMPARE(fullReplots.count(), 1);
    document->endGesture();
    QCoreApplication::processEvents();
    QCOMPARE(fullReplots.count(), 2);
    QVERIFY(ChartProbe(*chart).legendEntries().contains(QStringLiteral("matmul B=56")));
}

void TestTeaching::clickingAMarkerSelectsItsRow()
{
    RooflineChart* chart = m_window->chart();
    const std::size_t op = selectMatmul();
    // Select another operation first, so that the click has something to change.
    const std::size_t other = op == 0 ? 1 : 0;
    m_window->workloadPanel()->selectOperation(static_cast<int>(other));
    QCOMPARE(m_window->table()->currentIndex().row(), m_window->table()->rowOf(other));
    chart->replot();
    const auto pixel = ChartProbe(*chart).markerPixel(op);
    QVERIFY(pixel);
    QSignalSpy clicked(chart, &RooflineChart::operationClicked);
    const int steps = m_window->document()->undoStack()->count();
    QTest::mouseClick(chart, Qt::LeftButton, {}, pixel->toPoint());
    QCOMPARE(clicked.count(), 1);
    QCOMPARE(m_window->table()->currentIndex().row(), m_window->table()->rowOf(op));
    QCOMPARE(m_window->workloadPanel()->selectedOperation(), static_cast<int>(op));
    QCOMPARE(chart->selectedOperation(), std::optional<std::size_t>(op));
    QCOMPARE(m_window->document()->undoStack()->count(), steps); // a click changes nothing
}

void TestTeaching::selectingARowRingsItsMarkers()
{
    RooflineChart* chart = m_window->chart();
    ReadoutTable* table = m_window->table();
    for (int row = 0; row < table->rowCount(); ++row) {
        table->selectRow(row);
        const std::size_t op = table->readoutModel()->operationAt(row);
        QCOMPARE(chart->selectedOperation(), std::optional<std::size_t>(op));
        QCOMPARE(m_window->workloadPanel()->selectedOperation(), static_cast<int>(op));
        // One ring round each of the operation's markers, where the core places them.
        QVector<QPointF> rings = ChartProbe(*chart).highlightPoints();
        QVector<QPointF> expected;
        for (const chart::Marker& m : ChartProbe(*chart).layout().markers)
            if (ChartProbe(*chart).shown()[m.operation] == op)
                expected.append(QPointF(m.at.x, m.at.y));
        QCOMPARE(rings, expected);
        QVERIFY(!rings.isEmpty() || !ChartProbe(*chart).hasOperation(op));
    }
}

void TestTeaching::draggingAMarkerSetsItsMainParameterAsOneStep()
{
    RooflineChart* chart = m_window->chart();
    Document* document = m_window->document();
    const std::size_t op = selectMatmul();
    QVERIFY(!document->setOperationParam(op, "B", 64));
    document->undoStack()->clear();
    chart->replot(); // the axes as they are now, laid out
    const auto pixel = ChartProbe(*chart).markerPixel(op);
    QVERIFY(pixel);
    const QPoint from = pixel->toPoint();
    QTest::mousePress(chart, Qt::LeftButton, {}, from);
    QTest::mouseMove(chart, from + QPoint(30, 0));
    const QPoint to = from + QPoint(60, 0);
    QTest::mouseMove(chart, to);
    // The core's inverse of the intensity under the pointer, on the marker's resource (the axes hold meanwhile).
    const Evaluation& ev = document->evaluation(op).value();
    const std::string resource = ev.resources[*chart::bindingResource(ev)].name;
    const double target = chart->xAxis->pixelToCoord(to.x());
    const Expected<double> expected
        = paramForIntensity(document->operations()[op].op, document->hardware(), "B", resource, target);
    QVERIFY(expected);
    QTest::mouseRelease(chart, Qt::LeftButton, {}, to);
    QCOMPARE(paramOf(op, "B"), expected.value());
    QVERIFY(paramOf(op, "B") > 64);
    QCOMPARE(document->undoStack()->count(), 1);
    document->undoStack()->undo();
    QCOMPARE(paramOf(op, "B"), 64.0);
}

ROOFLINE_GUI_TEST_MAIN(TestTeaching)
#include "test_teaching.moc"
