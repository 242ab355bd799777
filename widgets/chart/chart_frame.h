// SPDX-License-Identifier: GPL-3.0-or-later
// The roofline chart's frame: the title, left out of a short chart; the axes' names and the log ticks fitted to the
// axes' length; the presentation's frame, whose tick labels (each on a veil) and axis names lie inside the plot; and
// a lesson's answer written along the top of the plot on a file of the chart.
#pragma once

#include "chart/chart_layer.h"
#include "chart/text_scene.h"

#include <QMargins>
#include <QRect>
#include <QRectF>
#include <QSize>
#include <QSizeF>
#include <QString>

#include <utility>
#include <vector>

namespace roofline::widgets {

class ChartFrame {
public:
    // Puts the title above the plot.
    explicit ChartFrame(QCustomPlot&);

    void applyTheme(const ChartTheme&);
    // Fits the title (left out below kTitledHeight) and the ticks to a chart of `size`.
    void fitTo(QSize size, const ChartTheme&, TextSizes&);

    // The presentation's frame: the tick labels inside the plot and the axes' names in its corners (the y axis's at
    // the top left, the x axis's at the bottom right, above its ticks), so that the plot reaches the chart's edges.
    // Tick labels that would meet the other axis's, a name or the plot's edge are left out. Off, the usual frame.
    // True when it changed.
    bool setInside(bool inside);
    bool inside() const { return m_inside; }

    // Makes the answer's text and the axes' names inside the plot, after every other text: the chart removed the last
    // build's items.
    void build(const LayerContext&);
    void forget();
    // The axes' names and the title for this analysis; "(modified)" in the title when the chip's numbers were edited.
    void update(const LayerContext&, bool chipEdited);
    // "NVIDIA H100 SXM · bf16 (modified) vs 3 chips": the chip, the dtype, whether the chip's numbers were edited (the
    // window's state, which a file leaves out) and the chips compared with it.
    static QString composeTitle(const Analysis&, bool modifiedMark);

    // With the axes inside, after a layout: the names in their corners, the tick labels on their veils; their boxes,
    // which no other text may cover. Nothing with the axes outside.
    std::vector<QRectF> keepOut(const LayerContext&);
    // The lesson's answer (Explanation::caption) on a file of the chart: along the top of the plot from the left,
    // else along its foot. The window has it in the explanation beside.
    void addAnswer(TextScene&, const LayerContext&) const;

    QCPTextElement* title() const { return m_title; }
    // The axes' names inside the plot, "x" and "y", when the axes are inside.
    std::vector<std::pair<QString, const QCPItemText*>> axisNames() const;
    // What a full replot lays out of the frame: the title and the y axis's name, inside or not.
    QString key() const;
    // After a replot: whether the inside frame's ticks were chosen for another plot size than the layout gave.
    bool refitNeeded(QSize plot) const { return m_inside && QSizeF(plot) != m_insidePlot; }

private:
    // With the axes inside: which tick labels stay clear of the other axis's and of the names, for a plot of `plot`
    // pixels, and the legend above the x axis's name.
    void fitInside(QSizeF plot, const ChartTheme&, TextSizes&);
    void showTitle(bool shown);

    // Pixels at zoom 1: a shorter chart leaves its title out. A laptop at 200 % (360 logical pixels) keeps it; in the
    // presentation's frame a chart keeps it from kTitledHeightInside.
    static constexpr int kTitledHeight = 230;
    static constexpr int kTitledHeightInside = 300;

    QCustomPlot& m_plot;
    QCPTextElement* m_title = nullptr;
    bool m_inside = false;
    QCPItemText* m_xName = nullptr; // the axes' names inside the plot, made with the plot's items
    QCPItemText* m_yName = nullptr;
    std::vector<QCPItemRect*> m_tickVeils; // under the tick labels inside the plot
    QCPItemText* m_answer = nullptr;
    QMargins m_legendInset; // QCustomPlot's margins round the legend, in the usual frame
    QSizeF m_insidePlot; // the plot's size the inside frame's ticks were last chosen for
    QRect m_tickViewport; // the viewport the axes' ticks were last fitted to
};

} // namespace roofline::widgets
