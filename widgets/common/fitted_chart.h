// SPDX-License-Identifier: GPL-3.0-or-later
// A chart whose texts depend on the size it is drawn at.
#pragma once

#include <QSize>

namespace roofline::widgets {

// A chart that fits texts to the size it is drawn at: the steps of its log ticks by the room the axes have, and for
// the roofline its title, left out of a short chart. It fits them before each replot of its own (beforeReplot); an
// export draws it at another size through QCustomPlot::toPainter, which emits no beforeReplot, and so asks first with
// fitTo(the export's size); the replot it queues after fits them back to the widget.
class FittedChart {
public:
    virtual void fitTo(QSize size) = 0;

protected:
    ~FittedChart() = default;
};

} // namespace roofline::widgets
