// SPDX-License-Identifier: GPL-3.0-or-later
// Label placement of the roofline chart's roof names: the sloped roofs' names along their lines with their ridges'
// numbers, and a calibration's names. The fixed texts and the operations' labels are placed in chart_labels.cpp.
#include "chart/roofline_chart.h"

#include "chart/label_placement.h"
#include "common/chart_text.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

namespace roofline::widgets {

void RooflineChart::placeCalibratedLabels(Taken& taken, std::vector<chart::Box>& names, const chart::Box& area)
{
    // A calibration's names where its roofs put them: the flat one under its line from the left, stepping right past
    // what is there; the sloped one and the curved roof's where they are. Each is left out rather than laid over
    // another text (the report and the Measured tab give the same figures).
    // The first of `spots` where the label is free, its box on the side `align` gives, stepping right by `stepRight`.
    auto place = [&](QCPItemText* label, const std::vector<chart::Point>& spots, Qt::Alignment align,
                     double stepRight) {
        const bool wanted = label->visible();
        label->setVisible(false);
        for (const chart::Point& at : spots) {
            if (!wanted)
                return;
            label->setPositionAlignment(align);
            label->position->setCoords(at.x, at.y);
            const QSizeF size = textSize(label);
            const QPointF pixel = label->position->pixelPosition();
            chart::Box box { align.testFlag(Qt::AlignRight) ? pixel.x() - size.width() : pixel.x(),
                align.testFlag(Qt::AlignBottom) ? pixel.y() - size.height() : pixel.y(), size.width(), size.height() };
            auto blocked = [&] { return chart::overlapsAny({ box }, names) || taken.overlaps(box); };
            while (stepRight > 0 && blocked() && box.left + box.width + stepRight < area.left + area.width)
                box.left += stepRight;
            if (!area.contains(box) || blocked())
                continue;
            label->setVisible(true);
            label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
            label->position->setPixelPosition(QPointF(box.left, box.top));
            names.push_back(box);
            return;
        }
    };
    for (std::size_t i = 0; i < m_calibratedRoofs.size() && i < m_calibrated.ceilings.size(); ++i) {
        const chart::RoofSegment& r = m_calibrated.ceilings[i];
        QCPItemText* label = m_calibratedRoofs[i].label;
        label->setVisible(true);
        const bool flat = r.kind == RoofKind::Compute;
        place(label, { r.label }, Qt::AlignLeft | Qt::AlignTop, flat ? textSize(label).width() / 4 : 0);
    }
    // The curved roof's name over its right end, else over a point further back along it.
    if (m_calibratedWorkLabel && !m_calibrated.work.empty()) {
        m_calibratedWorkLabel->setVisible(m_calibratedWorkShown);
        const std::vector<chart::Point>& work = m_calibrated.work;
        std::vector<chart::Point> spots;
        for (const double share : { 1.0, 0.85, 0.7, 0.55, 0.4 })
            spots.push_back(work[static_cast<std::size_t>(share * static_cast<double>(work.size() - 1))]);
        place(m_calibratedWorkLabel, spots, Qt::AlignRight | Qt::AlignBottom, 0);
    }
}

void RooflineChart::placeRoofLabels(
    std::size_t i, Taken& taken, const Taken& envelope, const chart::Box& area, bool lesson)
{
    if (i >= m_roofs.size() || i >= m_layout.roofs.size())
        return;
    const chart::RoofSegment& r = m_layout.roofs[i];
    if (r.kind == RoofKind::Compute)
        return; // named with the fixed things (placeFixed)
    const double peak = m_layout.envelope.size() == 3 ? m_layout.envelope[1].y : m_layout.y.upper();
    auto pixel = [this](double x, double y) { return QPointF(xAxis->coordToPixel(x), yAxis->coordToPixel(y)); };
    // The slowest memory level's roof is the envelope's slope: its name lies along it.
    bool onEnvelope = r.kind == RoofKind::Memory;
    for (const chart::RoofSegment& other : m_layout.roofs)
        onEnvelope = onEnvelope && !(other.kind == RoofKind::Memory && other.value < r.value);
    QCPItemText* label = m_roofs[i].label;
    label->setVisible(false);
    // The name follows its roof's angle on screen, at the first spot along it that is free, with its bandwidth or,
    // where that is too long, alone; none free, it is left out rather than laid over another text or cut by the
    // plot's edge.
    bool placed = false;
    const QPointF a = pixel(r.from.x, r.from.y);
    const QPointF b = pixel(r.ridge, peak);
    const double angle = std::atan2(b.y() - a.y(), b.x() - a.x());
    label->setRotation(angle * 180 / std::numbers::pi);
    const QString full = roofLabel(r, m_analysis->hardware);
    // The core's staggered spots; for the lesson's roof, when none is free, 35 more from 5 % to 90 % of the line.
    std::vector<QPointF> spots;
    for (const chart::Point& p : r.labelSpots)
        spots.push_back(pixel(p.x, p.y));
    const std::size_t staggered = spots.size();
    if (lesson)
        for (int k = 0; k < 35; ++k)
            spots.push_back(a + (b - a) * (0.05 + 0.025 * k));
    const std::pair<std::size_t, std::size_t> passes[] = { { 0, staggered }, { staggered, spots.size() } };
    for (const auto& [first, end] : passes)
        for (const QString& text : { full, qs(r.name) }) {
            if (placed || first == end)
                break;
            label->setText(text);
            const QSizeF size = textSize(label);
            // Lifted off its line by the envelope's half width, so that the text's veil leaves the line whole; where
            // markers crowd the line above, under it.
            const QPointF up(std::sin(angle), -std::cos(angle));
            const double clear = 2.5 * m_theme.zoom;
            for (const QPointF lift : { up * clear, -up * (clear + size.height()) })
                for (std::size_t k = first; k < end && !placed; ++k) {
                    const QPointF at = spots[k] + lift;
                    const std::vector<chart::Box> footprint
                        = chart::rotatedFootprint(chart::Point { at.x(), at.y() }, size.width(), size.height(), angle);
                    const bool inside = std::all_of(footprint.begin(), footprint.end(),
                        [&area](const chart::Box& box) { return area.contains(box); });
                    if (inside && !taken.overlaps(footprint) && (onEnvelope || !envelope.overlaps(footprint))) {
                        label->position->setPixelPosition(at);
                        label->setVisible(true);
                        taken.add(footprint);
                        placed = true;
                    }
                }
        }
    if (!placed)
        label->setText(full);
    if (QCPItemText* ridge = m_roofs[i].ridgeLabel) {
        const QSizeF size = textSize(ridge);
        const double zoom = m_theme.zoom;
        const double gap = kMarkerRoom * zoom / 2 + 3 * zoom;
        const auto spot = chart::placeLabel(
            { chart::Point { b.x(), b.y() }, size.width(), size.height(), chart::LabelRequest::Side::Below }, taken,
            gap, area, &envelope);
        ridge->setVisible(spot.has_value());
        if (spot) {
            ridge->position->setCoords(spot->box.left + spot->box.width / 2, spot->box.top + spot->box.height / 2);
            taken.add(spot->box);
        }
    }
}

} // namespace roofline::widgets
