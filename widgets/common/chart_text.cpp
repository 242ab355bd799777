// SPDX-License-Identifier: GPL-3.0-or-later
// Roof labels and hover texts, formatted by the core's SI functions.
#include "common/chart_text.h"

#include "base/units.h"

#include <QCoreApplication>

namespace roofline::widgets {

namespace {

// The context this file's words are translated in (lupdate reads the name from the macro).
struct ChartTextWords {
    Q_DECLARE_TR_FUNCTIONS(ChartTextWords)
};

QString bandwidthText(const chart::RoofSegment& roof, const Hardware& hw)
{
    return qs(formatRoofBandwidth(hw, roof.kind, roof.name, roof.value));
}

QString escaped(std::string_view s)
{
    return qs(s).toHtmlEscaped();
}

} // namespace

QString qs(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
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
    return ChartTextWords::tr("%1 ridge %2").arg(qs(roof.name), qs(formatIntensity(roof.ridge)));
}

QString roofTooltip(const chart::RoofSegment& roof, const Hardware& hw, Dtype dtype)
{
    if (roof.kind == RoofKind::Compute)
        return ChartTextWords::tr("<b>%1 compute roof</b><br>peak %2").arg(qs(roof.name), roofLabel(roof, hw));
    QString label;
    if (const MemoryLevel* m = hw.memory(roof.name))
        label = qs(m->label);
    else if (const Link* l = hw.link(roof.name))
        label = qs(l->label);
    return ChartTextWords::tr("<b>%1</b> %2<br>bandwidth %3 (one way)<br>ridge at %4")
        .arg(qs(roof.name).toHtmlEscaped(), label.toHtmlEscaped(), bandwidthText(roof, hw),
            intensityText(roof.ridge, dtype));
}

QString intensityTick(double intensity)
{
    return qs(intensity < 1000 ? formatIntensity(intensity) : formatSI(intensity));
}

QString intensityText(double intensity, Dtype dtype)
{
    return ChartTextWords::tr("%1 %2 per byte").arg(qs(formatIntensity(intensity)), qs(std::string(workName(dtype))));
}

QString boundText(std::string_view bound)
{
    return bound == "latency" ? ChartTextWords::tr("latency")
        : bound == "compute"  ? ChartTextWords::tr("compute")
                              : qs(bound);
}

QString boundText(const Evaluation& ev)
{
    return boundText(ev.bound());
}

QString criticalText(const Critical& c)
{
    switch (c.kind) {
    case Critical::Kind::Always:
        return ChartTextWords::tr("compute-bound at every %1").arg(qs(c.param));
    case Critical::Kind::Never:
        return ChartTextWords::tr("never compute-bound (%1)").arg(qs(c.resource));
    case Critical::Kind::At:
        break;
    }
    const QString text = ChartTextWords::tr("compute-bound for %1 ≥ %2").arg(qs(c.param), qs(criticalValueText(c)));
    if (!c.approximate)
        return text;
    return ChartTextWords::tr("%1 (%2 if %3)").arg(text, qs(approximateValueText(c)), qs(c.approximateWhen));
}

QString operationTooltip(const Operation& op, const Evaluation& ev)
{
    QString text = QStringLiteral("<b>%1</b><table>").arg(escaped(op.name));
    auto row = [&text](const QString& key, const QString& value) {
        text += QStringLiteral("<tr><td>%1</td><td>&nbsp;%2</td></tr>").arg(key, value);
    };
    row(qs(std::string(workName(ev.dtype))), qs(formatSI(ev.flops)));
    for (const ResourceUse& r : ev.resources) {
        row(ChartTextWords::tr("bytes %1").arg(escaped(r.name)), qs(formatBytes(r.bytes)));
        row(ChartTextWords::tr("intensity %1").arg(escaped(r.name)), intensityText(r.intensity, ev.dtype));
    }
    row(QStringLiteral("T<sub>math</sub>"), qs(formatSeconds(ev.tMath)));
    row(QStringLiteral("T<sub>comms</sub>"), qs(formatSeconds(ev.tComms)));
    row(QStringLiteral("T<sub>lower</sub> / T<sub>upper</sub>"),
        qs(formatSeconds(ev.tLower)) + QStringLiteral(" / ") + qs(formatSeconds(ev.tUpper)));
    if (ev.tLaunch > 0)
        row(ChartTextWords::tr("launch floor"), qs(formatSeconds(ev.tLaunch)));
    if (ev.tLatency > 0)
        row(ChartTextWords::tr("latency adds"), qs(formatSeconds(ev.tLatency)));
    row(ChartTextWords::tr("bound"), boundText(ev).toHtmlEscaped());
    row(ChartTextWords::tr("attainable"), qs(formatRate(ev.attainable, ev.dtype)));
    row(ChartTextWords::tr("of peak"), QString::number(ev.fractionOfPeak * 100, 'f', 1) + QLatin1Char('%'));
    for (const Extra& e : ev.extras)
        row(escaped(e.name), qs(formatSI(e.value, e.unit)));
    return text + QStringLiteral("</table>");
}

QString measuredTooltip(
    const MeasuredKernel& k, const MeasuredPoint& p, double timeShare, const MeasuredLink* link, const OffRoof* offRoof)
{
    QString text = QStringLiteral("<b>%1</b><table>").arg(escaped(k.name));
    auto row = [&text](const QString& key, const QString& value) {
        text += QStringLiteral("<tr><td>%1</td><td>&nbsp;%2</td></tr>").arg(key, value);
    };
    if (!k.group.empty())
        row(ChartTextWords::tr("group"), escaped(k.group));
    if (k.dtype)
        row(QStringLiteral("dtype"), qs(std::string(dtypeName(*k.dtype))));
    row(ChartTextWords::tr("duration"),
        ChartTextWords::tr("%1 (%2% of the file's time)")
            .arg(qs(formatSeconds(k.seconds)), QString::number(timeShare * 100, 'f', 1)));
    row(ChartTextWords::tr("achieved"), qs(formatRate(p.achieved, p.roof)));
    if (!p.onChart)
        return text + QStringLiteral("</table>") + escaped(p.why.str());
    row(ChartTextWords::tr("intensity"), intensityText(p.intensity, p.roof));
    row(ChartTextWords::tr("attainable"), qs(formatRate(p.attainable, p.roof)));
    row(ChartTextWords::tr("of attainable"), QString::number(p.fraction() * 100, 'f', 1) + QLatin1Char('%'));
    row(ChartTextWords::tr("bound"), boundText(p.bound.str()).toHtmlEscaped());
    if (link && link->predicted()) {
        row(ChartTextWords::tr("model (%1)").arg(escaped(link->operation())), predictedText(*link->predicted()));
        row(ChartTextWords::tr("measured / T<sub>lower</sub>"), QString::number(link->ratioToLower, 'f', 2));
        row(ChartTextWords::tr("bracketed"), link->bracketed ? ChartTextWords::tr("yes") : ChartTextWords::tr("no"));
    } else if (link) {
        row(ChartTextWords::tr("model"), escaped(link->problem()));
    }
    text += QStringLiteral("</table>");
    if (offRoof)
        text += offRoofHtml(*offRoof, p.roof);
    return text;
}

QString offRoofHtml(const OffRoof& o, Dtype roof)
{
    QString text;
    for (const OffRoofReason& r : o.reasons)
        text += QStringLiteral("<p><b>%1</b>: %2</p>")
                    .arg(escaped(std::string(offRoofCheckName(r.check))), escaped(offRoofText(r, roof)));
    if (const std::string unexplained = unexplainedText(o); !unexplained.empty())
        text += QStringLiteral("<p>%1</p>").arg(escaped(unexplained));
    return text;
}

QString measuredRoofLabel(const chart::MeasuredRoof& roof, Dtype dtype)
{
    const QString value = qs(
        roof.compute ? formatRate(roof.value, parseDtype(roof.name).value_or(dtype)) : formatBandwidth(roof.value));
    const QString fraction = roof.fraction > 0
        ? ChartTextWords::tr(" · %1% of datasheet").arg(QString::number(roof.fraction * 100, 'f', 0))
        : QString();
    return ChartTextWords::tr("%1 measured %2%3").arg(qs(roof.name), value, fraction);
}

QString predictedText(const Evaluation& ev)
{
    return qs(formatSeconds(ev.tLower)) + QStringLiteral(" – ") + qs(formatSeconds(ev.tUpper));
}

} // namespace roofline::widgets
