// SPDX-License-Identifier: GPL-3.0-or-later
// The critical-value solver against a brute-force scan, and its answers at the edges.
#include "roofline/solver.h"

#include <QTest>

#include <cmath>
#include <string>

using namespace roofline;

namespace {

Hardware chip()
{
    Hardware hw;
    hw.name = "Test chip";
    hw.setPeak(Dtype::bf16, 1e14);
    hw.setPeak(Dtype::int8, 2e14);
    hw.memories.push_back({ "HBM", "", 1e12, 0 });
    hw.links.push_back({ "NET", "", 1e10, LinkScope::InterNode, false });
    return hw;
}

bool computeBoundAt(OperationVariant op, const Hardware& hw, std::string_view param, double v)
{
    if (setNumberParam(op, param, v))
        return false;
    return evaluate(op, hw)->computeBound();
}

} // namespace

class TestSolver : public QObject {
    Q_OBJECT
private slots:
    void agreesWithAScan_data()
    {
        QTest::addColumn<int>("D");
        QTest::addColumn<int>("w");
        QTest::newRow("bf16 D=F=512") << 512 << int(Dtype::bf16);
        QTest::newRow("bf16 D=F=4096") << 4096 << int(Dtype::bf16);
        QTest::newRow("int8 weights D=F=1024") << 1024 << int(Dtype::int8);
    }
    void agreesWithAScan()
    {
        QFETCH(int, D);
        QFETCH(int, w);
        Matmul m;
        m.D = m.F = D;
        m.w = Dtype(w);
        const Expected<Critical> c = solveCritical(m, chip(), "B");
        QVERIFY(c);
        QCOMPARE(c->kind, Critical::Kind::At);
        double first = 0;
        for (double b = 1; b <= 4096 && first == 0; ++b)
            if (computeBoundAt(m, chip(), "B", b))
                first = b;
        QCOMPARE(c->value, first);
        QVERIFY(c->threshold > first - 1 && c->threshold <= first);
        QVERIFY(!computeBoundAt(m, chip(), "B", first - 1));
    }

    void alwaysComputeBound()
    {
        // A tensor-parallel layer's intensity is 6H/((t−1)s) = 3H with t = 2 and bf16: against the ridge
        // 1e14 / 1e10 = 10,000 it needs H ≥ 3333.3, so 3334.
        TensorParallelLayer l;
        l.t = 2;
        l.link = "NET";
        const Expected<Critical> c = solveCritical(l, chip(), "H");
        QVERIFY(c);
        QCOMPARE(c->kind, Critical::Kind::At);
        QCOMPARE(c->value, 3334.0);
        QCOMPARE(c->threshold, 10000.0 / 3); // the margin is quadratic in H: found to rounding all the same
        // With a single-way "split" nothing crosses the link: compute-bound at every H.
        l.t = 1;
        QCOMPARE(solveCritical(l, chip(), "H")->kind, Critical::Kind::Always);
    }

    void restrictedToOneResource()
    {
        // Sharded on 2 chips over NET: per chip BDF FLOPs against 2BF bytes on the link, so the link alone needs
        // D ≥ 2·1e14/1e10 = 20,000; all resources together need at least as much.
        ShardedMatmul m;
        m.B = 1 << 16;
        m.F = 1 << 16;
        m.link = "NET";
        const Expected<Critical> net = solveCritical(m, chip(), "D", "NET");
        QVERIFY(net);
        QCOMPARE(net->value, 20000.0);
        QCOMPARE(net->resource, std::string("NET"));
        const Expected<Critical> all = solveCritical(m, chip(), "D");
        QVERIFY(all);
        QVERIFY(all->value >= net->value);
        QVERIFY(!solveCritical(m, chip(), "D", "PCIe"));
    }

    void refusesWhatItCannotSolve()
    {
        Matmul m;
        QVERIFY(!solveCritical(m, chip(), "x"));
        QVERIFY(!solveCritical(m, chip(), "nope"));
        m.compute = Dtype::fp8;
        QVERIFY(!solveCritical(m, chip(), "B"));
    }

    void describesItsAnswer()
    {
        Critical at;
        at.kind = Critical::Kind::At;
        at.param = "B";
        at.value = 241;
        QCOMPARE(describe(at), std::string("compute-bound for B \u2265 241"));
        Critical never;
        never.kind = Critical::Kind::Never;
        never.param = "B";
        never.resource = "HBM";
        QCOMPARE(describe(never), std::string("never compute-bound (HBM)"));
    }

    // The scaling book's int8 matmul on a TPU v5e (peak 3.94e14, HBM 8.1e11): exactly compute-bound from B = 245.03
    // with D = F = 65536, and from ridge·s_w/2 = 486.42/2 = 243.21 in the limit B ≪ D.
    void approximateThresholdBesideTheExact()
    {
        Hardware hw;
        hw.name = "TPU v5e";
        hw.setPeak(Dtype::int8, 3.94e14);
        hw.memories.push_back({ "HBM", "", 8.1e11, 0 });
        Matmul m;
        m.D = m.F = 65536;
        m.x = m.w = m.out = m.compute = Dtype::int8;
        const Expected<Critical> c = solveCritical(m, hw, "B");
        QVERIFY(c);
        QCOMPARE(c->kind, Critical::Kind::At);
        QVERIFY2(std::abs(c->threshold - 245.03) < 0.005, std::to_string(c->threshold).c_str());
        QCOMPARE(c->value, 246.0);
        QVERIFY(c->approximate);
        QVERIFY2(std::abs(*c->approximate - 243.21) < 0.005, std::to_string(*c->approximate).c_str());
        QCOMPARE(describeWithApproximation(*c), std::string("compute-bound for B \u2265 246 (243.21 if B \u226A D)"));
        // bf16 weights: ridge/2.
        m.x = m.w = m.out = m.compute = Dtype::bf16;
        hw.setPeak(Dtype::bf16, 1.97e14);
        const Expected<Critical> bf16 = solveCritical(m, hw, "B");
        QVERIFY(bf16 && bf16->approximate);
        QVERIFY(std::abs(*bf16->approximate / (1.97e14 / 8.1e11) - 1) < 1e-12); // s_w = 2: the ridge itself
        // A kind without the approximation says only the exact value.
        BatchedMatmul batched;
        const Expected<Critical> none = solveCritical(batched, chip(), "B");
        QVERIFY(none);
        QVERIFY(!none->approximate);
        QCOMPARE(describeWithApproximation(*none), describe(*none));
    }

    // The value that gives an intensity, by the core's own evaluation: a round trip for every B, the ends beyond.
    void paramForIntensityInvertsTheIntensity_data()
    {
        QTest::addColumn<double>("B");
        for (double b : { 1.0, 2.0, 7.0, 241.0, 4096.0, 100000.0 })
            QTest::newRow(std::to_string(static_cast<long long>(b)).c_str()) << b;
    }
    void paramForIntensityInvertsTheIntensity()
    {
        QFETCH(double, B);
        Matmul m;
        m.D = m.F = 8192;
        m.B = B;
        const double intensity = evaluate(m, chip())->resources.front().intensity;
        m.B = 3; // where the search starts makes no difference
        const Expected<double> found = paramForIntensity(m, chip(), "B", "HBM", intensity);
        QVERIFY(found);
        QCOMPARE(found.value(), B);
    }
    void paramForIntensityStopsAtTheEnds()
    {
        Matmul m;
        m.D = m.F = 8192;
        QCOMPARE(paramForIntensity(m, chip(), "B", "HBM", 1e-6).value(), 1.0);
        QCOMPARE(paramForIntensity(m, chip(), "B", "HBM", 1e9).value(), kMaxCount);
        QVERIFY(!paramForIntensity(m, chip(), "Q", "HBM", 10));
        QVERIFY(!paramForIntensity(m, chip(), "B", "NET", 10)); // a matmul moves nothing over the link
        QVERIFY(!paramForIntensity(m, chip(), "B", "HBM", -1));
    }
};

QTEST_APPLESS_MAIN(TestSolver)
#include "test_solver.moc"
