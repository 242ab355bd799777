// The roofline chart: builds QCustomPlot graphs and items from chart::layout() and keeps them in step with the state.
#include "roofline_chart.h"

#include "chart_text.h"
#include "si_log_ticker.h"
#include "units.h"

#include <QToolTip>

#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <optional>

namespace roofline::widgets {

namespace {

QCPScatterStyle::ScatterShape shapeFor(int index)
{
    switch (index) {
    case 1:
        return QCPScatterStyle::ssSquare;
    case 2:
        return QCPScatterStyle::ssDiamond;
    default:
        return QCPScatterStyle::ssCircle;
    }
}

// Whether `painter` paints the screen, where a cached image can stand in for a drawing: not an export (vector, uncached
// or scaled), at most translated (QCPPainter's half-pixel shift for antialiased lines), and clipped by its layer.
bool cacheable(QCPPainter* painter)
{
    const QPaintDevice* device = painter->device();
    return !painter->modes().testFlag(QCPPainter::pmVectorized) && !painter->modes().testFlag(QCPPainter::pmNoCaching)
        && painter->transform().type() <= QTransform::TxTranslate && device && device->devicePixelRatioF() == 1.0
        && painter->hasClipping();
}

// A drawing's pixels and where its top left goes, in device pixels, relative to the point it is drawn at; a null image
// when it cannot be rendered apart.
struct Sprite {
    QImage image;
    QPoint origin;
    std::vector<QRect> parts; // the rectangles of the image that hold any ink
};

// Qt's raster engine hands a fill or blit of 96 rows or more to its thread pool, whose hand-over costs more than it
// saves for the chart's cheap fills on a machine of few cores: large ones are drawn in bands of fewer rows.
constexpr int kBandRows = 88;

// The pieces of `area` in `image` (premultiplied ARGB) that hold a pixel not wholly transparent: strips of bands of
// rows, each a run of inked tiles. Blitting them alone skips a sloped line's empty bounding box.
std::vector<QRect> inkedParts(const QImage& image, const QRect& area)
{
    constexpr int kBand = 32;
    constexpr int kTile = 32;
    std::vector<QRect> parts;
    const QRect within = area.intersected(image.rect());
    for (int top = within.top(); top <= within.bottom(); top += kBand) {
        const int bottom = std::min(top + kBand - 1, within.bottom());
        int run = -1; // left of the current run of inked tiles
        for (int left = within.left(); left <= within.right(); left += kTile) {
            const int right = std::min(left + kTile - 1, within.right());
            bool inked = false;
            for (int y = top; y <= bottom && !inked; ++y) {
                const auto* row = reinterpret_cast<const QRgb*>(image.constScanLine(y));
                for (int x = left; x <= right && !inked; ++x)
                    inked = qAlpha(row[x]) != 0;
            }
            if (inked && run < 0)
                run = left;
            if (!inked && run >= 0) {
                parts.emplace_back(QPoint(run, top), QPoint(left - 1, bottom));
                run = -1;
            }
        }
        if (run >= 0)
            parts.emplace_back(QPoint(run, top), QPoint(within.right(), bottom));
    }
    return parts;
}

// Draws the parts of `image` at `at` (device pixels) with a painter that is at most translated (see cacheable).
void blit(QCPPainter* painter, const QPoint& at, const QImage& image, const std::vector<QRect>& parts)
{
    const QTransform shift = painter->transform();
    painter->setTransform(QTransform());
    for (const QRect& part : parts)
        painter->drawImage(at + part.topLeft(), image, part);
    painter->setTransform(shift);
}

// Draws into an image of `area` (device pixels) with the painter's modes and hints; `translation` is the painter's
// translation in the image and `clip`, when not null, its clip in device pixels.
template <typename Draw>
Sprite paintSprite(const QRect& area, QCPPainter::PainterModes modes, bool antialiased, const QRect& clip,
    const QPointF& translation, Draw draw)
{
    QImage image(area.size(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QCPPainter painter(&image);
    painter.setModes(modes);
    if (!clip.isNull())
        painter.setClipRect(clip.translated(-area.topLeft()));
    painter.setAntialiasing(antialiased);
    painter.setTransform(QTransform::fromTranslate(translation.x(), translation.y()));
    draw(&painter);
    painter.end();
    std::vector<QRect> parts = inkedParts(image, image.rect());
    return { std::move(image), area.topLeft(), std::move(parts) };
}

// The frame-by-frame choice of CachedGraph and CachedText: an item is drawn directly while anything about it (its Key)
// changes and on the first frame it stays the same; from the next it is rendered once into an image, which is
// blitted at its origin moved by `offset`.
template <typename Key> class SpriteCache {
public:
    const Key& key() const { return m_key; }

    template <typename Direct, typename Render>
    void draw(QCPPainter* painter, Key key, const QPoint& offset, Direct direct, Render render)
    {
        if (!(key == m_key)) {
            m_key = std::move(key);
            m_sprite = {};
            m_seen = false;
            direct(painter);
            return;
        }
        if (m_sprite.image.isNull() && !m_seen) {
            m_seen = true;
            direct(painter);
            return;
        }
        if (m_sprite.image.isNull())
            m_sprite = render();
        if (m_sprite.image.isNull()) {
            direct(painter);
            return;
        }
        blit(painter, m_sprite.origin + offset, m_sprite.image, m_sprite.parts);
    }

private:
    Key m_key;
    bool m_seen = false;
    Sprite m_sprite;
};

// What the chart draws itself on a slider step, straight onto the screen (see RooflineChart::paintEvent): every
// layerable of the live layer, as QCPLayer::draw would draw it, within `rows` (device pixels) when they are not null.
class LiveLayerable {
public:
    virtual void drawLive(QCPPainter* painter, const QRect& rows) = 0;

protected:
    ~LiveLayerable() = default;
};

// Draws a layerable as QCPLayer::draw does: clipped to its rect, and to `rows` when they are not null, with its own
// antialiasing.
template <typename Layerable> void drawAsLayer(Layerable& layerable, QCPPainter* painter, const QRect& rows)
{
    painter->save();
    const QRect clip = layerable.clipRect().translated(0, -1);
    painter->setClipRect(rows.isNull() ? clip : clip.intersected(rows));
    layerable.applyDefaultAntialiasingHint(painter);
    layerable.draw(painter);
    painter->restore();
}

// A graph whose markers are blitted from images, rendered once per scatter style and quarter-pixel position: an
// antialiased circle is a path to stroke and fill, and the chart shows a hundred markers on every slider step.
// Exports draw the shapes themselves.
class Graph : public QCPGraph, public LiveLayerable {
public:
    using QCPGraph::QCPGraph;
    void drawLive(QCPPainter* painter, const QRect& rows) override { drawAsLayer(*this, painter, rows); }

protected:
    template <typename Layerable> friend void drawAsLayer(Layerable&, QCPPainter*, const QRect&);

    void drawScatterPlot(
        QCPPainter* painter, const QVector<QPointF>& scatters, const QCPScatterStyle& style) const override
    {
        applyScattersAntialiasingHint(painter);
        if (!cacheable(painter) || style.shape() == QCPScatterStyle::ssPixmap
            || style.shape() == QCPScatterStyle::ssCustom) {
            QCPGraph::drawScatterPlot(painter, scatters, style);
            return;
        }
        MarkerKey key { style.shape(), style.isPenDefined() ? style.pen() : pen(), style.brush(), style.size(),
            painter->antialiasing(), painter->modes() };
        if (!(key == m_markerKey)) {
            m_markerKey = std::move(key);
            m_markers = {};
        }
        const QTransform& t = painter->transform();
        for (const QPointF& p : scatters) {
            // The marker's centre in quarter pixels of the device: the whole pixel places the image, the quarter
            // chooses which of 16 images.
            const double x = std::floor((p.x() + t.dx()) * 4);
            const double y = std::floor((p.y() + t.dy()) * 4);
            if (!(std::abs(x) < 1e8 && std::abs(y) < 1e8))
                continue; // far outside any screen, or not a number
            const auto qx = static_cast<int>(x);
            const auto qy = static_cast<int>(y);
            Sprite& sprite = m_markers[static_cast<std::size_t>((qx & 3) + 4 * (qy & 3))];
            if (sprite.image.isNull())
                sprite = renderMarker(style, (qx & 3) / 4.0, (qy & 3) / 4.0);
            blit(painter, QPoint(qx >> 2, qy >> 2) + sprite.origin, sprite.image, sprite.parts);
        }
    }

private:
    struct MarkerKey {
        QCPScatterStyle::ScatterShape shape = QCPScatterStyle::ssNone;
        QPen pen;
        QBrush brush;
        double size = 0;
        bool antialiased = false;
        QCPPainter::PainterModes modes;
        bool operator==(const MarkerKey& o) const
        {
            return shape == o.shape && pen == o.pen && brush == o.brush && size == o.size
                && antialiased == o.antialiased && modes == o.modes;
        }
    };

    // The marker centred at (half + dx, half + dy) of a square image.
    Sprite renderMarker(const QCPScatterStyle& style, double dx, double dy) const
    {
        const int half = static_cast<int>(std::ceil((m_markerKey.size + m_markerKey.pen.widthF()) / 2)) + 2;
        const QRect area(-half, -half, 2 * half + 1, 2 * half + 1);
        return paintSprite(area, m_markerKey.modes, m_markerKey.antialiased, QRect(), QPointF(half + dx, half + dy),
            [&](QCPPainter* p) {
                style.applyTo(p, pen());
                style.drawShape(p, 0, 0);
            });
    }

    mutable MarkerKey m_markerKey;
    mutable std::array<Sprite, 16> m_markers;
};

// `polygon` cut to the rows from `top` to `bottom` (device pixels, `bottom` excluded), by Sutherland and Hodgman.
QPolygonF cutToRows(const QPolygonF& polygon, double top, double bottom)
{
    auto cut = [](const QPolygonF& in, double y, bool keepBelow) {
        QPolygonF out;
        auto inside = [&](const QPointF& p) { return keepBelow ? p.y() >= y : p.y() <= y; };
        for (qsizetype i = 0; i < in.size(); ++i) {
            const QPointF& a = in[i];
            const QPointF& b = in[(i + 1) % in.size()];
            if (inside(a))
                out << a;
            if (inside(a) != inside(b))
                out << QPointF(a.x() + (b.x() - a.x()) * (y - a.y()) / (b.y() - a.y()), y);
        }
        return out;
    };
    return cut(cut(polygon, top, true), bottom, false);
}

// The horizontal extent of a convex polygon on the line at height `y`, or nothing when the line misses it.
std::optional<std::pair<double, double>> extentAt(const QPolygonF& polygon, double y)
{
    double left = std::numeric_limits<double>::infinity();
    double right = -left;
    for (qsizetype i = 0; i < polygon.size(); ++i) {
        const QPointF& a = polygon[i];
        const QPointF& b = polygon[(i + 1) % polygon.size()];
        if ((a.y() <= y) == (b.y() <= y))
            continue;
        const double x = a.x() + (b.x() - a.x()) * (y - a.y()) / (b.y() - a.y());
        left = std::min(left, x);
        right = std::max(right, x);
    }
    if (!(left < right))
        return std::nullopt;
    return std::pair { left, right };
}

// A shaded region: the fill under a line down to the axis rect's bottom, as QCPGraph::drawFill makes it for a
// logarithmic value axis. A faint tint over a large area is the costliest fill of a slider step. Live, it is drawn in
// bands of rows (see kBandRows); within a band, the columns inside the region on every row are copied from an image
// of the static background with the tint over all of it, and only the thin strips along its sloped or fractional edges
// are filled.
class ShadeGraph : public Graph {
public:
    using Graph::Graph;

    // The static image below the live layer with this shade over all of it; null until the chart has one.
    void setTinted(QImage tinted) { m_tinted = std::move(tinted); }

    void drawLive(QCPPainter* painter, const QRect& rows) override
    {
        const QPolygonF region = pixelRegion();
        if (rows.isNull() || region.isEmpty()) {
            Graph::drawLive(painter, rows);
            return;
        }
        const QPolygonF band = cutToRows(region, rows.top(), rows.bottom() + 1);
        if (band.size() < 3)
            return;
        const QRect clip = clipRect().translated(0, -1).intersected(rows);
        // The region is convex: a column whose centre is inside on the band's first and last rows is inside on all.
        const auto top = extentAt(band, rows.top() + 0.5);
        const auto bottom = extentAt(band, rows.bottom() + 0.5);
        QRect inner;
        if (top && bottom && !m_tinted.isNull()) {
            const double left = std::max(top->first, bottom->first) - 0.5;
            const double right = std::min(top->second, bottom->second) - 0.5;
            if (left < right && std::abs(left) < 1e6 && std::abs(right) < 1e6) {
                const int first = static_cast<int>(std::floor(left)) + 1;
                const int last = static_cast<int>(std::ceil(right)) - 1;
                inner = QRect(first, rows.top(), last - first + 1, rows.height()).intersected(clip);
            }
        }
        painter->save();
        painter->setAntialiasing(false);
        painter->setPen(Qt::NoPen);
        painter->setBrush(brush());
        if (inner.isEmpty()) {
            painter->setClipRect(clip);
            painter->drawPolygon(band);
        } else {
            painter->setClipRect(clip);
            painter->setCompositionMode(QPainter::CompositionMode_Source);
            painter->drawImage(inner.topLeft(), m_tinted, inner);
            painter->setCompositionMode(QPainter::CompositionMode_SourceOver);
            for (const QRect& strip : { QRect(QPoint(clip.left(), clip.top()), QPoint(inner.left() - 1, clip.bottom())),
                     QRect(QPoint(inner.right() + 1, clip.top()), clip.bottomRight()) }) {
                if (strip.isEmpty())
                    continue;
                painter->setClipRect(strip);
                painter->drawPolygon(band);
            }
        }
        painter->restore();
    }

private:
    // The fill's polygon in device pixels, or none when the graph is not a plain fill under a line.
    QPolygonF pixelRegion() const
    {
        if (antialiasedFill() || pen().style() != Qt::NoPen || lineStyle() != lsLine
            || scatterStyle().shape() != QCPScatterStyle::ssNone || valueAxis()->scaleType() != QCPAxis::stLogarithmic
            || valueAxis()->rangeReversed() || data()->size() < 2)
            return {};
        QPolygonF polygon;
        for (auto it = data()->constBegin(); it != data()->constEnd(); ++it)
            polygon << QPointF(keyAxis()->coordToPixel(it->key), valueAxis()->coordToPixel(it->value));
        const double base = keyAxis()->axisRect()->bottom();
        polygon << QPointF(polygon.last().x(), base) << QPointF(polygon.first().x(), base);
        return polygon;
    }

    QImage m_tinted;
};

// A graph drawn through a cached image of its pixels when none of its points moved since the last frame: a roof, or an
// operation's markers and the line joining them. An antialiased dashed line of a thousand pixels is a hundred small
// polygons to stroke on every replot, and most roofs and operations stay put while a slider moves another. Exports
// (vector or scaled painters) draw it directly.
class CachedGraph : public Graph {
public:
    using Graph::Graph;

protected:
    void draw(QCPPainter* painter) override
    {
        if (!cacheable(painter)) {
            QCPGraph::draw(painter);
            return;
        }
        const QTransform& t = painter->transform();
        const QCPScatterStyle& scatter = scatterStyle();
        Key key { {}, pen(), brush(), scatter.shape(), scatter.size(), scatter.pen(), scatter.brush(),
            clipRect().translated(0, -1), QPointF(t.dx(), t.dy()), painter->antialiasing(), painter->modes() };
        for (auto it = data()->constBegin(); it != data()->constEnd(); ++it)
            key.pixels.append(QPointF(keyAxis()->coordToPixel(it->key), valueAxis()->coordToPixel(it->value)));
        m_cache.draw(
            painter, std::move(key), QPoint(), [this](QCPPainter* p) { QCPGraph::draw(p); },
            [this] { return renderImage(); });
    }

private:
    struct Key {
        QVector<QPointF> pixels;
        QPen pen;
        QBrush brush;
        QCPScatterStyle::ScatterShape scatterShape = QCPScatterStyle::ssNone;
        double scatterSize = 0;
        QPen scatterPen;
        QBrush scatterBrush;
        QRect clip; // in device pixels
        QPointF shift; // the painter's translation
        bool antialiased = false;
        QCPPainter::PainterModes modes;
        bool operator==(const Key& o) const
        {
            return pixels == o.pixels && pen == o.pen && brush == o.brush && scatterShape == o.scatterShape
                && scatterSize == o.scatterSize && scatterPen == o.scatterPen && scatterBrush == o.scatterBrush
                && clip == o.clip && shift == o.shift && antialiased == o.antialiased && modes == o.modes;
        }
    };

    // Draws the graph into an image of its bounding box, with the same clip, shift and hints as on the screen.
    Sprite renderImage()
    {
        const Key& key = m_cache.key();
        if (key.pixels.isEmpty())
            return {};
        QPointF low = key.pixels.front();
        QPointF high = low;
        for (const QPointF& p : key.pixels) {
            if (!std::isfinite(p.x()) || !std::isfinite(p.y()))
                return {};
            low = QPointF(std::min(low.x(), p.x()), std::min(low.y(), p.y()));
            high = QPointF(std::max(high.x(), p.x()), std::max(high.y(), p.y()));
        }
        const QRectF bounds(low, high); // a flat roof has no height: QRectF::united would drop it as null
        const double marker
            = key.scatterShape == QCPScatterStyle::ssNone ? 0 : key.scatterSize / 2 + key.scatterPen.widthF();
        const double margin = std::max({ 1.0, pen().widthF(), marker }) + 2;
        const QRect box = bounds.translated(key.shift)
                              .adjusted(-margin, -margin, margin, margin)
                              .toAlignedRect()
                              .intersected(key.clip);
        if (box.isEmpty())
            return {};
        return paintSprite(box, key.modes, key.antialiased, key.clip, key.shift - box.topLeft(),
            [this](QCPPainter* p) { QCPGraph::draw(p); });
    }

    SpriteCache<Key> m_cache;
};

// A text drawn through a cached image when nothing but its place changed since the last frame: a label on its veil is
// a polygon fill and a shaped text, and an operation's label follows its marker on every slider step. The image is
// blitted at the nearest whole pixel. Drawn directly on exports and while its text or looks change, as CachedGraph.
class CachedText : public QCPItemText, public LiveLayerable {
public:
    using QCPItemText::QCPItemText;
    void drawLive(QCPPainter* painter, const QRect& rows) override { drawAsLayer(*this, painter, rows); }

protected:
    template <typename Layerable> friend void drawAsLayer(Layerable&, QCPPainter*, const QRect&);

    void draw(QCPPainter* painter) override
    {
        if (!cacheable(painter)) {
            QCPItemText::draw(painter);
            return;
        }
        const QTransform& t = painter->transform();
        const QPointF at = position->pixelPosition();
        const QPointF device = at + QPointF(t.dx(), t.dy());
        if (!(std::abs(device.x()) < 1e8 && std::abs(device.y()) < 1e8)) {
            QCPItemText::draw(painter);
            return;
        }
        const QPoint anchor = device.toPoint();
        const QRect clip = clipRect().translated(0, -1); // as QCPLayer::draw sets it, before the antialiasing shift
        Key key { text(), mainFont(), mainColor(), mainPen(), mainBrush(), rotation(), positionAlignment(),
            textAlignment(), padding(), painter->antialiasing(), painter->modes() };
        m_cache.draw(
            painter, std::move(key), anchor, [this](QCPPainter* p) { QCPItemText::draw(p); },
            [&] { return renderImage(at, anchor, clip); });
    }

private:
    struct Key {
        QString text;
        QFont font;
        QColor colour;
        QPen pen;
        QBrush brush;
        double rotation = 0;
        Qt::Alignment positionAlignment;
        Qt::Alignment textAlignment;
        QMargins padding;
        bool antialiased = false;
        QCPPainter::PainterModes modes;
        bool operator==(const Key& o) const
        {
            return text == o.text && font == o.font && colour == o.colour && pen == o.pen && brush == o.brush
                && rotation == o.rotation && positionAlignment == o.positionAlignment
                && textAlignment == o.textAlignment && padding == o.padding && antialiased == o.antialiased
                && modes == o.modes;
        }
    };

    // The text box as QCPItemText::draw lays it out around `anchor` (device pixels), in an image of that size with
    // its origin relative to the anchor, whole: the screen's clip applies when it is blitted. Nothing is rendered while
    // the box is outside the clip, where QCPItemText::draw draws nothing.
    Sprite renderImage(const QPointF& at, const QPoint& anchor, const QRect& clip)
    {
        const Key& key = m_cache.key();
        const QRect textRect
            = QFontMetrics(key.font).boundingRect(0, 0, 0, 0, Qt::TextDontClip | key.textAlignment, key.text);
        QRect box
            = textRect.adjusted(-key.padding.left(), -key.padding.top(), key.padding.right(), key.padding.bottom());
        box.moveTopLeft(getTextDrawPoint(QPointF(0, 0), box, key.positionAlignment).toPoint());
        QTransform transform = QTransform::fromTranslate(anchor.x(), anchor.y());
        transform.rotate(key.rotation);
        const int pad = static_cast<int>(std::ceil(key.pen.widthF())) + 3;
        const QRect area = transform.mapRect(QRectF(box.adjusted(-pad, -pad, pad, pad))).toAlignedRect();
        if (area.isEmpty() || !clip.adjusted(1, 1, -1, -1).intersects(transform.mapRect(QRectF(box)).toAlignedRect()))
            return {};
        // Drawn as if the text's position were exactly the anchor.
        Sprite sprite = paintSprite(area, key.modes, key.antialiased, QRect(),
            QPointF(anchor) - at - QPointF(area.topLeft()), [this](QCPPainter* p) { QCPItemText::draw(p); });
        sprite.origin -= anchor;
        return sprite;
    }

    SpriteCache<Key> m_cache;
};

void setPoints(QCPGraph* graph, const std::vector<chart::Point>& points)
{
    QVector<QCPGraphData> data;
    data.reserve(static_cast<qsizetype>(points.size()));
    for (const chart::Point& p : points)
        data.append(QCPGraphData(p.x, p.y));
    graph->data()->set(data, false);
}

chart::Point toPoint(const QPointF& p)
{
    return { p.x(), p.y() };
}

} // namespace

RooflineChart::RooflineChart(QWidget* parent)
    : QCustomPlot(parent)
    , m_analysis(std::make_shared<const Analysis>())
    , m_theme(ChartTheme::light())
{
    setAutoAddPlottableToLegend(false);
    setPlottingHints(QCP::phCacheLabels | QCP::phFastPolylines);
    // Lines, markers and texts share the "main" layer, texts last (see rebuild), in a buffer of their own: a slider
    // step redraws that buffer alone; background and grid below, axes and legend above keep theirs.
    m_mainLayer = layer(QStringLiteral("main"));
    m_mainLayer->setMode(QCPLayer::lmBuffered);
    // The chart selects nothing, so the empty "overlay" layer would only be one more full-size buffer to compose on
    // every paint.
    removeLayer(layer(QStringLiteral("overlay")));
    setMinimumSize(480, 320);
    setMouseTracking(true);
    // Every paint covers its whole region, the live one with the image of the background: no fill of the region
    // beforehand, by this widget or the window behind it.
    setAttribute(Qt::WA_OpaquePaintEvent);
    xAxis->setScaleType(QCPAxis::stLogarithmic);
    yAxis->setScaleType(QCPAxis::stLogarithmic);
    xAxis->setTicker(QSharedPointer<SiLogTicker>::create(
        [](double v) { return v < 1000 ? qs(formatIntensity(v)) : qs(formatSI(v)); }));
    yAxis->setTicker(
        QSharedPointer<SiLogTicker>::create([this](double v) { return qs(formatRate(v, m_analysis->dtype)); }));
    xAxis->setLabel(QStringLiteral("Arithmetic intensity (FLOPs per byte)"));
    xAxis2->setVisible(true);
    yAxis2->setVisible(true);
    xAxis2->setTickLabels(false);
    yAxis2->setTickLabels(false);
    connect(xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), xAxis2,
        qOverload<const QCPRange&>(&QCPAxis::setRange));
    connect(yAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), yAxis2,
        qOverload<const QCPRange&>(&QCPAxis::setRange));
    xAxis2->setScaleType(QCPAxis::stLogarithmic);
    yAxis2->setScaleType(QCPAxis::stLogarithmic);

    m_title = new QCPTextElement(this);
    plotLayout()->insertRow(0);
    plotLayout()->addElement(0, 0, m_title);
    m_title->setLayer(QStringLiteral("axes")); // outside the axis rect: it changes only with a full replot
    // Below the flat roof and right of the slopes a roofline chart is empty: the legend's place.
    axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
    legend->setVisible(true);
    legend->setRowSpacing(0);

    connect(this, &QCustomPlot::afterLayout, this, &RooflineChart::placeLabels);
    connect(this, &QCustomPlot::mouseMove, this, &RooflineChart::showHover);
    connect(this, &QCustomPlot::beforeReplot, this, [this] {
        m_fullQueued = false;
        m_frameKey = frameKey();
        m_liveOnScreen = false; // every buffer is redrawn
        m_staticStale = true;
    });
    connect(this, &QCustomPlot::afterReplot, this, [this] { m_frameRect = axisRect()->rect(); });
    applyTheme();
    refresh();
}

void RooflineChart::setAnalysis(std::shared_ptr<const Analysis> analysis)
{
    m_analysis = std::move(analysis);
    refresh();
}

void RooflineChart::setTheme(const ChartTheme& theme)
{
    m_theme = theme;
    m_textSizes.clear();
    m_legendSize = QSize();
    m_frameKey.clear(); // background, grid, axes and legend change colours and fonts: a full replot
    applyTheme();
    m_signature.clear(); // graphs take their pens and fonts when built
    refresh();
}

void RooflineChart::applyTheme()
{
    const ChartTheme& t = m_theme;
    setBackground(QBrush(t.background));
    for (QCPAxis* axis : { xAxis, yAxis, xAxis2, yAxis2 }) {
        const QPen pen(t.foreground, t.width(1));
        axis->setBasePen(pen);
        axis->setTickPen(pen);
        axis->setSubTickPen(pen);
        axis->setTickLabelColor(t.foreground);
        axis->setLabelColor(t.foreground);
        axis->setTickLabelFont(t.font(9));
        axis->setLabelFont(t.font(10));
        axis->grid()->setPen(QPen(t.grid, t.width(1), Qt::SolidLine));
        axis->grid()->setSubGridPen(QPen(t.subGrid, t.width(1), Qt::SolidLine)); // dotted pens cost a replot dearly
        axis->grid()->setSubGridVisible(axis == xAxis || axis == yAxis);
        axis->grid()->setVisible(axis == xAxis || axis == yAxis);
        axis->grid()->setZeroLinePen(Qt::NoPen);
    }
    m_title->setFont(t.font(12, true));
    m_title->setTextColor(t.foreground);
    legend->setFont(t.font(9));
    legend->setTextColor(t.foreground);
    legend->setBrush(QBrush(t.background));
    legend->setBorderPen(QPen(t.grid, t.width(1)));
    axisRect()->setMinimumMargins(QMargins(10, 6, static_cast<int>(40 * t.zoom), 6));
    legend->setIconSize(static_cast<int>(std::lround(16 * t.zoom)), static_cast<int>(std::lround(12 * t.zoom)));
}

QString RooflineChart::signature() const
{
    QString s;
    for (const chart::RoofSegment& r : m_layout.roofs)
        s += QStringLiteral("%1:%2:%3;").arg(static_cast<int>(r.kind)).arg(qs(r.name)).arg(r.selected);
    s += QLatin1Char('|');
    for (std::size_t op : m_shown)
        s += QString::number(op) + QLatin1Char(',');
    return s;
}

void RooflineChart::refresh()
{
    const Analysis& a = *m_analysis;
    m_shown = a.shown();
    m_evaluations.clear();
    m_evaluations.reserve(m_shown.size());
    for (std::size_t op : m_shown)
        m_evaluations.push_back(a.operations[op].evaluation.value());
    m_layout = chart::layout(a.hardware, a.dtype, m_evaluations, a.frame());
    const QString sig = signature();
    if (sig != m_signature) {
        m_signature = sig;
        rebuild();
    }
    updateItems();
    scheduleRedraw(frameKey() != m_frameKey);
}

QString RooflineChart::frameKey() const
{
    return QStringLiteral("%1|%2|%3|%4|%5|%6|%7")
        .arg(m_layout.x.lowerDecade)
        .arg(m_layout.x.upperDecade)
        .arg(m_layout.y.lowerDecade)
        .arg(m_layout.y.upperDecade)
        .arg(m_title->text(), yAxis->label(), m_signature + m_legendNames);
}

void RooflineChart::scheduleRedraw(bool full)
{
    if (full || m_fullQueued) {
        m_fullQueued = true;
        replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    if (m_liveQueued)
        return;
    m_liveQueued = true;
    QMetaObject::invokeMethod(this, &RooflineChart::redrawLive, Qt::QueuedConnection);
}

void RooflineChart::redrawLive()
{
    m_liveQueued = false;
    if (m_fullQueued)
        return; // the queued replot draws everything
    const bool legendShown = legend->visible();
    if (hasInvalidatedPaintBuffers() || frameKey() != m_frameKey || axisRect()->rect() != m_frameRect
        || rect() != viewport()) {
        replot();
        return;
    }
    // The axes are as the last layout left them, so pixel positions hold: place the texts, redraw one layer.
    placeLabels();
    if (legend->visible() != legendShown) {
        replot();
        return;
    }
    if (paintsLive()) {
        m_liveOnScreen = true;
        QWidget::update(m_staticAxisRect.adjusted(-1, -1, 1, 1)); // the live layer is clipped to the axis rect
    } else {
        m_mainLayer->replot();
    }
    emit afterReplot(); // the chart is redrawn, as after a replot
}

int RooflineChart::liveBufferIndex() const
{
    // The buffer of the live layer, as QCustomPlot::setupPaintBuffers deals them out: a buffered layer takes one of
    // its own, and the logical layers after it share the next.
    int buffer = 0;
    for (int i = 0; i < layerCount(); ++i) {
        if (layer(i)->mode() != QCPLayer::lmBuffered)
            continue;
        ++buffer;
        if (layer(i) == m_mainLayer)
            return buffer;
        if (i + 1 < layerCount() && layer(i + 1)->mode() == QCPLayer::lmLogical)
            ++buffer;
    }
    return -1;
}

bool RooflineChart::paintsLive()
{
    if (devicePixelRatioF() != 1.0 || hasInvalidatedPaintBuffers())
        return false;
    for (QCPLayerable* child : m_mainLayer->children())
        if (!dynamic_cast<LiveLayerable*>(child) && !qobject_cast<QCPLayout*>(child)) // a layout draws nothing
            return false;
    if (!m_staticStale)
        return m_below.size() == size() && m_staticAxisRect == axisRect()->rect();
    const int live = liveBufferIndex();
    if (live < 0 || live >= mPaintBuffers.size())
        return false;
    m_below = QImage(size(), QImage::Format_RGB32);
    m_above = QImage(size(), QImage::Format_ARGB32_Premultiplied);
    m_above.fill(Qt::transparent);
    QCPPainter below(&m_below);
    below.fillRect(m_below.rect(), mBackgroundBrush);
    QCPPainter above(&m_above);
    for (int i = 0; i < mPaintBuffers.size(); ++i)
        if (i != live)
            mPaintBuffers[i]->draw(i < live ? &below : &above);
    below.end();
    above.end();
    for (QCPGraph* shade : { m_bandwidthShade, m_computeShade }) {
        if (!shade)
            continue;
        QImage tinted = m_below.copy();
        QPainter(&tinted).fillRect(tinted.rect(), shade->brush());
        static_cast<ShadeGraph*>(shade)->setTinted(std::move(tinted));
    }
    m_aboveParts = inkedParts(m_above, m_above.rect());
    m_staticAxisRect = axisRect()->rect();
    m_staticStale = false;
    return true;
}

// While the live layer's buffer is out of date, a paint draws the layer itself between the two static images: per
// slider step a copy of the axis rect, the layer's items, and the inked pieces of the image above, where QCustomPlot
// would clear a full-size buffer and blend three.
void RooflineChart::paintEvent(QPaintEvent* event)
{
    if (!m_liveOnScreen || m_staticStale || m_below.size() != size() || m_staticAxisRect != axisRect()->rect()) {
        QCustomPlot::paintEvent(event);
        return;
    }
    QCPPainter painter(this);
    const QRect dirty = event->rect();
    painter.setCompositionMode(QPainter::CompositionMode_Source);
    for (int top = dirty.top(); top <= dirty.bottom(); top += kBandRows)
        painter.drawImage(QPoint(dirty.left(), top), m_below,
            QRect(dirty.left(), top, dirty.width(), std::min(kBandRows, dirty.bottom() + 1 - top)));
    painter.setCompositionMode(QPainter::CompositionMode_SourceOver);
    for (QCPLayerable* child : m_mainLayer->children()) {
        auto* live = dynamic_cast<LiveLayerable*>(child);
        if (!live || !child->realVisibility())
            continue;
        if (child == m_bandwidthShade || child == m_computeShade) { // large fills
            for (int top = dirty.top(); top <= dirty.bottom(); top += kBandRows)
                live->drawLive(&painter, QRect(dirty.left(), top, dirty.width(), kBandRows));
        } else {
            live->drawLive(&painter, QRect());
        }
    }
    for (const QRect& part : m_aboveParts)
        if (part.intersects(dirty))
            painter.drawImage(part.topLeft(), m_above, part);
}

QCPItemText* RooflineChart::addText(double points, const QColor& colour)
{
    auto* text = new CachedText(this);
    m_texts.push_back(text);
    text->setFont(m_theme.font(points));
    text->setColor(colour);
    text->setClipToAxisRect(true);
    return text;
}

void RooflineChart::rebuild()
{
    m_legendSize = QSize();
    clearGraphs();
    clearItems();
    m_texts.clear();
    m_roofs.clear();
    m_operations.clear();
    const ChartTheme& t = m_theme;

    m_bandwidthShade = new ShadeGraph(xAxis, yAxis);
    m_bandwidthShade->setPen(Qt::NoPen);
    m_bandwidthShade->setBrush(QBrush(t.bandwidthShade));
    m_computeShade = new ShadeGraph(xAxis, yAxis);
    m_computeShade->setPen(Qt::NoPen);
    m_computeShade->setBrush(QBrush(t.computeShade));
    // The faint shades' sloped edge lies under the envelope and the others on the axes or between the two shades:
    // antialiasing them shows nothing and makes each fill several times dearer on every slider step.
    m_bandwidthShade->setAntialiasedFill(false);
    m_computeShade->setAntialiasedFill(false);
    m_bandwidthCaption = addText(10, t.regionText);
    m_bandwidthCaption->setText(QStringLiteral("bandwidth-bound"));
    m_computeCaption = addText(10, t.regionText);
    m_computeCaption->setText(QStringLiteral("compute-bound"));
    QFont italic = t.font(10);
    italic.setItalic(true);
    for (QCPItemText* caption : { m_bandwidthCaption, m_computeCaption })
        caption->setFont(italic);
    m_bandwidthCaption->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
    m_computeCaption->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);

    // Labels sit on a veil of the background so that a line passing under them does not cross the letters.
    QColor halo = t.background;
    halo.setAlpha(200);
    std::size_t memories = 0;
    std::size_t links = 0;
    for (const chart::RoofSegment& r : m_layout.roofs) {
        RoofItems items;
        items.graph = new CachedGraph(xAxis, yAxis); // registers itself with the plot, as addGraph() does
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
        items.graph->setPen(pen);
        items.label = addText(9, pen.color());
        if (r.kind == RoofKind::Compute) {
            items.label->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
        } else {
            items.label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
            items.ridgeLabel = addText(8, t.foreground);
            items.ridgeLabel->setBrush(QBrush(halo));
            items.ridgeLabel->setPositionAlignment(Qt::AlignCenter);
            items.ridgeLabel->position->setType(QCPItemPosition::ptAbsolute);
        }
        items.label->setPadding(QMargins(2, 0, 2, 1));
        if (r.kind != RoofKind::Compute)
            items.label->setBrush(QBrush(halo)); // a close roof may run under the text
        m_roofs.push_back(items);
    }

    m_envelope = new Graph(xAxis, yAxis);
    m_envelope->setPen(QPen(t.envelope, t.width(3.5)));
    m_ridges = new Graph(xAxis, yAxis);
    m_ridges->setLineStyle(QCPGraph::lsNone);
    m_ridges->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(t.foreground, t.width(1.5)), QBrush(t.background), 7 * t.zoom));

    const std::vector<Operation>& ops = m_analysis->session.operations;
    std::map<std::string, int> colourUses; // operations sharing a colour differ in shape
    for (std::size_t k = 0; k < m_shown.size(); ++k) {
        const std::size_t op = m_shown[k];
        const QColor colour = t.operationColour(ops[op].colour);
        const auto shape = shapeFor(colourUses[ops[op].colour]++ % 3);
        OperationItems items;
        items.operation = op;
        items.hollow = new CachedGraph(xAxis, yAxis);
        items.hollow->setPen(QPen(colour, t.width(1)));
        items.hollow->setScatterStyle(
            QCPScatterStyle(shape, QPen(colour, t.width(2)), QBrush(t.background), 9 * t.zoom));
        items.filled = new Graph(xAxis, yAxis);
        items.filled->setLineStyle(QCPGraph::lsNone);
        items.filled->setScatterStyle(QCPScatterStyle(shape, QPen(colour, t.width(2)), QBrush(colour), 10 * t.zoom));
        items.filled->setName(qs(ops[op].name));
        items.filled->addToLegend();
        items.label = addText(9, colour);
        items.label->setBrush(QBrush(halo));
        items.label->setPositionAlignment(Qt::AlignCenter);
        items.label->position->setType(QCPItemPosition::ptAbsolute);
        m_operations.push_back(items);
    }
    // Texts above every line and marker, so that a line never crosses a label: each is moved to the end of the
    // layer, in the order made.
    for (QCPItemText* text : m_texts)
        text->setLayer(m_mainLayer);
}

void RooflineChart::updateItems()
{
    const chart::Layout& l = m_layout;
    xAxis->setRange(l.x.lower(), l.x.upper());
    yAxis->setRange(l.y.lower(), l.y.upper());
    xAxis->ticker().staticCast<QCPAxisTickerLog>()->setTickCount(l.x.decades());
    yAxis->ticker().staticCast<QCPAxisTickerLog>()->setTickCount(l.y.decades());
    const Dtype dtype = m_analysis->dtype;
    yAxis->setLabel(isInteger(dtype) ? QStringLiteral("Attainable OP/s") : QStringLiteral("Attainable FLOP/s"));
    m_title->setText(QStringLiteral("%1 · %2%3")
                         .arg(qs(m_analysis->hardware.name), qs(std::string(dtypeName(dtype))),
                             m_analysis->session.overrides.empty() ? QString() : QStringLiteral(" (modified)")));

    std::vector<chart::Point> ridges;
    for (std::size_t i = 0; i < l.roofs.size() && i < m_roofs.size(); ++i) {
        const chart::RoofSegment& r = l.roofs[i];
        setPoints(m_roofs[i].graph, { r.from, r.to });
        m_roofs[i].label->setText(roofLabel(r, m_analysis->hardware));
        m_roofs[i].label->position->setCoords(r.label.x, r.label.y);
        if (m_roofs[i].ridgeLabel) {
            const double peak = l.envelope.size() == 3 ? l.envelope[1].y : r.to.y;
            ridges.push_back({ r.ridge, peak });
            m_roofs[i].ridgeLabel->setText(ridges.size() == 1 ? ridgeLabel(r) : qs(formatIntensity(r.ridge)));
        }
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

    std::vector<std::vector<chart::Point>> all(m_operations.size());
    std::vector<std::vector<chart::Point>> binding(m_operations.size());
    for (const chart::Marker& m : l.markers) {
        all[m.operation].push_back(m.at);
        if (m.binding)
            binding[m.operation].push_back(m.at);
    }
    QString names;
    for (std::size_t k = 0; k < m_operations.size(); ++k) {
        setPoints(m_operations[k].hollow, all[k]);
        setPoints(m_operations[k].filled, binding[k]);
        const QString name = qs(m_analysis->session.operations[m_operations[k].operation].name);
        m_operations[k].filled->setName(name);
        names += name + QLatin1Char('\n');
        m_operations[k].label->setText(name);
        m_operations[k].label->setVisible(!all[k].empty());
    }
    if (names != m_legendNames) {
        m_legendNames = names;
        m_legendSize = QSize();
    }
}

QVector<QPointF> RooflineChart::pointsOf(const QCPGraph* graph)
{
    QVector<QPointF> out;
    if (!graph)
        return out;
    for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
        out.append(QPointF(it->key, it->value));
    return out;
}

QString RooflineChart::hoverText(const QPointF& pixel) const
{
    const double reach = 8 * m_theme.zoom;
    for (std::size_t k = 0; k < m_operations.size() && k < m_evaluations.size(); ++k) {
        for (const QPointF& p : pointsOf(m_operations[k].hollow)) {
            const QPointF at(xAxis->coordToPixel(p.x()), yAxis->coordToPixel(p.y()));
            if (std::hypot(at.x() - pixel.x(), at.y() - pixel.y()) <= reach)
                return operationTooltip(m_analysis->session.operations[m_operations[k].operation], m_evaluations[k]);
        }
    }
    for (const chart::RoofSegment& r : m_layout.roofs) {
        const chart::Point a { xAxis->coordToPixel(r.from.x), yAxis->coordToPixel(r.from.y) };
        const chart::Point b { xAxis->coordToPixel(r.to.x), yAxis->coordToPixel(r.to.y) };
        if (chart::distanceToSegment(toPoint(pixel), a, b) <= reach / 2)
            return roofTooltip(r, m_analysis->hardware);
    }
    return {};
}

void RooflineChart::showHover(QMouseEvent* event)
{
    const QString text = hoverText(event->position());
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, this);
}

QVector<QPointF> RooflineChart::roofCurve(const QString& name) const
{
    for (std::size_t i = 0; i < m_layout.roofs.size() && i < m_roofs.size(); ++i)
        if (qs(m_layout.roofs[i].name) == name)
            return pointsOf(m_roofs[i].graph);
    return {};
}

QString RooflineChart::roofText(const QString& name) const
{
    for (std::size_t i = 0; i < m_layout.roofs.size() && i < m_roofs.size(); ++i)
        if (qs(m_layout.roofs[i].name) == name)
            return m_roofs[i].label->text();
    return {};
}

QVector<QPointF> RooflineChart::envelopeCurve() const
{
    return pointsOf(m_envelope);
}

QVector<QPointF> RooflineChart::markerPoints(std::size_t operation, bool filled) const
{
    for (const OperationItems& items : m_operations)
        if (items.operation == operation)
            return pointsOf(filled ? items.filled : items.hollow);
    return {};
}

bool RooflineChart::hasOperation(std::size_t operation) const
{
    return std::any_of(m_operations.begin(), m_operations.end(),
        [operation](const OperationItems& items) { return items.operation == operation; });
}

QString RooflineChart::titleText() const
{
    return m_title->text();
}

QStringList RooflineChart::visibleOperationLabels() const
{
    QStringList names;
    for (const OperationItems& items : m_operations)
        if (items.label->visible())
            names.append(items.label->text());
    return names;
}

} // namespace roofline::widgets
