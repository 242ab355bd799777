// The critical-value solver against a brute-force scan, and its answers at the edges.
#include "solver.h"

#include <QTest>

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
};

QTEST_APPLESS_MAIN(TestSolver)
#include "test_solver.moc"
