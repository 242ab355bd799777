// Roof labels and hover texts, formatted by the core's SI functions.
#include "chart_text.h"

#include "units.h"

namespace roofline::widgets {

namespace {

QString bandwidthText(const chart::RoofSegment& roof, const Hardware& hw)
{
    return qs(formatRoofBandwidth(hw, roof.kind, roof.name, roof.value));
}

QString escaped(const std::string& s)
{
    return qs(s).toHtmlEscaped();
}

} // namespace

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

QString roofLabel(const chart::RoofSegment& roof, const Hardware& hw)
{
    if (roof.kind == RoofKind::Compute) {
        const auto d = parseDtype(roof.name);
        return qs(formatRate(roof.value, d.value_or(Dtype::bf16))) + QLatin1Char(' ') + qs(roof.name);
    }
    return qs(roof.name) + QLatin1Char(' ') + bandwidthText(roof, hw);
}

QString practicalRoofLabel(const chart::RoofSegment& roof)
{
    return qs(roof.name) + QStringLiteral(" \u00D7") + QString::number(roof.efficiency, 'g', 3);
}

QString ridgeLabel(const chart::RoofSegment& roof)
{
    return QStringLiteral("ridge %1").arg(qs(formatIntensity(roof.ridge)));
}

QString roofTooltip(const chart::RoofSegment& roof, const Hardware& hw, Dtype dtype)
{
    if (roof.kind == RoofKind::Compute)
        return QStringLiteral("<b>%1 compute roof</b><br>peak %2").arg(qs(roof.name), roofLabel(roof, hw));
    QString label;
    if (const MemoryLevel* m = hw.memory(roof.name))
        label = qs(m->label);
    else if (const Link* l = hw.link(roof.name))
        label = qs(l->label);
    return QStringLiteral("<b>%1</b> %2<br>bandwidth %3 (one way)<br>ridge at %4 %5")
        .arg(qs(roof.name).toHtmlEscaped(), label.toHtmlEscaped(), bandwidthText(roof, hw),
            qs(formatIntensity(roof.ridge)), qs(intensityUnit(dtype)));
}

QString operationTooltip(const Operation& op, const Evaluation& ev)
{
    QString text = QStringLiteral("<b>%1</b><table>").arg(escaped(op.name));
    auto row = [&text](const QString& key, const QString& value) {
        text += QStringLiteral("<tr><td>%1</td><td>&nbsp;%2</td></tr>").arg(key, value);
    };
    row(qs(std::string(workName(ev.dtype))), qs(formatSI(ev.flops)));
    for (const ResourceUse& r : ev.resources) {
        row(QStringLiteral("bytes %1").arg(escaped(r.name)), qs(formatBytes(r.bytes)));
        row(QStringLiteral("intensity %1").arg(escaped(r.name)),
            qs(formatIntensity(r.intensity) + ' ' + intensityUnit(ev.dtype)));
    }
    row(QStringLiteral("T<sub>math</sub>"), qs(formatSeconds(ev.tMath)));
    row(QStringLiteral("T<sub>comms</sub>"), qs(formatSeconds(ev.tComms)));
    row(QStringLiteral("T<sub>lower</sub> / T<sub>upper</sub>"),
        qs(formatSeconds(ev.tLower)) + QStringLiteral(" / ") + qs(formatSeconds(ev.tUpper)));
    if (ev.tLaunch > 0)
        row(QStringLiteral("launch floor"), qs(formatSeconds(ev.tLaunch)));
    if (ev.tLatency > 0)
        row(QStringLiteral("latency adds"), qs(formatSeconds(ev.tLatency)));
    row(QStringLiteral("bound"), escaped(ev.bound()));
    row(QStringLiteral("attainable"), qs(formatRate(ev.attainable, ev.dtype)));
    row(QStringLiteral("of peak"), QString::number(ev.fractionOfPeak * 100, 'f', 1) + QLatin1Char('%'));
    for (const Extra& e : ev.extras)
        row(escaped(e.name), qs(formatSI(e.value, e.unit)));
    return text + QStringLiteral("</table>");
}

} // namespace roofline::widgets
