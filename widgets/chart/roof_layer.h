// SPDX-License-Identifier: GPL-3.0-or-later
// The session's chip's roofs on the roofline chart: the compute and bandwidth roofs with their names, the ridges'
// dots and labels, the attainable envelope, the shaded regions with their captions, and the practical roofs at the
// efficiency factors.
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

class RoofLayer {
public:
    // Makes the lines, dots, shades and texts for the layout's roofs; the chart removed the last build's.
    void build(const LayerContext&);
    void forget();
    // Moves them to this frame's layout.
    void update(const LayerContext&);

    // The roofs' lines and the ridges' dots in view, for the chart's words.
    struct Marks {
        std::vector<std::size_t> roofs; // per chart::Layout::roofs
        std::vector<std::optional<std::size_t>> ridges; // per chart::Layout::roofs: its ridge's dot, when in view
        std::vector<std::size_t> practical; // per chart::Layout::practical
    };
    Marks addLinesAndMarks(TextScene&, const LayerContext&, LineFamilies&) const;
    // The roofs' names and ridges' labels by what they mean to the chart: the lesson's roof first (with its
    // bandwidth, never shortened), then the roofs that bind an operation, then those an operation touches, last
    // those nothing touches; the practical roofs' names.
    void addTexts(TextScene&, const LayerContext&, const Marks&, const LineFamilies&) const;
    // The regions' captions, "bandwidth-bound" and "compute-bound", where their corners put them, else nowhere.
    void addCaptions(TextScene&, const LayerContext&) const;

    // The roof under `pixel` within half `reach`: its numbers, or an empty string.
    QString hover(const LayerContext&, const QPointF& pixel, double reach) const;
    // The ridges' dots: stamped from images while dragging.
    QCPGraph* ridgeDots() const { return m_ridges; }

    // Read back from the items: a roof's line and name, the practical roofs' names in layout order, the envelope.
    QVector<QPointF> line(const chart::Layout&, const QString& name) const;
    QString name(const chart::Layout&, const QString& name) const;
    QStringList practicalNames() const;
    QVector<QPointF> envelope() const { return pointsOf(m_envelope); }
    // The names' items by roof name, practical roofs' too, and the ridges' labels by their roof's name.
    std::vector<std::pair<std::string, const QCPItemText*>> names(const chart::Layout&) const;
    std::vector<std::pair<std::string, const QCPItemText*>> ridgeLabels(const chart::Layout&) const;

private:
    QCPGraph* m_bandwidthShade = nullptr;
    QCPGraph* m_computeShade = nullptr;
    QCPGraph* m_envelope = nullptr;
    QCPGraph* m_ridges = nullptr;
    QCPItemText* m_bandwidthCaption = nullptr;
    QCPItemText* m_computeCaption = nullptr;
    std::vector<RoofItems> m_roofs; // one per chart::Layout::roofs
    std::vector<RoofItems> m_practical; // dashed, one per chart::Layout::practical
};

// A thin roof under the datasheet's, in its roof's colour, with a name on a veil: the practical roofs' dashes and a
// calibration's dots.
RoofItems secondaryRoof(const LayerContext&, const chart::RoofSegment&, double width, Qt::PenStyle, Qt::Alignment flat);

} // namespace roofline::widgets
