// SPDX-License-Identifier: GPL-3.0-or-later
// Colours, fonts and line widths of the chart for a theme and a projector zoom.
#pragma once

#include "roofline/hardware.h"

#include <QColor>
#include <QFont>

#include <initializer_list>
#include <string>
#include <vector>

#include <cstddef>

class QCPAxis;
class QCustomPlot;
class QCPTextElement;

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
    // The roofs are neutral (greys, a slate and a taupe) so that no operation colour of the palette comes near them:
    // an operation is never mistaken for a roof or the envelope, in either theme.
    QColor envelope;
    QColor memoryRoof;
    QColor networkRoof;
    QColor computeShade; // the region under the flat part of the envelope
    QColor bandwidthShade; // the region under its sloped part
    QColor regionText;

    static ChartTheme light();
    static ChartTheme darkTheme();

    // An operation's colour ("#rrggbb", see operationPalette) as this theme draws it, the same in the chart, the list
    // and the table: never within kMinOperationDistance of a roof's or the envelope's ink.
    QColor operationColour(const std::string& colour) const;

    // Text in an operation's colour (its name beside its markers, a critical value): operationColour, shaded darker
    // on a light background or lighter on a dark one until its contrast with the background is at least
    // kMinTextContrast (common/contrast.h). A transparent background is taken as the theme's own.
    QColor operationText(const std::string& colour) const;

    // The inks of roofs, ridges and the envelope: what an operation's colour must stay away from.
    std::vector<QColor> roofInks() const { return { foreground, envelope, memoryRoof, networkRoof }; }

    QFont font(double points, bool bold = false) const;
    double width(double base) const { return base * zoom; }
};

// Below this CIE76 ΔE two marks on a chart are easily taken for each other.
inline constexpr double kMinOperationDistance = 20;

// The distance of two colours as a reader sees it: CIE 1976 ΔE in CIELAB (about 2 is just noticeable; below 20 two
// marks are easily confused at a glance on a chart).
double perceptualDistance(const QColor&, const QColor&);

// An axis in the theme's ink: its line, ticks, tick labels and name in the foreground at `tickPoints` and
// `namePoints`, its grid dotted.
void applyAxisTheme(QCPAxis*, const ChartTheme&, double tickPoints, double namePoints);
// A whole plot in the theme: its background, its bottom and left axes (applyAxisTheme at 9 and 10 points) and any
// others given, and its legend's box, text and font.
void applyPlotTheme(QCustomPlot*, const ChartTheme&, std::initializer_list<QCPAxis*> more = {});
// A title row above the plot, added or taken away: `title` is the row's text element, null without one. Returns
// whether anything changed.
bool setPlotTitled(QCustomPlot*, QCPTextElement*& title, bool titled);

} // namespace roofline::widgets
