// SPDX-License-Identifier: GPL-3.0-or-later
#include "chart/chart_probe.h"

#include <cmath>

namespace roofline::widgets {

bool ChartProbe::bindsComparedMarker(std::size_t chip, const std::string& roof) const
{
    return m_chart.m_compared.bindsMarker(chip, roof);
}

QVector<QPointF> ChartProbe::roofCurve(const QString& name) const
{
    return m_chart.m_roofs.line(m_chart.m_layout, name);
}

QString ChartProbe::roofText(const QString& name) const
{
    return m_chart.m_roofs.name(m_chart.m_layout, name);
}

QStringList ChartProbe::practicalRoofLabels() const
{
    return m_chart.m_roofs.practicalNames();
}

QStringList ChartProbe::calibratedRoofLabels() const
{
    return m_chart.m_calibrated.names();
}

QVector<QPointF> ChartProbe::calibratedCurve() const
{
    return m_chart.m_calibrated.curve();
}

QVector<QPointF> ChartProbe::envelopeCurve() const
{
    return m_chart.m_roofs.envelope();
}

QVector<QPointF> ChartProbe::markerPoints(std::size_t operation, bool filled) const
{
    return m_chart.m_operations.markerPoints(m_chart.m_layout, operation, filled);
}

bool ChartProbe::hasOperation(std::size_t operation) const
{
    return m_chart.m_operations.has(operation);
}

std::optional<std::pair<QColor, int>> ChartProbe::markerStyle(std::size_t operation) const
{
    return m_chart.m_operations.style(operation, m_chart.m_sprites);
}

std::optional<QPointF> ChartProbe::markerPixel(std::size_t operation) const
{
    for (const chart::Marker& m : m_chart.m_layout.markers)
        if (m.binding && m_chart.m_shown[m.operation] == operation)
            return QPointF(m_chart.xAxis->coordToPixel(m.at.x), m_chart.yAxis->coordToPixel(m.at.y));
    return std::nullopt;
}

QVector<QPointF> ChartProbe::highlightPoints() const
{
    return pointsOf(m_chart.m_operations.rings());
}

std::vector<ChartProbe::DrawnMarker> ChartProbe::drawnMarkers() const
{
    std::vector<DrawnMarker> out;
    const chart::Layout& l = m_chart.m_layout;
    const std::vector<chart::Point>& pixels = m_chart.m_operations.markerPixels();
    const chart::MarkerStacks& stacks = m_chart.m_operations.stacks();
    const double diameter = m_chart.context().markerDiameter();
    for (std::size_t j = 0; j < l.markers.size() && j < pixels.size(); ++j) {
        const bool stacked = j < stacks.drawnAs.size();
        out.push_back({ m_chart.m_shown[l.markers[j].operation], QPointF(pixels[j].x, pixels[j].y), diameter,
            stacked ? stacks.count[j] : 1, !stacked || stacks.drawnAs[j] == j, j });
    }
    return out;
}

std::vector<ChartProbe::DrawnLabel> ChartProbe::drawnLabels() const
{
    std::vector<DrawnLabel> out;
    for (const TextScene::Placed& p : m_chart.m_placedTexts) {
        const QString& kind = p.meaning.kind;
        if (kind == QLatin1String("operation"))
            out.push_back({ p.text, p.outline.boundingRect(), p.meaning.operation, p.leader });
        else if ((kind == QLatin1String("ridge") || kind == QLatin1String("roof")) && p.meaning.chip == 0
            && std::abs(p.outline[1].y() - p.outline[0].y()) < 0.01)
            out.push_back({ p.text, p.outline.boundingRect(), std::nullopt, std::nullopt });
    }
    return out;
}

std::vector<ChartProbe::DrawnRoofLabel> ChartProbe::drawnRoofLabels() const
{
    std::vector<DrawnRoofLabel> out;
    for (const TextScene::Placed& p : m_chart.m_placedTexts) {
        const bool ridge = p.meaning.kind == QLatin1String("ridge");
        if ((ridge || p.meaning.kind == QLatin1String("roof")) && p.meaning.chip == 0 && p.meaning.role.isEmpty())
            out.push_back({ p.meaning.of, ridge, p.text, p.outline });
    }
    return out;
}

std::vector<ChartProbe::DrawnLabel> ChartProbe::drawnCounts() const
{
    std::vector<DrawnLabel> out;
    for (const TextScene::Placed& p : m_chart.m_placedTexts)
        if (p.meaning.kind == QLatin1String("count"))
            out.push_back({ p.text, p.outline.boundingRect(), p.meaning.operation, std::nullopt });
    return out;
}

QStringList ChartProbe::visibleOperationLabels() const
{
    QStringList names;
    for (const TextScene::Placed& p : m_chart.m_placedTexts)
        if (p.meaning.kind == QLatin1String("operation"))
            names.append(p.text);
    return names;
}

ChartProbe::ChartTexts ChartProbe::chartTexts() const
{
    ChartTexts out;
    out.title = m_chart.m_frame.title();
    out.roofs = m_chart.m_roofs.names(m_chart.m_layout);
    for (auto& named : m_chart.m_calibrated.nameItems())
        out.roofs.push_back(std::move(named));
    out.axisNames = m_chart.m_frame.axisNames();
    return out;
}

QString ChartProbe::titleText() const
{
    return m_chart.m_frame.title()->text();
}

QStringList ChartProbe::legendEntries() const
{
    QStringList names;
    for (int i = 0; i < m_chart.legend->itemCount(); ++i)
        if (auto* item = qobject_cast<QCPPlottableLegendItem*>(m_chart.legend->item(i)))
            names.append(item->plottable()->name());
    return names;
}

QVector<QPointF> ChartProbe::measuredPoints() const
{
    return m_chart.m_measured.points();
}

QVector<QPointF> ChartProbe::measuredMark() const
{
    return m_chart.m_measured.ringPoints();
}

std::optional<std::size_t> ChartProbe::markedMeasured() const
{
    return m_chart.m_measured.marked();
}

QVector<QPointF> ChartProbe::measuredLinkLines() const
{
    return m_chart.m_measured.linkLines();
}

QStringList ChartProbe::measuredRoofLabels() const
{
    return m_chart.m_measured.roofLabels();
}

std::optional<std::pair<QColor, int>> ChartProbe::measuredStyle(std::size_t kernel) const
{
    return m_chart.m_measured.style(*m_chart.m_analysis, kernel);
}

QVector<QPointF> ChartProbe::comparedMarkers(std::size_t chip) const
{
    return m_chart.m_compared.markers(chip);
}

QVector<QPointF> ChartProbe::comparedRoof(std::size_t chip, const QString& name) const
{
    return m_chart.m_compared.roof(chip, name);
}

std::vector<QLineF> ChartProbe::comparedArrows(std::size_t chip) const
{
    return m_chart.m_compared.arrows(chip);
}

} // namespace roofline::widgets
