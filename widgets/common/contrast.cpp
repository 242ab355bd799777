// SPDX-License-Identifier: GPL-3.0-or-later
// WCAG 2's contrast and colours shaded to reach it.
#include "common/contrast.h"

#include <algorithm>
#include <cmath>

namespace roofline::widgets {

double relativeLuminance(const QColor& colour)
{
    const QColor c = colour.toRgb();
    const auto linear = [](int channel) {
        const double v = channel / 255.0;
        return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * linear(c.red()) + 0.7152 * linear(c.green()) + 0.0722 * linear(c.blue());
}

double contrastRatio(const QColor& a, const QColor& b)
{
    const double la = relativeLuminance(a);
    const double lb = relativeLuminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor readableOn(const QColor& ink, const QColor& background, double minimum)
{
    const QColor c = ink.toRgb();
    if (contrastRatio(c, background) >= minimum)
        return c;
    // Towards whichever of black and white stands further from the background: that end reaches the most contrast.
    const QColor end = contrastRatio(Qt::black, background) >= contrastRatio(Qt::white, background) ? QColor(Qt::black)
                                                                                                    : QColor(Qt::white);
    const auto mix = [&](int step) {
        const auto channel = [step](int from, int to) { return from + ((to - from) * step + 50) / 100; };
        return QColor(
            channel(c.red(), end.red()), channel(c.green(), end.green()), channel(c.blue(), end.blue()), c.alpha());
    };
    // The contrast grows with each step towards the end; the first step that reaches the minimum, whole channels
    // included, is the least change.
    for (int step = 1; step < 100; ++step)
        if (const QColor shaded = mix(step); contrastRatio(shaded, background) >= minimum)
            return shaded;
    return end;
}

} // namespace roofline::widgets
