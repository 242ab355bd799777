// SPDX-License-Identifier: GPL-3.0-or-later
// The sizes an export draws, checked before any work, on the command line and in the window. docs/file-formats.md,
// "Export limits", gives the reason for each.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>

namespace roofline::widgets {

enum class ExportKind { Png, Svg, Pdf };

// --size, in pixels for PNG and SVG, in points for PDF.
inline constexpr int kMinExportSide = 16;
inline constexpr int kMaxExportSide = 20000;
// The largest page PDF viewers must open: 200 inches (ISO 32000-1, annex C).
inline constexpr int kMaxPdfSide = 14400;
// --scale: pixels per unit of --size, PNG only.
inline constexpr double kMinExportScale = 0.25;
inline constexpr double kMaxExportScale = 8;
// A PNG is drawn into one 32-bit image in memory before it is encoded: at most 2^28 pixels, 1 GiB (16384×16384).
inline constexpr std::int64_t kMaxPngPixels = std::int64_t(1) << 28;

// A side of the PNG in pixels, rounded as QCustomPlot rounds size × scale.
inline std::int64_t pngSide(int side, double scale)
{
    return std::llround(side * scale);
}

// "268435456" as "268,435,456".
inline std::string withThousands(std::int64_t n)
{
    const std::string digits = std::to_string(n);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            out += ',';
        out += digits[i];
    }
    return out;
}

inline std::string formatScale(double scale)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g", scale);
    return text;
}

// Whether an export of `width` × `height` units at `scale` can be drawn; the message says the largest allowed.
inline std::optional<std::string> checkExportSize(ExportKind kind, int width, int height, double scale)
{
    const int maxSide = kind == ExportKind::Pdf ? kMaxPdfSide : kMaxExportSide;
    const char* unit = kind == ExportKind::Pdf ? " points" : " pixels";
    const std::string size = std::to_string(width) + "x" + std::to_string(height);
    if (width < kMinExportSide || height < kMinExportSide || width > maxSide || height > maxSide)
        return "--size " + size + " is out of range: each side takes " + std::to_string(kMinExportSide) + " to "
            + withThousands(maxSide) + unit + (kind == ExportKind::Pdf ? " for a PDF" : "");
    if (kind != ExportKind::Png)
        return std::nullopt;
    const std::int64_t pixels = pngSide(width, scale) * pngSide(height, scale);
    if (pixels <= kMaxPngPixels)
        return std::nullopt;
    // The largest scale at this size, to the hundredth below, whose rounded sides stay within the limit.
    double largest = std::floor(std::sqrt(double(kMaxPngPixels) / (double(width) * height)) * 100) / 100;
    while (pngSide(width, largest) * pngSide(height, largest) > kMaxPngPixels)
        largest -= 0.01;
    return "--size " + size + " at --scale " + formatScale(scale) + " is a PNG of "
        + std::to_string(pngSide(width, scale)) + "x" + std::to_string(pngSide(height, scale))
        + " pixels; a PNG holds at most " + withThousands(kMaxPngPixels)
        + " pixels (1 GiB in memory, 16384x16384): at this size, --scale " + formatScale(largest) + " at most";
}

} // namespace roofline::widgets
