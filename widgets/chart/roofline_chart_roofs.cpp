// SPDX-License-Identifier: GPL-3.0-or-later
// The roofline chart's roofs: compute and bandwidth roofs with their names, ridges, the envelope, the shaded regions
// and their captions.
#include "chart/roofline_chart.h"

#include "base/units.h"
#include "common/chart_text.h"

namespace roofline::widgets {

void RooflineChart::buildRoofs()
{
    const ChartTheme& t = m_theme;
    m_bandwidthShade = addGraph();
    m_bandwidthShade->setPen(Qt::NoPen);
    m_bandwidthShade->setBrush(QBrush(t.bandwidthShade));
    m_computeShade = addGraph();
    m_computeShade->setPen(Qt::NoPen);
    m_computeShade->setBrush(QBrush(t.computeShade));
    // The faint shades' sloped edge lies under the envelope and the others on the axes or between the two shades:
    // antialiasing them shows nothing and makes each fill several times dearer on every slider step.
    m_bandwidthShade->setAntialiasedFill(false);
    m_computeShade->setAntialiasedFill(false);
    m_bandwidthCaption = addText(10, t.regionText);
    m_bandwidthCaption->setText(tr("bandwidth-bound"));
    m_computeCaption = addText(10, t.regionText);
    m_computeCaption->setText(tr("compute-bound"));
    QFont italic = t.font(10);
    italic.setItalic(true);
    for (QCPItemText* caption : { m_bandwidthCaption, m_computeCaption })
        caption->setFont(italic);
    m_bandwidthCaption->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
    m_computeCaption->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
    // A lesson's answer, written on every file of its chart (a slide carries it): bold, on the chart's veil.
    m_answer = addText(11, t.foreground);
    QFont bold = t.font(11);
    bold.setBold(true);
    m_answer->setFont(bold);
    m_answer->setPadding(QMargins(4, 2, 4, 2));
    m_answer->setBrush(QBrush(halo()));
    m_answer->setVisible(false);

    const QColor veil = halo();
    std::size_t memories = 0;
    std::size_t links = 0;
    for (const chart::RoofSegment& r : m_layout.roofs) {
        RoofItems items;
        items.line = new QCPItemLine(this);
        QPen pen;
        pen.setWidthF(t.width(r.kind == RoofKind::Compute && r.selected ? 2 : 1.6));
        if (r.kind == RoofKind::Compute) {
            pen.setColor(t.foreground);
            pen.setStyle(r.selected ? Qt::SolidLine : Qt::DashLine);
        } else if (r.kind == RoofKind::Memory) {
            pen.setColor(t.memoryRoof);
            pen.setStyle(memories++ == 0 ? Qt::SolidLine : Qt::DashLine);
        } else {
            pen.setColor(t.networkRoof);
            constexpr Qt::PenStyle styles[] = { Qt::DashDotLine, Qt::DashLine, Qt::DotLine, Qt::DashDotDotLine };
            pen.setStyle(styles[links++ % 4]);
        }
        items.line->setPen(pen);
        items.label = addText(9, pen.color());
        if (r.kind == RoofKind::Compute) {
            items.label->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
        } else {
            items.label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
            items.ridgeLabel = addText(8, t.foreground);
            items.ridgeLabel->setBrush(QBrush(veil));
            items.ridgeLabel->setPositionAlignment(Qt::AlignCenter);
            items.ridgeLabel->position->setType(QCPItemPosition::ptAbsolute);
            items.ridgeLeader = new QCPItemLine(this);
            items.ridgeLeader->setPen(QPen(t.foreground, t.width(1)));
            items.ridgeLeader->start->setType(QCPItemPosition::ptAbsolute);
            items.ridgeLeader->end->setType(QCPItemPosition::ptAbsolute);
            items.ridgeLeader->setVisible(false);
        }
        items.label->setPadding(QMargins(2, 0, 2, 1));
        if (r.kind != RoofKind::Compute)
            items.label->setBrush(QBrush(veil)); // a close roof may run under the text
        m_roofs.push_back(items);
    }

    // Practical roofs: thin dashes under the datasheet's, in their roof's colour, named by their factor; a
    // calibration's dotted beneath them, named by their ceilings.
    auto secondaryRoof = [&](const chart::RoofSegment& r, double width, Qt::PenStyle style, Qt::Alignment flatAlign) {
        RoofItems items;
        items.line = new QCPItemLine(this);
        const QColor colour = r.kind == RoofKind::Compute ? t.foreground
            : r.kind == RoofKind::Memory                  ? t.memoryRoof
                                                          : t.networkRoof;
        items.line->setPen(QPen(colour, t.width(width), style));
        items.label = addText(8, colour);
        items.label->setPositionAlignment(
            r.kind == RoofKind::Compute ? flatAlign | Qt::AlignTop : Qt::AlignLeft | Qt::AlignTop);
        items.label->setPadding(QMargins(2, 1, 2, 0));
        items.label->setBrush(QBrush(veil));
        return items;
    };
    for (const chart::RoofSegment& r : m_layout.practical)
        m_practical.push_back(secondaryRoof(r, 1.2, Qt::DashLine, Qt::AlignRight));
    for (const chart::RoofSegment& r : m_calibrated.ceilings)
        m_calibratedRoofs.push_back(secondaryRoof(r, 1.4, Qt::DotLine, Qt::AlignLeft));
    // And the curved roof of one operation's work under the calibration.
    if (!m_calibrated.work.empty()) {
        m_calibratedWork = addGraph();
        m_calibratedWork->setPen(QPen(t.foreground, t.width(1.6), Qt::DotLine));
        m_calibratedWorkLabel = addText(8, t.foreground);
        m_calibratedWorkLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
        m_calibratedWorkLabel->setBrush(QBrush(veil));
    }

    m_envelope = addGraph();
    m_envelope->setPen(QPen(t.envelope, t.width(3.5)));
    m_ridges = addGraph();
    m_ridges->setLineStyle(QCPGraph::lsNone);
    m_ridges->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(t.foreground, t.width(1.5)), QBrush(t.background), 7 * t.zoom));
}

void RooflineChart::updateRoofs()
{
    const chart::Layout& l = m_layout;
    std::vector<chart::Point> ridges;
    for (std::size_t i = 0; i < l.roofs.size() && i < m_roofs.size(); ++i) {
        const chart::RoofSegment& r = l.roofs[i];
        m_roofs[i].line->start->setCoords(r.from.x, r.from.y);
        m_roofs[i].line->end->setCoords(r.to.x, r.to.y);
        m_roofs[i].label->setText(roofLabel(r, m_analysis->hardware));
        m_roofs[i].label->position->setCoords(r.label.x, r.label.y);
        if (m_roofs[i].ridgeLabel) {
            const double peak = l.envelope.size() == 3 ? l.envelope[1].y : r.to.y;
            ridges.push_back({ r.ridge, peak });
            m_roofs[i].ridgeLabel->setText(ridgeLabel(r));
        }
    }
    for (std::size_t i = 0; i < l.practical.size() && i < m_practical.size(); ++i) {
        const chart::RoofSegment& r = l.practical[i];
        m_practical[i].line->start->setCoords(r.from.x, r.from.y);
        m_practical[i].line->end->setCoords(r.to.x, r.to.y);
        m_practical[i].label->setText(practicalRoofLabel(r));
        m_practical[i].label->position->setCoords(r.label.x, r.label.y);
    }
    for (std::size_t i = 0; i < m_calibrated.ceilings.size() && i < m_calibratedRoofs.size(); ++i) {
        const chart::RoofSegment& r = m_calibrated.ceilings[i];
        m_calibratedRoofs[i].line->start->setCoords(r.from.x, r.from.y);
        m_calibratedRoofs[i].line->end->setCoords(r.to.x, r.to.y);
        m_calibratedRoofs[i].label->setText(tr("calibrated %1").arg(practicalRoofLabel(r)));
        m_calibratedRoofs[i].label->position->setCoords(r.label.x, r.label.y);
    }
    if (m_calibratedWork) {
        setPoints(m_calibratedWork, m_calibrated.work);
        const chart::Point end = m_calibrated.work.back();
        const std::string name = m_calibratedFor && *m_calibratedFor < m_analysis->session.operations.size()
            ? m_analysis->session.operations[*m_calibratedFor].name
            : std::string();
        m_calibratedWorkLabel->setText(
            tr("calibrated: %1, %2")
                .arg(qs(name), qs(formatSI(m_calibrated.flops, isInteger(m_calibratedDtype) ? "OP" : "FLOP"))));
        m_calibratedWorkLabel->position->setCoords(end.x, end.y);
        m_calibratedWorkShown = end.y > l.y.lower();
    }
    setPoints(m_ridges, ridges);
    setPoints(m_envelope, l.envelope);
    if (l.envelope.size() == 3) {
        setPoints(m_bandwidthShade, { l.envelope[0], l.envelope[1] });
        setPoints(m_computeShade, { l.envelope[1], l.envelope[2] });
    } else {
        setPoints(m_bandwidthShade, {});
        setPoints(m_computeShade, l.envelope);
    }
    m_bandwidthCaption->position->setCoords(l.bandwidthRegion.x, l.bandwidthRegion.y);
    m_computeCaption->position->setCoords(l.computeRegion.x, l.computeRegion.y);
}

QVector<QPointF> RooflineChart::roofCurve(const QString& name) const
{
    for (std::size_t i = 0; i < m_layout.roofs.size() && i < m_roofs.size(); ++i)
        if (qs(m_layout.roofs[i].name) == name)
            return { m_roofs[i].line->start->coords(), m_roofs[i].line->end->coords() };
    return {};
}

QString RooflineChart::roofText(const QString& name) const
{
    for (std::size_t i = 0; i < m_layout.roofs.size() && i < m_roofs.size(); ++i)
        if (qs(m_layout.roofs[i].name) == name)
            return m_roofs[i].label->text();
    return {};
}

QStringList RooflineChart::practicalRoofLabels() const
{
    QStringList labels;
    for (const RoofItems& items : m_practical)
        labels.push_back(items.label->text());
    return labels;
}

QStringList RooflineChart::calibratedRoofLabels() const
{
    QStringList labels;
    for (const RoofItems& items : m_calibratedRoofs)
        labels.push_back(items.label->text());
    return labels;
}

QVector<QPointF> RooflineChart::calibratedCurve() const
{
    return m_calibratedWork ? pointsOf(m_calibratedWork) : QVector<QPointF> {};
}

QVector<QPointF> RooflineChart::envelopeCurve() const
{
    return pointsOf(m_envelope);
}

} // namespace roofline::widgets
