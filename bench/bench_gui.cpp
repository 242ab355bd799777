// The window's interactive cost: one step of the HBM slider to a finished replot and repaint of the chart, with every
// operation of the default workload and ten more shown, and an export of each format. Prints the median, 95th and
// 99th percentile (400 steps: the 99th is the fourth slowest).
// Runs offscreen unless a display is set; build in Release for figures worth quoting. `--json FILE` also writes the
// figures for bench/compare.py; `--profile` runs 100 steps alone for callgrind (see profiledSteps).
#include "chart_export.h"
#include "document.h"
#include "hardware_panel.h"
#include "log_slider.h"
#include "main_window.h"
#include "roofline_chart.h"

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

Figures measure(int reps, const std::function<void(int)>& body)
{
    std::vector<double> ms;
    for (int i = 0; i < reps; ++i) {
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

// Counts the chart's paint events: with the offscreen platform a replot only schedules one, and the step is done
// when the widget has painted its buffers.
class PaintCounter : public QObject {
public:
    int paints = 0;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Paint)
            ++paints;
        return QObject::eventFilter(watched, event);
    }
};

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

// The slider steps alone, for `valgrind --tool=callgrind --toggle-collect='*profiledSteps*' bench_gui --profile`.
[[gnu::noinline]] void profiledSteps(int reps, const std::function<void(int)>& step)
{
    for (int i = 0; i < reps; ++i)
        step(i);
}

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QStandardPaths::setTestModeEnabled(true);
    QApplication app(argc, argv);
    MainWindow window(loadPresetLibrary({}));
    window.resize(1400, 900);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return 1;
    window.document()->selectPreset(QStringLiteral("h100-sxm"));
    const std::size_t defaults = window.document()->operations().size();
    addExtraOperations(*window.document());
    RooflineChart* chart = window.chart();
    QSlider* slider = window.hardwarePanel()->bandwidthSlider(QStringLiteral("HBM"))->slider();
    std::printf("%zu operations shown (%zu default + %zu extra), chart %dx%d px, %d graphs, %d items\n",
        window.document()->operations().size(), defaults, window.document()->operations().size() - defaults,
        chart->width(), chart->height(), chart->graphCount(), chart->itemCount());

    PaintCounter painted;
    chart->installEventFilter(&painted);
    int replots = 0;
    int paintsAtReplot = 0; // paints of the chart before the last replot finished
    QObject::connect(chart, &QCustomPlot::afterReplot, chart, [&] {
        ++replots;
        paintsAtReplot = painted.paints;
    });
    // One step: the slider moves (the state, the sliders' fields, the table and the chart's data update at once),
    // then the queued replot runs on the next pass of the event loop, as it does under a dragging mouse, and the
    // widget paints the new buffers on screen. The step ends when the replot is done and the chart has painted after
    // it; both often happen in the same pass of the event loop.
    auto step = [&](int i) {
        const int before = replots;
        slider->setValue(slider->value() + (i % 40 < 20 ? -1 : 1));
        while (replots == before || painted.paints == paintsAtReplot)
            QCoreApplication::processEvents(QEventLoop::AllEvents);
    };
    measure(20, step); // warm-up
    const QStringList args = QCoreApplication::arguments();
    if (args.contains(QStringLiteral("--profile"))) {
        profiledSteps(100, step);
        return 0;
    }
    report("slider_step", "HBM slider step to replot and paint", measure(400, step));

    auto stateOnly = [&](int i) {
        const double hbm = 3.35e12 * (1 + 0.001 * (i % 50));
        window.document()->setHardwareValue("bandwidth.HBM", hbm);
    };
    report("slider_state", "  of which state, table and chart data", measure(400, stateOnly));
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

    if (const auto json = args.indexOf(QStringLiteral("--json")); json >= 0 && json + 1 < args.size()) {
        QFile out(args[json + 1]);
        if (!out.open(QIODevice::WriteOnly) || out.write(QJsonDocument(g_json).toJson()) < 0) {
            std::fprintf(stderr, "bench_gui: cannot write %s\n", qPrintable(args[json + 1]));
            return 1;
        }
    }
    return 0;
}
