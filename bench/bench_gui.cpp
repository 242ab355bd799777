// SPDX-License-Identifier: GPL-3.0-or-later
// The window's interactive cost: one step of the HBM slider to a finished replot and repaint of the chart, with the
// default workload, with ten more operations and with 200 operations, and an export of each format; then opening and
// exporting large scenarios. Prints the median, 95th and 99th percentile (400 steps: the 99th is the fourth slowest).
// Runs offscreen unless a display is set; build in Release for figures worth quoting. `--json FILE` also writes the
// figures for bench/compare.py; `--profile [N]` runs 100 steps alone for callgrind (see profiledSteps), with N
// operations if given (0: the 21 of the default workload and ten more), `--chips` with three chips compared and
// `--zoom Z` at that zoom; `--large
// 1000,10000` chooses the sizes of the large scenarios (the default), `--large 0` skips them; `--measured 10000` the
// number of measured kernels on the chart in the last part (the default; 0 skips it);
// `--no-models` skips the whole models (Llama-3.1-405B decode and training); `--profile-measured` runs 50 steps with
// the measured kernels alone, for callgrind; `--profile-calibrated` 200 steps with 10,000 kernels under a calibration,
// for perf.
#include "bench_window.h"
#include "chart/chart_probe.h"
#include "chart/energy_chart.h"
#include "chart/roofline_chart.h"
#include "common/folding_tabs.h"
#include "common/log_slider.h"
#include "document/document.h"
#include "energy/energy_view.h"
#include "export/chart_export.h"
#include "files/open_scenario.h"
#include "files/scenario.h"
#include "panels/hardware_panel.h"
#include "window/main_window.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEvent>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSlider>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTextStream>
#include <QUndoStack>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <string_view>
#include <utility>
#include <vector>

using namespace roofline;
using namespace roofline::widgets;

namespace {

struct Figures {
    double median;
    double p95;
    double p99;
};

// `before`, when given, runs before each timed repetition, untimed.
Figures measure(int reps, const std::function<void(int)>& body, const std::function<void(int)>& before = {})
{
    std::vector<double> ms;
    for (int i = 0; i < reps; ++i) {
        if (before)
            before(i);
        QElapsedTimer timer;
        timer.start();
        body(i);
        ms.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
    }
    std::sort(ms.begin(), ms.end());
    auto at = [&ms](std::size_t percent) { return ms[std::min(ms.size() - 1, ms.size() * percent / 100)]; };
    return { ms[ms.size() / 2], at(95), at(99) };
}

// Prints a row and keeps it for --json, which bench/compare.py reads (export_png, export_svg, export_pdf).
QJsonObject g_json;

void report(const char* key, const char* what, Figures f)
{
    std::printf("%-48s median %8.3f ms   p95 %8.3f ms   p99 %8.3f ms\n", what, f.median, f.p95, f.p99);
    g_json.insert(QLatin1String(key),
        QJsonObject { { QStringLiteral("median_ms"), f.median }, { QStringLiteral("p95_ms"), f.p95 },
            { QStringLiteral("p99_ms"), f.p99 } });
}

// Ten operations beyond the default workload, of several kinds and sizes, so that the chart carries 21 operations.
void addExtraOperations(Document& state)
{
    const std::pair<std::string_view, double> extra[] = { { "matmul", 64 }, { "matmul", 1024 }, { "matmul", 8192 },
        { "batched_matmul", 16 }, { "batched_matmul", 512 }, { "sharded_matmul", 256 }, { "dot", 0 },
        { "layernorm", 0 }, { "allreduce", 0 }, { "data_parallel_step", 0 } };
    for (const auto& [kind, b] : extra) {
        auto op = makeOperation(kind);
        if (!op)
            continue;
        if (b > 0) {
            const std::string_view param = findParam(*op, "B") ? std::string_view("B") : mainParam(*op);
            setNumberParam(*op, param, b);
        }
        state.addOperation(std::move(*op));
    }
}

// A scenario of `count` matrix multiplications of growing batch on the H100, as a user's file holds them.
QString writeMatmulScenario(const QTemporaryDir& dir, int count)
{
    const QString path = dir.filePath(QStringLiteral("ops%1.yaml").arg(count));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Text))
        return {};
    QTextStream out(&file);
    out << "name: big\npreset: h100-sxm\noperations:\n";
    for (int i = 0; i < count; ++i)
        out << "  - {op: matmul, B: " << 64 + i << ", D: 4096, F: 4096}\n";
    return path;
}

// The H100 sweep scenario with its measured file made `count` kernels long by repeating the shipped file's cold-cache
// rows in turn, each kernel linked to the modeled matmul as the shipped scenario links them; `calibrated`, under the
// calibration built into the program from the sweep.
QString writeMeasuredScenario(const QTemporaryDir& dir, int count, bool calibrated = false)
{
    std::string_view shipped;
    for (const EmbeddedFile& f : embeddedFiles())
        if (f.name == "measured/h100-sweep.csv")
            shipped = f.text;
    std::vector<std::string_view> rows;
    const std::size_t headerEnd = shipped.find('\n');
    for (std::size_t at = headerEnd + 1; at < shipped.size();) {
        const std::size_t end = std::min(shipped.find('\n', at), shipped.size());
        const std::string_view row = shipped.substr(at, end - at);
        if (row.find(",1,") != std::string_view::npos) // the cold column, as the scenario's where=cold:1 keeps
            rows.push_back(row);
        at = end + 1;
    }
    const QString csv = dir.filePath(QStringLiteral("measured%1.csv").arg(count));
    const QString path
        = dir.filePath(QStringLiteral("measured%1%2.yaml").arg(count).arg(calibrated ? "-calibrated" : ""));
    QFile data(csv);
    QFile scenario(path);
    if (rows.empty() || !data.open(QIODevice::WriteOnly) || !scenario.open(QIODevice::WriteOnly))
        return {};
    QTextStream out(&data);
    out << QByteArray(shipped.substr(0, headerEnd + 1).data(), qsizetype(headerEnd + 1));
    for (int i = 0; i < count; ++i)
        out << QByteArray(
            rows[std::size_t(i) % rows.size()].data(), qsizetype(rows[std::size_t(i) % rows.size()].size()))
            << '\n';
    QTextStream yaml(&scenario);
    yaml << "name: measured\npreset: h100-sxm\noperations:\n  - {op: matmul, id: matmul, B: 256, D: 8192, F: 8192}\n"
         << "measured:\n  file: " << csv << "\n  format: csv\n"
         << "  columns: name=op+params,group=op,flops=flops,bytes=bytes,seconds=t_median_s,params=params,where=cold:1\n"
         << "  links:\n    - {kernels: \"matmul_bf16 B=* D=8192 F=8192\", operation: matmul}\n";
    if (calibrated)
        yaml << "calibration: embedded:calibrations/h100-sxm-sweep.yaml\n";
    return path;
}

// The slider steps alone, for `valgrind --tool=callgrind --toggle-collect='*profiledSteps*' bench_gui --profile`.
[[gnu::noinline]] void profiledSteps(int reps, const std::function<void(int)>& step)
{
    for (int i = 0; i < reps; ++i)
        step(i);
}

} // namespace

int main(int argc, char** argv)
{
    bench::prepareBenchPlatform();
    QApplication app(argc, argv);
    MainWindow window(loadPresetLibrary({}), builtInModels());
    if (!bench::showBenchWindow(window))
        return 1;
    window.document()->selectPreset(QStringLiteral("h100-sxm"));
    RooflineChart* chart = window.chart();
    QSlider* slider = window.hardwarePanel()->bandwidthSlider(QStringLiteral("HBM"))->slider();

    bench::PaintCounter painted;
    chart->installEventFilter(&painted);
    int replots = 0;
    int paintsAtReplot = 0; // paints of the chart before the last redraw finished
    QObject::connect(chart, &RooflineChart::redrawn, chart, [&] {
        ++replots;
        paintsAtReplot = painted.paints;
    });
    // Until the chart has redrawn (a full replot or its moving layer) and painted after it; both often happen in the
    // same pass of the event loop.
    auto waitForPaint = [&](int before) {
        while (replots == before || painted.paints == paintsAtReplot)
            QCoreApplication::processEvents(QEventLoop::AllEvents);
    };
    // One step: the slider moves (the state, the sliders' fields, the table and the chart's data update at once),
    // then the queued redraw runs on the next pass of the event loop, as it does under a dragging mouse, and the
    // widget paints on screen.
    auto step = [&](int i) {
        const int before = replots;
        slider->setValue(slider->value() + (i % 40 < 20 ? -1 : 1));
        waitForPaint(before);
    };
    const QStringList args = QCoreApplication::arguments();
    auto describe = [&](const char* what) {
        std::printf("%s: %zu operations shown, chart %dx%d px, %d graphs, %d items, %d legend entries\n", what,
            window.document()->analysis()->shown().size(), chart->width(), chart->height(), chart->graphCount(),
            chart->itemCount(), chart->legend->itemCount());
    };
    // A drag: the handle held down for the steps, as a mouse holds it (the chart draws without antialiasing until it
    // is let go); a key press steps with the handle up and everything antialiased.
    auto dragged = [&](const char* key, const char* what) {
        slider->setSliderDown(true);
        measure(20, step);
        report(key, what, measure(400, step));
        slider->setSliderDown(false);
        QCoreApplication::processEvents();
    };
    // Undo and redo of the last step, in turn, until the chart has painted: the same path as a step, from the stack.
    QUndoStack* undo = window.document()->undoStack();
    auto undoRedo = [&](int i) {
        const int before = replots;
        if (i % 2 == 0)
            undo->undo();
        else
            undo->redo();
        waitForPaint(before);
    };
    // Input comes to rest: the chart draws smooth again (RooflineChart::kSettleMs after the last step).
    auto rest = [&] {
        if (!ChartProbe(*chart).drawsFast())
            return;
        const int before = replots;
        chart->settle();
        waitForPaint(before);
    };
    describe("default scenario");
    dragged("drag_step_default", "HBM slider dragged, default scenario");
    measure(20, step); // warm-up
    report("slider_step_default", "HBM slider step, default scenario", measure(400, step));
    report("undo_redo_default", "undo or redo of a slider step, default scenario", measure(400, undoRedo));
    rest();
    // The same step in presentation (full screen, large type, the explanation as a band) and at a zoom of 150 %:
    // each may cost at most a tenth more than the step above. The chart's size is printed: offscreen, the screen is
    // the platform's (QT_QPA_PLATFORM=offscreen:configfile=... or a display sets it).
    window.setPresentation(true);
    if (!QTest::qWaitFor([&] { return window.isPresenting() && window.isFullScreen(); }))
        return 1;
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    describe("presentation");
    measure(20, step);
    report("slider_step_presentation", "HBM slider step, presentation", measure(400, step));
    window.setPresentation(false);
    if (!QTest::qWaitFor([&] { return !window.isPresenting() && !window.isFullScreen(); }))
        return 1;
    rest();
    window.setZoom(1.5);
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    describe("zoom 150 %");
    measure(20, step);
    report("slider_step_zoom", "HBM slider step, zoom 150 %", measure(400, step));
    window.setZoom(1);
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    rest();

    // The Energy tab in front (or the Readout back), the chip stating the energy model's constants: 0.5 pJ a bf16
    // FLOP, HBM2's 31.76 pJ an HBM byte, 100 W constant.
    auto energyTab = [&](bool front) {
        if (front)
            for (const auto& [key, value] : { std::pair { "energy_per_flop.bf16", 0.5e-12 },
                     std::pair { "energy_per_byte.HBM", 31.76e-12 }, std::pair { "power.constant", 100.0 } })
                if (window.document()->setHardwareValue(key, value))
                    return false;
        window.bottomTabs()->setCurrentIndex(front ? window.bottomTabs()->indexOf(window.energyView()) : 0);
        QCoreApplication::processEvents();
        return true;
    };
    if (!energyTab(true))
        return 1;
    rest();
    describe("default scenario, the Energy tab in front");
    dragged("drag_step_energy", "HBM slider dragged, default scenario, the Energy tab in front");
    measure(20, step);
    report("slider_step_energy", "HBM slider step, default scenario, the Energy tab in front", measure(400, step));
    energyTab(false);
    window.document()->resetToPreset();
    rest();

    // Four chips on one chart: the default scenario with three more compared (View ▸ Compare with…), their roofs,
    // markers and arrows following every step of the H100's slider.
    if (window.document()->setCompared({ "tpu-v5e", "b200", "mi300x" }))
        return 1;
    rest();
    describe("four chips");
    dragged("drag_step_four_chips", "HBM slider dragged, default scenario on four chips");
    measure(20, step);
    report("slider_step_four_chips", "HBM slider step, default scenario on four chips", measure(400, step));
    // The same with the Energy tab in front: every chip's energy roofline laid out and drawn each step.
    if (!energyTab(true))
        return 1;
    rest();
    dragged(
        "drag_step_energy_four_chips", "HBM slider dragged, default scenario on four chips, the Energy tab in front");
    measure(20, step);
    report("slider_step_energy_four_chips", "HBM slider step, default scenario on four chips, the Energy tab in front",
        measure(400, step));
    energyTab(false);
    window.document()->resetToPreset();
    if (window.document()->setCompared({}))
        return 1;
    rest();

    const std::size_t defaults = window.document()->operations().size();
    addExtraOperations(*window.document());
    std::printf("%zu default + %zu extra operations\n", defaults, window.document()->operations().size() - defaults);
    describe("with ten more");
    measure(20, step);
    if (args.contains(QStringLiteral("--profile-calibrated"))) { // 200 steps with 10,000 calibrated kernels, for perf
        QTemporaryDir scenarios;
        if (const QString error = window.openScenario(writeMeasuredScenario(scenarios, 10000, true)); !error.isEmpty())
            return 1;
        slider = window.hardwarePanel()->bandwidthSlider(QStringLiteral("HBM"))->slider();
        describe("profiled, calibrated");
        measure(20, step);
        profiledSteps(200, step);
        return 0;
    }
    if (const auto profile = args.indexOf(QStringLiteral("--profile")); profile >= 0) {
        // `--profile 200`: the steps with that many operations instead of 21.
        QTemporaryDir scenarios;
        if (const int count = profile + 1 < args.size() ? args[profile + 1].toInt() : 0; count > 0) {
            if (const QString error = window.openScenario(writeMatmulScenario(scenarios, count)); !error.isEmpty())
                return 1;
            slider = window.hardwarePanel()->bandwidthSlider(QStringLiteral("HBM"))->slider();
            describe("profiled");
            measure(20, step);
        }
        // `--profile N --chips`: the same steps with three chips compared, as the four-chip rows.
        if (args.contains(QStringLiteral("--chips"))) {
            if (window.document()->setCompared({ "tpu-v5e", "b200", "mi300x" }))
                return 1;
            describe("profiled, four chips");
            measure(20, step);
        }
        // `--profile N --zoom Z`: the same steps at a zoom, to compare with them at 100 %.
        if (const auto zoom = args.indexOf(QStringLiteral("--zoom")); zoom >= 0 && zoom + 1 < args.size()) {
            const double z = args[zoom + 1].toDouble();
            if (!(z > 0))
                return 1;
            window.setZoom(z);
            QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
            describe("profiled, zoomed");
            measure(20, step);
        }
        profiledSteps(100, step);
        return 0;
    }
    report("slider_step", "HBM slider step to replot and paint", measure(400, step));
    report("undo_redo", "undo or redo of a slider step, painted", measure(400, undoRedo));
    rest();
    // A step that starts from rest, and the smooth redraw when input rests again.
    report("first_step", "  a first step after rest, drawn fast", measure(40, step, [&](int) { rest(); }));
    report("settle", "  the smooth redraw once input rests",
        measure(
            40, [&](int) { rest(); }, step));

    auto stateOnly = [&](int i) {
        const double hbm = 3.35e12 * (1 + 0.001 * (i % 50));
        window.document()->setHardwareValue("bandwidth.HBM", hbm);
    };
    report("slider_state", "  of which state, table and chart data", measure(400, stateOnly));
    rest();
    report("layer_replot", "  redrawing the main layer into its buffer",
        measure(400, [&](int) { chart->layer(QStringLiteral("main"))->replot(); }));
    report("paint", "  a paint of the buffers onto the window", measure(400, [&](int) { chart->repaint(); }));
    report("replot", "  a full replot (every layer, layout)", measure(400, [&](int) { chart->replot(); }));
    report("replot_paint", "  a full replot and paint at once",
        measure(400, [&](int) { chart->replot(QCustomPlot::rpImmediateRefresh); }));

    QTemporaryDir dir;
    const ExportOptions png { QSize(1600, 1000), 2 };
    const ExportOptions vector { QSize(1600, 1000), 1 };
    // One of each first: the PDF writer's font embedding warms up once per process.
    for (const char* name : { "w.png", "w.svg", "w.pdf" })
        exportChart(*chart, dir.filePath(QLatin1String(name)), vector);
    report("export_png", "export PNG 1600x1000 at 2x",
        measure(20, [&](int) { exportChart(*chart, dir.filePath(QStringLiteral("b.png")), png); }));
    report("export_svg", "export SVG 1600x1000",
        measure(20, [&](int) { exportChart(*chart, dir.filePath(QStringLiteral("b.svg")), vector); }));
    report("export_pdf", "export PDF 1600x1000",
        measure(20, [&](int) { exportChart(*chart, dir.filePath(QStringLiteral("b.pdf")), vector); }));

    // 200 operations: the slider step at the 120 Hz target.
    if (const QString error = window.openScenario(writeMatmulScenario(dir, 200)); !error.isEmpty()) {
        std::fprintf(stderr, "bench_gui: %s\n", qPrintable(error));
        return 1;
    }
    slider = window.hardwarePanel()->bandwidthSlider(QStringLiteral("HBM"))->slider();
    describe("200 operations");
    measure(20, step);
    report("slider_step_200", "HBM slider step, 200 operations", measure(400, step));
    dragged("drag_step_200", "HBM slider dragged, 200 operations");
    report("undo_redo_200", "undo or redo of a slider step, 200 operations", measure(400, undoRedo));

    // Large scenarios: opening one in the window until the chart has painted it, an export as the command line makes
    // it (a chart of its own, PNG 1600x1000 at 2x, torn down after), and going back to the default workload.
    QStringList sizes = QStringList { QStringLiteral("1000"), QStringLiteral("10000") };
    if (const auto large = args.indexOf(QStringLiteral("--large")); large >= 0 && large + 1 < args.size())
        sizes = args[large + 1].split(QLatin1Char(','));
    const Hardware* h100 = window.document()->library().find("h100-sxm");
    auto loadDefault = [&] {
        const int before = replots;
        window.document()->load(defaultSession(*h100));
        waitForPaint(before);
    };
    // Measured kernels: a slider step with thousands of them on the chart, their table filled, each step placing
    // every kernel on the new chip again and linking it to the model. Their points sit on a buffered layer of their
    // own that a step does not draw.
    int measuredCount = 10000;
    if (const auto m = args.indexOf(QStringLiteral("--measured")); m >= 0 && m + 1 < args.size())
        measuredCount = args[m + 1].toInt();
    if (measuredCount > 0) {
        const QString path = writeMeasuredScenario(dir, measuredCount);
        const QByteArray count = QByteArray::number(measuredCount);
        report(("open_measured_" + count).constData(),
            qPrintable(QStringLiteral("open %1 measured kernels and paint").arg(measuredCount)), measure(3, [&](int) {
                const int before = replots;
                if (const QString error = window.openScenario(path); !error.isEmpty())
                    std::fprintf(stderr, "bench_gui: %s\n", qPrintable(error));
                waitForPaint(before);
            }));
        slider = window.hardwarePanel()->bandwidthSlider(QStringLiteral("HBM"))->slider();
        std::printf("%zu measured kernels, %zu linked\n", window.document()->analysis()->measured->points.size(),
            window.document()->analysis()->measured->links.size());
        describe(qPrintable(QStringLiteral("%1 measured kernels").arg(measuredCount)));
        measure(20, step);
        if (args.contains(QStringLiteral("--profile-measured"))) { // these steps alone, for callgrind
            profiledSteps(50, step);
            return 0;
        }
        report(("slider_step_measured_" + count).constData(),
            qPrintable(QStringLiteral("HBM slider step, %1 measured kernels").arg(measuredCount)), measure(400, step));
        dragged(("drag_step_measured_" + count).constData(),
            qPrintable(QStringLiteral("HBM slider dragged, %1 measured kernels").arg(measuredCount)));
        rest();
        report(("measured_state_" + count).constData(), "  of which state, both tables and chart data",
            measure(400, stateOnly));
        report(("measured_analysis_" + count).constData(), "  of which analysing the session with its kernels",
            measure(
                100, [&](int) { analyse(window.document()->session(), window.document()->analysis()->measuredSet); }));
        rest();
        report(("measured_layer_" + count).constData(), "  redrawing the measured kernels' layer (not done by a step)",
            measure(40, [&](int) { chart->layer(QStringLiteral("measured"))->replot(); }));
        // The same kernels under the calibration fitted on the sweep: a step also predicts every kernel, bins the
        // errors of the Measured tab's histogram and draws the calibrated roofs.
        if (const QString error = window.openScenario(writeMeasuredScenario(dir, measuredCount, true));
            !error.isEmpty())
            std::fprintf(stderr, "bench_gui: %s\n", qPrintable(error));
        slider = window.hardwarePanel()->bandwidthSlider(QStringLiteral("HBM"))->slider();
        measure(20, step);
        report(("slider_step_calibrated_" + count).constData(),
            qPrintable(QStringLiteral("HBM slider step, %1 measured kernels, calibrated").arg(measuredCount)),
            measure(400, step));
        dragged(("drag_step_calibrated_" + count).constData(),
            qPrintable(QStringLiteral("HBM slider dragged, %1 measured kernels, calibrated").arg(measuredCount)));
        rest();
        loadDefault();
    }

    // Whole models: an HBM slider step with Llama-3.1-405B (126 layers) over 8 GPUs on the chart, its operations
    // made anew from the settings, evaluated, solved and summed at every step; a decode step, then a training step
    // (TP 8 × PP 9 × DP 16, 16 microbatches: its forward and backward passes, 68 operations); then DeepSeek-V3's
    // decode step over 8 GPUs by expert parallelism (latent attention, dense, shared and routed experts, all-to-all:
    // 31 operations).
    if (!args.contains(QStringLiteral("--no-models"))) {
        struct Model {
            const char* key;
            const char* title;
            const char* block;
        };
        const Model models[] = {
            { "405b_decode", "Llama-3.1-405B decode",
                "model:\n  id: llama-3.1-405b\n  phase: decode\n  batch: 16\n  tp: 8\n  link: NVLink\n" },
            { "405b_train", "Llama-3.1-405B training step",
                "model:\n  id: llama-3.1-405b\n  phase: train\n  batch: 1024\n  prompt: 4096\n  tp: 8\n"
                "  link: NVLink\n  pp: 9\n  dp: 16\n  microbatches: 16\n  dp_link: IB\n  pp_link: IB\n" },
            { "dsv3_ep8_decode", "DeepSeek-V3 decode, EP 8",
                "model:\n  id: deepseek-v3\n  phase: decode\n  batch: 256\n  weights: fp8\n  ep: 8\n"
                "  ep_link: NVLink\n" },
        };
        for (const auto& [key, title, block] : models) {
            const QString path = dir.filePath(QStringLiteral("%1.yaml").arg(QLatin1String(key)));
            QFile file(path);
            if (!file.open(QIODevice::WriteOnly))
                return 1;
            file.write(QByteArray("name: ") + key + "\npreset: h100-sxm\noperations: []\n" + block);
            file.close();
            if (const QString error = window.openScenario(path); !error.isEmpty()) {
                std::fprintf(stderr, "bench_gui: %s\n", qPrintable(error));
                return 1;
            }
            slider = window.hardwarePanel()->bandwidthSlider(QStringLiteral("HBM"))->slider();
            describe(key);
            measure(20, step);
            report((QByteArray("slider_step_") + key).constData(),
                qPrintable(QStringLiteral("HBM slider step, %1").arg(QLatin1String(title))), measure(400, step));
            dragged((QByteArray("drag_step_") + key).constData(),
                qPrintable(QStringLiteral("HBM slider dragged, %1").arg(QLatin1String(title))));
            rest();
            report((QByteArray("analysis_") + key).constData(), "  of which analysing the session",
                measure(100, [&](int) { analyse(window.document()->session()); }));
        }
        loadDefault();
        slider = window.hardwarePanel()->bandwidthSlider(QStringLiteral("HBM"))->slider();
    }

    for (const QString& size : sizes) {
        const int count = size.toInt();
        if (count <= 0)
            continue;
        const QString path = writeMatmulScenario(dir, count);
        const QByteArray open = "open_" + size.toLatin1();
        report(open.constData(), qPrintable(QStringLiteral("open %1 operations and paint").arg(count)),
            measure(3, [&](int) {
                loadDefault();
                const int before = replots;
                window.openScenario(path);
                waitForPaint(before);
            }));
        describe(qPrintable(QStringLiteral("%1 operations").arg(count)));
        slider = window.hardwarePanel()->bandwidthSlider(QStringLiteral("HBM"))->slider();
        measure(5, step);
        report(("slider_step_" + size.toLatin1()).constData(),
            qPrintable(QStringLiteral("HBM slider step, %1 operations").arg(count)), measure(40, step));
        rest();
        // The same operations on four chips: each step moves every marker of the compared chips too (the analysis
        // evaluates each operation on each), and the first RooflineChart::kComparedArrows get arrows.
        if (window.document()->setCompared({ "tpu-v5e", "b200", "mi300x" }))
            return 1;
        rest();
        slider = window.hardwarePanel()->bandwidthSlider(QStringLiteral("HBM"))->slider();
        describe(qPrintable(QStringLiteral("%1 operations on four chips").arg(count)));
        measure(5, step);
        report(("slider_step_four_chips_" + size.toLatin1()).constData(),
            qPrintable(QStringLiteral("HBM slider step, %1 operations on four chips").arg(count)), measure(40, step));
        report(("analysis_four_chips_" + size.toLatin1()).constData(), "  of which analysing the session",
            measure(20, [&](int) { analyse(window.document()->session()); }));
        rest();
        if (window.document()->setCompared({}))
            return 1;
        // The Energy tab in front, the chip stating every constant of the energy model: each step lays out the
        // energy roofline too (chart::energyLayout) and draws its points and bands.
        if (!energyTab(true))
            return 1;
        rest();
        slider = window.hardwarePanel()->bandwidthSlider(QStringLiteral("HBM"))->slider();
        describe(qPrintable(QStringLiteral("%1 operations, the Energy tab in front").arg(count)));
        measure(5, step);
        report(("slider_step_energy_" + size.toLatin1()).constData(),
            qPrintable(QStringLiteral("HBM slider step, %1 operations, the Energy tab in front").arg(count)),
            measure(40, step));
        report(("energy_layout_" + size.toLatin1()).constData(), "  of which laying out the energy roofline",
            measure(20, [&](int) {
                const Analysis& a = *window.document()->analysis();
                std::vector<const Evaluation*> evaluations;
                for (std::size_t op : a.shown())
                    evaluations.push_back(&a.operations[op].evaluation.value());
                chart::energyLayout(a.hardware, a.dtype, evaluations);
            }));
        // And with three chips compared: each step lays out and draws every chip's energy roofline in one frame
        // (chart::energyLayouts).
        if (window.document()->setCompared({ "tpu-v5e", "b200", "mi300x" }))
            return 1;
        rest();
        slider = window.hardwarePanel()->bandwidthSlider(QStringLiteral("HBM"))->slider();
        describe(qPrintable(QStringLiteral("%1 operations on four chips, the Energy tab in front").arg(count)));
        measure(5, step);
        report(("slider_step_energy_four_chips_" + size.toLatin1()).constData(),
            qPrintable(
                QStringLiteral("HBM slider step, %1 operations on four chips, the Energy tab in front").arg(count)),
            measure(40, step));
        report(("energy_layouts_four_chips_" + size.toLatin1()).constData(),
            "  of which laying out the four chips' energy rooflines", measure(20, [&](int) {
                const Analysis& a = *window.document()->analysis();
                std::vector<std::vector<const Evaluation*>> evaluations(1 + a.compared.size());
                for (std::size_t op : a.shown()) {
                    evaluations[0].push_back(&a.operations[op].evaluation.value());
                    for (std::size_t k = 0; k < a.compared.size(); ++k)
                        evaluations[k + 1].push_back(
                            a.compared[k].evaluations[op] ? &a.compared[k].evaluations[op].value() : nullptr);
                }
                std::vector<chart::EnergyChip> chips { { &a.hardware, a.dtype, evaluations[0] } };
                for (std::size_t k = 0; k < a.compared.size(); ++k)
                    chips.push_back({ &a.compared[k].hardware, a.compared[k].dtype, evaluations[k + 1] });
                chart::energyLayouts(chips);
            }));
        if (window.document()->setCompared({}))
            return 1;
        energyTab(false);
        rest();
        report(("close_" + size.toLatin1()).constData(),
            qPrintable(QStringLiteral("  back to the default workload, painted")),
            measure(1, [&](int) { loadDefault(); }));
        const auto loaded = openScenario(path.toStdString(), window.document()->library(), window.document()->models());
        if (!loaded.ok())
            return 1;
        const auto analysis = std::make_shared<const Analysis>(analyse(loaded->session));
        report(("export_" + size.toLatin1()).constData(),
            qPrintable(QStringLiteral("export %1 operations to PNG 1600x1000 at 2x").arg(count)), measure(3, [&](int) {
                RooflineChart exported;
                exported.setAnalysis(analysis);
                exported.setTheme(ChartTheme::light());
                exported.resize(png.size);
                exportChart(exported, dir.filePath(QStringLiteral("big.png")), png);
            }));
    }

    if (const auto json = args.indexOf(QStringLiteral("--json")); json >= 0 && json + 1 < args.size()) {
        QFile out(args[json + 1]);
        if (!out.open(QIODevice::WriteOnly) || out.write(QJsonDocument(g_json).toJson()) < 0) {
            std::fprintf(stderr, "bench_gui: cannot write %s\n", qPrintable(args[json + 1]));
            return 1;
        }
    }
    return 0;
}
