// SPDX-License-Identifier: GPL-3.0-or-later
#include "chart/compared_layer.h"

#include "common/chart_text.h"
#include "common/compared_style.h"

#include <QCoreApplication>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <set>
#include <utility>

namespace roofline::widgets {

namespace {

// The layer's words, in the window's language.
struct ComparedLayerWords {
    Q_DECLARE_TR_FUNCTIONS(ComparedLayerWords)
};

std::string str(const QString& s)
{
    return s.toStdString();
}

} // namespace

std::vector<chart::OverlayChip> ComparedLayer::prepare(const Analysis& a, const std::vector<std::size_t>& shown)
{
    m_evaluations.assign(a.compared.size(), {});
    std::vector<chart::OverlayChip> chips;
    chips.reserve(a.compared.size());
    for (std::size_t k = 0; k < a.compared.size(); ++k) {
        m_evaluations[k].reserve(shown.size());
        for (std::size_t op : shown) {
            const Expected<Evaluation>& e = a.compared[k].evaluations[op];
            m_evaluations[k].push_back(e ? &e.value() : nullptr);
        }
        chips.push_back({ &a.compared[k].hardware, a.compared[k].dtype, m_evaluations[k] });
    }
    return chips;
}

QString ComparedLayer::signature(const Analysis& a) const
{
    QString s;
    for (std::size_t k = 0; k < m_overlays.size() && k < a.compared.size(); ++k) {
        s += QStringLiteral("|k") + qs(a.compared[k].presetId) + QLatin1Char(':');
        for (const chart::RoofSegment& r : m_overlays[k].roofs)
            s += qs(r.name) + QLatin1Char(';');
        // Which operations have a marker on the chip, as a hash of their indices (FNV-1a, cheap at every step): its
        // graphs are one per colour of those, its arrows one per marker up to kArrows.
        quint64 hash = 14695981039346656037ull;
        for (const chart::Marker& m : m_overlays[k].markers)
            hash = (hash ^ m.operation) * 1099511628211ull;
        s += QStringLiteral("%1,%2").arg(m_overlays[k].markers.size()).arg(hash);
    }
    return s;
}

void ComparedLayer::forget()
{
    m_chips.clear();
    m_pixels.clear();
    m_legendRows.clear();
    m_keyRows.clear();
}

void ComparedLayer::build(const LayerContext& ctx)
{
    const Analysis& a = ctx.analysis;
    m_still.setUsed(!a.compared.empty());
    if (a.compared.empty())
        return;
    const ChartTheme& t = ctx.theme;
    QCustomPlot& plot = ctx.plot;
    // The legend names the chips first: the session's with its solid roof and round marker, then each other.
    QCPGraph* own = plot.addGraph();
    own->setName(qs(a.hardware.name));
    // The legend's samples, and the key's, long enough to show four periods of each chip's dashes, in a thinner pen
    // than the roofs' so that they stay short.
    const double samplePen = t.width(1.2);
    const int sample = comparedSampleLength(a.compared.size(), samplePen);
    plot.legend->setIconSize(std::max(plot.legend->iconSize().width(), sample), plot.legend->iconSize().height());
    own->setPen(QPen(t.foreground, samplePen));
    own->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(t.foreground, t.width(2)), QBrush(t.foreground), 9 * t.zoom));
    own->addToLegend();
    m_key->setFont(t.font(8.5));
    m_key->setTextColor(t.foreground);
    m_key->setBrush(QBrush(ctx.halo()));
    m_key->setBorderPen(Qt::NoPen);
    m_key->setIconSize(std::max(static_cast<int>(24 * t.zoom), sample), static_cast<int>(10 * t.zoom));
    // The key's rows draw as the legend's, under the chips' short names: they have no data of their own.
    auto keyRow = [this, &plot](const QCPGraph* row) {
        QCPGraph* g = plot.addGraph();
        g->setPen(row->pen());
        g->setScatterStyle(row->scatterStyle());
        g->addToLegend(m_key);
        m_keyRows.push_back(g);
    };
    keyRow(own);
    m_legendRows.push_back(own);
    const std::vector<Operation>& ops = a.session.operations;
    for (std::size_t k = 0; k < a.compared.size() && k < m_overlays.size(); ++k) {
        Chip chip;
        for (const chart::RoofSegment& r : m_overlays[k].roofs) {
            RoofItems items;
            items.line = new QCPItemLine(&plot);
            const QColor colour = r.kind == RoofKind::Compute ? t.foreground
                : r.kind == RoofKind::Memory                  ? t.memoryRoof
                                                              : t.networkRoof;
            items.line->setPen(comparedPen(k, colour, t.width(1.6)));
            // Each roof's name with the chip's ("H100 HBM 3.35 TB/s"), shown where it binds one of the chip's
            // markers (and the peak always), with its ridge's.
            items.label = ctx.addText(9, colour);
            items.label->setPadding(QMargins(2, 0, 2, 1));
            items.label->setBrush(QBrush(ctx.halo()));
            if (r.kind != RoofKind::Compute)
                addRidgeItems(ctx, items);
            chip.roofs.push_back(items);
        }
        chip.ridges = plot.addGraph();
        chip.ridges->setLineStyle(QCPGraph::lsNone);
        chip.ridges->setScatterStyle(
            QCPScatterStyle(comparedShape(k), QPen(t.foreground, t.width(1.5)), QBrush(t.background), 7 * t.zoom));
        chip.legend = plot.addGraph();
        chip.legend->setName(qs(a.compared[k].hardware.name));
        chip.legend->setPen(comparedPen(k, t.foreground, samplePen));
        chip.legend->setScatterStyle(
            QCPScatterStyle(comparedShape(k), QPen(t.foreground, t.width(2)), QBrush(t.background), 11 * t.zoom));
        chip.legend->addToLegend();
        keyRow(chip.legend);
        m_legendRows.push_back(chip.legend);
        // One graph per operation colour: a chip's markers are few graphs whatever the number of operations.
        std::set<std::size_t> shownIndices; // the operations with a marker here, each colour looked up once
        for (const chart::Marker& m : m_overlays[k].markers)
            shownIndices.insert(m.operation);
        std::set<std::string> colours;
        for (const std::size_t i : shownIndices)
            colours.insert(ops[ctx.shown[i]].colour);
        for (const std::string& name : colours) {
            const QColor colour = t.operationColour(name);
            QCPGraph*& graph = chip.markers[colour.rgba()];
            if (!graph) {
                graph = plot.addGraph();
                graph->setLineStyle(QCPGraph::lsNone);
                graph->setScatterStyle(
                    QCPScatterStyle(comparedShape(k), QPen(colour, t.width(2)), QBrush(t.background), 11 * t.zoom));
            }
        }
        for (std::size_t i = 0; i < std::min(m_overlays[k].markers.size(), kArrows); ++i) {
            const chart::Marker& m = m_overlays[k].markers[i];
            QColor colour = t.operationColour(ops[ctx.shown[m.operation]].colour);
            colour.setAlpha(180);
            auto* arrow = new QCPItemLine(&plot);
            arrow->setPen(QPen(colour, t.width(1)));
            arrow->setHead(QCPLineEnding(QCPLineEnding::esSpikeArrow, 7 * t.zoom, 9 * t.zoom));
            chip.arrows.push_back(arrow);
        }
        m_chips.push_back(std::move(chip));
    }
    // On the chips' own layer: the roofs, then the ridges and the markers above them, the texts last (the chart moves
    // every text to the end of its layer).
    QCPLayer* still = m_still.layer();
    for (Chip& chip : m_chips) {
        for (const RoofItems& roof : chip.roofs)
            for (QCPLayerable* item :
                std::initializer_list<QCPLayerable*> { roof.line, roof.label, roof.ridgeLabel, roof.ridgeLeader })
                if (item)
                    item->setLayer(still);
        chip.ridges->setLayer(still);
    }
    for (Chip& chip : m_chips)
        for (const auto& [colour, graph] : chip.markers)
            graph->setLayer(still);
}

bool ComparedLayer::update(const LayerContext& ctx)
{
    bool renamed = false;
    // The legend's chip rows name the chips of this analysis: another chip may take the session's place with the
    // same roofs, which rebuilds nothing.
    for (std::size_t k = 0; k < m_legendRows.size(); ++k) {
        const Hardware& hw = k == 0 ? ctx.analysis.hardware : ctx.analysis.compared[k - 1].hardware;
        const std::string& name = hw.name;
        if (k < m_keyRows.size())
            m_keyRows[k]->setName(qs(shortChipName(hw)));
        if (m_legendRows[k]->name() != qs(name)) {
            m_legendRows[k]->setName(qs(name));
            renamed = true;
        }
    }
    // The roofs and their labels; the markers and arrows, which depend on pixels, after the layout (place).
    for (std::size_t k = 0; k < m_chips.size() && k < m_overlays.size(); ++k) {
        const chart::Overlay& o = m_overlays[k];
        Chip& chip = m_chips[k];
        for (std::size_t i = 0; i < o.roofs.size() && i < chip.roofs.size(); ++i) {
            const chart::RoofSegment& r = o.roofs[i];
            chip.roofs[i].line->start->setCoords(r.from.x, r.from.y);
            chip.roofs[i].line->end->setCoords(r.to.x, r.to.y);
        }
        // The ridges of the roofs that bind one of the chip's markers, at its own peak.
        std::vector<chart::Point> ridges;
        const double peak = o.roofs.empty() ? 0 : o.roofs.front().value;
        for (const chart::RoofSegment& r : o.roofs)
            if (r.kind != RoofKind::Compute && bindsMarker(k, r.name))
                ridges.push_back({ r.ridge, peak });
        setPoints(chip.ridges, ridges);
    }
    return renamed;
}

void ComparedLayer::place(const LayerContext& ctx, const std::vector<std::optional<chart::Point>>& from)
{
    m_pixels.clear();
    // Each operation's colour, worked out once per colour: ChartTheme::operationColour parses the name and compares
    // it with the roofs' inks, and the thousands of markers of a large scenario share a handful of colours (worked
    // out per marker, it was two thirds of a four-chip step's words at 1,000 operations: bench/RESULTS.md).
    std::map<std::string_view, QRgb> inks;
    const auto inkOf = [&inks, &ctx](std::size_t shown) {
        const std::string& name = ctx.analysis.session.operations[ctx.shown[shown]].colour;
        auto it = inks.find(name);
        if (it == inks.end())
            it = inks.emplace(name, ctx.theme.operationColour(name).rgba()).first;
        return it->second;
    };
    for (std::size_t k = 0; k < m_chips.size() && k < m_overlays.size(); ++k) {
        const chart::Overlay& o = m_overlays[k];
        Chip& chip = m_chips[k];
        // Markers of one colour in the same pixel are drawn once: thousands of operations crowd a few hundred
        // pixels along a chip's roofs, and drawing each of them cost a step ten times the session's chip's alone.
        std::map<QRgb, std::vector<chart::Point>> points;
        std::map<QRgb, QSet<QPoint>> pixels;
        for (const chart::Marker& m : o.markers) {
            const QRgb colour = inkOf(m.operation);
            const double x = ctx.plot.xAxis->coordToPixel(m.at.x);
            const double y = ctx.plot.yAxis->coordToPixel(m.at.y);
            if (std::abs(x) < 1e6 && std::abs(y) < 1e6) {
                QSet<QPoint>& taken = pixels[colour];
                const QPoint pixel(int(std::floor(x)), int(std::floor(y)));
                if (taken.contains(pixel))
                    continue;
                taken.insert(pixel);
                m_pixels.push_back({ x, y });
            }
            points[colour].push_back(m.at);
        }
        for (auto& [colour, graph] : chip.markers)
            setPoints(graph, points[colour]);
        for (std::size_t i = 0; i < chip.arrows.size() && i < o.markers.size(); ++i) {
            const chart::Marker& m = o.markers[i];
            QCPItemLine* arrow = chip.arrows[i];
            const std::optional<chart::Point>& start = from[m.operation];
            arrow->setVisible(start.has_value());
            if (start) {
                arrow->start->setCoords(start->x, start->y);
                arrow->end->setCoords(arrowTip(ctx, *start, m.at));
            }
        }
    }
}

bool ComparedLayer::bindsMarker(std::size_t chip, const std::string& roof) const
{
    if (chip >= m_overlays.size() || chip >= m_evaluations.size())
        return false;
    for (const chart::Marker& m : m_overlays[chip].markers) {
        if (m.operation >= m_evaluations[chip].size() || !m_evaluations[chip][m.operation])
            continue;
        const Evaluation& e = *m_evaluations[chip][m.operation];
        const std::string bound = e.computeBound() ? std::string(dtypeName(e.dtype))
            : m.resource < e.resources.size()      ? e.resources[m.resource].name
                                                   : std::string();
        if (bound == roof)
            return true;
    }
    return false;
}

QPointF ComparedLayer::arrowTip(const LayerContext& ctx, chart::Point from, chart::Point to) const
{
    // The head stops at the marker's edge, half its diameter short of its centre, so that the marker does not
    // cover it; before the plot has a size, at the centre.
    const QPointF a(ctx.plot.xAxis->coordToPixel(from.x), ctx.plot.yAxis->coordToPixel(from.y));
    const QPointF b(ctx.plot.xAxis->coordToPixel(to.x), ctx.plot.yAxis->coordToPixel(to.y));
    const double length = std::hypot(b.x() - a.x(), b.y() - a.y());
    const double back = 11 * ctx.theme.zoom / 2 + ctx.theme.width(2);
    if (!(length > 2 * back) || ctx.plot.axisRect()->width() <= 0)
        return { to.x, to.y };
    const QPointF tip = b + (a - b) * (back / length);
    return { ctx.plot.xAxis->pixelToCoord(tip.x()), ctx.plot.yAxis->pixelToCoord(tip.y()) };
}

QString ComparedLayer::hover(const LayerContext& ctx, const QPointF& pixel, double reach) const
{
    const Analysis& a = ctx.analysis;
    QStringList found;
    for (std::size_t k = 0; k < m_overlays.size() && k < a.compared.size(); ++k)
        for (const chart::Marker& m : m_overlays[k].markers) {
            const QPointF at(ctx.plot.xAxis->coordToPixel(m.at.x), ctx.plot.yAxis->coordToPixel(m.at.y));
            if (std::hypot(at.x() - pixel.x(), at.y() - pixel.y()) <= reach)
                found.append(
                    ComparedLayerWords::tr("<b>On %1</b><br>").arg(qs(a.compared[k].hardware.name).toHtmlEscaped())
                    + operationTooltip(a.session.operations[ctx.shown[m.operation]], *m_evaluations[k][m.operation]));
        }
    if (!found.isEmpty())
        return found.join(QStringLiteral("<hr>"));
    for (std::size_t k = 0; k < m_overlays.size() && k < a.compared.size(); ++k)
        for (const chart::RoofSegment& r : m_overlays[k].roofs) {
            const chart::Point p { ctx.plot.xAxis->coordToPixel(r.from.x), ctx.plot.yAxis->coordToPixel(r.from.y) };
            const chart::Point q { ctx.plot.xAxis->coordToPixel(r.to.x), ctx.plot.yAxis->coordToPixel(r.to.y) };
            if (chart::distanceToSegment({ pixel.x(), pixel.y() }, p, q) <= reach / 2)
                return QStringLiteral("<b>%1</b><br>").arg(qs(a.compared[k].hardware.name).toHtmlEscaped())
                    + roofTooltip(r, a.compared[k].hardware, a.compared[k].dtype);
        }
    return {};
}

void ComparedLayer::addLinesAndMarks(TextScene& scene, const LayerContext& ctx,
    std::vector<std::vector<std::size_t>>& lines, std::vector<std::vector<std::optional<std::size_t>>>& ridges) const
{
    const chart::Layout& l = ctx.layout;
    const double ridgeRadius = 7 * ctx.theme.zoom / 2 + ctx.theme.width(1.5) / 2;
    for (std::size_t k = 0; k < m_chips.size() && k < m_overlays.size(); ++k) {
        std::vector<std::size_t> chipLines;
        std::vector<std::optional<std::size_t>> chipRidges;
        const double chipPeak = m_overlays[k].roofs.empty() ? l.y.upper() : m_overlays[k].roofs.front().value;
        for (const chart::RoofSegment& r : m_overlays[k].roofs) {
            chipLines.push_back(scene.addLine(ctx.pixel(r.from), ctx.pixel(r.to), r.kind != RoofKind::Memory));
            const bool shown = r.kind != RoofKind::Compute && r.ridge > l.x.lower() && r.ridge < l.x.upper()
                && chipPeak > l.y.lower() && chipPeak < l.y.upper();
            chipRidges.push_back(
                shown ? std::optional(scene.addMark(ctx.pixel({ r.ridge, chipPeak }), ridgeRadius)) : std::nullopt);
        }
        lines.push_back(std::move(chipLines));
        ridges.push_back(std::move(chipRidges));
    }
    const double radius = 11 * ctx.theme.zoom / 2;
    for (const chart::Point& p : m_pixels)
        scene.addMark(QPointF(p.x, p.y), radius);
}

void ComparedLayer::addTexts(TextScene& scene, const LayerContext& ctx,
    const std::vector<std::vector<std::size_t>>& lines,
    const std::vector<std::vector<std::optional<std::size_t>>>& ridges) const
{
    // Each compared chip's roofs with its short name: its peak, and each roof that binds one of its markers with its
    // ridge ("H100 HBM ridge 295"), so that every dashed line a marker sits on is named.
    for (std::size_t k = 0; k < m_chips.size() && k < m_overlays.size() && k < lines.size(); ++k) {
        const Hardware& hw = ctx.analysis.compared[k].hardware;
        const QString chip = qs(shortChipName(hw));
        const chart::Overlay& o = m_overlays[k];
        for (std::size_t i = 0; i < o.roofs.size() && i < m_chips[k].roofs.size(); ++i) {
            const chart::RoofSegment& r = o.roofs[i];
            const RoofItems& items = m_chips[k].roofs[i];
            const bool binds = bindsMarker(k, r.name);
            const int rank = binds && r.name == ctx.analysis.explanation.roof ? kRankLesson
                : binds                                                       ? kRankBinding
                                                                              : kRankTouched;
            if (items.label) {
                chart::TextRequest name = lineName(
                    { str(chip + QLatin1Char(' ') + roofLabel(r, hw)), str(chip + QLatin1Char(' ') + qs(r.name)) },
                    lines[k][i], rank);
                if (r.kind == RoofKind::Compute || binds)
                    scene.addText(std::move(name), items.label, { QStringLiteral("roof"), qs(r.name), {}, k + 1, {} });
                else
                    items.label->setVisible(false);
            }
            if (items.ridgeLabel) {
                if (binds && ridges[k][i]) {
                    chart::TextRequest ridge = markLabel(str(chip + QLatin1Char(' ') + ridgeLabel(r)),
                        { *ridges[k][i] }, chart::TextRequest::Spots::Below, rank);
                    ridge.mayMoveOut = true;
                    scene.addText(std::move(ridge), items.ridgeLabel,
                        { QStringLiteral("ridge"), qs(r.name), {}, k + 1, {} }, items.ridgeLeader);
                } else {
                    items.ridgeLabel->setVisible(false);
                    items.ridgeLeader->setVisible(false);
                }
            }
        }
    }
}

void ComparedLayer::addKey(TextScene& scene, const LayerContext& ctx, bool legendShown)
{
    // When the legend steps aside, the compared chips' names in a key of their own so that their dashes stay named:
    // one chip to a row, then two, along the top left under the highest flat roof, else in the bottom right corner
    // where the legend sits; left out where no place is clear.
    m_key->setVisible(false);
    if (legendShown || m_key->itemCount() == 0)
        return;
    const QRect plot = ctx.plot.axisRect()->rect();
    double top = plot.top();
    for (const chart::RoofSegment& r : ctx.layout.roofs)
        if (r.kind == RoofKind::Compute && r.selected)
            top = std::max(top, ctx.plot.yAxis->coordToPixel(r.from.y));
    for (const chart::Overlay& o : m_overlays)
        for (const chart::RoofSegment& r : o.roofs)
            if (r.kind == RoofKind::Compute)
                top = std::max(top, ctx.plot.yAxis->coordToPixel(r.from.y));
    const double pad = 4 * ctx.theme.zoom;
    chart::TextRequest r;
    r.rank = kRankKey;
    std::vector<int> columnsOf;
    for (int columns = 1; columns <= 2; ++columns) {
        m_key->setWrap(columns);
        m_key->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
        const QSize size = m_key->minimumOuterSizeHint();
        for (int step = 0; step < 6; ++step) {
            r.places.push_back({ std::floor(plot.left() + pad + step * plot.width() / 10.0), std::ceil(top + pad),
                double(size.width()), double(size.height()) });
            columnsOf.push_back(columns);
        }
        r.places.push_back({ double(plot.right()) - pad - size.width(), double(plot.bottom()) - pad - size.height(),
            double(size.width()), double(size.height()) });
        columnsOf.push_back(columns);
    }
    scene.addBox(std::move(r), { QStringLiteral("key"), {}, {}, 0, {} },
        [this, &plot = ctx.plot, columnsOf](const std::optional<QRectF>& box, int place) {
            m_key->setVisible(box.has_value());
            if (!box)
                return;
            const QRect key = box->toAlignedRect();
            m_key->setWrap(columnsOf[std::size_t(place)]);
            m_key->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
            QCPLayoutInset* inset = plot.axisRect()->insetLayout();
            const QRect within = inset->rect(); // what the inset's fractions are of
            for (int i = 0; i < inset->elementCount(); ++i)
                if (inset->elementAt(i) == m_key && within.width() > 0 && within.height() > 0) {
                    inset->setInsetPlacement(i, QCPLayoutInset::ipFree);
                    inset->setInsetRect(i,
                        QRectF(double(key.left() - within.left()) / within.width(),
                            double(key.top() - within.top()) / within.height(), double(key.width()) / within.width(),
                            double(key.height()) / within.height()));
                }
            // This layout's place, its rows laid out in it; the inset places it so in the next.
            m_key->setOuterRect(key);
            m_key->update(QCPLayoutElement::upLayout);
        });
}

QVector<QPointF> ComparedLayer::markers(std::size_t chip) const
{
    QVector<QPointF> out;
    if (chip >= m_chips.size())
        return out;
    for (const auto& [colour, graph] : m_chips[chip].markers)
        out += pointsOf(graph);
    std::sort(out.begin(), out.end(), [](const QPointF& a, const QPointF& b) { return a.x() < b.x(); });
    return out;
}

QVector<QPointF> ComparedLayer::roof(std::size_t chip, const QString& name) const
{
    if (chip >= m_chips.size() || chip >= m_overlays.size())
        return {};
    for (std::size_t i = 0; i < m_overlays[chip].roofs.size(); ++i)
        if (qs(m_overlays[chip].roofs[i].name) == name)
            return { m_chips[chip].roofs[i].line->start->coords(), m_chips[chip].roofs[i].line->end->coords() };
    return {};
}

std::vector<QLineF> ComparedLayer::arrows(std::size_t chip) const
{
    std::vector<QLineF> out;
    if (chip < m_chips.size())
        for (const QCPItemLine* arrow : m_chips[chip].arrows)
            if (arrow->visible())
                out.emplace_back(arrow->start->coords(), arrow->end->coords());
    return out;
}

bool ComparedLayer::isLegendRow(const QCPAbstractPlottable* p) const
{
    return std::find(m_legendRows.begin(), m_legendRows.end(), p) != m_legendRows.end();
}

std::vector<const QCPItemText*> ComparedLayer::labels() const
{
    std::vector<const QCPItemText*> out;
    for (const Chip& chip : m_chips)
        for (const RoofItems& roof : chip.roofs)
            if (roof.label)
                out.push_back(roof.label);
    return out;
}

} // namespace roofline::widgets
