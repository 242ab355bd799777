// A logarithmic axis ticker whose labels the program formats itself ("1 k", "197 TFLOP/s").
#pragma once

#include <qcustomplot.h>

#include <functional>

namespace roofline::widgets {

class SiLogTicker : public QCPAxisTickerLog {
public:
    explicit SiLogTicker(std::function<QString(double)> format)
        : m_format(std::move(format))
    { }

protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override { return m_format(tick); }

private:
    std::function<QString(double)> m_format;
};

} // namespace roofline::widgets
