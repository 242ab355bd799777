// SPDX-License-Identifier: GPL-3.0-or-later
// Latency floors and efficiency factors: each against a number derived by hand, the practical roofs of the chart,
// the keys of --set and scenario files, and the texts' ideal roofline left exactly as it was with both at defaults.
#include "chart/chart.h"
#include "files/presets.h"
#include "files/scenario.h"
#include "report/report.h"
#include "roofline/evaluate.h"
#include "scenario_fixture.h"
#include "session/analysis.h"

#include <QTest>

#include <cmath>
#include <limits>

using namespace roofline;
using roofline::testing::library;
using roofline::testing::parse;

namespace {

// A round chip: 1e15 FLOP/s bf16, 2e15 OP/s int8, HBM 1e12 B/s, one link of 1e11 B/s with α = 1 µs, a launch floor
// of 3 µs, read as a preset so that the preset keys are read too.
Hardware roundChip()
{
    const Expected<Hardware, Diagnostics> hw = parsePreset(R"(name: Round chip
compute: { bf16: 1e15, int8: 2e15 }
memory: [ { name: HBM, bandwidth: 1e12, capacity: 8e10 } ]
links: [ { name: NET, bandwidth: 1e11, scope: inter-node, latency: 1e-6 } ]
launch_floor: 3 µs
sources: [ round numbers ]
)",
        "round.yaml", "round");
    if (!hw)
        qFatal("%s", toString(hw.error()).c_str());
    return *hw;
}

Evaluation eval(const OperationVariant& op, const Hardware& hw)
{
    const Expected<Evaluation> e = evaluate(op, hw);
    if (!e)
        qFatal("%s", e.error().c_str());
    return e.value();
}

bool close(double a, double b, double rel = 1e-12)
{
    return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b));
}

} // namespace

class TestPractical : public QObject {
    Q_OBJECT

private slots:
    // An AllReduce of one int8 element over a ring of 8: 2(P−1) = 14 message steps of α = 1 µs each, so 14 µs, plus
    // 2·(7/8)·1 B = 1.75 B at 1e11 B/s = 1.75e-11 s. Without the switch only the 1.75e-11 s remain.
    void aOneByteAllReduceTakesAlphaPerStep()
    {
        Collective c;
        c.kind = CollectiveKind::AllReduce;
        c.N = 1;
        c.P = 8;
        c.dtype = Dtype::int8;
        c.link = "NET";
        Hardware hw = roundChip();
        hw.launchFloor = 0;
        QCOMPARE(eval(c, hw).tLower, 1.75e-11);
        QCOMPARE(eval(c, hw).bound(), std::string("NET"));

        hw.latency = true;
        const Evaluation e = eval(c, hw);
        QVERIFY(close(e.resources[0].latency, 14e-6));
        QVERIFY(close(e.tLower, 14e-6 + 1.75e-11));
        QVERIFY(close(e.tLatency, 14e-6));
        QCOMPARE(e.bound(), std::string("latency"));
        QCOMPARE(e.boundIndex, 0); // still under the link's roof

        // A ReduceScatter and an AllGather take P−1 = 7 steps.
        c.kind = CollectiveKind::AllGather;
        QVERIFY(close(eval(c, hw).resources[0].latency, 7e-6));
        // A large AllReduce is bound by its bytes, α or not: 2^30 int8 elements, 2·(7/8)·2^30 B / 1e11 B/s =
        // 18.79 ms against 14 µs of α.
        c.kind = CollectiveKind::AllReduce;
        c.N = 1 << 30;
        QCOMPARE(eval(c, hw).bound(), std::string("NET"));
        QVERIFY(close(eval(c, hw).tLower, 14e-6 + 1.75 * (1 << 30) / 1e11));
    }

    // A dot product of 1024 bf16 elements moves 2·2·1024 + 2 = 4098 B: 4.098 ns at 1e12 B/s. With the switch on it
    // takes the 3 µs launch floor instead, both bounds, and reaches 2047 FLOPs / 3 µs = 6.823e8 FLOP/s.
    void theLaunchFloorHoldsATinyDotProduct()
    {
        Dot d;
        d.N = 1024;
        Hardware hw = roundChip();
        const Evaluation off = eval(d, hw);
        QVERIFY(close(off.tLower, 4.098e-9));
        QCOMPARE(off.bound(), std::string("HBM"));
        QCOMPARE(off.tLatency, 0.0);

        hw.latency = true;
        const Evaluation on = eval(d, hw);
        QCOMPARE(on.tLower, 3e-6);
        QCOMPARE(on.tUpper, 3e-6);
        QCOMPARE(on.tLaunch, 3e-6);
        QVERIFY(close(on.tLatency, 3e-6 - 4.098e-9));
        QCOMPARE(on.bound(), std::string("latency"));
        QVERIFY(close(on.attainable, 2047 / 3e-6));
        // The chart places it at that throughput, under the HBM roof.
        const std::vector<chart::Marker> markers = chart::markersOf(0, on);
        QCOMPARE(markers.size(), std::size_t(1));
        QVERIFY(close(markers[0].at.y, 2047 / 3e-6));

        // A large one is not held: 2^30 elements take 4.29 ms.
        d.N = 1 << 30;
        QCOMPARE(eval(d, hw).bound(), std::string("HBM"));
        QCOMPARE(eval(d, hw).tLatency, 0.0);
    }

    // Efficiency 0.5 on HBM: a dot product of 2^20 bf16 elements moves 4·2^20 + 2 = 4194306 B, 4.194306 µs at
    // 1e12 B/s and 8.388612 µs at 5e11 B/s; its 2^21 − 1 FLOPs reach half the throughput.
    void halfTheBandwidthDoublesAMemoryBoundTime()
    {
        Dot d;
        Hardware hw = roundChip();
        const Evaluation full = eval(d, hw);
        QVERIFY(close(full.tLower, 4.194306e-6));
        QVERIFY(!setHardwareValue(hw, "efficiency.HBM", 0.5));
        const Evaluation half = eval(d, hw);
        QVERIFY(close(half.tLower, 8.388612e-6));
        QVERIFY(close(half.attainable, full.attainable / 2));
        QVERIFY(close(half.attainable, 2097151 / 8.388612e-6));
        QCOMPARE(half.resources[0].bandwidth, 1e12); // the datasheet's, as the report lists it
        QCOMPARE(half.resources[0].efficiency, 0.5);
    }

    // Compute at 0.8: a 4096×4096×4096 bf16 matmul does 2·4096³ = 1.374e11 FLOPs, 137.4 µs at 1e15 and 171.8 µs at
    // 8e14 FLOP/s; its 3·2·4096² = 1.007e8 B take 100.7 µs, so it stays compute-bound.
    void computeEfficiencyScalesTMath()
    {
        Matmul m;
        m.B = m.D = m.F = 4096;
        Hardware hw = roundChip();
        QVERIFY(!setHardwareValue(hw, "efficiency.compute", 0.8));
        const Evaluation e = eval(m, hw);
        QVERIFY(close(e.tMath, 2 * std::pow(4096.0, 3) / 8e14));
        QCOMPARE(e.bound(), std::string("compute"));
        QVERIFY(close(e.attainable, 8e14));
        QVERIFY(close(e.fractionOfPeak, 0.8)); // against the datasheet peak
    }

    // The dashed roofs exist only where a factor is below 1, at the datasheet value times the factor.
    void practicalRoofsOnlyWhereAFactorIsBelowOne()
    {
        Hardware hw = roundChip();
        const std::vector<Evaluation> none;
        QVERIFY(chart::layout(hw, Dtype::bf16, none, hw).practical.empty());

        QVERIFY(!setHardwareValue(hw, "efficiency.HBM", 0.5));
        chart::Layout l = chart::layout(hw, Dtype::bf16, none, roundChip());
        QCOMPARE(l.practical.size(), std::size_t(1));
        QCOMPARE(l.practical[0].name, std::string("HBM"));
        QCOMPARE(l.practical[0].value, 5e11);
        QCOMPARE(l.practical[0].ridge, 2000.0); // 1e15 / 5e11
        QCOMPARE(l.practical[0].to.y, 1e15);

        QVERIFY(!setHardwareValue(hw, "efficiency.compute", 0.8));
        QVERIFY(!setHardwareValue(hw, "efficiency.NET", 0.9));
        l = chart::layout(hw, Dtype::bf16, none, roundChip());
        QCOMPARE(l.practical.size(), std::size_t(3));
        QCOMPARE(l.practical[0].kind, RoofKind::Compute);
        QCOMPARE(l.practical[0].value, 8e14);
        QCOMPARE(l.practical[1].ridge, 1600.0); // 8e14 / 5e11
        QCOMPARE(l.practical[2].kind, RoofKind::Network);
        QCOMPARE(l.practical[2].value, 9e10);
        // The datasheet roofs stay where they were.
        QCOMPARE(l.roofs[0].value, 1e15);
        QCOMPARE(l.roofs[1].value, 1e12);
    }

    void settingsAndTheirErrors_data()
    {
        QTest::addColumn<QString>("assignment");
        QTest::addColumn<QString>("error"); // a part of the message; empty: accepted
        QTest::newRow("efficiency 0.83") << "efficiency.HBM=0.83"
                                         << "";
        QTest::newRow("efficiency 1") << "efficiency.compute=1"
                                      << "";
        QTest::newRow("efficiency 0") << "efficiency.HBM=0"
                                      << "efficiency.HBM: expected a positive value, found '0' (an efficiency "
                                         "factor from 0.01 to 1)";
        QTest::newRow("efficiency 1.5") << "efficiency.HBM=1.5"
                                        << "efficiency.HBM: expected an efficiency factor from 0.01 to 1";
        QTest::newRow("efficiency NaN") << "efficiency.NVLink=nan"
                                        << "efficiency.NVLink: expected a finite number";
        QTest::newRow("efficiency with a unit") << "efficiency.HBM=0.5 B/s"
                                                << "efficiency.HBM: unexpected unit";
        QTest::newRow("efficiency of nothing") << "efficiency.HBM3=0.5"
                                               << "no memory level or link named 'HBM3'";
        QTest::newRow("alpha in µs") << "latency.NVLink=2 \xC2\xB5s"
                                     << "";
        QTest::newRow("launch floor") << "latency.launch=5e-6"
                                      << "";
        QTest::newRow("negative alpha") << "latency.IB=-1e-6"
                                        << "latency.IB: expected a latency from 0 to 0.1 s";
        QTest::newRow("alpha of a memory") << "latency.HBM=1e-6"
                                           << "no link named 'HBM'";
        QTest::newRow("switch on") << "latency=on"
                                   << "";
        QTest::newRow("switch maybe") << "latency=maybe"
                                      << "latency: expected on or off, found 'maybe'";
    }

    void settingsAndTheirErrors()
    {
        QFETCH(QString, assignment);
        QFETCH(QString, error);
        Session s = defaultSession(*library().find("h100-sxm"));
        const Session before = s;
        const std::optional<std::string> result = applySetting(s, assignment.toStdString());
        if (error.isEmpty()) {
            QVERIFY2(!result, result ? result->c_str() : "");
            return;
        }
        QVERIFY(result);
        QVERIFY2(QString::fromStdString(*result).contains(error), result->c_str());
        QCOMPARE(s, before); // the previous state is kept
    }

    void settingsReachTheHardware()
    {
        Session s = defaultSession(*library().find("h100-sxm"));
        for (const char* a : { "efficiency.HBM=0.83", "latency.NVLink=2 \xC2\xB5s", "latency=on" })
            QVERIFY(!applySetting(s, a));
        const Hardware hw = s.hardware();
        QCOMPARE(hw.memory("HBM")->efficiency, 0.83);
        QCOMPARE(hw.link("NVLink")->latency, 2e-6);
        QVERIFY(hw.latency);
        QVERIFY(!applySetting(s, "latency=off"));
        QVERIFY(!s.hardware().latency);
    }

    // A scenario's set: block refuses a factor out of range with the file, line and field.
    void aBadFactorInAFileIsLocated()
    {
        const Expected<Session, Diagnostics> s = parseScenario(
            "preset: h100-sxm\nset:\n  efficiency.HBM: 1.5\nlatency: yes\noperations: []\n", "bad.yaml", library());
        QVERIFY(!s);
        const std::string text = toString(s.error());
        QVERIFY2(text.find("bad.yaml:3") != std::string::npos, text.c_str());
        QVERIFY2(text.find("set.efficiency.HBM") != std::string::npos, text.c_str());
        QVERIFY2(text.find("bad.yaml:4") != std::string::npos, text.c_str());
        QVERIFY2(text.find("expected on or off") != std::string::npos, text.c_str());
    }

    void aScenarioRoundTrips()
    {
        Session s = parse("preset: h100-sxm\nset:\n  efficiency.HBM: 0.83\n  efficiency.compute: 0.7\n"
                          "  latency.NVLink: 1.5e-6\nlatency: on\noperations:\n  - op: dot\n");
        QVERIFY(s.latency);
        const std::string written = writeScenario(s);
        QVERIFY2(written.find("latency: on") != std::string::npos, written.c_str());
        const Session back = parse(written);
        QCOMPARE(back, s);
        QCOMPARE(writeScenario(back), written);

        // Inline hardware keeps its α and launch floor.
        s.presetId.clear();
        const Session inlined = parse(writeScenario(s));
        QCOMPARE(inlined.chip.launchFloor, 3e-6);
        QCOMPARE(inlined.chip.link("IB")->latency, 2.7e-6);
        QCOMPARE(inlined, s);
    }

    // Every shipped chip states a launch floor and an α for each link, within range.
    void presetsStateTheirLatencies()
    {
        for (const Hardware& hw : library().presets()) {
            QVERIFY2(hw.launchFloor > 0 && hw.launchFloor <= 1e-4, hw.id.c_str());
            for (const Link& l : hw.links)
                QVERIFY2(l.latency > 0 && l.latency <= 1e-4, (hw.id + " " + l.name).c_str());
        }
        const Hardware& h100 = *library().find("h100-sxm");
        QCOMPARE(h100.link("NVLink")->latency, 6e-7);
        QCOMPARE(h100.link("IB")->latency, 2.7e-6);
        QCOMPARE(h100.launchFloor, 3e-6);
    }

    // With the switch off and every factor 1, a chip's latencies change no number: each default operation of each
    // shipped chip evaluates exactly as on the chip with its latencies cleared.
    void offChangesNothing()
    {
        for (const Hardware& hw : library().presets()) {
            Hardware bare = hw;
            bare.launchFloor = 0;
            for (Link& l : bare.links)
                l.latency = 0;
            for (const Operation& op : defaultWorkload(hw)) {
                const Evaluation a = eval(op.op, hw);
                const Evaluation b = eval(op.op, bare);
                QCOMPARE(a.tLower, b.tLower);
                QCOMPARE(a.tUpper, b.tUpper);
                QCOMPARE(a.attainable, b.attainable);
                QCOMPARE(a.bound(), b.bound());
            }
        }
    }

    // A model's totals sum what latency adds, each operation counted `repeat` times; the step gets no faster.
    void modelTotalsSumTheLatency()
    {
        Session s = parse("preset: h100-sxm\nmodel:\n  id: llama-2-7b\n  phase: decode\n  batch: 1\n"
                          "  context: 128\n  tp: 8\noperations: []\n");
        const Analysis off = analyse(s);
        s.latency = true;
        const Analysis on = analyse(s);
        QVERIFY(off.model && on.model);
        QCOMPARE(off.model->tLatency, 0.0);
        double lower = 0;
        double latency = 0;
        for (std::size_t i = 0; i < on.operations.size(); ++i) {
            const double r = on.session.operations[i].repeat;
            lower += r * on.operations[i].evaluation->tLower;
            latency += r * on.operations[i].evaluation->tLatency;
        }
        QVERIFY(close(on.model->tLower, lower));
        QVERIFY(close(on.model->tLatency, latency));
        QVERIFY(on.model->tLatency > 0);
        QVERIFY(close(on.model->tLower, off.model->tLower + on.model->tLatency, 1e-9));
    }

    // The JSON report lists the factors and latencies, per operation and in the totals, and holds no inf or NaN.
    void theReportHoldsThePracticalTerms()
    {
        Session s = defaultSession(*library().find("h100-sxm"));
        for (const char* a : { "efficiency.HBM=0.5", "latency=on" })
            QVERIFY(!applySetting(s, a));
        const Expected<std::string> json = reportJson(analyse(s));
        QVERIFY(json);
        for (const char* key : { "\"efficiency\"", "\"launch_floor_s\"", "\"alpha_s\"", "\"t_launch_s\"",
                 "\"t_latency_s\"", "\"latency_s\"" })
            QVERIFY2(json->find(key) != std::string::npos, key);
        for (const char* bad : { ": null", ": inf", ": -inf", ": nan" })
            QVERIFY2(json->find(bad) == std::string::npos, bad);
        const Expected<std::string> table = reportTable(analyse(s));
        QVERIFY(table);
        QVERIFY(table->find("Efficiency") != std::string::npos);
        QVERIFY(table->find("Latency on") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestPractical)
#include "test_practical.moc"
