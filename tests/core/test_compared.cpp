// SPDX-License-Identifier: GPL-3.0-or-later
// Several chips on one chart: each operation moved onto each compared chip and evaluated there, its binding marker and
// the chip's roofs in the chart's axes, which chip wins in the explanation, the scenario's compare: list read,
// refused and written back, and the chip menu swapping a compared chip with the session's.
#include "chart/chart.h"
#include "files/scenario.h"
#include "scenario_fixture.h"
#include "session/analysis.h"
#include "session/edit.h"

#include <QTest>

#include <algorithm>
#include <cmath>

using namespace roofline;
using roofline::testing::library;
using roofline::testing::models;
using roofline::testing::parse;

namespace {

// The texts' matmul of Question 1's size: B = 256 rows against 8192 × 8192 bf16 weights. By hand:
//   FLOPs 2·B·D·F = 2·256·8192² = 34,359,738,368;
//   bytes 2·(B·D + D·F + B·F) = 2·(2,097,152 + 67,108,864 + 2,097,152) = 142,606,336;
//   intensity B·D·F / (B·D + D·F + B·F) = 256·8192 / 8704 = 4096 / 17 ≈ 240.94 FLOPs/byte.
constexpr double kFlops = 34359738368.0;
constexpr double kBytes = 142606336.0;
constexpr double kIntensity = 4096.0 / 17.0;

const std::string kMatmulOnV5e = "preset: tpu-v5e\n"
                                 "operations:\n"
                                 "  - {op: matmul, id: mm, B: 256, D: 8192, F: 8192}\n";

bool near(double a, double b, double rel = 1e-12)
{
    return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b));
}

QString errors(const Expected<Session, Diagnostics>& s)
{
    return s ? QString() : QString::fromStdString(toString(s.error()));
}

} // namespace

class TestCompared : public QObject {
    Q_OBJECT
private slots:
    // The same matmul on the texts' two chips. TPU v5e: T_math = 34,359,738,368 / 1.97e14 = 174.4 µs against
    // T_HBM = 142,606,336 / 8.2e11 = 173.9 µs, compute-bound (240.94 is past its ridge of 240.24). H100 SXM:
    // T_math = 34.7 µs against T_HBM = 142,606,336 / 3.35e12 = 42.57 µs, bound by HBM (its ridge is 295.2).
    void theSameMatmulOnTwoChips()
    {
        const Session s = parse(kMatmulOnV5e + "compare: [h100-sxm]\n");
        QCOMPARE(s.compare.size(), std::size_t(1));
        const Analysis a = analyse(s);
        QCOMPARE(a.compared.size(), std::size_t(1));
        const Evaluation& v5e = a.operations[0].evaluation.value();
        QVERIFY(near(v5e.tLower, kFlops / 1.97e14));
        QVERIFY(v5e.computeBound());
        const ComparedAnalysis& h100 = a.compared[0];
        QCOMPARE(h100.hardware.name, std::string("NVIDIA H100 SXM"));
        QCOMPARE(h100.dtype, Dtype::bf16);
        QCOMPARE(h100.peak, 9.89e14);
        const Evaluation& there = h100.evaluations[0].value();
        QVERIFY(near(there.tLower, kBytes / 3.35e12));
        QCOMPARE(there.bound(), std::string("HBM"));

        // On the chart: the H100's binding marker sits on its HBM roof at the matmul's intensity, its flat roof at
        // its peak and its HBM roof up to its ridge 9.89e14 / 3.35e12 ≈ 295.2.
        const Evaluation* evaluations[] = { &there };
        const std::vector<chart::Marker> markers = chart::overlayMarkers(evaluations);
        const std::vector<chart::Point> extent = chart::overlayExtent(h100.hardware, h100.dtype, markers);
        const chart::Layout l = chart::layout(a.hardware, a.dtype, { v5e }, a.hardware, extent);
        const chart::Overlay o = chart::overlay(h100.hardware, h100.dtype, evaluations, markers, { l.x, l.y });
        QCOMPARE(o.markers.size(), std::size_t(1));
        QVERIFY(o.markers[0].binding);
        QVERIFY(near(o.markers[0].at.x, kIntensity));
        QVERIFY(near(o.markers[0].at.y, 3.35e12 * kIntensity));
        QCOMPARE(o.roofs.size(), std::size_t(2)); // its flat roof and its HBM: no L2 or link binds its marker
        QCOMPARE(o.roofs.front().kind, RoofKind::Compute);
        QCOMPARE(o.roofs.front().value, 9.89e14);
        const auto hbm = std::find_if(o.roofs.begin(), o.roofs.end(), [](const auto& r) { return r.name == "HBM"; });
        QVERIFY(hbm != o.roofs.end());
        QVERIFY(near(hbm->to.x, 9.89e14 / 3.35e12));
        QCOMPARE(hbm->to.y, 9.89e14);
        // The axes hold both chips' ridges and markers.
        for (const chart::Point& p : extent)
            QVERIFY(l.x.lower() <= p.x && p.x <= l.x.upper() && l.y.lower() <= p.y && p.y <= l.y.upper());

        // The explanation: the H100 wins by T_v5e / T_H100 = (kFlops / 1.97e14) / (kBytes / 3.35e12) ≈ 4.10.
        const std::vector<std::string>& lines = a.explanation.chips;
        QCOMPARE(lines.size(), std::size_t(3));
        const std::string ratio = formatSI((kFlops / 1.97e14) / (kBytes / 3.35e12));
        QCOMPARE(QString::fromStdString(lines[0]),
            QString::fromStdString("NVIDIA H100 SXM wins every operation shown, one after another: "
                + formatSeconds(kBytes / 3.35e12) + ", memory-bound, " + ratio + "× faster than the next."));
        QCOMPARE(QString::fromStdString(lines[1]),
            QString::fromStdString("Google TPU v5e: " + formatSeconds(kFlops / 1.97e14) + ", compute-bound"));
        QCOMPARE(QString::fromStdString(lines[2]),
            QString::fromStdString("NVIDIA H100 SXM: " + formatSeconds(kBytes / 3.35e12) + ", memory-bound"));
        QVERIFY(!a.explanation.empty());
    }

    // The chart's frame for several chips at once (chart::layouts): axes holding the session's content and each
    // chip's ridges and markers, each overlay on those axes. The H100's HBM ridge (9.89e14 / 3.35e12 = 295.22) and
    // its HBM-bound marker at 3.35e12 · 240.94 = 8.07e14 FLOP/s lie inside; held axes stay as held, and the overlays
    // are laid on them.
    void layoutsHoldEveryChip()
    {
        const Session s = parse(kMatmulOnV5e + "compare: [h100-sxm]\n");
        const Analysis a = analyse(s);
        const Evaluation& v5e = a.operations[0].evaluation.value();
        const ComparedAnalysis& h100 = a.compared[0];
        const Evaluation* there[] = { &h100.evaluations[0].value() };
        const chart::OverlayChip chips[] = { { &h100.hardware, h100.dtype, there } };
        const chart::Layouts both = chart::layouts(a.hardware, a.dtype, { v5e }, a.hardware, chips);
        QCOMPARE(both.overlays.size(), std::size_t(1));
        const chart::Layout& l = both.layout;
        auto inside = [&l](double x, double y) {
            return l.x.lower() <= x && x <= l.x.upper() && l.y.lower() <= y && y <= l.y.upper();
        };
        QVERIFY(inside(9.89e14 / 3.35e12, 9.89e14));
        QVERIFY(inside(kIntensity, 3.35e12 * kIntensity));
        const chart::Overlay& o = both.overlays[0];
        QCOMPARE(o.markers.size(), std::size_t(1));
        QVERIFY(near(o.markers[0].at.y, 3.35e12 * kIntensity));
        QCOMPARE(o.roofs.front().from.x, l.x.lower()); // the flat roof across the frame
        QCOMPARE(o.roofs.front().to.x, l.x.upper());

        const chart::Axes held { chart::DecadeRange { 0, 2 }, chart::DecadeRange { 12, 14 } };
        const chart::Layouts kept = chart::layouts(a.hardware, a.dtype, { v5e }, a.hardware, chips, {}, held);
        QCOMPARE(kept.layout.x.upper(), 100.0);
        QCOMPARE(kept.overlays[0].roofs.front().to.x, 100.0);
        // Without chips, the session's layout alone.
        const chart::Layouts alone = chart::layouts(a.hardware, a.dtype, { v5e }, a.hardware, {});
        const chart::Layout own = chart::layout(a.hardware, a.dtype, { v5e }, a.hardware);
        QVERIFY(alone.overlays.empty());
        QCOMPARE(alone.layout.x.lowerDecade, own.x.lowerDecade);
        QCOMPARE(alone.layout.x.upperDecade, own.x.upperDecade);
        QCOMPARE(alone.layout.y.upperDecade, own.y.upperDecade);
    }

    // A lesson's operation is the one compared, by its binding roof's name.
    void aLessonsOperationNamesItsRoof()
    {
        const Session s = parse(kMatmulOnV5e
            + "compare: [h100-sxm]\n"
              "lesson: {source: a test, question: how long, claim: about 174 us, answer: {time: mm}}\n");
        const Analysis a = analyse(s);
        QVERIFY2(a.explanation.chips.front().starts_with("NVIDIA H100 SXM wins matmul B=256: "),
            a.explanation.chips.front().c_str());
        QVERIFY2(
            a.explanation.chips.front().find("HBM-bound") != std::string::npos, a.explanation.chips.front().c_str());
    }

    // A lesson that asks for a threshold answers for each chip, its parameter solved on that chip's roofs. A bf16
    // matmul with D = F = 8192 has intensity B·8192 / (2B + 8192) across HBM: on the H100 (ridge 9.89e14 / 3.35e12 =
    // 295.22) it reaches the ridge at B = 295.22·8192 / (8192 − 2·295.22) = 318.16, so B ≥ 319; on the TPU v5e (ridge
    // 1.97e14 / 8.2e11 = 240.24) at B = 240.24·8192 / (8192 − 480.49) = 255.21, so B ≥ 256.
    void aThresholdLessonAnswersForEachChip()
    {
        const Session s
            = parse("preset: tpu-v5e\n"
                    "operations:\n"
                    "  - {op: matmul, id: mm, B: 256, D: 8192, F: 8192}\n"
                    "compare: [h100-sxm]\n"
                    "lesson: {source: a test, question: from which B, claim: about 240, answer: {critical: mm}}\n");
        const Analysis a = analyse(s);
        QCOMPARE(QString::fromStdString(a.explanation.caption),
            QStringLiteral("TPU v5e: B \u2265 256 \u00B7 H100 SXM: B \u2265 319"));
        QVERIFY2(
            a.explanation.chips[2].ends_with("; compute-bound for B \xE2\x89\xA5 319"), a.explanation.chips[2].c_str());
        QVERIFY2(
            a.explanation.chips[1].ends_with("; compute-bound for B \xE2\x89\xA5 256"), a.explanation.chips[1].c_str());
        // Alone on its chip, the lesson's caption is the threshold in words.
        Session alone = s;
        alone.compare.clear();
        QCOMPARE(QString::fromStdString(analyse(alone).explanation.caption),
            QStringLiteral("compute-bound for B \u2265 256"));
    }

    // Two chips with the same numbers tie; with nothing shown there is nothing to compare.
    void tiesAndNothingShown()
    {
        const Session tie = parse(
            kMatmulOnV5e + "compare:\n  - {preset: h100-sxm, set: {peak.bf16: 1.97e14, bandwidth.HBM: 8.2e11}}\n");
        const std::string first = analyse(tie).explanation.chips.front();
        QVERIFY2(first.ends_with(", compute-bound, tied with the next."), first.c_str());
        Session hidden = tie;
        hidden.operations.front().hidden = true;
        QVERIFY(analyse(hidden).explanation.chips.empty());
    }

    // A chip without the operation's dtype cannot run it: the reason is given, and it never wins.
    void aChipWithoutTheDtypeGivesItsReason()
    {
        const Session s = parse("preset: h100-sxm\n"
                                "operations:\n"
                                "  - {op: matmul, B: 4096, D: 8192, F: 8192, x: fp8, w: fp8, out: fp8, compute: fp8}\n"
                                "compare: [tpu-v5e]\n");
        const Analysis a = analyse(s);
        QVERIFY(a.operations[0].evaluation.ok());
        QVERIFY(!a.compared[0].evaluations[0].ok());
        const std::vector<std::string>& lines = a.explanation.chips;
        QVERIFY2(lines[0].starts_with("NVIDIA H100 SXM wins"), lines[0].c_str());
        QVERIFY(lines[0].find("faster than") == std::string::npos); // no other chip runs it
        QVERIFY2(lines[2].starts_with("Google TPU v5e cannot run it: "), lines[2].c_str());
        QVERIFY2(lines[2].find("fp8") != std::string::npos, lines[2].c_str());
        // No marker where it cannot run.
        const Evaluation* none[] = { nullptr };
        QVERIFY(chart::overlayMarkers(none).empty());
    }

    // A compared chip's own overrides change its numbers alone; the session's sliders change the session's chip alone.
    void overridesStayWithTheirChip()
    {
        const Session s = parse(kMatmulOnV5e + "compare:\n  - {preset: h100-sxm, set: {bandwidth.HBM: 4.8e12}}\n");
        const Analysis a = analyse(s);
        QVERIFY(near(a.compared[0].evaluations[0].value().tLower, std::max(kFlops / 9.89e14, kBytes / 4.8e12)));
        const Session edited = applyEdit(s, edits::HardwareValue { "bandwidth.HBM", 1e12 }, models()).value();
        const Analysis b = analyse(edited);
        QCOMPARE(b.compared[0].hardware.memory("HBM")->bandwidth, 4.8e12);
        QVERIFY(near(b.operations[0].evaluation.value().tLower, kFlops / 1.97e14)); // still compute-bound at 1e12
    }

    // Links move by reach: the v5e's ICI to the H100's NVLink (its first link, so the default), its DCN to
    // InfiniBand, PCIe to PCIe.
    void linksMoveByReach()
    {
        const Hardware& v5e = *library().find("tpu-v5e");
        const Hardware& h100 = *library().find("h100-sxm");
        for (const auto& [from, to] : { std::pair { "ICI", "" }, { "DCN", "IB" }, { "PCIe", "PCIe" } }) {
            OperationVariant op = *makeOperation("allreduce");
            QVERIFY(!setTextParam(op, "link", from));
            moveToChip(op, v5e, h100);
            QCOMPARE(QString::fromStdString(*textParam(op, "link")), QString::fromLatin1(to));
        }
        QCOMPARE(counterpartLink("IB", h100, v5e), std::string("DCN"));
        QCOMPARE(counterpartLink("NVLink", h100, v5e), std::string()); // ICI, its first link
        QCOMPARE(counterpartLink("PCIe", h100, v5e), std::string("PCIe"));
        // A model's links move the same way when the session's chip changes, so that a compared chip shows what
        // choosing it gives.
        const Session trained = parse("preset: h100-sxm\noperations: []\n"
                                      "model: {id: llama-2-7b, phase: train, batch: 64, dp: 8, dp_link: IB}\n");
        const Session onV5e = applyEdit(trained, edits::Preset { v5e }, models()).value();
        QCOMPARE(onV5e.model->dpLink, std::string("DCN"));
        OperationVariant vmem = *makeOperation("matmul");
        QVERIFY(!setTextParam(vmem, "memory", "VMEM"));
        moveToChip(vmem, v5e, h100);
        QCOMPARE(*textParam(vmem, "memory"), std::string());
    }

    // Written and read back, overrides included.
    void aComparisonIsSavedAndReadBack()
    {
        const Session s = parse(kMatmulOnV5e + "compare:\n  - h100-sxm\n  - {preset: b200, set: {peak.bf16: 2e15}}\n");
        const Session back = parse(writeScenario(s));
        QCOMPARE(back.compare.size(), std::size_t(2));
        QVERIFY(back.compare == s.compare);
        QCOMPARE(back.compare[1].overrides.front().value, 2e15);
    }

    // Bad lists are refused with the file, the line and the field; a scenario never compares a chip twice, its own
    // chip, or more than four in all.
    void badListsAreRefusedWithTheirPlace_data()
    {
        QTest::addColumn<QString>("list");
        QTest::addColumn<QString>("expected");
        QTest::newRow("twice") << "[h100-sxm, h100-sxm]"
                               << "test.yaml:4:10: compare: 'h100-sxm' is compared twice";
        QTest::newRow("own chip") << "[tpu-v5e]"
                                  << "test.yaml:4:10: compare: 'tpu-v5e' is the session's own chip";
        QTest::newRow("five chips") << "[h100-sxm, b200, mi300x, h200-sxm]"
                                    << "test.yaml:4:10: compare: at most 4 chips on one chart (the session's and 3 "
                                       "more); 5 given";
        QTest::newRow("unknown") << "[h100-sxm, nope]"
                                 << "test.yaml:4:21: compare[1]: no preset with id 'nope'";
        QTest::newRow("roof it lacks")
            << "[{preset: h100-sxm, set: {bandwidth.VMEM: 1e12}}]"
            << "test.yaml:4:36: compare[0].set.bandwidth.VMEM: no memory level or link named 'VMEM' on NVIDIA H100 SXM";
        QTest::newRow("not a list") << "h100-sxm"
                                    << "test.yaml:4:10: compare: expected a list";
        QTest::newRow("unknown key") << "[{preset: h100-sxm, chips: 2}]"
                                     << "test.yaml:4:30: compare[0].chips: unknown key";
    }
    void badListsAreRefusedWithTheirPlace()
    {
        QFETCH(QString, list);
        QFETCH(QString, expected);
        const auto s = parseScenario(kMatmulOnV5e + "compare: " + list.toStdString() + "\n", "test.yaml", library());
        QVERIFY(!s);
        QVERIFY2(errors(s).startsWith(expected), qPrintable(errors(s)));
    }

    // The chip menu: choosing a compared chip makes it the session's, and the old chip takes its place in the list.
    void choosingAComparedChipSwapsIt()
    {
        // The overrides go with their chips: the H100's from the list become the session's, the v5e's go to the list.
        const Session s = parse("preset: tpu-v5e\nset: {peak.bf16: 2e14}\n"
                                "operations:\n  - {op: matmul, id: mm, B: 256, D: 8192, F: 8192}\n"
                                "compare:\n  - {preset: h100-sxm, set: {bandwidth.HBM: 4.8e12}}\n  - b200\n");
        const Session moved = applyEdit(s, edits::Preset { *library().find("h100-sxm") }, models()).value();
        QCOMPARE(moved.presetId, std::string("h100-sxm"));
        QVERIFY(moved.overrides == (std::vector<Override> { { "bandwidth.HBM", 4.8e12 } }));
        QCOMPARE(moved.compare.size(), std::size_t(2));
        QCOMPARE(moved.compare[0].presetId, std::string("tpu-v5e"));
        QVERIFY(moved.compare[0].overrides == (std::vector<Override> { { "peak.bf16", 2e14 } }));
        QCOMPARE(moved.compare[1].presetId, std::string("b200"));
        // From a chip given inline nothing takes the chosen chip's place in the list.
        Session given = s;
        given.presetId.clear();
        const Session fromInline = applyEdit(given, edits::Preset { *library().find("b200") }, models()).value();
        QCOMPARE(fromInline.compare.size(), std::size_t(1));
        QCOMPARE(fromInline.compare[0].presetId, std::string("h100-sxm"));
        // A comparison edit is checked as the reader checks it.
        auto chip = [](const char* id) { return ComparedChip { id, *library().find(id), {} }; };
        const Expected<Session> tooMany = applyEdit(
            s, edits::Compare { { chip("h100-sxm"), chip("b200"), chip("mi300x"), chip("h200-sxm") } }, models());
        QVERIFY(!tooMany);
        QCOMPARE(QString::fromStdString(tooMany.error()),
            QStringLiteral("compare: at most 4 chips on one chart (the session's and 3 more); 5 given"));
        const Expected<Session> none = applyEdit(s, edits::Compare {}, models());
        QVERIFY(none && none->compare.empty());
    }
};

QTEST_APPLESS_MAIN(TestCompared)
#include "test_compared.moc"
