// Colours, fonts and line widths of the chart for a theme and a projector zoom.
#pragma once

#include "hardware.h"

#include <QColor>
#include <QFont>

#include <string>

#include <cstddef>

namespace roofline::widgets {

// QCustomPlot follows neither the application font nor the palette, so the chart takes every colour, font and
// width from here and re-applies them when the theme or the zoom changes.
struct ChartTheme {
    bool dark = false;
    double zoom = 1; // scales every font and line width
    QColor background;
    QColor foreground; // axes, tick labels, roof labels
    QColor grid;
    QColor subGrid;
    QColor envelope;
    QColor memoryRoof;
    QColor networkRoof;
    QColor computeShade; // the region under the flat part of the envelope
    QColor bandwidthShade; // the region under its sloped part
    QColor regionText;

    static ChartTheme light();
    static ChartTheme darkTheme();

    // An operation's colour ("#rrggbb", see operationPalette) as this theme draws it, the same in the chart, the list
    // and the table.
    QColor operationColour(const std::string& colour) const;

    QFont font(double points, bool bold = false) const;
    double width(double base) const { return base * zoom; }
};

} // namespace roofline::widgets
