// SPDX-License-Identifier: GPL-3.0-or-later
// Every example as a class sees it, driven through the real window offscreen: no marker hidden under another, every
// operation's name on the chart beside its own marker (joined by a leader line when it had to move out), no text over
// a marker or over another text, nothing past the plot's edges.
#include "chart/chart_probe.h"
#include "chart/label_placement.h"
#include "chart/roofline_chart.h"
#include "document/document.h"
#include "export/chart_geometry.h"
#include "files/presets.h"
#include "files/scenario.h"
#include "test_util.h"
#include "window/main_window.h"
#include "window_fixture.h"

#include <QAction>
#include <QMap>
#include <QMenu>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>

using namespace roofline;
using namespace roofline::widgets;

namespace {

// Whether a text's box reaches into a marker's disc (by more than a pixel: antialiased rims may touch).
bool covers(const QRectF& box, const ChartProbe::DrawnMarker& m)
{
    const double r = m.diameter / 2 - 1;
    const double dx = std::max({ box.left() - m.centre.x(), 0.0, m.centre.x() - box.right() });
    const double dy = std::max({ box.top() - m.centre.y(), 0.0, m.centre.y() - box.bottom() });
    return dx * dx + dy * dy < r * r;
}

QString describe(const ChartProbe::DrawnMarker& m, const Session& s)
{
    return QStringLiteral("%1 at (%2, %3)")
        .arg(QString::fromStdString(s.operations[m.operation].name))
        .arg(m.centre.x(), 0, 'f', 1)
        .arg(m.centre.y(), 0, 'f', 1);
}

// The marker an operation's name stands beside: its binding one, else its first.
std::vector<ChartProbe::DrawnMarker>::const_iterator ownMarker(
    const RooflineChart* chart, const std::vector<ChartProbe::DrawnMarker>& markers, std::size_t op)
{
    const auto binding = std::find_if(markers.begin(), markers.end(), [&](const ChartProbe::DrawnMarker& m) {
        return m.operation == op && ChartProbe(*chart).layout().markers[m.marker].binding;
    });
    return binding != markers.end() ? binding
                                    : std::find_if(markers.begin(), markers.end(),
                                        [op](const ChartProbe::DrawnMarker& m) { return m.operation == op; });
}

} // namespace

class TestChartLabels : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void everyMarkerAndNameIsSeen_data();
    void everyMarkerAndNameIsSeen();
    void namesHoldStillThroughADrag();
    void lessonRoofsComeFirst_data();
    void lessonRoofsComeFirst();

private:
    QTemporaryDir m_dir;
};

void TestChartLabels::initTestCase()
{
    QVERIFY(m_dir.isValid());
    testing::keepSettingsIn(m_dir.filePath(QStringLiteral("settings")));
}

void TestChartLabels::everyMarkerAndNameIsSeen_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<QString>("example");
    // The examples as File ▸ Examples lists them, in the window as it first opens on a desk and on a 1024 × 768
    // projector.
    auto window = testing::showWindow(QSize(800, 600));
    for (const QSize size : { QSize(1400, 900), QSize(1024, 768) })
        for (const QAction* a : window->examplesMenu()->actions())
            if (!a->isSeparator())
                QTest::addRow("%dx%d %s", size.width(), size.height(),
                    qPrintable(a->data().toString().remove(QStringLiteral("scenarios/"))))
                    << size << a->data().toString();
}

void TestChartLabels::everyMarkerAndNameIsSeen()
{
    QFETCH(QSize, size);
    QFETCH(QString, example);
    auto window = testing::showWindow(size);
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    const QString error = window->openEmbeddedScenario(example);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    RooflineChart* chart = window->chart();
    chart->replot(); // lays out and places every text now

    const Session& session = window->document()->session();
    const std::vector<ChartProbe::DrawnMarker> markers = ChartProbe(*chart).drawnMarkers();
    const std::vector<ChartProbe::DrawnLabel> labels = ChartProbe(*chart).drawnLabels();
    const QRectF plot = chart->axisRect()->rect();
    QVERIFY(!markers.empty());

    // No marker covers more than half of another operation's: where they would, one is drawn for both.
    for (std::size_t i = 0; i < markers.size(); ++i)
        for (std::size_t j = i + 1; j < markers.size(); ++j) {
            if (markers[i].operation == markers[j].operation || !plot.contains(markers[i].centre) || !markers[i].painted
                || !markers[j].painted)
                continue;
            const QPointF d = markers[i].centre - markers[j].centre;
            QVERIFY2(std::hypot(d.x(), d.y()) >= markers[i].diameter / 2,
                qPrintable(
                    describe(markers[i], session) + QStringLiteral(" hidden by ") + describe(markers[j], session)));
        }

    // An operation with a marker on the plot is named near its own marker, or joined to it by a leader line; one
    // whose name could not be placed where it names nothing else is counted beside a marker that stands for it, or
    // named by the legend where the legend lists every operation (and the table below the chart always).
    const QStringList legend = ChartProbe(*chart).legendEntries();
    const bool legendListsAll = chart->legend->visible()
        && ChartProbe(*chart).shown().size() <= std::size_t(RooflineChart::kLegendOperations);
    for (const std::size_t op : ChartProbe(*chart).shown()) {
        if (std::none_of(markers.begin(), markers.end(),
                [&](const ChartProbe::DrawnMarker& m) { return m.operation == op && plot.contains(m.centre); }))
            continue; // nothing of it on the plot (an embedding gather does no FLOPs)
        const auto named = std::find_if(
            labels.begin(), labels.end(), [op](const ChartProbe::DrawnLabel& l) { return l.operation == op; });
        if (named == labels.end()) {
            // An operation whose every marker another one stands for is counted there ("×3"); hovering lists it.
            const bool counted = std::none_of(markers.begin(), markers.end(),
                [&](const ChartProbe::DrawnMarker& m) { return m.operation == op && m.painted; });
            const QString name = QString::fromStdString(session.operations[op].name);
            QVERIFY2(counted || !legendListsAll || legend.contains(name), qPrintable(name + " is named nowhere"));
            continue;
        }
        QCOMPARE(named->text, QString::fromStdString(session.operations[op].name));
        bool near = false;
        for (const ChartProbe::DrawnMarker& m : markers) {
            if (m.operation != op)
                continue;
            const QPointF from = named->leader ? named->leader->p1() : m.centre;
            const QRectF reach = named->box.adjusted(-25, -25, 25, 25);
            near = near || (reach.contains(m.centre) && !named->leader)
                || (named->leader && std::hypot(from.x() - m.centre.x(), from.y() - m.centre.y()) <= m.diameter);
        }
        QVERIFY2(near, qPrintable(named->text + QStringLiteral(" is not beside its marker")));
    }

    // No leader line crosses a memory roof or the selected compute roof.
    for (const ChartProbe::DrawnLabel& l : labels) {
        if (!l.leader)
            continue;
        for (const chart::RoofSegment& r : ChartProbe(*chart).layout().roofs) {
            if (r.kind == RoofKind::Network || (r.kind == RoofKind::Compute && !r.selected))
                continue;
            const chart::Point a { chart->xAxis->coordToPixel(r.from.x), chart->yAxis->coordToPixel(r.from.y) };
            const chart::Point b { chart->xAxis->coordToPixel(r.to.x), chart->yAxis->coordToPixel(r.to.y) };
            QVERIFY2(!chart::segmentsMeet(
                         { l.leader->p1().x(), l.leader->p1().y() }, { l.leader->p2().x(), l.leader->p2().y() }, a, b),
                qPrintable(l.text + QStringLiteral("'s leader line crosses ") + QString::fromStdString(r.name)));
        }
    }

    // No text covers a marker, another text, or the plot's edge.
    for (std::size_t i = 0; i < labels.size(); ++i) {
        QVERIFY2(plot.contains(labels[i].box), qPrintable(labels[i].text + QStringLiteral(" is clipped")));
        for (const ChartProbe::DrawnMarker& m : markers)
            QVERIFY2(!covers(labels[i].box, m),
                qPrintable(labels[i].text + QStringLiteral(" covers ") + describe(m, session)));
        for (std::size_t j = i + 1; j < labels.size(); ++j)
            QVERIFY2(!labels[i].box.intersects(labels[j].box),
                qPrintable(labels[i].text + QStringLiteral(" covers ") + labels[j].text));
    }
}

// Through a drag each name keeps its place beside its marker, frame after frame, while that place stays free: a
// name that moves had its place taken by another text or marker, or pushed off the plot.
void TestChartLabels::namesHoldStillThroughADrag()
{
    auto window = testing::showWindow(QSize(1400, 900));
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QVERIFY(window->openEmbeddedScenario(QStringLiteral("scenarios/tpu-v5e-critical-intensity.yaml")).isEmpty());
    RooflineChart* chart = window->chart();
    Document* document = window->document();
    // Each name's box as an offset from its marker's centre.
    auto offsets = [chart] {
        std::map<std::size_t, QRectF> out;
        const auto markers = ChartProbe(*chart).drawnMarkers();
        for (const ChartProbe::DrawnLabel& l : ChartProbe(*chart).drawnLabels()) {
            if (!l.operation)
                continue;
            const auto own = ownMarker(chart, markers, *l.operation);
            if (own != markers.end())
                out[*l.operation] = l.box.translated(-own->centre);
        }
        return out;
    };
    const double peak = *document->hardware().peakFor(Dtype::bf16);
    document->beginGesture();
    chart->replot();
    auto before = offsets();
    QVERIFY(before.size() >= 4);
    int held = 0;
    for (int step = 1; step <= 10; ++step) {
        QVERIFY(!document->setHardwareValue("peak.bf16", peak * (1 + 0.01 * step)));
        chart->replot();
        QVERIFY(ChartProbe(*chart).drawsFast());
        const auto now = offsets();
        const auto markers = ChartProbe(*chart).drawnMarkers();
        const auto labels = ChartProbe(*chart).drawnLabels();
        const QRectF plot = chart->axisRect()->rect();
        // The sloped roofs' names, which follow their roofs, as the boxes of their turned texts.
        std::vector<QRectF> roofNames;
        for (const auto& [name, item] : ChartProbe(*chart).chartTexts().roofs)
            if (item->visible() && item->rotation() != 0)
                roofNames.push_back(
                    QPolygonF({ item->topLeft->pixelPosition(), item->topRight->pixelPosition(),
                                  item->bottomRight->pixelPosition(), item->bottomLeft->pixelPosition() })
                        .boundingRect());
        // Every roof's and ridge's name as placed, flat ones included, and the counts beside stacked markers.
        for (const ChartProbe::DrawnRoofLabel& r : ChartProbe(*chart).drawnRoofLabels())
            roofNames.push_back(r.outline.boundingRect());
        for (const ChartProbe::DrawnLabel& c : ChartProbe(*chart).drawnCounts())
            roofNames.push_back(c.box);
        for (const auto& [op, box] : before) {
            const auto it = now.find(op);
            if (it != now.end() && std::abs(it->second.left() - box.left()) < 1
                && std::abs(it->second.top() - box.top()) < 1) {
                ++held;
                continue;
            }
            // Moved or gone: its old place, beside its marker now, meets something else: a name, a marker, a roof's.
            const auto own = ownMarker(chart, markers, op);
            QVERIFY(own != markers.end());
            const QRectF old = box.translated(own->centre);
            const bool taken = !plot.contains(old)
                || std::any_of(labels.begin(), labels.end(),
                    [&](const ChartProbe::DrawnLabel& l) { return l.operation != op && l.box.intersects(old); })
                || std::any_of(markers.begin(), markers.end(),
                    [&](const ChartProbe::DrawnMarker& m) { return m.operation != op && covers(old, m); })
                || std::any_of(roofNames.begin(), roofNames.end(), [&](const QRectF& r) { return r.intersects(old); });
            QVERIFY2(taken,
                qPrintable(QStringLiteral("step %1: %2 left a free place")
                               .arg(step)
                               .arg(QString::fromStdString(document->session().operations[op].name))));
        }
        before = now;
    }
    document->endGesture();
    QVERIFY(held > 30); // most names held through most of the ten steps
}

void TestChartLabels::lessonRoofsComeFirst_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<double>("zoom");
    QTest::addColumn<QString>("example");
    QTest::addColumn<bool>("inside");
    QTest::addColumn<bool>("lessonNamed");
    // Every bundled example on a chart of a 1024 × 768 projector, of a laptop at 200 % (640 × 360 logical pixels),
    // in the presentation view's large type on the projector and in the presentation's frame (ticks and names inside
    // the plot) as the window gives it on the projector (the band under it) and on the laptop (no larger type).
    // On the projector's chart, in the window's type and the presentation's, the lesson's roof and ridge are named;
    // on smaller charts they come first, but a name that would lie nearer another roof or ridge is left out
    // (test_chart_words checks that none does).
    const struct {
        QSize size;
        double zoom;
        bool inside;
        bool lessonNamed;
        const char* name;
    } sizes[] = { { QSize(1024, 768), 1, false, true, "1024x768" }, { QSize(640, 360), 1, false, false, "640x360" },
        { QSize(1024, 768), 1.5, false, true, "presentation" },
        { QSize(1024, 640), 1.5, true, false, "presenting 1024x768" },
        { QSize(640, 277), 1, true, false, "presenting 640x360" } };
    for (const auto& at : sizes)
        for (const EmbeddedFile& f : embeddedFiles())
            if (std::string_view(f.name).starts_with("scenarios/"))
                QTest::addRow("%s %s", at.name, f.name.data() + 10)
                    << at.size << at.zoom << QString::fromUtf8(f.name.data(), qsizetype(f.name.size())) << at.inside
                    << at.lessonNamed;
}

// The roofs' labels on a chart by priority: the lesson's roof and ridge named where the chart has room, and no roof
// label over another label, cut by the plot's edge or under the legend; in the presentation's frame the tick labels
// and the axes' names inside the plot likewise.
void TestChartLabels::lessonRoofsComeFirst()
{
    QFETCH(QSize, size);
    QFETCH(double, zoom);
    QFETCH(QString, example);
    QFETCH(bool, inside);
    QFETCH(bool, lessonNamed);
    const PresetLibrary library = loadPresetLibrary({});
    std::string text;
    for (const EmbeddedFile& f : embeddedFiles())
        if (QString::fromUtf8(f.name.data(), qsizetype(f.name.size())) == example)
            text = std::string(f.text);
    const auto session = parseScenario(text, example.toStdString(), library);
    QVERIFY2(session, session ? "" : toString(session.error()).c_str());
    const auto analysis = std::make_shared<const Analysis>(analyse(session.value()));
    RooflineChart chart;
    ChartTheme theme = ChartTheme::light();
    theme.zoom = zoom;
    chart.setTheme(theme);
    chart.setAxesInside(inside);
    chart.setMinimumSize(QSize()); // a 360-pixel screen gives the chart less than its minimum
    chart.resize(size);
    chart.setAnalysis(analysis);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    QCOMPARE(chart.size(), size);
    chart.replot();

    // Where each text went, as `export --output chart.json` reports it at this size.
    const ChartGeometry g = chartGeometry(chart, size, 1);
    const QRectF plot = g.plot;
    auto shown = [&](const QString& roof, bool ridge) {
        const QString kind = ridge ? QStringLiteral("ridge") : QStringLiteral("roof");
        return std::any_of(g.texts.begin(), g.texts.end(),
            [&](const ChartGeometry::Text& t) { return t.kind == kind && t.of == roof; });
    };
    // What the chart draws and what binds, from the core.
    std::vector<Evaluation> evaluations;
    for (std::size_t op : analysis->shown())
        evaluations.push_back(analysis->operations[op].evaluation.value());
    const chart::Layout& layout = ChartProbe(chart).layout();
    const std::vector<chart::LabelPriority> priorities
        = chart::roofPriorities(layout, evaluations, analysis->explanation.roof);
    for (std::size_t i = 0; i < layout.roofs.size(); ++i) {
        const chart::RoofSegment& r = layout.roofs[i];
        const QString name = QString::fromStdString(r.name);
        const bool ridgeInView
            = r.kind != RoofKind::Compute && r.ridge > layout.x.lower() && r.ridge < layout.x.upper();
        if (priorities[i] == chart::LabelPriority::Lesson && lessonNamed) {
            QVERIFY2(shown(name, false), qPrintable(name + QStringLiteral(", the lesson's roof, is not named")));
            if (ridgeInView)
                QVERIFY2(shown(name, true), qPrintable(name + QStringLiteral("'s ridge, the lesson's, is not named")));
        }
    }

    // Every text placed: roofs' names and ridges, operations' names.
    struct Placed {
        QString text;
        QPolygonF outline;
    };
    std::vector<Placed> placed;
    QMap<QString, int> frameTexts; // "tick x", "axis y", ...
    for (const ChartGeometry::Text& t : g.texts) {
        const bool frame = t.kind == QLatin1String("tick") || t.kind == QLatin1String("axis");
        if (frame)
            ++frameTexts[t.kind + QLatin1Char(' ') + t.of];
        if (t.kind == QLatin1String("roof") || t.kind == QLatin1String("ridge") || t.kind == QLatin1String("operation")
            || (frame && inside))
            placed.push_back({ t.text, t.polygon.value_or(QPolygonF(t.rect)) });
    }
    // Each axis named once and labelled at two ticks at least, inside the plot or out.
    for (const QString& axis : { QStringLiteral("x"), QStringLiteral("y") }) {
        QCOMPARE(frameTexts.value(QStringLiteral("axis ") + axis), 1);
        QVERIFY2(frameTexts.value(QStringLiteral("tick ") + axis) >= 2, qPrintable(axis + QStringLiteral(" ticks")));
    }
    const QRectF legend = g.legend.value_or(QRectF());
    // A pixel of give: rounding to the pixel grid.
    const QRectF within = plot.adjusted(-1, -1, 1, 1);
    for (std::size_t i = 0; i < placed.size(); ++i) {
        const QPolygonF& a = placed[i].outline;
        QVERIFY2(within.contains(a.boundingRect()), qPrintable(placed[i].text + QStringLiteral(" is clipped")));
        if (!legend.isNull())
            QVERIFY2(!a.intersects(QPolygonF(legend.adjusted(1, 1, -1, -1))),
                qPrintable(placed[i].text + QStringLiteral(" lies under the legend")));
        for (std::size_t j = i + 1; j < placed.size(); ++j) {
            // Shrunk by half a pixel: texts side by side may share an edge.
            const QPolygonF b = placed[j].outline;
            const QRectF overlap = a.boundingRect().intersected(b.boundingRect());
            QVERIFY2(!a.intersects(b) || overlap.width() < 1 || overlap.height() < 1,
                qPrintable(placed[i].text + QStringLiteral(" covers ") + placed[j].text));
        }
    }
}

QTEST_MAIN(TestChartLabels)
#include "test_chart_labels.moc"
