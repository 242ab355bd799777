// SPDX-License-Identifier: GPL-3.0-or-later
// The chips compared with the session's (Analysis::compared, View ▸ Compare with…) on the roofline chart: each chip's
// roofs in a line style of its own with their names and the ridges that bind its markers, its markers in a shape of
// its own in each operation's colour, a thin arrow from each operation's binding marker on the session's chip to its
// marker on each other chip, one legend row per chip, and the chips' key that names them where the legend steps aside.
#pragma once

#include "chart/chart_layer.h"
#include "chart/still_layer.h"
#include "chart/text_scene.h"

#include <QLineF>
#include <QString>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace roofline::widgets {

class ComparedLayer {
public:
    // The key sits in the plot's inset layout, made once by the chart with the legend.
    void setKey(QCPLegend* key) { m_key = key; }
    // The chips' roofs, names, ridges and markers lie on a layer of their own under the main one, which a slider step
    // draws again only when they moved (StillLayer); the arrows, which start at the session's moving markers, lie on
    // the main layer. The layer is made by the chart.
    void setLayer(QCPLayer* layer) { m_still.attach(layer); }
    StillLayer& still() { return m_still; }

    // Each chip's evaluations of the shown operations (null where it cannot run one), for the core's layouts
    // (chart::layouts), which lay every chip's overlay out in the chart's frame. They refer to the layer's own.
    std::vector<chart::OverlayChip> prepare(const Analysis&, const std::vector<std::size_t>& shown);
    void setOverlays(std::vector<chart::Overlay> overlays) { m_overlays = std::move(overlays); }
    // What a rebuild depends on: the chips, their roofs, which operations have a marker on each.
    QString signature(const Analysis&) const;

    void build(const LayerContext&);
    void forget();
    // The roofs and the legend's rows; true when a row's name changed (the legend's size with it).
    bool update(const LayerContext&);
    // After a layout (the chart's own or an export's): the markers one per pixel and colour, the arrows to their
    // edges. `from` is the session's binding marker of each shown operation, where the arrows start.
    void place(const LayerContext&, const std::vector<std::optional<chart::Point>>& from);

    // The compared markers under `pixel` (the operation on that chip), else a compared roof's numbers.
    QString hover(const LayerContext&, const QPointF& pixel, double reach) const;
    // Whether a roof of the k-th chip holds one of its markers down: its name and ridge are drawn.
    bool bindsMarker(std::size_t chip, const std::string& roof) const;
    const std::vector<chart::Overlay>& overlays() const { return m_overlays; }
    QCPLegend* key() const { return m_key; }
    // Whether a legend row names a chip, not an operation.
    bool isLegendRow(const QCPAbstractPlottable*) const;
    // The roofs' names, shown or not.
    std::vector<const QCPItemText*> labels() const;

    // The chips' lines and ridges' dots, and their markers as drawn, for the chart's words.
    void addLinesAndMarks(TextScene&, const LayerContext&, std::vector<std::vector<std::size_t>>& lines,
        std::vector<std::vector<std::optional<std::size_t>>>& ridges) const;
    // The names of each chip's peak and binding roofs, and its binding ridges' labels.
    void addTexts(TextScene&, const LayerContext&, const std::vector<std::vector<std::size_t>>& lines,
        const std::vector<std::vector<std::optional<std::size_t>>>& ridges) const;
    // The key in place of a legend that steps aside: along the top left under the highest flat roof, else in the
    // bottom right corner.
    void addKey(TextScene&, const LayerContext&, bool legendShown);

    // Read back from what is drawn: the k-th chip's markers (x ascending), one of its roofs by name, the arrows.
    QVector<QPointF> markers(std::size_t chip) const;
    QVector<QPointF> roof(std::size_t chip, const QString& name) const;
    std::vector<QLineF> arrows(std::size_t chip) const;

    // Arrows from one chip to another, per compared chip, at most: the first operations shown get them.
    static constexpr std::size_t kArrows = 40;

private:
    QPointF arrowTip(const LayerContext&, chart::Point from, chart::Point to) const;

    struct Chip {
        std::vector<RoofItems> roofs; // one per chart::Overlay::roofs, each with its name, the sloped ones a ridge's
        QCPGraph* ridges = nullptr; // the dots of its sloped roofs' ridges that bind one of its markers
        QCPGraph* legend = nullptr;
        std::map<QRgb, QCPGraph*> markers; // by operation colour
        std::vector<QCPItemLine*> arrows; // one per marker, up to kArrows
    };
    QCPLegend* m_key = nullptr;
    StillLayer m_still;
    std::vector<std::vector<const Evaluation*>> m_evaluations; // per chip, per shown operation
    std::vector<chart::Overlay> m_overlays;
    std::vector<Chip> m_chips;
    std::vector<QCPAbstractPlottable*> m_legendRows; // the legend's rows naming the chips, the session's first
    std::vector<QCPGraph*> m_keyRows; // the key's: each chip's line and marker under its short name
    std::vector<chart::Point> m_pixels; // the markers drawn, in pixels, for the chart's words
};

} // namespace roofline::widgets
