// SPDX-License-Identifier: GPL-3.0-or-later
// A calibration's roofs on the roofline chart (chart::calibratedRoofs): a dotted roof at each measured ceiling,
// named "calibrated HBM ×0.93", and the curved roof of one operation's work under the calibration (the selected
// operation's, else the longest shown one's), named with its operation and its FLOPs.
#pragma once

#include "chart/calibrated.h"
#include "chart/chart_layer.h"
#include "chart/text_scene.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace roofline::widgets {

class CalibratedLayer {
public:
    // The calibration's roofs on the layout of the context, for the selected operation's work (a session index),
    // else the longest shown one's; nothing without a calibration.
    void layOut(const LayerContext&, std::optional<std::size_t> selected);
    // What a rebuild depends on: the ceilings' names and whether a curve is drawn.
    QString signature() const;

    void build(const LayerContext&);
    void forget();
    void update(const LayerContext&);

    // The ceilings' lines and the curve's pieces, for the chart's words.
    struct Marks {
        std::vector<std::size_t> ceilings; // per chart::CalibratedRoofs::ceilings
        std::vector<std::size_t> work; // the curve's pieces
    };
    Marks addLines(TextScene&, const LayerContext&, LineFamilies&) const;
    // The ceilings' names, the flat one along its line from the left, the sloped one from its spot; the curve's
    // name level, a corner at its right end or further back along it.
    void addTexts(TextScene&, const LayerContext&, const Marks&, const LineFamilies&) const;

    const chart::CalibratedRoofs& roofs() const { return m_roofs; }
    // Read back from the items: the ceilings' names left to right, the curve's points.
    QStringList names() const;
    QVector<QPointF> curve() const { return pointsOf(m_work); }
    std::vector<std::pair<std::string, const QCPItemText*>> nameItems() const;

private:
    chart::CalibratedRoofs m_roofs; // from the layout and the session's calibration, when it has one
    std::optional<std::size_t> m_for; // the operation whose work the curved roof is drawn for
    Dtype m_dtype = Dtype::bf16; // its dtype
    bool m_workShown = false; // the curve reaches into the plot: its name is wanted
    std::vector<RoofItems> m_ceilings; // dotted, one per m_roofs.ceilings
    QCPGraph* m_work = nullptr; // the curved roof of one operation's work
    QCPItemText* m_workLabel = nullptr;
};

} // namespace roofline::widgets
