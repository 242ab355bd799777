// SPDX-License-Identifier: GPL-3.0-or-later
// The window on small screens: a 1280×720 laptop at 200 % (640×360 logical pixels) and a 1024×768 projector, given
// by the offscreen platform's screen configuration (tests/screens/) and ROOFLINE_TEST_SCALE. The first window fits
// the screen, its geometry and docks are remembered, the side panel scrolls and never clips sideways, every table
// column shows whole figures and every row can be reached, in every example; the plot keeps 45 % of the window,
// zoomed or not, and 70 % of the screen in presentation; tick labels never run together.
#include "chart/chart_probe.h"
#include "chart/roofline_chart.h"
#include "common/folding_tabs.h"
#include "document/document.h"
#include "files/presets.h"
#include "panels/explanation_panel.h"
#include "panels/hardware_panel.h"
#include "readout/readout_table.h"
#include "sweep/sweep_chart.h"
#include "test_util.h"
#include "window/main_window.h"
#include "window_fixture.h"

#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QHeaderView>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSlider>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QUrl>
#include <QWheelEvent>

#include <algorithm>
#include <memory>

using namespace roofline;
using namespace roofline::widgets;

namespace {

// One notch of the wheel (down unless `up`) over the middle of `target`, sent as Qt delivers it.
void turnWheel(QWidget* target, bool up = false)
{
    const QPointF at = QRectF(target->rect()).center();
    QWheelEvent wheel(at, target->mapToGlobal(at), QPoint(), QPoint(0, up ? 120 : -120), Qt::NoButton, Qt::NoModifier,
        Qt::NoScrollPhase, false);
    QApplication::sendEvent(target, &wheel);
}

} // namespace

class TestScreen : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();

    void firstWindowFitsTheScreen();
    void geometryIsRemembered();
    void geometryOfALargerScreenIsFitted();
    void sidePanelScrolls();
    void tableShowsWholeFiguresAndEveryRow_data();
    void tableShowsWholeFiguresAndEveryRow();
    void chartComesFirst_data();
    void chartComesFirst();
    void zoomEnlargesTheChart();
    void presentationGivesTheScreenToTheChart_data();
    void presentationGivesTheScreenToTheChart();
    void presentationBandHoldsThroughSteps();
    void sidePanelAndPagesAreRemembered();
    void explanationSharesTheSidePanel();
    void closingInPresentationRemembersTheWindow();
    void pagesUnfoldByKey();
    void aDoubleClickOpensFoldedPagesOnce();
    void wheelScrollsThePanelPastUnfocusedControls();

private:
    void openWindow();
    // The plot's share of the window (the axis rect, inside ticks and labels) as last drawn.
    double plotShare() const;
    // No two tick labels of the chart's log axes overlap.
    void checkTicksApart(QCustomPlot* plot) const;

    QTemporaryDir m_settings;
    std::unique_ptr<MainWindow> m_window;
};

void TestScreen::initTestCase()
{
    QVERIFY(m_settings.isValid());
    testing::keepSettingsIn(m_settings.path());
    const QScreen* screen = QGuiApplication::primaryScreen();
    qInfo() << "screen" << screen->geometry() << "available" << screen->availableGeometry() << "scale"
            << screen->devicePixelRatio();
    const double scale = qEnvironmentVariable("ROOFLINE_TEST_SCALE", QStringLiteral("1")).toDouble();
    QCOMPARE(screen->devicePixelRatio(), scale);
    QVERIFY(screen->availableGeometry().width() <= 1024); // the configured small screen, not the default
}

void TestScreen::init()
{
    QSettings().clear(); // each test starts from a first launch
}

void TestScreen::cleanup()
{
    m_window.reset();
}

void TestScreen::openWindow()
{
    m_window = testing::showWindow(); // at the size it chooses for this screen
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestScreen::firstWindowFitsTheScreen()
{
    openWindow();
    const QRect available = m_window->screen()->availableGeometry();
    QVERIFY2(available.contains(m_window->frameGeometry()),
        qPrintable(QStringLiteral("window %1,%2 %3×%4 on a screen of %5×%6")
                       .arg(m_window->frameGeometry().x())
                       .arg(m_window->frameGeometry().y())
                       .arg(m_window->frameGeometry().width())
                       .arg(m_window->frameGeometry().height())
                       .arg(available.width())
                       .arg(available.height())));
    // Not a postage stamp either: most of the screen.
    QVERIFY(m_window->width() >= available.width() * 8 / 10);
    QVERIFY(m_window->height() >= available.height() * 8 / 10);
    // The layout can shrink to the screen: nothing forces the window past it.
    const QSize least = m_window->minimumSizeHint();
    QVERIFY2(least.width() <= available.width() && least.height() <= available.height(),
        qPrintable(QStringLiteral("the window needs at least %1×%2").arg(least.width()).arg(least.height())));
}

void TestScreen::geometryIsRemembered()
{
    openWindow();
    const QRect available = m_window->screen()->availableGeometry();
    const QRect chosen(available.topLeft() + QPoint(10, 10), m_window->minimumSizeHint().expandedTo(QSize(400, 300)));
    m_window->setGeometry(chosen);
    QVERIFY(m_window->close());
    const QRect closed = m_window->geometry();
    m_window.reset();
    openWindow();
    QCOMPARE(m_window->size(), closed.size());
    // The offscreen platform's made-up frame can shift the restored window by its title bar's height; a desktop's
    // window manager puts it back where it was.
    QVERIFY2((m_window->pos() - closed.topLeft()).manhattanLength() <= 40,
        qPrintable(QStringLiteral("closed at %1,%2, reopened at %3,%4")
                       .arg(closed.x())
                       .arg(closed.y())
                       .arg(m_window->x())
                       .arg(m_window->y())));
}

// A window closed on a large monitor and opened on the projector: it is brought within the screen.
void TestScreen::geometryOfALargerScreenIsFitted()
{
    {
        QWidget large;
        large.setGeometry(300, 200, 1900, 1150);
        QSettings().setValue(QStringLiteral("window/geometry"), large.saveGeometry());
    }
    openWindow();
    const QRect available = m_window->screen()->availableGeometry();
    const QRect g = m_window->geometry();
    QVERIFY2(available.contains(g),
        qPrintable(QStringLiteral("window %1,%2 %3×%4 (frame %5,%6 %7×%8) on %9,%10 %11×%12")
                       .arg(g.x())
                       .arg(g.y())
                       .arg(g.width())
                       .arg(g.height())
                       .arg(m_window->frameGeometry().x())
                       .arg(m_window->frameGeometry().y())
                       .arg(m_window->frameGeometry().width())
                       .arg(m_window->frameGeometry().height())
                       .arg(available.x())
                       .arg(available.y())
                       .arg(available.width())
                       .arg(available.height())));
}

void TestScreen::sidePanelScrolls()
{
    openWindow();
    auto* scroll = m_window->findChild<QScrollArea*>(QStringLiteral("controlsScroll"));
    QVERIFY(scroll);
    const QWidget* controls = scroll->widget();
    QVERIFY(controls);
    // The controls keep the room they need; the scroll area, not the controls, gives way. Rows that go to two lines
    // in a narrow panel are laid out again on the event loop's next pass.
    TRY_VERIFY2(controls->height() >= controls->minimumSizeHint().height(),
        qPrintable(QStringLiteral("controls squeezed to %1 of %2 px")
                       .arg(controls->height())
                       .arg(controls->minimumSizeHint().height())));
    QVERIFY(controls->width() >= controls->minimumSizeHint().width());
    // Every control can be scrolled into view: the bar reaches the bottom of the controls.
    const int hidden = std::max(0, controls->height() - scroll->viewport()->height());
    QCOMPARE(scroll->verticalScrollBar()->maximum(), hidden);
    if (m_window->screen()->availableGeometry().height() < 400)
        QVERIFY(hidden > 0); // 360 pixels cannot show them all at once: the bar is there
    for (const QWidget* child : controls->findChildren<QWidget*>()) {
        if (!child->isVisible())
            continue;
        const QRect inControls(child->mapTo(controls, QPoint(0, 0)), child->size());
        QVERIFY2(controls->rect().contains(inControls),
            qPrintable(
                child->metaObject()->className() + QStringLiteral(" %1 outside the panel").arg(child->objectName())));
    }
}

void TestScreen::tableShowsWholeFiguresAndEveryRow_data()
{
    QTest::addColumn<QString>("scenario"); // empty: the first launch's default workload
    QTest::newRow("default") << QString();
    for (const EmbeddedFile& f : embeddedFiles())
        if (f.name.starts_with("scenarios/"))
            QTest::newRow(std::string(f.name).c_str()) << QString::fromStdString(std::string(f.name));
}

void TestScreen::tableShowsWholeFiguresAndEveryRow()
{
    QFETCH(QString, scenario);
    openWindow();
    if (!scenario.isEmpty())
        QCOMPARE(m_window->openEmbeddedScenario(scenario), QString());
    // Folded on a small screen; one click on its tab opens it.
    m_window->bottomTabs()->showPage(m_window->table());
    ReadoutTable* table = m_window->table();
    QVERIFY(table->isVisible());
    QVERIFY(table->rowCount() > 0);
    const QFontMetrics metrics = table->fontMetrics();
    for (int column = 0; column < ReadoutTable::ColumnCount; ++column) {
        int widest = table->horizontalHeader()->sectionSizeHint(column);
        for (int row = 0; row < table->rowCount(); ++row)
            widest = std::max(
                widest, metrics.horizontalAdvance(table->cellText(row, static_cast<ReadoutTable::Column>(column))) + 9);
        QVERIFY2(table->columnWidth(column) >= widest,
            qPrintable(QStringLiteral("column %1 is %2 px for contents of %3 px")
                           .arg(column)
                           .arg(table->columnWidth(column))
                           .arg(widest)));
    }
    // The last row and the last column can be scrolled into view.
    const QModelIndex last = table->model()->index(table->rowCount() - 1, ReadoutTable::ColumnCount - 1);
    // A view lays out new rows on the event loop's next pass, as it does before a user can scroll.
    QCoreApplication::processEvents();
    table->scrollTo(last);
    QVERIFY(table->viewport()->rect().intersects(table->visualRect(last)));
    const auto shown = [&] {
        const QRect v = table->viewport()->rect();
        const QRect r = table->visualRect(last);
        return QStringLiteral("viewport %1×%2, last cell at %3,%4 %5×%6")
            .arg(v.width())
            .arg(v.height())
            .arg(r.x())
            .arg(r.y())
            .arg(r.width())
            .arg(r.height());
    };
    QVERIFY2(table->viewport()->rect().contains(table->visualRect(last).topLeft()), qPrintable(shown()));
    QVERIFY(table->viewport()->rect().bottom() >= table->visualRect(last).bottom());
}

double TestScreen::plotShare() const
{
    m_window->chart()->replot(QCustomPlot::rpImmediateRefresh);
    const QRect plot = m_window->chart()->axisRect()->rect();
    return double(plot.width()) * plot.height() / (double(m_window->width()) * m_window->height());
}

void TestScreen::checkTicksApart(QCustomPlot* plot) const
{
    plot->replot(QCustomPlot::rpImmediateRefresh);
    for (QCPAxis* axis : { plot->xAxis, plot->yAxis }) {
        const QFontMetrics metrics(axis->tickLabelFont());
        const QVector<double> ticks = axis->tickVector();
        const QVector<QString> labels = axis->tickVectorLabels();
        // Still an axis one can read: two labelled ticks at least (inside the plot, those by its edges are left out).
        QVERIFY(std::count_if(labels.begin(), labels.end(), [](const QString& l) { return !l.isEmpty(); }) >= 2);
        for (qsizetype i = 0; i + 1 < ticks.size(); ++i) {
            const double gap = std::abs(axis->coordToPixel(ticks[i + 1]) - axis->coordToPixel(ticks[i]));
            // Horizontal labels side by side need half of each; stacked ones their height.
            const double needed = axis->orientation() == Qt::Horizontal
                ? (metrics.horizontalAdvance(labels[i]) + metrics.horizontalAdvance(labels[i + 1])) / 2.0
                : metrics.height();
            QVERIFY2(gap >= needed,
                qPrintable(QStringLiteral("\"%1\" and \"%2\" are %3 px apart and need %4")
                               .arg(labels[i], labels[i + 1])
                               .arg(gap)
                               .arg(needed)));
        }
    }
}

void TestScreen::chartComesFirst_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::newRow("default") << QString();
    QTest::newRow("H100 matmul") << QStringLiteral("scenarios/h100-matmul.yaml");
    QTest::newRow("batch-size curve") << QStringLiteral("scenarios/batch-size-curve-v5e.yaml");
}

// At the first launch on this screen the plot has at least 45 % of the window (the pages fold, the side panel takes
// a quarter or closes); the side panel never scrolls or clips sideways; the tick labels keep apart.
void TestScreen::chartComesFirst()
{
    QFETCH(QString, scenario);
    openWindow();
    if (!scenario.isEmpty())
        QCOMPARE(m_window->openEmbeddedScenario(scenario), QString());
    TRY_VERIFY(m_window->chart()->isVisible());
    // The chart's title and, where no explanation fits beside the chart, a lesson's question take a line each over
    // the plot, and the window leaves its title bar room on the screen: on a 360-pixel screen the plot keeps 38 % of
    // the window for them, 45 % elsewhere.
    const double share = plotShare();
    const bool asked = m_window->findChild<QWidget*>(QStringLiteral("questionStrip"))->isVisible();
    const bool tiny = m_window->screen()->availableGeometry().height() < 400;
    QVERIFY2(share >= (tiny ? 0.38 : 0.45),
        qPrintable(QStringLiteral("the plot is %1 % of the window").arg(share * 100, 0, 'f', 1)));
    // The first thing read: the chart's title, and the question where the explanation is out of sight.
    QVERIFY(ChartProbe(*m_window->chart()).chartTexts().title->visible());
    if (!scenario.isEmpty() && !m_window->explanationDock()->isVisible())
        QVERIFY(asked);
    checkTicksApart(m_window->chart());
    // Open or not, the side panel is at least as wide as its controls: nothing is cut off sideways.
    m_window->controlsDock()->show();
    m_window->controlsDock()->raise();
    auto* scroll = m_window->findChild<QScrollArea*>(QStringLiteral("controlsScroll"));
    TRY_VERIFY(scroll->isVisible());
    QCOMPARE(scroll->horizontalScrollBarPolicy(), Qt::ScrollBarAlwaysOff);
    QVERIFY2(scroll->viewport()->width() >= scroll->widget()->minimumSizeHint().width(),
        qPrintable(QStringLiteral("a viewport of %1 px for controls of %2 px")
                       .arg(scroll->viewport()->width())
                       .arg(scroll->widget()->minimumSizeHint().width())));
    QCOMPARE(scroll->widget()->width(), scroll->viewport()->width());
}

// Zooming in enlarges the chart's type and never takes the plot below its share: the pages fold and the side panel
// closes first.
void TestScreen::zoomEnlargesTheChart()
{
    openWindow();
    const double tick = m_window->chart()->xAxis->tickLabelFont().pointSizeF();
    for (int step = 0; step < 4; ++step) {
        QTest::keyClick(m_window.get(), Qt::Key_Equal, Qt::ControlModifier);
        // The window makes room once the larger type is laid out, on the event loop's next pass.
        TRY_VERIFY2(plotShare() >= (m_window->screen()->availableGeometry().height() < 400 ? 0.38 : 0.45),
            qPrintable(QStringLiteral("zoom %1: the plot is %2 % of the window")
                           .arg(m_window->zoom())
                           .arg(plotShare() * 100, 0, 'f', 1)));
        checkTicksApart(m_window->chart());
    }
    if (m_window->screen()->availableGeometry().height() >= 500) {
        QVERIFY(m_window->zoom() > 2);
        QVERIFY(m_window->chart()->xAxis->tickLabelFont().pointSizeF() > 2 * tick);
    } else if (m_window->zoom() == 1) {
        // 640×360 at 200 % has no room for larger type beside the chart: the zoom stays and says why.
        QVERIFY(m_window->statusBar()->currentMessage().contains(QStringLiteral("F5")));
    }
}

void TestScreen::presentationGivesTheScreenToTheChart_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<bool>("sweep");
    QTest::newRow("TPU v5e lesson") << QStringLiteral("scenarios/tpu-v5e-critical-intensity.yaml") << false;
    QTest::newRow("sharded matmul lesson") << QStringLiteral("scenarios/sharded-matmul-2-tpu.yaml") << false;
    QTest::newRow("batch-size sweep") << QStringLiteral("scenarios/batch-size-curve-v5e.yaml") << true;
}

// In presentation the chart being taught (the roofline, or the sweep when its page is open) has at least 70 % of the
// screen, and so has its plot area (inside the axes, ticks and names drawn within it); the explanation is a band of
// at most a third with the question, the claim and the answer.
void TestScreen::presentationGivesTheScreenToTheChart()
{
    QFETCH(QString, scenario);
    QFETCH(bool, sweep);
    openWindow();
    QCOMPARE(m_window->openEmbeddedScenario(scenario), QString());
    if (sweep) {
        QCOMPARE(m_window->bottomTabs()->tabText(1), QStringLiteral("S&weep"));
        m_window->bottomTabs()->showPage(m_window->bottomTabs()->widget(1));
    }
    m_window->setPresentation(true);
    TRY_VERIFY(m_window->windowState() & Qt::WindowFullScreen);
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    QCustomPlot* shown = sweep ? static_cast<QCustomPlot*>(m_window->sweepChart()) : m_window->chart();
    QCustomPlot* other = sweep ? static_cast<QCustomPlot*>(m_window->chart()) : m_window->sweepChart();
    TRY_VERIFY(shown->isVisible());
    QVERIFY(!other->isVisible());
    const QRect screen = m_window->screen()->geometry();
    const auto share
        = [&] { return double(shown->width()) * shown->height() / (double(screen.width()) * screen.height()); };
    // The band takes the height of its text once the full screen is laid out, on the event loop's next pass.
    TRY_VERIFY2(
        share() >= 0.70, qPrintable(QStringLiteral("the chart is %1 % of the screen").arg(share() * 100, 0, 'f', 1)));
    checkTicksApart(shown);
    const QRect plot = shown->axisRect()->rect();
    const double plotShare = double(plot.width()) * plot.height() / (double(screen.width()) * screen.height());
    qInfo("%s: the chart is %.1f %% of the screen, its plot area %.1f %%", qPrintable(scenario), share() * 100,
        plotShare * 100);
    QVERIFY2(plotShare >= 0.70, qPrintable(QStringLiteral("the plot is %1 % of the screen").arg(plotShare * 100)));
    // The band within its share of the screen, tall enough to show the question and the answer without scrolling.
    QVERIFY(m_window->explanationDock()->isVisible());
    QVERIFY(m_window->explanationDock()->height() <= screen.height() * 45 / 100);
    QVERIFY(m_window->explanationPanel()->isCompact());
    {
        const ExplanationPanel* panel = m_window->explanationPanel();
        QVERIFY2(panel->answerHeight(panel->width()) <= panel->height(),
            qPrintable(QStringLiteral("the answer needs %1 px of a band of %2")
                           .arg(panel->answerHeight(panel->width()))
                           .arg(panel->height())));
    }
    const QString band = m_window->explanationPanel()->browser()->toPlainText();
    const Explanation& e = m_window->explanationPanel()->explanation();
    for (const std::string& part : { e.question, e.claim, e.answer })
        QVERIFY2(band.contains(QString::fromStdString(part)), part.c_str());
    // The derivation opened on demand makes the band taller, within its share; folded, the band is as it was.
    QDockWidget* dock = m_window->explanationDock();
    const int bandHeight = dock->height();
    QTextBrowser* browser = m_window->explanationPanel()->browser();
    emit browser->anchorClicked(QUrl(QStringLiteral("#derivation")));
    TRY_VERIFY2(dock->height() > bandHeight || dock->height() == dock->maximumHeight(),
        qPrintable(QStringLiteral("the band stays %1 px with the derivation open").arg(dock->height())));
    QVERIFY(dock->height() <= screen.height() * 45 / 100);
    emit browser->anchorClicked(QUrl(QStringLiteral("#derivation")));
    TRY_COMPARE(dock->height(), bandHeight);
    const QMargins legendInset = m_window->chart()->axisRect()->insetLayout()->margins();
    m_window->setPresentation(false);
    TRY_VERIFY(!m_window->isPresenting());
    QVERIFY(!m_window->explanationPanel()->isCompact());
    // The usual frame again: ticks and names outside the plot, every tick labelled, the legend in its corner; the
    // sweep with its choosers.
    if (sweep) {
        QVERIFY(m_window->findChild<QWidget*>(QStringLiteral("sweepBar"))->isVisible());
        QVERIFY(!m_window->bottomTabs()->documentMode());
        SweepChart* sweepChart = m_window->sweepChart();
        QVERIFY(!sweepChart->axesInside());
        QVERIFY(sweepChart->yAxis2->visible()); // the shares of the peak again
        for (QCPAxis* axis : { sweepChart->xAxis, sweepChart->yAxis }) {
            QCOMPARE(axis->tickLabelSide(), QCPAxis::lsOutside);
            QVERIFY(!axis->label().isEmpty());
        }
        m_window->bottomTabs()->showPage(m_window->bottomTabs()->widget(0));
    }
    RooflineChart* chart = m_window->chart();
    QCOMPARE(chart->isVisible(), true);
    chart->replot(QCustomPlot::rpImmediateRefresh);
    QVERIFY(!ChartProbe(*chart).axesInside());
    for (QCPAxis* axis : { chart->xAxis, chart->yAxis }) {
        QCOMPARE(axis->tickLabelSide(), QCPAxis::lsOutside);
        QVERIFY(!axis->label().isEmpty());
        for (const QString& label : axis->tickVectorLabels())
            QVERIFY(!label.isEmpty());
    }
    if (!sweep)
        QVERIFY(chart->axisRect()->insetLayout()->margins().bottom() < legendInset.bottom());
}

// The lecturer's layout comes back: the side panel closed and the pages open stay so at the next launch.
// Through slider steps the band keeps its height or grows, never cutting its text: a number that gains and loses a
// digit would otherwise resize the band, and lay the chart out again, back and forth through a drag. A new example
// fits the band to its own text.
void TestScreen::presentationBandHoldsThroughSteps()
{
    openWindow();
    QCOMPARE(m_window->openEmbeddedScenario(QStringLiteral("scenarios/tpu-v5e-critical-intensity.yaml")), QString());
    m_window->setPresentation(true);
    TRY_VERIFY(m_window->windowState() & Qt::WindowFullScreen);
    QDockWidget* dock = m_window->explanationDock();
    ExplanationPanel* panel = m_window->explanationPanel();
    const auto shown = [&] {
        const int needed = panel->textHeight(panel->width()) + dock->height() - panel->height();
        return dock->height() >= std::min(needed, dock->maximumHeight());
    };
    TRY_VERIFY(shown());
    int height = dock->height();
    for (const double hbm : { 8.1e11, 1e12, 9.99e11, 1.5e12, 2.3e11, 1.1e13, 8.1e11 }) {
        QVERIFY(!m_window->document()->setHardwareValue("bandwidth.HBM", hbm));
        TRY_VERIFY2(shown(), qPrintable(QStringLiteral("the band cuts its text at HBM %1").arg(hbm)));
        QVERIFY2(dock->height() >= height,
            qPrintable(QStringLiteral("the band shrank from %1 to %2 px").arg(height).arg(dock->height())));
        height = dock->height();
    }
    QCOMPARE(m_window->openEmbeddedScenario(QStringLiteral("scenarios/sharded-matmul-2-tpu.yaml")), QString());
    TRY_VERIFY(shown());
    QVERIFY(dock->height() <= dock->maximumHeight());
    m_window->setPresentation(false);
}

void TestScreen::sidePanelAndPagesAreRemembered()
{
    openWindow();
    const bool wasFolded = m_window->bottomTabs()->isFolded();
    QTest::keyClick(m_window.get(), Qt::Key_F9);
    const bool panelOpen = !m_window->controlsDock()->isHidden();
    m_window->bottomTabs()->setFolded(!wasFolded);
    QVERIFY(m_window->close());
    m_window.reset();
    openWindow();
    QCOMPARE(!m_window->controlsDock()->isHidden(), panelOpen);
    QCOMPARE(m_window->bottomTabs()->isFolded(), !wasFolded);
}

// Below 1280 pixels the explanation is a tab beside the controls: a new example brings it to the front, the lecturer
// goes to the controls and back, and a slider step takes neither away. Below 800 it waits to be asked for.
void TestScreen::explanationSharesTheSidePanel()
{
    openWindow();
    QCOMPARE(m_window->openEmbeddedScenario(QStringLiteral("scenarios/tpu-v5e-critical-intensity.yaml")), QString());
    QDockWidget* explanation = m_window->explanationDock();
    if (m_window->screen()->availableGeometry().width() < 800) {
        QVERIFY(explanation->isHidden());
        explanation->toggleViewAction()->trigger();
    }
    TRY_VERIFY(explanation->isVisible());
    m_window->controlsDock()->show();
    m_window->controlsDock()->raise();
    TRY_VERIFY(m_window->controlsDock()->isVisible());
    // Both shown, they are two tabs of one place (under Qt 6.4 already while the side panel was closed).
    TRY_COMPARE(m_window->tabifiedDockWidgets(explanation), QList<QDockWidget*>({ m_window->controlsDock() }));
    QVERIFY(!m_window->document()->setHardwareValue("bandwidth.HBM", 9e11));
    QVERIFY(!explanation->isHidden()); // still a tab, behind the controls
    explanation->raise();
    TRY_VERIFY(explanation->isVisible());
}

// Quitting from the presentation remembers the window as the lecturer laid it out, not the full screen.
void TestScreen::closingInPresentationRemembersTheWindow()
{
    openWindow();
    m_window->controlsDock()->show();
    const QSize size = m_window->size();
    QCOMPARE(m_window->openEmbeddedScenario(QStringLiteral("scenarios/tpu-v5e-critical-intensity.yaml")), QString());
    m_window->setPresentation(true);
    TRY_VERIFY(m_window->windowState() & Qt::WindowFullScreen);
    QVERIFY(m_window->close());
    m_window.reset();
    openWindow();
    QVERIFY(!m_window->isPresenting());
    QVERIFY(!(m_window->windowState() & Qt::WindowFullScreen));
    QCOMPARE(m_window->size(), size);
    QVERIFY(!m_window->controlsDock()->isHidden());
    QCOMPARE(m_window->explanationDock()->titleBarWidget(), nullptr);
}

// Folded pages open when a page is chosen by its key (or by the program), and hide the open page while folded.
void TestScreen::pagesUnfoldByKey()
{
    openWindow();
    FoldingTabs* tabs = m_window->bottomTabs();
    tabs->setFolded(true);
    QVERIFY(!tabs->currentWidget()->isVisible()); // folded, the open page does no work
    tabs->setCurrentIndex(1); // as Alt+W does
    QVERIFY(!tabs->isFolded());
    TRY_VERIFY(tabs->currentWidget()->isVisible());
}

// Clicking the open tab folds the pages or opens them; a double click on it is two presses, and the second must not
// fold what the first opened.
void TestScreen::aDoubleClickOpensFoldedPagesOnce()
{
    openWindow();
    FoldingTabs* tabs = m_window->bottomTabs();
    tabs->setFolded(true);
    QTabBar* bar = tabs->tabBar();
    const QPoint tab = bar->tabRect(tabs->currentIndex()).center();
    QTest::mouseClick(bar, Qt::LeftButton, {}, tab);
    QVERIFY(!tabs->isFolded());
    QTest::mouseClick(bar, Qt::LeftButton, {}, tab); // at once: the double click's second press
    QVERIFY(!tabs->isFolded());
}

// The wheel scrolls the side panel; it changes a slider or a list only when that control has the focus.
void TestScreen::wheelScrollsThePanelPastUnfocusedControls()
{
    openWindow();
    m_window->controlsDock()->show(); // below 800 pixels it waits to be asked for
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    QVERIFY(m_window->document()->selectPreset(QStringLiteral("h100-sxm")));
    auto* scroll = m_window->findChild<QScrollArea*>(QStringLiteral("controlsScroll"));
    QVERIFY(scroll);
    QScrollBar* bar = scroll->verticalScrollBar();
    if (bar->maximum() == 0) // the whole panel fits: a shorter window, so that the wheel has somewhere to go
        m_window->resize(m_window->width(), m_window->height() * 2 / 3);
    TRY_VERIFY2(bar->maximum() > 0, "the side panel does not scroll at this size");

    // A slider of the chip (HBM's) and the dtype list, as the wheel finds them on its way down the panel.
    QSlider* slider = nullptr;
    for (QSlider* s : m_window->hardwarePanel()->findChildren<QSlider*>())
        if (s->isVisible() && s->accessibleName().contains(QStringLiteral("HBM")))
            slider = s;
    QVERIFY(slider);
    QComboBox* dtypes = m_window->hardwarePanel()->dtypeChooser();
    QVERIFY(dtypes->isVisible() && dtypes->count() > 1);
    for (QWidget* control : std::initializer_list<QWidget*> { slider, dtypes })
        QVERIFY2(control->focusPolicy() != Qt::WheelFocus, qPrintable(control->objectName()));

    const Hardware chipBefore = m_window->document()->hardware();
    const Dtype dtypeBefore = m_window->document()->dtype();
    const int sliderBefore = slider->value();
    const int dtypeIndex = dtypes->currentIndex();
    if (QWidget* focused = QApplication::focusWidget())
        focused->clearFocus();
    for (QWidget* control : std::initializer_list<QWidget*> { slider, dtypes }) {
        QVERIFY(!control->hasFocus());
        bar->setValue(bar->maximum() / 2);
        const int scrolled = bar->value();
        turnWheel(control);
        QVERIFY2(bar->value() > scrolled, qPrintable(QStringLiteral("the panel stayed at %1").arg(bar->value())));
        QVERIFY(!control->hasFocus()); // the wheel gives no focus either
    }
    QCOMPARE(slider->value(), sliderBefore);
    QCOMPARE(dtypes->currentIndex(), dtypeIndex);
    QVERIFY(m_window->document()->hardware() == chipBefore);
    QCOMPARE(m_window->document()->dtype(), dtypeBefore);
    QVERIFY(!m_window->isWindowModified());

    // With the focus the control takes the wheel: a lecturer who clicked it means it.
    slider->setFocus();
    QVERIFY(slider->hasFocus());
    int scrolled = bar->value();
    turnWheel(slider);
    QVERIFY(slider->value() != sliderBefore);
    QCOMPARE(bar->value(), scrolled);
    QVERIFY(!(m_window->document()->hardware() == chipBefore));

    dtypes->setFocus();
    QVERIFY(dtypes->hasFocus());
    scrolled = bar->value();
    turnWheel(dtypes, dtypeIndex == dtypes->count() - 1);
    QVERIFY(dtypes->currentIndex() != dtypeIndex);
    QCOMPARE(bar->value(), scrolled);
}

// The screen and scale come from the test's registration; the rest of the environment is the shared one.
int main(int argc, char** argv)
{
    const QByteArray scale = qgetenv("ROOFLINE_TEST_SCALE");
    roofline::testing::prepareGuiEnvironment();
    if (!scale.isEmpty())
        qputenv("QT_SCALE_FACTOR", scale);
    QApplication app(argc, argv);
    QApplication::setFont(roofline::testing::testFont());
    TestScreen test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "test_screen.moc"
