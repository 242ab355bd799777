// SPDX-License-Identifier: GPL-3.0-or-later
// The look of the chips compared with the session's (Session::compare), the same in every view that draws them: the
// roofline chart's roofs and markers, the Model tab's frontiers.
#pragma once

#include <qcustomplot.h>

#include <QColor>
#include <QPen>

#include <cstddef>

namespace roofline::widgets {

// The k-th compared chip's lines: long dashes, dots, long dash-dots, apart from the session's chip (solid lines, and
// Qt's short dashes for its other memory levels and dtypes) and from one another.
QPen comparedPen(std::size_t k, const QColor& colour, double width);
// How long a legend's sample of a line must be to show four periods of every compared chip's dash pattern (up to
// `chips` chips), drawn with a pen of `width`: a shorter sample shows a dash or two, which tells no pattern apart.
int comparedSampleLength(std::size_t chips, double width);
// The k-th compared chip's marker shape: ⊗, ⊞, ⊠, shapes no series of the session's chip takes, so that a marker tells
// its chip whatever its colour. The session's chip keeps circles.
QCPScatterStyle::ScatterShape comparedShape(std::size_t k);

} // namespace roofline::widgets
