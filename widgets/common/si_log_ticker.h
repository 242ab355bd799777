// A logarithmic axis ticker whose labels the program formats itself ("1 k", "197 TFLOP/s").
#pragma once

#include "chart/chart.h"

#include <qcustomplot.h>

#include <cmath>
#include <functional>

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

protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override { return m_format(tick); }

    QVector<double> createTickVector(double, const QCPRange& range) override
    {
        QVector<double> ticks;
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
};

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
