// The window and the offscreen export command.
#include "gui.h"

#include "cli.h"

#include "chart_export.h"
#include "main_window.h"
#include "roofline_chart.h"
#include "scenario.h"
#include "sweep_chart.h"
#include "version.h"

#include <QApplication>
#include <QStyleFactory>
#include <QTimer>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <optional>

namespace roofline::app {

namespace {

void setIdentity()
{
    QApplication::setApplicationName(QStringLiteral("roofline-lab"));
    QApplication::setOrganizationName(QStringLiteral("RooflineLab"));
    QApplication::setApplicationDisplayName(QStringLiteral("Roofline Lab"));
    QApplication::setApplicationVersion(QStringLiteral(ROOFLINE_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("roofline-lab"));
}

struct ExportArgs {
    ScenarioOptions scenario; // --preset, --scenario, --set, --preset-dir: as for report
    std::string output;
    widgets::ExportOptions options;
    bool scaleGiven = false;
    bool dark = false;
    bool sweep = false; // --view sweep: the sweep chart rather than the roofline
    std::string param; // --param: what the sweep runs along; empty for the first operation's main parameter
};

std::optional<int> parseInt(std::string_view text)
{
    int v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return v;
}

// Parses the words after "export"; returns an error message or nothing.
std::optional<std::string> parseExportArgs(const std::vector<std::string>& args, ExportArgs& out)
{
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string error;
        switch (parseScenarioOption(args, i, out.scenario, error)) {
        case OptionParse::Consumed:
            continue;
        case OptionParse::Error:
            return error;
        case OptionParse::NotMine:
            break;
        }
        std::string option = args[i];
        std::optional<std::string> inlineValue;
        if (const auto eq = option.find('='); option.starts_with("--") && eq != std::string::npos) {
            inlineValue = option.substr(eq + 1);
            option.resize(eq);
        }
        auto value = [&]() -> std::optional<std::string> {
            if (inlineValue)
                return inlineValue;
            if (i + 1 < args.size())
                return args[++i];
            return std::nullopt;
        };
        const bool known = option == "--output" || option == "-o" || option == "--size" || option == "--scale"
            || option == "--theme" || option == "--view" || option == "--param";
        if (!known)
            return "unknown argument '" + args[i] + "'";
        const auto v = value();
        if (!v)
            return option + " needs a value";
        if (option == "--output" || option == "-o") {
            out.output = *v;
        } else if (option == "--size") {
            const auto x = v->find('x');
            const auto w = x == std::string::npos ? std::nullopt : parseInt(std::string_view(*v).substr(0, x));
            const auto h = x == std::string::npos ? std::nullopt : parseInt(std::string_view(*v).substr(x + 1));
            if (!w || !h || *w < 16 || *h < 16 || *w > 20000 || *h > 20000)
                return "--size takes WIDTHxHEIGHT in pixels, 16 to 20000 each, not '" + *v + "'";
            out.options.size = QSize(*w, *h);
        } else if (option == "--scale") {
            char* end = nullptr;
            const double s = std::strtod(v->c_str(), &end);
            if (end != v->c_str() + v->size() || !(s >= 0.25 && s <= 8))
                return "--scale takes a number from 0.25 to 8, not '" + *v + "'";
            out.options.scale = s;
            out.scaleGiven = true;
        } else if (option == "--view") {
            if (*v != "roofline" && *v != "sweep")
                return "--view takes roofline or sweep, not '" + *v + "'";
            out.sweep = *v == "sweep";
        } else if (option == "--param") {
            out.param = *v;
        } else if (option == "--theme") {
            if (*v != "light" && *v != "dark")
                return "--theme takes light or dark, not '" + *v + "'";
            out.dark = *v == "dark";
        }
    }
    if (out.scenario.preset.empty() == out.scenario.scenarioFile.empty())
        return std::string("give one of --preset ID or --scenario FILE");
    if (out.output.empty())
        return std::string("--output FILE.png|svg|pdf is required");
    if (!out.param.empty() && !out.sweep)
        return std::string("--param chooses what the sweep chart runs along: give --view sweep too");
    const auto format = widgets::exportFormatFor(QString::fromStdString(out.output));
    if (!format)
        return "the output must end in .png, .svg or .pdf: '" + out.output + "'";
    if (*format != widgets::ExportFormat::Png && !out.scaleGiven)
        out.options.scale = 1;
    return std::nullopt;
}

int fail(int code, const std::string& message)
{
    std::fprintf(stderr, "roofline-lab export: %s\n", message.c_str());
    return code;
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
    widgets::MainWindow window(loadPresetLibrary({ userPresetDir() }));
    FirstFrameExit firstFrame;
    if (qEnvironmentVariableIsSet("ROOFLINE_LAB_FIRST_FRAME_EXIT"))
        window.chart()->installEventFilter(&firstFrame);
    window.show();
    return QApplication::exec();
}

int runExport(int argc, char** argv, const std::vector<std::string>& words)
{
    // Accept the words with or without the command itself in front.
    std::vector<std::string> args = words;
    if (!args.empty() && args.front() == "export")
        args.erase(args.begin());
    ExportArgs parsed;
    if (const auto error = parseExportArgs(args, parsed))
        return fail(kExitBadArguments, *error);

    PresetLibrary library = loadLibrary(parsed.scenario);
    Session session;
    if (const int code = buildSession(parsed.scenario, library, session); code != kExitOk)
        return code;
    auto analysis = std::make_shared<const Analysis>(analyse(std::move(session)));

    if (qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")
        && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
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
    if (!error.isEmpty()) {
        return fail(kExitBadFile, error.toStdString());
    }
    return 0;
}

} // namespace roofline::app
