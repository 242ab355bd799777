// SPDX-License-Identifier: GPL-3.0-or-later
#include "chart/roof_layer.h"

#include "chart/label_placement.h"
#include "common/chart_text.h"

#include <QCoreApplication>

namespace roofline::widgets {

namespace {

// The layer's words, in the window's language.
struct RoofLayerWords {
    Q_DECLARE_TR_FUNCTIONS(RoofLayerWords)
};

int rankOf(chart::LabelPriority p)
{
    switch (p) {
    case chart::LabelPriority::Lesson:
        return kRankLesson;
    case chart::LabelPriority::Binding:
        return kRankBinding;
    case chart::LabelPriority::Touched:
        return kRankTouched;
    case chart::LabelPriority::Untouched:
        break;
    }
    return kRankUntouched;
}

std::string str(const QString& s)
{
    return s.toStdString();
}

} // namespace

RoofItems secondaryRoof(
    const LayerContext& ctx, const chart::RoofSegment& r, double width, Qt::PenStyle style, Qt::Alignment flat)
{
    const ChartTheme& t = ctx.theme;
    RoofItems items;
    items.line = new QCPItemLine(&ctx.plot);
    const QColor colour = r.kind == RoofKind::Compute ? t.foreground
        : r.kind == RoofKind::Memory                  ? t.memoryRoof
                                                      : t.networkRoof;
    items.line->setPen(QPen(colour, t.width(width), style));
    items.label = ctx.addText(8, colour);
    items.label->setPositionAlignment(r.kind == RoofKind::Compute ? flat | Qt::AlignTop : Qt::AlignLeft | Qt::AlignTop);
    items.label->setPadding(QMargins(2, 1, 2, 0));
    items.label->setBrush(QBrush(ctx.halo()));
    return items;
}

void RoofLayer::build(const LayerContext& ctx)
{
    const ChartTheme& t = ctx.theme;
    QCustomPlot& plot = ctx.plot;
    m_bandwidthShade = plot.addGraph();
    m_bandwidthShade->setPen(Qt::NoPen);
    m_bandwidthShade->setBrush(QBrush(t.bandwidthShade));
    m_computeShade = plot.addGraph();
    m_computeShade->setPen(Qt::NoPen);
    m_computeShade->setBrush(QBrush(t.computeShade));
    // The faint shades' sloped edge lies under the envelope and the others on the axes or between the two shades:
    // antialiasing them shows nothing and makes each fill several times dearer on every slider step.
    m_bandwidthShade->setAntialiasedFill(false);
    m_computeShade->setAntialiasedFill(false);
    m_bandwidthCaption = ctx.addText(10, t.regionText);
    m_bandwidthCaption->setText(RoofLayerWords::tr("bandwidth-bound"));
    m_computeCaption = ctx.addText(10, t.regionText);
    m_computeCaption->setText(RoofLayerWords::tr("compute-bound"));
    QFont italic = t.font(10);
    italic.setItalic(true);
    for (QCPItemText* caption : { m_bandwidthCaption, m_computeCaption })
        caption->setFont(italic);
    m_bandwidthCaption->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
    m_computeCaption->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);

    const QColor veil = ctx.halo();
    std::size_t memories = 0;
    std::size_t links = 0;
    for (const chart::RoofSegment& r : ctx.layout.roofs) {
        RoofItems items;
        items.line = new QCPItemLine(&plot);
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
        items.label = ctx.addText(9, pen.color());
        if (r.kind == RoofKind::Compute) {
            items.label->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
        } else {
            items.label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
            addRidgeItems(ctx, items);
        }
        items.label->setPadding(QMargins(2, 0, 2, 1));
        if (r.kind != RoofKind::Compute)
            items.label->setBrush(QBrush(veil)); // a close roof may run under the text
        m_roofs.push_back(items);
    }
    // Practical roofs: thin dashes under the datasheet's, in their roof's colour, named by their factor.
    for (const chart::RoofSegment& r : ctx.layout.practical)
        m_practical.push_back(secondaryRoof(ctx, r, 1.2, Qt::DashLine, Qt::AlignRight));

    m_envelope = plot.addGraph();
    m_envelope->setPen(QPen(t.envelope, t.width(3.5)));
    m_ridges = plot.addGraph();
    m_ridges->setLineStyle(QCPGraph::lsNone);
    m_ridges->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(t.foreground, t.width(1.5)), QBrush(t.background), 7 * t.zoom));
}

void RoofLayer::forget()
{
    *this = RoofLayer();
}

void RoofLayer::update(const LayerContext& ctx)
{
    const chart::Layout& l = ctx.layout;
    std::vector<chart::Point> ridges;
    for (std::size_t i = 0; i < l.roofs.size() && i < m_roofs.size(); ++i) {
        const chart::RoofSegment& r = l.roofs[i];
        setRoof(m_roofs[i], r, roofLabel(r, ctx.analysis.hardware));
        if (m_roofs[i].ridgeLabel) {
            ridges.push_back({ r.ridge, l.peak });
            m_roofs[i].ridgeLabel->setText(ridgeLabel(r));
        }
    }
    for (std::size_t i = 0; i < l.practical.size() && i < m_practical.size(); ++i)
        setRoof(m_practical[i], l.practical[i], practicalRoofLabel(l.practical[i]));
    setPoints(m_ridges, ridges);
    setPoints(m_envelope, l.envelope);
    const chart::EnvelopeParts parts = chart::envelopeParts(l);
    setPoints(m_bandwidthShade, parts.bandwidthBound);
    setPoints(m_computeShade, parts.computeBound);
    m_bandwidthCaption->position->setCoords(l.bandwidthRegion.x, l.bandwidthRegion.y);
    m_computeCaption->position->setCoords(l.computeRegion.x, l.computeRegion.y);
}

RoofLayer::Marks RoofLayer::addLinesAndMarks(TextScene& scene, const LayerContext& ctx, LineFamilies& families) const
{
    Marks out;
    const chart::Layout& l = ctx.layout;
    const double peak = l.peak;
    const double ridgeRadius = 7 * ctx.theme.zoom / 2 + ctx.theme.width(1.5) / 2;
    for (const chart::RoofSegment& r : l.roofs) {
        // A leader may cross the links' dashes and the other dtypes' peaks, which no one follows as far as a leader
        // goes; not a memory roof or the chart's own peak, which it would read as.
        const bool crossable = r.kind == RoofKind::Network || (r.kind == RoofKind::Compute && !r.selected);
        out.roofs.push_back(scene.addLine(ctx.pixel(r.from), ctx.pixel(r.to), crossable));
        families.add(out.roofs.back(), r.name);
        const bool ridgeShown = r.kind != RoofKind::Compute && r.ridge > l.x.lower() && r.ridge < l.x.upper()
            && peak > l.y.lower() && peak < l.y.upper();
        out.ridges.push_back(
            ridgeShown ? std::optional(scene.addMark(ctx.pixel({ r.ridge, peak }), ridgeRadius)) : std::nullopt);
    }
    for (const chart::RoofSegment& r : l.practical) {
        out.practical.push_back(scene.addLine(ctx.pixel(r.from), ctx.pixel(r.to), true));
        families.add(out.practical.back(), r.name);
    }
    return out;
}

void RoofLayer::addTexts(
    TextScene& scene, const LayerContext& ctx, const Marks& marks, const LineFamilies& families) const
{
    const chart::Layout& l = ctx.layout;
    const std::vector<chart::LabelPriority> priorities
        = chart::roofPriorities(l, ctx.evaluations, ctx.analysis.explanation.roof);
    auto pixel = [&ctx](chart::Point p) {
        const QPointF q = ctx.pixel(p);
        return chart::Point { q.x(), q.y() };
    };
    for (std::size_t i = 0; i < l.roofs.size() && i < m_roofs.size(); ++i) {
        const chart::RoofSegment& r = l.roofs[i];
        const int rank = rankOf(priorities[i]);
        // The name with its bandwidth wherever it fits along the line, else the name alone.
        chart::TextRequest name = lineName({ str(roofLabel(r, ctx.analysis.hardware)), r.name }, marks.roofs[i], rank);
        name.family = families.of(r.name, marks.roofs[i]);
        for (const chart::Point& p : r.labelSpots)
            name.at.push_back(pixel(p));
        scene.addText(std::move(name), m_roofs[i].label, { QStringLiteral("roof"), qs(r.name), {}, 0, {} });
        if (!m_roofs[i].ridgeLabel)
            continue;
        if (!marks.ridges[i]) {
            m_roofs[i].ridgeLabel->setVisible(false);
            continue;
        }
        // The ridges that matter may move out, joined to their dots, when the spots beside are taken; the lesson's
        // ridge in bold, over the others.
        QFont font = m_roofs[i].ridgeLabel->font();
        font.setBold(rank == kRankLesson);
        m_roofs[i].ridgeLabel->setFont(font);
        chart::TextRequest ridge
            = markLabel(str(ridgeLabel(r)), { *marks.ridges[i] }, chart::TextRequest::Spots::Below, rank);
        ridge.mayMoveOut = rank <= kRankBinding;
        scene.addText(std::move(ridge), m_roofs[i].ridgeLabel, { QStringLiteral("ridge"), qs(r.name), {}, 0, {} },
            m_roofs[i].ridgeLeader);
    }
    for (std::size_t i = 0; i < l.practical.size() && i < m_practical.size(); ++i) {
        const chart::RoofSegment& r = l.practical[i];
        chart::TextRequest name = lineName({ str(practicalRoofLabel(r)) }, marks.practical[i], kRankSecondary);
        name.family = families.of(r.name, marks.practical[i]);
        if (r.kind != RoofKind::Compute)
            name.at.push_back(pixel(r.label));
        scene.addText(std::move(name), m_practical[i].label,
            { QStringLiteral("roof"), qs(r.name), {}, 0, QStringLiteral("practical") });
    }
}

void RoofLayer::addCaptions(TextScene& scene, const LayerContext& ctx) const
{
    for (QCPItemText* caption : { m_bandwidthCaption, m_computeCaption }) {
        // The regions' captions where their corners put them, else nowhere.
        const QSizeF size = ctx.sizes.box(caption);
        const QPointF at = caption->position->pixelPosition();
        const bool right = caption->positionAlignment().testFlag(Qt::AlignRight);
        const bool top = caption->positionAlignment().testFlag(Qt::AlignTop);
        chart::TextRequest r;
        r.kind = chart::TextRequest::Kind::Free;
        r.texts = { str(caption->text()) };
        r.rank = kRankCaptions;
        r.places = { { right ? at.x() - size.width() : at.x() - size.width() / 2, top ? at.y() : at.y() - size.height(),
            size.width(), size.height() } };
        scene.addText(std::move(r), caption, { QStringLiteral("note"), {}, {}, 0, {} });
    }
}

QString RoofLayer::hover(const LayerContext& ctx, const QPointF& pixel, double reach) const
{
    for (const chart::RoofSegment& r : ctx.layout.roofs) {
        const QPointF a = ctx.pixel(r.from);
        const QPointF b = ctx.pixel(r.to);
        if (chart::distanceToSegment({ pixel.x(), pixel.y() }, { a.x(), a.y() }, { b.x(), b.y() }) <= reach / 2)
            return roofTooltip(r, ctx.analysis.hardware, ctx.analysis.dtype);
    }
    return {};
}

QVector<QPointF> RoofLayer::line(const chart::Layout& l, const QString& name) const
{
    for (std::size_t i = 0; i < l.roofs.size() && i < m_roofs.size(); ++i)
        if (qs(l.roofs[i].name) == name)
            return { m_roofs[i].line->start->coords(), m_roofs[i].line->end->coords() };
    return {};
}

QString RoofLayer::name(const chart::Layout& l, const QString& name) const
{
    for (std::size_t i = 0; i < l.roofs.size() && i < m_roofs.size(); ++i)
        if (qs(l.roofs[i].name) == name)
            return m_roofs[i].label->text();
    return {};
}

QStringList RoofLayer::practicalNames() const
{
    QStringList labels;
    for (const RoofItems& items : m_practical)
        labels.push_back(items.label->text());
    return labels;
}

std::vector<std::pair<std::string, const QCPItemText*>> RoofLayer::names(const chart::Layout& l) const
{
    std::vector<std::pair<std::string, const QCPItemText*>> out;
    for (std::size_t i = 0; i < m_roofs.size() && i < l.roofs.size(); ++i)
        out.emplace_back(l.roofs[i].name, m_roofs[i].label);
    for (std::size_t i = 0; i < m_practical.size() && i < l.practical.size(); ++i)
        out.emplace_back(l.practical[i].name, m_practical[i].label);
    return out;
}

std::vector<std::pair<std::string, const QCPItemText*>> RoofLayer::ridgeLabels(const chart::Layout& l) const
{
    std::vector<std::pair<std::string, const QCPItemText*>> out;
    for (std::size_t i = 0; i < m_roofs.size() && i < l.roofs.size(); ++i)
        if (m_roofs[i].ridgeLabel)
            out.emplace_back(l.roofs[i].name, m_roofs[i].ridgeLabel);
    return out;
}

} // namespace roofline::widgets
