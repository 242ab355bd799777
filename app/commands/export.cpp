// SPDX-License-Identifier: GPL-3.0-or-later
// `roofline-lab export`: the chart drawn to a PNG, SVG or PDF file with no display, or its geometry as JSON.
#include "commands.h"

#include "build_session.h"
#include "chart/roofline_chart.h"
#include "cli.h"
#include "energy/energy_chart.h"
#include "export/chart_export.h"
#include "export/chart_geometry.h"
#include "export/export_limits.h"
#include "gui.h"
#include "measured_options.h"
#include "sweep/sweep_chart.h"
#include "window/translations.h"

#include <QApplication>
#include <QFileInfo>

#include <algorithm>
#include <charconv>
#include <memory>
#include <optional>

namespace roofline::app {

namespace {

using widgets::checkExportSize;
using widgets::ExportKind;
using widgets::formatScale;
using widgets::kMaxExportScale;
using widgets::kMinExportScale;

constexpr OptionSpec kOutput { "-o,--output", "FILE",
    "the file to draw: its extension, .png, .svg or .pdf, chooses the format; .json writes where each thing of the "
    "chart lies in the PNG's pixels (docs/file-formats.md, 'Chart geometry')" };
constexpr OptionSpec kSize { "--size", "WxH",
    "the chart's size in pixels (points for PDF), 1600x1000 by default; slide (a PNG of 1920x1080) or slide-4:3 "
    "(1440x1080): text at least 2.5 % of the height; see 'Export limits' in docs/file-formats.md" };
constexpr OptionSpec kScale { "--scale", "S", "PNG only: pixels per unit of --size, 2 by default" };
constexpr OptionSpec kTheme { "--theme", "THEME", "light (default) or dark" };
constexpr OptionSpec kView { "--view", "VIEW",
    "roofline (default), sweep: attainable FLOP/s against --param, or energy: FLOPs per joule against intensity" };
constexpr OptionSpec kParam { "--param", "P",
    "what the sweep runs along (default: the first operation's main parameter)" };

// The words as CLI11 read them.
struct ExportOptions {
    ScenarioOptions scenario;
    MeasuredOptions measured;
    std::string output;
    std::string size;
    std::string scale;
    std::string theme;
    std::string view;
    std::string param;
};

// The export they describe, checked.
struct ExportArgs {
    widgets::ExportOptions options;
    bool dark = false;
    bool sweep = false; // --view sweep: the sweep chart rather than the roofline
    bool energy = false; // --view energy: the energy roofline
    bool geometry = false; // --output FILE.json: the roofline's geometry rather than a picture
};

template <typename T> std::optional<T> parseNumber(std::string_view text)
{
    T v {};
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return v;
}

// Checks the export's own options; returns an error message or nothing.
std::optional<std::string> readExportArgs(const ExportOptions& given, ExportArgs& out)
{
    if (given.output.empty())
        return std::string("--output FILE.png|svg|pdf|json is required");
    // The geometry is that of the PNG the same options draw.
    out.geometry = QFileInfo(QString::fromStdString(given.output)).suffix().toLower() == QLatin1String("json");
    const auto format
        = out.geometry ? widgets::ExportFormat::Png : widgets::exportFormatFor(QString::fromStdString(given.output));
    if (!format)
        return "the output must end in .png, .svg, .pdf or .json: '" + given.output + "'";
    const ExportKind kind = *format == widgets::ExportFormat::Png ? ExportKind::Png
        : *format == widgets::ExportFormat::Svg                   ? ExportKind::Svg
                                                                  : ExportKind::Pdf;
    const auto slide = widgets::slideSize(QString::fromStdString(given.size));
    if (slide) {
        if (!given.scale.empty())
            return "--size " + given.size + " sets the scale itself: leave out --scale";
        out.options = widgets::slideOptions(*slide);
        if (kind != ExportKind::Png)
            out.options.scale = 1;
    } else if (!given.size.empty()) {
        const std::string& v = given.size;
        const auto x = v.find('x');
        const auto w = x == std::string::npos ? std::nullopt : parseNumber<int>(std::string_view(v).substr(0, x));
        const auto h = x == std::string::npos ? std::nullopt : parseNumber<int>(std::string_view(v).substr(x + 1));
        if (!w || !h)
            return "--size takes WIDTHxHEIGHT, such as 1600x1000, or slide or slide-4:3, not '" + v + "'";
        out.options.size = QSize(*w, *h);
    }
    if (!given.scale.empty() && !slide) {
        const std::string& v = given.scale;
        const auto s = parseNumber<double>(v);
        if (!s || !(*s >= kMinExportScale && *s <= kMaxExportScale))
            return "--scale takes a number from " + formatScale(kMinExportScale) + " to " + formatScale(kMaxExportScale)
                + ", not '" + v + "'";
        if (kind != ExportKind::Png && *s != 1)
            return std::string("--scale sets a PNG's pixels; an SVG or PDF is drawn at --size");
        out.options.scale = *s;
    } else if (kind != ExportKind::Png && !slide) {
        out.options.scale = 1;
    }
    if (const auto error
        = checkExportSize(kind, out.options.size.width(), out.options.size.height(), out.options.scale))
        return error;
    if (!given.view.empty()) {
        if (given.view != "roofline" && given.view != "sweep" && given.view != "energy")
            return "--view takes roofline, sweep or energy, not '" + given.view + "'";
        out.sweep = given.view == "sweep";
        out.energy = given.view == "energy";
    }
    if (!given.theme.empty()) {
        if (given.theme != "light" && given.theme != "dark")
            return "--theme takes light or dark, not '" + given.theme + "'";
        out.dark = given.theme == "dark";
    }
    if (out.geometry && (out.sweep || out.energy))
        return "--output FILE.json writes the roofline's geometry: leave out --view " + given.view;
    if (!given.param.empty() && !out.sweep)
        return std::string("--param chooses what the sweep chart runs along: give --view sweep too");
    return std::nullopt;
}

// Checks the export's own options and its size (see export_limits.h) before any work, then draws the chart to
// --output.
int runExport(const ExportOptions& given)
{
    ExportArgs parsed;
    if (const auto error = readExportArgs(given, parsed))
        return fail(kExitBadArguments, *error);

    std::vector<CommandInput> named = optionInputs(given.scenario);
    if (!given.measured.file.empty())
        named.push_back({ "--measured", given.measured.file });
    if (const std::optional<std::string> error = outputIsAnInput("--output", given.output, named))
        return fail(kExitBadArguments, *error);
    PresetLibrary library = loadLibrary(given.scenario);
    Session session;
    if (const int code = buildSession(given.scenario, library, session); code != kExitOk)
        return code;
    // A chart never replaces a file it is drawn from.
    std::vector<CommandInput> inputs = sessionInputs(given.scenario, session);
    if (!given.measured.file.empty())
        inputs.push_back({ "--measured", given.measured.file });
    if (const std::optional<std::string> error = outputIsAnInput("--output", given.output, inputs))
        return fail(kExitBadArguments, *error);
    Analysis analysed;
    if (const int code = analyseWithMeasured(given.measured, given.scenario.scenarioFile, std::move(session), analysed);
        code != kExitOk)
        return code;
    // As the report refuses it: a model that cannot run draws no chart.
    if (!analysed.modelProblem.empty())
        return fail(kExitBadFile, "model." + analysed.modelProblem);
    auto analysis = std::make_shared<const Analysis>(std::move(analysed));

    if (qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")
        && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    // Qt reads no words of the command: CLI11 has read them all.
    static int argc = 1;
    static char name[] = "roofline-lab";
    static char* argv[] = { name, nullptr };
    QApplication app(argc, argv);
    setIdentity();
    // A chart for a script or a slide: English, the language of the report and the commands, with figures written as
    // the window writes them.
    widgets::useFigureLocale();
    widgets::ChartTheme theme = parsed.dark ? widgets::ChartTheme::darkTheme() : widgets::ChartTheme::light();
    theme.zoom = parsed.options.zoom.value_or(1);
    const QString output = QString::fromStdString(given.output);
    QString error;
    if (parsed.sweep) {
        widgets::SweepChart chart;
        chart.setTitled(true);
        chart.setTheme(theme);
        chart.setAnalysis(std::move(analysis));
        const std::vector<std::string> params = chart.params();
        if (!given.param.empty() && std::find(params.begin(), params.end(), given.param) == params.end()) {
            std::string known;
            for (const std::string& p : params)
                known += (known.empty() ? "" : ", ") + p;
            return fail(kExitBadArguments,
                "--param: no visible operation has a count parameter '" + given.param + "' (they have: " + known + ")");
        }
        chart.setParam(given.param);
        chart.resize(parsed.options.size);
        chart.draw();
        error = widgets::exportChart(chart, output, parsed.options);
    } else if (parsed.energy) {
        const std::string chip = analysis->hardware.name;
        const std::string level = analysis->hardware.memories.empty() ? "HBM" : analysis->hardware.memories[0].name;
        widgets::EnergyChart chart;
        chart.setTitled(true);
        chart.setTheme(theme);
        chart.setAnalysis(std::move(analysis));
        chart.resize(parsed.options.size);
        chart.draw();
        if (!chart.drawsAnything())
            return fail(kExitBadArguments,
                chip + " states neither a board power nor a constant of the energy model (give --set power.board=W, "
                    + "energy_per_byte." + level + "=J ...)");
        error = widgets::exportChart(chart, output, parsed.options);
    } else {
        widgets::RooflineChart chart;
        chart.setAnalysis(std::move(analysis));
        chart.setTheme(theme);
        chart.resize(parsed.options.size);
        error = parsed.geometry ? widgets::exportGeometry(chart, output, parsed.options)
                                : widgets::exportChart(chart, output, parsed.options);
    }
    if (!error.isEmpty())
        return fail(kExitBadFile, error.toStdString());
    return kExitOk;
}

} // namespace

Command addExportCommand(CLI::App& program)
{
    auto options = std::make_shared<ExportOptions>();
    CLI::App* command = addCommand(program, "export", "draw the chart to a file, with no display",
        "measured kernels (--measured FILE, or the scenario's measured: block) as points beside the operations");
    addScenarioOptions(*command, options->scenario);
    addCompareOption(*command, options->scenario);
    addOption(*command, kOutput, options->output);
    addOption(*command, kSize, options->size);
    addOption(*command, kScale, options->scale);
    addOption(*command, kTheme, options->theme);
    addOption(*command, kView, options->view);
    addOption(*command, kParam, options->param);
    addModelOptions(*command, options->scenario);
    addMeasuredOptions(*command, options->measured, true);
    return { command, [options] { return runExport(*options); } };
}

} // namespace roofline::app
