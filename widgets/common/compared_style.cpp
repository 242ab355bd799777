// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/compared_style.h"

#include <algorithm>
#include <cmath>
#include <iterator>

namespace roofline::widgets {

namespace {

// Dashes and gaps in pen widths.
const QList<qreal> kPatterns[] = { { 6, 3 }, { 1, 2 }, { 6, 2, 1, 2 } };

} // namespace

QPen comparedPen(std::size_t k, const QColor& colour, double width)
{
    QPen pen(colour, width);
    pen.setDashPattern(kPatterns[k % std::size(kPatterns)]);
    return pen;
}

int comparedSampleLength(std::size_t chips, double width)
{
    double period = 0;
    for (std::size_t k = 0; k < chips && k < std::size(kPatterns); ++k) {
        double p = 0;
        for (const qreal part : kPatterns[k])
            p += part;
        period = std::max(period, p);
    }
    return static_cast<int>(std::ceil(4 * period * width));
}

QCPScatterStyle::ScatterShape comparedShape(std::size_t k)
{
    static constexpr QCPScatterStyle::ScatterShape shapes[]
        = { QCPScatterStyle::ssCrossCircle, QCPScatterStyle::ssPlusSquare, QCPScatterStyle::ssCrossSquare };
    return shapes[k % std::size(shapes)];
}

} // namespace roofline::widgets
