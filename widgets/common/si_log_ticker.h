// SPDX-License-Identifier: GPL-3.0-or-later
// A logarithmic axis ticker whose labels the program formats itself ("1 k", "197 TFLOP/s").
#pragma once

#include "chart/chart.h"

#include <qcustomplot.h>

#include <QFontMetrics>
#include <QRectF>
#include <QString>

#include <algorithm>
#include <cmath>
#include <functional>
#include <utility>
#include <vector>

namespace roofline::widgets {

// Ticks at whole decades, `decadeStep` decades apart (chart::logTickStep chooses it from the axis's length, so that
// labels never overlap). QCPAxisTickerLog's own step rounds to a "clean" mantissa, which can land below the step
// asked for and overlap the labels again; the ticks are therefore made here.
class SiLogTicker : public QCPAxisTickerLog {
public:
    explicit SiLogTicker(std::function<QString(double)> format)
        : m_format(std::move(format))
    { }

    void setDecadeStep(int step) { m_decadeStep = std::max(1, step); }
    int decadeStep() const { return m_decadeStep; }

    // With its labels inside the plot (the presentation's frame), a tick's label is left out within `low` pixels of
    // the lower end of an axis `length` pixels long, or within `high` of its upper end: there it would meet the other
    // axis's labels, a name in the corner or the plot's edge. A length of 0, as outside the plot, keeps every label.
    void setKeepOut(double length, double low, double high)
    {
        m_length = length;
        m_low = low;
        m_high = high;
    }
    // The label of the tick at `value`, as the axis writes it.
    QString label(double value) const { return m_format(value); }

protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override
    {
        if (m_length > 0 && m_range.lower > 0 && m_range.upper > m_range.lower) {
            const double at = std::log(tick / m_range.lower) / std::log(m_range.upper / m_range.lower) * m_length;
            if (at < m_low || m_length - at < m_high)
                return {};
        }
        return m_format(tick);
    }

    QVector<double> createTickVector(double, const QCPRange& range) override
    {
        QVector<double> ticks;
        m_range = range;
        if (!(range.lower > 0) || !(range.upper > range.lower))
            return ticks;
        const int first = static_cast<int>(std::floor(std::log10(range.lower) / m_decadeStep)) * m_decadeStep;
        const int last = static_cast<int>(std::ceil(std::log10(range.upper) / m_decadeStep)) * m_decadeStep;
        for (int decade = first; decade <= last; decade += m_decadeStep)
            ticks.push_back(std::pow(10.0, decade));
        return ticks;
    }

    // One decade apart, the 2 … 9 between ticks; further apart, the decades skipped, so that the grid keeps a line a
    // decade.
    QVector<double> createSubTickVector(int subTickCount, const QVector<double>& ticks) override
    {
        if (m_decadeStep == 1)
            return QCPAxisTickerLog::createSubTickVector(subTickCount, ticks);
        QVector<double> subTicks;
        for (int i = 0; i + 1 < ticks.size(); ++i)
            for (int k = 1; k < m_decadeStep; ++k)
                subTicks.push_back(ticks[i] * std::pow(10.0, k));
        return subTicks;
    }

private:
    std::function<QString(double)> m_format;
    int m_decadeStep = 1;
    QCPRange m_range; // of the last tick vector
    double m_length = 0;
    double m_low = 0;
    double m_high = 0;
};

// Where QCustomPlot's axis painter draws a left or bottom axis's tick labels (QCPAxisPainterPrivate::draw,
// placeTickLabel and getTickLabelDrawOffset in QCustomPlot 2.1.0), in the plot's pixels: centred on their ticks,
// outside the axis rect past the ticks and the padding, or inside it past the inner ticks and the padding, left of
// the labels on a left axis and above them on a bottom one. Labels left empty are left out. Outside the plot,
// QCustomPlot also leaves out a label that would cross the widget's edge; its box is still given here.
inline std::vector<std::pair<QString, QRectF>> tickLabelBoxes(const QCPAxis* axis)
{
    std::vector<std::pair<QString, QRectF>> out;
    if (!axis->visible() || !axis->ticks() || !axis->tickLabels())
        return out;
    const QRect r = axis->axisRect()->rect();
    const bool left = axis->axisType() == QCPAxis::atLeft;
    const bool inside = axis->tickLabelSide() == QCPAxis::lsInside;
    const int offset = axis->offset();
    const int distance = inside
        ? -(std::max(axis->tickLengthIn(), axis->subTickLengthIn()) + axis->tickLabelPadding())
        : std::max(0, std::max(axis->tickLengthOut(), axis->subTickLengthOut())) + axis->tickLabelPadding();
    const QFontMetrics metrics(axis->tickLabelFont());
    const QVector<double> ticks = axis->tickVector();
    const QVector<QString> labels = axis->tickVectorLabels();
    for (qsizetype i = 0; i < ticks.size() && i < labels.size(); ++i) {
        if (!axis->range().contains(ticks[i]) || labels[i].isEmpty())
            continue;
        const QRect bounds = metrics.boundingRect(0, 0, 0, 0, Qt::TextDontClip, labels[i]);
        const double at = axis->coordToPixel(ticks[i]);
        const double w = bounds.width();
        const double h = bounds.height();
        QRectF box;
        if (left) {
            const double anchor = r.left() - distance - offset;
            box = QRectF(inside ? anchor : anchor - w, at - h / 2, w, h);
        } else {
            const double anchor = r.bottom() + distance + offset;
            box = QRectF(at - w / 2, inside ? anchor - h : anchor, w, h);
        }
        out.emplace_back(labels[i], box);
    }
    return out;
}

// The widest label `axis`'s SiLogTicker writes at a whole decade of its range, in its tick label font; 0 without one.
inline double widestDecadeLabel(const QCPAxis* axis)
{
    const auto ticker = axis->ticker().dynamicCast<SiLogTicker>();
    const QCPRange range = axis->range();
    double w = 0;
    if (!ticker || !(range.lower > 0) || !(range.upper > range.lower))
        return w;
    const QFontMetricsF metrics(axis->tickLabelFont());
    for (int d = static_cast<int>(std::floor(std::log10(range.lower)));
         d <= static_cast<int>(std::ceil(std::log10(range.upper))); ++d)
        w = std::max(w, metrics.horizontalAdvance(ticker->label(std::pow(10.0, d))));
    return w;
}

// The presentation's frame, as the roofline and the sweep draw it: tick labels inside a plot of `plot` pixels, the x
// labels' row along the bottom, half their width and `pad` clear of the plot's sides, and the y labels above that row
// and below `topName` pixels kept for the y axis's name in the top left corner. Returns the row's height.
inline double keepInsideTickLabelsApart(QCPAxis* xAxis, QCPAxis* yAxis, QSizeF plot, double pad, double topName)
{
    const auto xTicker = xAxis->ticker().dynamicCast<SiLogTicker>();
    const auto yTicker = yAxis->ticker().dynamicCast<SiLogTicker>();
    const double gap = std::max(xAxis->tickLengthIn(), xAxis->subTickLengthIn()) + xAxis->tickLabelPadding();
    const double line = QFontMetricsF(xAxis->tickLabelFont()).height();
    const double xStrip = gap + line + gap;
    const double xWidest = widestDecadeLabel(xAxis);
    if (xTicker)
        xTicker->setKeepOut(plot.width(), xWidest / 2 + pad, xWidest / 2 + pad);
    if (yTicker)
        yTicker->setKeepOut(plot.height(), xStrip + line / 2, topName + line / 2);
    return xStrip;
}

// Chooses the step of `axis`'s SiLogTicker for an axis `length` pixels long: labels a width apart along a horizontal
// axis (the widest, "0.001", and an em), two lines apart up a vertical one.
inline void fitLogTicks(QCPAxis* axis, double length)
{
    auto ticker = axis->ticker().dynamicCast<SiLogTicker>();
    const QCPRange range = axis->range();
    if (!ticker || !(range.lower > 0) || !(range.upper > range.lower))
        return;
    const QFontMetricsF metrics(axis->tickLabelFont());
    const bool horizontal = axis->orientation() == Qt::Horizontal;
    const double spacing
        = horizontal ? metrics.horizontalAdvance(QStringLiteral("0.001")) + metrics.height() : 2 * metrics.height();
    const int decades = static_cast<int>(std::lround(std::log10(range.upper / range.lower)));
    ticker->setDecadeStep(chart::logTickStep(decades, length, spacing));
}

// Fits the ticks of the log axes of `plot` (left, bottom, and a right one with a SiLogTicker of its own) to the `size`
// it is about to be drawn at: the axis rect of its last layout grown or shrunk by as much as the viewport since
// (`laidOut`, updated here). Called before every replot, and before an export at the export's size.
inline void fitLogTicks(QCustomPlot* plot, QSize size, QRect& laidOut)
{
    const QRect rect = plot->axisRect()->rect();
    const QSize change = laidOut.isValid() ? size - laidOut.size() : QSize();
    fitLogTicks(plot->xAxis, rect.width() + change.width());
    fitLogTicks(plot->yAxis, rect.height() + change.height());
    fitLogTicks(plot->yAxis2, rect.height() + change.height());
    laidOut = QRect(QPoint(), size);
}

} // namespace roofline::widgets
