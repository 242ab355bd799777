// The chart's light and dark themes.
#include "chart_theme.h"

#include <QApplication>

namespace roofline::widgets {

ChartTheme ChartTheme::light()
{
    ChartTheme t;
    t.background = QColor(QRgb(0xffffff));
    t.foreground = QColor(QRgb(0x202020));
    t.grid = QColor(QRgb(0xc8c8c8));
    t.subGrid = QColor(QRgb(0xececec));
    t.envelope = QColor(QRgb(0x000000));
    t.memoryRoof = QColor(QRgb(0x0072B2));
    t.networkRoof = QColor(QRgb(0x8a5a00));
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
    t.memoryRoof = QColor(QRgb(0x56B4E9));
    t.networkRoof = QColor(QRgb(0xE69F00));
    t.computeShade = QColor(0, 158, 115, 40);
    t.bandwidthShade = QColor(86, 180, 233, 36);
    t.regionText = QColor(QRgb(0xa8a8a8));
    return t;
}

QColor ChartTheme::operationColour(const std::string& colour) const
{
    QColor c(QString::fromStdString(colour));
    if (!c.isValid())
        c = foreground;
    // On a dark background Okabe–Ito's blue is too dim and black vanishes: lift them, keeping their hue.
    if (dark && c.lightness() < 96)
        return c.rgb() == 0x000000 ? QColor::fromRgb(0xf0f0f0) : c.lighter(130);
    return c;
}

QFont ChartTheme::font(double points, bool bold) const
{
    QFont f = QApplication::font();
    f.setPointSizeF(points * zoom);
    f.setBold(bold);
    return f;
}

} // namespace roofline::widgets
