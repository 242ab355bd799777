// SPDX-License-Identifier: GPL-3.0-or-later
// The calibration's error over the measured kernels the filter shows: a histogram of predicted / measured − 1 in 5 %
// bins from −50 % to +50 %, the kernels beyond counted in the title, beside the Measured tab's table. A calibration
// that is right has a narrow peak at 0; one that leans to a side, or has two humps, is wrong for some kernels.
#pragma once

#include "common/chart_theme.h"
#include "measured/error_histogram.h"

#include <qcustomplot.h>

namespace roofline::widgets {

class ErrorHistogramChart : public QCustomPlot {
    Q_OBJECT
public:
    explicit ErrorHistogramChart(QWidget* parent = nullptr);

    // `inSample`: the calibration was fitted on these kernels (fittedOn), which the title says.
    void setHistogram(const ErrorHistogram&, bool inSample = false);
    void setTheme(const ChartTheme&);
    const ErrorHistogram& histogram() const { return m_histogram; }
    // What is drawn, for tests: a bar per bin at its centre (in percent), its height the bin's count.
    const QCPBars* bars() const { return m_bars; }
    QString titleText() const;

private:
    void restyle();

    ErrorHistogram m_histogram;
    bool m_inSample = false;
    ChartTheme m_theme;
    QCPBars* m_bars = nullptr;
    QCPTextElement* m_title = nullptr;
};

} // namespace roofline::widgets
