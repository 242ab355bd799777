// The window.
#include "gui.h"

#include "base/version.h"
#include "chart/roofline_chart.h"
#include "cli.h"
#include "files/model_presets.h"
#include "files/scenario.h"
#include "window/main_window.h"

#include <QApplication>
#include <QIcon>
#include <QLayout>
#include <QStyleFactory>
#include <QTimer>

#include <cstdio>
#include <cstdlib>

namespace roofline::app {

void setIdentity()
{
    QApplication::setApplicationName(QStringLiteral("roofline-lab"));
    QApplication::setOrganizationName(QStringLiteral("RooflineLab"));
    QApplication::setApplicationDisplayName(QStringLiteral("Roofline Lab"));
    QApplication::setApplicationVersion(QStringLiteral(ROOFLINE_VERSION));
    // The installed desktop file, metainfo and icon share this id (resources/desktop/).
    QApplication::setDesktopFileName(QStringLiteral(ROOFLINE_APP_ID));
    // The theme's icon where installed; the copy built in when run from the build folder.
    QApplication::setWindowIcon(
        QIcon::fromTheme(QStringLiteral(ROOFLINE_APP_ID), QIcon(QStringLiteral(":/icons/" ROOFLINE_APP_ID ".svg"))));
}

namespace {

// For bench/compare.py's cold-start figure: once the chart has painted for the first time, prints "first-frame"
// and quits. Set ROOFLINE_LAB_FIRST_FRAME_EXIT to use it.
class FirstFrameExit : public QObject {
public:
    bool eventFilter(QObject*, QEvent* event) override
    {
        if (event->type() == QEvent::Paint && !m_seen) {
            m_seen = true;
            // Runs after this paint event has been handled, on the next pass of the event loop.
            QTimer::singleShot(0, qApp, [] {
                std::fputs("first-frame\n", stdout);
                std::fflush(stdout);
                QApplication::quit();
            });
        }
        return false;
    }

private:
    bool m_seen = false;
};

} // namespace

int runGui(int argc, char** argv)
{
    QApplication app(argc, argv);
    setIdentity();
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    widgets::MainWindow window(loadPresetLibrary({ userPresetDir() }), loadModelLibrary({ userModelDir() }));
    FirstFrameExit firstFrame;
    if (qEnvironmentVariableIsSet("ROOFLINE_LAB_FIRST_FRAME_EXIT"))
        window.chart()->installEventFilter(&firstFrame);
    // Qt has taken its own options out of the arguments; what is left besides the program is a scenario to open.
    bool opened = false;
    for (const QString& word : QApplication::arguments().mid(1))
        if (!word.startsWith(QLatin1Char('-')) && isScenarioFileName(word.toStdString())) {
            opened = true;
            if (const QString error = window.openScenario(word); !error.isEmpty()) {
                std::fputs(qPrintable(QStringLiteral("roofline-lab: %1\n").arg(error)), stderr);
                QTimer::singleShot(0, &window, [&window, error] { window.reportScenarioError(error); });
            }
        }
    if (!opened)
        window.welcome(); // a first launch opens the first lesson
    window.show();
    return QApplication::exec();
}

} // namespace roofline::app
