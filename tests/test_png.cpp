// The export's PNG encoder: what it writes decodes to the very pixels it was given, at every size and band split.
#include "png_writer.h"

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
        QTest::newRow("1×1") << QSize(1, 1) << int(QImage::Format_RGB32);
        QTest::newRow("one row") << QSize(700, 1) << int(QImage::Format_ARGB32);
        QTest::newRow("one column") << QSize(1, 700) << int(QImage::Format_RGB32);
        QTest::newRow("odd size, several bands") << QSize(641, 377) << int(QImage::Format_ARGB32_Premultiplied);
        QTest::newRow("an export's size") << QSize(3200, 2000) << int(QImage::Format_ARGB32_Premultiplied);
    }
    void roundTrips()
    {
        QFETCH(QSize, size);
        QFETCH(int, format);
        QImage image(size, QImage::Format(format));
        image.fill(Qt::white);
        // A chart's look: flat background, lines, and noise that no filter predicts.
        std::mt19937 random(7);
        for (int y = 0; y < size.height(); ++y)
            for (int x = 0; x < size.width(); ++x)
                if ((x + 3 * y) % 17 == 0 || y % 50 == 0)
                    image.setPixel(x, y, qRgb(0, 114, 178));
                else if (random() % 9 == 0)
                    image.setPixel(x, y, qRgb(int(random() % 256), int(random() % 256), int(random() % 256)));
        const QByteArray png = encodePng(image, 192);
        QVERIFY(png.startsWith("\x89PNG"));
        const QImage back = QImage::fromData(png, "PNG");
        QCOMPARE(back.size(), size);
        QCOMPARE(back.convertToFormat(QImage::Format_RGB888), image.convertToFormat(QImage::Format_RGB888));
        QCOMPARE(back.dotsPerMeterX(), 7559); // 192 dpi
    }

    void aFlatChartCompresses()
    {
        QImage image(1600, 1000, QImage::Format_RGB32);
        image.fill(Qt::white);
        QVERIFY(encodePng(image).size() < 50000); // from 4.8 MB of pixels: 100 times smaller at least
    }

    void nothingForNoImage() { QVERIFY(encodePng(QImage()).isEmpty()); }
};

QTEST_APPLESS_MAIN(TestPng)
#include "test_png.moc"
