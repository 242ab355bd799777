// SPDX-License-Identifier: GPL-3.0-or-later
// Every word on the chart names the right thing, over every example at the sizes it is projected and pasted at: each
// roof's name nearer its own roof than any other and with no line through it, each ridge's label nearer its own ridge
// than any other ridge or marker, each operation's name nearer one of its own markers than any other or joined to it
// by a leader that passes over no other, no text over another, the legend or the plot's edge. Read from the chart's
// geometry (export --output FILE.json) and reckoned here by sampling each text's outline, apart from the layout's own
// geometry; 2 pixels of slack.
#include "chart/roofline_chart.h"
#include "export/chart_export.h"
#include "export/chart_geometry.h"
#include "files/presets.h"
#include "files/scenario.h"
#include "session/analysis.h"
#include "session/explanation.h"
#include "test_util.h"
#include "window_fixture.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>

using namespace roofline;
using namespace roofline::widgets;

namespace {

constexpr double kSlack = 2;

// Points over a text's outline and inside it: along each of its four sides and across it.
std::vector<QPointF> samples(const QPolygonF& p)
{
    std::vector<QPointF> out;
    if (p.size() < 4)
        return out;
    for (int i = 0; i <= 48; ++i)
        for (int j = 0; j <= 8; ++j) {
            const double u = i / 48.0;
            const double v = j / 8.0;
            const QPointF top = p[0] + (p[1] - p[0]) * u;
            const QPointF bottom = p[3] + (p[2] - p[3]) * u;
            out.push_back(top + (bottom - top) * v);
        }
    return out;
}

double toSegment(QPointF p, QPointF a, QPointF b)
{
    const QPointF d = b - a;
    const double len2 = QPointF::dotProduct(d, d);
    const double t = len2 > 0 ? std::clamp(QPointF::dotProduct(p - a, d) / len2, 0.0, 1.0) : 0;
    const QPointF q = a + d * t;
    return std::hypot(p.x() - q.x(), p.y() - q.y());
}

struct Text {
    const ChartGeometry::Text* t;
    QPolygonF outline;
    QPointF centre;
    std::vector<QPointF> points;
};

// From a text's outline to a segment: nothing where the segment runs into it, else the least of its ends' distances
// to the outline's sides and the outline's corners' distances to the segment.
double nearest(const Text& t, QPointF a, QPointF b)
{
    const QPolygonF& o = t.outline;
    if (o.containsPoint(a, Qt::OddEvenFill) || o.containsPoint(b, Qt::OddEvenFill))
        return 0;
    double d = std::numeric_limits<double>::infinity();
    for (qsizetype i = 0; i < o.size(); ++i) {
        const QPointF p = o[i];
        const QPointF q = o[(i + 1) % o.size()];
        if (a != b && QLineF(a, b).intersects(QLineF(p, q)) == QLineF::BoundedIntersection)
            return 0;
        d = std::min({ d, toSegment(a, p, q), toSegment(b, p, q), toSegment(p, a, b) });
    }
    return d;
}

double nearest(const Text& t, QPointF p)
{
    return nearest(t, p, p);
}

double centreTo(const Text& t, QPointF a, QPointF b)
{
    return toSegment(t.centre, a, b);
}

// Whether two outlines share more than a sliver: a sample of one a pixel inside the other.
bool overlap(const Text& a, const Text& b)
{
    if (!a.outline.boundingRect().intersects(b.outline.boundingRect()))
        return false;
    const QPointF c = b.centre;
    for (const QPointF& p : a.points) {
        // Pulled a pixel towards b's centre: edges that touch do not count.
        const QPointF inward = p + (c - p) / std::max(1.0, std::hypot(c.x() - p.x(), c.y() - p.y()));
        if (b.outline.containsPoint(inward, Qt::OddEvenFill) && b.outline.containsPoint(p, Qt::OddEvenFill))
            return true;
    }
    return false;
}

struct Point {
    QPointF at;
    double radius = 0;
    QString chip;
    QString operation; // a marker's; empty for a ridge's dot
    QString roof; // a ridge's
};

QStringList problems(const ChartGeometry& g, double scale)
{
    QStringList out;
    const double slack = kSlack * scale;
    std::vector<Text> texts;
    std::vector<Text> ticks;
    for (const ChartGeometry::Text& t : g.texts) {
        Text x { &t, t.polygon.value_or(QPolygonF(t.rect)), {}, {} };
        if (x.outline.size() == 5)
            x.outline.removeLast(); // a closed QRectF polygon
        x.centre = x.outline.boundingRect().center();
        x.points = samples(x.outline);
        if (t.kind == QLatin1String("tick"))
            ticks.push_back(x);
        else if (t.kind != QLatin1String("title") && t.kind != QLatin1String("axis")
            && t.kind != QLatin1String("legend"))
            texts.push_back(x);
    }
    std::vector<Point> points;
    for (const ChartGeometry::Marker& m : g.markers)
        points.push_back({ m.drawn, m.radius, m.chip, m.operation, {} });
    for (const ChartGeometry::Ridge& r : g.ridges)
        points.push_back({ r.at, 4 * scale, r.chip, {}, r.roof });
    auto name = [](const Text& t) {
        return QStringLiteral("%1 '%2'%3")
            .arg(t.t->kind, t.t->text, t.t->chip.isEmpty() ? QString() : QStringLiteral(" of ") + t.t->chip);
    };
    const QRectF plot = g.plot.adjusted(-0.5 * scale, -0.5 * scale, 0.5 * scale, 0.5 * scale);
    for (std::size_t i = 0; i < texts.size(); ++i) {
        const Text& t = texts[i];
        const QString kind = t.t->kind;
        if (!plot.contains(t.outline.boundingRect()))
            out << name(t) + QStringLiteral(" leaves the plot");
        if (g.legend && t.outline.intersects(QPolygonF(g.legend->adjusted(scale, scale, -scale, -scale))))
            out << name(t) + QStringLiteral(" lies under the legend");
        for (std::size_t j = i + 1; j < texts.size(); ++j)
            if (overlap(t, texts[j]) || overlap(texts[j], t))
                out << name(t) + QStringLiteral(" covers ") + name(texts[j]);
        for (const Text& tick : ticks)
            if (overlap(t, tick))
                out << name(t) + QStringLiteral(" covers the tick label ") + tick.t->text;
        // No roof runs through a text.
        for (const ChartGeometry::Roof& r : g.roofs)
            if (nearest(t, r.from, r.to) < 0.5 * scale)
                out << name(t)
                        + QStringLiteral(" has %1%2 running through it")
                              .arg(r.chip.isEmpty() ? QString() : r.chip + QLatin1Char(' '), r.name);
        if (kind == QLatin1String("roof") && t.t->role != QLatin1String("measured")) {
            // Its own roof: of its name, chip and role; lines of the same resource and chip are its family.
            double own = std::numeric_limits<double>::infinity();
            double ownCentre = own;
            for (const ChartGeometry::Roof& r : g.roofs)
                if (r.name == t.t->of && r.chip == t.t->chip && r.role == t.t->role) {
                    own = std::min(own, nearest(t, r.from, r.to));
                    ownCentre = std::min(ownCentre, centreTo(t, r.from, r.to));
                }
            if (!std::isfinite(own)) {
                out << name(t) + QStringLiteral(" names a roof that is not drawn");
                continue;
            }
            for (const ChartGeometry::Roof& r : g.roofs) {
                if (r.name == t.t->of && r.chip == t.t->chip)
                    continue;
                if (nearest(t, r.from, r.to) < own - slack || centreTo(t, r.from, r.to) < ownCentre - slack)
                    out << name(t)
                            + QStringLiteral(" lies nearer %1%2 than its own roof")
                                  .arg(r.chip.isEmpty() ? QString() : r.chip + QLatin1Char(' '), r.name);
            }
        }
        const bool ridge = kind == QLatin1String("ridge");
        const bool operation = kind == QLatin1String("operation") || kind == QLatin1String("count");
        if (!ridge && !operation)
            continue;
        std::vector<const Point*> own;
        for (const Point& p : points)
            if (p.chip == t.t->chip && (ridge ? p.operation.isEmpty() && p.roof == t.t->of : p.operation == t.t->of))
                own.push_back(&p);
        if (own.empty()) {
            out << name(t) + QStringLiteral(" names nothing drawn");
            continue;
        }
        auto onOwn = [&](const Point& p) {
            return std::any_of(own.begin(), own.end(),
                [&](const Point* o) { return std::hypot(o->at.x() - p.at.x(), o->at.y() - p.at.y()) <= slack; });
        };
        if (const auto& leader = t.t->leader) {
            // It ends on its text, starts at one of its own marks' rim and passes over no other mark.
            if (nearest(t, leader->p2()) > scale)
                out << name(t) + QStringLiteral("'s leader does not reach its text");
            if (std::none_of(own.begin(), own.end(), [&](const Point* o) {
                    return std::hypot(o->at.x() - leader->p1().x(), o->at.y() - leader->p1().y())
                        <= o->radius + 4 * scale;
                }))
                out << name(t) + QStringLiteral("'s leader does not start at its own mark");
            for (const Point& p : points)
                if (!onOwn(p) && toSegment(p.at, leader->p1(), leader->p2()) < p.radius - scale)
                    out << name(t) + QStringLiteral("'s leader passes over ")
                            + (p.operation.isEmpty() ? p.roof + QStringLiteral(" ridge") : p.operation);
            continue;
        }
        double ownNearest = std::numeric_limits<double>::infinity();
        double ownCentre = ownNearest;
        for (const Point* o : own) {
            ownNearest = std::min(ownNearest, nearest(t, o->at));
            ownCentre = std::min(ownCentre, std::hypot(t.centre.x() - o->at.x(), t.centre.y() - o->at.y()));
        }
        for (const Point& p : points) {
            if (onOwn(p))
                continue;
            if (nearest(t, p.at) < ownNearest - slack
                || std::hypot(t.centre.x() - p.at.x(), t.centre.y() - p.at.y()) < ownCentre - slack)
                out << name(t)
                        + QStringLiteral(" lies nearer %1 than its own mark")
                              .arg(p.operation.isEmpty() ? p.roof + QStringLiteral(" ridge") : p.operation);
        }
    }
    return out;
}

} // namespace

class TestChartWords : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void wordsNameTheRightThing_data();
    void wordsNameTheRightThing();

private:
    QTemporaryDir m_dir;
};

void TestChartWords::initTestCase()
{
    QVERIFY(m_dir.isValid());
    testing::keepSettingsIn(m_dir.filePath(QStringLiteral("settings")));
}

void TestChartWords::wordsNameTheRightThing_data()
{
    QTest::addColumn<QString>("example");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<double>("scale");
    QTest::addColumn<double>("zoom");
    // As export draws them: a window's chart on a projector (1024 × 640), a laptop at 200 % (640 × 360 logical
    // pixels, drawn at 1 and at 2), and a slide.
    const struct {
        const char* name;
        QSize size;
        double scale;
        double zoom;
    } sizes[] = { { "1024x640", { 1024, 640 }, 1, 1 }, { "640x360", { 640, 360 }, 1, 1 },
        { "640x360@2", { 640, 360 }, 2, 1 }, { "slide", { 960, 540 }, kSlideScale, kSlideZoom } };
    for (const auto& at : sizes)
        for (const EmbeddedFile& f : embeddedFiles())
            if (std::string_view(f.name).starts_with("scenarios/"))
                QTest::addRow("%s %s", at.name, f.name.data() + 10)
                    << QString::fromUtf8(f.name.data(), qsizetype(f.name.size())) << at.size << at.scale << at.zoom;
}

void TestChartWords::wordsNameTheRightThing()
{
    QFETCH(QString, example);
    QFETCH(QSize, size);
    QFETCH(double, scale);
    QFETCH(double, zoom);
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
    chart.setAnalysis(analysis);
    chart.setTheme(theme);
    chart.resize(size);
    const ChartGeometry g = chartGeometry(chart, size, scale);
    const QStringList found = problems(g, scale);
    QVERIFY2(found.isEmpty(),
        qPrintable(QStringLiteral("%1 problems: ").arg(found.size()) + found.join(QStringLiteral("; "))));

    // A lesson's slide carries its answer, with its number, and names the lesson's roof with its bandwidth.
    const Explanation& e = analysis->explanation;
    if (QString::fromLatin1(QTest::currentDataTag()).startsWith(QLatin1String("slide")) && !e.caption.empty()) {
        QVERIFY2(std::any_of(g.texts.begin(), g.texts.end(),
                     [&](const ChartGeometry::Text& t) {
                         return t.kind == QLatin1String("answer") && t.text == QString::fromStdString(e.caption);
                     }),
            qPrintable(QStringLiteral("no answer '%1' on the slide").arg(QString::fromStdString(e.caption))));
        if (!e.roof.empty() && analysis->session.lesson)
            QVERIFY2(std::any_of(g.texts.begin(), g.texts.end(),
                         [&](const ChartGeometry::Text& t) {
                             return t.kind == QLatin1String("roof") && t.chip.isEmpty() && t.role.isEmpty()
                                 && t.of == QString::fromStdString(e.roof) && t.text != t.of;
                         }),
                qPrintable(QStringLiteral("the lesson's roof %1 is not named with its bandwidth")
                               .arg(QString::fromStdString(e.roof))));
    }

    // The compared chips' roofs and markers carry their chip's name.
    for (const ComparedAnalysis& c : analysis->compared) {
        const QString chip = QString::fromStdString(shortChipName(c.hardware));
        QVERIFY2(
            std::any_of(g.roofs.begin(), g.roofs.end(), [&](const ChartGeometry::Roof& r) { return r.chip == chip; }),
            qPrintable(chip + QStringLiteral(" has no roof in the geometry")));
    }
}

QTEST_MAIN(TestChartWords)
#include "test_chart_words.moc"
