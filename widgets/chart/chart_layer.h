// SPDX-License-Identifier: GPL-3.0-or-later
// What each layer of the roofline chart draws with: the plot it adds its graphs and items to, the analysis and the
// layout being drawn, the theme, and the chart's ways of making a text and of mapping a point. Layers hold their own
// graphs and items, draw what the core laid out, and add their lines, marks and words to the chart's TextScene.
#pragma once

#include "chart/chart.h"
#include "common/chart_theme.h"
#include "session/analysis.h"

#include <qcustomplot.h>

#include <QColor>
#include <QPointF>
#include <QVector>

#include <functional>
#include <vector>

namespace roofline::widgets {

struct LayerContext {
    QCustomPlot& plot;
    const Analysis& analysis;
    const ChartTheme& theme;
    const chart::Layout& layout;
    const std::vector<std::size_t>& shown; // the session's index of each evaluation the layout's markers index
    QCPLayer* main; // lines, markers and texts: the layer a slider step redraws
    // A text of `points` in `colour`, drawn after every line and marker of the main layer.
    std::function<QCPItemText*(double points, const QColor& colour)> addText;

    QPointF pixel(chart::Point p) const { return { plot.xAxis->coordToPixel(p.x), plot.yAxis->coordToPixel(p.y) }; }
    // The veil texts sit on, so that a line passing under them does not cross the letters.
    QColor halo() const
    {
        QColor veil = theme.background;
        veil.setAlpha(200);
        return veil;
    }
};

// A graph's points, and points set into a graph (the layers' read-backs and updates).
QVector<QPointF> pointsOf(const QCPGraph*);
void setPoints(QCPGraph*, const std::vector<chart::Point>&);

} // namespace roofline::widgets
