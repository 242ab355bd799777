// SPDX-License-Identifier: GPL-3.0-or-later
// The chart's light and dark themes.
#include "common/chart_theme.h"

#include "common/contrast.h"
#include "session/session.h"

#include <QApplication>

#include <qcustomplot.h>

#include <algorithm>
#include <array>
#include <cmath>

namespace roofline::widgets {

ChartTheme ChartTheme::light()
{
    ChartTheme t;
    t.background = QColor(QRgb(0xffffff));
    t.foreground = QColor(QRgb(0x202020));
    t.grid = QColor(QRgb(0xc8c8c8));
    t.subGrid = QColor(QRgb(0xececec));
    t.envelope = QColor(QRgb(0x000000));
    t.memoryRoof = QColor(QRgb(0x5b6b7d));
    t.networkRoof = QColor(QRgb(0x7d6e5b));
    t.computeShade = QColor(0, 158, 115, 22);
    t.bandwidthShade = QColor(0, 114, 178, 22);
    t.regionText = QColor(QRgb(0x6a6a6a));
    return t;
}

ChartTheme ChartTheme::darkTheme()
{
    ChartTheme t;
    t.dark = true;
    t.background = QColor(QRgb(0x1e1f22));
    t.foreground = QColor(QRgb(0xe6e6e6));
    t.grid = QColor(QRgb(0x4a4c50));
    t.subGrid = QColor(QRgb(0x2e3034));
    t.envelope = QColor(QRgb(0xffffff));
    t.memoryRoof = QColor(QRgb(0x9fb0c2));
    t.networkRoof = QColor(QRgb(0xc4b49c));
    t.computeShade = QColor(0, 158, 115, 40);
    t.bandwidthShade = QColor(86, 180, 233, 36);
    t.regionText = QColor(QRgb(0xa8a8a8));
    return t;
}

QColor ChartTheme::operationColour(const std::string& colour) const
{
    // On a dark background Okabe–Ito's blue is too dim: lift it, keeping its hue.
    const auto drawn = [this](QColor c) { return c.isValid() && dark && c.lightness() < 96 ? c.lighter(130) : c; };
    const QColor c = drawn(QColor(QString::fromStdString(colour)));
    const std::vector<QColor> inks = roofInks();
    if (c.isValid() && std::none_of(inks.begin(), inks.end(), [&](const QColor& ink) {
            return perceptualDistance(c, ink) < kMinOperationDistance;
        }))
        return c;
    // A colour a file gives that a reader would take for a roof or the envelope (black on white): one of the
    // palette's instead, the same one for the same colour. The palette's colours stand apart from the roofs
    // (test_colours).
    const std::vector<std::string>& palette = operationPalette();
    std::size_t pick = 0;
    for (const char ch : colour)
        pick = pick * 31 + static_cast<unsigned char>(ch);
    return drawn(QColor(QString::fromStdString(palette[pick % palette.size()])));
}

QColor ChartTheme::operationText(const std::string& colour) const
{
    const QColor ground = background.alpha() == 255 ? background : (dark ? darkTheme() : light()).background;
    return readableOn(operationColour(colour), ground);
}

double perceptualDistance(const QColor& a, const QColor& b)
{
    // sRGB (D65) to CIELAB, as in IEC 61966-2-1 and CIE 15.
    const auto lab = [](const QColor& c) {
        const auto linear = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
        const double r = linear(c.redF()), g = linear(c.greenF()), bl = linear(c.blueF());
        const double x = (0.4124 * r + 0.3576 * g + 0.1805 * bl) / 0.95047;
        const double y = 0.2126 * r + 0.7152 * g + 0.0722 * bl;
        const double z = (0.0193 * r + 0.1192 * g + 0.9505 * bl) / 1.08883;
        const auto f = [](double v) { return v > 216.0 / 24389 ? std::cbrt(v) : (24389.0 / 27 * v + 16) / 116; };
        return std::array<double, 3> { 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)) };
    };
    const auto p = lab(a);
    const auto q = lab(b);
    return std::hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

QFont ChartTheme::font(double points, bool bold) const
{
    QFont f = QApplication::font();
    f.setPointSizeF(points * zoom);
    f.setBold(bold);
    return f;
}

void applyAxisTheme(QCPAxis* axis, const ChartTheme& t, double tickPoints, double namePoints)
{
    axis->setBasePen(QPen(t.foreground, t.width(1)));
    axis->setTickPen(QPen(t.foreground, t.width(1)));
    axis->setSubTickPen(QPen(t.foreground, t.width(1)));
    axis->setTickLabelColor(t.foreground);
    axis->setLabelColor(t.foreground);
    axis->setTickLabelFont(t.font(tickPoints));
    axis->setLabelFont(t.font(namePoints));
    axis->grid()->setPen(QPen(t.grid, t.width(1), Qt::DotLine));
}

void applyPlotTheme(QCustomPlot* plot, const ChartTheme& t, std::initializer_list<QCPAxis*> more)
{
    plot->setBackground(t.background);
    plot->axisRect()->setBackground(t.background);
    for (QCPAxis* axis : { plot->xAxis, plot->yAxis })
        applyAxisTheme(axis, t, 9, 10);
    for (QCPAxis* axis : more)
        applyAxisTheme(axis, t, 9, 10);
    plot->legend->setBrush(t.background);
    plot->legend->setTextColor(t.foreground);
    plot->legend->setBorderPen(QPen(t.grid));
    plot->legend->setFont(t.font(9));
}

bool setPlotTitled(QCustomPlot* plot, QCPTextElement*& title, bool titled)
{
    if (titled == (title != nullptr))
        return false;
    if (titled) {
        title = new QCPTextElement(plot);
        plot->plotLayout()->insertRow(0);
        plot->plotLayout()->addElement(0, 0, title);
    } else {
        plot->plotLayout()->remove(title);
        plot->plotLayout()->simplify();
        title = nullptr;
    }
    return true;
}

} // namespace roofline::widgets
