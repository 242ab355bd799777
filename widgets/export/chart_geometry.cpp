// SPDX-License-Identifier: GPL-3.0-or-later
// The chart's geometry read back from its items after an export's layout, and written as JSON.
#include "export/chart_geometry.h"

#include "base/json.h"
#include "chart/chart_probe.h"
#include "common/si_log_ticker.h"
#include "export/export_limits.h"

#include <QFontMetrics>
#include <QFontMetricsF>

#include <cmath>

namespace roofline::widgets {

namespace {

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

QString kindName(RoofKind kind)
{
    return kind == RoofKind::Compute ? QStringLiteral("compute")
        : kind == RoofKind::Memory   ? QStringLiteral("memory")
                                     : QStringLiteral("link");
}

// Where a text item was drawn: the box its anchors span, padding and veil included, and its corners when turned.
ChartGeometry::Text itemText(const QCPItemText* item, const QString& kind, const QString& of)
{
    const QPolygonF corners { item->topLeft->pixelPosition(), item->topRight->pixelPosition(),
        item->bottomRight->pixelPosition(), item->bottomLeft->pixelPosition() };
    ChartGeometry::Text text { kind, of, item->text(), corners.boundingRect(), std::nullopt, {}, {}, {} };
    if (item->rotation() != 0)
        text.polygon = corners;
    return text;
}

// Tick labels (tickLabelBoxes) and the axis's label, where QCustomPlot's axis painter puts it (QCPAxisPainterPrivate::
// draw in QCustomPlot 2.1.0): past the ticks, the paddings and the tick labels drawn outside, centred along the axis
// (turned a quarter on the left).
void axisTexts(const QCPAxis* axis, const QString& of, std::vector<ChartGeometry::Text>& out)
{
    if (!axis->visible())
        return;
    const QRect r = axis->axisRect()->rect();
    const bool left = axis->axisType() == QCPAxis::atLeft;
    const int offset = axis->offset();
    int margin = std::max(0, std::max(axis->tickLengthOut(), axis->subTickLengthOut()));
    double extent = 0; // the tick labels' depth away from the axis
    for (const auto& [label, box] : tickLabelBoxes(axis)) {
        out.push_back({ QStringLiteral("tick"), of, label, box, std::nullopt, {}, {}, {} });
        if (axis->tickLabelSide() == QCPAxis::lsOutside)
            extent = std::max(extent, left ? box.width() : box.height());
    }
    if (axis->tickLabels() && axis->tickLabelSide() == QCPAxis::lsOutside)
        margin += axis->tickLabelPadding();
    if (axis->label().isEmpty())
        return;
    margin += int(extent) + axis->labelPadding();
    const QRect bounds = QFontMetrics(axis->labelFont()).boundingRect(0, 0, 0, 0, Qt::TextDontClip, axis->label());
    if (!left) {
        const QRectF box(r.left() + (r.width() - bounds.width()) / 2.0, r.bottom() + offset + margin, bounds.width(),
            bounds.height());
        out.push_back({ QStringLiteral("axis"), of, axis->label(), box, std::nullopt, {}, {}, {} });
        return;
    }
    // Drawn turned by -90° about (x, bottom): its baseline runs upwards, its top faces left.
    const double x = r.left() - offset - margin - bounds.height();
    const double middle = r.bottom() - r.height() / 2.0;
    const double half = bounds.width() / 2.0;
    const QPolygonF corners { QPointF(x, middle + half), QPointF(x, middle - half),
        QPointF(x + bounds.height(), middle - half), QPointF(x + bounds.height(), middle + half) };
    out.push_back({ QStringLiteral("axis"), of, axis->label(), corners.boundingRect(), corners, {}, {}, {} });
}

QPolygonF scaled(const QPolygonF& p, double s)
{
    QPolygonF out;
    for (const QPointF& q : p)
        out.append(q * s);
    return out;
}

QRectF scaled(const QRectF& r, double s)
{
    return QRectF(r.topLeft() * s, r.size() * s);
}

} // namespace

ChartGeometry chartGeometry(RooflineChart& chart, QSize size, double scale)
{
    const RooflineChart::SmoothScope exporting(chart);
    renderChart(chart, size, scale); // lays out and places every text at the image's size, as an export does
    const ChartProbe probe(chart);
    const chart::Layout& layout = probe.layout();
    const Analysis& analysis = chart.analysis();
    auto pixel = [&chart, scale](chart::Point p) {
        return QPointF(chart.xAxis->coordToPixel(p.x), chart.yAxis->coordToPixel(p.y)) * scale;
    };
    auto opId = [&analysis](std::size_t op) { return qs(analysis.session.operations[op].id); };

    ChartGeometry g;
    g.image = QSize(int(pngSide(size.width(), scale)), int(pngSide(size.height(), scale)));
    g.plot = scaled(QRectF(chart.axisRect()->rect()), scale);
    auto roof = [&](const chart::RoofSegment& r, QString chip, QString role) {
        g.roofs.push_back(
            { qs(r.name), kindName(r.kind), pixel(r.from), pixel(r.to), std::move(chip), std::move(role) });
    };
    for (const chart::RoofSegment& r : layout.roofs)
        roof(r, {}, {});
    for (const chart::RoofSegment& r : layout.practical)
        roof(r, {}, QStringLiteral("practical"));
    for (const chart::RoofSegment& r : probe.calibratedRoofs().ceilings)
        roof(r, {}, QStringLiteral("calibrated"));
    // The ridges' dots as drawn: each sloped roof's where it meets the chart's peak, when in view.
    const double peak = layout.peak;
    auto inView = [&layout](double x, double y) {
        return x > layout.x.lower() && x < layout.x.upper() && y > layout.y.lower() && y < layout.y.upper();
    };
    for (const chart::RoofSegment& r : layout.roofs)
        if (r.kind != RoofKind::Compute && inView(r.ridge, peak))
            g.ridges.push_back({ qs(r.name), pixel({ r.ridge, peak }), {} });
    for (const QPointF& p : probe.envelopeCurve())
        g.envelope.push_back(pixel({ p.x(), p.y() }));
    for (const ChartProbe::DrawnMarker& d : probe.drawnMarkers()) {
        const chart::Marker& m = layout.markers[d.marker];
        const Evaluation& ev = *analysis.operations[d.operation].evaluation;
        g.markers.push_back({ {}, opId(d.operation), qs(ev.resources[m.resource].name), m.binding, pixel(m.at),
            d.centre * scale, d.diameter / 2 * scale, d.count });
    }
    // The compared chips: their roofs, the ridges of those that bind one of their markers, and their markers, each
    // with the chip's short name.
    std::vector<QString> chips { QString() };
    for (std::size_t k = 0; k < probe.overlays().size() && k < analysis.compared.size(); ++k) {
        const QString chip = qs(shortChipName(analysis.compared[k].hardware));
        chips.push_back(chip);
        const chart::Overlay& o = probe.overlays()[k];
        const double chipPeak = o.roofs.empty() ? peak : o.roofs.front().value;
        for (const chart::RoofSegment& r : o.roofs) {
            roof(r, chip, {});
            if (r.kind != RoofKind::Compute && probe.bindsComparedMarker(k, r.name) && inView(r.ridge, chipPeak))
                g.ridges.push_back({ qs(r.name), pixel({ r.ridge, chipPeak }), chip });
        }
        for (const chart::Marker& m : o.markers) {
            const std::size_t op = probe.shown()[m.operation];
            const Evaluation* ev = op < analysis.compared[k].evaluations.size() && analysis.compared[k].evaluations[op]
                ? &analysis.compared[k].evaluations[op].value()
                : nullptr;
            const QString resource
                = ev && m.resource < ev->resources.size() ? qs(ev->resources[m.resource].name) : QString();
            g.markers.push_back(
                { chip, opId(op), resource, true, pixel(m.at), pixel(m.at), 11 * chart.theme().zoom / 2 * scale, 1 });
        }
    }

    std::vector<ChartGeometry::Text> texts;
    const ChartProbe::ChartTexts items = probe.chartTexts();
    if (items.title && items.title->visible() && !items.title->text().isEmpty()) { // a short chart leaves it out
        const QRectF box = QFontMetricsF(items.title->font())
                               .boundingRect(QRectF(items.title->rect()), Qt::AlignCenter, items.title->text());
        texts.push_back({ QStringLiteral("title"), QString(), items.title->text(), box, std::nullopt, {}, {}, {} });
    }
    axisTexts(chart.xAxis, QStringLiteral("x"), texts);
    axisTexts(chart.yAxis, QStringLiteral("y"), texts);
    for (const auto& [of, item] : items.axisNames)
        texts.push_back(itemText(item, QStringLiteral("axis"), of));
    // Every word the text layout placed, with what it names.
    for (const TextScene::Placed& p : probe.placedTexts()) {
        const QRectF box = p.outline.boundingRect();
        const bool level = p.outline.size() == 4 && std::abs(p.outline[1].y() - p.outline[0].y()) < 0.01;
        texts.push_back({ p.meaning.kind, p.meaning.of, p.text, box, level ? std::nullopt : std::optional(p.outline),
            p.meaning.chip < chips.size() ? chips[p.meaning.chip] : QString(), p.meaning.role, p.leader });
    }
    if (chart.legend->visible()) {
        g.legend = scaled(QRectF(chart.legend->outerRect()), scale);
        const QSize icon = chart.legend->iconSize();
        for (int i = 0; i < chart.legend->itemCount(); ++i) {
            auto* entry = qobject_cast<QCPPlottableLegendItem*>(chart.legend->item(i));
            if (!entry)
                continue;
            const QString name = entry->plottable()->name();
            // As QCPPlottableLegendItem::draw: the icon, a padding, then the name, from the entry's top.
            const QRectF r = entry->rect();
            const QSizeF textSize = QFontMetricsF(entry->font()).size(0, name);
            const QRectF box(r.left() + icon.width() + chart.legend->iconTextPadding(), r.top(), textSize.width(),
                textSize.height());
            QString of;
            for (std::size_t k = 0; k < probe.shown().size(); ++k)
                if (qs(analysis.session.operations[probe.shown()[k]].name) == name)
                    of = opId(probe.shown()[k]);
            texts.push_back({ QStringLiteral("legend"), of, name, box, std::nullopt, {}, {}, {} });
        }
    }
    for (ChartGeometry::Text& t : texts) {
        t.rect = scaled(t.rect, scale);
        if (t.polygon)
            t.polygon = scaled(*t.polygon, scale);
        if (t.leader)
            t.leader = QLineF(t.leader->p1() * scale, t.leader->p2() * scale);
    }
    g.texts = std::move(texts);
    return g;
}

std::string geometryJson(const ChartGeometry& g)
{
    JsonWriter w;
    // Hundredths of a pixel: finer means nothing on a screen and makes the file hard to read.
    auto number = [&w](double v) { w.value(std::round(v * 100) / 100); };
    auto point = [&](const QPointF& p) {
        w.beginArray();
        number(p.x());
        number(p.y());
        w.endArray();
    };
    auto rect = [&](const QRectF& r) {
        w.beginArray();
        for (const double v : { r.x(), r.y(), r.width(), r.height() })
            number(v);
        w.endArray();
    };
    w.beginObject();
    w.key("image").beginObject().key("width").value(double(g.image.width()));
    w.key("height").value(double(g.image.height())).endObject();
    w.key("plot").beginObject();
    w.key("x");
    number(g.plot.x());
    w.key("y");
    number(g.plot.y());
    w.key("width");
    number(g.plot.width());
    w.key("height");
    number(g.plot.height());
    w.endObject();
    w.key("roofs").beginArray();
    for (const ChartGeometry::Roof& r : g.roofs) {
        w.beginObject().key("name").value(r.name.toStdString()).key("kind").value(r.kind.toStdString());
        if (!r.chip.isEmpty())
            w.key("chip").value(r.chip.toStdString());
        if (!r.role.isEmpty())
            w.key("role").value(r.role.toStdString());
        w.key("from");
        point(r.from);
        w.key("to");
        point(r.to);
        w.endObject();
    }
    w.endArray();
    w.key("ridges").beginArray();
    for (const ChartGeometry::Ridge& r : g.ridges) {
        w.beginObject().key("roof").value(r.roof.toStdString());
        if (!r.chip.isEmpty())
            w.key("chip").value(r.chip.toStdString());
        w.key("at");
        point(r.at);
        w.endObject();
    }
    w.endArray();
    w.key("envelope").beginArray();
    for (const QPointF& p : g.envelope)
        point(p);
    w.endArray();
    w.key("markers").beginArray();
    for (const ChartGeometry::Marker& m : g.markers) {
        w.beginObject();
        if (!m.chip.isEmpty())
            w.key("chip").value(m.chip.toStdString());
        w.key("operation").value(m.operation.toStdString());
        w.key("resource").value(m.resource.toStdString()).key("binding").value(m.binding);
        w.key("at");
        point(m.at);
        w.key("drawn");
        point(m.drawn);
        w.key("radius");
        number(m.radius);
        w.key("count").value(double(m.count)).endObject();
    }
    w.endArray();
    w.key("texts").beginArray();
    for (const ChartGeometry::Text& t : g.texts) {
        w.beginObject().key("kind").value(t.kind.toStdString()).key("of").value(t.of.toStdString());
        w.key("text").value(t.text.toStdString());
        w.key("rect");
        rect(t.rect);
        if (t.polygon) {
            w.key("polygon").beginArray();
            for (const QPointF& p : *t.polygon)
                point(p);
            w.endArray();
        }
        if (!t.chip.isEmpty())
            w.key("chip").value(t.chip.toStdString());
        if (!t.role.isEmpty())
            w.key("role").value(t.role.toStdString());
        if (t.leader) {
            w.key("leader").beginArray();
            point(t.leader->p1());
            point(t.leader->p2());
            w.endArray();
        }
        w.endObject();
    }
    w.endArray();
    w.key("legend");
    if (g.legend) {
        w.beginObject().key("rect");
        rect(*g.legend);
        w.endObject();
    } else {
        w.null();
    }
    w.endObject();
    return w.str() + '\n';
}

QString exportGeometry(RooflineChart& chart, const QString& path, const ExportOptions& options)
{
    if (const std::optional<std::string> error
        = checkExportSize(ExportKind::Png, options.size.width(), options.size.height(), options.scale))
        return QStringLiteral("%1: %2").arg(path, QString::fromStdString(*error));
    const std::string json = geometryJson(chartGeometry(chart, options.size, options.scale));
    chart.replot(QCustomPlot::rpQueuedReplot); // texts were placed for the export's size: place them back
    return writeFile(path, QByteArray::fromStdString(json));
}

} // namespace roofline::widgets
