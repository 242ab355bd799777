// SPDX-License-Identifier: GPL-3.0-or-later
// What the energy chart tells a reader besides its lines and points: the corner its legend takes, and the hover text of
// the marker under the pointer, for any chip's.
#include "energy/energy_chart.h"

#include "base/units.h"
#include "common/chart_text.h"

#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <utility>

namespace roofline::widgets {

namespace {

// "≤ 15.7 G": a figure of the model, marked as a bound when the chip states only some of its constants.
QString bounded(double v, bool complete, const char* bound, std::string_view unit = {})
{
    return (complete ? QString() : QString::fromUtf8(bound) + QLatin1Char(' ')) + qs(formatSI(v, unit));
}

} // namespace

void EnergyChart::placeLegend()
{
    // The corner whose legend would cover the fewest curve points and markers: with the HBM's energy alone the
    // operations climb one straight line from the bottom left, with board power they level off along the top.
    const QRect plot = axisRect()->rect();
    const QSize size = legend->minimumOuterSizeHint();
    if (!plot.isValid() || size.isEmpty())
        return;
    // A legend that would cover more than a quarter of a small plot (a projector's, at 200 %) steps aside: the
    // caption beside the chart says what the lines and points are.
    const bool fits = static_cast<double>(size.width()) * size.height() <= 0.25 * plot.width() * plot.height();
    legend->setVisible(fits);
    if (!fits)
        return;
    std::vector<QPointF> points;
    std::vector<const chart::EnergyLayout*> layouts { &m_layout };
    for (const chart::EnergyLayout& l : m_compared)
        layouts.push_back(&l);
    for (const chart::EnergyLayout* l : layouts) {
        for (const chart::EnergyCurve& c : l->curves)
            for (const chart::Point& p : c.points)
                points.emplace_back(xAxis->coordToPixel(p.x), yAxis->coordToPixel(p.y));
        for (const chart::EnergyMarker& m : l->markers)
            for (double y : { m.model, m.board })
                if (y > 0)
                    points.emplace_back(xAxis->coordToPixel(m.intensity), yAxis->coordToPixel(y));
        // A polyline of a few corners: sampled along its segments.
        for (std::size_t i = 1; i < l->board.size(); ++i)
            for (int k = 0; k <= 16; ++k) {
                const chart::Point& a = l->board[i - 1];
                const chart::Point& b = l->board[i];
                const double f = k / 16.0;
                const double x = a.x * std::pow(b.x / a.x, f);
                const double y = a.y * std::pow(b.y / a.y, f);
                points.emplace_back(xAxis->coordToPixel(x), yAxis->coordToPixel(y));
            }
    }
    const QMargins margin = axisRect()->insetLayout()->margins() + QMargins(12, 12, 12, 12);
    const Qt::Alignment corners[] = { Qt::AlignBottom | Qt::AlignRight, Qt::AlignTop | Qt::AlignLeft,
        Qt::AlignBottom | Qt::AlignLeft, Qt::AlignTop | Qt::AlignRight };
    Qt::Alignment best = corners[0];
    std::size_t fewest = SIZE_MAX;
    for (Qt::Alignment corner : corners) {
        const int left
            = corner & Qt::AlignLeft ? plot.left() + margin.left() : plot.right() - margin.right() - size.width();
        const int top
            = corner & Qt::AlignTop ? plot.top() + margin.top() : plot.bottom() - margin.bottom() - size.height();
        const QRectF box(left, top, size.width(), size.height());
        const auto covered = static_cast<std::size_t>(
            std::count_if(points.begin(), points.end(), [&box](const QPointF& p) { return box.contains(p); }));
        if (covered < fewest) {
            fewest = covered;
            best = corner;
        }
    }
    axisRect()->insetLayout()->setInsetAlignment(0, best);
}

QString EnergyChart::hoverText(QPointF pixel) const
{
    // The marker nearest the pointer within reach, of any chip: the session's is 0, the compared chips 1, 2 …
    const double reach = 10 * m_theme.zoom;
    double best = reach;
    std::optional<std::pair<std::size_t, std::size_t>> nearest; // chip, marker
    for (std::size_t chip = 0; chip <= m_compared.size(); ++chip) {
        const chart::EnergyLayout& l = chip == 0 ? m_layout : m_compared[chip - 1];
        for (std::size_t i = 0; i < l.markers.size(); ++i) {
            const chart::EnergyMarker& m = l.markers[i];
            for (double y : { m.model, m.board }) {
                if (!(y > 0))
                    continue;
                const double d
                    = std::hypot(xAxis->coordToPixel(m.intensity) - pixel.x(), yAxis->coordToPixel(y) - pixel.y());
                // A tie goes to the chip found first, the session's: its markers are drawn on top.
                if (d < best || (d == best && !nearest)) {
                    best = d;
                    nearest = std::pair(chip, i);
                }
            }
        }
    }
    if (!nearest)
        return {};
    const Analysis& a = *m_analysis;
    const auto [chip, i] = *nearest;
    const chart::EnergyMarker& m = chip == 0 ? m_layout.markers[i] : m_compared[chip - 1].markers[i];
    const std::size_t op = m_shown[m.operation];
    return chip == 0 ? markerText(m, a.hardware, a.operations[op].evaluation.value(), op)
                     : markerText(m, a.compared[chip - 1].hardware, a.compared[chip - 1].evaluations[op].value(), op);
}

QString EnergyChart::markerText(
    const chart::EnergyMarker& m, const Hardware& hw, const Evaluation& e, std::size_t sessionOp) const
{
    const Analysis& a = *m_analysis;
    const QString work = qs(std::string(workName(e.dtype)));
    QString text = tr("<b>%1</b><br>intensity %2 %3/B across %4")
                       .arg(qs(a.session.operations[sessionOp].name).toHtmlEscaped(), qs(formatIntensity(m.intensity)),
                           work, qs(e.resources[*chart::bindingResource(e)].name));
    if (&hw != &a.hardware)
        text += tr("<br>on %1").arg(qs(hw.name).toHtmlEscaped());
    const OperationEnergy& energy = m.energy;
    if (energy.model() > 0)
        text += tr("<br>model: %1 (%2 %3 + %4 bytes + %5 constant) → %6 %3/J")
                    .arg(bounded(energy.model(), m.complete, "≥", "J"), qs(formatSI(energy.compute, "J")), work,
                        qs(formatSI(energy.data, "J")), qs(formatSI(energy.constant, "J")),
                        bounded(m.model, m.complete, "≤"));
    if (energy.atBoardPower > 0)
        text += tr("<br>at %1 W: %2 → %3 %4/J")
                    .arg(qs(savedNumber(hw.boardPower)), qs(formatSI(energy.atBoardPower, "J")), qs(formatSI(m.board)),
                        work);
    if (!energy.missing.empty()) {
        QStringList keys;
        for (const std::string& k : energy.missing)
            keys << qs(k);
        text += tr("<br>not stated: %1").arg(keys.join(QStringLiteral(", ")));
    }
    return text;
}

void EnergyChart::mouseMoved(QMouseEvent* event)
{
    const QString text = hoverText(event->position());
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, this);
}

} // namespace roofline::widgets
