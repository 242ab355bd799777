// SPDX-License-Identifier: GPL-3.0-or-later
// Markers stamped from images while input follows input.
#pragma once

#include <qcustomplot.h>

#include <QHash>
#include <QPixmap>
#include <QString>

#include <map>

namespace roofline::widgets {

// While a slider is dragged, markers are stamped from images drawn once (QCPScatterStyle::ssPixmap) instead of each
// outline being stroked anew: with hundreds of operations the strokes are most of a step. The vector shapes come back
// when input rests, so every still chart and every export draws them. Only at a device pixel ratio of 1, since
// QCustomPlot centres a pixmap by its size in device pixels.
class MarkerSprites {
public:
    // Stamps the graph's markers from an image of its style; nothing for a graph without markers or one stamped.
    void stamp(QCPGraph*);
    // Gives every stamped graph its vector shape back.
    void restore();
    // The graphs went with the plot's items.
    void forget() { m_vector.clear(); }
    // The style a graph draws with when smooth: its own, or the one behind its image.
    QCPScatterStyle vectorStyle(const QCPGraph*) const;

private:
    std::map<QCPGraph*, QCPScatterStyle> m_vector; // each stamped graph's own style
    QHash<QString, QPixmap> m_images; // by style
};

} // namespace roofline::widgets
