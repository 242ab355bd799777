// SPDX-License-Identifier: GPL-3.0-or-later
// The energy roofline: FLOPs per joule against arithmetic intensity on log-log axes (core chart/energy_chart.h). The
// energy model's curve for each memory level or link with a stated energy, the time roofline at board power under it,
// and each visible operation as a band from its figure at board power (hollow, a lower bound on its efficiency) up to
// the model's (filled; an upper bound when the chip states only some of the model's constants).
#pragma once

#include "chart/energy_chart.h"
#include "common/chart_theme.h"
#include "common/fitted_chart.h"
#include "session/analysis.h"

#include <qcustomplot.h>

#include <memory>
#include <optional>
#include <vector>

namespace roofline::widgets {

class EnergyChart : public QCustomPlot, public FittedChart {
    Q_OBJECT
public:
    explicit EnergyChart(QWidget* parent = nullptr);

    // Spaces the ticks for a chart of `size` (FittedChart).
    void fitTo(QSize size) override;

    void setAnalysis(std::shared_ptr<const Analysis>);
    void setTheme(const ChartTheme&);
    // Holds the axes as they are (a slider drag): the curves are sampled across them, and the chart is drawn without
    // antialiasing; released, the axes follow the content again.
    void holdAxes(bool held);

    // What is drawn, for tests: the core's layout, and the session index of each of its markers' operations.
    const chart::EnergyLayout& layout() const { return m_layout; }
    std::size_t sessionOperation(std::size_t marker) const { return m_operations[m_layout.markers[marker].operation]; }
    // The graphs of the model's curves (in the layout's order), of the board-power roofline (null without one), and of
    // the operations' filled and hollow points, by operation colour.
    const std::vector<QCPGraph*>& curveGraphs() const { return m_curveGraphs; }
    QCPGraph* boardGraph() const { return m_boardGraph; }
    const std::vector<QCPGraph*>& modelPointGraphs() const { return m_modelPoints; }
    const std::vector<QCPGraph*>& boardPointGraphs() const { return m_boardPoints; }
    // The hover text of the marker nearest `pixel` within reach, or an empty string.
    QString hoverText(QPointF pixel) const;
    // The chip and the dtype above the chart, as an export needs them; the window's tab has its caption beside it.
    void setTitled(bool);
    QString titleText() const;
    // Samples and lays out the current analysis now, visible or not.
    void draw();
    // Draws what setAnalysis or setTheme left undrawn while the chart was hidden.
    void drawIfStale()
    {
        if (m_stale)
            draw();
    }

protected:
    void showEvent(QShowEvent*) override;

private:
    void rebuild();
    void drawMarkers();
    void drawGuides();
    void placeLegend();
    void mouseMoved(QMouseEvent*);

    std::shared_ptr<const Analysis> m_analysis;
    ChartTheme m_theme;
    chart::EnergyLayout m_layout;
    std::vector<std::size_t> m_operations; // session index of each evaluation given to the layout
    std::optional<chart::Axes> m_held;
    bool m_holding = false;
    bool m_stale = true;
    QRect m_tickViewport;
    std::vector<QCPGraph*> m_curveGraphs;
    QCPGraph* m_boardGraph = nullptr;
    std::vector<QCPGraph*> m_modelPoints;
    std::vector<QCPGraph*> m_boardPoints;
    QCPTextElement* m_title = nullptr;
};

} // namespace roofline::widgets
