// SPDX-License-Identifier: GPL-3.0-or-later
// The roofline chart: log-log roofs, ridges, the attainable envelope and the operations' markers.
#pragma once

#include "chart/calibrated.h"
#include "chart/chart.h"
#include "chart/compared_layer.h"
#include "chart/label_placement.h"
#include "chart/marker_stacks.h"
#include "chart/measured_layer.h"
#include "chart/text_scene.h"
#include "common/chart_theme.h"
#include "common/fitted_chart.h"
#include "session/analysis.h"

// The chart is a QCustomPlot, as are the sweep chart and the Model tab's charts.
#include <qcustomplot.h>

#include <QHash>
#include <QLineF>
#include <QPixmap>
#include <QPointF>
#include <QPolygonF>
#include <QString>
#include <QStringList>
#include <QTimer>
#include <QVector>

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace roofline::widgets {

// Draws what chart::layout() computes from the state. Graphs and items are built when the set of roofs or shown
// operations changes and updated in place otherwise; every redraw is queued, one per frame at most. What stays put on
// a slider step (background, grid, axes, title, legend) sits on layers QCustomPlot keeps in paint buffers; roofs,
// shades, markers and texts share the "main" layer, buffered on its own: when the axes, the title and the legend stay
// as they are, only that layer is redrawn (QCPLayer::replot), otherwise the whole plot.
//
// The parts live in eight files: this class's setup (axes, theme, redraws, read-back) in roofline_chart.cpp, roofs and
// shades in roofline_chart_roofs.cpp, markers, their labels and the legend in roofline_chart_markers.cpp, the chips
// compared with the session's in roofline_chart_compared.cpp, measured
// kernels and ceilings in roofline_chart_measured.cpp, answers to the user (axes that hold still, the selection,
// dragged markers) in roofline_chart_interaction.cpp; label placement is chart_labels.cpp; the title, the ticks and the
// presentation's frame with its ticks inside the plot are roofline_chart_frame.cpp.
//
// Measured kernels never move with the hardware: their points sit on a layer of their own below "main", buffered, so
// that a slider step does not draw them again; the lines to the model's predictions and the measured ceilings, whose
// labels follow the hardware, are on "main".
class RooflineChart : public QCustomPlot, public FittedChart {
    Q_OBJECT
public:
    explicit RooflineChart(QWidget* parent = nullptr);
    ~RooflineChart() override;

    // Fits the title (left out below kTitledHeight) and the ticks to a chart of `size` (FittedChart).
    void fitTo(QSize size) override;

    // The presentation's frame: the tick labels inside the plot and the axes' names in its corners (the y axis's at
    // the top left, the x axis's at the bottom right, above its ticks), so that the plot reaches the chart's edges.
    // Tick labels that would meet the other axis's, a name or the plot's edge are left out; labels and names of the
    // chart are placed clear of them. Off, the usual frame: ticks and names outside the plot.
    void setAxesInside(bool inside);
    bool axesInside() const { return m_axesInside; }

    // Draws this analysis from now on; the chart keeps it while it shows it.
    void setAnalysis(std::shared_ptr<const Analysis>);
    const Analysis& analysis() const { return *m_analysis; }
    // Whether the chip's numbers differ from those the session was opened or last saved with: the title then says
    // "(modified)". Takes effect at the next setAnalysis.
    void setChipEdited(bool edited) { m_chipEdited = edited; }

    const ChartTheme& theme() const { return m_theme; }
    void setTheme(const ChartTheme&);

    // What is drawn, as computed by the core: markers index into shownOperations().
    const chart::Layout& chartLayout() const { return m_layout; }
    const std::vector<std::size_t>& shownOperations() const { return m_shown; }

    // Read back from the plot's own graphs and items, so that tests check what is really drawn.
    QVector<QPointF> roofCurve(const QString& name) const;
    QString roofText(const QString& name) const;
    // The labels of the dashed practical roofs as drawn, in layout order ("HBM ×0.5"); empty when every factor is 1.
    QStringList practicalRoofLabels() const;
    // With a calibration: its roofs as drawn (dotted, "calibrated HBM ×0.93"), and the curved roof of the selected
    // operation's work (else the longest shown one's), left to right; empty without one.
    QStringList calibratedRoofLabels() const;
    QVector<QPointF> calibratedCurve() const;
    const chart::CalibratedRoofs& calibratedRoofs() const { return m_calibrated; }
    QVector<QPointF> envelopeCurve() const;
    QVector<QPointF> markerPoints(std::size_t operation, bool filled) const;
    bool hasOperation(std::size_t operation) const;
    // The colour and the QCPScatterStyle::ScatterShape an operation's markers are drawn with; nothing when hidden.
    std::optional<std::pair<QColor, int>> markerStyle(std::size_t operation) const;
    QString titleText() const;
    // The row of chip names shown in place of the legend when it steps aside; empty without compared chips.
    const QCPLegend* chipKey() const { return m_compared.key(); }
    // The operations' names as placed by the last layout: the ones with room beside their markers.
    QStringList visibleOperationLabels() const;
    // Where the last layout drew things, in pixels: each marker's centre as drawn (markers of one roof that would hide
    // one another are drawn as one, which stands for them all: chart::stackMarkers) and its diameter with its pen; the
    // boxes of the level texts (operations' and ridges'
    // labels, flat roofs' names, measured ceilings' names) and the leader lines joining labels to far markers.
    struct DrawnMarker {
        std::size_t operation = 0;
        QPointF centre; // of the marker drawn in its place: its own, or the one that stands for it
        double diameter = 0;
        std::size_t count = 1; // how many operations the marker drawn at centre stands for
        bool painted = true; // whether it is that marker; otherwise another one is drawn for it
        std::size_t marker = 0; // index into chartLayout().markers
    };
    std::vector<DrawnMarker> drawnMarkers() const;
    struct DrawnLabel {
        QString text;
        QRectF box;
        std::optional<std::size_t> operation; // an operation's name
        std::optional<QLineF> leader;
    };
    std::vector<DrawnLabel> drawnLabels() const;
    // The roofs' names and ridge labels shown by the last layout: the roof, whether it is its ridge's label, the text,
    // and its outline in pixels (four corners: a sloped roof's name is drawn at its roof's angle).
    struct DrawnRoofLabel {
        QString roof;
        bool ridge = false;
        QString text;
        QPolygonF outline;
    };
    std::vector<DrawnRoofLabel> drawnRoofLabels() const;
    // The counts beside markers that stand for several operations ("×3"), as placed by the last layout.
    std::vector<DrawnLabel> drawnCounts() const;
    // The texts of the chart as its items hold them, for the chart's geometry: the title element, the roofs' and
    // ridges' names (a sloped roof's name is drawn at an angle), the operations' names, the counts and the notes.
    struct ChartTexts {
        const QCPTextElement* title = nullptr;
        std::vector<std::pair<std::string, const QCPItemText*>> roofs; // by roof name, practical roofs' too
        std::vector<std::pair<std::string, const QCPItemText*>> ridges; // by roof name
        std::vector<const QCPItemText*> notes; // captions and the measured ceilings' names
        std::vector<std::pair<QString, const QCPItemText*>> axisNames; // "x", "y": inside the plot (setAxesInside)
    };
    ChartTexts chartTexts() const;
    // Every text the last layout placed, with what it names, its outline and its leader: the chart's geometry.
    const std::vector<TextScene::Placed>& placedTexts() const { return m_placedTexts; }
    // The legend's rows, top to bottom: operations' names, and "… and N more" past kLegendOperations.
    QStringList legendEntries() const;
    // Measured kernels whose names pass this filter are drawn (see matchesKernelFilter); an empty one shows them all.
    void setMeasuredFilter(const QString& pattern);
    const QString& measuredFilter() const { return m_measured.filter(); }
    // Rings one kernel's point (the table's current row); nothing removes the ring.
    void markMeasured(std::optional<std::size_t> kernel);
    std::optional<std::size_t> markedMeasured() const { return m_measured.marked(); }
    // Read back from the graphs: every measured point drawn, the ring's place, the lines from kernels to the model's
    // predictions (pairs of points), the measured ceilings' labels.
    QVector<QPointF> measuredPoints() const;
    QVector<QPointF> measuredMark() const;
    QVector<QPointF> measuredLinkLines() const;
    QStringList measuredRoofLabels() const;
    // How the points of a kernel look: the QCPScatterStyle::ScatterShape and colour of its graph.
    std::optional<std::pair<QColor, int>> measuredStyle(std::size_t kernel) const;

    // The chips compared with the session's (Analysis::compared), read back from what is drawn: the k-th chip's markers
    // (x ascending), one of its roofs by name, and the arrows from the session's chip's markers to its own.
    QVector<QPointF> comparedMarkers(std::size_t chip) const { return m_compared.markers(chip); }
    QVector<QPointF> comparedRoof(std::size_t chip, const QString& name) const { return m_compared.roof(chip, name); }
    std::vector<QLineF> comparedArrows(std::size_t chip) const { return m_compared.arrows(chip); }
    const std::vector<chart::Overlay>& overlays() const { return m_compared.overlays(); }
    // Whether a roof of the k-th compared chip holds one of its markers down: its name and ridge are drawn.
    bool bindsComparedMarker(std::size_t chip, const std::string& roof) const
    {
        return m_compared.bindsMarker(chip, roof);
    }
    // Arrows from one chip to another, per compared chip, at most: the first operations shown get them.
    static constexpr std::size_t kComparedArrows = ComparedLayer::kArrows;

    // The text the chart would show on hovering this pixel, or an empty string.
    QString hoverText(const QPointF& pixel) const;

    // A legend of thousands of rows helps nobody and hides the plot: it lists this many operations at most, the
    // first ones shown, then one row naming how many more there are.
    static constexpr int kLegendOperations = 15;
    // Names beside markers, at most: more would not fit a plot, and placing stops when they are used up.
    static constexpr int kOperationLabels = 120;
    // Marker shapes: series of one colour differ in shape, the n-th taking the n-th (roofline_chart_markers.cpp).
    static constexpr std::size_t kMarkerShapes = 8;
    // Up to this many operations on the chart, a name with no room beside its marker moves further out, joined to it
    // by a leader line; past it the chart is too crowded for lines across it.
    static constexpr std::size_t kNamesMovingOut = 40;

    // While input follows input (a slider dragged or stepped by keys, undo and redo) lines, fills and markers are
    // drawn without antialiasing and markers are stamped from images, as QCustomPlot itself draws while its axes are
    // dragged (QCustomPlot::setNoAntialiasingOnDrag): each step costs a fraction. A new analysis that leaves the axes
    // as they are counts as such a step; kSettleMs after the last one, or when a drag ends, the chart draws smooth.
    static constexpr int kSettleMs = 200;
    bool drawsFast() const { return m_fast; }

    // Makes the chart draw smooth for as long as it lives, whatever input it follows, and without the state of the
    // window: no selection ring, no ring round a measured kernel, no "(modified)" in the title, markers stacked as
    // for no selection. Every export and copy draws through one. Changes nothing on screen.
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

    // Axes that hold still (roofline_chart_interaction.cpp). While locked the axes keep their range through a drag or
    // a play, whatever moves; when input rests they change only if something would leave them (chart::keepOrRescale),
    // and fitAxes() takes the range the content asks for. Unlocked, the axes follow the content at every step. A new
    // chip frames them anew either way.
    void setAxesLocked(bool locked);
    bool axesLocked() const { return m_lockAxes; }
    void fitAxes();
    // A worked example opened: its view's axes (either may be missing: that one as the content asks), held until a
    // marker leaves them or Fit axes, or with neither the content's own; never the axes of what was shown before.
    void openView(std::optional<chart::DecadeRange> x, std::optional<chart::DecadeRange> y);
    bool hasView() const { return m_view.has_value(); }

    // The selected operation's markers are ringed; nothing selected, none are.
    void setSelectedOperation(std::optional<std::size_t> operation);
    std::optional<std::size_t> selectedOperation() const { return m_selected; }
    // The rings as drawn, read back from their graph.
    QVector<QPointF> highlightPoints() const;
    // The pixel of an operation's filled marker (the binding resource's), or nothing when it has none on the chart.
    std::optional<QPointF> markerPixel(std::size_t operation) const;

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
    // Recomputes the layout from the analysis and queues a replot.
    void refresh();
    // A slider's handle is held (see kSettleMs): the chart draws fast until it is let go.
    void setDragging(bool dragging);
    // Draws smooth now, as the settle timer does when input rests.
    void settle();

private:
    struct OperationItems {
        std::size_t operation = 0;
        // Markers and lines are shared by the operations that look alike, so that a chart has a few graphs, not one
        // or two per operation: QCustomPlot's cost per graph was most of a slider step at 200 operations.
        QCPGraph* hollow = nullptr; // every marker of every operation of the same colour and shape
        QCPGraph* filled = nullptr; // the binding markers of the same
        QCPCurve* line = nullptr; // the lines joining each operation's markers, of every operation of this colour
        QColor colour;
        std::vector<chart::Point> points; // this operation's markers in `hollow`, by intensity
        std::vector<chart::Point> binding; // this operation's points in `filled`
        std::size_t anchor = 0; // its label's marker, an index into chart::Layout::markers: its first binding one
    };

    void applyTheme();
    // Draws fast while dragging or until the settle timer fires, smooth otherwise; queues the smooth redraw.
    void updateDrawing();
    // Antialiasing and marker sprites for drawing fast or smooth, nothing redrawn.
    void applyDrawing(bool fast);
    // Stamps markers from images while a slider is dragged, or gives their graphs back their vector shapes.
    void useMarkerSprites(bool sprites);
    void rebuild();
    void clearPlot();
    void updateItems();
    // "NVIDIA H100 SXM · bf16 (modified) vs 3 chips": the chip, the dtype, whether the chip's numbers were edited (the
    // window's state, which an export leaves out) and the chips compared with it.
    QString composeTitle(bool modifiedMark) const;
    // roofline_chart_roofs.cpp
    void buildRoofs();
    void updateRoofs();
    // roofline_chart_markers.cpp
    void buildOperations();
    void updateOperations();
    // The legend's names. While input moves them (a drag, a play, keys held) each name that changed since input
    // began shows only its part that stays, "matmul B=…", so that the legend never shows an old value and is not laid
    // out again at every step; when input rests the whole names come back.
    void updateLegendNames();
    // The compared chips' markers and arrows after a layout, from the session's binding markers.
    void placeCompared();
    // What the layers draw with, for this frame.
    LayerContext context();
    // chart_labels.cpp: every text of the chart laid out at once by the core (chart/text_layout.h) in a TextScene.
    void placeLabels();
    // The lines and marks each part adds to the scene, by what they belong to, for the texts that name them.
    struct SceneMarks {
        std::vector<std::size_t> roofLines; // per m_layout.roofs
        std::vector<std::optional<std::size_t>> ridgeMarks; // per m_layout.roofs: its ridge's dot, when in view
        std::vector<std::size_t> practicalLines;
        std::vector<std::size_t> calibratedLines;
        std::vector<std::size_t> workLines; // the calibrated curve's pieces
        std::vector<std::optional<std::size_t>> measuredLines; // per m_measuredRoofs, when shown
        std::vector<std::optional<std::size_t>> markerMarks; // per m_layout.markers: the mark it is drawn as
        std::vector<std::vector<std::size_t>> comparedLines; // per compared chip, per overlay roof
        std::vector<std::vector<std::optional<std::size_t>>> comparedRidges;
        std::vector<std::pair<std::size_t, std::string>> lineNames; // the session's chip's lines by resource
        std::vector<std::size_t> familyOf(const std::string& name, std::size_t own) const;
    };
    SceneMarks addLinesAndMarks(TextScene&);
    void addRoofTexts(TextScene&, const SceneMarks&);
    void addOperationTexts(TextScene&, const SceneMarks&);
    // The chips' key in place of a legend that steps aside.
    void addChipKey(TextScene&);
    // The lesson's answer, on a file of the chart.
    void addAnswer(TextScene&);
    // Draws one marker for those of one roof that would hide one another (chart::stackMarkers): the graphs hold the
    // markers drawn, and m_markerPixels each marker's centre as drawn (roofline_chart_markers.cpp).
    void stackMarkers();
    void showHover(QMouseEvent*);
    // roofline_chart_interaction.cpp
    struct Hit {
        std::size_t operation;
        std::string resource;
    };
    std::optional<Hit> markerAt(const QPointF& pixel) const;
    void pressMarker(QMouseEvent*);
    void dragMarker(QMouseEvent*);
    void releaseMarker(QMouseEvent*);
    // Computes m_layout with these axes (an example's view instead while it holds), drawing the roofs it names.
    void layOut(const std::optional<chart::Axes>& held);
    // The calibration's roofs on the layout just made (m_calibrated), for the selected or first shown operation.
    void layOutCalibrated();
    // The held axes for this analysis, or nothing when they follow the content.
    std::optional<chart::Axes> heldAxes() const;
    // After a layout while input rests: keeps the axes, or takes the content's when something would leave them.
    void holdAxes();
    void buildHighlight();
    void updateHighlight();
    // Queues a full replot, or a redraw of the "main" layer alone when the frame is unchanged.
    void scheduleRedraw(bool full);
    void redrawLive();
    // Tells that a redraw is done: redrawn(), and settled() after the smooth redraw that ends drawing fast.
    void finishRedraw();
    // What a full replot lays out: the axes' decades, the title, the axis label, the graphs and the legend's names.
    QString frameKey() const;
    // Whether the frame differs from the last full replot's. While input follows input (a drag, a play) the legend
    // shows the names that move cut short (updateLegendNames), so a play of B that renames "matmul B=256" at every
    // frame lays the frame out once, not at every frame; the names beside the markers, on the main layer, follow every
    // frame.
    bool frameChanged() const;
    // Text extents for label placement, measured once per font and text.
    QSizeF textSize(const QCPItemText*);
    QSizeF textSize(const QFont&, const QString&);
    QSize legendSize();
    QString signature() const;
    QCPItemText* addText(double points, const QColor&);
    // Labels sit on a veil of the background so that a line passing under them does not cross the letters.
    QColor halo() const;

    // A marker's visible disc with its pen, in pixels.
    double markerDiameter() const { return 9 * m_theme.zoom + m_theme.width(2); }
    // Room a marker takes with its pen and a little air, in pixels at zoom 1.
    static constexpr double kMarkerRoom = 14;

    std::shared_ptr<const Analysis> m_analysis;
    ChartTheme m_theme;
    chart::Layout m_layout;
    chart::CalibratedRoofs m_calibrated; // from the layout and the session's calibration, when it has one
    std::optional<std::size_t> m_calibratedFor; // the operation whose work the curved roof is drawn for
    Dtype m_calibratedDtype = Dtype::bf16; // its dtype
    bool m_calibratedWorkShown = false; // the curve reaches into the plot: its name is wanted
    std::vector<std::size_t> m_shown;
    std::vector<Evaluation> m_evaluations;
    QString m_signature;
    QString m_frameKey; // axes, title and legend as last laid out by a full replot
    QRect m_tickViewport; // the viewport the axes' ticks were last fitted to
    // Pixels at zoom 1: a shorter chart leaves its title out. A laptop at 200 % (360 logical pixels) keeps it; in the
    // presentation's frame (setAxesInside) a chart keeps it from kTitledHeightInside.
    static constexpr int kTitledHeight = 230;
    static constexpr int kTitledHeightInside = 300;
    // Puts the title above the plot, or takes it out of the layout.
    void showTitle(bool shown);
    // With the axes inside: which tick labels stay clear of the other axis's and of the names, for a plot of `plot`
    // pixels, and the legend above the x axis's name.
    void fitInsideFrame(QSizeF plot);
    // With the axes inside, after a layout: the names in their corners; the names' and tick labels' boxes, which no
    // other text may cover. Nothing with the axes outside.
    std::vector<QRectF> axisNameBoxes();
    bool m_axesInside = false;
    QCPItemText* m_xName = nullptr; // the axes' names inside the plot, made with the plot's items
    std::vector<QCPItemRect*> m_tickVeils; // under the tick labels inside the plot
    QCPItemText* m_yName = nullptr;
    QMargins m_legendInset; // QCustomPlot's margins round the legend, in the usual frame
    QSizeF m_insidePlot; // the plot's size the inside frame's ticks were last chosen for
    QString m_legendNames;
    std::vector<QString> m_stillNames; // the legend's names when input last rested
    QRect m_frameRect; // the axis rect of the last replot (an export lays out at another size in between)
    bool m_fullQueued = false;
    bool m_liveQueued = false;
    bool m_dragging = false;
    bool m_chipEdited = false;
    bool m_fast = false; // drawing fast: dragging, or the settle timer running
    bool m_settling = false; // fast drawing ended and the smooth redraw is not done yet
    bool m_fullWhileFast = false; // a full replot drew the frame fast: the smooth redraw is a full replot too
    int m_smoothScopes = 0;
    QTimer m_settle;
    QHash<QFont, QHash<QString, QSizeF>> m_textSizes; // by font, then text
    TextScene::SizeCache m_itemTextSizes; // as QCPItemText measures them, for the text layout
    QSize m_legendSize; // empty until measured; reset when the legend's entries or fonts change
    QCPLayer* m_mainLayer = nullptr;
    std::vector<QCPItemText*> m_texts; // every text, drawn after the lines and markers

    bool m_lockAxes = false;
    std::optional<chart::Axes> m_held; // the axes held still, for the chip m_heldFrame
    Hardware m_heldFrame;
    std::optional<chart::Axes> m_view; // an example's view (openView), for the chip m_viewFrame
    Hardware m_viewFrame;
    bool m_framed = false; // an example's view has framed the chart once (openView), or the window decided it
    std::optional<std::size_t> m_selected;
    QCPGraph* m_highlight = nullptr; // rings round the selected operation's markers
    std::optional<Hit> m_pressed; // the marker under a press
    bool m_markerDragging = false;

    QCPTextElement* m_title = nullptr;
    QCPGraph* m_bandwidthShade = nullptr;
    QCPGraph* m_computeShade = nullptr;
    QCPGraph* m_envelope = nullptr;
    QCPGraph* m_ridges = nullptr;
    QCPGraph* m_more = nullptr; // draws nothing: the legend's "… and N more" row
    QCPItemText* m_bandwidthCaption = nullptr;
    QCPItemText* m_computeCaption = nullptr;
    QCPItemText* m_answer = nullptr; // the lesson's answer (Explanation::caption), on a file of the chart
    std::vector<RoofItems> m_roofs;
    std::vector<RoofItems> m_practical; // dashed roofs at the efficiency factors, one per chart::Layout::practical
    std::vector<RoofItems> m_calibratedRoofs; // dotted roofs at a calibration's ceilings, one per m_calibrated.ceilings
    QCPGraph* m_calibratedWork = nullptr; // the curved roof of one operation's work under the calibration
    QCPItemText* m_calibratedWorkLabel = nullptr;
    std::vector<OperationItems> m_operations;
    ComparedLayer m_compared; // the chips compared with the session's
    std::map<QCPGraph*, QCPScatterStyle> m_vectorMarkers; // while dragging: each sprite-stamped graph's own style
    QHash<QString, QPixmap> m_sprites; // marker images, by style
    std::vector<QCPItemText*> m_labels; // operations' names, handed out in order by addOperationTexts
    std::vector<QCPItemLine*> m_leaders; // one per label: the line to its marker when the label had to move out
    std::vector<TextScene::Placed> m_placedTexts; // every text the last layout placed, with what it names
    std::unordered_map<std::string, int> m_labelSpots; // by operation id: the spot its name took last (placeLabels)
    // Which order of placing the names won at the last frame that tried them all: a drag or a play keeps it.
    std::size_t m_labelOrder = 0;
    // The names' inks by operation colour (ChartTheme::operationText), for this theme: a few contrast searches per
    // theme rather than one per name and frame.
    std::unordered_map<std::string, QColor> m_nameInks;
    // Per chart::Layout::markers: the centre as drawn, in pixels and in the axes' coordinates, and the stacks
    // (stackMarkers).
    std::vector<chart::Point> m_markerPixels;
    std::vector<chart::Point> m_markerCoords;
    chart::MarkerStacks m_stacks;
    std::set<QCPGraph*> m_stackedGraphs; // the graphs that leave out a marker another one stands for
    std::vector<QCPItemText*> m_counts; // "×3" beside markers that stand for several operations

    MeasuredLayer m_measured;
    std::vector<chart::Point> m_measuredExtent;
};

} // namespace roofline::widgets
