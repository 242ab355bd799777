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

// A roof as drawn: its line, its name and, for a sloped one, its ridge's label and the leader that joins that label to
// the ridge when it moves out. A line item, not a graph: QCustomPlot draws it with QPainter::drawLine, which Qt's
// raster engine strokes dash by dash along the line, where a graph's polyline in an export has each dash outlined and
// filled as a path (a quarter of a PNG export's instructions went to the dashed roofs).
struct RoofItems {
    QCPItemLine* line = nullptr;
    QCPItemText* label = nullptr;
    QCPItemText* ridgeLabel = nullptr;
    QCPItemLine* ridgeLeader = nullptr;
};

// The order the chart's words are placed in, first to last: when room runs out the last are left out. The lesson's
// own roof, ridge, operation and answer first; the chips' key, which names the compared chips' dashes; what holds an
// operation down; the operations' names; the rest.
enum TextRank : int {
    kRankLesson,
    kRankKey,
    kRankBinding,
    kRankNames,
    kRankCounts,
    kRankTouched,
    kRankSecondary,
    kRankUntouched,
    kRankCaptions,
};

// A graph's points, and points set into a graph (the layers' read-backs and updates).
QVector<QPointF> pointsOf(const QCPGraph*);
void setPoints(QCPGraph*, const std::vector<chart::Point>&);

} // namespace roofline::widgets
