// SPDX-License-Identifier: GPL-3.0-or-later
// The texts' worked examples, reproduced from the shipped presets and the core's formulas. Each expected number is
// derived independently in its comment; "≈" figures from the texts are checked to three significant digits.
#include "files/presets.h"
#include "roofline/evaluate.h"
#include "roofline/solver.h"

#include <QTest>

#include <cmath>

using namespace roofline;

namespace {

// True when a and b agree to three significant digits.
bool threeDigits(double a, double b)
{
    const double scale = std::pow(10.0, std::floor(std::log10(std::fabs(b))) - 2);
    return std::round(a / scale) == std::round(b / scale);
}

#define QCOMPARE3(actual, expected)                                                                                    \
    QVERIFY2(threeDigits((actual), (expected)),                                                                        \
        qPrintable(QStringLiteral("%1 is not %2 to 3 digits").arg((actual), 0, 'g', 10).arg((expected), 0, 'g', 10)))

const PresetLibrary& library()
{
    static const PresetLibrary lib = loadPresetLibrary({});
    return lib;
}

Hardware preset(const char* id)
{
    const Hardware* hw = library().find(id);
    if (!hw)
        qFatal("preset %s is missing", id);
    return *hw;
}

double ridgeOf(const Hardware& hw, Dtype d, const char* resource)
{
    for (const Roof& r : bandwidthRoofs(hw))
        if (r.name == resource)
            return ridgeIntensity(*hw.peakFor(d), r.value);
    qFatal("no roof %s", resource);
}

Critical solve(const OperationVariant& op, const Hardware& hw, const char* param,
    std::optional<std::string_view> resource = std::nullopt)
{
    const Expected<Critical> c = solveCritical(op, hw, param, resource);
    if (!c)
        qFatal("%s", c.error().c_str());
    return *c;
}

constexpr double kHuge = 1073741824.0; // D = F = 2^30: the B ≪ D, F limit of the texts, with exact bytes

} // namespace

class TestWorkedExamples : public QObject {
    Q_OBJECT
private slots:
    void tpuV5eCriticalIntensityIs240()
    {
        // 1.97e14 / 8.2e11 = 240.24 FLOPs/byte ("about 240").
        QCOMPARE3(ridgeOf(preset("tpu-v5e"), Dtype::bf16, "HBM"), 240.0);
        QCOMPARE(ridgeOf(preset("tpu-v5e"), Dtype::bf16, "HBM"), 1.97e14 / 8.2e11);
    }

    void h100CriticalIntensityIs295()
    {
        // 9.89e14 / 3.35e12 = 295.22.
        QCOMPARE3(ridgeOf(preset("h100-sxm"), Dtype::bf16, "HBM"), 295.0);
    }

    void tMathOnH100()
    {
        // 1e12 FLOPs at 9.89e14 FLOP/s = 1.011 ms.
        Matmul m;
        m.B = 500;
        m.D = 1000;
        m.F = 1000; // 2·500·1000·1000 = 1e9 FLOPs
        const Expected<Evaluation> e = evaluate(m, preset("h100-sxm"));
        QVERIFY(e);
        QCOMPARE3(e->tMath * 1000, 1e9 / 9.89e14 * 1000);
        QCOMPARE3(1e12 / *preset("h100-sxm").peakFor(Dtype::bf16), 1.01e-3);
    }

    void dotProductIntensityTendsToOneHalf()
    {
        // (2N − 1) / (4N + 2): 0.49999925 at N = 1e6, 1/6 at N = 1.
        for (double n : { 1.0, 1e3, 1e6 }) {
            Dot d;
            d.N = n;
            const Expected<Evaluation> e = evaluate(d, preset("tpu-v5e"));
            QVERIFY(e);
            QCOMPARE(e->resources[0].intensity, (2 * n - 1) / (4 * n + 2));
        }
        Dot big;
        big.N = 1e12;
        QCOMPARE3(evaluate(big, preset("tpu-v5e"))->resources[0].intensity, 0.5);
        QCOMPARE(solve(big, preset("tpu-v5e"), "N").kind, Critical::Kind::Never);
    }

    void bf16MatmulOnV5eNeedsBAbove240()
    {
        // With B ≪ D, F the intensity is B, so B > 240.24: the first whole B is 241.
        Matmul m;
        m.D = m.F = kHuge;
        const Critical c = solve(m, preset("tpu-v5e"), "B");
        QCOMPARE(c.kind, Critical::Kind::At);
        QCOMPARE(c.value, 241.0);
        QCOMPARE3(c.threshold, 240.0);
        QCOMPARE(c.resource, std::string("HBM"));
    }

    void int8MatmulNeedsBAbove243()
    {
        // Question 1: 3.94e14 OP/s, 8.1e11 B/s; intensity 2B with B ≪ D, F, so B > 486.4 / 2 = 243.2.
        Hardware hw = preset("tpu-v5e");
        QVERIFY(!setHardwareValue(hw, "peak.int8", 3.94e14));
        QVERIFY(!setHardwareValue(hw, "bandwidth.HBM", 8.1e11));
        Matmul m;
        m.D = m.F = kHuge;
        m.x = m.w = m.out = m.compute = Dtype::int8;
        const Critical c = solve(m, hw, "B");
        QCOMPARE(c.value, 244.0);
        QCOMPARE3(c.threshold, 243.0);
        // Intensity 2BDF / (BD + DF + BF) exactly, at B = 256, D = F = 8192: 2·256·8192/(256 + 8192 + 256) = 481.9.
        m.B = 256;
        m.D = m.F = 8192;
        QCOMPARE(evaluate(m, hw)->resources[0].intensity, 2.0 * 256 * 8192 / (256 + 8192 + 256));
    }

    void int8WeightMatmulNeedsBAbove120()
    {
        // Question 2: bf16 activations and compute, int8 weights: intensity 2B in the limit, so B > 240.24 / 2.
        Matmul m;
        m.D = m.F = kHuge;
        m.w = Dtype::int8;
        const Critical c = solve(m, preset("tpu-v5e"), "B");
        QCOMPARE(c.value, 121.0);
        QCOMPARE3(c.threshold, 120.0);
    }

    void batchSizeCurveWithExactBytes_data()
    {
        QTest::addColumn<double>("D");
        QTest::addColumn<double>("threshold");
        // Question 3 with exact bytes 2BD + DF + 2BF: 2BD²/P ≥ (4BD + D²)/W ⇔ B ≥ D·P / (2D·W − 4P).
        QTest::newRow("D=F=4096") << 4096.0 << 4096 * 1.97e14 / (2 * 4096 * 8.2e11 - 4 * 1.97e14);
        QTest::newRow("D=F=1024") << 1024.0 << 1024 * 1.97e14 / (2 * 1024 * 8.2e11 - 4 * 1.97e14);
    }
    void batchSizeCurveWithExactBytes()
    {
        QFETCH(double, D);
        QFETCH(double, threshold);
        Matmul m;
        m.D = m.F = D;
        m.w = Dtype::int8;
        const Critical c = solve(m, preset("tpu-v5e"), "B");
        QCOMPARE(c.threshold, threshold);
        QCOMPARE(c.value, std::ceil(threshold));
    }

    void batchedInt8IntensityIsTwoAndNeverComputeBound()
    {
        // Question 4: 2BDF / (BD + BDF + BF) = 2·8192² / (8192 + 8192² + 8192) = 1.9995, for every B.
        BatchedMatmul m;
        m.D = m.F = 8192;
        for (double b : { 1.0, 256.0, 65536.0 }) {
            m.B = b;
            QCOMPARE(evaluate(m, preset("tpu-v5e"))->resources[0].intensity,
                2.0 * 8192 * 8192 / (8192 + 8192.0 * 8192 + 8192));
        }
        const Critical c = solve(m, preset("tpu-v5e"), "B");
        QCOMPARE(c.kind, Critical::Kind::Never);
        QCOMPARE(c.resource, std::string("HBM"));
    }

    void h100MatmulNeedsBAbout298()
    {
        // Problem 5 uses 1e15 / 3.35e12 = 298; with the dense 9.89e14 the limit is 295.2, so B ≥ 296.
        Matmul m;
        m.D = m.F = kHuge;
        QCOMPARE(solve(m, preset("h100-sxm"), "B").value, 296.0);
        // At D = F = 8192, exact bytes: B ≥ D·P / (D·W − 2P) = 318.15.
        m.D = m.F = 8192;
        const Critical c = solve(m, preset("h100-sxm"), "B");
        QCOMPARE(c.threshold, 8192 * 9.89e14 / (8192 * 3.35e12 - 2 * 9.89e14));
        QCOMPARE(c.value, 319.0);
    }

    void twoChipMatmulShardedOnDOverIci()
    {
        // T_math = BDF / 1.97e14, T_comms = 2BF / 4.5e10: compute-bound when D/2 > 4377.8, D > 8755.6.
        ShardedMatmul m;
        m.B = 4096;
        m.F = 8192;
        m.chips = 2;
        m.link = "ICI";
        const Critical c = solve(m, preset("tpu-v5e"), "D", "ICI");
        QCOMPARE(c.value, 8756.0);
        QCOMPARE(c.threshold, 2 * 1.97e14 / 4.5e10);
    }

    void extendedRooflineRidges()
    {
        // 989e12 / 50e9 = 19,780 over 400 Gb/s InfiniBand; 989e12 / 900e9 = 1,098.9 over NVLink counted both ways.
        Hardware hw = preset("h100-sxm");
        QCOMPARE(ridgeOf(hw, Dtype::bf16, "IB"), 19780.0);
        QCOMPARE(hw.link("IB")->bandwidth, 5e10);
        QVERIFY(hw.link("IB")->specifiedInBits);
        QCOMPARE3(ridgeOf(hw, Dtype::bf16, "NVLink"), 2198.0); // the preset stores 450 GB/s one way
        QVERIFY(!setHardwareValue(hw, "bandwidth.NVLink", 9e11));
        QCOMPARE3(ridgeOf(hw, Dtype::bf16, "NVLink"), 1099.0);
        QCOMPARE3(ridgeOf(hw, Dtype::bf16, "IB") / ridgeOf(hw, Dtype::bf16, "NVLink"), 18.0);
    }

    void dataParallelExercise()
    {
        // Exercise 1: Ψ = 7e9, 1e6 tokens, 64 GPUs: 6·7e9·1e6/64 = 6.5625e14 FLOPs per GPU.
        // Exact ring bytes 2·(63/64)·7e9·2 = 2.75625e10 → 23,810 FLOPs/B; the text's 2Ψs = 2.8e10 gives ≈ 23,400.
        DataParallelStep s;
        s.psi = 7e9;
        s.tokens = 1e6;
        s.P = 64;
        s.s = 2;
        s.link = "IB";
        const Expected<Evaluation> e = evaluate(s, preset("h100-sxm"));
        QVERIFY(e);
        QCOMPARE(e->flops, 6.5625e14);
        QCOMPARE(e->resources[0].bytes, 2.75625e10);
        QCOMPARE3(e->resources[0].intensity, 23800.0);
        QCOMPARE3(e->flops / (e->resources[0].bytes * 64 / 63), 23400.0);
        QVERIFY(e->computeBound()); // above the 19,780 ridge
        s.tokens = 5e5; // halving the batch: 11,905 FLOPs/B, below the ridge
        const Expected<Evaluation> half = evaluate(s, preset("h100-sxm"));
        QCOMPARE3(half->resources[0].intensity, 11900.0);
        QCOMPARE(half->bound(), std::string("IB"));
        // Where a step turns compute-bound: tokens = 19,780·P·2·(63/64)·s / 6 = 19,780·42 = 830,760.
        const Critical c = solve(s, preset("h100-sxm"), "tokens");
        QCOMPARE(c.threshold, 830760.0);
        QVERIFY(c.value == 830760.0 || c.value == 830761.0); // at the exact tie rounding may go either way
    }

    void pipelineBubble()
    {
        // (p − 1) / (m + p − 1) with p = 4, m = 16: 3/19.
        PipelineStage p;
        p.link = "IB";
        const Expected<Evaluation> e = evaluate(p, preset("h100-sxm"));
        QVERIFY(e);
        QCOMPARE(e->extras.at(0).value, 3.0 / 19.0);
    }
};

QTEST_APPLESS_MAIN(TestWorkedExamples)
#include "test_worked_examples.moc"
