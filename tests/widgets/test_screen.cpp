// The window on small screens: a 1280×720 laptop at 200 % (640×360 logical pixels) and a 1024×768 projector, given
// by the offscreen platform's screen configuration (tests/screens/) and ROOFLINE_TEST_SCALE. The first window fits
// the screen, its geometry is remembered, the side panel scrolls, every table column shows whole figures and every
// row can be reached, in every example.
#include "document/document.h"
#include "files/presets.h"
#include "readout/readout_table.h"
#include "test_util.h"
#include "window/main_window.h"
#include "window_fixture.h"

#include <QHeaderView>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace roofline;
using namespace roofline::widgets;

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

private:
    void openWindow();

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
    QVERIFY2(available.contains(m_window->geometry()),
        qPrintable(QStringLiteral("window %1,%2 %3×%4")
                       .arg(m_window->x())
                       .arg(m_window->y())
                       .arg(m_window->width())
                       .arg(m_window->height())));
}

void TestScreen::sidePanelScrolls()
{
    openWindow();
    auto* scroll = m_window->findChild<QScrollArea*>(QStringLiteral("controlsScroll"));
    QVERIFY(scroll);
    const QWidget* controls = scroll->widget();
    QVERIFY(controls);
    // The controls keep the room they need; the scroll area, not the controls, gives way.
    QVERIFY2(controls->height() >= controls->minimumSizeHint().height(),
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
