// The roofline chart: log-log roofs, ridges, the attainable envelope and the operations' markers.
#pragma once

#include "analysis.h"
#include "chart.h"
#include "chart_theme.h"

// The one place the program includes QCustomPlot.
#include <qcustomplot.h>

#include <QHash>
#include <QPointF>
#include <QString>
#include <QStringList>
#include <QVector>

#include <memory>
#include <vector>

namespace roofline::widgets {

// Draws what chart::layout() computes from the state. Graphs and items are built when the set of roofs or shown
// operations changes and updated in place otherwise; every redraw is queued, one per frame at most. The static parts
// (background, grid, axes, title, legend) sit in their own paint buffers: when a change keeps the axes, the title and
// the legend as they are (a slider step), only the live layer of lines, markers and texts is redrawn, straight onto the
// screen between two images of the static parts, over the axis rect alone.
class RooflineChart : public QCustomPlot {
    Q_OBJECT
public:
    explicit RooflineChart(QWidget* parent = nullptr);

    // Draws this analysis from now on; the chart keeps it while it shows it.
    void setAnalysis(std::shared_ptr<const Analysis>);
    const Analysis& analysis() const { return *m_analysis; }

    const ChartTheme& theme() const { return m_theme; }
    void setTheme(const ChartTheme&);

    // What is drawn, as computed by the core: markers index into shownOperations().
    const chart::Layout& chartLayout() const { return m_layout; }
    const std::vector<std::size_t>& shownOperations() const { return m_shown; }

    // Read back from the plot's own graphs and items, so that tests check what is really drawn.
    QVector<QPointF> roofCurve(const QString& name) const;
    QString roofText(const QString& name) const;
    QVector<QPointF> envelopeCurve() const;
    QVector<QPointF> markerPoints(std::size_t operation, bool filled) const;
    bool hasOperation(std::size_t operation) const;
    QString titleText() const;
    // The operations' names as placed by the last layout: the ones with room beside their markers.
    QStringList visibleOperationLabels() const;
    // Whether paints draw the live layer themselves, as after a slider step, rather than QCustomPlot's buffer of it.
    bool paintsLiveLayer() const { return m_liveOnScreen; }
    // The text the chart would show on hovering this pixel, or an empty string.
    QString hoverText(const QPointF& pixel) const;

public slots:
    // Recomputes the layout from the analysis and queues a replot.
    void refresh();

protected:
    void paintEvent(QPaintEvent*) override;

private:
    struct RoofItems {
        QCPGraph* graph = nullptr;
        QCPItemText* label = nullptr;
        QCPItemText* ridgeLabel = nullptr;
    };
    struct OperationItems {
        std::size_t operation = 0;
        QCPGraph* hollow = nullptr; // every marker, joined by a thin line
        QCPGraph* filled = nullptr; // the binding marker
        QCPItemText* label = nullptr;
    };

    void applyTheme();
    void rebuild();
    void updateItems();
    void placeLabels();
    std::vector<chart::Box> placeFixed(const chart::Box& area);
    void placeSloped(std::vector<chart::Box>& taken, const chart::Box& area);
    void placeFree(std::vector<chart::Box>& taken, const chart::Box& area);
    void showHover(QMouseEvent*);
    // Queues a full replot, or a redraw of the "main" layer alone when the frame is unchanged.
    void scheduleRedraw(bool full);
    void redrawLive();
    // Whether a paint can draw the live layer itself over the static images, taking them from the paint buffers of
    // the last full replot when they are out of date.
    bool paintsLive();
    int liveBufferIndex() const;
    QString frameKey() const;
    // Text extents for label placement, measured once per font and text.
    QSizeF textSize(const QCPItemText*);
    QSize legendSize();
    QString signature() const;
    static QVector<QPointF> pointsOf(const QCPGraph*);
    QCPItemText* addText(double points, const QColor&);

    // Room a marker takes with its pen and a little air, in pixels at zoom 1.
    static constexpr double kMarkerRoom = 14;

    std::shared_ptr<const Analysis> m_analysis;
    ChartTheme m_theme;
    chart::Layout m_layout;
    std::vector<std::size_t> m_shown;
    std::vector<Evaluation> m_evaluations;
    QString m_signature;
    QString m_frameKey; // axes, title and legend as last laid out by a full replot
    QString m_legendNames;
    QRect m_frameRect; // the axis rect of the last replot (an export lays out at another size in between)
    bool m_fullQueued = false;
    bool m_liveQueued = false;
    QHash<QFont, QHash<QString, QSizeF>> m_textSizes; // by font, then text
    QSize m_legendSize; // empty until measured; reset when the legend's entries or fonts change
    QCPLayer* m_mainLayer = nullptr;
    bool m_liveOnScreen = false; // the live layer's paint buffer is out of date: paints draw the layer themselves
    bool m_staticStale = true; // a full replot ran since m_below and m_above were taken
    QImage m_below; // background and grid, opaque
    QImage m_above; // axes, title and legend over a transparent ground
    std::vector<QRect> m_aboveParts; // the pieces of m_above with anything on them
    QRect m_staticAxisRect; // the axis rect the images were taken with
    std::vector<QCPItemText*> m_texts; // every text, drawn after the lines and markers

    QCPTextElement* m_title = nullptr;
    QCPGraph* m_bandwidthShade = nullptr;
    QCPGraph* m_computeShade = nullptr;
    QCPGraph* m_envelope = nullptr;
    QCPGraph* m_ridges = nullptr;
    QCPItemText* m_bandwidthCaption = nullptr;
    QCPItemText* m_computeCaption = nullptr;
    std::vector<RoofItems> m_roofs;
    std::vector<OperationItems> m_operations;
};

} // namespace roofline::widgets
