// SPDX-License-Identifier: GPL-3.0-or-later
// The play control's frames on the default scenario, or on the scenario named on the command line: B of its first
// matmul played from 1 to 16,384 over 10 s, each frame one step of the play's clock (QVariantAnimation::setCurrentTime)
// until the chart has redrawn and painted. 600 frames are 60 per second of the play; the target is a p99 under 8 ms,
// so that a play holds 60 frames per second. Then the same play run by its own clock for 3 s, counting the frames
// painted. Prints the median, 95th and 99th percentile. Runs offscreen unless a display is set; build in Release for
// figures worth quoting.
#include "bench_window.h"
#include "chart/chart_probe.h"
#include "document/document.h"
#include "files/model_presets.h"
#include "panels/play_bar.h"
#include "panels/teaching.h"
#include "panels/workload_panel.h"
#include "window/main_window.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEvent>
#include <QStandardPaths>
#include <QTest>
#include <QVariantAnimation>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace roofline;
using namespace roofline::widgets;

namespace {

void report(const char* what, std::vector<double> ms)
{
    std::sort(ms.begin(), ms.end());
    auto at = [&ms](std::size_t percent) { return ms[std::min(ms.size() - 1, ms.size() * percent / 100)]; };
    std::printf("%-52s median %7.3f ms   p95 %7.3f ms   p99 %7.3f ms   max %7.3f ms   (%zu frames)\n", what,
        ms[ms.size() / 2], at(95), at(99), ms.back(), ms.size());
}

} // namespace

int main(int argc, char** argv)
{
    constexpr int kFrames = 600; // 60 per second of a 10 s play
    bench::prepareBenchPlatform();
    QApplication app(argc, argv);
    MainWindow window(loadPresetLibrary({}), builtInModels());
    if (!bench::showBenchWindow(window))
        return 1;
    // `bench_play FILE.yaml`: that scenario instead of the default one.
    if (const QStringList args = QCoreApplication::arguments(); args.size() > 1)
        if (const QString error = window.openScenario(args[1]); !error.isEmpty())
            return 1;
    Document* document = window.document();
    std::size_t matmul = document->operations().size();
    for (std::size_t i = 0; i < document->operations().size(); ++i)
        if (kindName(document->operations()[i].op) == "matmul") {
            matmul = i;
            break;
        }
    if (matmul == document->operations().size())
        return 1;
    window.workloadPanel()->selectOperation(static_cast<int>(matmul));
    PlayBar* play = window.teaching()->playBar();
    play->setPlay(QStringLiteral("B"), 1, 16384, 10);
    QVariantAnimation* clock = play->animation();
    RooflineChart* chart = window.chart();
    std::printf("scenario on %s: %zu operations shown, chart %dx%d px, axes %s\n", document->hardware().name.c_str(),
        document->analysis()->shown().size(), chart->width(), chart->height(),
        ChartProbe(*chart).axesLocked() ? "locked" : "unlocked");

    bench::PaintCounter painted;
    chart->installEventFilter(&painted);
    int redraws = 0;
    int paintsAtRedraw = 0;
    QObject::connect(chart, &RooflineChart::redrawn, chart, [&] {
        ++redraws;
        paintsAtRedraw = painted.paints;
    });
    auto waitForPaint = [&](int before) {
        while (redraws == before || painted.paints == paintsAtRedraw)
            QCoreApplication::processEvents(QEventLoop::AllEvents);
    };

    // Frames driven one by one: the value, the analysis, the table, the panels and the chart, painted.
    for (int pass = 0; pass < 2; ++pass) { // the first pass warms up
        std::vector<double> ms;
        int changed = 0;
        play->play();
        play->pause(); // paused: the clock moves only when set
        document->beginGesture(); // as a running play holds one
        chart->setDragging(true);
        for (int i = 1; i <= kFrames; ++i) {
            QElapsedTimer timer;
            timer.start();
            const int before = redraws;
            const double b = *numberParam(document->operations()[matmul].op, "B");
            clock->setCurrentTime(i * clock->duration() / kFrames);
            // Near B = 1 several frames round to the same whole B: nothing changes, nothing is drawn.
            if (*numberParam(document->operations()[matmul].op, "B") != b) {
                waitForPaint(before);
                ++changed;
            }
            ms.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        }
        document->endGesture();
        if (pass == 1) {
            std::printf("%d of %d frames changed B\n", changed, kFrames);
            report("play frame: clock step to chart painted", ms);
        }
        clock->setCurrentTime(0);
        QCoreApplication::processEvents();
    }

    // The play on its own clock for 3 s: the intervals between the chart's paints.
    play->setPlay(QStringLiteral("B"), 1, 16384, 3);
    clock->setCurrentTime(0);
    std::vector<double> intervals;
    QElapsedTimer since;
    int lastPaints = painted.paints;
    play->play();
    since.start();
    while (play->isPlaying()) {
        QCoreApplication::processEvents(QEventLoop::AllEvents);
        if (painted.paints != lastPaints) {
            lastPaints = painted.paints;
            intervals.push_back(static_cast<double>(since.nsecsElapsed()) / 1e6);
            since.restart();
        }
    }
    if (intervals.size() > 1) {
        intervals.erase(intervals.begin()); // from the start, not a frame
        std::printf("played by its clock: %zu frames painted in 3 s (%.1f per second)\n", intervals.size() + 1,
            static_cast<double>(intervals.size() + 1) / 3);
        report("  interval between painted frames", intervals);
    }
    return 0;
}
