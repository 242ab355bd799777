// SPDX-License-Identifier: GPL-3.0-or-later
// The chart's text layout (chart/text_layout.h) driven with numbers: roofs a few pixels apart, ridges crowded on one
// roof, a cluster of markers. Each placed text is checked against the guarantees by a reckoning of its own (corners
// and distances sampled along the edges, not the layout's geometry), and texts that cannot keep them are dropped.
#include "chart/text_layout.h"

#include <QTest>

#include <cmath>
#include <optional>
#include <string>
#include <vector>

using namespace roofline;
using namespace roofline::chart;

namespace {

// Seven pixels a character, fourteen a line: a monospaced font as the layout sees it.
Size measure(const std::string& text, int font)
{
    return { 7.0 * double(text.size()) + 6, font == 1 ? 12.0 : 14.0 };
}

// A placed text's corners, reckoned from its centre, size and angle.
std::vector<QPointF> cornersOf(const TextBox& b)
{
    const double c = std::cos(b.angle);
    const double s = std::sin(b.angle);
    std::vector<QPointF> out;
    for (const auto& [a, d] : { std::pair { -1.0, -1.0 }, { 1.0, -1.0 }, { 1.0, 1.0 }, { -1.0, 1.0 } }) {
        const double u = a * b.size.width / 2;
        const double v = d * b.size.height / 2;
        out.emplace_back(b.centre.x + u * c - v * s, b.centre.y + u * s + v * c);
    }
    return out;
}

// Points along the text's outline and through its inside, every half pixel or so.
std::vector<QPointF> samples(const TextBox& b)
{
    const std::vector<QPointF> c = cornersOf(b);
    std::vector<QPointF> out;
    const int n = 80;
    for (int i = 0; i <= n; ++i)
        for (int j = 0; j <= 16; ++j) {
            const double u = double(i) / n;
            const double v = double(j) / 16;
            const QPointF top = c[0] + (c[1] - c[0]) * u;
            const QPointF bottom = c[3] + (c[2] - c[3]) * u;
            out.push_back(top + (bottom - top) * v);
        }
    return out;
}

double toSegment(QPointF p, QPointF a, QPointF b)
{
    const QPointF d = b - a;
    const double len2 = d.x() * d.x() + d.y() * d.y();
    const double t = len2 > 0 ? std::clamp(QPointF::dotProduct(p - a, d) / len2, 0.0, 1.0) : 0;
    const QPointF q = a + d * t;
    return std::hypot(p.x() - q.x(), p.y() - q.y());
}

// From the text to a segment: the least over its samples.
double textToSegment(const TextBox& b, const Line& l)
{
    double d = 1e9;
    for (const QPointF& p : samples(b))
        d = std::min(d, toSegment(p, { l.from.x, l.from.y }, { l.to.x, l.to.y }));
    return d;
}

double textToPoint(const TextBox& b, Point p)
{
    double d = 1e9;
    for (const QPointF& q : samples(b))
        d = std::min(d, std::hypot(q.x() - p.x, q.y() - p.y));
    return d;
}

double centreToSegment(const TextBox& b, const Line& l)
{
    return toSegment({ b.centre.x, b.centre.y }, { l.from.x, l.from.y }, { l.to.x, l.to.y });
}

// The guarantees, with 2 pixels of slack, as the chart's geometry is checked: every failure named.
QStringList broken(const TextContent& c, const std::vector<TextRequest>& requests, const TextLayout& layout)
{
    QStringList out;
    const double slack = 2;
    std::vector<std::pair<std::size_t, TextBox>> placed;
    for (std::size_t i = 0; i < requests.size(); ++i)
        if (layout.texts[i])
            placed.emplace_back(i, layout.texts[i]->box);
    for (const auto& [i, box] : placed) {
        const TextRequest& r = requests[i];
        const QString name = QString::fromStdString(r.texts.empty() ? std::string("key") : r.texts.front());
        for (const QPointF& p : cornersOf(box))
            if (p.x() < c.plot.left - 0.5 || p.x() > c.plot.left + c.plot.width + 0.5 || p.y() < c.plot.top - 0.5
                || p.y() > c.plot.top + c.plot.height + 0.5)
                out << name + QStringLiteral(" leaves the plot");
        for (std::size_t k = 0; k < c.lines.size(); ++k)
            if (textToSegment(box, c.lines[k]) < 0.3)
                out << name + QStringLiteral(" has line %1 through it").arg(k);
        for (const Mark& d : c.marks)
            if (textToPoint(box, d.centre) < d.radius)
                out << name + QStringLiteral(" covers a dot");
        if (r.kind == TextRequest::Kind::Line) {
            double own = 1e9;
            double ownCentre = 1e9;
            for (const std::size_t k : r.lines) {
                own = std::min(own, textToSegment(box, c.lines[k]));
                ownCentre = std::min(ownCentre, centreToSegment(box, c.lines[k]));
            }
            for (std::size_t k = 0; k < c.lines.size(); ++k) {
                if (std::find(r.lines.begin(), r.lines.end(), k) != r.lines.end())
                    continue;
                if (textToSegment(box, c.lines[k]) < own - slack
                    || centreToSegment(box, c.lines[k]) < ownCentre - slack)
                    out << name + QStringLiteral(" is nearer line %1 than its own").arg(k);
            }
        }
        if (r.kind == TextRequest::Kind::Mark && !layout.texts[i]->leader) {
            double own = 1e9;
            double ownCentre = 1e9;
            for (const std::size_t k : r.marks) {
                own = std::min(own, textToPoint(box, c.marks[k].centre));
                ownCentre = std::min(
                    ownCentre, std::hypot(box.centre.x - c.marks[k].centre.x, box.centre.y - c.marks[k].centre.y));
            }
            for (std::size_t k = 0; k < c.marks.size(); ++k) {
                if (std::find(r.marks.begin(), r.marks.end(), k) != r.marks.end())
                    continue;
                const Point p = c.marks[k].centre;
                if (textToPoint(box, p) < own - slack
                    || std::hypot(box.centre.x - p.x, box.centre.y - p.y) < ownCentre - slack)
                    out << name + QStringLiteral(" is nearer dot %1 than its own").arg(k);
            }
        }
        if (const auto& leader = layout.texts[i]->leader) {
            const QPointF a(leader->first.x, leader->first.y);
            const QPointF b(leader->second.x, leader->second.y);
            const Point own = c.marks[r.marks.front()].centre;
            if (std::hypot(a.x() - own.x, a.y() - own.y) > c.marks[r.marks.front()].radius + 1.5)
                out << name + QStringLiteral("'s leader does not start at its dot");
            if (textToPoint(box, leader->second) > 0.5)
                out << name + QStringLiteral("'s leader does not end at its text");
            for (std::size_t k = 0; k < c.marks.size(); ++k)
                if (std::find(r.marks.begin(), r.marks.end(), k) == r.marks.end()
                    && toSegment({ c.marks[k].centre.x, c.marks[k].centre.y }, a, b) < c.marks[k].radius)
                    out << name + QStringLiteral("'s leader passes over dot %1").arg(k);
        }
        for (const auto& [j, other] : placed) {
            if (j <= i)
                continue;
            // Overlap: a sample of one well inside the other.
            for (const QPointF& p : samples(box)) {
                const double dx = p.x() - other.centre.x;
                const double dy = p.y() - other.centre.y;
                const double u = dx * std::cos(other.angle) + dy * std::sin(other.angle);
                const double v = -dx * std::sin(other.angle) + dy * std::cos(other.angle);
                if (std::abs(u) < other.size.width / 2 - 1 && std::abs(v) < other.size.height / 2 - 1) {
                    out << name + QStringLiteral(" covers another text");
                    break;
                }
            }
        }
    }
    return out;
}

std::size_t placedCount(const TextLayout& l)
{
    return std::size_t(std::count_if(l.texts.begin(), l.texts.end(), [](const auto& t) { return t.has_value(); }));
}

TextRequest roofName(std::size_t line, std::vector<std::string> texts, int rank = 0)
{
    TextRequest r;
    r.kind = TextRequest::Kind::Line;
    r.texts = std::move(texts);
    r.lines = { line };
    r.rank = rank;
    return r;
}

TextRequest markLabel(std::vector<std::size_t> marks, std::string text, TextRequest::Spots spots, int rank = 0)
{
    TextRequest r;
    r.kind = TextRequest::Kind::Mark;
    r.spots = spots;
    r.texts = { std::move(text) };
    r.marks = std::move(marks);
    r.rank = rank;
    return r;
}

} // namespace

class TestTextLayout : public QObject {
    Q_OBJECT

private slots:
    void geometryByHand();
    void twoParallelRoofsTwelvePixelsApart();
    void aLevelRoofNamedAtItsRightEnd();
    void threeRidgesWithinTwentyPixels();
    void aClusterOfFiveMarkers();
    void lowerRanksGoFirst();
    void aLineDrawnTwiceKeepsBothNames();
    void aHeldSpotStaysWhileFree();
    void aLineNameHoldsItsSpot();
    void aTextThatFoundNoRoomStaysOut();
    void tenThousandNamesWithRoom();
};

// Corners, overlap, crossing and distance of a turned text, by hand.
void TestTextLayout::geometryByHand()
{
    // A 40 × 10 text at (100, 100), level: its corners are its centre ± (20, 5).
    const TextBox level { { 100, 100 }, { 40, 10 }, 0 };
    const auto c = level.corners();
    QCOMPARE(c[0].x, 80.0);
    QCOMPARE(c[0].y, 95.0);
    QCOMPARE(c[2].x, 120.0);
    QCOMPARE(c[2].y, 105.0);
    // Turned a quarter clockwise (π/2): it stands 10 wide and 40 high.
    const TextBox upright { { 100, 100 }, { 40, 10 }, M_PI / 2 };
    const Box b = upright.bounds();
    QVERIFY(std::abs(b.width - 10) < 1e-9 && std::abs(b.height - 40) < 1e-9);
    // A point 3 right and 4 below its bottom right corner is 5 away.
    QVERIFY(std::abs(distance(level, Point { 123, 109 }) - 5) < 1e-9);
    QCOMPARE(distance(level, Point { 100, 100 }), 0.0);
    // A segment through it crosses; one 6 above its top edge lies 6 away.
    QVERIFY(crosses(level, { 0, 100 }, { 200, 100 }));
    QVERIFY(!crosses(level, { 0, 89 }, { 200, 89 }));
    QVERIFY(std::abs(distance(level, Point { 0, 89 }, Point { 200, 89 }) - 6) < 1e-9);
    // At 45°, a 40 × 10 text reaches (20 + 5)/√2 ≈ 17.68 along each axis from its centre: a box whose corner lies at
    // 17 from the centre meets it, at 19 it does not along the diagonal that misses the text's thin side.
    const TextBox turned { { 0, 0 }, { 40, 10 }, M_PI / 4 };
    QVERIFY(intersects(turned, Box { 10, 10, 20, 20 }));
    QVERIFY(!intersects(turned, Box { 6, -30, 10, 10 }));
    QVERIFY(!intersects(level, TextBox { { 100, 111 }, { 40, 10 }, 0 })); // a pixel apart
    QVERIFY(intersects(level, TextBox { { 100, 108 }, { 40, 10 }, 0 }));
}

// Two sloped roofs 12 pixels apart on screen (8.5 across): no text fits between them, so the lower one's name goes
// under it and the upper one's over it, each nearer its own line than the other.
void TestTextLayout::twoParallelRoofsTwelvePixelsApart()
{
    TextContent c;
    c.plot = { 0, 0, 600, 400 };
    c.lines = { { { 0, 400 }, { 400, 0 } }, { { 0, 388 }, { 388, 0 } } };
    const std::vector<TextRequest> r = { roofName(0, { "HBM 3.35 TB/s", "HBM" }), roofName(1, { "L2 12 TB/s", "L2" }) };
    const TextLayout l = layOutTexts(c, r, measure);
    QCOMPARE(placedCount(l), std::size_t(2));
    const QStringList problems = broken(c, r, l);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; "))));
    // Both along their lines: at -45°, the full names.
    for (const auto& t : l.texts) {
        QVERIFY(std::abs(t->box.angle + M_PI / 4) < 1e-9);
        QCOMPARE(t->text, std::size_t(0));
    }
    // The lower roof's name below its line (its centre further from the upper line), the upper's above.
    auto side = [&](std::size_t i) {
        const Point p = l.texts[i]->box.centre;
        return p.x + p.y - 400; // positive below the lower line's carrier
    };
    QVERIFY(side(0) > 0);
    QVERIFY(side(1) < -12);
}

// A level roof is named over its right end; with a marker there, the name steps left along it.
void TestTextLayout::aLevelRoofNamedAtItsRightEnd()
{
    TextContent c;
    c.plot = { 0, 0, 600, 400 };
    c.lines = { { { 0, 100 }, { 600, 100 } } };
    std::vector<TextRequest> r = { roofName(0, { "bf16 197 TFLOP/s" }) };
    TextLayout l = layOutTexts(c, r, measure);
    QVERIFY(l.texts[0]);
    const Box b = l.texts[0]->box.bounds();
    QVERIFY2(b.left + b.width > 590 && b.top + b.height <= 100 - 2.5 + 1e-9, "over the right end");
    c.marks = { { { 560, 92 }, 5 } };
    l = layOutTexts(c, r, measure);
    QVERIFY(l.texts[0]);
    QVERIFY(l.texts[0]->box.bounds().left + l.texts[0]->box.bounds().width < 555);
    QVERIFY(broken(c, r, l).isEmpty());
}

// Three ridges 10 pixels apart on one flat roof: a ridge's label is nearer its own dot than the others' or left out.
void TestTextLayout::threeRidgesWithinTwentyPixels()
{
    TextContent c;
    c.plot = { 0, 0, 600, 400 };
    c.lines = { { { 0, 100 }, { 600, 100 } }, { { 100, 300 }, { 300, 100 } }, { { 110, 300 }, { 310, 100 } },
        { { 120, 300 }, { 320, 100 } } };
    c.marks = { { { 300, 100 }, 4 }, { { 310, 100 }, 4 }, { { 320, 100 }, 4 } };
    const std::vector<TextRequest> r = { markLabel({ 0 }, "HBM ridge 240", TextRequest::Spots::Below),
        markLabel({ 1 }, "L2 ridge 180", TextRequest::Spots::Below),
        markLabel({ 2 }, "ICI ridge 4,378", TextRequest::Spots::Below) };
    const TextLayout l = layOutTexts(c, r, measure);
    const QStringList problems = broken(c, r, l);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; "))));
    // The outer two have room on their own sides; the middle one's every spot is as near a neighbour as its own.
    QVERIFY(l.texts[0] && l.texts[2]);
    QVERIFY(l.texts[0]->box.centre.x < 300);
    QVERIFY(l.texts[2]->box.centre.x > 320);
    QVERIFY(!l.texts[1]);
}

// Five markers within 20 pixels: each name beside its own marker where it is the nearest, else further out with a
// leader that passes over no other marker; never over another name.
void TestTextLayout::aClusterOfFiveMarkers()
{
    TextContent c;
    c.plot = { 0, 0, 600, 400 };
    c.lines = { { { 0, 400 }, { 400, 0 } } };
    const Point at[] = { { 200, 200 }, { 208, 192 }, { 216, 184 }, { 204, 188 }, { 212, 204 } };
    for (const Point& p : at)
        c.marks.push_back({ p, 5 });
    std::vector<TextRequest> r;
    for (std::size_t i = 0; i < 5; ++i) {
        TextRequest q = markLabel({ i }, "matmul B=" + std::to_string(64 << i), TextRequest::Spots::Beside);
        q.mayMoveOut = true;
        q.ordered = true;
        r.push_back(q);
    }
    const TextLayout l = layOutTexts(c, r, measure);
    const QStringList problems = broken(c, r, l);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; "))));
    QVERIFY(placedCount(l) >= 4);
    // Those beside a marker amid the cluster could not be: some have leaders.
    QVERIFY(std::any_of(l.texts.begin(), l.texts.end(), [](const auto& t) { return t && t->leader; }));
}

// Where only one text fits, the lower rank keeps it, whatever the order of the requests.
void TestTextLayout::lowerRanksGoFirst()
{
    TextContent c;
    c.plot = { 0, 0, 120, 40 };
    c.lines = { { { 0, 30 }, { 120, 30 } } };
    std::vector<TextRequest> r = { roofName(0, { "int8 394 TOP/s" }, 2), roofName(0, { "bf16 197 TF" }, 1) };
    const TextLayout l = layOutTexts(c, r, measure);
    QVERIFY(!l.texts[0]);
    QVERIFY(l.texts[1]);
}

// A chip compared with one of the same bandwidth draws the same line twice: both its names may stand by it.
void TestTextLayout::aLineDrawnTwiceKeepsBothNames()
{
    TextContent c;
    c.plot = { 0, 0, 600, 400 };
    c.lines = { { { 0, 400 }, { 400, 0 } }, { { 0, 400 }, { 400, 0 } } };
    const std::vector<TextRequest> r = { roofName(0, { "HBM 3.35 TB/s" }), roofName(1, { "H200 HBM 3.35 TB/s" }) };
    const TextLayout l = layOutTexts(c, r, measure);
    QCOMPARE(placedCount(l), std::size_t(2));
}

// A name keeps the spot it held while that is free, and the layout says which spot it took.
void TestTextLayout::aHeldSpotStaysWhileFree()
{
    TextContent c;
    c.plot = { 0, 0, 600, 400 };
    c.marks = { { { 300, 200 }, 5 } };
    TextRequest q = markLabel({ 0 }, "dot product N=2^20", TextRequest::Spots::Beside);
    q.ordered = true;
    TextLayout l = layOutTexts(c, { q }, measure);
    QVERIFY(l.texts[0]);
    QCOMPARE(l.texts[0]->spot, 0); // right of its marker
    q.preferred = 2; // above it
    l = layOutTexts(c, { q }, measure);
    QCOMPARE(l.texts[0]->spot, 2);
    QVERIFY(l.texts[0]->box.centre.y < 200);
    // A line across its held spot: it takes the first free one again.
    c.lines = { { { 200, 180 }, { 400, 180 } } };
    l = layOutTexts(c, { q }, measure);
    QVERIFY(l.texts[0]);
    QVERIFY(l.texts[0]->spot != 2);
}

// Through a drag a text that found no room the frame before is not searched for: it stays out though room opened,
// a line's name or a mark's, and the texts after it place as they would without it.
void TestTextLayout::aTextThatFoundNoRoomStaysOut()
{
    TextContent c;
    c.plot = { 0, 0, 600, 400 };
    c.lines = { { { 0, 400 }, { 400, 0 } } };
    c.marks = { { { 300, 300 }, 5 } };
    TextRequest line = roofName(0, { "HBM 3.35 TB/s" });
    TextRequest mark = markLabel({ 0 }, "dot product N=2^20", TextRequest::Spots::Beside);
    const TextLayout free = layOutTexts(c, { line, mark }, measure);
    QCOMPARE(placedCount(free), std::size_t(2));
    line.preferred = TextRequest::kStaysOut;
    TextLayout l = layOutTexts(c, { line, mark }, measure);
    QVERIFY(!l.texts[0]);
    QVERIFY(l.texts[1]);
    QCOMPARE(l.texts[1]->spot, free.texts[1]->spot);
    line.preferred.reset();
    mark.preferred = TextRequest::kStaysOut;
    l = layOutTexts(c, { line, mark }, measure);
    QVERIFY(l.texts[0]);
    QVERIFY(!l.texts[1]);
}

// A roof's name keeps the spot it held along its line (a point, a side, a lift) while that is free: the spot named n
// is the line's point n % 19 (at 5 % steps), above it for n / 19 = 0 and under it for 1.
void TestTextLayout::aLineNameHoldsItsSpot()
{
    TextContent c;
    c.plot = { 0, 0, 600, 400 };
    c.lines = { { { 0, 400 }, { 400, 0 } } };
    TextRequest q = roofName(0, { "HBM 3.35 TB/s" });
    const TextLayout first = layOutTexts(c, { q }, measure);
    QVERIFY(first.texts[0]);
    QVERIFY(first.texts[0]->spot != 28);
    // Under the line at its middle: the point (200, 200), the text's centre lift + 7 pixels below the line x + y = 400.
    q.preferred = 19 + 9;
    TextLayout l = layOutTexts(c, { q }, measure);
    QVERIFY(l.texts[0]);
    QCOMPARE(l.texts[0]->spot, 28);
    const Point p = l.texts[0]->box.centre;
    const double below = (p.x + p.y - 400) / std::sqrt(2.0);
    QVERIFY2(std::abs(below - (c.lift + 7)) < 1e-9, qPrintable(QString::number(below)));
    const double foot = p.x - (p.x + p.y - 400) / 2;
    QVERIFY2(std::abs(foot - 200) < 1e-9, qPrintable(QString::number(foot)));
    QVERIFY(broken(c, { q }, l).isEmpty());
    // A marker on that spot: the name takes the first free spot, as with nothing held.
    c.marks = { { p, 5 } };
    l = layOutTexts(c, { q }, measure);
    QVERIFY(l.texts[0]);
    QCOMPARE(l.texts[0]->spot, first.texts[0]->spot);
    QVERIFY(broken(c, { q }, l).isEmpty());
}

// Ten thousand names on a grid with room for each: every one placed (bench_core times the layout's growth).
void TestTextLayout::tenThousandNamesWithRoom()
{
    auto run = [](int n) {
        TextContent c;
        const double side = 40 * std::sqrt(double(n));
        c.plot = { 0, 0, side * 4, side };
        std::vector<TextRequest> r;
        for (int i = 0; i < n; ++i) {
            c.marks.push_back({ { 20 + 160 * double(i % int(side / 40)), 20 + 40 * double(i / int(side / 40)) }, 4 });
            TextRequest q = markLabel({ std::size_t(i) }, "op " + std::to_string(i), TextRequest::Spots::Beside);
            r.push_back(q);
        }
        const TextLayout l = layOutTexts(c, r, measure);
        return placedCount(l);
    };
    // On a grid with room for every name, every one is placed, at 100 and at 10,000.
    QCOMPARE(run(100), std::size_t(100));
    QCOMPARE(run(10'000), std::size_t(10'000));
}

QTEST_GUILESS_MAIN(TestTextLayout)
#include "test_text_layout.moc"
