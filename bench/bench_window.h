// SPDX-License-Identifier: GPL-3.0-or-later
// What the window benchmarks share: the platform they run on, the window as they open it, and a count of the chart's
// paints.
#pragma once

#include "window/main_window.h"

#include <QApplication>
#include <QEvent>
#include <QStandardPaths>
#include <QTest>

namespace roofline::bench {

// Offscreen unless a display is set; settings of the test mode, never the user's. Before the QApplication.
inline void prepareBenchPlatform()
{
    if (qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QStandardPaths::setTestModeEnabled(true);
}

// The window at 1400x900, shown and exposed.
inline bool showBenchWindow(widgets::MainWindow& window)
{
    window.resize(1400, 900);
    window.show();
    return QTest::qWaitForWindowExposed(&window);
}

// Counts the chart's paint events: with the offscreen platform a replot only schedules one, and a step is done when
// the widget has painted its buffers.
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

} // namespace roofline::bench
