// SPDX-License-Identifier: GPL-3.0-or-later
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
    std::optional<double> zoom {}; // the chart's zoom (ChartTheme::zoom) for the file; nothing: the window's
};

// Sizes for a slide, 16:9 and 4:3: a PNG of 1920×1080 or 1440×1080 pixels (an SVG or PDF of half that), with the
// chart zoomed so that its smallest text is at least 2.5 % of the image's height, as a figure on a projected slide
// needs (a figure made with matplotlib's defaults for a slide has about that).
struct SlideSize {
    const char* name; // as --size takes it
    const char* title; // as the export dialog lists it, translated in the context ExportDialogWords
    int width; // logical pixels
    int height;
};
inline constexpr SlideSize kSlideSizes[] = {
    { "slide", QT_TRANSLATE_NOOP("ExportDialogWords", "Slide 16:9 (1920 × 1080)"), 960, 540 },
    { "slide-4:3", QT_TRANSLATE_NOOP("ExportDialogWords", "Slide 4:3 (1440 × 1080)"), 720, 540 },
};
inline constexpr double kSlideScale = 2; // a PNG's pixels per logical pixel
inline constexpr double kSlideZoom = 1.25; // the smallest text, 8 points, is then about 2.9 % of the height
// The options of an export at a slide size: its size, scale and zoom, the theme and background as given.
ExportOptions slideOptions(const SlideSize&, ExportOptions given = {});
// The slide size named `name` ("slide", "slide-4:3"), or nothing.
std::optional<SlideSize> slideSize(const QString& name);

// Renders the chart as the window shows it and writes it through QSaveFile, so a failed write leaves any earlier
// file intact. Returns an error a user can read, or an empty string.
QString exportChart(QCustomPlot&, const QString& path, const ExportOptions&);

// Writes `bytes` to `path` through QSaveFile: all of them, or nothing and an error a user can read.
QString writeFile(const QString& path, const QByteArray& bytes);

// The chart as an image of size × scale pixels, for the clipboard and PNG files. Opaque unless `transparent`: then
// what the chart does not paint (a background of no colour) stays clear.
QImage renderChart(QCustomPlot&, QSize size, double scale, bool transparent = false);

} // namespace roofline::widgets
