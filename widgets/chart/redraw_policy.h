// SPDX-License-Identifier: GPL-3.0-or-later
// When the roofline chart redraws and how: a queued full replot, or the main layer alone while input follows input
// (a slider drag, a play), drawn fast, and the smooth redraw once input rests.
#pragma once

#include <QRect>
#include <QString>
#include <QTimer>

#include <functional>

namespace roofline::widgets {

// While input follows input (a slider dragged or stepped by keys, undo and redo) the chart draws fast: lines, fills
// and markers without antialiasing, markers stamped from images, as QCustomPlot itself draws while its axes are
// dragged (QCustomPlot::setNoAntialiasingOnDrag). kSettleMs after the last step, or when a drag ends, it draws smooth.
// A full replot lays the frame out (axes, title, legend); when the frame is as the last full replot left it, a redraw
// of the main layer alone suffices. This class holds that state; the chart acts on what it says.
class RedrawPolicy {
public:
    static constexpr int kSettleMs = 200;

    // `rested` runs when kSettleMs pass after the last step.
    explicit RedrawPolicy(std::function<void()> rested);

    // Input: a slider's handle held or let go, a step of some input, input resting now.
    void setDragging(bool dragging);
    bool dragging() const { return m_dragging; }
    void stepped() { m_settle.start(); }
    void rest() { m_settle.stop(); }
    bool followingInput() const { return m_dragging || m_settle.isActive(); }

    // Draws fast while following input, smooth otherwise: true when that changed. Ending it starts settling.
    bool turn();
    bool fast() const { return m_fast; }
    // Whether a full replot drew the frame fast since drawing went fast: the smooth redraw must be a full one too.
    bool fullWhileFast() const { return m_fullWhileFast; }

    // A file of the chart is being drawn (RooflineChart::SmoothScope): smooth, without the window's state. True on
    // entering the first and on leaving the last.
    bool enterFile() { return m_files++ == 0; }
    bool leaveFile() { return --m_files == 0; }
    bool file() const { return m_files > 0; }
    // Drawing fast on screen, not a file.
    bool fastOnScreen() const { return m_fast && m_files == 0; }

    // What a redraw asked for takes: a full replot (this one, or one already queued), a live redraw of the main layer
    // to queue, or nothing (one is queued).
    enum class Redraw { Full, Live, Queued };
    Redraw ask(bool full);
    // The queued live redraw runs: false when a full replot is queued, which draws everything.
    bool liveRuns();
    // A full replot starts with this frame, and ends with the plot at `plot`.
    void replotStarts(const QString& frame);
    void replotted(const QRect& plot) { m_frameRect = plot; }
    bool frameChanged(const QString& frame) const { return frame != m_frame; }
    // The background, the axes or the legend change: the next redraw is full.
    void forgetFrame() { m_frame.clear(); }
    // The plot's rectangle at the last full replot (an export lays out at another size in between).
    const QRect& frameRect() const { return m_frameRect; }
    // A redraw is done: true when it is the smooth one that ends drawing fast.
    bool finished();

private:
    QTimer m_settle;
    bool m_dragging = false;
    bool m_fast = false;
    bool m_settling = false; // fast drawing ended and the smooth redraw is not done yet
    bool m_fullWhileFast = false;
    bool m_fullQueued = false;
    bool m_liveQueued = false;
    int m_files = 0;
    QString m_frame; // axes, title and legend as last laid out by a full replot
    QRect m_frameRect;
};

} // namespace roofline::widgets
