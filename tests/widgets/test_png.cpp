// SPDX-License-Identifier: GPL-3.0-or-later
// The export's PNG encoder: what it writes decodes to the very pixels it was given, at every size and band split.
#include "export/png_writer.h"

#include <QTest>

#include <random>

using namespace roofline::widgets;

class TestPng : public QObject {
    Q_OBJECT
private slots:
    void roundTrips_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<int>("format");
        QTest::addColumn<bool>("alpha");
        const int rgb = QImage::Format_RGB32;
        const int argb = QImage::Format_ARGB32;
        const int premultiplied = QImage::Format_ARGB32_Premultiplied;
        QTest::newRow("1×1") << QSize(1, 1) << rgb << false;
        QTest::newRow("one row") << QSize(700, 1) << argb << false;
        QTest::newRow("one column") << QSize(1, 700) << rgb << false;
        // Widths around the four pixels the filter takes at a time.
        for (int w = 2; w <= 9; ++w)
            QTest::addRow("%d pixels wide", w) << QSize(w, 131) << rgb << false;
        QTest::newRow("odd size, several bands") << QSize(641, 377) << premultiplied << false;
        QTest::newRow("height not divisible by the bands") << QSize(97, 263) << rgb << false;
        // A row longer than the segments deflate restarts at, so that a restart falls inside a row.
        QTest::newRow("a row longer than a segment") << QSize(20000, 70) << rgb << false;
        QTest::newRow("translucent pixels") << QSize(300, 200) << argb << true;
        QTest::newRow("translucent pixels, premultiplied") << QSize(300, 200) << premultiplied << true;
        QTest::newRow("an export's size") << QSize(3200, 2000) << premultiplied << false;
    }
    void roundTrips()
    {
        QFETCH(QSize, size);
        QFETCH(int, format);
        QFETCH(bool, alpha);
        QImage image(size, QImage::Format(format));
        image.fill(Qt::white);
        // A chart's look: flat background, lines, and noise that no filter predicts.
        std::mt19937 random(7);
        auto channel = [&random] { return int(random() % 256); };
        for (int y = 0; y < size.height(); ++y)
            for (int x = 0; x < size.width(); ++x)
                if ((x + 3 * y) % 17 == 0 || y % 50 == 0)
                    image.setPixel(x, y, qRgb(0, 114, 178));
                else if (random() % 9 == 0)
                    image.setPixel(x, y, qRgb(channel(), channel(), channel()));
                else if (alpha && random() % 5 == 0)
                    image.setPixelColor(x, y, QColor(channel(), channel(), channel(), channel()));
        const QByteArray png = encodePng(image, 192);
        QVERIFY(png.startsWith("\x89PNG"));
        const QImage back = QImage::fromData(png, "PNG");
        QCOMPARE(back.size(), size);
        // Alpha is dropped as Qt's conversion to RGB32 drops it.
        QCOMPARE(back.convertToFormat(QImage::Format_RGB32), image.convertToFormat(QImage::Format_RGB32));
        QCOMPARE(back.dotsPerMeterX(), 7559); // 192 dpi
    }

    void aFlatChartCompresses()
    {
        QImage image(1600, 1000, QImage::Format_RGB32);
        image.fill(Qt::white);
        QVERIFY(encodePng(image).size() < 50000); // from 4.8 MB of pixels: 100 times smaller at least
    }

    // The filter's first row has no row above; a fault there would show in a flat image as in any other.
    void aGradientRoundTrips()
    {
        QImage image(333, 5, QImage::Format_RGB32);
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                image.setPixel(x, y, qRgb(x % 256, (x + 85 * y) % 256, 255 - x % 256));
        const QImage back = QImage::fromData(encodePng(image), "PNG");
        QCOMPARE(back.convertToFormat(QImage::Format_RGB32), image);
    }

    void nothingForNoImage() { QVERIFY(encodePng(QImage()).isEmpty()); }
};

QTEST_APPLESS_MAIN(TestPng)
#include "test_png.moc"
