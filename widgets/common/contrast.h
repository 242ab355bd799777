// SPDX-License-Identifier: GPL-3.0-or-later
// Text a reader can make out: WCAG 2's relative luminance and contrast ratio, and a colour shaded until its text
// stands out from a background.
#pragma once

#include <QColor>

namespace roofline::widgets {

// WCAG 2.x, success criterion 1.4.3: normal text needs a contrast of at least 4.5 to 1 with what is behind it. A
// projector's washed-out blacks and whites take some of it away; less than this and a room does not read it.
inline constexpr double kMinTextContrast = 4.5;

// The relative luminance of an sRGB colour (WCAG 2.x): 0 for black, 1 for white. Alpha is ignored.
double relativeLuminance(const QColor&);
// (L1 + 0.05) / (L2 + 0.05) with L1 the lighter: from 1 (the same luminance) to 21 (black on white).
double contrastRatio(const QColor&, const QColor&);
// `ink` itself when its contrast with `background` is at least `minimum`; otherwise the nearest mix of it with black
// (on a light background) or white (on a dark one) that reaches `minimum`, so that the hue stays recognisable.
QColor readableOn(const QColor& ink, const QColor& background, double minimum = kMinTextContrast);

} // namespace roofline::widgets
