// SPDX-License-Identifier: GPL-3.0-or-later
#include "measured/error_histogram_chart.h"

#include "base/units.h"

#include <algorithm>

namespace roofline::widgets {

ErrorHistogramChart::ErrorHistogramChart(QWidget* parent)
    : QCustomPlot(parent)
    , m_theme(ChartTheme::light())
    , m_bars(new QCPBars(xAxis, yAxis))
    , m_title(new QCPTextElement(this))
{
    setAccessibleName(tr("Calibration error histogram"));
    plotLayout()->insertRow(0);
    plotLayout()->addElement(0, 0, m_title);
    legend->setVisible(false);
    xAxis->setLabel(tr("predicted / measured − 1"));
    xAxis->setRange(-100 * kErrorLimit, 100 * kErrorLimit);
    QSharedPointer<QCPAxisTickerText> ticks(new QCPAxisTickerText);
    for (const int percent : { -50, -25, 0, 25, 50 })
        ticks->addTick(percent, (percent > 0 ? QStringLiteral("+") : QString()) + QString::number(percent) + '%');
    xAxis->setTicker(ticks);
    QSharedPointer<QCPAxisTickerFixed> counts(new QCPAxisTickerFixed);
    counts->setScaleStrategy(QCPAxisTickerFixed::ssMultiples); // whole kernels: 1, 2, 5, 10 … apart
    counts->setTickCount(3); // a short chart beside the table: its counts stay legible at 200 %
    yAxis->setTicker(counts);
    m_bars->setWidth(100 * kErrorBinWidth);
    setMinimumSize(220, 120);
    restyle();
}

void ErrorHistogramChart::setTheme(const ChartTheme& theme)
{
    m_theme = theme;
    restyle();
    replot(rpQueuedReplot);
}

void ErrorHistogramChart::restyle()
{
    const ChartTheme& t = m_theme;
    setBackground(t.background);
    for (QCPAxis* axis : { xAxis, yAxis })
        applyAxisTheme(axis, t, 8.5, 9);
    m_title->setFont(t.font(8.5));
    m_title->setTextColor(t.foreground);
    m_bars->setPen(QPen(t.foreground, t.width(0.8)));
    m_bars->setBrush(t.memoryRoof);
}

QString ErrorHistogramChart::titleText() const
{
    const ErrorHistogram& h = m_histogram;
    if (h.kernels == 0)
        return tr("No kernel with a calibrated time");
    // Two short lines: the chart shares the tab with the table and may be 220 px wide and 150 px tall.
    QString text = tr("median %1 · p90 %2\n%3 kernels")
                       .arg(QString::fromStdString(formatPercent(h.error.median)),
                           QString::fromStdString(formatPercent(h.error.p90)))
                       .arg(h.kernels);
    if (m_inSample)
        text += tr(", in-sample");
    if (h.below + h.above > 0)
        text += tr(", %1 past ±50%").arg(h.below + h.above);
    return text;
}

void ErrorHistogramChart::setHistogram(const ErrorHistogram& histogram, bool inSample)
{
    m_histogram = histogram;
    m_inSample = inSample;
    QString tip = tr("How many kernels the calibration predicts within each 5% of their measured time: "
                     "predicted / measured − 1, as in the Calibration error column; the median and p90 "
                     "are of its size, |predicted / measured − 1|.");
    if (inSample)
        tip += tr(" In-sample: the calibration was fitted on these kernels, so this is its fit's residual, "
                  "not the error it has on kernels it never saw (roofline-lab calibrate states that one).");
    setToolTip(tip);
    QVector<double> keys;
    QVector<double> values;
    int highest = 0;
    for (std::size_t i = 0; i < histogram.counts.size(); ++i) {
        keys << 100 * histogram.binCentre(i);
        values << histogram.counts[i];
        highest = std::max(highest, histogram.counts[i]);
    }
    m_bars->setData(keys, values, true);
    yAxis->setRange(0, std::max(1.0, highest * 1.1));
    m_title->setText(titleText());
    replot(rpQueuedReplot);
}

} // namespace roofline::widgets
