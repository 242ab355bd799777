// Label placement of the roofline chart: every text finds a spot clear of markers, lines and other texts.
#include "roofline_chart.h"

#include "chart_text.h"

#include <QFontMetricsF>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <unordered_map>

namespace roofline::widgets {

namespace {

chart::Point toPoint(const QPointF& p)
{
    return { p.x(), p.y() };
}

} // namespace

// The boxes labels must keep clear of, in a grid of square cells, so that testing a spot looks at the boxes near it
// alone: a chart of thousands of operations has a box per marker, and testing every label against all of them grew
// with the square of the operations.
class RooflineChart::Taken {
public:
    void add(const chart::Box& box)
    {
        const auto index = m_boxes.size();
        m_boxes.push_back(box);
        forCells(box, [&](std::int64_t cell) { m_cells[cell].push_back(index); });
    }
    void add(const std::vector<chart::Box>& boxes)
    {
        for (const chart::Box& box : boxes)
            add(box);
    }
    bool overlaps(const std::vector<chart::Box>& boxes) const
    {
        return std::any_of(boxes.begin(), boxes.end(), [this](const chart::Box& box) { return overlaps(box); });
    }
    bool overlaps(const chart::Box& box) const
    {
        bool hit = false;
        forCells(box, [&](std::int64_t cell) {
            if (const auto it = m_cells.find(cell); !hit && it != m_cells.end())
                hit = std::any_of(
                    it->second.begin(), it->second.end(), [&](std::size_t i) { return m_boxes[i].intersects(box); });
        });
        return hit;
    }
    // Every box that may meet `region`, each once.
    std::vector<chart::Box> near(const chart::Box& region) const
    {
        std::vector<std::size_t> found;
        forCells(region, [&](std::int64_t cell) {
            if (const auto it = m_cells.find(cell); it != m_cells.end())
                found.insert(found.end(), it->second.begin(), it->second.end());
        });
        std::sort(found.begin(), found.end());
        found.erase(std::unique(found.begin(), found.end()), found.end());
        std::vector<chart::Box> boxes;
        boxes.reserve(found.size());
        for (std::size_t i : found)
            boxes.push_back(m_boxes[i]);
        return boxes;
    }

private:
    static constexpr double kCell = 32; // pixels: about two lines of text

    // Calls `visit` with the key of every cell `box` touches; boxes far outside any screen touch none.
    template <typename Visit> static void forCells(const chart::Box& box, Visit visit)
    {
        constexpr double kReach = 1e5;
        if (!(std::abs(box.left) < kReach && std::abs(box.top) < kReach && box.width < kReach && box.height < kReach
                && box.width >= 0 && box.height >= 0))
            return;
        const auto x0 = static_cast<std::int64_t>(std::floor(box.left / kCell));
        const auto x1 = static_cast<std::int64_t>(std::floor((box.left + box.width) / kCell));
        const auto y0 = static_cast<std::int64_t>(std::floor(box.top / kCell));
        const auto y1 = static_cast<std::int64_t>(std::floor((box.top + box.height) / kCell));
        for (auto y = y0; y <= y1; ++y)
            for (auto x = x0; x <= x1; ++x)
                visit(y * 1'000'000 + x);
    }

    std::vector<chart::Box> m_boxes;
    std::unordered_map<std::int64_t, std::vector<std::size_t>> m_cells;
};

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
    Taken taken;
    placeFixed(taken, area);
    placeSloped(taken, area);
    // The envelope's slope, the boldest line, is kept clear of ridge and operation labels.
    if (m_layout.envelope.size() == 3) {
        const auto a = m_layout.envelope[0];
        const auto b = m_layout.envelope[1];
        taken.add(chart::segmentFootprint({ xAxis->coordToPixel(a.x), yAxis->coordToPixel(a.y) },
            { xAxis->coordToPixel(b.x), yAxis->coordToPixel(b.y) }, 4 * m_theme.zoom));
    }
    placeFree(taken, area);
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
    for (const OperationItems& items : m_operations)
        for (const QPointF& p : pointsOf(items.hollow)) {
            const double x = std::floor(xAxis->coordToPixel(p.x()));
            const double y = std::floor(yAxis->coordToPixel(p.y()));
            if (!(std::abs(x) < 1e6 && std::abs(y) < 1e6))
                continue; // far outside the plot: no label can meet it
            const QPoint pixel(static_cast<int>(x), static_cast<int>(y));
            if (pixels.contains(pixel))
                continue;
            pixels.insert(pixel);
            taken.add({ x + 0.5 - marker / 2, y + 0.5 - marker / 2, marker, marker });
        }
    // A legend that would hide a fifth of the plot (a small window, a projector zoom) steps aside: the names are
    // beside the markers, in the list and in the table too.
    const QSize legendSize = this->legendSize();
    legend->setVisible(double(legendSize.width()) * legendSize.height() < 0.2 * area.width * area.height);
    if (legend->visible()) {
        const QRectF r = legend->outerRect();
        taken.add({ r.left(), r.top(), r.width(), r.height() });
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
        while ((chart::overlapsAny({ box }, names) || taken.overlaps(box)) && box.left > area.left + size.width())
            box.left -= size.width() / 4;
        label->position->setPixelPosition(QPointF(box.left + box.width, at.y()));
        names.push_back(box);
        taken.add({ area.left, at.y() - 2 * zoom, area.width, 4 * zoom }); // the roof line itself
    }
    taken.add(names);
}

void RooflineChart::placeSloped(Taken& taken, const chart::Box& area)
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
            if (inside && !taken.overlaps(candidate)) {
                spot = p;
                footprint = std::move(candidate);
                break;
            }
        }
        m_roofs[i].label->position->setPixelPosition(pixel(spot.x, spot.y) + lift);
        taken.add(footprint);
    }
}

void RooflineChart::placeFree(Taken& taken, const chart::Box& area)
{
    const double zoom = m_theme.zoom;
    const double peak = m_layout.envelope.size() == 3 ? m_layout.envelope[1].y : m_layout.y.upper();
    auto pixel
        = [this](double x, double y) { return toPoint(QPointF(xAxis->coordToPixel(x), yAxis->coordToPixel(y))); };
    const double gap = kMarkerRoom * zoom / 2 + 3 * zoom; // clear of the label's own marker
    // One label at a time against the boxes near its spots, the labels placed before it among them: the result of
    // placing all at once against every box, in time that grows with the labels rather than with their square.
    auto place = [&](const chart::LabelRequest& r) {
        // Every spot chart::placeLabels tries lies within this region: beside, above, below, or up to three lines
        // below for a ridge's label.
        const chart::Box reach { r.anchor.x - gap - r.width, r.anchor.y - gap - r.height, 2 * (gap + r.width),
            2 * gap + 4 * r.height };
        const auto box = chart::placeLabels({ r }, taken.near(reach), gap, area).front();
        if (box)
            taken.add(*box);
        return box;
    };
    auto show = [](QCPItemText* text, const std::optional<chart::Box>& box) {
        text->setVisible(box.has_value());
        if (box)
            text->position->setCoords(box->left + box->width / 2, box->top + box->height / 2);
    };
    // Ridge labels take their spots before the operations' names.
    for (std::size_t i = 0; i < m_roofs.size() && i < m_layout.roofs.size(); ++i) {
        if (!m_roofs[i].ridgeLabel)
            continue;
        const QSizeF size = textSize(m_roofs[i].ridgeLabel);
        show(m_roofs[i].ridgeLabel,
            place({ pixel(m_layout.roofs[i].ridge, peak), size.width(), size.height(),
                chart::LabelRequest::Side::Below }));
    }
    // Each operation's name beside its binding marker (or its first), in the next free text of m_labels.
    std::size_t used = 0;
    for (const OperationItems& items : m_operations) {
        if (used == m_labels.size())
            break;
        chart::Point at;
        if (!items.binding.empty())
            at = items.binding.front();
        else if (const auto hollow = pointsOf(items.hollow); !hollow.isEmpty())
            at = toPoint(hollow.front());
        else
            continue;
        const QString name = qs(m_analysis->session.operations[items.operation].name);
        const QSizeF size = textSize(m_labels[used]->font(), name);
        const auto box = place({ pixel(at.x, at.y), size.width(), size.height() });
        if (!box)
            continue;
        m_labels[used]->setText(name);
        m_labels[used]->setColor(items.colour);
        show(m_labels[used++], box);
    }
    for (; used < m_labels.size(); ++used)
        m_labels[used]->setVisible(false);
}

} // namespace roofline::widgets
