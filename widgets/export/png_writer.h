// SPDX-License-Identifier: GPL-3.0-or-later
// A fast PNG encoder for exported charts.
#pragma once

#include <QByteArray>
#include <QImage>

namespace roofline::widgets {

// Encodes `image` as an 8-bit RGB PNG (alpha dropped) with `dotsPerInch` in its pHYs chunk. Every row is filtered
// "Up" and deflated with zlib's run-length matching, in parallel bands: a chart is flat colours and long runs, which
// that packs about as tightly as libpng's adaptive filtering at a fraction of the time (Qt's own writer spends most
// of an export choosing filters). Returns an empty array if zlib fails.
QByteArray encodePng(const QImage& image, double dotsPerInch = 96);

} // namespace roofline::widgets
