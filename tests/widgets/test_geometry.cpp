// SPDX-License-Identifier: GPL-3.0-or-later
// The chart's geometry (export/chart_geometry.h) checked against what the core computes, over every example as the
// window opens it: roofs and markers where the core puts them through the axes, every marker drawn on its own roof
// and never above the envelope, and exports for slides with large text and none of the window's state.
#include "chart/chart_probe.h"
#include "chart/roofline_chart.h"
#include "document/document.h"
#include "export/chart_geometry.h"
#include "sweep/sweep_chart.h"
#include "test_util.h"
#include "window/main_window.h"
#include "window_fixture.h"

#include <QAction>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenu>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <set>

using namespace roofline;
using namespace roofline::widgets;

namespace {

// Where a value lies in the plot's pixels, derived from the plot's rectangle and the axes' decades alone: a log axis
// maps 10^lower to the left (bottom) edge and 10^upper to the right (top) edge, linearly in the logarithm. The bottom
// edge is the last row inside the rectangle, as QRect::bottom() counts it, a pixel above the rectangle's end.
QPointF expectedPixel(const chart::Layout& l, const QRectF& plot, double x, double y)
{
    const double fx = (std::log10(x) - l.x.lowerDecade) / l.x.decades();
    const double fy = (std::log10(y) - l.y.lowerDecade) / l.y.decades();
    return { plot.left() + fx * plot.width(), plot.bottom() - 1 - fy * plot.height() };
}

bool near(const QPointF& a, const QPointF& b, double tolerance = 0.5)
{
    return std::abs(a.x() - b.x()) <= tolerance && std::abs(a.y() - b.y()) <= tolerance;
}

QString show(const QPointF& p)
{
    return QStringLiteral("(%1, %2)").arg(p.x(), 0, 'f', 1).arg(p.y(), 0, 'f', 1);
}

// The height of the envelope's polyline at pixel column x; nothing outside it.
std::optional<double> envelopeAt(const std::vector<QPointF>& envelope, double x)
{
    for (std::size_t i = 1; i < envelope.size(); ++i) {
        const QPointF& a = envelope[i - 1];
        const QPointF& b = envelope[i];
        if (x >= a.x() - 0.5 && x <= b.x() + 0.5)
            return b.x() == a.x() ? std::min(a.y(), b.y()) : a.y() + (b.y() - a.y()) * (x - a.x()) / (b.x() - a.x());
    }
    return std::nullopt;
}

// The session operation named by id.
std::optional<std::size_t> operationById(const Session& s, const QString& id)
{
    for (std::size_t i = 0; i < s.operations.size(); ++i)
        if (QString::fromStdString(s.operations[i].id) == id)
            return i;
    return std::nullopt;
}

// A text's height across its baseline: the box's for a level text, the distance of its top and bottom corners for
// one drawn at an angle.
double textHeight(const ChartGeometry::Text& t)
{
    if (!t.polygon)
        return t.rect.height();
    const QPointF d = (*t.polygon)[3] - (*t.polygon)[0];
    return std::hypot(d.x(), d.y());
}

QStringList exampleNames(widgets::MainWindow& window)
{
    QStringList names;
    for (const QAction* a : window.examplesMenu()->actions())
        if (!a->isSeparator())
            names.append(a->data().toString());
    return names;
}

} // namespace

class TestGeometry : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void defaultScenarioAsTheCoreComputes();
    void markersStayOnTheirRoofs_data();
    void markersStayOnTheirRoofs();
    void slidesHaveLargeText_data();
    void slidesHaveLargeText();
    void exportsCarryNoWindowState();
    void exportsAreFittedToTheirOwnSize();
    void sweepExportsHaveATitle();
    void geometryAsJson();
    void hoverListsEveryOperationOfAStack();

private:
    QTemporaryDir m_dir;
};

void TestGeometry::initTestCase()
{
    QVERIFY(m_dir.isValid());
    testing::keepSettingsIn(m_dir.filePath(QStringLiteral("settings")));
}

// The default scenario at 1024 × 768: roofs' ends, the envelope and markers' values where the core's layout puts
// them through the axes; markers' values on the operations' evaluations.
void TestGeometry::defaultScenarioAsTheCoreComputes()
{
    auto window = testing::showWindow(QSize(1024, 768));
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    RooflineChart& chart = *window->chart();
    const ChartGeometry g = chartGeometry(chart, QSize(1024, 768), 2);
    QCOMPARE(g.image, QSize(2048, 1536));
    const chart::Layout& l = ChartProbe(chart).layout();
    const Analysis& a = chart.analysis();
    // In logical pixels, where the layout's figures are checked, then the image's twice as many.
    const QRectF plot(g.plot.topLeft() / 2, g.plot.size() / 2);
    QVERIFY(plot.width() > 300 && plot.height() > 200);

    QCOMPARE(g.roofs.size(), l.roofs.size());
    for (std::size_t i = 0; i < l.roofs.size(); ++i) {
        const chart::RoofSegment& r = l.roofs[i];
        QCOMPARE(g.roofs[i].name, QString::fromStdString(r.name));
        QCOMPARE(g.roofs[i].kind,
            r.kind == RoofKind::Compute      ? QStringLiteral("compute")
                : r.kind == RoofKind::Memory ? QStringLiteral("memory")
                                             : QStringLiteral("link"));
        QVERIFY2(near(g.roofs[i].from / 2, expectedPixel(l, plot, r.from.x, r.from.y)),
            qPrintable(g.roofs[i].name + show(g.roofs[i].from / 2)));
        QVERIFY2(near(g.roofs[i].to / 2, expectedPixel(l, plot, r.to.x, r.to.y)),
            qPrintable(g.roofs[i].name + show(g.roofs[i].to / 2)));
    }
    QCOMPARE(g.envelope.size(), l.envelope.size());
    for (std::size_t i = 0; i < l.envelope.size(); ++i)
        QVERIFY(near(g.envelope[i] / 2, expectedPixel(l, plot, l.envelope[i].x, l.envelope[i].y)));

    // One marker per operation and resource with bytes, at its intensity and min(peak, bandwidth · intensity).
    std::size_t expected = 0;
    for (const std::size_t op : a.shown())
        expected += a.operations[op].evaluation->resources.size();
    QCOMPARE(g.markers.size(), expected);
    for (const ChartGeometry::Marker& m : g.markers) {
        const auto op = operationById(a.session, m.operation);
        QVERIFY2(op, qPrintable(m.operation));
        const Evaluation& ev = *a.operations[*op].evaluation;
        const auto r = std::find_if(ev.resources.begin(), ev.resources.end(),
            [&](const ResourceUse& u) { return QString::fromStdString(u.name) == m.resource; });
        QVERIFY2(r != ev.resources.end(), qPrintable(m.resource));
        const double y = std::min(ev.peak * ev.computeEfficiency, r->bandwidth * r->efficiency * r->intensity);
        QVERIFY2(near(m.at / 2, expectedPixel(l, plot, r->intensity, y)),
            qPrintable(m.operation + QLatin1Char(' ') + m.resource + show(m.at / 2)));
        QCOMPARE(m.radius, (9 + 2) / 2.0 * 2);
        QVERIFY(m.count >= 1);
    }

    // The title, both axes' labels and their ticks, the roofs' names; every text inside the image.
    const QRectF image(QPointF(0, 0), QSizeF(g.image));
    auto texts = [&g](const QString& kind) {
        return std::count_if(
            g.texts.begin(), g.texts.end(), [&](const ChartGeometry::Text& t) { return t.kind == kind; });
    };
    QCOMPARE(texts(QStringLiteral("title")), 1);
    QCOMPARE(texts(QStringLiteral("axis")), 2);
    QVERIFY(texts(QStringLiteral("tick")) >= l.x.decades() + l.y.decades());
    QVERIFY(texts(QStringLiteral("roof")) >= 2);
    for (const ChartGeometry::Text& t : g.texts) {
        QVERIFY2(image.contains(t.rect), qPrintable(t.kind + QLatin1Char(' ') + t.text));
        QVERIFY(!t.text.isEmpty());
    }
    // The x ticks lie under the plot, centred on their decades; the y axis's label is turned.
    for (const ChartGeometry::Text& t : g.texts) {
        if (t.kind == QLatin1String("tick") && t.of == QLatin1String("x"))
            QVERIFY(t.rect.top() >= g.plot.bottom() - 1);
        if (t.kind == QLatin1String("axis") && t.of == QLatin1String("y")) {
            QVERIFY(t.polygon);
            QVERIFY(t.rect.height() > t.rect.width());
            QVERIFY(t.rect.right() <= g.plot.left());
        }
    }
}

void TestGeometry::markersStayOnTheirRoofs_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<QString>("example");
    auto window = testing::showWindow(QSize(800, 600));
    for (const QSize size : { QSize(1024, 768), QSize(640, 360), QSize() })
        for (const QString& name : exampleNames(*window))
            QTest::addRow("%s %s",
                size.isValid() ? qPrintable(QStringLiteral("%1x%2").arg(size.width()).arg(size.height()))
                               : "presenting",
                qPrintable(QString(name).remove(QStringLiteral("scenarios/"))))
                << size << name;
}

// Every example as the window opens it, its chart at 1024 × 768 and 640 × 360, and as the presentation shows it
// (no size: the chart's own, full screen, in large type with its ticks inside): each marker is painted at its own
// value or stands in a stack drawn on its own roof, never above its roof and never above the envelope.
void TestGeometry::markersStayOnTheirRoofs()
{
    QFETCH(QSize, size);
    QFETCH(QString, example);
    auto window = testing::showWindow(QSize(1024, 768));
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    const QString error = window->openEmbeddedScenario(example);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    RooflineChart& chart = *window->chart();
    if (!size.isValid()) {
        window->setPresentation(true);
        TRY_VERIFY(window->isFullScreen());
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        size = chart.size();
    }
    const ChartGeometry g = chartGeometry(chart, size, 1);
    // Presenting, the ticks are labelled inside the plot; otherwise outside it.
    for (const ChartGeometry::Text& t : g.texts)
        if (t.kind == QLatin1String("tick"))
            QVERIFY2(g.plot.adjusted(-1, -1, 1, 1).contains(t.rect) == window->isPresenting(), qPrintable(t.text));
    const chart::Layout& l = ChartProbe(chart).layout();
    const Analysis& a = chart.analysis();
    const QRectF plot = g.plot;
    QVERIFY(!g.markers.empty());
    int painted = 0;
    for (const ChartGeometry::Marker& m : g.markers) {
        const QString what = m.operation + QLatin1Char(' ') + m.resource + QStringLiteral(" drawn at ") + show(m.drawn)
            + QStringLiteral(" for ") + show(m.at);
        if (!plot.adjusted(-1, -1, 1, 1).contains(m.at) || !m.chip.isEmpty())
            continue; // outside the axes (a gather that does no FLOPs, held axes), or on a compared chip's roofs
        const Evaluation& ev = *a.operations[*operationById(a.session, m.operation)].evaluation;
        const auto r = std::find_if(ev.resources.begin(), ev.resources.end(),
            [&](const ResourceUse& u) { return QString::fromStdString(u.name) == m.resource; });
        QVERIFY(r != ev.resources.end());
        // Its own roof through the pixel column where it is drawn, from the core's figures.
        const double x = std::pow(10.0, l.x.lowerDecade + (m.drawn.x() - plot.left()) / plot.width() * l.x.decades());
        const double roof = std::min(ev.peak * ev.computeEfficiency, r->bandwidth * r->efficiency * x);
        const double roofY = expectedPixel(l, plot, x, roof).y();
        const double atRoofY = expectedPixel(l, plot, r->intensity,
            std::min(ev.peak * ev.computeEfficiency, r->bandwidth * r->efficiency * r->intensity))
                                   .y();
        QVERIFY2(m.drawn.y() >= roofY - 1,
            qPrintable(what + QStringLiteral(" is above its roof at %1 (%2)").arg(roofY).arg(atRoofY)));
        if (std::abs(m.at.y() - atRoofY) <= 1) // on its roof (no latency holds it lower): drawn on it
            QVERIFY2(std::abs(m.drawn.y() - roofY) <= 1, qPrintable(what + QStringLiteral(" is off its roof")));
        // Every operation of the chart's dtype lies under the envelope the chart draws.
        if (ev.dtype == a.dtype) {
            const auto envelope = envelopeAt(g.envelope, m.drawn.x());
            QVERIFY(envelope);
            QVERIFY2(m.drawn.y() >= *envelope - 1, qPrintable(what + QStringLiteral(" is above the envelope")));
        }
        // A marker painted for itself is painted at its value; one that another stands for lies within its disc.
        const double apart = std::hypot(m.drawn.x() - m.at.x(), m.drawn.y() - m.at.y());
        if (apart < 0.01)
            ++painted;
        else
            QVERIFY2(m.count > 1 && apart < m.radius, qPrintable(what));
    }
    QVERIFY(painted > 0);
    // A count names every marker standing for several operations that has room for it, beside its marker.
    for (const ChartGeometry::Text& t : g.texts)
        if (t.kind == QLatin1String("note") && t.text.startsWith(QStringLiteral("×"))) {
            QVERIFY(plot.contains(t.rect));
            QVERIFY(std::any_of(g.markers.begin(), g.markers.end(), [&](const ChartGeometry::Marker& m) {
                return m.operation == t.of && m.count == t.text.mid(1).toULongLong()
                    && t.rect.adjusted(-30, -30, 30, 30).contains(m.drawn);
            }));
        }
}

void TestGeometry::slidesHaveLargeText_data()
{
    QTest::addColumn<QString>("slide");
    QTest::addColumn<QString>("example");
    auto window = testing::showWindow(QSize(800, 600));
    for (const SlideSize& slide : kSlideSizes)
        for (const QString& name : exampleNames(*window))
            QTest::addRow("%s %s", slide.name, qPrintable(QString(name).remove(QStringLiteral("scenarios/"))))
                << QString::fromUtf8(slide.name) << name;
}

// At a slide's size every text of the chart is at least 2.5 % of the image's height: ticks, roofs' and ridges'
// names, operations' names and counts, the legend.
void TestGeometry::slidesHaveLargeText()
{
    QFETCH(QString, slide);
    QFETCH(QString, example);
    auto window = testing::showWindow(QSize(1024, 768));
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QVERIFY(window->openEmbeddedScenario(example).isEmpty());
    RooflineChart& chart = *window->chart();
    const ExportOptions options = slideOptions(*slideSize(slide));
    ChartTheme theme = ChartTheme::light();
    theme.zoom = *options.zoom;
    chart.setTheme(theme);
    const ChartGeometry g = chartGeometry(chart, options.size, options.scale);
    QCOMPARE(g.image, slide == QLatin1String("slide") ? QSize(1920, 1080) : QSize(1440, 1080));
    QVERIFY(g.texts.size() > 10);
    for (const ChartGeometry::Text& t : g.texts)
        QVERIFY2(textHeight(t) >= 0.025 * g.image.height(),
            qPrintable(QStringLiteral("%1 '%2' is %3 px high").arg(t.kind, t.text).arg(textHeight(t))));
}

// An export shows the chart alone: no selection ring, no "(modified)"; the window keeps both.
void TestGeometry::exportsCarryNoWindowState()
{
    auto window = testing::showWindow(QSize(1024, 768));
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    RooflineChart& chart = *window->chart();
    const QImage plain = renderChart(chart, QSize(800, 500), 1);
    const std::size_t op = ChartProbe(chart).shown().front();
    chart.setSelectedOperation(op);
    QVERIFY(!ChartProbe(chart).highlightPoints().isEmpty());
    QCOMPARE(renderChart(chart, QSize(800, 500), 1), plain);
    QVERIFY(!ChartProbe(chart).highlightPoints().isEmpty());

    Document& document = *window->document();
    const double peak = *document.hardware().peakFor(document.analysis()->dtype);
    QVERIFY(!document.setHardwareValue("peak." + std::string(dtypeName(document.analysis()->dtype)), peak * 0.9));
    QVERIFY(ChartProbe(chart).titleText().contains(QStringLiteral("(modified)")));
    const ChartGeometry g = chartGeometry(chart, QSize(800, 500), 1);
    const auto title = std::find_if(
        g.texts.begin(), g.texts.end(), [](const ChartGeometry::Text& t) { return t.kind == QLatin1String("title"); });
    QVERIFY(title != g.texts.end());
    QVERIFY(!title->text.isEmpty());
    for (const ChartGeometry::Text& t : g.texts)
        QVERIFY2(!t.text.contains(QStringLiteral("modified")), qPrintable(t.text));
    QVERIFY(ChartProbe(chart).titleText().contains(QStringLiteral("(modified)")));
    // With a chip compared the mark is inside the title, before the chips: left out all the same.
    QVERIFY(!document.setCompared({ "tpu-v5e" }));
    QVERIFY(ChartProbe(chart).titleText().contains(QStringLiteral("(modified) vs ")));
    const ChartGeometry compared = chartGeometry(chart, QSize(800, 500), 1);
    for (const ChartGeometry::Text& t : compared.texts)
        QVERIFY2(!t.text.contains(QStringLiteral("modified")), qPrintable(t.text));
    QVERIFY(ChartProbe(chart).titleText().contains(QStringLiteral("(modified) vs ")));
}

// A slide is laid out for its own size, whatever the window's: from a small window, where the chart leaves its title
// out and keeps few ticks, it has the title and the ticks of a slide made from a large one; and the window's chart
// gets its own back at the next replot.
void TestGeometry::exportsAreFittedToTheirOwnSize()
{
    const ExportOptions options = slideOptions(*slideSize(QStringLiteral("slide")));
    struct Made {
        QStringList texts; // the slide's title and ticks
        bool titledOnScreen = false;
        bool screenKept = false; // the window's chart has its title and ticks back after the export
    };
    auto slideFrom = [&](QSize windowSize) {
        auto window = testing::showWindow(windowSize);
        Made made;
        if (!QTest::qWaitForWindowExposed(window.get()))
            return made;
        RooflineChart& chart = *window->chart();
        ChartTheme theme = ChartTheme::light();
        theme.zoom = *options.zoom;
        chart.setTheme(theme);
        chart.replot(QCustomPlot::rpImmediateRefresh);
        made.titledOnScreen = ChartProbe(chart).chartTexts().title->visible();
        const QVector<double> screenTicks = chart.xAxis->tickVector();
        const ChartGeometry g = chartGeometry(chart, options.size, options.scale);
        for (const ChartGeometry::Text& t : g.texts)
            if (t.kind == QLatin1String("title") || t.kind == QLatin1String("tick"))
                made.texts << t.kind + QLatin1Char(' ') + t.text;
        chart.replot(QCustomPlot::rpImmediateRefresh);
        made.screenKept = ChartProbe(chart).chartTexts().title->visible() == made.titledOnScreen
            && chart.xAxis->tickVector() == screenTicks;
        return made;
    };
    const Made small = slideFrom(QSize(720, 336));
    const Made large = slideFrom(QSize(1920, 1080));
    QVERIFY2(!small.titledOnScreen, "a small window's chart leaves its title out at the slide's zoom");
    QVERIFY(small.screenKept);
    QVERIFY(large.screenKept);
    QVERIFY2(small.texts.contains(QStringLiteral("title NVIDIA H100 SXM · bf16")), qPrintable(small.texts.join(u'|')));
    QCOMPARE(small.texts, large.texts);
}

// The sweep as exported names the chip, the dtype and the parameter above its curves, and its legend names them.
void TestGeometry::sweepExportsHaveATitle()
{
    auto window = testing::showWindow(QSize(1024, 768));
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QVERIFY(window->openEmbeddedScenario(QStringLiteral("scenarios/batch-size-curve-v5e.yaml")).isEmpty());
    SweepChart chart;
    chart.setTitled(true);
    chart.setAnalysis(window->document()->analysis());
    chart.setParam("B");
    chart.resize(720, 540);
    chart.draw();
    QCOMPARE(chart.titleText(), QStringLiteral("Google TPU v5e · bf16 · attainable against B"));
    QVERIFY(chart.legend->visible() && chart.legend->itemCount() >= 1);
    // Each curve that five values of B share is named without any of them: nothing in the legend goes stale when a
    // drag or a play moves B.
    QStringList names;
    for (int i = 0; i < chart.legend->itemCount(); ++i)
        names << qobject_cast<QCPPlottableLegendItem*>(chart.legend->item(i))->plottable()->name();
    QCOMPARE(names, QStringList({ "D=F=4096 (5 values of B)", "D=F=1024 (5 values of B)" }));
    QCOMPARE(sweepFamilyName(QStringLiteral("matmul B=128"), QStringLiteral("B"), 1), QStringLiteral("matmul B=128"));
    QCOMPARE(sweepFamilyName(QStringLiteral("B=128"), QStringLiteral("B"), 3), QStringLiteral("B=128 (3 values of B)"));
    QCOMPARE(sweepFamilyName(QStringLiteral("dot N=1k BF=2"), QStringLiteral("B"), 2),
        QStringLiteral("dot N=1k BF=2 (2 values of B)"));
    SweepChart untitled; // the window's Sweep tab keeps the room for its curves
    QCOMPARE(untitled.titleText(), QString());
}

// The JSON holds the geometry's every part under the documented keys, in the image's pixels.
void TestGeometry::geometryAsJson()
{
    auto window = testing::showWindow(QSize(1024, 768));
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    const ChartGeometry g = chartGeometry(*window->chart(), QSize(800, 500), 2);
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(geometryJson(g)), &error);
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
    const QJsonObject root = doc.object();
    QCOMPARE(
        root.keys(), (QStringList { "envelope", "image", "legend", "markers", "plot", "ridges", "roofs", "texts" }));
    QCOMPARE(root["image"]["width"].toInt(), 1600);
    QCOMPARE(root["image"]["height"].toInt(), 1000);
    QCOMPARE(root["plot"]["width"].toDouble(), std::round(g.plot.width() * 100) / 100);
    QCOMPARE(qsizetype(root["markers"].toArray().size()), qsizetype(g.markers.size()));
    const QJsonObject marker = root["markers"].toArray().first().toObject();
    QCOMPARE(marker.keys(), (QStringList { "at", "binding", "count", "drawn", "operation", "radius", "resource" }));
    QCOMPARE(marker["at"].toArray().size(), 2);
    const QJsonObject roof = root["roofs"].toArray().first().toObject();
    QCOMPARE(roof.keys(), (QStringList { "from", "kind", "name", "to" }));
    bool turned = false;
    for (const QJsonValue& v : root["texts"].toArray()) {
        const QJsonObject t = v.toObject();
        QVERIFY(t.contains("kind") && t.contains("of") && t.contains("text"));
        QCOMPARE(t["rect"].toArray().size(), 4);
        if (t.contains("polygon")) {
            QCOMPARE(t["polygon"].toArray().size(), 4);
            turned = true;
        }
    }
    QVERIFY(turned); // the y axis's label at least
    QVERIFY(root["legend"].isNull() || root["legend"]["rect"].toArray().size() == 4);
}

// A marker that stands for several operations lists them all on hover; the selected one is drawn at its value.
void TestGeometry::hoverListsEveryOperationOfAStack()
{
    auto window = testing::showWindow(QSize(1024, 768));
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QVERIFY(window->openEmbeddedScenario(QStringLiteral("scenarios/llama-2-7b-training-64-h100.yaml")).isEmpty());
    RooflineChart& chart = *window->chart();
    chart.replot();
    const auto markers = ChartProbe(chart).drawnMarkers();
    const Session& session = window->document()->session();
    int stacks = 0;
    for (const ChartProbe::DrawnMarker& shown : markers) {
        if (!shown.painted || shown.count < 2)
            continue;
        ++stacks;
        const QString hover = ChartProbe(chart).hoverText(shown.centre);
        std::set<std::size_t> members;
        for (const ChartProbe::DrawnMarker& m : markers)
            if (m.centre == shown.centre) {
                members.insert(m.operation);
                QVERIFY2(hover.contains(QString::fromStdString(session.operations[m.operation].name).toHtmlEscaped()),
                    qPrintable(QString::fromStdString(session.operations[m.operation].name)));
            }
        QVERIFY(members.size() >= shown.count);
    }
    QVERIFY(stacks > 0);
    // The selected operation (or the one being dragged) is the one drawn where it meets others: at its own value.
    const auto hidden
        = std::find_if(markers.begin(), markers.end(), [](const ChartProbe::DrawnMarker& m) { return !m.painted; });
    QVERIFY(hidden != markers.end());
    chart.setSelectedOperation(hidden->operation);
    chart.replot();
    const auto now = ChartProbe(chart).drawnMarkers();
    const chart::Marker& value = ChartProbe(chart).layout().markers[hidden->marker];
    QVERIFY(now[hidden->marker].painted);
    QVERIFY(near(now[hidden->marker].centre,
        QPointF(chart.xAxis->coordToPixel(value.at.x), chart.yAxis->coordToPixel(value.at.y)), 0.01));
}

ROOFLINE_GUI_TEST_MAIN(TestGeometry)
#include "test_geometry.moc"
