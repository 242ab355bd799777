// SPDX-License-Identifier: GPL-3.0-or-later
// The batch-size sweep: attainable FLOP/s along an operation's count, against numbers derived by hand in each comment.
// TPU v5e (preset tpu-v5e): bf16 peak P = 1.97e14, int8 3.94e14, HBM W = 8.2e11 B/s, ICI 4.5e10 B/s one way.
#include "files/presets.h"
#include "roofline/evaluate.h"
#include "roofline/sweep.h"

#include <QTest>

#include <algorithm>
#include <cmath>

using namespace roofline;

namespace {

constexpr double kPeak = 1.97e14;
constexpr double kHbm = 8.2e11;
constexpr double kIci = 4.5e10;

const PresetLibrary& library()
{
    static const PresetLibrary lib = loadPresetLibrary({});
    return lib;
}

Hardware v5e()
{
    const Hardware* hw = library().find("tpu-v5e");
    if (!hw)
        qFatal("preset tpu-v5e is missing");
    return *hw;
}

Sweep run(const OperationVariant& op, const Hardware& hw, const SweepRange& range, int samples = 64)
{
    const Expected<Sweep> s = sweep(op, hw, range, samples);
    if (!s)
        qFatal("%s", s.error().c_str());
    return *s;
}

// The sample at x, or nothing.
const SweepSample* sampleAt(const Sweep& s, double x)
{
    const auto it = std::find_if(s.samples.begin(), s.samples.end(), [x](const SweepSample& p) { return p.x == x; });
    return it == s.samples.end() ? nullptr : &*it;
}

bool close(double actual, double expected, double relative = 1e-12)
{
    return std::fabs(actual - expected) <= relative * std::fabs(expected);
}

#define QCLOSE(actual, expected)                                                                                       \
    QVERIFY2(close((actual), (expected)),                                                                              \
        qPrintable(QStringLiteral("%1 is not %2").arg((actual), 0, 'g', 17).arg((expected), 0, 'g', 17)))

// b ≥ a up to rounding: a compute-bound sample's attainable is flops / (flops / peak), the peak within an ulp or two.
bool rises(double a, double b)
{
    return b >= a * (1 - 1e-15);
}

// bfloat16[B, D] · int8[D, F] → bfloat16[B, F] with D = F: the book's question 2 and 3.
Matmul int8WeightMatmul(double d)
{
    Matmul m;
    m.D = m.F = d;
    m.w = Dtype::int8;
    return m;
}

// Samples ascend strictly, are whole, start and end at the range's ends, and number at most samples + 2.
void checkShape(const Sweep& s, const SweepRange& range, int samples)
{
    QVERIFY(!s.samples.empty());
    QCOMPARE(s.samples.front().x, range.from);
    QCOMPARE(s.samples.back().x, range.to);
    QVERIFY(s.samples.size() <= static_cast<std::size_t>(samples) + 2);
    for (std::size_t i = 0; i < s.samples.size(); ++i) {
        QCOMPARE(s.samples[i].x, std::floor(s.samples[i].x));
        if (i > 0)
            QVERIFY(s.samples[i].x > s.samples[i - 1].x);
    }
    QCOMPARE(s.resourceBound.size(), s.resources.size());
    for (const std::vector<double>& bound : s.resourceBound)
        QCOMPARE(bound.size(), s.samples.size());
}

// attainable = min(peak, every resource's bound) at every sample, the binding one named by boundIndex, all finite.
void checkLowestBound(const Sweep& s)
{
    for (std::size_t i = 0; i < s.samples.size(); ++i) {
        const SweepSample& p = s.samples[i];
        double lowest = s.peak;
        int lowestIndex = -1;
        for (std::size_t r = 0; r < s.resources.size(); ++r) {
            QVERIFY(std::isfinite(s.resourceBound[r][i]));
            if (s.resourceBound[r][i] < lowest) {
                lowest = s.resourceBound[r][i];
                lowestIndex = static_cast<int>(r);
            }
        }
        QVERIFY(std::isfinite(p.attainable) && std::isfinite(p.fractionOfPeak) && std::isfinite(p.tLower));
        QCLOSE(p.attainable, lowest);
        QCLOSE(p.fractionOfPeak, lowest / s.peak);
        if (p.boundIndex < 0)
            QVERIFY(lowestIndex < 0 || close(lowest, s.peak));
        else
            QCLOSE(s.resourceBound[static_cast<std::size_t>(p.boundIndex)][i], lowest);
    }
}

} // namespace

class TestSweep : public QObject {
    Q_OBJECT
private slots:
    void parsesRanges()
    {
        const Expected<SweepRange> b = parseSweepRange("B=1:4096");
        QVERIFY(b);
        QCOMPARE(b->param, std::string("B"));
        QCOMPARE(b->from, 1.0);
        QCOMPARE(b->to, 4096.0);
        // SI and binary prefixes: 1 Ki = 1024, 16 Mi = 2^24; spaces around each part.
        const Expected<SweepRange> t = parseSweepRange(" tokens = 1Ki : 16Mi ");
        QVERIFY(t);
        QCOMPARE(t->param, std::string("tokens"));
        QCOMPARE(t->from, 1024.0);
        QCOMPARE(t->to, 16777216.0);
        const Expected<SweepRange> n = parseSweepRange("N=1k:1G");
        QVERIFY(n);
        QCOMPARE(n->from, 1e3);
        QCOMPARE(n->to, 1e9);
        // The largest count, 2^53, is allowed.
        const Expected<SweepRange> d = parseSweepRange("D=1:9007199254740992");
        QVERIFY(d);
        QCOMPARE(d->to, kMaxCount);
    }

    void rejectsBadRanges_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("error");
        QTest::newRow("empty") << ""
                               << "expected PARAM=FROM:TO";
        QTest::newRow("no =") << "B1:4096"
                              << "expected PARAM=FROM:TO";
        QTest::newRow("no :") << "B=1-4096"
                              << "expected PARAM=FROM:TO";
        QTest::newRow("no name") << "=1:4096"
                                 << "no parameter before '='";
        QTest::newRow("two words") << "B x=1:4096"
                                   << "'B x' is not a parameter name";
        QTest::newRow("zero") << "B=0:4096"
                              << "FROM '0' is not a whole number from 1 to 2^53";
        QTest::newRow("negative") << "B=-1:4096"
                                  << "FROM '-1'";
        QTest::newRow("fraction") << "B=1.5:4096"
                                  << "FROM '1.5'";
        QTest::newRow("milli") << "B=1:4096m"
                               << "TO '4096m'";
        QTest::newRow("a unit") << "B=1:4096 B"
                                << "TO '4096 B'";
        QTest::newRow("word") << "B=one:4096"
                              << "FROM 'one'";
        QTest::newRow("nan") << "B=1:nan"
                             << "TO 'nan'";
        QTest::newRow("past 2^53") << "B=1:1e17"
                                   << "TO '1e17'";
        QTest::newRow("missing to") << "B=1:"
                                    << "TO ''";
        QTest::newRow("three parts") << "B=1:2:3"
                                     << "TO '2:3'";
        QTest::newRow("reversed") << "B=4096:1"
                                  << "FROM must be less than TO";
        QTest::newRow("equal") << "B=8:8"
                               << "FROM must be less than TO";
    }
    void rejectsBadRanges()
    {
        QFETCH(QString, text);
        QFETCH(QString, error);
        const Expected<SweepRange> r = parseSweepRange(text.toStdString());
        QVERIFY(!r);
        QVERIFY2(QString::fromStdString(r.error()).contains(error), r.error().c_str());
        QVERIFY(QString::fromStdString(r.error()).contains("'" + text.trimmed() + "'"));
    }

    void int8WeightCriticalBatch_data()
    {
        QTest::addColumn<double>("D");
        QTest::addColumn<double>("critical");
        QTest::addColumn<double>("aboveApprox");
        // Exact bytes 2BD + DF + 2BF = 4BD + D² with F = D; compute-bound when 2BD²/P ≥ (4BD + D²)/W
        // ⇔ B·(2D²W − 4DP) ≥ D²P ⇔ B ≥ D·P / (2D·W − 4P).
        // D = 4096: 8.06912e17 / (6.71744e15 − 7.88e14) = 8.06912e17 / 5.92944e15 = 136.0857 → 137.
        // D = 1024: 2.01728e17 / (1.67936e15 − 7.88e14) = 2.01728e17 / 8.9136e14 = 226.3148 → 227.
        // The B ≪ D limit is P / 2W = 120.12 → 121: 16 below the first, 106 (88 %) below the second.
        QTest::newRow("D=F=4096") << 4096.0 << 137.0 << 16.0;
        QTest::newRow("D=F=1024") << 1024.0 << 227.0 << 106.0;
    }
    void int8WeightCriticalBatch()
    {
        QFETCH(double, D);
        QFETCH(double, critical);
        QFETCH(double, aboveApprox);
        const SweepRange range { "B", 1, 512 };
        const Sweep s = run(int8WeightMatmul(D), v5e(), range);
        checkShape(s, range, 64);
        QCOMPARE(s.param, std::string("B"));
        QCOMPARE(s.peak, kPeak);
        QCOMPARE(s.resources, std::vector<std::string> { "HBM" });

        const double threshold = D * kPeak / (2 * D * kHbm - 4 * kPeak);
        QCOMPARE(s.critical.kind, Critical::Kind::At);
        QCOMPARE(s.critical.resource, std::string("HBM"));
        QCLOSE(s.critical.threshold, threshold);
        QCOMPARE(s.critical.value, critical);
        QCOMPARE(s.critical.value, std::ceil(threshold));

        const double approx = kPeak / (2 * kHbm); // 120.12
        QCOMPARE(std::ceil(approx), 121.0);
        QCOMPARE(s.critical.value - std::ceil(approx), aboveApprox);
        if (D == 1024) // "D=F=1024 almost doubles the critical batch size": 226.31 / 120.12 = 1.884
            QVERIFY(std::fabs(threshold / approx - 1.884) < 1e-3);

        // At the critical B the curve meets the peak; one below it, HBM holds it at W·2BD/(4B + D), the intensity
        // 2BD²/(4BD + D²) times W: 240.110·W = 1.96890e14 for D = 4096, B = 136; 240.066·W = 1.96854e14 for D = 1024,
        // B = 226.
        const SweepSample* at = sampleAt(s, critical);
        const SweepSample* below = sampleAt(s, critical - 1);
        QVERIFY(at && below);
        QCOMPARE(at->boundIndex, -1);
        QCLOSE(at->attainable, kPeak);
        QCLOSE(at->fractionOfPeak, 1.0);
        QCOMPARE(below->boundIndex, 0);
        const double b = critical - 1;
        QCLOSE(below->attainable, kHbm * 2 * b * D / (4 * b + D));
        QVERIFY(below->attainable < kPeak);
        QVERIFY(below->fractionOfPeak > 0.999 && below->fractionOfPeak < 1);
        // t_lower at the critical B is T_math = 2BD² / P.
        QCLOSE(at->tLower, 2 * critical * D * D / kPeak);

        // B = 1: intensity 2D / (4 + D), so 1.99805·W = 1.6384e12 for D = 4096, 1.99222·W = 1.63362e12 for 1024.
        QCLOSE(s.samples.front().attainable, kHbm * 2 * D / (4 + D));
        // Every sample below the critical B is HBM-bound, every one from it on compute-bound.
        for (const SweepSample& p : s.samples)
            QCOMPARE(p.boundIndex, p.x < critical ? 0 : -1);
        checkLowestBound(s);
    }

    void criticalValueAtTheEdgesOfTheRange()
    {
        // D = F = 4096 turns compute-bound at B = 137 (above). From 137 on: 137 is the first sample, 136 is not taken.
        const Matmul m = int8WeightMatmul(4096);
        const Sweep from = run(m, v5e(), { "B", 137, 512 });
        QCOMPARE(from.samples.front().x, 137.0);
        QCOMPARE(from.samples.front().boundIndex, -1);
        QVERIFY(!sampleAt(from, 136));
        // Entirely above: all compute-bound, no extra samples. Entirely below: all HBM-bound; the critical value is
        // still reported.
        const Sweep above = run(m, v5e(), { "B", 200, 512 }, 16);
        QVERIFY(above.samples.size() <= 16);
        for (const SweepSample& p : above.samples)
            QCOMPARE(p.boundIndex, -1);
        const Sweep belowRange = run(m, v5e(), { "B", 1, 100 }, 16);
        QVERIFY(belowRange.samples.size() <= 16);
        QCOMPARE(belowRange.critical.value, 137.0);
        for (const SweepSample& p : belowRange.samples)
            QCOMPARE(p.boundIndex, 0);
        // The range ending at the critical value takes both 136 and 137 as its last samples.
        const Sweep ending = run(m, v5e(), { "B", 1, 137 }, 8);
        QCOMPARE(ending.samples.back().x, 137.0);
        QCOMPARE(ending.samples[ending.samples.size() - 2].x, 136.0);
        QVERIFY(ending.samples.size() <= 10);
    }

    void curveRisesWithB_data()
    {
        QTest::addColumn<double>("D");
        QTest::addColumn<int>("w");
        QTest::addColumn<double>("to");
        QTest::newRow("int8 weights D=F=4096") << 4096.0 << int(Dtype::int8) << 4096.0;
        QTest::newRow("bf16 D=F=8192") << 8192.0 << int(Dtype::bf16) << 65536.0;
        QTest::newRow("bf16 D=F=64") << 64.0 << int(Dtype::bf16) << kMaxCount;
    }
    void curveRisesWithB()
    {
        // A matmul's intensity 2BDF / (s_x·BD + s_w·DF + s_out·BF) grows with B, so attainable never falls.
        QFETCH(double, D);
        QFETCH(int, w);
        QFETCH(double, to);
        Matmul m = int8WeightMatmul(D);
        m.w = Dtype(w);
        const SweepRange range { "B", 1, to };
        const Sweep s = run(m, v5e(), range);
        checkShape(s, range, 64);
        for (std::size_t i = 1; i < s.samples.size(); ++i)
            QVERIFY(rises(s.samples[i - 1].attainable, s.samples[i].attainable));
        checkLowestBound(s);
    }

    void collectiveOverN()
    {
        // AllReduce of N bf16 over 8 participants: (7/8)·N additions against 2·(7/8)·2·N = 3.5·N bytes on ICI, an
        // intensity of 1/4 at every N: 4.5e10 / 4 = 1.125e10 FLOP/s, 1.125e10 / 1.97e14 = 5.7107e-5 of the peak.
        // The ICI ridge is 4377.8, so never compute-bound.
        Collective c;
        c.P = 8;
        c.link = "ICI";
        const Expected<SweepRange> range = parseSweepRange("N=1:1G");
        QVERIFY(range);
        const Sweep s = run(c, v5e(), *range);
        checkShape(s, *range, 64);
        QCOMPARE(s.resources, std::vector<std::string> { "ICI" });
        QCOMPARE(s.critical.kind, Critical::Kind::Never);
        QCOMPARE(s.critical.resource, std::string("ICI"));
        QVERIFY(s.samples.size() <= 64);
        for (std::size_t i = 0; i < s.samples.size(); ++i) {
            QCOMPARE(s.samples[i].boundIndex, 0);
            QCLOSE(s.samples[i].attainable, kIci / 4);
            QCLOSE(s.samples[i].fractionOfPeak, kIci / 4 / kPeak);
            QCLOSE(s.resourceBound[0][i], kIci / 4);
        }
        checkLowestBound(s);
    }

    // A range that begins below a parameter's legal minimum begins at it: an AllReduce over P from 1 samples P ≥ 2,
    // where a ring of one would move nothing; a range wholly outside is refused with the legal range.
    void rangeStartsAtTheLegalMinimum()
    {
        Collective c;
        c.link = "ICI";
        const Sweep s = run(c, v5e(), { "P", 1, 64 });
        QCOMPARE(s.samples.front().x, 2.0);
        QCOMPARE(s.samples.back().x, 64.0);
        const Expected<Sweep> none = sweep(c, v5e(), { "P", 1, 2 }); // P = 2 alone: no range
        QVERIFY(!none);
        QVERIFY2(none.error().find("from 2 to 2^53") != std::string::npos, none.error().c_str());
    }

    void shardedMatmulOverD()
    {
        // The scenario sharded-matmul-2-tpu.yaml: B = 4096, F = 16384 on 2 chips over ICI, swept over D (its main
        // parameter: the range names none). Per chip BDF FLOPs; ICI carries 2·(1/2)·2·BF = 2BF bytes, so ICI alone
        // allows BDF / (2BF / 4.5e10) = D·2.25e10 FLOP/s: compute-bound from D = 2·1.97e14 / 4.5e10 = 8755.56 → 8756.
        // HBM carries (2BD + 2DF)/2 + 2BF = 20480·D + 134217728 bytes against 67108864·D FLOPs: it alone would need
        // only D ≥ 134217728·P / (67108864·W − 20480·P) = 518.5, below the range, so it never binds.
        ShardedMatmul m;
        m.B = 4096;
        m.F = 16384;
        m.chips = 2;
        m.link = "ICI";
        const SweepRange range { "", 1024, 65536 };
        const Sweep s = run(m, v5e(), range);
        checkShape(s, range, 64);
        QCOMPARE(s.param, std::string("D"));
        QCOMPARE(s.resources, (std::vector<std::string> { "HBM", "ICI" }));
        QCOMPARE(s.critical.kind, Critical::Kind::At);
        QCOMPARE(s.critical.value, 8756.0);
        QCOMPARE(s.critical.resource, std::string("ICI"));
        QCLOSE(s.critical.threshold, 2 * kPeak / kIci);
        for (std::size_t i = 0; i < s.samples.size(); ++i) {
            const double d = s.samples[i].x;
            QCLOSE(s.resourceBound[1][i], d * kIci / 2);
            QCLOSE(s.resourceBound[0][i], 67108864.0 * d * kHbm / (20480.0 * d + 134217728.0));
            QCOMPARE(s.samples[i].boundIndex, d < 8756 ? 1 : -1);
        }
        // D = 8755: 8755·2.25e10 = 1.969875e14, just under the peak.
        const SweepSample* below = sampleAt(s, 8755);
        QVERIFY(below && sampleAt(s, 8756));
        QCLOSE(below->attainable, 1.969875e14);
        checkLowestBound(s);
    }

    void batchedInt8IsNeverComputeBound()
    {
        // Question 4: a weight matrix per row, int8 throughout, D = F = 8192: intensity 2BDF / (BD + BDF + BF)
        // = 2·8192² / (8192² + 2·8192) = 1.99951 at every B, so HBM allows 1.99951·8.2e11 = 1.63960e12 OP/s,
        // 1.63960e12 / 3.94e14 = 0.0041614 of the int8 peak; never compute-bound, so no critical samples are added.
        BatchedMatmul m;
        m.D = m.F = 8192;
        const SweepRange range { "B", 1, 65536 };
        const Sweep s = run(m, v5e(), range);
        checkShape(s, range, 64);
        QCOMPARE(s.peak, 3.94e14);
        QCOMPARE(s.critical.kind, Critical::Kind::Never);
        QCOMPARE(s.critical.resource, std::string("HBM"));
        QVERIFY(s.samples.size() <= 64);
        const double bound = kHbm * 2 * 8192.0 * 8192 / (8192.0 * 8192 + 2 * 8192);
        for (const SweepSample& p : s.samples) {
            QCOMPARE(p.boundIndex, 0);
            QCLOSE(p.attainable, bound);
            QCLOSE(p.fractionOfPeak, bound / 3.94e14);
        }
        checkLowestBound(s);
    }

    void aLinkThatCarriesNothingHoldsThePeak()
    {
        // Tensor parallelism swept over t: at t = 1 nothing crosses ICI (no link traffic at all), so ICI's line holds
        // the peak there. Intensity over ICI 6H / ((t − 1)·s) = 24576 / (t − 1) with H = 8192, bf16: at t = 7 it is
        // 4096, below the ICI ridge 4377.8, so ICI allows 4096·4.5e10 = 1.8432e14; at t = 6, 4915.2 ≥ 4377.8: peak.
        TensorParallelLayer l;
        const SweepRange range { "t", 1, 64 };
        const Sweep s = run(l, v5e(), range);
        checkShape(s, range, 64);
        QCOMPARE(s.resources, std::vector<std::string> { "ICI" });
        QCOMPARE(s.resourceBound[0][0], kPeak);
        QCOMPARE(s.samples[0].boundIndex, -1);
        // 64 log-spaced samples over [1, 64] step by a factor 64^(1/63) = 1.068, under 1 apart below 14: 1..14 all
        // present, so t = 7 is sample 6.
        QCOMPARE(s.samples[6].x, 7.0);
        QCOMPARE(s.samples[5].boundIndex, -1);
        QCOMPARE(s.samples[6].boundIndex, 0);
        QCLOSE(s.samples[6].attainable, 1.8432e14);
        checkLowestBound(s);
    }

    void tenThousandSamples()
    {
        // Over [1, 1000], 10,000 log-spaced values step by a factor 1000^(1/9999) = 1.000691, under 0.7 apart
        // everywhere: rounding takes every whole B from 1 to 1000 and nothing else (136 and 137 among them).
        const Matmul m = int8WeightMatmul(4096);
        const SweepRange small { "B", 1, 1000 };
        const Sweep s = run(m, v5e(), small, 10000);
        checkShape(s, small, 10000);
        QCOMPARE(s.samples.size(), std::size_t(1000));
        for (std::size_t i = 0; i < s.samples.size(); ++i)
            QCOMPARE(s.samples[i].x, double(i + 1));
        checkLowestBound(s);
        // Over every count, 1 to 2^53 the factor is 2^(53/9999) = 1.00368: values below 1/0.00368 = 272 are under 1
        // apart, and the ln 272 / ln 1.00368 = 1526 samples there round to only 272 whole values, leaving about
        // 10,000 − 1526 + 272 = 8746 (the critical pair 136, 137 among them).
        const SweepRange all { "B", 1, kMaxCount };
        const Sweep big = run(m, v5e(), all, 10000);
        checkShape(big, all, 10000);
        QVERIFY2(
            big.samples.size() > 8700 && big.samples.size() < 8800, qPrintable(QString::number(big.samples.size())));
        QVERIFY(sampleAt(big, 136) && sampleAt(big, 137));
        for (std::size_t i = 1; i < big.samples.size(); ++i)
            QVERIFY(rises(big.samples[i - 1].attainable, big.samples[i].attainable));
        checkLowestBound(big);
    }

    void everyKindOnEveryPreset()
    {
        // Whatever the operation and chip, a sweep over the main parameter's whole span is finite, ascending and held
        // at the lowest of its bounds; where evaluate() fails, the sweep fails with its message.
        const SweepRange range { "", 1, kMaxCount };
        int swept = 0;
        for (const std::string_view kind : allKindNames()) {
            const std::optional<OperationVariant> op = makeOperation(kind);
            QVERIFY(op);
            for (const Hardware& hw : library().presets()) {
                const Expected<Sweep> s = sweep(*op, hw, range, 32);
                const Expected<Evaluation> e = evaluate(*op, hw);
                if (!e) {
                    QVERIFY(!s);
                    QCOMPARE(s.error(), e.error());
                    continue;
                }
                if (!s)
                    QFAIL(qPrintable(QString::fromStdString(std::string(kind) + " on " + hw.id + ": " + s.error())));
                QCOMPARE(s->param, std::string(mainParam(*op)));
                checkShape(*s, range, 32);
                checkLowestBound(*s);
                ++swept;
            }
        }
        QVERIFY(swept > 0);
    }

    void failsLikeEvaluate()
    {
        const Hardware hw = v5e();
        Matmul m;
        QCOMPARE(sweep(m, hw, { "x", 1, 8 }).error(), std::string("matmul has no count parameter 'x'"));
        QCOMPARE(sweep(m, hw, { "nope", 1, 8 }).error(), std::string("matmul has no count parameter 'nope'"));
        QVERIFY(!sweep(m, hw, { "B", 0, 8 }));
        QVERIFY(!sweep(m, hw, { "B", 1.5, 8 }));
        QVERIFY(!sweep(m, hw, { "B", 1, 2 * kMaxCount }));
        QVERIFY(!sweep(m, hw, { "B", 8, 8 }));
        QVERIFY(!sweep(m, hw, { "B", 1, 8 }, 1));
        QVERIFY(!sweep(m, hw, { "B", 1, 8 }, kMaxSweepSamples + 1));
        QVERIFY(sweep(m, hw, { "B", 1, 8 }, 2));
        // No fp8 on a v5e: the same message as evaluate().
        m.compute = Dtype::fp8;
        const Expected<Evaluation> e = evaluate(m, hw);
        QVERIFY(!e);
        QCOMPARE(sweep(m, hw, { "B", 1, 8 }).error(), e.error());
        // A collective on a chip with no links.
        Hardware bare = hw;
        bare.links.clear();
        Collective c;
        QCOMPARE(sweep(c, bare, { "N", 1, 8 }).error(), evaluate(c, bare).error());
    }
};

QTEST_APPLESS_MAIN(TestSweep)
#include "test_sweep.moc"
