// SPDX-License-Identifier: GPL-3.0-or-later
// Label placement of the roofline chart: every text finds a spot clear of markers, lines and other texts. The roofs'
// names along their lines and a calibration's names are placed in chart_roof_labels.cpp.
#include "chart/roofline_chart.h"

#include "chart/label_placement.h"
#include "common/chart_text.h"

#include <QFontMetricsF>
#include <QSet>
#include <QTransform>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>
#include <unordered_map>

namespace roofline::widgets {

namespace {

chart::Point toPoint(const QPointF& p)
{
    return { p.x(), p.y() };
}

} // namespace

QSizeF RooflineChart::textSize(const QCPItemText* text)
{
    return textSize(text->font(), text->text());
}

QSizeF RooflineChart::textSize(const QFont& font, const QString& text)
{
    QHash<QString, QSizeF>& sizes = m_textSizes[font];
    if (const auto it = sizes.constFind(text); it != sizes.constEnd())
        return *it;
    if (sizes.size() > 4096)
        sizes.clear(); // slider steps change numbers in ridge labels: keep the cache bounded
    const QRectF r = QFontMetricsF(font).boundingRect(text);
    const QSizeF size(r.width() + 6, r.height());
    sizes.insert(text, size);
    return size;
}

QSize RooflineChart::legendSize()
{
    if (m_legendSize.isEmpty())
        m_legendSize = legend->minimumOuterSizeHint();
    return m_legendSize;
}

// Runs after every layout, the chart's own and an export's: label spots depend on pixels. Fixed things first
// (markers, legend, flat roofs and their names), then the sloped names, then ridge and operation labels in the space
// left, then the region captions where nothing else is.
void RooflineChart::placeLabels()
{
    const QRect plot = axisRect()->rect();
    const chart::Box area { double(plot.left()), double(plot.top()), double(plot.width()), double(plot.height()) };
    stackMarkers();
    placeCompared();
    Taken taken;
    placeFixed(taken, area);
    // The envelope's slope, the boldest line, is kept clear of ridge and operation labels, and of the names of the
    // roofs it is not.
    std::vector<chart::Box> envelope;
    if (m_layout.envelope.size() == 3) {
        const auto a = m_layout.envelope[0];
        const auto b = m_layout.envelope[1];
        envelope = chart::segmentFootprint({ xAxis->coordToPixel(a.x), yAxis->coordToPixel(a.y) },
            { xAxis->coordToPixel(b.x), yAxis->coordToPixel(b.y) }, 4 * m_theme.zoom);
    }
    Taken envelopeGrid;
    envelopeGrid.add(envelope);
    // Roofs' names and ridges in order of what they mean to the chart: the lesson's roof first, then the roofs that
    // bind an operation, then those an operation touches; the operations' names; last the roofs nothing touches,
    // which are the first left out when room runs short.
    const std::vector<chart::LabelPriority> priorities
        = chart::roofPriorities(m_layout, m_evaluations, m_analysis->explanation.roof);
    const std::vector<std::size_t> order = chart::placementOrder(priorities);
    std::size_t next = 0;
    for (; next < order.size() && priorities[order[next]] != chart::LabelPriority::Untouched; ++next)
        placeRoofLabels(
            order[next], taken, envelopeGrid, area, priorities[order[next]] == chart::LabelPriority::Lesson);
    taken.add(envelope);
    placeFree(taken, area);
    placeCounts(taken, area);
    for (; next < order.size(); ++next)
        placeRoofLabels(order[next], taken, envelopeGrid, area);
    for (QCPItemText* caption : { m_bandwidthCaption, m_computeCaption }) {
        const QSizeF size = textSize(caption);
        const QPointF at = caption->position->pixelPosition();
        const bool right = caption->positionAlignment().testFlag(Qt::AlignRight);
        const bool top = caption->positionAlignment().testFlag(Qt::AlignTop);
        const chart::Box box { right ? at.x() - size.width() : at.x() - size.width() / 2,
            top ? at.y() : at.y() - size.height(), size.width(), size.height() };
        caption->setVisible(area.contains(box) && !taken.overlaps(box));
    }
}

void RooflineChart::placeFixed(Taken& taken, const chart::Box& area)
{
    const double zoom = m_theme.zoom;
    // Markers centred within the same pixel take one box, a pixel larger so that it covers each of them: thousands of
    // operations crowd a few hundred pixels, and every label placed near them would test every one of their boxes.
    const double marker = kMarkerRoom * zoom + 1;
    QSet<QPoint> pixels;
    auto takeMarker = [&](const chart::Point& p) {
        const double x = std::floor(p.x);
        const double y = std::floor(p.y);
        if (!(std::abs(x) < 1e6 && std::abs(y) < 1e6))
            return; // far outside the plot: no label can meet it
        const QPoint pixel(static_cast<int>(x), static_cast<int>(y));
        if (pixels.contains(pixel))
            return;
        pixels.insert(pixel);
        taken.add({ x + 0.5 - marker / 2, y + 0.5 - marker / 2, marker, marker });
    };
    for (const chart::Point& p : m_markerPixels)
        takeMarker(p);
    for (const chart::Point& p : m_comparedPixels) // the compared chips' markers, once per pixel and colour
        takeMarker(p);
    placeAxisNames(taken);
    // A legend that would hide a fifth of the plot (a small window, a projector zoom) steps aside: the names are
    // beside the markers, in the list and in the table too.
    const QSize legendSize = this->legendSize();
    legend->setVisible(double(legendSize.width()) * legendSize.height() < 0.2 * area.width * area.height);
    if (legend->visible()) {
        const QRectF r = legend->outerRect();
        taken.add({ r.left(), r.top(), r.width(), r.height() });
    }
    placeChipKey(taken, area); // in its place, with compared chips
    // Flat roofs' names over their lines' right ends, stepping left when two roofs lie too close for both or the
    // legend is in the way, else under their lines; left out when neither has room.
    // The compared chips' flat roofs are placed the same way, after the session's.
    std::vector<std::pair<QCPItemText*, chart::Point>> flat;
    for (std::size_t i = 0; i < m_roofs.size() && i < m_layout.roofs.size(); ++i)
        if (m_layout.roofs[i].kind == RoofKind::Compute)
            flat.emplace_back(m_roofs[i].label, m_layout.roofs[i].label);
    for (std::size_t k = 0; k < m_compared.size() && k < m_overlays.size(); ++k)
        for (std::size_t i = 0; i < m_compared[k].roofs.size() && i < m_overlays[k].roofs.size(); ++i)
            if (QCPItemText* label = m_compared[k].roofs[i].label)
                flat.emplace_back(label, m_overlays[k].roofs[i].label);
    std::vector<chart::Box> names;
    for (const auto& [label, spot] : flat) {
        label->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
        label->position->setCoords(spot.x, spot.y);
        const QSizeF size = textSize(label);
        const QPointF at = label->position->pixelPosition();
        std::optional<chart::Box> free;
        for (const double top : { at.y() - size.height(), at.y() }) {
            chart::Box box { at.x() - size.width(), top, size.width(), size.height() };
            auto blocked = [&] { return chart::overlapsAny({ box }, names) || taken.overlaps(box); };
            while (blocked() && box.left > area.left + size.width())
                box.left -= size.width() / 4;
            if (area.contains(box) && !blocked()) {
                free = box;
                break;
            }
        }
        label->setVisible(free.has_value());
        if (free) {
            label->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
            label->position->setPixelPosition(QPointF(free->left + free->width, free->top));
            names.push_back(*free);
        }
        taken.add({ area.left, at.y() - 2 * zoom, area.width, 4 * zoom }); // the roof line itself
    }
    // Measured ceilings' names: the flat one under its line's right end, stepping left past the datasheet roofs'
    // names and the markers, else over its line; left out when neither has room (the Measured tab lists it). The
    // sloped one where its roof put it.
    for (const auto& [line, label] : m_measuredRoofs) {
        if (!label->visible())
            continue;
        const QSizeF size = textSize(label);
        const QPointF at = label->position->pixelPosition();
        if (!label->positionAlignment().testFlag(Qt::AlignRight)) {
            names.push_back({ at.x(), at.y(), size.width(), size.height() });
            continue;
        }
        std::optional<chart::Box> free;
        for (const double top : { at.y(), at.y() - size.height() }) {
            chart::Box box { at.x() - size.width(), top, size.width(), size.height() };
            while ((chart::overlapsAny({ box }, names) || taken.overlaps(box)) && box.left > area.left + size.width())
                box.left -= size.width() / 4;
            if (area.contains(box) && !chart::overlapsAny({ box }, names) && !taken.overlaps(box)) {
                free = box;
                break;
            }
        }
        label->setVisible(free.has_value());
        if (!free)
            continue;
        label->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
        label->position->setPixelPosition(QPointF(free->left + free->width, free->top));
        names.push_back(*free);
    }
    placeCalibratedLabels(taken, names, area);
    taken.add(names);
}

void RooflineChart::placeFree(Taken& taken, const chart::Box& area)
{
    const double zoom = m_theme.zoom;
    auto pixel
        = [this](double x, double y) { return toPoint(QPointF(xAxis->coordToPixel(x), yAxis->coordToPixel(y))); };
    const double gap = kMarkerRoom * zoom / 2 + 3 * zoom; // clear of the label's own marker
    // A name moved out is joined to its marker by a line that crosses no memory roof and not the selected compute
    // roof: among the solid slopes a line reads as another roof. The links' dashed roofs, far apart, may be crossed.
    std::vector<std::pair<chart::Point, chart::Point>> roofLines;
    for (const chart::RoofSegment& r : m_layout.roofs)
        if (r.kind == RoofKind::Memory || (r.kind == RoofKind::Compute && r.selected))
            roofLines.emplace_back(pixel(r.from.x, r.from.y), pixel(r.to.x, r.to.y));
    // One label at a time against the boxes near its spots, the labels placed before it among them: the result of
    // placing all at once against every box, in time that grows with the labels rather than with their square.
    auto placeIn = [&](Taken& into, const chart::LabelRequest& r) {
        const auto placed = chart::placeLabel(r, into, gap, area);
        if (placed)
            into.add(placed->box);
        return placed;
    };
    auto show = [](QCPItemText* text, const std::optional<chart::PlacedLabel>& placed) {
        text->setVisible(placed.has_value());
        if (placed)
            text->position->setCoords(
                placed->box.left + placed->box.width / 2, placed->box.top + placed->box.height / 2);
    };
    // Each operation's name beside its binding marker (or its first) as drawn, in the next free text of m_labels.
    // Through a drag or a play each keeps the spot it took in the frame before while that is free, so that names hold
    // still; at rest, and in an export, every name takes the first free spot: the same chart gives the same picture.
    const bool holdSpots = m_fast && m_smoothScopes == 0;
    if (m_smoothScopes == 0 && !m_fast)
        m_labelSpots.clear();
    struct Candidate {
        const OperationItems* items;
        QString name;
        chart::LabelRequest request;
        std::size_t freeSpots = 0;
    };
    std::vector<Candidate> candidates;
    const QFont font = m_labels.empty() ? QFont() : m_labels.front()->font();
    for (const OperationItems& items : m_operations) {
        if (candidates.size() == 2 * m_labels.size())
            break; // the rest would find no text left
        if (items.points.empty() || items.anchor >= m_markerPixels.size())
            continue;
        const Operation& op = m_analysis->session.operations[items.operation];
        Candidate c { &items, qs(op.name), {}, 0 };
        const QSizeF size = textSize(font, c.name);
        c.request = { m_markerPixels[items.anchor], size.width(), size.height() };
        c.request.mayMoveOut = m_operations.size() <= kNamesMovingOut;
        c.request.uncrossed = &roofLines;
        if (const auto last = m_labelSpots.find(op.id); holdSpots && last != m_labelSpots.end())
            c.request.preferred = last->second;
        c.freeSpots = chart::freeLabelSpots(c.request, taken, gap, area);
        candidates.push_back(std::move(c));
    }
    // Placing one name after another leaves some out that another order would name. The names with the fewest
    // free spots first (among equals, in the operations' order); when that leaves out a name that could be shown,
    // the operations' order and either way along x and along y are tried too, and the order naming the most wins.
    auto attempt = [&](const std::vector<std::size_t>& order, Taken& into) {
        std::vector<std::optional<chart::PlacedLabel>> placed(candidates.size());
        std::size_t count = 0;
        // Names that kept their spot first, so that one that lost its own does not take another's.
        for (const bool onlyPreferred : { true, false })
            for (std::size_t i = 0; i < order.size() && count < m_labels.size(); ++i) {
                chart::LabelRequest r = candidates[order[i]].request;
                if (placed[order[i]] || (onlyPreferred && !r.preferred))
                    continue;
                r.onlyPreferred = onlyPreferred;
                placed[order[i]] = placeIn(into, r);
                count += placed[order[i]].has_value() ? 1 : 0;
            }
        return std::pair { std::move(placed), count };
    };
    std::vector<std::size_t> order(candidates.size());
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::vector<std::vector<std::size_t>> orders;
    orders.push_back(order);
    std::stable_sort(orders.back().begin(), orders.back().end(),
        [&](std::size_t a, std::size_t b) { return candidates[a].freeSpots < candidates[b].freeSpots; });
    orders.push_back(order);
    for (const bool alongX : { true, false })
        for (const bool rising : { true, false }) {
            orders.push_back(order);
            std::stable_sort(orders.back().begin(), orders.back().end(), [&](std::size_t a, std::size_t b) {
                const chart::Point& pa = candidates[a].request.anchor;
                const chart::Point& pb = candidates[b].request.anchor;
                const double va = alongX ? pa.x : pa.y;
                const double vb = alongX ? pb.x : pb.y;
                return rising ? va < vb : va > vb;
            });
        }
    const std::size_t nameable = std::min(candidates.size(), m_labels.size());
    std::vector<std::optional<chart::PlacedLabel>> best;
    std::size_t bestCount = 0;
    Taken bestTaken;
    if (holdSpots && m_labelOrder < orders.size()) {
        // Through a drag the order that won at rest stands: names keep their spots, and trying the others at every
        // step would cost a crowded chart (a projector's zoom) a quarter of its frame.
        auto [placed, count] = attempt(orders[m_labelOrder], taken);
        best = std::move(placed);
    } else {
        for (std::size_t k = 0; k < orders.size(); ++k) {
            if (k > 0 && (bestCount == nameable || candidates.size() > m_labels.size()))
                break; // every name shown, or more names than texts: the first order stands
            Taken trial = taken;
            auto [placed, count] = attempt(orders[k], trial);
            if (k == 0 || count > bestCount) {
                best = std::move(placed);
                bestCount = count;
                bestTaken = std::move(trial);
                if (m_smoothScopes == 0) // an export's order is for its own size
                    m_labelOrder = k;
            }
        }
        taken = std::move(bestTaken);
    }
    std::size_t used = 0;
    m_labelOperations.clear();
    for (std::size_t i = 0; i < candidates.size() && used < m_labels.size(); ++i) {
        const Candidate& c = candidates[i];
        const OperationItems& items = *c.items;
        const chart::Point at = c.request.anchor;
        const Operation& op = m_analysis->session.operations[items.operation];
        const QString& name = c.name;
        const std::optional<chart::PlacedLabel>& placed = best[i];
        if (!placed)
            continue;
        if (m_smoothScopes == 0)
            m_labelSpots[op.id] = placed->spot;
        m_labels[used]->setText(name);
        // The marker's hue, dark or light enough to read.
        auto ink = m_nameInks.find(op.colour);
        if (ink == m_nameInks.end())
            ink = m_nameInks.emplace(op.colour, m_theme.operationText(op.colour)).first;
        m_labels[used]->setColor(ink->second);
        show(m_labels[used], placed);
        // A name that had to move out is joined to its marker, from the marker's rim to the text's nearest edge.
        QCPItemLine* leader = m_leaders[used];
        leader->setVisible(placed->far);
        if (placed->far) {
            const chart::Box& b = placed->box;
            const QPointF to(std::clamp(at.x, b.left, b.left + b.width), std::clamp(at.y, b.top, b.top + b.height));
            const QPointF from(at.x, at.y);
            const QLineF line(from, to);
            const double rim = std::min(line.length(), kMarkerRoom * zoom / 2);
            leader->start->setPixelPosition(line.pointAt(rim / std::max(line.length(), 1.0)));
            leader->end->setPixelPosition(to);
            leader->setPen(QPen(items.colour, m_theme.width(1)));
        }
        m_labelOperations.push_back(items.operation);
        ++used;
    }
    for (; used < m_labels.size(); ++used) {
        m_labels[used]->setVisible(false);
        m_leaders[used]->setVisible(false);
    }
}

std::vector<RooflineChart::DrawnLabel> RooflineChart::drawnLabels() const
{
    std::vector<DrawnLabel> out;
    auto boxOf = [this](const QCPItemText* text) {
        const QSizeF size = const_cast<RooflineChart*>(this)->textSize(text);
        const QPointF at = text->position->pixelPosition();
        const Qt::Alignment align = text->positionAlignment();
        const double left = align.testFlag(Qt::AlignRight) ? at.x() - size.width()
            : align.testFlag(Qt::AlignLeft)                ? at.x()
                                                           : at.x() - size.width() / 2;
        const double top = align.testFlag(Qt::AlignTop) ? at.y()
            : align.testFlag(Qt::AlignBottom)           ? at.y() - size.height()
                                                        : at.y() - size.height() / 2;
        return QRectF(left, top, size.width(), size.height());
    };
    for (std::size_t k = 0; k < m_labels.size() && k < m_labelOperations.size(); ++k) {
        if (!m_labels[k]->visible())
            continue;
        DrawnLabel label { m_labels[k]->text(), boxOf(m_labels[k]), m_labelOperations[k], std::nullopt };
        if (m_leaders[k]->visible())
            label.leader = QLineF(m_leaders[k]->start->pixelPosition(), m_leaders[k]->end->pixelPosition());
        out.push_back(std::move(label));
    }
    for (std::size_t i = 0; i < m_roofs.size() && i < m_layout.roofs.size(); ++i) {
        if (m_roofs[i].ridgeLabel && m_roofs[i].ridgeLabel->visible())
            out.push_back({ m_roofs[i].ridgeLabel->text(), boxOf(m_roofs[i].ridgeLabel), std::nullopt, std::nullopt });
        if (m_layout.roofs[i].kind == RoofKind::Compute && m_roofs[i].label->visible())
            out.push_back({ m_roofs[i].label->text(), boxOf(m_roofs[i].label), std::nullopt, std::nullopt });
    }
    for (const auto& [line, label] : m_measuredRoofs)
        if (label->visible() && label->rotation() == 0)
            out.push_back({ label->text(), boxOf(label), std::nullopt, std::nullopt });
    return out;
}

std::vector<RooflineChart::DrawnRoofLabel> RooflineChart::drawnRoofLabels() const
{
    std::vector<DrawnRoofLabel> out;
    auto* self = const_cast<RooflineChart*>(this);
    for (std::size_t i = 0; i < m_roofs.size() && i < m_layout.roofs.size(); ++i) {
        const QString roof = qs(m_layout.roofs[i].name);
        for (QCPItemText* text : { m_roofs[i].label, m_roofs[i].ridgeLabel }) {
            if (!text || !text->visible())
                continue;
            const QSizeF size = self->textSize(text);
            const Qt::Alignment align = text->positionAlignment();
            // The text's box about its anchor, then turned by its rotation about the anchor.
            const double left = align.testFlag(Qt::AlignRight) ? -size.width()
                : align.testFlag(Qt::AlignLeft)                ? 0
                                                               : -size.width() / 2;
            const double top = align.testFlag(Qt::AlignTop) ? 0
                : align.testFlag(Qt::AlignBottom)           ? -size.height()
                                                            : -size.height() / 2;
            QTransform turn;
            const QPointF at = text->position->pixelPosition();
            turn.translate(at.x(), at.y());
            turn.rotate(text->rotation());
            out.push_back({ roof, text == m_roofs[i].ridgeLabel, text->text(),
                turn.map(QPolygonF(QRectF(left, top, size.width(), size.height()))) });
        }
    }
    return out;
}

} // namespace roofline::widgets
