// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/compared_style.h"

#include <iterator>

namespace roofline::widgets {

QPen comparedPen(std::size_t k, const QColor& colour, double width)
{
    static const QList<qreal> patterns[] = { { 10, 4 }, { 1, 2.5 }, { 10, 3, 1, 3 } };
    QPen pen(colour, width);
    pen.setDashPattern(patterns[k % std::size(patterns)]);
    return pen;
}

QCPScatterStyle::ScatterShape comparedShape(std::size_t k)
{
    static constexpr QCPScatterStyle::ScatterShape shapes[]
        = { QCPScatterStyle::ssCrossCircle, QCPScatterStyle::ssPlusSquare, QCPScatterStyle::ssCrossSquare };
    return shapes[k % std::size(shapes)];
}

} // namespace roofline::widgets
