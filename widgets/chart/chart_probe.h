// SPDX-License-Identifier: GPL-3.0-or-later
// What the roofline chart drew, read back from its graphs and items: for the chart's geometry and for the tests,
// which check what is really drawn rather than what the chart meant to draw.
#pragma once

#include "chart/roofline_chart.h"

#include <QLineF>
#include <QPointF>
#include <QPolygonF>
#include <QRectF>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace roofline::widgets {

class ChartProbe {
public:
    explicit ChartProbe(const RooflineChart& chart)
        : m_chart(chart)
    { }

    // What is drawn, as the core computed it: markers index into shown(); the calibration's roofs; the compared
    // chips' overlays, and whether a roof of the k-th chip holds one of its markers down (its name and ridge drawn).
    const chart::Layout& layout() const { return m_chart.m_layout; }
    const std::vector<std::size_t>& shown() const { return m_chart.m_shown; }
    const chart::CalibratedRoofs& calibratedRoofs() const { return m_chart.m_calibrated.roofs(); }
    const std::vector<chart::Overlay>& overlays() const { return m_chart.m_compared.overlays(); }
    bool bindsComparedMarker(std::size_t chip, const std::string& roof) const;

    // The roofs: one's line and name by roof name, the practical roofs' names in layout order ("HBM ×0.5"), the
    // calibration's ("calibrated HBM ×0.93") and its curved roof, the envelope.
    QVector<QPointF> roofCurve(const QString& name) const;
    QString roofText(const QString& name) const;
    QStringList practicalRoofLabels() const;
    QStringList calibratedRoofLabels() const;
    QVector<QPointF> calibratedCurve() const;
    QVector<QPointF> envelopeCurve() const;

    // The operations: one's markers as the graphs hold them (filled: its binding one), whether it is drawn, its
    // colour and QCPScatterStyle::ScatterShape, its filled marker's pixel, the selection's rings.
    QVector<QPointF> markerPoints(std::size_t operation, bool filled) const;
    bool hasOperation(std::size_t operation) const;
    std::optional<std::pair<QColor, int>> markerStyle(std::size_t operation) const;
    std::optional<QPointF> markerPixel(std::size_t operation) const;
    QVector<QPointF> highlightPoints() const;
    // Where the last layout drew each marker, in pixels: its centre as drawn (markers of one roof that would hide one
    // another are drawn as one, which stands for them all: chart::stackMarkers) and its diameter with its pen.
    struct DrawnMarker {
        std::size_t operation = 0;
        QPointF centre; // of the marker drawn in its place: its own, or the one that stands for it
        double diameter = 0;
        std::size_t count = 1; // how many operations the marker drawn at centre stands for
        bool painted = true; // whether it is that marker; otherwise another one is drawn for it
        std::size_t marker = 0; // index into layout().markers
    };
    std::vector<DrawnMarker> drawnMarkers() const;

    // The words: every text the last layout placed, with what it names, its outline and its leader; the operations'
    // names and the level roofs' and ridges' labels as boxes; the roofs' and ridges' labels with their outlines (a
    // sloped roof's name is drawn at its roof's angle); the counts beside stacked markers ("×3"); the operations'
    // names alone.
    const std::vector<TextScene::Placed>& placedTexts() const { return m_chart.m_placedTexts; }
    struct DrawnLabel {
        QString text;
        QRectF box;
        std::optional<std::size_t> operation; // an operation's name
        std::optional<QLineF> leader;
    };
    std::vector<DrawnLabel> drawnLabels() const;
    struct DrawnRoofLabel {
        QString roof;
        bool ridge = false;
        QString text;
        QPolygonF outline;
    };
    std::vector<DrawnRoofLabel> drawnRoofLabels() const;
    std::vector<DrawnLabel> drawnCounts() const;
    QStringList visibleOperationLabels() const;
    // The items of the frame and the roofs' names: the title element, the roofs' names by roof name (practical and
    // calibrated roofs' too), the axes' names inside the plot ("x", "y"; with the axes inside).
    struct ChartTexts {
        const QCPTextElement* title = nullptr;
        std::vector<std::pair<std::string, const QCPItemText*>> roofs;
        std::vector<std::pair<QString, const QCPItemText*>> axisNames;
    };
    ChartTexts chartTexts() const;
    QString titleText() const;
    // The legend's rows, top to bottom: the chips', the operations' names, "… and N more" past kLegendOperations, the
    // measured kernels'; and the chips' key shown in its place when it steps aside.
    QStringList legendEntries() const;
    const QCPLegend* chipKey() const { return m_chart.m_compared.key(); }

    // The measured kernels: every point drawn, the ring's place and kernel, the lines to the model's predictions
    // (pairs of points), the ceilings' names, how a kernel's points look (colour and shape).
    QVector<QPointF> measuredPoints() const;
    QVector<QPointF> measuredMark() const;
    std::optional<std::size_t> markedMeasured() const;
    QVector<QPointF> measuredLinkLines() const;
    QStringList measuredRoofLabels() const;
    std::optional<std::pair<QColor, int>> measuredStyle(std::size_t kernel) const;

    // The compared chips: the k-th chip's markers (x ascending), one of its roofs by name, its arrows.
    QVector<QPointF> comparedMarkers(std::size_t chip) const;
    QVector<QPointF> comparedRoof(std::size_t chip, const QString& name) const;
    std::vector<QLineF> comparedArrows(std::size_t chip) const;

    // The state: the text hovering this pixel would show (empty for none), whether the chart draws fast (following
    // input), whether an example's view holds the axes, whether they are locked, whether they are inside the plot.
    QString hoverText(const QPointF& pixel) const { return m_chart.hoverText(pixel); }
    bool drawsFast() const { return m_chart.m_redraw.fast(); }
    bool hasView() const { return m_chart.m_axes.hasView(); }
    bool axesLocked() const { return m_chart.m_axes.locked(); }
    bool axesInside() const { return m_chart.m_frame.inside(); }

private:
    const RooflineChart& m_chart;
};

} // namespace roofline::widgets
