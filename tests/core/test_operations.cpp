// SPDX-License-Identifier: GPL-3.0-or-later
// Every operation's FLOPs and bytes against counts derived by hand in the comments, and evaluation's bounds.
#include "roofline/evaluate.h"
#include "roofline/operations.h"
#include "roofline/solver.h"

#include <QTest>

#include <cmath>

using namespace roofline;

namespace {

// A chip with round numbers, so expected times can be checked by eye: 1e14 FLOP/s bf16, 2e14 OP/s int8,
// HBM 1e12 B/s, a 1e11 B/s link and a 1e10 B/s link.
Hardware roundChip()
{
    Hardware hw;
    hw.id = "round";
    hw.name = "Round";
    hw.setPeak(Dtype::bf16, 1e14);
    hw.setPeak(Dtype::int8, 2e14);
    hw.memories.push_back({ "HBM", "", 1e12, 0 });
    hw.memories.push_back({ "SRAM", "", 1e13, 0 });
    hw.links.push_back({ "FAST", "", 1e11, LinkScope::IntraNode, false });
    hw.links.push_back({ "SLOW", "", 1e10, LinkScope::InterNode, false });
    return hw;
}

double bytesOn(const Cost& c, RoofKind kind)
{
    double total = 0;
    for (const Traffic& t : c.traffic)
        if (t.kind == kind)
            total += t.bytes;
    return total;
}

} // namespace

class TestOperations : public QObject {
    Q_OBJECT
private slots:
    void dotProduct()
    {
        // bf16 x·y, N = 1000: 1000 multiplies + 999 adds = 1999 FLOPs; 2·1000 + 2·1000 + 2 = 4002 bytes.
        Dot dot;
        dot.N = 1000;
        const Cost c = cost(dot);
        QCOMPARE(c.flops, 1999.0);
        QCOMPARE(bytesOn(c, RoofKind::Memory), 4002.0);
        QCOMPARE(c.compute, Dtype::bf16);
    }

    void layerNorm()
    {
        // [B, D] = [4, 10] in bf16: 8·40 + 3·4 = 332 FLOPs; read 80 B, write 80 B, γ and β 2·2·10 = 40 B.
        LayerNorm ln;
        ln.B = 4;
        ln.D = 10;
        const Cost c = cost(ln);
        QCOMPARE(c.flops, 332.0);
        QCOMPARE(bytesOn(c, RoofKind::Memory), 200.0);
    }

    void matmulWithMixedDtypes()
    {
        // bf16[2,3]·int8[3,5]→fp32[2,5]: 2·2·3·5 = 60 FLOPs; 2·6 + 1·15 + 4·10 = 67 bytes.
        Matmul m;
        m.B = 2;
        m.D = 3;
        m.F = 5;
        m.w = Dtype::int8;
        m.out = Dtype::fp32;
        const Cost c = cost(m);
        QCOMPARE(c.flops, 60.0);
        QCOMPARE(bytesOn(c, RoofKind::Memory), 67.0);
    }

    void batchedMatmulLoadsAMatrixPerRow()
    {
        // int8[2,3]·int8[2,3,5]→int8[2,5]: 60 OPs; 6 + 30 + 10 = 46 bytes.
        BatchedMatmul m;
        m.B = 2;
        m.D = 3;
        m.F = 5;
        const Cost c = cost(m);
        QCOMPARE(c.flops, 60.0);
        QCOMPARE(bytesOn(c, RoofKind::Memory), 46.0);
        QCOMPARE(c.compute, Dtype::int8);
    }

    void shardedMatmul()
    {
        // B=2, D=8, F=5 over 4 chips in bf16: 2·2·8·5/4 = 40 FLOPs per chip; HBM (2·16 + 2·40)/4 + 2·10 = 48 bytes;
        // ring AllReduce of the [2,5] bf16 partial sum: 2·(3/4)·20 = 30 bytes.
        ShardedMatmul m;
        m.B = 2;
        m.D = 8;
        m.F = 5;
        m.chips = 4;
        const Cost c = cost(m);
        QCOMPARE(c.flops, 40.0);
        QCOMPARE(bytesOn(c, RoofKind::Memory), 48.0);
        QCOMPARE(bytesOn(c, RoofKind::Network), 30.0);
    }

    void shardedOnOneChipSendsNothing()
    {
        ShardedMatmul m;
        m.chips = 1;
        QCOMPARE(bytesOn(cost(m), RoofKind::Network), 0.0);
    }

    void collectives_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<double>("flops");
        QTest::addColumn<double>("bytes");
        // N = 800 bf16 elements over P = 4: (3/4)·800 = 600 reductions; (3/4)·1600 B = 1200 B per pass.
        QTest::newRow("allreduce") << int(CollectiveKind::AllReduce) << 600.0 << 2400.0;
        QTest::newRow("reducescatter") << int(CollectiveKind::ReduceScatter) << 600.0 << 1200.0;
        QTest::newRow("allgather") << int(CollectiveKind::AllGather) << 0.0 << 1200.0;
    }
    void collectives()
    {
        QFETCH(int, kind);
        QFETCH(double, flops);
        QFETCH(double, bytes);
        Collective c;
        c.kind = CollectiveKind(kind);
        c.N = 800;
        c.P = 4;
        const Cost k = cost(c);
        QCOMPARE(k.flops, flops);
        QCOMPARE(bytesOn(k, RoofKind::Network), bytes);
        QCOMPARE(bytesOn(k, RoofKind::Memory), 0.0);
    }

    void dataParallelStep()
    {
        // Ψ = 1000, 64 tokens on P = 4: 6·1000·64/4 = 96,000 FLOPs; 2·(3/4)·1000·2 = 3000 bytes.
        DataParallelStep s;
        s.psi = 1000;
        s.tokens = 64;
        s.P = 4;
        s.s = 2;
        const Cost c = cost(s);
        QCOMPARE(c.flops, 96000.0);
        QCOMPARE(bytesOn(c, RoofKind::Network), 3000.0);
    }

    void tensorParallelLayer()
    {
        // B=1, S=2, H=4, t=2 in bf16: 24·1·2·16/2 = 384 FLOPs; 4·(1/2)·2·1·2·4 = 32 bytes; intensity 12 = 6H/((t−1)s).
        TensorParallelLayer l;
        l.B = 1;
        l.S = 2;
        l.H = 4;
        l.t = 2;
        const Cost c = cost(l);
        QCOMPARE(c.flops, 384.0);
        QCOMPARE(bytesOn(c, RoofKind::Network), 32.0);
        QCOMPARE(c.flops / bytesOn(c, RoofKind::Network), 6.0 * 4 / ((2 - 1) * 2));
    }

    void pipelineStage()
    {
        // m=4 microbatches of B=1, S=2, H=3, L=2 in bf16: 4·24·1·2·9·2 = 3456 FLOPs; 4·2·1·2·3 = 48 bytes;
        // p=3 stages: bubble 2/6.
        PipelineStage p;
        p.B = 1;
        p.S = 2;
        p.H = 3;
        p.L = 2;
        p.m = 4;
        p.p = 3;
        const Cost c = cost(p);
        QCOMPARE(c.flops, 3456.0);
        QCOMPARE(bytesOn(c, RoofKind::Network), 48.0);
        QCOMPARE(c.extras.size(), std::size_t(1));
        QCOMPARE(c.extras[0].value, 2.0 / 6.0);
    }

    void evaluationBoundsAndBindingRoof()
    {
        // Sharded matmul B=1000, D=1000, F=1000 on 2 chips over SLOW (1e10 B/s):
        // FLOPs 1e9 per chip, T_math 1e-5 s; HBM (2e6 + 2e6)/2 + 2e6 = 4e6 B → 4e-6 s;
        // link 2·(1/2)·2e6 = 2e6 B → 2e-4 s. T_lower 2e-4, T_upper 2.14e-4, bound SLOW, attainable 5e12.
        ShardedMatmul m;
        m.B = m.D = m.F = 1000;
        m.link = "SLOW";
        const Expected<Evaluation> e = evaluate(m, roundChip());
        QVERIFY(e);
        QCOMPARE(e->tMath, 1e-5);
        QCOMPARE(e->resources.size(), std::size_t(2));
        QCOMPARE(e->resources[0].time, 4e-6);
        QCOMPARE(e->resources[1].name, std::string("SLOW"));
        QCOMPARE(e->resources[1].time, 2e-4);
        QCOMPARE(e->tComms, 2e-4);
        QCOMPARE(e->tLower, 2e-4);
        QCOMPARE(e->tUpper, 1e-5 + 4e-6 + 2e-4);
        QCOMPARE(e->bound(), std::string("SLOW"));
        QCOMPARE(e->attainable, 5e12);
        QCOMPARE(e->fractionOfPeak, 0.05);
        QCOMPARE(e->resources[1].intensity, 500.0);
    }

    void computeBoundWhenMathIsLongest()
    {
        // int8 matmul 1000³: 2e9 OPs at 2e14 = 1e-5 s; 3e6 bytes at 1e12 = 3e-6 s.
        Matmul m;
        m.B = m.D = m.F = 1000;
        m.x = m.w = m.out = m.compute = Dtype::int8;
        const Expected<Evaluation> e = evaluate(m, roundChip());
        QVERIFY(e);
        QVERIFY(e->computeBound());
        QCOMPARE(e->bound(), std::string("compute"));
        QCOMPARE(e->fractionOfPeak, 1.0);
        QCOMPARE(e->peak, 2e14);
    }

    void memoryLevelsByName()
    {
        Dot d;
        d.N = 1e6;
        d.memory = "SRAM";
        const Expected<Evaluation> e = evaluate(d, roundChip());
        QVERIFY(e);
        QCOMPARE(e->resources[0].name, std::string("SRAM"));
        QCOMPARE(e->resources[0].bandwidth, 1e13);
    }

    void evaluationFailsOnWhatTheChipLacks()
    {
        Matmul fp8;
        fp8.compute = Dtype::fp8;
        QVERIFY(!evaluate(fp8, roundChip()));
        Collective c;
        c.link = "NVLink";
        const Expected<Evaluation> e = evaluate(c, roundChip());
        QVERIFY(!e);
        QVERIFY(e.error().find("NVLink") != std::string::npos);
    }

    void parametersByName()
    {
        OperationVariant op = Matmul {};
        QVERIFY(!setNumberParam(op, "B", 512));
        QCOMPARE(*numberParam(op, "B"), 512.0);
        QVERIFY(setNumberParam(op, "B", 0));
        QVERIFY(setNumberParam(op, "B", 1.5));
        QVERIFY(setNumberParam(op, "B", std::nan("")));
        QVERIFY(setNumberParam(op, "B", 9223372036854775808.0)); // 2^63
        QVERIFY(setNumberParam(op, "Q", 1));
        QCOMPARE(*numberParam(op, "B"), 512.0);
        QVERIFY(!setDtypeParam(op, "w", Dtype::int8));
        QCOMPARE(*dtypeParam(op, "w"), Dtype::int8);
        QCOMPARE(describe(op), std::string("int8-weight matmul B=512"));
        QCOMPARE(mainParam(op), std::string_view("B"));
    }

    void everyKindIsMadeAndNamedBack()
    {
        for (std::string_view kind : allKindNames()) {
            const std::optional<OperationVariant> op = makeOperation(kind);
            QVERIFY(op);
            QCOMPARE(kindName(*op), kind);
            QVERIFY(findParam(*op, mainParam(*op)));
            QVERIFY(cost(*op).flops >= 0);
        }
        QVERIFY(!makeOperation("conv2d"));
    }

    // Every kind's description states what the panel, the files and the messages need, and agrees with a new
    // operation of the kind.
    void everyKindsDescriptionIsComplete()
    {
        for (std::string_view kind : allKindNames()) {
            const std::string where(kind);
            const OperationVariant op = *makeOperation(kind);
            const ParamInfo* main = findParam(op, mainParam(op));
            QVERIFY2(main && main->type == ParamType::Count, where.c_str());
            QVERIFY2(!describe(op).empty(), where.c_str());
            for (const ParamInfo& p : params(op)) {
                const std::string at = where + "." + std::string(p.name);
                QVERIFY2(!p.description.empty(), at.c_str());
                if (p.type == ParamType::Dtype)
                    QCOMPARE(*dtypeParam(op, p.name), p.defaultDtype);
                if (p.type != ParamType::Count && p.type != ParamType::Real)
                    continue;
                QVERIFY2(!p.unit.empty(), at.c_str());
                // A count may start at 0 where 0 means something of its own (no window, values as wide as keys),
                // which its range then says.
                QVERIFY2(p.min > 0 || (p.min == 0 && !p.rangeReason.empty()), at.c_str());
                QVERIFY2(p.min <= p.defaultValue && p.defaultValue <= p.max && p.max <= kMaxCount, at.c_str());
                QCOMPARE(*numberParam(op, p.name), p.defaultValue);
                if (p.type == ParamType::Count) {
                    // The slider reaches from the smallest legal power of two to 2^sliderTop, inside the range.
                    QVERIFY2(std::ldexp(1.0, p.sliderTop) >= std::max(2 * p.min, p.defaultValue), at.c_str());
                    QVERIFY2(std::ldexp(1.0, p.sliderTop) <= p.max, at.c_str());
                }
            }
        }
    }

    void kindNamesRoundTrip()
    {
        for (std::string_view kind : allKindNames()) {
            OperationVariant op = *makeOperation(kind);
            QVERIFY(!setNumberParam(op, mainParam(op), 3));
            const std::optional<OperationVariant> again = makeOperation(kindName(op));
            QVERIFY(again);
            QCOMPARE(kindName(*again), kind);
            QCOMPARE(again->index(), op.index());
        }
    }

    void outOfRangeValuesAreRefusedWithTheRange()
    {
        for (std::string_view kind : allKindNames()) {
            const OperationVariant fresh = *makeOperation(kind);
            for (const ParamInfo& p : params(fresh)) {
                if (p.type != ParamType::Count && p.type != ParamType::Real)
                    continue;
                const std::string at = std::string(kind) + "." + std::string(p.name);
                const double below = p.type == ParamType::Count ? p.min - 1 : p.min / 2;
                for (const double bad : { below, 2 * p.max, -std::max(p.min, 1.0), std::nan("") }) {
                    OperationVariant op = fresh;
                    const std::optional<std::string> error = setNumberParam(op, p.name, bad);
                    QVERIFY2(error, (at + " = " + std::to_string(bad)).c_str());
                    QVERIFY2(error->find(legalRange(p)) != std::string::npos, error->c_str());
                    QVERIFY(op == fresh);
                }
                for (const double good : { p.min, p.max }) {
                    OperationVariant op = fresh;
                    QVERIFY2(!setNumberParam(op, p.name, good), at.c_str());
                    QVERIFY2(!outOfRange(op), at.c_str());
                }
            }
        }
    }

    void rangesAndTheirReasons()
    {
        OperationVariant allreduce = *makeOperation("allreduce");
        QCOMPARE(*setNumberParam(allreduce, "P", 1),
            std::string("P: expected a whole number from 2 to 2^53 (a ring of one participant moves and reduces "
                        "nothing)"));
        OperationVariant stage = *makeOperation("pipeline_stage");
        QVERIFY(setNumberParam(stage, "p", 1));
        OperationVariant step = *makeOperation("data_parallel_step");
        QCOMPARE(*setNumberParam(step, "s", 1e-320), // subnormal: it made the link's intensity infinite
            std::string("s: expected a number from 0.125 to 8 (from 1-bit compressed gradients to fp64)"));
        QVERIFY(!setNumberParam(step, "P", 1)); // one GPU: training without data parallelism
        OperationVariant sharded = *makeOperation("sharded_matmul");
        QVERIFY(!setNumberParam(sharded, "chips", 1)); // one chip: a plain matmul
    }

    // A collective over one participant computes nothing and moves nothing: it has no evaluation rather than
    // "compute-bound at 0 FLOP/s". The solver, which assigns without checks, sees it as a value where the
    // operation cannot run, and so finds an AllReduce network-bound at every P: its intensity 1/(2s) stays below
    // any ridge.
    void aCollectiveOfOneHasNoEvaluation()
    {
        OperationVariant allreduce = *makeOperation("allreduce");
        assignNumberParam(allreduce, "P", 1);
        const Expected<Evaluation> e = evaluate(allreduce, roundChip());
        QVERIFY(!e);
        QVERIFY2(e.error().find("P=1 is outside its range") != std::string::npos, e.error().c_str());
        assignNumberParam(allreduce, "P", 1.5); // between whole values, as the solver looks
        QVERIFY(!evaluate(allreduce, roundChip()));

        const Expected<Critical> overP = solveCritical(*makeOperation("allreduce"), roundChip(), "P");
        QVERIFY(overP);
        QCOMPARE(overP->kind, Critical::Kind::Never);
        QCOMPARE(overP->resource, std::string("FAST"));
    }
};

QTEST_APPLESS_MAIN(TestOperations)
#include "test_operations.moc"
