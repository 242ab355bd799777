// SPDX-License-Identifier: GPL-3.0-or-later
// Chart geometry with numbers: decade ranges, roofs, envelope, markers and label spots against the core's figures.
#include "chart/chart.h"
#include "chart/label_placement.h"
#include "chart/marker_stacks.h"
#include "files/presets.h"
#include "files/scenario.h"
#include "roofline/evaluate.h"

#include <QTest>

#include <cmath>
#include <limits>
#include <numbers>
#include <numeric>

using namespace roofline;
using namespace roofline::chart;

namespace {

const PresetLibrary& library()
{
    static const PresetLibrary lib = loadPresetLibrary({});
    return lib;
}

// One operation: a bf16 matmul at this B with D = F = 8192.
std::vector<Operation> matmulAt(double b)
{
    Operation op;
    Matmul m;
    m.B = b;
    op.op = m;
    return { op };
}

std::vector<Evaluation> evaluateAll(const std::vector<Operation>& ops, const Hardware& hw)
{
    std::vector<Evaluation> out;
    for (const Operation& op : ops) {
        auto ev = evaluate(op.op, hw);
        if (ev.ok())
            out.push_back(ev.value());
    }
    return out;
}

bool close(double a, double b)
{
    return std::abs(a - b) <= 1e-12 * std::max(std::abs(a), std::abs(b));
}

bool inView(const Layout& l, Point p)
{
    return p.x >= l.x.lower() && p.x <= l.x.upper() && p.y >= l.y.lower() && p.y <= l.y.upper();
}

const RoofSegment* roof(const Layout& l, const std::string& name)
{
    for (const RoofSegment& r : l.roofs)
        if (r.name == name)
            return &r;
    return nullptr;
}

} // namespace

class TestChartModel : public QObject {
    Q_OBJECT
private slots:
    void decadeRanges_data()
    {
        QTest::addColumn<double>("lo");
        QTest::addColumn<double>("hi");
        QTest::addColumn<double>("pad");
        QTest::addColumn<int>("lower");
        QTest::addColumn<int>("upper");
        QTest::newRow("whole decades stay") << 1.0 << 1000.0 << 0.0 << 0 << 3;
        QTest::newRow("inside snaps out") << 3.0 << 300.0 << 0.0 << 0 << 3;
        QTest::newRow("one decade of room") << 3.0 << 300.0 << 1.0 << -1 << 4;
        QTest::newRow("half a decade") << 9.89e14 << 9.89e14 << 0.5 << 14 << 16;
        QTest::newRow("one value, no pad") << 10.0 << 10.0 << 0.0 << 1 << 2;
        QTest::newRow("below one") << 0.25 << 0.5 << 1.0 << -2 << 1;
    }
    void decadeRanges()
    {
        QFETCH(double, lo);
        QFETCH(double, hi);
        QFETCH(double, pad);
        QFETCH(int, lower);
        QFETCH(int, upper);
        const auto r = decadeRangeAround(lo, hi, pad);
        QVERIFY(r);
        QCOMPARE(r->lowerDecade, lower);
        QCOMPARE(r->upperDecade, upper);
        QVERIFY(r->lower() <= lo && r->upper() >= hi);
    }

    // The decades between tick labels: by hand, an axis of 8 decades on 400 px has 50 px a decade; labels 60 px apart
    // need 2 decades (100 px), 120 px apart need 5 (250 px: 2 decades give 100 < 120), 300 px apart 10 (5 give 250).
    void tickSteps_data()
    {
        QTest::addColumn<int>("decades");
        QTest::addColumn<double>("length");
        QTest::addColumn<double>("spacing");
        QTest::addColumn<int>("step");
        QTest::newRow("room for every decade") << 8 << 400.0 << 50.0 << 1;
        QTest::newRow("every second") << 8 << 400.0 << 60.0 << 2;
        QTest::newRow("every fifth") << 8 << 400.0 << 120.0 << 5;
        QTest::newRow("one label, the axis apart") << 8 << 400.0 << 300.0 << 8; // 5 give 250 < 300
        QTest::newRow("one decade") << 1 << 10.0 << 300.0 << 1;
        QTest::newRow("a 50-pixel strip of 13 decades") << 13 << 50.0 << 20.0 << 10; // 3.85 px a decade: 5 give 19.2
        QTest::newRow("no length yet") << 8 << 0.0 << 20.0 << 1;
    }
    void tickSteps()
    {
        QFETCH(int, decades);
        QFETCH(double, length);
        QFETCH(double, spacing);
        QFETCH(int, step);
        QCOMPARE(logTickStep(decades, length, spacing), step);
    }

    void decadeRangesRefuseBadInput_data()
    {
        QTest::addColumn<double>("lo");
        QTest::addColumn<double>("hi");
        const double nan = std::numeric_limits<double>::quiet_NaN();
        const double inf = std::numeric_limits<double>::infinity();
        QTest::newRow("zero") << 0.0 << 1.0;
        QTest::newRow("negative") << -1.0 << 1.0;
        QTest::newRow("nan") << nan << 1.0;
        QTest::newRow("inf") << 1.0 << inf;
        QTest::newRow("reversed") << 10.0 << 1.0;
    }
    void decadeRangesRefuseBadInput()
    {
        QFETCH(double, lo);
        QFETCH(double, hi);
        QVERIFY(!decadeRangeAround(lo, hi, 1));
    }

    // Every preset with its default workload: every roof, ridge and marker in view, on the core's numbers.
    void presetLayouts_data()
    {
        QTest::addColumn<QString>("id");
        for (const Hardware& hw : library().presets())
            QTest::newRow(hw.id.c_str()) << QString::fromStdString(hw.id);
    }
    void presetLayouts()
    {
        QFETCH(QString, id);
        const Hardware& hw = *library().find(id.toStdString());
        const Dtype dtype = hw.defaultDtype();
        const double peak = *hw.peakFor(dtype);
        const auto ops = defaultWorkload(hw);
        const auto evs = evaluateAll(ops, hw);
        const Layout l = layout(hw, dtype, evs, hw);

        QVERIFY(l.x.decades() >= 3);
        QVERIFY(l.y.decades() >= 3);
        QCOMPARE(l.roofs.front().kind, RoofKind::Compute);
        QVERIFY(l.roofs.front().selected);
        QCOMPARE(l.roofs.front().value, peak);
        for (const Roof& r : bandwidthRoofs(hw)) {
            const RoofSegment* s = roof(l, r.name);
            QVERIFY2(s, r.name.c_str());
            QCOMPARE(s->value, r.value);
            QVERIFY(close(s->ridge, ridgeIntensity(peak, r.value)));
            QVERIFY(close(s->from.y, r.value * s->from.x)); // on the roof
            QVERIFY(close(s->to.y, r.value * s->to.x));
            QVERIFY(s->to.y >= peak);
            QVERIFY2(inView(l, { s->ridge, peak }), r.name.c_str());
            QVERIFY(inView(l, s->from));
            QVERIFY(inView(l, s->label));
        }
        std::size_t expectedMarkers = 0;
        for (std::size_t i = 0; i < evs.size(); ++i) {
            const auto mine = markersOf(i, evs[i]);
            expectedMarkers += mine.size();
            int filled = 0;
            for (const Marker& m : mine) {
                const ResourceUse& r = evs[i].resources[m.resource];
                QCOMPARE(m.at.x, r.intensity);
                QCOMPARE(m.at.y, attainableAt(r.intensity, evs[i].peak, r.bandwidth));
                QVERIFY2(inView(l, m.at), ops[i].name.c_str());
                filled += m.binding ? 1 : 0;
            }
            QVERIFY(filled <= 1);
        }
        QCOMPARE(l.markers.size(), expectedMarkers);
        QVERIFY(expectedMarkers >= 5);
        for (const Point& p : l.envelope) {
            QVERIFY(inView(l, p));
            QVERIFY(close(p.y, envelopeAt(hw, dtype, p.x)));
        }
    }

    // Dragging a bandwidth by a factor of two around the preset keeps the axes where they are.
    void rangesHoldWhileDragging_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("key");
        QTest::newRow("H100 HBM") << "h100-sxm"
                                  << "HBM";
        QTest::newRow("v5e HBM") << "tpu-v5e"
                                 << "HBM";
    }
    void rangesHoldWhileDragging()
    {
        QFETCH(QString, id);
        QFETCH(QString, key);
        const Hardware& preset = *library().find(id.toStdString());
        const auto ops = defaultWorkload(preset);
        const Layout base = layout(preset, preset.defaultDtype(), evaluateAll(ops, preset), preset);
        for (double factor : { 0.6, 0.8, 0.9, 1.1, 1.3, 1.6 }) {
            Hardware hw = preset;
            const double bw = preset.memory(key.toStdString())->bandwidth * factor;
            QVERIFY(!setHardwareValue(hw, "bandwidth." + key.toStdString(), bw));
            const Layout l = layout(hw, hw.defaultDtype(), evaluateAll(ops, hw), preset);
            QCOMPARE(l.x, base.x);
            QCOMPARE(l.y, base.y);
        }
    }

    // Held axes stay whatever the content, which still says what it would ask for; they give way only to content
    // that would leave them.
    void heldAxesStayPut()
    {
        const Hardware& preset = *library().find("tpu-v5e");
        const auto ops = defaultWorkload(preset);
        const auto evaluations = evaluateAll(ops, preset);
        const Layout base = layout(preset, preset.defaultDtype(), evaluations, preset);
        QCOMPARE(base.natural, (Axes { base.x, base.y }));
        const Axes wide { { base.x.lowerDecade - 2, base.x.upperDecade + 1 },
            { base.y.lowerDecade - 1, base.y.upperDecade + 2 } };
        const Layout held = layout(preset, preset.defaultDtype(), evaluations, preset, {}, wide);
        QCOMPARE(held.x, wide.x);
        QCOMPARE(held.y, wide.y);
        QCOMPARE(held.natural, base.natural);
        QCOMPARE(held.roofs.front().from.x, wide.x.lower()); // roofs reach the held axes
        // A peak ten thousand times higher would leave the held axes: they take the content's.
        Hardware fast = preset;
        const std::string peak = "peak." + std::string(dtypeName(preset.defaultDtype()));
        QVERIFY(!setHardwareValue(fast, peak, *preset.peakFor(preset.defaultDtype()) * 1e4));
        const Layout moved = layout(fast, fast.defaultDtype(), evaluateAll(ops, fast), preset, {}, base.natural);
        QCOMPARE(moved.x, base.x); // held, whatever the content
        QVERIFY(!contains(base.natural, moved.natural));
        QCOMPARE(keepOrRescale(base.natural, moved.natural), moved.natural);
        QCOMPARE(keepOrRescale(wide, base.natural), wide);

        // Axes held right of every ridge (intensities 10^6 to 10^8; the slowest roof, DCN, meets the v5e's highest
        // peak, int4's 788 TOP/s, at 252,160): no slope is in view, so each is drawn as nothing, never as a line back
        // up to its ridge; the envelope is the flat roof.
        const Axes right { { 6, 8 }, base.y };
        const Layout flat = layout(preset, preset.defaultDtype(), evaluations, preset, {}, right);
        for (const RoofSegment& s : flat.roofs)
            if (s.kind != RoofKind::Compute) {
                QVERIFY2(s.from.x <= s.to.x, s.name.c_str());
                QCOMPARE(s.from.x, s.to.x);
            }
        const double peakHere = *preset.peakFor(preset.defaultDtype());
        QCOMPARE(flat.envelope.size(), std::size_t(2));
        QCOMPARE(flat.envelope.front().y, peakHere);
        QCOMPARE(flat.envelope.back().y, peakHere);
        // Axes held left of the slowest ridge (intensities 1 to 10; the v5e's HBM ridge is 240): the envelope is the
        // HBM slope alone, to the right edge, never a line from it up to the peak at the edge. Sampled along the
        // drawn line in log space, it is bandwidth · intensity at every point.
        const Axes left { { 0, 1 }, base.y };
        const Layout slope = layout(preset, preset.defaultDtype(), evaluations, preset, {}, left);
        const auto hbmLevel = std::find_if(
            preset.memories.begin(), preset.memories.end(), [](const MemoryLevel& m) { return m.name == "HBM"; });
        QVERIFY(hbmLevel != preset.memories.end());
        const double hbm = hbmLevel->bandwidth;
        QCOMPARE(slope.envelope.size(), std::size_t(2));
        for (std::size_t k = 0; k + 1 < slope.envelope.size(); ++k)
            for (int step = 0; step <= 10; ++step) {
                const Point a = slope.envelope[k];
                const Point b = slope.envelope[k + 1];
                const double t = step / 10.0;
                const double x = std::pow(10.0, std::log10(a.x) + t * (std::log10(b.x) - std::log10(a.x)));
                const double y = std::pow(10.0, std::log10(a.y) + t * (std::log10(b.y) - std::log10(a.y)));
                QVERIFY2(std::abs(y / (hbm * x) - 1) < 1e-9, qPrintable(QString::number(x)));
            }
        QCOMPARE(slope.envelope.back().x, 10.0);
        QCOMPARE(slope.peak, *preset.peakFor(preset.defaultDtype())); // where the faster levels' ridges are drawn
        // The shades: bandwidth-bound under the whole slope here, compute-bound under the whole flat roof there, and
        // on the preset's own axes each up to and from the HBM ridge at 240.24.
        auto same = [](const std::vector<Point>& a, const std::vector<Point>& b) {
            return a.size() == b.size()
                && std::equal(a.begin(), a.end(), b.begin(), [](Point p, Point q) { return p.x == q.x && p.y == q.y; });
        };
        QVERIFY(same(envelopeParts(slope).bandwidthBound, slope.envelope));
        QVERIFY(envelopeParts(slope).computeBound.empty());
        QVERIFY(envelopeParts(flat).bandwidthBound.empty());
        QVERIFY(same(envelopeParts(flat).computeBound, flat.envelope));
        const EnvelopeParts both = envelopeParts(base);
        QCOMPARE(both.bandwidthBound.size(), std::size_t(2));
        QCOMPARE(both.computeBound.size(), std::size_t(2));
        QVERIFY(std::abs(both.bandwidthBound.back().x / (peakHere / hbm) - 1) < 1e-12);
        QVERIFY(same({ both.computeBound.front() }, { both.bandwidthBound.back() }));
        // The same for another chip's overlay on those axes.
        const Hardware& h100 = *library().find("h100-sxm");
        std::vector<const Evaluation*> none;
        const Overlay o = overlay(h100, Dtype::bf16, none, {}, right);
        for (const RoofSegment& s : o.roofs)
            QVERIFY2(s.from.x <= s.to.x, s.name.c_str());
    }

    void bindingMarker()
    {
        Evaluation ev;
        ev.peak = 1e15;
        ev.resources = { { RoofKind::Memory, "HBM", 3e12, 1e6, 1000, 1e-6 },
            { RoofKind::Network, "ICI", 1e11, 1e4, 1e5, 2e-6 } };
        ev.boundIndex = 0;
        QCOMPARE(bindingResource(ev), std::optional<std::size_t>(0));
        ev.boundIndex = -1; // compute-bound: the resource nearest to binding, the one with the longest time
        QCOMPARE(bindingResource(ev), std::optional<std::size_t>(1));
        const auto markers = markersOf(7, ev);
        QCOMPARE(markers.size(), std::size_t(2));
        QCOMPARE(markers[0].operation, std::size_t(7));
        QVERIFY(!markers[0].binding);
        QVERIFY(markers[1].binding);
        QCOMPARE(markers[1].at.y, 1e15); // 1e11 · 1e5 is above the peak
        QCOMPARE(markers[0].at.y, 1e15);

        ev.resources[1].intensity = std::numeric_limits<double>::infinity(); // no bytes: no place on the chart
        QCOMPARE(markersOf(0, ev).size(), std::size_t(1));
        QVERIFY(!bindingResource(Evaluation {}));
    }

    // Which roof labels come first when room runs out: the lesson's roof, then the roofs that bind an operation,
    // then those an operation touches (and the selected peak and the envelope's slope); roofs nothing touches last.
    void roofLabelPriorities()
    {
        const Hardware hw = *library().find("tpu-v5e");
        // A matmul at B = 32 on the v5e: intensity about 32 against the HBM ridge of 240, so HBM binds it; the
        // compute roof binds nothing. VMEM (faster than HBM) and the links carry nothing.
        const std::vector<Evaluation> evs = evaluateAll(matmulAt(32), hw);
        QCOMPARE(evs.size(), std::size_t(1));
        const Layout l = layout(hw, Dtype::bf16, evs, hw);
        auto priorityOf = [&](const std::vector<LabelPriority>& p, const std::string& name) {
            for (std::size_t i = 0; i < l.roofs.size(); ++i)
                if (l.roofs[i].name == name)
                    return p[i];
            qFatal("no roof %s", name.c_str());
        };
        const std::vector<LabelPriority> plain = roofPriorities(l, evs, "");
        QCOMPARE(plain.size(), l.roofs.size());
        QCOMPARE(priorityOf(plain, "HBM"), LabelPriority::Binding);
        QCOMPARE(priorityOf(plain, "bf16"), LabelPriority::Touched);
        QCOMPARE(priorityOf(plain, "VMEM"), LabelPriority::Untouched);
        QCOMPARE(priorityOf(plain, "ICI"), LabelPriority::Untouched);
        QCOMPARE(priorityOf(plain, "DCN"), LabelPriority::Untouched);

        // A lesson about ICI puts it first, ahead of the binding HBM; the rest keep their order.
        const std::vector<LabelPriority> lesson = roofPriorities(l, evs, "ICI");
        QCOMPARE(priorityOf(lesson, "ICI"), LabelPriority::Lesson);
        const std::vector<std::size_t> order = placementOrder(lesson);
        QCOMPARE(l.roofs[order[0]].name, std::string("ICI"));
        QCOMPARE(l.roofs[order[1]].name, std::string("HBM"));
        QCOMPARE(l.roofs[order[2]].name, std::string("bf16"));
        // Among equals, the layout's order: VMEM, then the links as the chip lists them.
        QCOMPARE(l.roofs[order[3]].name, std::string("VMEM"));
        QCOMPARE(l.roofs[order[4]].name, std::string("DCN"));

        // At B = 1024 (intensity about 745, above the ridge) the matmul is compute-bound: the peak binds it, and
        // its filled marker stands on HBM, the resource nearest to binding.
        const std::vector<Evaluation> big = evaluateAll(matmulAt(1024), hw);
        const Layout lb = layout(hw, Dtype::bf16, big, hw);
        const std::vector<LabelPriority> pb = roofPriorities(lb, big, "");
        QCOMPARE(pb[0], LabelPriority::Binding); // bf16, the selected compute roof, first in the layout
        QCOMPARE(placementOrder({ LabelPriority::Untouched, LabelPriority::Lesson, LabelPriority::Touched,
                     LabelPriority::Lesson }),
            (std::vector<std::size_t> { 1, 3, 2, 0 }));
    }

    // A view's roofs: the others are not drawn; the markers and the envelope stay.
    void viewKeepsItsRoofs()
    {
        const Hardware hw = *library().find("tpu-v5e");
        const std::vector<Evaluation> evs = evaluateAll(matmulAt(32), hw);
        Layout l = layout(hw, Dtype::bf16, evs, hw);
        const auto markers = l.markers.size();
        const auto envelope = l.envelope.size();
        keepRoofs(l, { "bf16", "HBM" });
        QCOMPARE(l.roofs.size(), std::size_t(2));
        QCOMPARE(l.roofs[0].name, std::string("bf16"));
        QCOMPARE(l.roofs[1].name, std::string("HBM"));
        QCOMPARE(l.markers.size(), markers);
        QCOMPARE(l.envelope.size(), envelope);
        const auto all = layout(hw, Dtype::bf16, evs, hw).roofs.size();
        Layout unchanged = layout(hw, Dtype::bf16, evs, hw);
        keepRoofs(unchanged, {});
        QCOMPARE(unchanged.roofs.size(), all);

        // The marker at B = 32 lies at intensity about 32 (10^1.5) and 32 · 8.2e11 = 2.6e13 FLOP/s (10^13.4).
        QVERIFY(showsEveryMarker({ { 1, 2 }, { 13, 14 } }, l));
        QVERIFY(!showsEveryMarker({ { 2, 3 }, { 13, 14 } }, l));
        QVERIFY(!showsEveryMarker({ { 1, 2 }, { 14, 15 } }, l));
    }

    // A name moved out is joined to its marker by a line that crosses no roof: a far spot across a roof is passed
    // over for one on the marker's own side.
    void leaderLinesCrossNoRoof()
    {
        QVERIFY(segmentsMeet({ 0, 0 }, { 10, 10 }, { 0, 10 }, { 10, 0 }));
        QVERIFY(segmentsMeet({ 0, 0 }, { 10, 0 }, { 10, 0 }, { 10, 5 })); // touching at an end
        QVERIFY(!segmentsMeet({ 0, 0 }, { 10, 0 }, { 0, 1 }, { 10, 1 })); // parallel
        QVERIFY(!segmentsMeet({ 0, 0 }, { 4, 4 }, { 5, 0 }, { 10, -5 }));

        const Box area { 0, 0, 400, 400 };
        // Every spot beside the marker at (200, 200) is taken: its name must move out, to the rows above first.
        BoxGrid taken;
        taken.add(Box { 140, 170, 120, 60 });
        const LabelRequest free { { 200, 200 }, 50, 12 };
        const auto above = placeLabel(free, taken, 10, area);
        QVERIFY(above && above->far);
        QVERIFY(above->box.top + above->box.height < 200);
        // A roof just above the marker, level, across the plot: the name goes below instead.
        const std::vector<std::pair<Point, Point>> roof { { { 0, 185 }, { 400, 185 } } };
        LabelRequest kept = free;
        kept.uncrossed = &roof;
        const auto below = placeLabel(kept, taken, 10, area);
        QVERIFY(below && below->far);
        QVERIFY(below->box.top > 200);

        // A line only some labels avoid: with it the first spot (right of the marker) is passed over.
        BoxGrid none;
        BoxGrid line;
        line.add(Box { 205, 190, 60, 20 });
        QCOMPARE(placeLabel(free, none, 10, area)->spot, 0);
        QVERIFY(placeLabel(free, none, 10, area, &line)->spot != 0);
    }

    void envelopeIsTheLowestOnChipRoof()
    {
        const Hardware& hw = *library().find("h100-sxm");
        const double peak = *hw.peakFor(Dtype::bf16);
        const double hbm = hw.memory("HBM")->bandwidth;
        QCOMPARE(envelopeAt(hw, Dtype::bf16, 1.0), hbm);
        QCOMPARE(envelopeAt(hw, Dtype::bf16, 1e6), peak);
        const Layout l = layout(hw, Dtype::bf16, {}, hw);
        QCOMPARE(l.envelope.size(), std::size_t(3));
        QVERIFY(close(l.envelope[1].x, peak / hbm));
        QCOMPARE(l.envelope[1].y, peak);
    }

    void otherDtypesAreDashedRoofs()
    {
        const Hardware& hw = *library().find("h100-sxm");
        Matmul int8;
        int8.x = int8.w = int8.out = int8.compute = Dtype::int8;
        const auto ev = evaluate(int8, hw);
        QVERIFY(ev.ok());
        const Layout l = layout(hw, Dtype::bf16, { ev.value() }, hw);
        const RoofSegment* bf16 = roof(l, "bf16");
        const RoofSegment* i8 = roof(l, "int8");
        QVERIFY(bf16 && i8);
        QVERIFY(bf16->selected);
        QVERIFY(!i8->selected);
        QCOMPARE(i8->value, *hw.peakFor(Dtype::int8));
        // Sloped roofs reach the highest peak in use, so the int8 marker sits on a drawn line.
        QCOMPARE(roof(l, "HBM")->to.y, *hw.peakFor(Dtype::int8));
    }

    void labelsAvoidEachOther()
    {
        const Box area { 0, 0, 1000, 1000 };
        const std::vector<LabelRequest> same { { { 100, 100 }, 40, 10 }, { { 100, 100 }, 40, 10 } };
        const auto boxes = placeLabels(same, {}, 5, area);
        QVERIFY(boxes[0] && boxes[1]);
        QCOMPARE(boxes[0]->box.left, 105.0); // right of the marker
        QCOMPARE(boxes[1]->box.left, 100.0 - 5 - 40); // then left
        QCOMPARE(boxes[1]->spot, 1);
        QVERIFY(!boxes[0]->far && !boxes[1]->far);
        QVERIFY(!boxes[0]->box.intersects(boxes[1]->box));

        const std::vector<Box> wall { { 0, 0, 1000, 1000 } };
        QVERIFY(!placeLabels(same, wall, 5, area)[0]); // nowhere free: left out

        const auto below = placeLabels({ { { 50, 50 }, 20, 10, LabelRequest::Side::Below } }, {}, 4, area);
        QVERIFY(below[0]->box.top > 50);

        // At the right edge of the plot the label goes left rather than off the plot.
        const auto edge = placeLabels({ { { 990, 500 }, 40, 10 } }, {}, 5, area);
        QVERIFY(edge[0]);
        QVERIFY(area.contains(edge[0]->box));
        QCOMPARE(edge[0]->box.left, 990.0 - 5 - 40);
    }

    void crowdedLabelsMoveOutAndHoldStill()
    {
        const Box area { 0, 0, 1000, 1000 };
        // Nine labels on one marker: the first four take the spots right, left, above and below; then the
        // diagonals would meet those (the labels are wider than the gap), so the rest move out and are marked far;
        // none covers another.
        const std::vector<LabelRequest> nine(9, LabelRequest { { 500, 500 }, 40, 10 });
        const auto placed = placeLabels(nine, {}, 5, area);
        for (std::size_t i = 0; i < 9; ++i) {
            QVERIFY(placed[i]);
            QCOMPARE(placed[i]->far, i >= 4);
            if (i < 4)
                QCOMPARE(placed[i]->spot, int(i));
            for (std::size_t j = 0; j < i; ++j)
                QVERIFY(!placed[i]->box.intersects(placed[j]->box));
        }
        // The first far spot: a row above the spot above, a line (and a pixel) higher: 500 - 5 - 10 - 11.
        QCOMPARE(placed[4]->box.left, 480.0);
        QCOMPARE(placed[4]->box.top, 474.0);
        // A label that took the spot below keeps it while it is free, though the right is free too.
        LabelRequest held { { 500, 500 }, 40, 10 };
        held.preferred = 3;
        const auto kept = placeLabels({ held }, {}, 5, area);
        QCOMPARE(kept[0]->spot, 3);
        QCOMPARE(kept[0]->box.top, 505.0);
        // When its spot is taken it takes the first free one.
        const auto moved = placeLabels({ held }, { { 480, 505, 40, 10 } }, 5, area);
        QCOMPARE(moved[0]->spot, 0);
    }

    // Markers closer than the radius to the first of them, each on the others' roofs, are drawn as one, which counts
    // them; markers of other roofs and markers apart stay as they are.
    void coincidingMarkersStack()
    {
        const MarkerRoof hbm { 1e15, 3e12, {} }; // its ridge at 333.3 FLOPs per byte
        const MarkerRoof l2 { 1e15, 8e12, {} };
        const Point flat { 1000, 1e15 };
        const Point slope { 10, 3e13 };
        const double radius = 6;
        // Two operations at one pixel of one roof: the binding marker is drawn, for both.
        auto two = stackMarkers(
            { { 100, 50 }, { 100, 50 } }, { flat, flat }, { hbm, hbm }, { 0, 1 }, { false, true }, radius);
        QCOMPARE(two.drawnAs, (std::vector<std::size_t> { 1, 1 }));
        QCOMPARE(two.count, (std::vector<std::size_t> { 2, 2 }));
        // The operation being dragged is drawn whatever the others are.
        two = stackMarkers(
            { { 100, 50 }, { 100, 50 } }, { flat, flat }, { hbm, hbm }, { 0, 1 }, { false, true }, radius, 0);
        QCOMPARE(two.drawnAs, (std::vector<std::size_t> { 0, 0 }));
        // Past both ridges the HBM and L2 roofs are one flat roof; below them two slopes. The same slope under two
        // peaks is one roof too.
        two = stackMarkers({ { 100, 50 }, { 100, 50 } }, { flat, flat }, { hbm, l2 }, { 0, 1 }, { true, true }, radius);
        QCOMPARE(two.count, (std::vector<std::size_t> { 2, 2 }));
        const auto slopes = stackMarkers(
            { { 100, 50 }, { 100, 50 } }, { slope, { 10, 8e13 } }, { hbm, l2 }, { 0, 1 }, { true, true }, radius);
        QCOMPARE(slopes.drawnAs, (std::vector<std::size_t> { 0, 1 }));
        QCOMPARE(slopes.count, (std::vector<std::size_t> { 1, 1 }));
        two = stackMarkers({ { 100, 50 }, { 100, 50 } }, { slope, slope }, { hbm, { 5e14, 3e12, {} } }, { 0, 1 },
            { true, true }, radius);
        QCOMPARE(two.count, (std::vector<std::size_t> { 2, 2 }));
        // Just below the ridge on the slope and just past it on the flat: each lies on the other's roof.
        two = stackMarkers({ { 98, 50 }, { 100, 50 } }, { { 330, 9.9e14 }, { 340, 1e15 } }, { hbm, hbm }, { 0, 1 },
            { true, true }, radius);
        QCOMPARE(two.drawnAs, (std::vector<std::size_t> { 0, 0 }));
        // A marker held below its roof (latency) stands only with its like.
        const MarkerRoof held { 1e15, 3e12, "HBM" };
        const auto under = stackMarkers({ { 100, 50 }, { 100, 50 }, { 100, 50 } },
            { slope, { 10, 1e13 }, { 10, 1e13 } }, { hbm, held, held }, { 0, 1, 2 }, { true, true, true }, radius);
        QCOMPARE(under.drawnAs, (std::vector<std::size_t> { 0, 1, 1 }));
        QCOMPARE(under.count, (std::vector<std::size_t> { 1, 2, 2 }));
        // A row 4 px apart along one roof: stacks within 6 px of their first, 0 and 4, 8 and 12, then 16 alone; a
        // stack never chains along the row.
        std::vector<Point> row;
        std::vector<Point> rowValues;
        for (int k = 0; k < 5; ++k) {
            row.push_back({ 200.0 + 4 * k, 300.0 - 2 * k });
            rowValues.push_back({ 10.0 + k, 3e12 * (10.0 + k) });
        }
        const auto rowed
            = stackMarkers(row, rowValues, std::vector(5, hbm), { 0, 1, 2, 3, 4 }, std::vector(5, false), radius);
        QCOMPARE(rowed.drawnAs, (std::vector<std::size_t> { 0, 0, 2, 2, 4 }));
        QCOMPARE(rowed.count, (std::vector<std::size_t> { 2, 2, 2, 2, 1 }));
        // One operation's two markers at one spot count once; a marker far off any screen stands alone.
        const auto own = stackMarkers({ { 10, 10 }, { 10, 10 }, { 11, 10 }, { 1e9, 10 }, { 1e9, 10 } },
            std::vector(5, flat), std::vector(5, hbm), { 3, 3, 4, 5, 6 }, std::vector(5, false), radius);
        QCOMPARE(own.drawnAs, (std::vector<std::size_t> { 0, 0, 0, 3, 4 }));
        QCOMPARE(own.count, (std::vector<std::size_t> { 2, 2, 2, 1, 1 }));
        // Thousands at one pixel: one marker standing for all of them.
        const std::size_t n = 5000;
        std::vector<std::size_t> owners(n);
        std::iota(owners.begin(), owners.end(), std::size_t(0));
        const auto crowd = stackMarkers(std::vector(n, Point { 7, 7 }), std::vector(n, flat), std::vector(n, hbm),
            owners, std::vector(n, false), radius);
        QVERIFY(std::all_of(crowd.drawnAs.begin(), crowd.drawnAs.end(), [](std::size_t i) { return i == 0; }));
        QCOMPARE(crowd.count.front(), n);
    }

    // Each marker of every preset's default workload names the roof it lies on, min(practical peak, practical
    // bandwidth · x), or its resource when it lies below it.
    void markersKnowTheirRoof()
    {
        for (const Hardware& hw : library().presets()) {
            const auto evs = evaluateAll(defaultWorkload(hw), hw);
            const Layout l = layout(hw, hw.defaultDtype(), evs, hw);
            QVERIFY(!l.markers.empty());
            for (const Marker& m : l.markers) {
                const Evaluation& ev = evs[m.operation];
                const ResourceUse& r = ev.resources[m.resource];
                const MarkerRoof roof = markerRoof(m, ev);
                QCOMPARE(roof.peak, ev.peak * ev.computeEfficiency);
                QCOMPARE(roof.bandwidth, r.bandwidth * r.efficiency);
                const double y = std::min(roof.peak, roof.bandwidth * m.at.x);
                QVERIFY(roof.under.empty() ? std::abs(m.at.y - y) <= 1e-3 * y
                                           : m.at.y < (1 - 1e-3) * y && roof.under == r.name);
            }
        }
        // Held below its roof by the launch floor, a marker names its resource.
        const Hardware& hw = *library().find("h100-sxm");
        Evaluation ev = evaluateAll(defaultWorkload(hw), hw).front();
        Marker held = markersOf(0, ev).front();
        held.at.y /= 2;
        QCOMPARE(markerRoof(held, ev).under, ev.resources[held.resource].name);
    }

    void rotatedTextFootprints()
    {
        // Level text: squares along the baseline, above it, spanning the width.
        const auto level = rotatedFootprint({ 100, 50 }, 40, 10, 0);
        QVERIFY(level.size() >= 8);
        QCOMPARE(level.front().left, 100.0 - 20 - 5);
        QCOMPARE(level.back().left, 100.0 + 20 - 5);
        for (const Box& b : level) {
            QCOMPARE(b.top, 40.0);
            QCOMPARE(b.height, 10.0);
        }
        // Rising at 45° on screen (y grows downwards): the far end is up and to the right.
        const auto rising = rotatedFootprint({ 100, 50 }, 40, 10, -std::numbers::pi / 4);
        QVERIFY(rising.back().left > rising.front().left);
        QVERIFY(rising.back().top < rising.front().top);
        QVERIFY(overlapsAny(rising, { { 110, 30, 4, 4 } }));
        QVERIFY(!overlapsAny(rising, { { 110, 60, 4, 4 } })); // below the text's side of the baseline
    }

    void segmentFootprints()
    {
        const auto line = segmentFootprint({ 0, 0 }, { 100, 100 }, 4);
        QVERIFY(line.size() >= 30);
        QVERIFY(overlapsAny(line, { { 49, 49, 2, 2 } })); // on the line
        QVERIFY(!overlapsAny(line, { { 60, 30, 5, 5 } })); // beside it
        QVERIFY(overlapsAny(line, { { 98, 98, 1, 1 } })); // its end
    }

    void distances_data()
    {
        QTest::addColumn<double>("px");
        QTest::addColumn<double>("py");
        QTest::addColumn<double>("expected");
        QTest::newRow("on the segment") << 5.0 << 0.0 << 0.0;
        QTest::newRow("above the middle") << 5.0 << 3.0 << 3.0;
        QTest::newRow("beyond the end") << 13.0 << 4.0 << 5.0;
        QTest::newRow("before the start") << -3.0 << -4.0 << 5.0;
    }
    void distances()
    {
        QFETCH(double, px);
        QFETCH(double, py);
        QFETCH(double, expected);
        QCOMPARE(distanceToSegment({ px, py }, { 0, 0 }, { 10, 0 }), expected);
    }
};

QTEST_GUILESS_MAIN(TestChartModel)
#include "test_chart_model.moc"
