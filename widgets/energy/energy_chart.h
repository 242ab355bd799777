// SPDX-License-Identifier: GPL-3.0-or-later
// The energy roofline: FLOPs per joule against arithmetic intensity on log-log axes (core chart/energy_chart.h). The
// energy model's curve for each memory level or link with a stated energy, the time roofline at board power under it,
// and each visible operation as a band from its figure at board power (hollow, a lower bound on its efficiency) up to
// the model's (filled; an upper bound when the chip states only some of the model's constants). The chips compared
// with the session's (View ▸ Compare with…) in the same frame: their curves and board-power rooflines in their dash
// patterns, their operations' bands in their marker shapes (common/compared_style.h).
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
    // Whether any chip, the session's or a compared one, has a curve, a board-power roofline or an operation's band.
    bool drawsAnything() const;
    std::size_t sessionOperation(std::size_t marker) const { return m_shown[m_layout.markers[marker].operation]; }
    // The compared chips' layouts, in Analysis::compared's order, framed with the session's; their markers' operations
    // index the visible operations (Analysis::shown).
    const std::vector<chart::EnergyLayout>& comparedLayouts() const { return m_compared; }
    // The graphs of each compared chip's filled and hollow points, by operation colour, the chips in turn.
    const std::vector<QCPGraph*>& comparedPointGraphs() const { return m_comparedPoints; }
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
    // The operations' bands of one chip: one graph of filled and one of hollow points per operation colour, in
    // `filled` and `hollow` shapes.
    void drawMarkers(const chart::EnergyLayout&, QCPScatterStyle::ScatterShape filledShape,
        QCPScatterStyle::ScatterShape hollowShape, double filledAlpha, std::vector<QCPGraph*>& filled,
        std::vector<QCPGraph*>& hollow);
    void drawCompared();
    void drawPointKey();
    QString markerText(const chart::EnergyMarker&, const Hardware&, const Evaluation&, std::size_t sessionOp) const;
    void drawGuides();
    void placeLegend();
    void mouseMoved(QMouseEvent*);

    std::shared_ptr<const Analysis> m_analysis;
    ChartTheme m_theme;
    chart::EnergyLayout m_layout;
    std::vector<std::size_t> m_shown; // the visible operations (Analysis::shown), which every chip's markers index
    std::vector<chart::EnergyLayout> m_compared;
    std::vector<QCPGraph*> m_comparedPoints;
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
