// SPDX-License-Identifier: GPL-3.0-or-later
// The window.
#include "gui.h"

#include "base/version.h"
#include "chart/roofline_chart.h"
#include "cli.h"
#include "files/model_presets.h"
#include "files/scenario.h"
#include "window/main_window.h"
#include "window/translations.h"

#include <QApplication>
#include <QFileInfo>
#include <QIcon>
#include <QLayout>
#include <QSettings>
#include <QStandardPaths>
#include <QStyle>
#include <QStyleFactory>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace roofline::app {

void setIdentity()
{
    QApplication::setApplicationName(QStringLiteral("roofline-lab"));
    // Settings in ~/.config/roofline-lab/roofline-lab.conf, beside the user's presets and models.
    QApplication::setOrganizationName(QStringLiteral("roofline-lab"));
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

namespace {

// Whether a server listens on the local socket `path`, at that path or, as X servers also do, in the abstract
// namespace under the same name.
bool answers(const std::string& path)
{
    for (const bool abstract : { false, true }) {
        sockaddr_un address {};
        address.sun_family = AF_UNIX;
        const std::size_t offset = abstract ? 1 : 0; // the abstract name starts with a NUL byte
        if (path.size() + offset >= sizeof(address.sun_path))
            return true; // a path this long is not ours to judge: let the platform try
        std::memcpy(address.sun_path + offset, path.data(), path.size());
        const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (fd < 0)
            return true;
        const auto length = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + offset + path.size());
        const bool connected = ::connect(fd, reinterpret_cast<const sockaddr*>(&address), length) == 0;
        ::close(fd);
        if (connected)
            return true;
    }
    return false;
}

std::string environment(const char* name)
{
    const char* value = std::getenv(name);
    return value ? value : "";
}

// Why an X display given as DISPLAY cannot be reached, or nothing: a local display (":1", "unix:1.0") is checked at
// its socket; a remote one ("localhost:10.0", an ssh forward) is left to the platform.
std::optional<std::string> xProblem(const std::string& display)
{
    if (display.empty())
        return "DISPLAY is not set";
    const std::size_t colon = display.rfind(':');
    if (colon == std::string::npos)
        return std::nullopt;
    const std::string host = display.substr(0, colon);
    if (!host.empty() && host != "unix")
        return std::nullopt;
    const std::string number = display.substr(colon + 1, display.find('.', colon) - colon - 1);
    if (number.empty() || answers("/tmp/.X11-unix/X" + number))
        return std::nullopt;
    return "DISPLAY is " + display + ", but no X server answers there";
}

std::optional<std::string> waylandProblem()
{
    const std::string name = environment("WAYLAND_DISPLAY");
    if (name.empty())
        return "WAYLAND_DISPLAY is not set";
    const std::string path = name.front() == '/' ? name : environment("XDG_RUNTIME_DIR") + "/" + name;
    if (answers(path))
        return std::nullopt;
    return "WAYLAND_DISPLAY is " + name + ", but no Wayland compositor answers there";
}

// The value of Qt's option `name` among the arguments (-platform NAME, --platform NAME; -style=NAME too, where Qt
// takes that form: `joined`), or `fallback`.
std::string qtOption(int argc, char** argv, std::string_view name, std::string fallback, bool joined = false)
{
    for (int i = 1; i < argc; ++i) {
        std::string_view word(argv[i]);
        if (word.starts_with("--"))
            word.remove_prefix(1);
        if (!word.starts_with('-') || word.substr(1, name.size()) != name)
            continue;
        const std::string_view rest = word.substr(1 + name.size());
        if (joined && rest.starts_with('='))
            fallback = rest.substr(1);
        else if (rest.empty() && i + 1 < argc)
            fallback = argv[i + 1];
    }
    return fallback;
}

} // namespace

std::optional<std::string> displayProblem(int argc, char** argv)
{
    // The platforms Qt would try in turn: -platform, else QT_QPA_PLATFORM (a list, each entry perhaps with
    // ":options"), else X or Wayland, whichever answers. The window cannot open when none of them can.
    const std::string platforms = qtOption(argc, argv, "platform", environment("QT_QPA_PLATFORM"));
    const std::string display = qtOption(argc, argv, "display", environment("DISPLAY"));
    std::vector<std::string> problems;
    std::size_t start = 0;
    do {
        const std::size_t end = std::min(platforms.find(';', start), platforms.size());
        const std::string entry = platforms.substr(start, end - start);
        const std::string name = entry.substr(0, entry.find(':'));
        std::optional<std::string> problem;
        if (name == "xcb")
            problem = xProblem(display);
        else if (name.starts_with("wayland"))
            problem = waylandProblem();
        else if (name.empty()) {
            const std::optional<std::string> x = xProblem(display);
            const std::optional<std::string> wayland = x ? waylandProblem() : std::nullopt;
            if (x && wayland)
                problem = *x + " and " + *wayland;
        }
        if (!problem)
            return std::nullopt; // this one starts, or needs no display (offscreen, vnc, eglfs, linuxfb ...)
        if (std::find(problems.begin(), problems.end(), *problem) == problems.end())
            problems.push_back(*problem);
        start = end + 1;
    } while (start <= platforms.size());
    std::string why;
    for (const std::string& p : problems)
        why += (why.empty() ? "" : "; ") + p;
    return "no display to open the window on (" + why
        + "). The commands need none: `roofline-lab --help` lists them, and `roofline-lab export` draws the chart to "
          "a file. To run the window without a screen, set QT_QPA_PLATFORM=offscreen.";
}

namespace {

// The settings files QSettings would read at start, the program's and an earlier version's, where one exists and is
// not a regular file. Looked at with stat alone: opening a FIFO would block.
std::optional<QString> irregularSettingsFile()
{
    const QString config = QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation);
    for (const QString& path : { config + QStringLiteral("/roofline-lab/roofline-lab.conf"),
             config + QStringLiteral("/RooflineLab/roofline-lab.conf") }) {
        const QFileInfo info(path);
        if ((info.exists() || info.isSymLink()) && !info.isFile())
            return path;
    }
    return std::nullopt;
}

} // namespace

int runGui(int argc, char** argv)
{
    // QApplication aborts when no platform starts, with advice to reinstall: say what is wrong instead.
    if (const std::optional<std::string> problem = displayProblem(argc, argv))
        return fail(kExitBadFile, *problem);
    // Asked for before QApplication takes its own options out of the arguments.
    const bool styleAsked
        = qEnvironmentVariableIsSet("QT_STYLE_OVERRIDE") || !qtOption(argc, argv, "style", {}, true).empty();
    QApplication app(argc, argv);
    setIdentity();
    // A settings file that is not a regular file would block the start (a FIFO) or mislead the read: the window starts
    // with its defaults and keeps its settings in a folder of this run's, leaving that file alone.
    const QTemporaryDir ownSettings;
    if (const std::optional<QString> odd = irregularSettingsFile()) {
        std::fputs(qPrintable(QStringLiteral("roofline-lab: %1 is not a regular file: the window starts with its "
                                             "defaults and keeps no settings this time\n")
                                  .arg(*odd)),
            stderr);
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, ownSettings.path());
    }
    {
        QSettings settings;
        QSettings earlier(QStringLiteral("RooflineLab"), QStringLiteral("roofline-lab"));
        widgets::adoptEarlierSettings(settings, earlier);
    }
    widgets::installTranslations(app);
    widgets::useFigureLocale();
    // The desktop's style, or the one the user asks for (-style, QT_STYLE_OVERRIDE); Fusion only where Qt has
    // nothing better than its bare "Windows" fallback.
    if (!styleAsked && QApplication::style()->name().compare(QLatin1String("windows"), Qt::CaseInsensitive) == 0)
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
