// SPDX-License-Identifier: GPL-3.0-or-later
// The operations on the roofline chart: their markers (hollow on each roof they touch, filled on the one that binds),
// the lines joining each operation's markers, one marker drawn for those that would hide one another with a count
// beside it, their names beside their markers, the legend's rows, and the rings round the selected operation's.
#pragma once

#include "chart/chart_layer.h"
#include "chart/marker_sprites.h"
#include "chart/marker_stacks.h"
#include "chart/text_scene.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace roofline::widgets {

class OperationLayer {
public:
    // A legend of thousands of rows helps nobody and hides the plot: it lists this many operations at most, the
    // first ones shown, then one row naming how many more there are.
    static constexpr int kLegendOperations = 15;
    // Names beside markers, at most: more would not fit a plot, and placing stops when they are used up.
    static constexpr int kOperationLabels = 120;
    // Marker shapes: series of one colour differ in shape, the n-th taking the n-th.
    static constexpr std::size_t kMarkerShapes = 8;
    // Up to this many operations on the chart, a name with no room beside its marker moves further out, joined to it
    // by a leader line; past it the chart is too crowded for lines across it.
    static constexpr std::size_t kNamesMovingOut = 40;

    // Makes the markers' graphs, the lines, the legend's rows, the names and the rings for the shown operations.
    void build(const LayerContext&);
    void forget();
    // The markers, the lines and the rings for the layout of this frame, every marker drawn for itself until stack()
    // says otherwise; the legend's names as nameLegendRows gives them, true when they changed.
    bool update(const LayerContext&, std::optional<std::size_t> selected, bool followingInput);
    // Rings round the selected operation's markers (a session index); none without one.
    void ring(const LayerContext&, std::optional<std::size_t> selected);
    // The legend's names. While input moves them (a drag, a play, keys held) each name that changed since input
    // began shows only its part that stays, "matmul B=…", so that the legend never shows an old value and is not laid
    // out again at every step; when input rests the whole names come back. True when a name changed.
    bool nameLegendRows(const LayerContext&, bool followingInput);
    // The names as the legend shows them: a full replot lays the frame out again when they change.
    const QString& legendNames() const { return m_legendNames; }

    // Runs at every layout, before the words are placed: which markers stand for others depends on pixels
    // (chart::stackMarkers). `preferred`, an index into the shown operations, is drawn wherever it meets others. The
    // graphs then hold the markers drawn.
    void stack(const LayerContext&, std::optional<std::size_t> preferred);
    // The markers as drawn, one mark per drawn marker within reach of the plot: per chart::Layout::markers, the mark
    // it is drawn as.
    std::vector<std::optional<std::size_t>> addMarks(TextScene&, const LayerContext&) const;
    // Each operation's name beside its binding marker (or its first) as drawn, or moved out with a leader on a chart
    // of a few operations; the counts beside markers that stand for several ("×3").
    void addTexts(TextScene&, const LayerContext&, const std::vector<std::optional<std::size_t>>& marks);

    // The operations whose markers lie under `pixel`, as tooltips, one after another; empty when none.
    QString hover(const LayerContext&, const QPointF& pixel, double reach) const;
    // The drawn marker nearest `pixel` within reach: its operation (a session index) and its resource's name.
    struct Hit {
        std::size_t operation;
        std::string resource;
    };
    std::optional<Hit> markerAt(const LayerContext&, const QPointF& pixel, double reach) const;

    // The graphs stamped from images while dragging: every marker's and the rings.
    std::vector<QCPGraph*> markerGraphs() const;
    QCPGraph* rings() const { return m_rings; }

    // Read back: an operation's markers as the graphs hold them (filled: its binding one) by intensity, whether it
    // is drawn, its colour and QCPScatterStyle::ScatterShape; each layout marker's centre as drawn and the stacks.
    QVector<QPointF> markerPoints(const chart::Layout&, std::size_t operation, bool filled) const;
    bool has(std::size_t operation) const;
    std::optional<std::pair<QColor, int>> style(std::size_t operation, const MarkerSprites&) const;
    const std::vector<chart::Point>& markerPixels() const { return m_markerPixels; }
    const chart::MarkerStacks& stacks() const { return m_stacks; }

private:
    struct Items {
        std::size_t operation = 0;
        // Markers and lines are shared by the operations that look alike, so that a chart has a few graphs, not one
        // or two per operation: QCustomPlot's cost per graph was most of a slider step at 200 operations.
        QCPGraph* hollow = nullptr; // every marker of every operation of the same colour and shape
        QCPGraph* filled = nullptr; // the binding markers of the same
        QCPCurve* line = nullptr; // the lines joining each operation's markers, of every operation of this colour
        QColor colour;
        std::vector<chart::Point> points; // this operation's markers in `hollow`, by intensity
        std::size_t anchor = 0; // its label's marker, an index into chart::Layout::markers: its first binding one
    };
    std::vector<Items> m_items; // one per shown operation
    std::vector<QCPGraph*> m_legendRows; // the first kLegendOperations operations'
    QCPGraph* m_more = nullptr; // draws nothing: the legend's "… and N more" row
    QCPGraph* m_rings = nullptr; // round the selected operation's markers
    QString m_legendNames;
    std::vector<QString> m_stillNames; // the legend's names when input last rested
    std::vector<QCPItemText*> m_labels; // operations' names, handed out in order by addTexts
    std::vector<QCPItemLine*> m_leaders; // one per label: the line to its marker when the label had to move out
    std::vector<QCPItemText*> m_counts; // "×3" beside markers that stand for several operations
    // The names' inks by operation colour (ChartTheme::operationText), for this theme: a few contrast searches per
    // theme rather than one per name and frame.
    std::unordered_map<std::string, QColor> m_nameInks;
    // Per chart::Layout::markers: the centre as drawn, in pixels and in the axes' coordinates, and the stacks.
    std::vector<chart::Point> m_markerPixels;
    std::vector<chart::Point> m_markerCoords;
    chart::MarkerStacks m_stacks;
    std::set<QCPGraph*> m_stackedGraphs; // the graphs that leave out a marker another one stands for
};

} // namespace roofline::widgets
