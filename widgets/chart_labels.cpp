// Label placement of the roofline chart: every text finds a spot clear of markers, lines and other texts.
#include "roofline_chart.h"

#include <QFontMetricsF>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace roofline::widgets {

namespace {

chart::Point toPoint(const QPointF& p)
{
    return { p.x(), p.y() };
}

} // namespace

QSizeF RooflineChart::textSize(const QCPItemText* text)
{
    QHash<QString, QSizeF>& sizes = m_textSizes[text->font()];
    if (const auto it = sizes.constFind(text->text()); it != sizes.constEnd())
        return *it;
    if (sizes.size() > 4096)
        sizes.clear(); // slider steps change numbers in ridge labels: keep the cache bounded
    const QRectF r = QFontMetricsF(text->font()).boundingRect(text->text());
    const QSizeF size(r.width() + 6, r.height());
    sizes.insert(text->text(), size);
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
    std::vector<chart::Box> taken = placeFixed(area);
    placeSloped(taken, area);
    // The envelope's slope, the boldest line, is kept clear of ridge and operation labels.
    if (m_layout.envelope.size() == 3) {
        const auto a = m_layout.envelope[0];
        const auto b = m_layout.envelope[1];
        const auto line = chart::segmentFootprint({ xAxis->coordToPixel(a.x), yAxis->coordToPixel(a.y) },
            { xAxis->coordToPixel(b.x), yAxis->coordToPixel(b.y) }, 4 * m_theme.zoom);
        taken.insert(taken.end(), line.begin(), line.end());
    }
    placeFree(taken, area);
    for (QCPItemText* caption : { m_bandwidthCaption, m_computeCaption }) {
        const QSizeF size = textSize(caption);
        const QPointF at = caption->position->pixelPosition();
        const bool right = caption->positionAlignment().testFlag(Qt::AlignRight);
        const bool top = caption->positionAlignment().testFlag(Qt::AlignTop);
        const chart::Box box { right ? at.x() - size.width() : at.x() - size.width() / 2,
            top ? at.y() : at.y() - size.height(), size.width(), size.height() };
        caption->setVisible(area.contains(box) && !chart::overlapsAny({ box }, taken));
    }
}

std::vector<chart::Box> RooflineChart::placeFixed(const chart::Box& area)
{
    const double zoom = m_theme.zoom;
    std::vector<chart::Box> taken;
    const double marker = kMarkerRoom * zoom;
    for (const OperationItems& items : m_operations)
        for (const QPointF& p : pointsOf(items.hollow)) {
            const QPointF at(xAxis->coordToPixel(p.x()), yAxis->coordToPixel(p.y()));
            taken.push_back({ at.x() - marker / 2, at.y() - marker / 2, marker, marker });
        }
    // A legend that would hide a fifth of the plot (a small window, a projector zoom) steps aside: the names are
    // beside the markers, in the list and in the table too.
    const QSize legendSize = this->legendSize();
    legend->setVisible(double(legendSize.width()) * legendSize.height() < 0.2 * area.width * area.height);
    if (legend->visible()) {
        const QRectF r = legend->outerRect();
        taken.push_back({ r.left(), r.top(), r.width(), r.height() });
    }
    // Flat roofs' names at the right end, stepping left when two roofs lie too close for both.
    std::vector<chart::Box> names;
    for (std::size_t i = 0; i < m_roofs.size() && i < m_layout.roofs.size(); ++i) {
        if (m_layout.roofs[i].kind != RoofKind::Compute)
            continue;
        QCPItemText* label = m_roofs[i].label;
        label->position->setCoords(m_layout.roofs[i].label.x, m_layout.roofs[i].label.y);
        const QSizeF size = textSize(label);
        QPointF at = label->position->pixelPosition();
        chart::Box box { at.x() - size.width(), at.y() - size.height(), size.width(), size.height() };
        while ((chart::overlapsAny({ box }, names) || chart::overlapsAny({ box }, taken))
            && box.left > area.left + size.width())
            box.left -= size.width() / 4;
        label->position->setPixelPosition(QPointF(box.left + box.width, at.y()));
        names.push_back(box);
        taken.push_back({ area.left, at.y() - 2 * zoom, area.width, 4 * zoom }); // the roof line itself
    }
    taken.insert(taken.end(), names.begin(), names.end());
    return taken;
}

void RooflineChart::placeSloped(std::vector<chart::Box>& taken, const chart::Box& area)
{
    const double peak = m_layout.envelope.size() == 3 ? m_layout.envelope[1].y : m_layout.y.upper();
    auto pixel = [this](double x, double y) { return QPointF(xAxis->coordToPixel(x), yAxis->coordToPixel(y)); };
    for (std::size_t i = 0; i < m_roofs.size() && i < m_layout.roofs.size(); ++i) {
        const chart::RoofSegment& r = m_layout.roofs[i];
        if (r.kind == RoofKind::Compute || r.labelSpots.empty())
            continue;
        // The name follows its roof's angle on screen, at the first spot along it that is free.
        const QPointF a = pixel(r.from.x, r.from.y);
        const QPointF b = pixel(r.ridge, peak);
        const double angle = std::atan2(b.y() - a.y(), b.x() - a.x());
        m_roofs[i].label->setRotation(angle * 180 / std::numbers::pi);
        const QSizeF size = textSize(m_roofs[i].label);
        // Lifted off its line by the envelope's half width, so that the text's veil leaves the line whole.
        const QPointF lift = QPointF(std::sin(angle), -std::cos(angle)) * (2.5 * m_theme.zoom);
        auto footprintAt = [&](chart::Point p) {
            return chart::rotatedFootprint(toPoint(pixel(p.x, p.y) + lift), size.width(), size.height(), angle);
        };
        chart::Point spot = r.labelSpots.front();
        std::vector<chart::Box> footprint = footprintAt(spot);
        for (const chart::Point& p : r.labelSpots) {
            auto candidate = footprintAt(p);
            const bool inside = std::all_of(
                candidate.begin(), candidate.end(), [&area](const chart::Box& box) { return area.contains(box); });
            if (inside && !chart::overlapsAny(candidate, taken)) {
                spot = p;
                footprint = std::move(candidate);
                break;
            }
        }
        m_roofs[i].label->position->setPixelPosition(pixel(spot.x, spot.y) + lift);
        taken.insert(taken.end(), footprint.begin(), footprint.end());
    }
}

void RooflineChart::placeFree(std::vector<chart::Box>& taken, const chart::Box& area)
{
    const double zoom = m_theme.zoom;
    const double peak = m_layout.envelope.size() == 3 ? m_layout.envelope[1].y : m_layout.y.upper();
    auto pixel
        = [this](double x, double y) { return toPoint(QPointF(xAxis->coordToPixel(x), yAxis->coordToPixel(y))); };
    // Ridge labels take their spots before the operations' names.
    std::vector<chart::LabelRequest> requests;
    std::vector<QCPItemText*> texts;
    for (std::size_t i = 0; i < m_roofs.size() && i < m_layout.roofs.size(); ++i) {
        if (!m_roofs[i].ridgeLabel)
            continue;
        const QSizeF size = textSize(m_roofs[i].ridgeLabel);
        requests.push_back(
            { pixel(m_layout.roofs[i].ridge, peak), size.width(), size.height(), chart::LabelRequest::Side::Below });
        texts.push_back(m_roofs[i].ridgeLabel);
    }
    for (const OperationItems& items : m_operations) {
        const auto filled = pointsOf(items.filled);
        const auto markers = filled.isEmpty() ? pointsOf(items.hollow) : filled;
        if (markers.isEmpty()) {
            items.label->setVisible(false);
            continue;
        }
        const QSizeF size = textSize(items.label);
        requests.push_back({ pixel(markers.front().x(), markers.front().y()), size.width(), size.height() });
        texts.push_back(items.label);
    }
    const double gap = kMarkerRoom * zoom / 2 + 3 * zoom; // clear of the label's own marker
    const auto boxes = chart::placeLabels(requests, taken, gap, area);
    for (std::size_t k = 0; k < texts.size(); ++k) {
        texts[k]->setVisible(boxes[k].has_value());
        if (!boxes[k])
            continue;
        texts[k]->position->setCoords(boxes[k]->left + boxes[k]->width / 2, boxes[k]->top + boxes[k]->height / 2);
        taken.push_back(*boxes[k]);
    }
}

} // namespace roofline::widgets
