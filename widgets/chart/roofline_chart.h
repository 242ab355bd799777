// SPDX-License-Identifier: GPL-3.0-or-later
// The roofline chart: log-log roofs, ridges, the attainable envelope and the operations' markers.
#pragma once

#include "chart/axes_policy.h"
#include "chart/calibrated_layer.h"
#include "chart/chart.h"
#include "chart/chart_frame.h"
#include "chart/chart_layer.h"
#include "chart/compared_layer.h"
#include "chart/marker_sprites.h"
#include "chart/measured_layer.h"
#include "chart/operation_layer.h"
#include "chart/redraw_policy.h"
#include "chart/roof_layer.h"
#include "chart/text_scene.h"
#include "common/chart_theme.h"
#include "common/fitted_chart.h"
#include "session/analysis.h"

// The chart is a QCustomPlot, as are the sweep chart and the Model tab's charts.
#include <qcustomplot.h>

#include <QPointF>
#include <QSize>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace roofline::widgets {

// Draws what the core lays out from the analysis (chart::layouts: the session's chart and each compared chip's
// overlay in one frame) as a frame with layers. The frame (ChartFrame) holds the title, the axes' names and ticks;
// the layers each draw one part and add its lines, marks and words to one TextScene, which the core's text layout
// places at once (placeLabels): the roofs (RoofLayer), a calibration's roofs (CalibratedLayer), the operations
// (OperationLayer), the compared chips (ComparedLayer) and the measured kernels (MeasuredLayer). Which axes the layout
// is asked for is the AxesPolicy's; when and how fast it redraws the RedrawPolicy's. Tests and the chart's geometry
// read what is drawn through a ChartProbe.
//
// Graphs and items are built when the set of roofs or shown operations changes (the signature) and updated in place
// otherwise; every redraw is queued, one per frame at most. What stays put on a slider step (background, grid, axes,
// title, legend) sits on layers QCustomPlot keeps in paint buffers; roofs, shades, markers and texts share the "main"
// layer, buffered on its own: when the axes, the title and the legend stay as they are, only that layer is redrawn
// (QCPLayer::replot), otherwise the whole plot. Measured kernels never move with the hardware: their points sit on a
// layer of their own below "main", which a slider step does not draw again. Compared chips stay put while the session's
// chip is dragged: they sit on a buffered layer of their own, which a step draws again only when they moved.
class RooflineChart : public QCustomPlot, public FittedChart {
    Q_OBJECT
public:
    explicit RooflineChart(QWidget* parent = nullptr);
    ~RooflineChart() override;

    // Fits the title (left out of a short chart) and the ticks to a chart of `size` (FittedChart).
    void fitTo(QSize size) override;

    // The presentation's frame: the tick labels and the axes' names inside the plot (ChartFrame::setInside).
    void setAxesInside(bool inside);

    // Draws this analysis from now on; the chart keeps it while it shows it.
    void setAnalysis(std::shared_ptr<const Analysis>);
    const Analysis& analysis() const { return *m_analysis; }
    // Whether the chip's numbers differ from those the session was opened or last saved with: the title then says
    // "(modified)". Takes effect at the next setAnalysis.
    void setChipEdited(bool edited) { m_chipEdited = edited; }

    const ChartTheme& theme() const { return m_theme; }
    void setTheme(const ChartTheme&);

    // Measured kernels whose names pass this filter are drawn (see matchesKernelFilter); an empty one shows them all.
    void setMeasuredFilter(const QString& pattern);
    // Rings one kernel's point (the table's current row); nothing removes the ring.
    void markMeasured(std::optional<std::size_t> kernel);

    static constexpr int kLegendOperations = OperationLayer::kLegendOperations;
    static constexpr int kOperationLabels = OperationLayer::kOperationLabels;
    static constexpr std::size_t kMarkerShapes = OperationLayer::kMarkerShapes;
    static constexpr std::size_t kComparedArrows = ComparedLayer::kArrows;
    static constexpr int kSettleMs = RedrawPolicy::kSettleMs;

    // Makes the chart draw smooth for as long as it lives, whatever input it follows, and without the state of the
    // window: no selection ring, no ring round a measured kernel, no "(modified)" in the title, markers stacked as
    // for no selection, the lesson's answer on the plot. Every export and copy draws through one. Changes nothing on
    // screen.
    class SmoothScope {
    public:
        explicit SmoothScope(QCustomPlot&);
        ~SmoothScope();
        SmoothScope(const SmoothScope&) = delete;
        SmoothScope& operator=(const SmoothScope&) = delete;

    private:
        RooflineChart* m_chart;
        QString m_title; // the title as the window shows it
        std::vector<QCPGraph*> m_rings; // the rings it hid
    };

    // Axes that hold still (AxesPolicy): while locked they keep their range through a drag or a play; fitAxes() takes
    // the range the content asks for. A new chip frames them anew either way.
    void setAxesLocked(bool locked);
    void fitAxes();
    // A worked example opened: its view's axes (either may be missing: that one as the content asks), held until a
    // marker leaves them or Fit axes, or with neither the content's own; never the axes of what was shown before.
    void openView(std::optional<chart::DecadeRange> x, std::optional<chart::DecadeRange> y);

    // The selected operation's markers are ringed; nothing selected, none are.
    void setSelectedOperation(std::optional<std::size_t> operation);
    std::optional<std::size_t> selectedOperation() const { return m_selected; }

signals:
    // After every redraw: a full replot or the main layer's alone.
    void redrawn();
    // After the first smooth redraw that follows drawing fast.
    void settled();
    // A press on a marker: the operation it belongs to.
    void operationClicked(std::size_t operation);
    // A marker pressed and moved: the intensity under the pointer on the marker's resource, by name. Pressed and
    // released bracket the drag (released only when it moved).
    void markerDragStarted(std::size_t operation);
    void markerDragged(std::size_t operation, const std::string& resource, double intensity);
    void markerDragFinished();

public slots:
    // Recomputes the layout from the analysis and queues a redraw.
    void refresh();
    // A slider's handle is held: the chart draws fast until it is let go.
    void setDragging(bool dragging);
    // Draws smooth now, as when input rests.
    void settle();

private:
    friend class ChartProbe;

    // What the layers draw with, for this frame. Reading through it draws nothing: a const chart gives one too.
    LayerContext context() const;
    void applyTheme();
    // Computes the layouts with these axes (an example's view instead while it holds).
    void layOut(const std::optional<chart::Axes>& held);
    // After a layout: holds the axes, or lays out again with the content's when something would leave them.
    void holdAxes();
    QString signature() const;
    void rebuild();
    void clearPlot();
    void updateItems();
    QCPItemText* addText(double points, const QColor&);

    // roofline_chart_words.cpp: every text of the chart laid out at once by the core (chart/text_layout.h) in a
    // TextScene, after every layout, the chart's own and an export's.
    void placeLabels();
    QSize legendSize();

    // roofline_chart_redraw.cpp
    // Draws fast while following input, smooth otherwise; queues the smooth redraw.
    void updateDrawing();
    // Antialiasing and marker images for drawing fast or smooth, nothing redrawn.
    void applyDrawing(bool fast);
    // Queues a full replot, or a redraw of the "main" layer alone when the frame is unchanged.
    void scheduleRedraw(bool full);
    void redrawLive();
    // Tells that a redraw is done: redrawn(), and settled() after the smooth redraw that ends drawing fast.
    void finishRedraw();
    // What a full replot lays out: the axes' decades, the title, the axis label, the graphs and the legend's names.
    QString frameKey() const;

    // roofline_chart_interaction.cpp
    QString hoverText(const QPointF& pixel) const;
    void showHover(QMouseEvent*);
    void pressMarker(QMouseEvent*);
    void dragMarker(QMouseEvent*);
    void releaseMarker(QMouseEvent*);

    std::shared_ptr<const Analysis> m_analysis;
    ChartTheme m_theme;
    bool m_chipEdited = false;
    std::vector<std::size_t> m_shown; // the session's operations shown, which the layout's markers index
    std::vector<Evaluation> m_evaluations; // theirs
    chart::Layout m_layout;
    QString m_signature; // what the graphs and items were built for
    std::optional<std::size_t> m_selected;

    ChartFrame m_frame;
    RoofLayer m_roofs;
    CalibratedLayer m_calibrated;
    OperationLayer m_operations;
    ComparedLayer m_compared;
    MeasuredLayer m_measured;
    std::vector<TextScene::Placed> m_placedTexts; // every text the last layout placed, with what it names
    TextScene::Memory m_textMemory; // where the words stood on screen, kept through a drag

    AxesPolicy m_axes;
    RedrawPolicy m_redraw;
    MarkerSprites m_sprites;
    QCPLayer* m_mainLayer = nullptr;
    std::vector<QCPItemText*> m_texts; // every text, drawn after the lines and markers
    TextSizes m_textSizes;
    QSize m_legendSize; // empty until measured; reset when the legend's entries or fonts change
    std::optional<OperationLayer::Hit> m_pressed; // the marker under a press
    bool m_markerDragging = false;
};

} // namespace roofline::widgets
