// SPDX-License-Identifier: GPL-3.0-or-later
#include "chart/calibrated_layer.h"

#include "base/units.h"
#include "chart/roof_layer.h"
#include "common/chart_text.h"

#include <QCoreApplication>

namespace roofline::widgets {

namespace {

// The layer's words, in the window's language.
struct CalibratedLayerWords {
    Q_DECLARE_TR_FUNCTIONS(CalibratedLayerWords)
};

QString ceilingName(const chart::RoofSegment& r)
{
    return CalibratedLayerWords::tr("calibrated %1").arg(practicalRoofLabel(r));
}

} // namespace

void CalibratedLayer::layOut(const LayerContext& ctx, std::optional<std::size_t> selected)
{
    const Analysis& a = ctx.analysis;
    const std::vector<std::size_t>& shown = ctx.shown;
    const std::vector<Evaluation>& evaluations = ctx.evaluations;
    m_roofs = {};
    m_for.reset();
    const Calibration* cal = a.calibration();
    if (!cal)
        return;
    // The curved roof is of the selected operation's work, or else (none selected, or one that does no math) of the
    // longest shown one's: the operation the question "why does this take so long" is most often about.
    std::optional<std::size_t> of;
    for (std::size_t i = 0; i < shown.size(); ++i)
        if (evaluations[i].flops > 0 && shown[i] == selected)
            of = i;
    const bool selectedDoesMath = of.has_value();
    for (std::size_t i = 0; i < shown.size() && !selectedDoesMath; ++i)
        if (evaluations[i].flops > 0 && (!of || evaluations[i].tLower > evaluations[*of].tLower))
            of = i;
    chart::CalibratedWork work;
    if (of) {
        const Evaluation& e = evaluations[*of];
        work = { e.flops, e.dtype, 0, e.tLaunch };
        for (const ResourceUse& r : e.resources)
            if (r.kind == RoofKind::Memory && !a.hardware.memories.empty()
                && r.name == a.hardware.memories.front().name)
                work.intensity = r.intensity;
        m_for = shown[*of];
    }
    m_roofs = chart::calibratedRoofs(*cal, a.hardware, a.dtype, ctx.layout, work);
    m_dtype = work.dtype;
}

QString CalibratedLayer::signature() const
{
    QString s;
    for (const chart::RoofSegment& r : m_roofs.ceilings)
        s += QStringLiteral("c%1;").arg(qs(r.name));
    return s + (m_roofs.work.empty() ? QStringLiteral("|") : QStringLiteral("w|"));
}

void CalibratedLayer::build(const LayerContext& ctx)
{
    for (const chart::RoofSegment& r : m_roofs.ceilings)
        m_ceilings.push_back(secondaryRoof(ctx, r, 1.4, Qt::DotLine, Qt::AlignLeft));
    if (m_roofs.work.empty())
        return;
    const ChartTheme& t = ctx.theme;
    m_work = ctx.plot.addGraph();
    m_work->setPen(QPen(t.foreground, t.width(1.6), Qt::DotLine));
    m_workLabel = ctx.addText(8, t.foreground);
    m_workLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    m_workLabel->setBrush(QBrush(ctx.halo()));
}

void CalibratedLayer::forget()
{
    m_ceilings.clear();
    m_work = nullptr;
    m_workLabel = nullptr;
}

void CalibratedLayer::update(const LayerContext& ctx)
{
    for (std::size_t i = 0; i < m_roofs.ceilings.size() && i < m_ceilings.size(); ++i)
        setRoof(m_ceilings[i], m_roofs.ceilings[i], ceilingName(m_roofs.ceilings[i]));
    if (!m_work)
        return;
    setPoints(m_work, m_roofs.work);
    const chart::Point end = m_roofs.work.back();
    const std::vector<Operation>& ops = ctx.analysis.session.operations;
    const std::string name = m_for && *m_for < ops.size() ? ops[*m_for].name : std::string();
    m_workLabel->setText(CalibratedLayerWords::tr("calibrated: %1, %2")
                             .arg(qs(name), qs(formatSI(m_roofs.flops, isInteger(m_dtype) ? "OP" : "FLOP"))));
    m_workLabel->position->setCoords(end.x, end.y);
    m_workShown = end.y > ctx.layout.y.lower();
}

CalibratedLayer::Marks CalibratedLayer::addLines(
    TextScene& scene, const LayerContext& ctx, LineFamilies& families) const
{
    Marks out;
    for (const chart::RoofSegment& r : m_roofs.ceilings) {
        out.ceilings.push_back(scene.addLine(ctx.pixel(r.from), ctx.pixel(r.to), true));
        families.add(out.ceilings.back(), r.name);
    }
    if (m_work)
        for (std::size_t i = 1; i < m_roofs.work.size(); ++i)
            out.work.push_back(scene.addLine(ctx.pixel(m_roofs.work[i - 1]), ctx.pixel(m_roofs.work[i]), true));
    return out;
}

void CalibratedLayer::addTexts(
    TextScene& scene, const LayerContext& ctx, const Marks& marks, const LineFamilies& families) const
{
    auto pixel = [&ctx](chart::Point p) {
        const QPointF q = ctx.pixel(p);
        return chart::Point { q.x(), q.y() };
    };
    for (std::size_t i = 0; i < m_roofs.ceilings.size() && i < m_ceilings.size(); ++i) {
        const chart::RoofSegment& r = m_roofs.ceilings[i];
        chart::TextRequest name = lineName({ ceilingName(r).toStdString() }, marks.ceilings[i], kRankSecondary);
        name.family = families.of(r.name, marks.ceilings[i]);
        name.fromLeft = true;
        if (r.kind != RoofKind::Compute)
            name.at.push_back(pixel(r.label));
        scene.addText(std::move(name), m_ceilings[i].label,
            { QStringLiteral("roof"), qs(r.name), {}, 0, QStringLiteral("calibrated") });
    }
    if (!m_workLabel)
        return;
    if (!m_workShown || marks.work.empty()) {
        m_workLabel->setVisible(false);
        return;
    }
    chart::TextRequest name;
    name.kind = chart::TextRequest::Kind::Line;
    name.spots = chart::TextRequest::Spots::Corner;
    name.texts = { m_workLabel->text().toStdString() };
    name.lines = marks.work;
    name.family = marks.ceilings; // the calibration's ceilings the curve bends under
    name.rank = kRankSecondary;
    const std::vector<chart::Point>& work = m_roofs.work;
    for (int step = 20; step >= 4; --step)
        name.at.push_back(pixel(work[static_cast<std::size_t>(step / 20.0 * static_cast<double>(work.size() - 1))]));
    scene.addText(std::move(name), m_workLabel, { QStringLiteral("note"), {}, {}, 0, {} });
}

QStringList CalibratedLayer::names() const
{
    QStringList labels;
    for (const RoofItems& items : m_ceilings)
        labels.push_back(items.label->text());
    return labels;
}

std::vector<std::pair<std::string, const QCPItemText*>> CalibratedLayer::nameItems() const
{
    std::vector<std::pair<std::string, const QCPItemText*>> out;
    for (std::size_t i = 0; i < m_ceilings.size() && i < m_roofs.ceilings.size(); ++i)
        out.emplace_back(m_roofs.ceilings[i].name, m_ceilings[i].label);
    return out;
}

} // namespace roofline::widgets
