// SPDX-License-Identifier: GPL-3.0-or-later
// The chart's labels are LabelItems, which keep their text's layout between draws: drawn into the chart's paint
// buffers they must look as QCustomPlot's own QCPItemText draws them, at every alignment, rotation, padding and box,
// after the text changes, and on a device of twice the pixel density. Two plots of the same size, one with
// QCPItemText and one with LabelItem, are drawn through their buffers as the screen shows them and compared pixel by
// pixel.
#include "chart/label_item.h"
#include "test_util.h"

#include <QApplication>
#include <QImage>
#include <QTest>

#include <algorithm>
#include <cstdlib>
#include <memory>

using namespace roofline::widgets;

namespace {

// Where a text's ink lies, how much of it there is, and its darkest pixel's colour.
struct Ink {
    QRect box; // of the pixels inked more than lightly
    double darkness = 0; // the sum over pixels of 255 less the lowest channel
    QRgb colour = 0;
};

Ink inkOf(const QImage& image)
{
    Ink ink;
    int darkest = 255;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QRgb p = image.pixel(x, y);
            const int low = std::min({ qRed(p), qGreen(p), qBlue(p) });
            ink.darkness += 255 - low;
            if (low < 200)
                ink.box |= QRect(x, y, 1, 1);
            if (low < darkest) {
                darkest = low;
                ink.colour = p;
            }
        }
    return ink;
}

// A plot with no axes: only the text shows.
std::unique_ptr<QCustomPlot> blankPlot()
{
    auto plot = std::make_unique<QCustomPlot>();
    plot->resize(360, 240);
    for (QCPAxis* axis : plot->axisRect()->axes())
        axis->setVisible(false);
    plot->axisRect()->setMargins(QMargins());
    plot->axisRect()->setAutoMargins(QCP::msNone);
    return plot;
}

// Sets a text item up as the chart does, in several ways.
void style(QCPItemText* item, int variant, const QString& text, double points)
{
    QFont font = QApplication::font();
    font.setPointSizeF(points + (variant % 2 ? 0 : 4));
    item->setFont(font);
    item->setColor(QColor(20, 60, 140));
    item->setText(text);
    item->position->setType(QCPItemPosition::ptAbsolute);
    item->position->setCoords(150 + 7.3 * variant, 110 + 3.6 * variant); // off the pixel grid too
    item->setPositionAlignment(variant % 3 == 0 ? Qt::AlignCenter
            : variant % 3 == 1                  ? Qt::AlignLeft | Qt::AlignBottom
                                                : Qt::AlignRight | Qt::AlignTop);
    item->setTextAlignment(variant % 2 ? Qt::AlignLeft : Qt::AlignHCenter);
    item->setRotation(variant * -17.5);
    item->setPadding(QMargins(variant, 2, 3, variant % 2));
    if (variant % 2) { // a halo box, as the marker counts and the roofs' names over a close roof have; lighter than
                       // what counts as ink, so that the text's ink is measured inside it
        item->setBrush(QBrush(QColor(235, 235, 235, 200)));
        item->setPen(QPen(QColor(215, 215, 215), 1));
    }
}

// The plot as its widget paints it: each layer drawn into its paint buffer, the buffers onto the widget.
QImage onScreen(QCustomPlot& plot)
{
    plot.replot(QCustomPlot::rpImmediateRefresh);
    return plot.grab().toImage().convertToFormat(QImage::Format_ARGB32);
}

} // namespace

class TestLabelItem : public QObject {
    Q_OBJECT

private slots:
    void drawsAsQCustomPlotDraws_data()
    {
        QTest::addColumn<int>("variant");
        QTest::addColumn<qreal>("pixelRatio");
        for (int variant = 0; variant < 6; ++variant)
            for (qreal ratio : { 1.0, 2.0 })
                QTest::addRow("variant %d at %gx", variant, ratio) << variant << ratio;
    }
    void drawsAsQCustomPlotDraws()
    {
        QFETCH(int, variant);
        QFETCH(qreal, pixelRatio);
        auto theirs = blankPlot();
        auto ours = blankPlot();
        theirs->setBufferDevicePixelRatio(pixelRatio);
        ours->setBufferDevicePixelRatio(pixelRatio);
        auto* reference = new QCPItemText(theirs.get());
        auto* label = new LabelItem(ours.get());
        // Drawn once, then after each thing the layout depends on changes: the text, the font, the buffers' pixel
        // ratio; and a text of two lines, which LabelItem leaves to QCPItemText. The layout kept from the draw before
        // must not survive the change.
        const struct {
            QString text;
            double points;
            qreal ratio;
        } steps[] = { { QStringLiteral("HBM 3.35 TB/s"), 9, pixelRatio },
            { QStringLiteral("ridge 295 FLOPs/byte"), 9, pixelRatio },
            { QStringLiteral("ridge 295 FLOPs/byte"), 11, pixelRatio },
            { QStringLiteral("ridge 295 FLOPs/byte"), 11, 3 - pixelRatio },
            { QStringLiteral("two lines:\nQCPItemText's own"), 11, 3 - pixelRatio } };
        for (const auto& [text, points, ratio] : steps) {
            theirs->setBufferDevicePixelRatio(ratio);
            ours->setBufferDevicePixelRatio(ratio);
            style(reference, variant, text, points);
            style(label, variant, text, points);
            const QImage expected = onScreen(*theirs);
            const QImage actual = onScreen(*ours);
            QCOMPARE(actual.size(), expected.size());
            const Ink want = inkOf(expected);
            const Ink got = inkOf(actual);
            QVERIFY2(want.darkness > 20000, "the reference text is drawn");
            // Glyphs drawn through QStaticText and through drawText may be rasterised a little differently (a
            // rotated glyph from the glyph cache or from its outline), but the text covers the same pixels: a text
            // moved, cut, left stale or in another size or colour does not.
            const int edges
                = std::max({ std::abs(got.box.left() - want.box.left()), std::abs(got.box.top() - want.box.top()),
                    std::abs(got.box.right() - want.box.right()), std::abs(got.box.bottom() - want.box.bottom()) });
            QVERIFY2(edges <= 1,
                qPrintable(
                    QStringLiteral("\"%1\" is inked over (%2, %3) to (%4, %5), QCPItemText's over (%6, %7) to (%8, %9)")
                        .arg(text)
                        .arg(got.box.left())
                        .arg(got.box.top())
                        .arg(got.box.right())
                        .arg(got.box.bottom())
                        .arg(want.box.left())
                        .arg(want.box.top())
                        .arg(want.box.right())
                        .arg(want.box.bottom())));
            QVERIFY2(std::abs(got.darkness - want.darkness) <= 0.05 * want.darkness,
                qPrintable(
                    QStringLiteral("\"%1\" has %2 of QCPItemText's ink").arg(text).arg(got.darkness / want.darkness)));
            QVERIFY2(got.colour == want.colour, qPrintable(text));
        }
    }
};

ROOFLINE_GUI_TEST_MAIN(TestLabelItem)
#include "test_label_item.moc"
