// SPDX-License-Identifier: GPL-3.0-or-later
// What each layer of the roofline chart draws with: the plot it adds its graphs and items to, the analysis and the
// layout being drawn, the theme, and the chart's ways of making a text and of mapping a point. Layers hold their own
// graphs and items, draw what the core laid out, and add their lines, marks and words to the chart's TextScene.
#pragma once

#include "chart/chart.h"
#include "chart/text_scene.h"
#include "common/chart_theme.h"
#include "session/analysis.h"

#include <qcustomplot.h>

#include <QColor>
#include <QFont>
#include <QHash>
#include <QPointF>
#include <QSizeF>
#include <QString>
#include <QVector>

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace roofline::widgets {

// Texts' sizes, measured once per font and text: the chart keeps them from one layout to the next, since a slider
// step changes few of its words.
class TextSizes {
public:
    // A box for the text in its font: its bounding rectangle and three pixels of air on each side.
    QSizeF box(const QFont&, const QString&);
    QSizeF box(const QCPItemText* text) { return box(text->font(), text->text()); }
    // As QCPItemText measures them, for the text layout (TextScene).
    TextScene::SizeCache& items() { return m_items; }
    void clear();

private:
    QHash<QFont, QHash<QString, QSizeF>> m_boxes;
    TextScene::SizeCache m_items;
};

// The session's chip's lines by the resource each draws (its datasheet, practical, calibrated and measured roofs):
// a roof's name may lie nearer another line of its own resource than its own, not nearer another resource's.
class LineFamilies {
public:
    void add(std::size_t line, std::string resource) { m_lines.emplace_back(line, std::move(resource)); }
    // The lines drawn for `resource`, but `own`.
    std::vector<std::size_t> of(const std::string& resource, std::size_t own) const;

private:
    std::vector<std::pair<std::size_t, std::string>> m_lines;
};

struct LayerContext {
    QCustomPlot& plot;
    const Analysis& analysis;
    const ChartTheme& theme;
    const chart::Layout& layout;
    const std::vector<std::size_t>& shown; // the session's index of each evaluation the layout's markers index
    const std::vector<Evaluation>& evaluations; // of the shown operations, which the layout's markers index
    QCPLayer* main; // lines, markers and texts: the layer a slider step redraws
    TextSizes& sizes;
    // A text of `points` in `colour`, drawn after every line and marker of the main layer.
    std::function<QCPItemText*(double points, const QColor& colour)> addText;
    bool file = false; // drawn for a file (RooflineChart::SmoothScope): without the window's state
    bool fast = false; // drawn fast on screen, while input follows input

    QPointF pixel(chart::Point p) const { return { plot.xAxis->coordToPixel(p.x), plot.yAxis->coordToPixel(p.y) }; }
    // The veil texts sit on, so that a line passing under them does not cross the letters.
    QColor halo() const
    {
        QColor veil = theme.background;
        veil.setAlpha(200);
        return veil;
    }
    // An operation's marker: its visible disc with its pen, in pixels; and the room it takes with a little air.
    double markerDiameter() const { return 9 * theme.zoom + theme.width(2); }
    double markerRoom() const { return 14 * theme.zoom; }
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
// A sloped roof's ridge label on a veil and its leader, hidden until the text layout places them.
void addRidgeItems(const LayerContext&, RoofItems&);
// Moves a roof's line to the segment and gives its name the words and the spot the layout has for it.
void setRoof(RoofItems&, const chart::RoofSegment&, const QString& name);

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
