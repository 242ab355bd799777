// SPDX-License-Identifier: GPL-3.0-or-later
// The roofline chart's measured kernels: their points (on a layer of their own below the roofs, which a slider step
// does not draw again), the lines from each linked kernel to the model's prediction of it, the measured ceilings with
// their names, and a ring round the kernel the table has current.
#pragma once

#include "chart/chart_layer.h"
#include "chart/text_scene.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace roofline::widgets {

class MeasuredLayer {
public:
    // Makes the graphs and items for the analysis's measured set (nothing without one); the chart removed the last
    // build's with every other item.
    void build(const LayerContext&);
    void forget();
    // The links, the ring and the ceilings for the layout of this frame.
    void update(const LayerContext&);
    // The legend's rows for the kernels, one per colour: added after the operations' rows.
    const std::vector<QCPGraph*>& legendRows() const { return m_legend; }
    bool isLegendRow(const QCPAbstractPlottable*) const;
    QCPGraph* ring() const { return m_ring; } // above every marker; hidden by an export
    // The model's marks beside linked kernels, thousands in a large capture: stamped from images while dragging.
    QCPGraph* predictions() const { return m_predictions; }

    // Kernels whose names pass this filter are drawn (matchesKernelFilter); true when the points changed.
    bool setFilter(const QString& pattern, const LayerContext&);
    const QString& filter() const { return m_filter; }
    // Rings one kernel's point; true when the ring moved.
    bool mark(std::optional<std::size_t> kernel, const LayerContext&);
    std::optional<std::size_t> marked() const { return m_marked; }

    // The hover text of the kernel nearest `pixel` within reach, or an empty string.
    QString hover(const LayerContext&, const QPointF& pixel) const;

    // The ceilings' lines, of the resource each measures, and their names, for the chart's words.
    void addLines(TextScene&, LineFamilies&, std::vector<std::optional<std::size_t>>& lines) const;
    void addTexts(
        TextScene&, const std::vector<std::optional<std::size_t>>& lines, const LineFamilies&, int rank) const;

    // Read back from the graphs: every point drawn, the ring's place, the lines to the predictions (pairs of points),
    // the ceilings' names as shown, and how a kernel's points look (colour and QCPScatterStyle::ScatterShape).
    QVector<QPointF> points() const;
    QVector<QPointF> ringPoints() const { return pointsOf(m_ring); }
    QVector<QPointF> linkLines() const;
    QStringList roofLabels() const;
    std::optional<std::pair<QColor, int>> style(const Analysis&, std::size_t kernel) const;
    std::vector<const QCPItemText*> labels() const;

private:
    void fillPoints(const LayerContext&);

    struct Graph {
        QCPGraph* graph = nullptr;
        std::vector<std::size_t> points; // indices into MeasuredAnalysis::points of the kernels it draws
    };
    struct Ceiling {
        QCPItemLine* line = nullptr;
        QCPItemText* label = nullptr;
        QString text; // its whole name, which the label shortens where it has no room for it
        std::string resource; // the roof it measures ("HBM", "bf16")
    };
    std::vector<Graph> m_graphs; // one per look: colour, shape and size
    std::vector<QCPGraph*> m_legend;
    QCPCurve* m_links = nullptr;
    QCPGraph* m_predictions = nullptr;
    QCPGraph* m_ring = nullptr;
    std::vector<Ceiling> m_ceilings;
    QString m_filter;
    std::optional<std::size_t> m_marked;
};

} // namespace roofline::widgets
