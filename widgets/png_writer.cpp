#include "png_writer.h"

#include <zlib.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <thread>
#include <vector>

namespace roofline::widgets {

namespace {

void appendBigEndian(QByteArray& out, std::uint32_t v)
{
    const std::array<char, 4> bytes { static_cast<char>(v >> 24), static_cast<char>(v >> 16), static_cast<char>(v >> 8),
        static_cast<char>(v) };
    out.append(bytes.data(), 4);
}

// length, type, data, CRC-32 of type and data
void appendChunk(QByteArray& out, const char type[4], const char* data, std::size_t size)
{
    appendBigEndian(out, static_cast<std::uint32_t>(size));
    const auto crcStart = reinterpret_cast<const Bytef*>(type);
    uLong crc = crc32(0, crcStart, 4);
    crc = crc32(crc, reinterpret_cast<const Bytef*>(data), static_cast<uInt>(size));
    out.append(type, 4);
    out.append(data, static_cast<qsizetype>(size));
    appendBigEndian(out, static_cast<std::uint32_t>(crc));
}

// Whether every pixel is opaque, so that 32-bit pixels can be read as plain RGB with no conversion.
bool opaque(const QImage& image)
{
    if (image.format() == QImage::Format_RGB32)
        return true;
    if (image.format() != QImage::Format_ARGB32 && image.format() != QImage::Format_ARGB32_Premultiplied)
        return false;
    for (int y = 0; y < image.height(); ++y) {
        const auto* row = reinterpret_cast<const QRgb*>(image.constScanLine(y));
        for (int x = 0; x < image.width(); ++x)
            if (qAlpha(row[x]) != 255)
                return false;
    }
    return true;
}

// Row y as RGB bytes, filtered "Up": the difference from the row above, byte by byte.
void filterRow(const QImage& image, int y, Bytef* out)
{
    const auto* row = reinterpret_cast<const QRgb*>(image.constScanLine(y));
    const auto* above = y > 0 ? reinterpret_cast<const QRgb*>(image.constScanLine(y - 1)) : nullptr;
    for (int x = 0; x < image.width(); ++x) {
        const QRgb p = row[x];
        const QRgb q = above ? above[x] : 0;
        *out++ = static_cast<Bytef>(qRed(p) - qRed(q));
        *out++ = static_cast<Bytef>(qGreen(p) - qGreen(q));
        *out++ = static_cast<Bytef>(qBlue(p) - qBlue(q));
    }
}

// One band of rows compressed as raw deflate, a row at a time. Every band but the last ends on a byte boundary (a
// sync flush), so the bands concatenate into one stream, as pigz does.
struct Band {
    std::unique_ptr<Bytef[]>
        compressed; // left uninitialised: of its worst-case size only what deflate writes is touched
    uLong compressedSize = 0;
    uLong adler = 1;
    uLong rawSize = 0;
    bool ok = false;
};

void compressBand(const QImage& image, int first, int end, bool last, Band& band)
{
    z_stream z {};
    if (deflateInit2(&z, 1, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        return;
    const std::size_t rowBytes = static_cast<std::size_t>(image.width()) * 3 + 1;
    std::vector<Bytef> row(rowBytes);
    row[0] = 2; // the filter type, Up
    const uLong capacity = deflateBound(&z, static_cast<uLong>(rowBytes) * static_cast<uLong>(end - first)) + 16;
    band.compressed.reset(new Bytef[capacity]);
    z.next_out = band.compressed.get();
    z.avail_out = static_cast<uInt>(capacity);
    bool ok = true;
    for (int y = first; y < end && ok; ++y) {
        filterRow(image, y, row.data() + 1);
        band.adler = adler32(band.adler, row.data(), static_cast<uInt>(rowBytes));
        z.next_in = row.data();
        z.avail_in = static_cast<uInt>(rowBytes);
        const int flush = y + 1 < end ? Z_NO_FLUSH : last ? Z_FINISH : Z_SYNC_FLUSH;
        const int result = deflate(&z, flush);
        ok = flush == Z_FINISH ? result == Z_STREAM_END : result == Z_OK && z.avail_in == 0;
    }
    band.ok = ok;
    band.rawSize = static_cast<uLong>(rowBytes) * static_cast<uLong>(end - first);
    band.compressedSize = z.total_out;
    deflateEnd(&z);
}

} // namespace

QByteArray encodePng(const QImage& source, double dotsPerInch)
{
    const QImage image = opaque(source) ? source : source.convertToFormat(QImage::Format_RGB32);
    if (image.isNull())
        return {};
    const int width = image.width();
    const int height = image.height();

    // Rows filtered "Up" make a chart's background and its horizontal lines runs of zeros, which deflate's fastest
    // level packs tightly; bands of rows compress in parallel.
    const unsigned threads = std::clamp(std::thread::hardware_concurrency(), 1u, 4u);
    const int bands = static_cast<int>(std::min<unsigned>(threads, static_cast<unsigned>(std::max(1, height / 64))));
    std::vector<Band> parts(static_cast<std::size_t>(bands));
    auto work = [&](int b) {
        compressBand(
            image, height * b / bands, height * (b + 1) / bands, b == bands - 1, parts[static_cast<std::size_t>(b)]);
    };
    std::vector<std::thread> pool;
    for (int b = 1; b < bands; ++b)
        pool.emplace_back(work, b);
    work(0);
    for (std::thread& t : pool)
        t.join();

    QByteArray idat("\x78\x01", 2); // zlib header: deflate, 32 KiB window, fastest
    uLong adler = 1;
    for (const Band& band : parts) {
        if (!band.ok)
            return {};
        idat.append(reinterpret_cast<const char*>(band.compressed.get()), static_cast<qsizetype>(band.compressedSize));
        adler = adler32_combine(adler, band.adler, static_cast<z_off_t>(band.rawSize));
    }
    appendBigEndian(idat, static_cast<std::uint32_t>(adler));

    QByteArray png("\x89PNG\r\n\x1a\n", 8);
    QByteArray header;
    appendBigEndian(header, static_cast<std::uint32_t>(width));
    appendBigEndian(header, static_cast<std::uint32_t>(height));
    header.append("\x08\x02\x00\x00\x00", 5); // 8 bits, RGB, deflate, adaptive filtering method, no interlace
    appendChunk(png, "IHDR", header.constData(), static_cast<std::size_t>(header.size()));
    QByteArray physical;
    const auto perMetre = static_cast<std::uint32_t>(std::lround(dotsPerInch / 0.0254));
    appendBigEndian(physical, perMetre);
    appendBigEndian(physical, perMetre);
    physical.append('\x01'); // the unit is the metre
    appendChunk(png, "pHYs", physical.constData(), static_cast<std::size_t>(physical.size()));
    appendChunk(png, "IDAT", idat.constData(), static_cast<std::size_t>(idat.size()));
    appendChunk(png, "IEND", "", 0);
    return png;
}

} // namespace roofline::widgets
