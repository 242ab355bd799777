// Writing the chart to PNG, SVG and PDF files and to the clipboard, at a chosen size and scale.
#pragma once

#include <QImage>
#include <QSize>
#include <QString>

#include <optional>

class QCustomPlot;

namespace roofline::widgets {

enum class ExportFormat { Png, Svg, Pdf };

// From the file name's extension, case-insensitively; nothing for any other.
std::optional<ExportFormat> exportFormatFor(const QString& path);

// The colours of an exported chart: the window's, or a theme of its own for a slide or a page.
enum class ExportTheme { AsShown, Light, Dark };

struct ExportOptions {
    QSize size { 1600, 1000 }; // logical pixels (points for PDF)
    double scale = 2; // PNG only: the image is size × scale pixels
    ExportTheme theme = ExportTheme::AsShown; // applied by whoever owns the chart's theme (MainWindow::exportTo)
    bool transparent = false; // no background: the chart sits on the slide's or the page's own
};

// Renders the chart as the window shows it and writes it through QSaveFile, so a failed write leaves any earlier
// file intact. Returns an error a user can read, or an empty string.
QString exportChart(QCustomPlot&, const QString& path, const ExportOptions&);

// Writes `bytes` to `path` through QSaveFile: all of them, or nothing and an error a user can read.
QString writeFile(const QString& path, const QByteArray& bytes);

// The chart as an image of size × scale pixels, for the clipboard and PNG files. Opaque unless `transparent`: then
// what the chart does not paint (a background of no colour) stays clear.
QImage renderChart(QCustomPlot&, QSize size, double scale, bool transparent = false);

} // namespace roofline::widgets
