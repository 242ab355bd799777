// SPDX-License-Identifier: GPL-3.0-or-later
// The sweep chart: attainable FLOP/s against one count parameter (B, D, N, tokens) for the visible operations that
// have it, on log-log axes, the scaling book's batch-size figure. Each operation's curve, each resource's bound as a
// thin line, its exact critical value marked, and its current value as a dot that can be dragged along the curve.
#pragma once

#include "common/chart_theme.h"
#include "common/fitted_chart.h"
#include "roofline/sweep.h"
#include "session/analysis.h"

#include <qcustomplot.h>

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace roofline::widgets {

// The legend's name of a curve that `values` operations share, differing only in the swept `param`: the first one's
// name without the word that gives its value ("D=F=4096 B=32" over B, 5 of them: "D=F=4096 (5 values of B)"), so
// that a drag or a play does not leave it naming an old value; the name itself when it is one operation's, or when
// the value is not a word of its own ("D=F=4096" swept over F keeps it).
QString sweepFamilyName(const QString& name, const QString& param, int values);

class SweepChart : public QCustomPlot, public FittedChart {
    Q_OBJECT
public:
    explicit SweepChart(QWidget* parent = nullptr);

    // Spaces the ticks for a chart of `size` (FittedChart).
    void fitTo(QSize size) override;

    void setAnalysis(std::shared_ptr<const Analysis>);
    void setTheme(const ChartTheme&);
    // The parameter swept; empty: the main parameter of the first visible operation.
    void setParam(const std::string& param);
    void setRange(double from, double to);
    // The range as set; the chart may reach further, to show every operation's current value.
    std::pair<double, double> range() const { return { m_from, m_to }; }
    const std::string& param() const { return m_param; }
    const Analysis& analysis() const { return *m_analysis; }

    // What is drawn, for tests: one sweep per drawn operation, and the session index of each.
    const std::vector<Sweep>& sweeps() const { return m_sweeps; }
    const std::vector<std::size_t>& operations() const { return m_operations; }
    // The count parameters of the visible operations: their main parameters, the most shared first, then the rest.
    std::vector<std::string> params() const;
    // The chip, the dtype and the parameter above the chart, as an export needs them; the window's Sweep tab names
    // them beside the chart and keeps the room for the curves.
    void setTitled(bool);
    QString titleText() const;
    // The presentation's frame, as the roofline's: tick labels and axis names inside the plot, which reaches the
    // chart's edges, and the right axis's shares of the peak left out (the peak's line names it).
    void setAxesInside(bool inside);
    bool axesInside() const { return m_axesInside; }
    // The current-value dot of session operation `op` as drawn, or nothing when it has none.
    std::optional<QPointF> cursorPoint(std::size_t op) const;
    // Samples and lays out the current analysis now, visible or not.
    void draw();

signals:
    // The user dragged the current-value dot of session operation `op` to `value`; pressed and released bracket
    // the drag.
    void valueDragged(std::size_t op, double value);
    void dragStarted();
    void dragFinished();

protected:
    void showEvent(QShowEvent*) override;

private:
    // Samples and draws again. A hidden chart only keeps the analysis, and draws it when shown: slider steps cost
    // nothing while it is out of sight. An export (toPainter, toPixmap) of a hidden chart calls draw() first.
    void rebuild();
    void drawPeaks(std::vector<double> peaks);
    void placeCriticalLabels(std::vector<std::pair<double, QCPItemText*>> labels);
    // The axes' names inside the plot, when the frame is (setAxesInside); made anew with every draw.
    void addInsideNames();
    // Keeps tick labels inside the plot clear of each other, of the names and of the legend, for a plot of `plot`.
    void fitInsideFrame(QSizeF plot);
    void mousePress(QMouseEvent*);
    void mouseMoveDrag(QMouseEvent*);
    void mouseRelease(QMouseEvent*);

    std::shared_ptr<const Analysis> m_analysis;
    ChartTheme m_theme;
    std::string m_param;
    std::string m_chosenParam; // as set; m_param is what it resolved to
    double m_from = 1;
    double m_to = 16384; // at least; the chart reaches further to show every operation's current value
    double m_shownTo = 16384;
    std::vector<Sweep> m_sweeps;
    std::vector<std::size_t> m_operations;
    std::vector<QCPGraph*> m_cursors; // one dot per drawn operation
    std::optional<std::size_t> m_dragging; // index into m_operations
    bool m_stale = true; // the analysis changed while hidden
    QRect m_tickViewport; // the viewport the axes' ticks were last fitted to
    QCPTextElement* m_title = nullptr; // the chip, the dtype and the parameter (setTitled)
    bool m_axesInside = false;
    QMargins m_usualMargins; // the axis rect's, and its legend's inset, in the usual frame
    QMargins m_usualInset;
    QCPItemText* m_xName = nullptr; // inside the plot (setAxesInside)
    QCPItemText* m_yName = nullptr;
};

} // namespace roofline::widgets
