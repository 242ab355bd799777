// SPDX-License-Identifier: GPL-3.0-or-later
// The roofline chart's geometry as an export draws it: roofs, envelope, markers, texts and legend in image pixels,
// y downwards, read back from the chart's own items, for tests and for checking a figure by program.
#pragma once

#include "export/chart_export.h"

#include <QLineF>
#include <QPointF>
#include <QPolygonF>
#include <QRectF>
#include <QSize>
#include <QString>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace roofline::widgets {

class RooflineChart;

struct ChartGeometry {
    struct Roof {
        QString name; // "HBM", "bf16"
        QString kind; // "compute", "memory" or "link"
        QPointF from;
        QPointF to;
        QString chip; // the compared chip's short name ("H100"); empty for the session's chip
        QString role; // empty for the datasheet's roof; "practical", "calibrated" or "measured"
    };
    struct Ridge {
        QString roof; // the sloped roof whose ridge it is
        QPointF at; // its dot's centre
        QString chip;
    };
    struct Marker {
        QString chip; // the compared chip's short name; empty for the session's chip
        QString operation; // the operation's id, "op3"
        QString resource; // "HBM"
        bool binding = false; // drawn filled
        QPointF at; // where its value lies
        QPointF drawn; // the centre of the marker painted for it: its own, or the one that stands for it
        double radius = 0; // of the painted disc with its pen
        std::size_t count = 1; // how many operations the painted marker stands for
    };
    struct Text {
        QString kind; // title, axis, tick, roof, ridge, operation, count, legend, key or note
        QString of; // what it names: a roof's name, an operation's id, "x" or "y" for an axis and its ticks
        QString text;
        QRectF rect; // its bounding box
        std::optional<QPolygonF> polygon; // a text drawn at an angle: its four corners
        QString chip; // a compared chip's text: its short name
        QString role; // a roof's name other than the datasheet's: as Roof::role
        std::optional<QLineF> leader; // an operation's name moved out: from its marker's rim to the text
    };
    QSize image;
    QRectF plot;
    std::vector<Roof> roofs;
    std::vector<Ridge> ridges;
    std::vector<QPointF> envelope;
    std::vector<Marker> markers;
    std::vector<Text> texts;
    std::optional<QRectF> legend; // nothing when the legend steps aside
};

// Lays the chart out at `size` as an export to a PNG of size × scale pixels draws it (without the window's state:
// RooflineChart::SmoothScope) and reads back where each thing went, in that image's pixels.
ChartGeometry chartGeometry(RooflineChart&, QSize size, double scale);

// The geometry as JSON: {"image", "plot", "roofs", "ridges", "envelope", "markers", "texts", "legend"}
// (docs/file-formats.md).
std::string geometryJson(const ChartGeometry&);

// Writes the chart's geometry at the options' size and scale to `path` through QSaveFile; an error a user can read,
// or an empty string.
QString exportGeometry(RooflineChart&, const QString& path, const ExportOptions&);

} // namespace roofline::widgets
