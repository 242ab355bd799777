// SPDX-License-Identifier: GPL-3.0-or-later
// PNG, SVG and PDF export through QSaveFile; SVG and PDF through a vectorising QCPPainter.
#include "export/chart_export.h"

#include "chart/roofline_chart.h"
#include "export/export_limits.h"
#include "export/png_writer.h"
#include "files/save_target.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QFileInfo>
#include <QPageSize>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>

#include <cstdlib>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace roofline::widgets {

namespace {

// The context this file's words are translated in (lupdate reads the name from the macro).
struct ChartExportWords {
    Q_DECLARE_TR_FUNCTIONS(ChartExportWords)
};

} // namespace

namespace {

// Draws the chart as toPainter does, at w × h, with the texts it fits to its size (title, ticks) fitted to that size.
// The layout stays the export's until the chart's next replot, which the caller queues: the geometry reads it.
void drawAtSize(QCustomPlot& chart, QCPPainter& painter, int w, int h)
{
    if (auto* fitted = dynamic_cast<FittedChart*>(&chart))
        fitted->fitTo(QSize(w, h));
    chart.toPainter(&painter, w, h);
}

// Paints the chart onto a vector device of w × h units.
void paintVector(QCustomPlot& chart, QPaintDevice* device, int w, int h)
{
    const RooflineChart::SmoothScope smooth(chart);
    QCPPainter painter;
    painter.begin(device);
    painter.setMode(QCPPainter::pmVectorized);
    painter.setMode(QCPPainter::pmNoCaching);
    drawAtSize(chart, painter, w, h);
    painter.end();
    chart.replot(QCustomPlot::rpQueuedReplot); // laid out for the file: lay it out for the screen again
}

// The chart's title, for the file's metadata: its first text element, or the program's name.
QString titleOf(QCustomPlot& chart)
{
    for (QCPLayoutElement* element : chart.plotLayout()->elements(true))
        if (auto* text = qobject_cast<QCPTextElement*>(element); text && !text->text().isEmpty())
            return text->text();
    return QStringLiteral("Roofline Lab");
}

// An opaque image for a chart to be drawn into, its memory in 2 MB pages where the system gives them on request
// (Linux's transparent huge pages in "madvise" mode): a 3200×2000 export touched 6,250 pages of 4 KB, each a page
// fault, the larger part of the system time of a whole export process.
QImage blankImage(int width, int height)
{
    if (width <= 0 || height <= 0)
        return {};
#if defined(__linux__)
    constexpr std::size_t kHugePage = std::size_t(2) << 20;
    const std::size_t bytes = std::size_t(width) * std::size_t(height) * 4;
    const std::size_t rounded = (bytes + kHugePage - 1) / kHugePage * kHugePage;
    if (bytes >= kHugePage) {
        if (void* memory = std::aligned_alloc(kHugePage, rounded)) {
            madvise(memory, rounded, MADV_HUGEPAGE); // a hint: without it the image is as usual
            return QImage(
                static_cast<uchar*>(memory), width, height, width * 4, QImage::Format_RGB32,
                [](void* p) { std::free(p); }, memory);
        }
    }
#endif
    return QImage(width, height, QImage::Format_RGB32);
}

} // namespace

std::optional<ExportFormat> exportFormatFor(const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("png"))
        return ExportFormat::Png;
    if (suffix == QLatin1String("svg"))
        return ExportFormat::Svg;
    if (suffix == QLatin1String("pdf"))
        return ExportFormat::Pdf;
    return std::nullopt;
}

ExportOptions slideOptions(const SlideSize& slide, ExportOptions given)
{
    given.size = QSize(slide.width, slide.height);
    given.scale = kSlideScale;
    given.zoom = kSlideZoom;
    return given;
}

std::optional<SlideSize> slideSize(const QString& name)
{
    for (const SlideSize& s : kSlideSizes)
        if (name == QLatin1String(s.name))
            return s;
    return std::nullopt;
}

QImage renderChart(QCustomPlot& chart, QSize size, double scale, bool transparent)
{
    const RooflineChart::SmoothScope smooth(chart); // an export is smooth even while a slider moves
    // As QCustomPlot::toPixmap draws, into an image of our own making: the chart's background brush fills an opaque
    // one; a transparent one starts clear, as a transparent brush paints nothing over it.
    const int width = qRound(scale * size.width());
    const int height = qRound(scale * size.height());
    QImage image = transparent ? QImage(width, height, QImage::Format_ARGB32_Premultiplied) : blankImage(width, height);
    if (image.isNull())
        return image;
    if (transparent)
        image.fill(Qt::transparent);
    {
        QCPPainter painter(&image);
        if (!painter.isActive())
            return {};
        if (!qFuzzyCompare(scale, 1.0)) {
            if (scale > 1.0) // as toPixmap: scaled pens, where lines of zero width would stay one pixel thin
                painter.setMode(QCPPainter::pmNonCosmetic);
            painter.scale(scale, scale);
        }
        drawAtSize(chart, painter, size.width(), size.height());
    }
    chart.replot(QCustomPlot::rpQueuedReplot); // labels were placed for the image's size: place them back
    return image;
}

QString exportChart(QCustomPlot& chart, const QString& path, const ExportOptions& options)
{
    const auto format = exportFormatFor(path);
    if (!format)
        return ChartExportWords::tr("%1: the file name must end in .png, .svg or .pdf").arg(path);
    const int w = options.size.width();
    const int h = options.size.height();
    if (!(options.scale >= kMinExportScale && options.scale <= kMaxExportScale))
        return ChartExportWords::tr("%1: scale %2 is out of range (%3 to %4)")
            .arg(path)
            .arg(options.scale)
            .arg(kMinExportScale)
            .arg(kMaxExportScale);
    const ExportKind kind = *format == ExportFormat::Png ? ExportKind::Png
        : *format == ExportFormat::Svg                   ? ExportKind::Svg
                                                         : ExportKind::Pdf;
    if (const std::optional<std::string> error = checkExportSize(kind, w, h, options.scale))
        return QStringLiteral("%1: %2").arg(path, QString::fromStdString(*error));

    // The whole file is rendered in memory first and written in one go: a renderer that ignores a failing device
    // (QSvgGenerator writes through a QTextStream) can then not leave a truncated file behind a reported success.
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    switch (*format) {
    case ExportFormat::Png: {
        const QImage image = renderChart(chart, options.size, options.scale, options.transparent);
        if (image.isNull())
            bytes.clear();
        else if (options.transparent) // the fast encoder writes opaque pixels only; Qt's keeps the alpha channel
            image.save(&buffer, "PNG");
        else
            bytes = encodePng(image, 96 * options.scale);
        if (bytes.isEmpty())
            return ChartExportWords::tr("Cannot render %1: the image is %2×%3 pixels")
                .arg(path)
                .arg(options.size.width() * options.scale)
                .arg(options.size.height() * options.scale);
        break;
    }
    case ExportFormat::Svg: {
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(options.size);
        svg.setResolution(96); // so that the size in millimetres is the size in CSS pixels
        svg.setViewBox(QRect(QPoint(0, 0), options.size));
        svg.setTitle(titleOf(chart));
        svg.setDescription(QStringLiteral("Roofline chart made by Roofline Lab"));
        paintVector(chart, &svg, w, h);
        break;
    }
    case ExportFormat::Pdf: {
        QPdfWriter pdf(&buffer);
        pdf.setResolution(72);
        pdf.setPageSize(QPageSize(QSizeF(w, h), QPageSize::Point, QString(), QPageSize::ExactMatch));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        pdf.setTitle(titleOf(chart));
        pdf.setCreator(QStringLiteral("Roofline Lab"));
        paintVector(chart, &pdf, w, h);
        break;
    }
    }
    chart.replot(QCustomPlot::rpQueuedReplot);
    return writeFile(path, bytes);
}

QString writeFile(const QString& path, const QByteArray& bytes)
{
    // QSaveFile writes beside the target and renames over it only when every byte reached the disk, so a failed
    // write (full disk, no permission) leaves the earlier file as it was.
    // Through a link to its target, whose mode QSaveFile keeps; never over a FIFO, a device or a folder.
    const Expected<SaveTarget> target = saveTarget(path.toStdString(), "a file to write");
    if (!target)
        return ChartExportWords::tr("Cannot write %1: %2").arg(path, QString::fromStdString(target.error()));
    QSaveFile file(QString::fromStdString(target->path.string()));
    if (!file.open(QIODevice::WriteOnly))
        return ChartExportWords::tr("Cannot write %1: %2").arg(path, file.errorString());
    // A short write leaves no error behind; writing the rest makes the system say why ("File too large").
    qint64 written = 0;
    while (written < bytes.size()) {
        const qint64 n = file.write(bytes.constData() + written, bytes.size() - written);
        if (n <= 0)
            break;
        written += n;
    }
    if (written != bytes.size() || !file.flush() || file.error() != QFileDevice::NoError) {
        const QString reason = file.errorString();
        file.cancelWriting();
        return ChartExportWords::tr("Cannot write %1: %2").arg(path, reason);
    }
    if (!file.commit())
        return ChartExportWords::tr("Cannot write %1: %2").arg(path, file.errorString());
    return {};
}

} // namespace roofline::widgets
