// SPDX-License-Identifier: GPL-3.0-or-later
// The compared chips' layer (StillLayer) is drawn again at a live step only when what it holds moved, and what the
// screen shows is then what the layer holds: a plot with a marker and a text on such a layer, grabbed as the screen
// shows it, step by step.
#include "chart/still_layer.h"
#include "test_util.h"

#include <QImage>
#include <QTest>

using namespace roofline::widgets;

class TestStillLayer : public QObject {
    Q_OBJECT
private slots:
    void drawsAgainOnlyWhatMoved();
    void unusedHasNoBufferOfItsOwn();

private:
    // Whether the plot, as the screen shows it, is red at the marker's place for (x, 1).
    static bool redAt(QCustomPlot& plot, double x)
    {
        const QImage shown = plot.grab().toImage();
        const QPoint at(qRound(plot.xAxis->coordToPixel(x)), qRound(plot.yAxis->coordToPixel(1)));
        const QColor c = shown.pixelColor(at * shown.devicePixelRatio());
        return c.red() > 200 && c.green() < 60 && c.blue() < 60;
    }
};

void TestStillLayer::drawsAgainOnlyWhatMoved()
{
    QCustomPlot plot;
    plot.resize(300, 200);
    plot.addLayer(QStringLiteral("still"), plot.layer(QStringLiteral("main")), QCustomPlot::limBelow);
    StillLayer still;
    still.attach(plot.layer(QStringLiteral("still")));
    still.setUsed(true);
    QCOMPARE(plot.layer(QStringLiteral("still"))->mode(), QCPLayer::lmBuffered);
    plot.xAxis->setRange(0, 2);
    plot.yAxis->setRange(0, 2);
    QCPGraph* marker = plot.addGraph();
    marker->setLayer(still.layer());
    marker->setLineStyle(QCPGraph::lsNone);
    marker->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, Qt::red, 12));
    marker->setData({ 0.5 }, { 1 });
    auto* text = new QCPItemText(&plot);
    text->setLayer(still.layer());
    text->position->setCoords(1, 0.5);
    text->setText(QStringLiteral("H100 HBM 3.35 TB/s"));
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.replot();
    still.drawn(false);
    QVERIFY(redAt(plot, 0.5));

    // Nothing on the layer moved: it is not drawn again, and the screen still shows it.
    QVERIFY(!still.redrawIfChanged(false));
    QVERIFY(redAt(plot, 0.5));

    // The marker moved during a drag: drawn again, fast, and shown where it is now, not where it was.
    marker->setData({ 1.5 }, { 1 });
    QVERIFY(still.redrawIfChanged(true));
    QVERIFY(redAt(plot, 1.5));
    QVERIFY(!redAt(plot, 0.5));
    QVERIFY(!still.redrawIfChanged(true));
    // Drawing turns smooth: drawn once more, then not again while nothing moves.
    QVERIFY(still.redrawIfChanged(false));
    QVERIFY(!still.redrawIfChanged(false));

    // A text's words, its place, a hidden item: each is drawn again.
    text->setText(QStringLiteral("H200 HBM 4.8 TB/s"));
    QVERIFY(still.redrawIfChanged(false));
    text->position->setCoords(1.2, 0.5);
    QVERIFY(still.redrawIfChanged(false));
    text->setVisible(false);
    QVERIFY(still.redrawIfChanged(false));
    marker->setVisible(false);
    QVERIFY(still.redrawIfChanged(false));
    QVERIFY(!redAt(plot, 1.5));

    // A full replot draws everything, the layer with it: a live step after it has nothing to draw.
    marker->setVisible(true);
    plot.replot();
    still.drawn(false);
    QVERIFY(!still.redrawIfChanged(false));
    QVERIFY(redAt(plot, 1.5));
}

void TestStillLayer::unusedHasNoBufferOfItsOwn()
{
    QCustomPlot plot;
    plot.addLayer(QStringLiteral("still"), plot.layer(QStringLiteral("main")), QCustomPlot::limBelow);
    StillLayer still;
    still.attach(plot.layer(QStringLiteral("still")));
    still.setUsed(true);
    still.setUsed(false);
    QCOMPARE(plot.layer(QStringLiteral("still"))->mode(), QCPLayer::lmLogical);
    QVERIFY(!still.used());
    QVERIFY(!still.redrawIfChanged(false));
}

ROOFLINE_GUI_TEST_MAIN(TestStillLayer)
#include "test_still_layer.moc"
