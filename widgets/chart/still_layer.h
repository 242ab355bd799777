// SPDX-License-Identifier: GPL-3.0-or-later
// A layer of the chart in a paint buffer of its own that a slider step draws again only when what it holds moved.
#pragma once

#include <qcustomplot.h>

#include <cstddef>

namespace roofline::widgets {

// The compared chips' roofs, names, ridges and markers stay put while the session's chip is dragged; drawn with the
// main layer at every step they cost a four-chip step a third of its time (bench_gui, bench/RESULTS.md). On a layer of
// their own they are drawn when a full replot draws everything, and at a live step only when their print changed:
// what each graph and item on the layer shows (visibility, pixel positions, texts, pens, points), hashed. A layer
// drawn fast (no antialiasing, while input follows input) is drawn again once drawing turns smooth.
//
// Only a used layer has a buffer: each paint composites every buffer over the widget, so an empty one would cost the
// one-chip chart's steps for nothing. Unused, the layer is logical and shares the buffer below it.
class StillLayer {
public:
    // The layer, made by the chart between `below` and the layer above it.
    void attach(QCPLayer* layer) { m_layer = layer; }
    QCPLayer* layer() const { return m_layer; }

    // Whether anything is put on the layer: a buffer of its own or none. A change reaches the screen with the next
    // full replot, which makes the paint buffers anew.
    void setUsed(bool used);
    bool used() const { return m_layer && m_layer->mode() == QCPLayer::lmBuffered; }

    // A full replot drew the whole plot, the layer with it, fast or smooth.
    void drawn(bool fast);
    // A live step draws the main layer alone: this layer too where what it holds changed since it was drawn, or it
    // was drawn fast and now draws smooth. True when it was drawn.
    bool redrawIfChanged(bool fast);

private:
    std::size_t print() const;

    QCPLayer* m_layer = nullptr;
    std::size_t m_print = 0;
    bool m_fast = false;
};

} // namespace roofline::widgets
