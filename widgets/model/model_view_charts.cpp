// SPDX-License-Identifier: GPL-3.0-or-later
// The whole model's two charts: where the step's time goes by group, and tokens/s against the batch or the sequence
// length.
#include "model/model_view.h"

#include "common/chart_text.h"
#include "common/compared_style.h"
#include "document/document.h"
#include "session/analysis.h"
#include "session/model_sweep.h"

#include <qcustomplot.h>

#include <QFontMetricsF>

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

namespace roofline::widgets {

namespace {

// The time axis's unit for the longest bar: seconds, ms, µs or ns, so that its ticks read as plain numbers.
std::pair<double, QString> timeUnit(double longest)
{
    if (longest >= 1)
        return { 1, QStringLiteral("s") };
    if (longest >= 1e-3)
        return { 1e-3, QStringLiteral("ms") };
    if (longest >= 1e-6)
        return { 1e-6, QStringLiteral("µs") };
    return { 1e-9, QStringLiteral("ns") };
}

} // namespace

// Throughput against interactivity: every configuration swept, the frontier's joined from the most interactive to the
// most productive, the session's own rate per sequence as a vertical line. A click on a point opens it.
void ModelView::showFrontier()
{
    // Through a drag the frontier waits for the handle to be let go: its 36 to 68 whole analyses (3.6 to 7.4 ms on two
    // cores, bench/RESULTS.md) would more than double a slider step.
    if (m_holding) {
        m_frontierStale = true;
        m_summary->setText(m_summaryText + QStringLiteral("<br>") + m_frontierSentence);
        return;
    }
    m_frontierStale = false;
    const Analysis& a = *m_document->analysis();
    const ModelSettings& s = *a.session.model;
    const double fitting = a.model ? a.model->maxBatch : 0;
    const double to = std::max({ 256.0, 2 * s.batch, 2 * fitting });
    m_frontier = sweepFrontier(a.session, to);
    m_comparedFrontiers = sweepComparedFrontiers(a.session, to);
    std::vector<const FrontierPoint*> best;
    QVector<double> x, y;
    for (const FrontierPoint& p : m_frontier.points) {
        if (p.onFrontier)
            best.push_back(&p);
        else {
            x << p.tokensPerSecondPerSequence;
            y << p.tokensPerSecondPerChip;
        }
    }
    std::sort(best.begin(), best.end(), [](const FrontierPoint* l, const FrontierPoint* r) {
        return l->tokensPerSecondPerSequence < r->tokensPerSecondPerSequence;
    });
    QVector<double> bx, by;
    for (const FrontierPoint* p : best) {
        bx << p->tokensPerSecondPerSequence;
        by << p->tokensPerSecondPerChip;
    }
    // The frontier as a curve in the order it is drawn, not sorted by its key: per chip falls as per sequence rises.
    m_fitting->setData(bx, by, true);
    m_fitting->setName(tr("frontier"));
    m_tooMany->setData(x, y);
    m_tooMany->setLineStyle(QCPGraph::lsNone);
    m_tooMany->setName(tr("others, or not fitting"));
    const double current = a.model ? a.model->tokensPerSecondPerSequence : 0;
    m_current->point1->setCoords(current, 1);
    m_current->point2->setCoords(current, 2);
    m_computeBound->setVisible(false);
    // Each compared chip's frontier beside the session's, in the dashes and shapes the roofline chart gives it, each
    // named at its left end.
    clearComparedCurves();
    if (!a.session.compare.empty() && !bx.isEmpty())
        nameFrontier(0, shortChipName(a.hardware), bx.front(), by.front());
    QString comparedNames;
    for (std::size_t k = 0; k < m_comparedFrontiers.size() && k < a.session.compare.size(); ++k) {
        while (m_comparedCurves.size() <= k) {
            const std::size_t i = m_comparedCurves.size();
            QCPGraph* curve = m_batchChart->addGraph();
            curve->removeFromLegend(); // the sentence names the chips; the batch sweep's legend has no row for them
            curve->setPen(comparedPen(i, m_theme.operationColour("#0072B2"), m_theme.width(2)));
            curve->setScatterStyle(QCPScatterStyle(comparedShape(i), 8));
            m_comparedCurves.push_back(curve);
        }
        QVector<double> cx, cy;
        std::vector<const FrontierPoint*> points;
        for (const FrontierPoint& p : m_comparedFrontiers[k].points)
            if (p.onFrontier)
                points.push_back(&p);
        std::sort(points.begin(), points.end(), [](const FrontierPoint* l, const FrontierPoint* r) {
            return l->tokensPerSecondPerSequence < r->tokensPerSecondPerSequence;
        });
        for (const FrontierPoint* p : points) {
            cx << p->tokensPerSecondPerSequence;
            cy << p->tokensPerSecondPerChip;
        }
        m_comparedCurves[k]->setData(cx, cy, true);
        m_comparedCurves[k]->setName(qs(a.session.compare[k].chip.name));
        if (!cx.isEmpty())
            nameFrontier(k + 1, shortChipName(a.session.compare[k].chip), cx.front(), cy.front());
        comparedNames += (comparedNames.isEmpty() ? QString() : QStringLiteral(", "))
            + qs(a.session.compare[k].chip.name) + (points.empty() ? tr(" (cannot run it)") : QString());
    }
    QString tps;
    for (const double tp : m_frontier.tps)
        tps += (tps.isEmpty() ? QString() : QStringLiteral(", ")) + whole(tp);
    m_frontierSentence
        = tr("Tokens/s per chip against tokens/s per sequence at batches 1, 2, 4 … and tp %1: %2 configurations "
             "are on the frontier (the blue curve; grey: beaten on both rates, or not fitting); click one to open it.")
              .arg(tps)
              .arg(best.size());
    if (!comparedNames.isEmpty())
        m_frontierSentence += tr(" Dashed, each with its own marker: the frontiers of %1.").arg(comparedNames);
    m_summary->setText(m_summaryText + QStringLiteral("<br>") + m_frontierSentence);
    m_batchChart->xAxis->setLabel(tr("tokens/s per sequence"));
    m_batchChart->yAxis->setLabel(tr("tokens/s per chip"));
    m_batchChart->rescaleAxes();
    for (QCPAxis* axis : { m_batchChart->xAxis, m_batchChart->yAxis }) {
        const QCPRange r = axis->range();
        axis->setRange(r.lower / 1.5, r.upper * 1.5);
    }
    // Room on the left for each chip's name beside its curve's left end: the axis reaches further left until the
    // widest fits at the plot's present width.
    QCPAxis* perSequence = m_batchChart->xAxis;
    const double width = std::max(1, m_batchChart->axisRect()->width());
    for (int pass = 0; pass < 2; ++pass)
        for (const QCPItemText* name : m_frontierNames) {
            if (!name->visible())
                continue;
            const double needed = QFontMetricsF(name->font()).horizontalAdvance(name->text()) + 16;
            const double decades = std::log10(perSequence->range().upper / perSequence->range().lower);
            const double at = name->position->key();
            const double room = std::log10(at / perSequence->range().lower) * width / decades;
            if (room < needed) // the lower end moved left by the missing pixels, at the present scale
                perSequence->setRangeLower(
                    perSequence->range().lower / std::pow(10.0, (needed - room) * decades / width));
        }
    m_batchChart->replot(QCustomPlot::rpQueuedReplot);
}

void ModelView::openFrontierPoint(double perSequence, double perChip)
{
    for (const FrontierPoint& p : m_frontier.points)
        if (p.tokensPerSecondPerSequence == perSequence && p.tokensPerSecondPerChip == perChip) {
            refuseOr(m_document->setModelSettings({ { "tp", p.tp }, { "batch", p.batch } }));
            return;
        }
}

void ModelView::clearComparedCurves()
{
    for (QCPGraph* curve : m_comparedCurves)
        curve->data()->clear();
    for (QCPItemText* name : m_frontierNames)
        name->setVisible(false);
}

void ModelView::nameFrontier(std::size_t chip, const std::string& name, double perSequence, double perChip)
{
    while (m_frontierNames.size() <= chip) {
        auto* text = new QCPItemText(m_batchChart);
        text->setPositionAlignment(Qt::AlignRight | Qt::AlignVCenter);
        text->setPadding(QMargins(0, 0, 8, 0));
        text->setColor(m_theme.foreground);
        text->setFont(m_theme.font(9));
        m_frontierNames.push_back(text);
    }
    QCPItemText* text = m_frontierNames[chip];
    text->setText(qs(name));
    text->position->setCoords(perSequence, perChip);
    text->setVisible(true);
}

void ModelView::showSweep()
{
    clearComparedCurves();
    const Analysis& a = *m_document->analysis();
    const ModelSettings& s = *a.session.model;
    const bool frontier = m_against->currentIndex() == 2 && s.phase != Phase::Train;
    m_frontierShown = frontier;
    m_fitting->setName(frontier ? tr("frontier") : tr("fits"));
    m_tooMany->setLineStyle(QCPGraph::lsLine);
    m_tooMany->setName(tr("does not fit"));
    m_batchChart->yAxis->setLabel(tr("tokens/s"));
    // The batch and context curves leave the top left corner to the legend; the frontier's points fill every corner,
    // and the sentence under the settings names its two kinds instead.
    m_batchChart->legend->setVisible(!frontier);
    if (frontier) {
        showFrontier();
        return;
    }
    const bool byContext = m_against->currentIndex() == 1;
    // Tokens/s at each value swept, split where the step stops fitting; the session's value, and a second line: the
    // least batch whose math outweighs its memory traffic, or the longest sequences that fit.
    struct Point {
        double x;
        double tokensPerSecond;
        bool fits;
    };
    std::vector<Point> points;
    double current = 0;
    std::optional<double> marked;
    QString sentence;
    if (byContext) {
        const bool decode = s.phase == Phase::Decode;
        current = decode ? s.context : s.prompt;
        const ContextSweep sweep = sweepContext(a.session, std::max(8192.0, 4 * current));
        for (const ContextPoint& p : sweep.points)
            points.push_back({ p.tokens, p.tokensPerSecond, p.fits });
        marked = sweep.longestFitting;
        const QString what = decode ? tr("S = %1 tokens cached per sequence") : tr("P = %1 tokens per sequence");
        sentence = marked
            ? tr("At this batch the step fits up to %1 (dashed on the chart).").arg(what.arg(whole(*marked)))
            : tr("At this batch not even one token per sequence fits, or the chip's capacity is not "
                 "known.");
        m_batchChart->xAxis->setLabel(decode ? tr("context S")
                : s.phase == Phase::Train    ? tr("sequence P")
                                             : tr("prompt P"));
    } else {
        current = s.batch;
        const double fitting = a.model ? a.model->maxBatch : 0;
        const BatchSweep sweep = sweepBatch(a.session, std::max({ 1024.0, 4 * current, 2 * fitting }));
        for (const BatchPoint& p : sweep.points)
            points.push_back({ p.batch, p.tokensPerSecond, p.fits });
        marked = sweep.computeBound;
        sentence = marked ? tr("The step's math outweighs its memory traffic from B = %1 (dashed on the batch chart).")
                                .arg(whole(*marked))
            : s.phase == Phase::Train
            ? tr("Its memory traffic outweighs its math at any batch.")
            : tr("Its memory traffic outweighs its math at any batch: each sequence reads its own KV cache.");
        m_batchChart->xAxis->setLabel(tr("batch B"));
    }
    QVector<double> x, tokens, xOut, tokensOut;
    for (const Point& p : points) {
        (p.fits ? x : xOut) << p.x;
        (p.fits ? tokens : tokensOut) << p.tokensPerSecond;
    }
    // The grey line starts at the last value that fits, so that the curve is unbroken.
    if (!x.isEmpty() && !xOut.isEmpty()) {
        xOut.prepend(x.back());
        tokensOut.prepend(tokens.back());
    }
    m_fitting->setData(x, tokens, true);
    m_tooMany->setData(xOut, tokensOut, true);
    m_current->point1->setCoords(current, 1);
    m_current->point2->setCoords(current, 2);
    m_computeBound->setVisible(marked.has_value());
    if (marked) {
        m_computeBound->point1->setCoords(*marked, 1);
        m_computeBound->point2->setCoords(*marked, 2);
    }
    m_summary->setText(m_summaryText + QStringLiteral("<br>") + sentence);
    const double last = points.empty() ? 2 : points.back().x;
    m_batchChart->xAxis->setRange(0.8, 1.25 * std::max({ last, current, marked.value_or(1) }));
    m_batchChart->yAxis->rescale();
    const QCPRange y = m_batchChart->yAxis->range();
    m_batchChart->yAxis->setRange(y.lower / 1.5, y.upper * 1.5);
    m_batchChart->replot(QCustomPlot::rpQueuedReplot);
}

void ModelView::showTimes()
{
    const Analysis& a = *m_document->analysis();
    // One row per group, its math, memory and network time; a training step's pipeline bubble, the stages' idle
    // time and no group's work, in a row of its own.
    struct Row {
        QString name;
        double math = 0;
        double memory = 0;
        double network = 0;
        double idle = 0;
    };
    std::vector<Row> rows;
    for (const GroupTotal& g : a.groups)
        rows.push_back({ g.group.empty() ? tr("(no group)") : qs(g.group), g.tMath, g.tMemory, g.tNetwork });
    if (a.model && a.model->training && a.model->training->bubbleUpper > 0)
        rows.push_back({ tr("pipeline bubble"), 0, 0, 0, a.model->training->bubbleUpper });
    double longest = 0;
    for (const Row& r : rows)
        longest = std::max(longest, r.math + r.memory + r.network + r.idle);
    const auto [scale, unit] = timeUnit(longest);

    auto ticker = qSharedPointerCast<QCPAxisTickerText>(m_chart->yAxis->ticker());
    ticker->clear();
    QVector<double> keys, math, memory, network, idle;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const double key = static_cast<double>(rows.size() - 1 - i); // the first group on top
        keys << key;
        math << rows[i].math / scale;
        memory << rows[i].memory / scale;
        network << rows[i].network / scale;
        idle << rows[i].idle / scale;
        ticker->addTick(key, rows[i].name);
    }
    m_math->setData(keys, math);
    m_memory->setData(keys, memory);
    m_network->setData(keys, network);
    m_bubble->setData(keys, idle);
    // The idle part in the legend only where there is one.
    if (const bool anyIdle = std::any_of(idle.begin(), idle.end(), [](double v) { return v > 0; });
        anyIdle != m_chart->legend->hasItemWithPlottable(m_bubble))
        anyIdle ? m_bubble->addToLegend() : m_bubble->removeFromLegend();
    m_chart->xAxis->setLabel(tr("%1 per step").arg(unit));
    m_chart->xAxis->setRange(0, longest > 0 ? 1.08 * longest / scale : 1);
    m_chart->yAxis->setRange(-0.6, static_cast<double>(rows.size()) - 0.4);
    m_chart->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace roofline::widgets
