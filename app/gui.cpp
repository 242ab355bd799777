// The window and the offscreen export command.
#include "gui.h"

#include "base/version.h"
#include "chart/roofline_chart.h"
#include "cli_import.h"
#include "export/chart_export.h"
#include "export/export_limits.h"
#include "files/scenario.h"
#include "sweep/sweep_chart.h"
#include "window/main_window.h"

#include <QApplication>
#include <QIcon>
#include <QLayout>
#include <QStyleFactory>
#include <QTimer>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <optional>

namespace roofline::app {

namespace {

using widgets::checkExportSize;
using widgets::ExportKind;
using widgets::formatScale;
using widgets::kMaxExportScale;
using widgets::kMinExportScale;

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

struct ExportArgs {
    std::string output;
    widgets::ExportOptions options;
    bool dark = false;
    bool sweep = false; // --view sweep: the sweep chart rather than the roofline
    std::string param; // --param: what the sweep runs along; empty for the first operation's main parameter
};

template <typename T> std::optional<T> parseNumber(std::string_view text)
{
    T v {};
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return v;
}

// Reads the export's own options (the command table has read the words); returns an error message or nothing.
std::optional<std::string> readExportArgs(const ParsedArgs& args, ExportArgs& out)
{
    out.output = args.value("--output");
    if (out.output.empty())
        return std::string("--output FILE.png|svg|pdf is required");
    const auto format = widgets::exportFormatFor(QString::fromStdString(out.output));
    if (!format)
        return "the output must end in .png, .svg or .pdf: '" + out.output + "'";
    const ExportKind kind = *format == widgets::ExportFormat::Png ? ExportKind::Png
        : *format == widgets::ExportFormat::Svg                   ? ExportKind::Svg
                                                                  : ExportKind::Pdf;
    if (args.has("--size")) {
        const std::string& v = args.value("--size");
        const auto x = v.find('x');
        const auto w = x == std::string::npos ? std::nullopt : parseNumber<int>(std::string_view(v).substr(0, x));
        const auto h = x == std::string::npos ? std::nullopt : parseNumber<int>(std::string_view(v).substr(x + 1));
        if (!w || !h)
            return "--size takes WIDTHxHEIGHT, such as 1600x1000, not '" + v + "'";
        out.options.size = QSize(*w, *h);
    }
    if (args.has("--scale")) {
        const std::string& v = args.value("--scale");
        const auto s = parseNumber<double>(v);
        if (!s || !(*s >= kMinExportScale && *s <= kMaxExportScale))
            return "--scale takes a number from " + formatScale(kMinExportScale) + " to " + formatScale(kMaxExportScale)
                + ", not '" + v + "'";
        if (kind != ExportKind::Png && *s != 1)
            return std::string("--scale sets a PNG's pixels; an SVG or PDF is drawn at --size");
        out.options.scale = *s;
    } else if (kind != ExportKind::Png) {
        out.options.scale = 1;
    }
    if (const auto error
        = checkExportSize(kind, out.options.size.width(), out.options.size.height(), out.options.scale))
        return error;
    if (args.has("--view")) {
        const std::string& v = args.value("--view");
        if (v != "roofline" && v != "sweep")
            return "--view takes roofline or sweep, not '" + v + "'";
        out.sweep = v == "sweep";
    }
    if (args.has("--theme")) {
        const std::string& v = args.value("--theme");
        if (v != "light" && v != "dark")
            return "--theme takes light or dark, not '" + v + "'";
        out.dark = v == "dark";
    }
    out.param = args.value("--param");
    if (!out.param.empty() && !out.sweep)
        return std::string("--param chooses what the sweep chart runs along: give --view sweep too");
    return std::nullopt;
}

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
    for (const QString& word : QApplication::arguments().mid(1))
        if (!word.startsWith(QLatin1Char('-')) && isScenarioFileName(word.toStdString()))
            if (const QString error = window.openScenario(word); !error.isEmpty()) {
                std::fputs(qPrintable(QStringLiteral("roofline-lab: %1\n").arg(error)), stderr);
                QTimer::singleShot(0, &window, [&window, error] { window.reportScenarioError(error); });
            }
    window.layout()->activate(); // the opened scenario's least size, set before the window has a native one
    window.show();
    return QApplication::exec();
}

int runExport(const ParsedArgs& args, const ScenarioOptions& scenario)
{
    ExportArgs parsed;
    if (const auto error = readExportArgs(args, parsed))
        return fail(kExitBadArguments, *error);

    PresetLibrary library = loadLibrary(scenario);
    Session session;
    if (const int code = buildSession(scenario, library, session); code != kExitOk)
        return code;
    Analysis analysed;
    if (const int code = analyseWithMeasured(args, args.value("--measured"), std::move(session), analysed);
        code != kExitOk)
        return code;
    auto analysis = std::make_shared<const Analysis>(std::move(analysed));

    if (qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")
        && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    // Qt reads no words of the command: the table has read them all.
    static int argc = 1;
    static char name[] = "roofline-lab";
    static char* argv[] = { name, nullptr };
    QApplication app(argc, argv);
    setIdentity();
    const widgets::ChartTheme theme = parsed.dark ? widgets::ChartTheme::darkTheme() : widgets::ChartTheme::light();
    QString error;
    if (parsed.sweep) {
        widgets::SweepChart chart;
        chart.setTheme(theme);
        chart.setAnalysis(std::move(analysis));
        const std::vector<std::string> params = chart.params();
        if (!parsed.param.empty() && std::find(params.begin(), params.end(), parsed.param) == params.end()) {
            std::string known;
            for (const std::string& p : params)
                known += (known.empty() ? "" : ", ") + p;
            return fail(kExitBadArguments,
                "--param: no visible operation has a count parameter '" + parsed.param + "' (they have: " + known
                    + ")");
        }
        chart.setParam(parsed.param);
        chart.resize(parsed.options.size);
        chart.draw();
        error = widgets::exportChart(chart, QString::fromStdString(parsed.output), parsed.options);
    } else {
        widgets::RooflineChart chart;
        chart.setAnalysis(std::move(analysis));
        chart.setTheme(theme);
        chart.resize(parsed.options.size);
        error = widgets::exportChart(chart, QString::fromStdString(parsed.output), parsed.options);
    }
    if (!error.isEmpty())
        return fail(kExitBadFile, error.toStdString());
    return kExitOk;
}

} // namespace roofline::app
