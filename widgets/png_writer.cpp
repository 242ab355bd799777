#include "png_writer.h"

#include <zlib.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
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

// One band of rows compressed as raw deflate: every band but the last ends on a byte boundary (a sync flush), so
// the bands concatenate into one stream, as pigz does.
struct Band {
    std::vector<Bytef> raw; // filtered rows
    std::vector<Bytef> compressed;
    uLong adler = 1;
    bool ok = false;
};

void compressBand(Band& band, bool last)
{
    z_stream z {};
    if (deflateInit2(&z, 1, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        return;
    band.compressed.resize(deflateBound(&z, static_cast<uLong>(band.raw.size())) + 16);
    z.next_in = band.raw.data();
    z.avail_in = static_cast<uInt>(band.raw.size());
    z.next_out = band.compressed.data();
    z.avail_out = static_cast<uInt>(band.compressed.size());
    const int result = deflate(&z, last ? Z_FINISH : Z_SYNC_FLUSH);
    band.ok = last ? result == Z_STREAM_END : result == Z_OK && z.avail_in == 0;
    band.compressed.resize(z.total_out);
    band.adler = adler32(1, band.raw.data(), static_cast<uInt>(band.raw.size()));
    deflateEnd(&z);
}

} // namespace

QByteArray encodePng(const QImage& source, double dotsPerInch)
{
    const QImage image = source.convertToFormat(QImage::Format_RGB888);
    if (image.isNull())
        return {};
    const int width = image.width();
    const int height = image.height();
    const std::size_t rowBytes = static_cast<std::size_t>(width) * 3;

    // Each row filtered with "Up" (the difference from the row above): a chart's background and its horizontal
    // lines become runs of zeros that deflate's fastest level packs tightly.
    const unsigned threads = std::clamp(std::thread::hardware_concurrency(), 1u, 4u);
    const int bands = static_cast<int>(std::min<unsigned>(threads, static_cast<unsigned>(std::max(1, height / 64))));
    std::vector<Band> parts(static_cast<std::size_t>(bands));
    auto work = [&](int b) {
        const int first = height * b / bands;
        const int end = height * (b + 1) / bands;
        Band& band = parts[static_cast<std::size_t>(b)];
        band.raw.resize(static_cast<std::size_t>(end - first) * (rowBytes + 1));
        Bytef* out = band.raw.data();
        for (int y = first; y < end; ++y) {
            const uchar* row = image.constScanLine(y);
            *out++ = 2; // Up
            if (y == 0) {
                std::memcpy(out, row, rowBytes);
            } else {
                const uchar* above = image.constScanLine(y - 1);
                for (std::size_t i = 0; i < rowBytes; ++i)
                    out[i] = static_cast<Bytef>(row[i] - above[i]);
            }
            out += rowBytes;
        }
        compressBand(band, b == bands - 1);
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
        idat.append(
            reinterpret_cast<const char*>(band.compressed.data()), static_cast<qsizetype>(band.compressed.size()));
        adler = adler32_combine(adler, band.adler, static_cast<z_off_t>(band.raw.size()));
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
