// SPDX-License-Identifier: GPL-3.0-or-later
// The worked examples as lessons: each shipped example's explanation against the number its text works out
// (derived again by hand in the comments), the answer and formula following a changed setting, every kind's
// formula against its cost function, and the lesson block read, refused and written back.
#include "base/units.h"
#include "files/presets.h"
#include "files/scenario.h"
#include "session/analysis.h"
#include "session/explanation.h"

#include <QTest>

#include <cmath>

using namespace roofline;

namespace {

const PresetLibrary& library()
{
    static const PresetLibrary lib = loadPresetLibrary({});
    return lib;
}

Session shipped(const std::string& stem)
{
    for (const EmbeddedFile& f : embeddedFiles())
        if (f.name == "scenarios/" + stem + ".yaml") {
            auto s = parseScenario(f.text, std::string(f.name), library());
            if (!s)
                qFatal("%s", toString(s.error()).c_str());
            return s.value();
        }
    qFatal("no scenario %s", stem.c_str());
}

bool contains(const std::vector<std::string>& lines, const std::string& text)
{
    for (const std::string& l : lines)
        if (l.find(text) != std::string::npos)
            return true;
    return false;
}

QString errorsOf(const Expected<Session, Diagnostics>& s)
{
    return s ? QString() : QString::fromStdString(toString(s.error()));
}

const std::string kLessonScenario = "preset: tpu-v5e\n"
                                    "operations:\n"
                                    "  - {op: matmul, id: mm, B: 256, D: 8192, F: 8192}\n";

} // namespace

class TestExplanation : public QObject {
    Q_OBJECT
private slots:
    void workedExamplesAnswerAsTheTextsDo_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<double>("answer"); // derived by hand, exact to the digits given
        QTest::addColumn<double>("limit"); // the B ≪ D limit the text uses, exactly (a ridge); 0 when none is shown
        QTest::addColumn<double>("text"); // the text's own figure
        QTest::addColumn<double>("textTolerance"); // how far the text rounds
        // 1.97e14 / 8.2e11 = 240.2439; text "about 240".
        QTest::newRow("v5e critical intensity") << "tpu-v5e-critical-intensity" << 240.2439 << 0.0 << 240.0 << 0.5;
        // N = 2^20: (2N − 1) / (4N + 2) = 2097151 / 4194306 = 0.4999995; text "→ 1/2".
        QTest::newRow("dot product") << "dot-product-v5e" << 2097151.0 / 4194306.0 << 0.0 << 0.5 << 1e-5;
        // BDF / (BD + DF + BF) = r with D = F = 8192, r = 240.2439: B = 8192 r / (8192 − 2r) = 255.21; the limit is r.
        QTest::newRow("matmul at B") << "matmul-batch-v5e" << 8192 * 240.2439 / (8192 - 2 * 240.2439)
                                     << 1.97e14 / 8.2e11 << 240.0 << 0.5;
        // 2BDF / (BD + DF + BF) = r, D = F = 65536, r = 3.94e14 / 8.1e11 = 486.42: B = rD / (2(D − r)) = 245.03; the
        // limit r / 2 = 243.21; text "B > 486 / 2 = 243".
        QTest::newRow("int8") << "int8-matmul-v5e" << 486.4198 * 65536 / (2 * (65536 - 486.4198))
                              << 3.94e14 / 8.1e11 / 2 << 243.0 << 0.5;
        // 2BDF / (2BD + DF + 2BF) = r, D = F = 65536: B = rD / (2D − 4r) = 121.01; the limit r / 2 = 120.12; text 120.
        QTest::newRow("int8 weights") << "int8-weight-matmul-v5e" << 240.2439 * 65536 / (2 * 65536 - 4 * 240.2439)
                                      << 1.97e14 / 8.2e11 / 2 << 120.0 << 0.5;
        // The same at D = F = 4096: B = 240.2439 · 4096 / (8192 − 960.98) = 136.09; the text reads the plot.
        QTest::newRow("batch-size curve") << "batch-size-curve-v5e" << 240.2439 * 4096 / (8192 - 4 * 240.2439)
                                          << 1.97e14 / 8.2e11 / 2 << 160.0 << 30.0;
        // 2BDF / (BD + BDF + BF) with D = F = 8192: 2 · 8192² / (8192 + 8192² + 8192) = 1.99951; text "roughly 2".
        QTest::newRow("batched int8") << "batched-int8-matmul-v5e" << 2.0 * 8192 * 8192 / (8192.0 * 8192 + 2 * 8192)
                                      << 0.0 << 2.0 << 0.01;
        // r = 9.89e14 / 3.35e12 = 295.2239; D = F = 65536: B = rD / (D − 2r) = 297.91; limit r; text ~295.
        QTest::newRow("H100") << "h100-matmul" << 295.2239 * 65536 / (65536 - 2 * 295.2239) << 9.89e14 / 3.35e12
                              << 295.0 << 0.5;
        // D / 2 = 1.97e14 / 4.5e10: D = 8755.56; text "D > 8755".
        QTest::newRow("2-chip sharded") << "sharded-matmul-2-tpu" << 2 * 1.97e14 / 4.5e10 << 0.0 << 8755.0 << 1.0;
        // 9.89e14 / 5e10 = 19,780; text "19,780".
        QTest::newRow("network ridges") << "network-ridges-h100" << 19780.0 << 0.0 << 19780.0 << 0.5;
        // 6 · 7e9 · 1e6 / 64 / (2 · 63/64 · 7e9 · 2) = 6.5625e14 / 2.75625e10 = 23,809.5; text "~23,400" (P → ∞).
        QTest::newRow("data parallelism") << "data-parallel-h100" << 6.5625e14 / 2.75625e10 << 0.0 << 23400.0 << 500.0;
        // 24BSH²/t / (4 (t−1)/t · 2 · BSH) = 3H / 7 ≥ 9.89e14 / 4.5e11 = 2197.78: H = 5128.15; the text: O(H).
        QTest::newRow("tensor parallelism")
            << "tensor-parallel-h100" << 7 * (9.89e14 / 4.5e11) / 3 << 0.0 << 7 * (9.89e14 / 4.5e11) / 3 << 0.01;
        // 16 · 24 · 4096 · 4096² · 8 = 2.1110e14 FLOPs at 9.89e14: 0.21345 s, over IB 16 · 2 · 4096² / 5e10 = 0.0107 s.
        QTest::newRow("pipeline parallelism")
            << "pipeline-parallel-h100" << 16.0 * 24 * 4096 * 4096.0 * 4096 * 8 / 9.89e14 << 0.0 << 0.2134 << 0.001;
    }
    void workedExamplesAnswerAsTheTextsDo()
    {
        QFETCH(QString, scenario);
        QFETCH(double, answer);
        QFETCH(double, limit);
        QFETCH(double, text);
        QFETCH(double, textTolerance);
        const Analysis a = analyse(shipped(scenario.toStdString()));
        const Explanation& e = a.explanation;
        QVERIFY(!e.source.empty() && !e.question.empty() && !e.claim.empty());
        QVERIFY2(std::fabs(e.value - answer) < 1e-4 * answer,
            qPrintable(QStringLiteral("%1 against %2").arg(e.value, 0, 'g', 10).arg(answer, 0, 'g', 10)));
        QVERIFY(
            std::fabs(e.value - text) <= textTolerance || std::fabs(e.limit.value_or(e.value) - text) <= textTolerance);
        if (limit > 0) {
            QVERIFY(e.limit);
            QVERIFY2(std::fabs(*e.limit - limit) < 1e-7 * limit, // the ridge itself, to the digits shown and beyond
                qPrintable(QString::number(*e.limit, 'g', 10)));
        } else {
            QVERIFY(!e.limit);
        }
        QVERIFY(!e.formula.empty());
        const bool time = a.session.lesson->answer.kind == LessonAnswer::Kind::Time;
        QVERIFY(e.answer.find(time ? formatSeconds(e.value) : exactNumber(e.value)) != std::string::npos);
    }

    // The ridges of the network lesson, each with its numbers put in: NVLink 9.89e14 / 9e11 = 1,098.9.
    void theNetworkLessonShowsEveryRidge()
    {
        const Explanation e = analyse(shipped("network-ridges-h100")).explanation;
        QVERIFY(contains(e.formula, "ridge(IB) = peak(bf16) / bandwidth(IB) = 9.89e14 / 5e10 = 19,780"));
        QVERIFY(contains(e.formula, "ridge(NVLink) = peak(bf16) / bandwidth(NVLink) = 9.89e14 / 9e11 = 1098.9"));
    }

    // Doubling the int8 HBM bandwidth halves the ridge: 3.94e14 / 1.62e12 = 243.21, so the limit becomes 121.6 and
    // the exact threshold rD / (2(D − r)) = 243.21 · 65536 / (2 · 65292.79) = 122.06.
    void theAnswerAndFormulaFollowASetting()
    {
        Session s = shipped("int8-matmul-v5e");
        const Explanation before = analyse(s).explanation;
        QVERIFY(!applySetting(s, "bandwidth.HBM=1.62e12"));
        const Explanation after = analyse(s).explanation;
        QVERIFY(std::fabs(after.value - 243.2099 * 65536 / (2 * (65536 - 243.2099))) < 1e-3);
        QVERIFY(after.limit);
        QVERIFY2(std::fabs(*after.limit - 121.605) < 1e-3, qPrintable(QString::number(*after.limit, 'g', 10)));
        QVERIFY(after.answer != before.answer);
        QVERIFY(contains(after.formula, "3.94e14 / 1.62e12 = 243.21"));
        QVERIFY(!contains(before.formula, "1.62e12"));
        // The main parameter stays a name; the others are the operation's values.
        QVERIFY(contains(after.formula, "OPs = 2·B·D·F = 2·B·65536·65536"));
        QVERIFY(contains(
            after.formula, "bytes(HBM) = s(x)·B·D + s(w)·D·F + s(out)·B·F = 1·B·65536 + 1·65536·65536 + 1·B·65536"));
    }

    // Each kind's written formula computes what its cost function does, at its defaults and at other values.
    void everyFormulaAgreesWithItsCost_data()
    {
        QTest::addColumn<QString>("kind");
        for (std::string_view k : allKindNames())
            if (!costFormula(*makeOperation(k)).flops.empty())
                QTest::newRow(std::string(k).c_str()) << QString::fromUtf8(k.data(), static_cast<qsizetype>(k.size()));
    }
    void everyFormulaAgreesWithItsCost()
    {
        QFETCH(QString, kind);
        OperationVariant op = *makeOperation(kind.toStdString());
        for (int round = 0; round < 2; ++round) {
            if (round == 1)
                for (const ParamInfo& p : params(op))
                    if (p.type == ParamType::Count)
                        QVERIFY(!setNumberParam(op, p.name, std::max(p.min, 3.0)));
            const Cost c = cost(op);
            const CostFormula f = costFormula(op);
            const std::optional<double> flops = evaluateFormula(f.flops, op);
            QVERIFY2(flops, f.flops.data());
            QVERIFY(std::fabs(*flops - c.flops) <= 1e-12 * std::max(1.0, c.flops));
            for (const Traffic& t : c.traffic) {
                const std::string_view written = t.kind == RoofKind::Network ? f.link : f.memory;
                const std::optional<double> bytes = evaluateFormula(written, op);
                QVERIFY2(bytes, written.data());
                QVERIFY(std::fabs(*bytes - t.bytes) <= 1e-12 * t.bytes);
            }
        }
    }

    // The catalogue's own kinds all state their formula: a lesson about any of them shows it.
    void theTextsKindsHaveFormulas()
    {
        for (const char* k : { "dot", "layernorm", "matmul", "batched_matmul", "sharded_matmul", "allreduce",
                 "allgather", "reducescatter", "data_parallel_step", "tensor_parallel_layer", "pipeline_stage" })
            QVERIFY2(!costFormula(*makeOperation(k)).flops.empty(), k);
    }

    void aLessonIsSavedAndReadBack()
    {
        const std::string text = kLessonScenario
            + "lesson:\n  source: \"A text, section 2\"\n  question: How big?\n  claim: \"B > 240\"\n  order: 3\n"
              "  answer: {intensity: mm, resource: HBM}\n";
        const auto s = parseScenario(text, "lesson.yaml", library());
        QVERIFY2(s, qPrintable(errorsOf(s)));
        QVERIFY(s.value().lesson);
        QCOMPARE(s.value().lesson->order, 3);
        QCOMPARE(s.value().lesson->answer.kind, LessonAnswer::Kind::Intensity);
        const auto again = parseScenario(writeScenario(s.value()), "again.yaml", library());
        QVERIFY2(again, qPrintable(errorsOf(again)));
        QCOMPARE(again.value(), s.value());
        // intensity 256 · 8192² / (256 · 8192 · 2 + 8192²) · ... = 2BDF / (2BD + 2DF + 2BF) = 240.94
        QVERIFY(std::fabs(analyse(again.value()).explanation.value
                    - 2.0 * 256 * 8192 * 8192 / (2.0 * 256 * 8192 * 2 + 2.0 * 8192 * 8192))
            < 1e-9);
    }

    // A lesson's view: the axes' decades and the roofs to draw, read and written back.
    // Question 1 as the seed text set it (8.1e11 B/s) and as the current edition does (8.2e11): with the exact bytes
    // at D = F = 65536 and r = 3.94e14 / 8.2e11 = 480.49, the threshold 2BDF / (BD + DF + BF) = r is
    // B = rD / (2(D − r)) = 242.02, so B = 243 is the first compute-bound batch; r / 2 = 240.24 in the B ≪ D limit.
    // The lesson names its edition, and says both answers; saved, it reads back the same.
    void aLessonKnowsItsEdition()
    {
        const Session s = shipped("int8-matmul-v5e");
        QVERIFY(s.lesson && s.lesson->current);
        const Explanation e = analyse(s).explanation;
        QVERIFY(e.edition.find("8.1e11") != std::string::npos);
        QCOMPARE(e.currentEdition, std::string("The text's current edition"));
        const double r = 3.94e14 / 8.2e11;
        const double threshold = r * 65536 / (2 * (65536 - r));
        QVERIFY(std::fabs(threshold - 242.02) < 0.005);
        QVERIFY2(e.currentAnswer.find("B ≥ 243: compute-bound from B = 242.02 (HBM); 240.24 in the limit")
                != std::string::npos,
            e.currentAnswer.c_str());
        QVERIFY(e.answer.find("B ≥ 246") == 0); // the seed text's numbers, as before
        const auto again = parseScenario(writeScenario(s), "again.yaml", library());
        QVERIFY2(again, qPrintable(errorsOf(again)));
        QVERIFY(*again->lesson == *s.lesson);
        // Every shipped lesson names the edition its numbers come from.
        for (const EmbeddedFile& f : embeddedFiles())
            if (f.name.starts_with("scenarios/")) {
                const auto lesson = parseScenario(f.text, std::string(f.name), library());
                QVERIFY(lesson);
                if (lesson->lesson)
                    QVERIFY2(!lesson->lesson->edition.empty(), std::string(f.name).c_str());
            }
    }

    void aLessonsViewIsReadAndWrittenBack()
    {
        const std::string text = kLessonScenario
            + "lesson:\n  source: S\n  question: Q\n  claim: C\n  answer: {critical: mm}\n"
              "  view: {x: [0, 4], y: [12, 15], roofs: [bf16, HBM]}\n";
        const auto s = parseScenario(text, "view.yaml", library());
        QVERIFY2(s, qPrintable(errorsOf(s)));
        const std::optional<LessonView>& view = s.value().lesson->view;
        QVERIFY(view);
        QCOMPARE(view->x, std::optional<chart::DecadeRange>(chart::DecadeRange { 0, 4 }));
        QCOMPARE(view->y, std::optional<chart::DecadeRange>(chart::DecadeRange { 12, 15 }));
        QCOMPARE(view->roofs, (std::vector<std::string> { "bf16", "HBM" }));
        const auto again = parseScenario(writeScenario(s.value()), "again.yaml", library());
        QVERIFY2(again, qPrintable(errorsOf(again)));
        QCOMPARE(again.value(), s.value());
        // Each part is optional.
        const auto xOnly = parseScenario(kLessonScenario
                + "lesson:\n  source: S\n  question: Q\n  claim: C\n  answer: {critical: mm}\n  view: {x: [-1, 3]}\n",
            "x.yaml", library());
        QVERIFY2(xOnly, qPrintable(errorsOf(xOnly)));
        QVERIFY(!xOnly.value().lesson->view->y && xOnly.value().lesson->view->roofs.empty());
    }

    // What each answer is about, for the chart's labels and the sweep: the roof whose ridge it turns on, its
    // operation and the parameter to sweep.
    void answersNameTheirRoofAndParameter_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QString>("roof");
        QTest::addColumn<QString>("operation");
        QTest::addColumn<QString>("param");
        QTest::newRow("v5e ridge") << "tpu-v5e-critical-intensity"
                                   << "HBM"
                                   << ""
                                   << "";
        QTest::newRow("H100 matmul") << "h100-matmul"
                                     << "HBM"
                                     << "large"
                                     << "B";
        QTest::newRow("sharded matmul") << "sharded-matmul-2-tpu"
                                        << "ICI"
                                        << "d8756"
                                        << "D";
        QTest::newRow("batch-size curve") << "batch-size-curve-v5e"
                                          << "HBM"
                                          << "d4096"
                                          << "B";
        QTest::newRow("data parallelism") << "data-parallel-h100"
                                          << "IB"
                                          << "dp1m"
                                          << "";
        QTest::newRow("network ridges") << "network-ridges-h100"
                                        << "IB"
                                        << ""
                                        << "";
    }
    void answersNameTheirRoofAndParameter()
    {
        QFETCH(QString, scenario);
        QFETCH(QString, roof);
        QFETCH(QString, operation);
        QFETCH(QString, param);
        const Analysis a = analyse(shipped(scenario.toStdString()));
        QCOMPARE(QString::fromStdString(a.explanation.roof), roof);
        QCOMPARE(QString::fromStdString(a.explanation.operation), operation);
        if (!param.isEmpty())
            QCOMPARE(QString::fromStdString(a.explanation.param), param);
    }

    // A model example explains its step with the current numbers. Llama-2-7B decoding one sequence of 1,024 cached
    // tokens on an H100 SXM (HBM 3.35e12 B/s), latency off: the step reads every weight but the embedding table,
    // (6,738,415,616 − 32,000 · 4,096) · 2 B = 13,214,687,232 B, and the KV cache, 2 · 32 layers · 4,096 · 1,024
    // tokens · 2 B = 536,870,912 B: 13,751,558,144 B / 3.35e12 B/s = 4.105 ms, 243.6 tokens/s, bound by HBM. It
    // holds 6,738,415,616 · 2 B = 13.5 GB of weights and 2 · 32 · 4,096 · 1,025 · 2 B = 537 MB of KV cache, well
    // within 80 GiB.
    void aModelsStepIsExplainedLive()
    {
        Session s = shipped("llama-2-7b-decode-h100");
        s.latency = false;
        const Analysis a = analyse(s);
        const Explanation& e = a.explanation;
        QVERIFY(e.model);
        QVERIFY(a.model);
        QCOMPARE(e.value, a.model->tLower);
        const double byHand = 13'751'558'144.0 / 3.35e12;
        QVERIFY2(std::fabs(e.value - byHand) < 0.01 * byHand, qPrintable(QString::number(e.value)));
        QVERIFY2(std::fabs(a.model->tokensPerSecond - 1 / byHand) < 0.01 / byHand,
            qPrintable(QString::number(a.model->tokensPerSecond)));
        QCOMPARE(e.roof, std::string("HBM"));
        QVERIFY2(e.answer.find(formatSeconds(e.value) + " a decode step") != std::string::npos, e.answer.c_str());
        QVERIFY(e.answer.find(exactNumber(a.model->tokensPerSecond) + " tokens/s") != std::string::npos);
        QVERIFY2(e.answer.find("bound by HBM") != std::string::npos, e.answer.c_str());
        QVERIFY(e.answer.find("fits in memory") != std::string::npos);
        QVERIFY(contains(e.formula, "tokens/s = B / T = 1 / " + formatSeconds(e.value)));
        QVERIFY(contains(e.formula, "weights 13.5 GB + KV cache 537 MB"));
        QVERIFY(contains(e.formula, ": fits; the largest batch that fits at this context is "));
        QVERIFY(!e.empty());

        // A setting moved: the explanation follows. Twice the batch reads the weights once for both sequences.
        s.model->batch = 2;
        const Analysis two = analyse(s);
        QVERIFY(two.explanation.value > e.value);
        QVERIFY(two.explanation.answer != e.answer);
        QVERIFY(contains(two.explanation.formula, "tokens/s = B / T = 2 / " + formatSeconds(two.explanation.value)));
        QVERIFY(std::fabs(two.model->tokensPerSecond - 2 / two.explanation.value) < 1e-9 * two.model->tokensPerSecond);
        QVERIFY(!contains(e.formula, "calibrated by"));

        // Under the calibration of the calibrated example: the step it predicts, its band and tokens/s.
        const Analysis calibrated = analyse(shipped("llama-2-7b-calibrated-h100"));
        QVERIFY(calibrated.model && calibrated.model->calibrated);
        const CalibratedTotals& c = *calibrated.model->calibrated;
        QVERIFY2(
            contains(calibrated.explanation.formula,
                "calibrated by embedded:calibrations/h100-sxm-sweep.yaml: each operation at the time it predicts, "
                "T = "
                    + formatSeconds(c.tStep) + " (" + formatSeconds(c.tLow) + " \xE2\x80\x93 " + formatSeconds(c.tHigh)
                    + " nine times in ten), " + exactNumber(c.tokensPerSecond) + " tokens/s"),
            calibrated.explanation.formula.back().c_str());
    }

    // The training example: the step is the stage, its 1F1B bubble (pp − 1)/m · stage = 1/16 of it with 2 stages
    // and 16 microbatches, and the gradient all-reduce; tokens/s = 256 · 4,096 / T; data parallelism's intensity
    // against the IB ridge 9.89e14 / 5e10 = 19,780.
    void aTrainingStepIsExplainedLive()
    {
        const Analysis a = analyse(shipped("llama-2-7b-training-64-h100"));
        const Explanation& e = a.explanation;
        QVERIFY(e.model && a.model && a.model->training);
        const TrainingTotals& tr = *a.model->training;
        QVERIFY(std::fabs(tr.bubbleLower - tr.stageLower / 16) < 1e-12 * tr.stageLower);
        QVERIFY(std::fabs(e.value - (tr.stageLower * 17 / 16 + tr.gradientsLower)) < 1e-9 * e.value);
        QVERIFY2(contains(e.formula, "bubble = (pp \xE2\x88\x92 1) / m \xC2\xB7 stage = 1 / 16 \xC2\xB7 "),
            e.formula[1].c_str());
        QVERIFY(contains(e.formula,
            "tokens/s = B \xC2\xB7 P / T = 256 \xC2\xB7 4096 / " + formatSeconds(e.value) + " = "
                + exactNumber(1048576 / e.value)));
        QVERIFY(contains(e.formula, "above IB's ridge of 19,780: compute-bound"));
        QVERIFY(contains(e.formula, "memory per chip: weights "));
        QVERIFY(e.answer.find("a training step") != std::string::npos);
    }

    void aScenarioWithoutALessonExplainsByItsDescription()
    {
        const auto s = parseScenario("description: Mine.\n" + kLessonScenario, "mine.yaml", library());
        QVERIFY(s);
        const Explanation e = analyse(s.value()).explanation;
        QVERIFY(e.source.empty());
        QCOMPARE(e.description, std::string("Mine."));
        QVERIFY(!e.empty());
        QVERIFY(analyse(parseScenario(kLessonScenario, "bare.yaml", library()).value()).explanation.empty());
    }

    void aBadLessonIsRefusedWithItsPlace_data()
    {
        QTest::addColumn<QString>("lesson");
        QTest::addColumn<QString>("message");
        const QString head = QStringLiteral("lesson:\n  source: S\n  question: Q\n  claim: C\n");
        QTest::newRow("unknown operation") << head + "  answer: {critical: nope}\n"
                                           << "lesson.yaml:8:22: lesson.answer.critical: no operation has the id "
                                              "'nope' (they are mm)";
        QTest::newRow("unknown roof") << head + "  answer: {ridge: NVLink}\n"
                                      << "lesson.answer.ridge: Google TPU v5e has no memory level or link named "
                                         "'NVLink'";
        QTest::newRow("two answers") << head + "  answer: {ridge: HBM, time: mm}\n"
                                     << "lesson.answer.time: give one of critical, ridge, intensity or time, not two";
        QTest::newRow("no answer") << head + "  answer: {}\n"
                                   << "lesson.answer: missing";
        QTest::newRow("missing question") << "lesson:\n  source: S\n  claim: C\n  answer: {ridge: HBM}\n"
                                          << "lesson.question: missing";
        QTest::newRow("unknown key")
            << head + "  answer: {ridge: HBM}\n  hint: H\n"
            << "lesson.hint: unknown key (expected one of: source, edition, current, question, "
               "claim, order, answer, view)";
        QTest::newRow("order not whole") << head + "  order: 1.5\n  answer: {ridge: HBM}\n"
                                         << "lesson.order: expected a whole number from 1 to 1000";
        QTest::newRow("resource on a ridge") << head + "  answer: {ridge: HBM, resource: HBM}\n"
                                             << "lesson.answer.resource: only an intensity answer names a resource";
        const QString answered = head + QStringLiteral("  answer: {ridge: HBM}\n");
        QTest::newRow("view not a map") << answered + "  view: [1, 2]\n"
                                        << "lesson.yaml:9:9: lesson.view:";
        QTest::newRow("view x one number") << answered + "  view: {x: 3}\n"
                                           << "lesson.yaml:9:13: lesson.view.x: expected two whole decades";
        QTest::newRow("view x reversed") << answered + "  view: {x: [4, -1]}\n"
                                         << "lesson.yaml:9:13: lesson.view.x: the lower decade must come first";
        QTest::newRow("view y not whole")
            << answered + "  view: {y: [11.5, 15]}\n"
            << "lesson.yaml:9:14: lesson.view.y[0]: expected a whole decade from -12 to 30";
        QTest::newRow("view y too high") << answered + "  view: {y: [11, 99]}\n"
                                         << "lesson.view.y[1]: expected a whole decade from -12 to 30";
        // A decade is written as an exponent of ten: a prefix or an exponent that makes a whole number is refused.
        QTest::newRow("view x with a prefix")
            << answered + "  view: {x: [0.01k, 3]}\n"
            << "lesson.yaml:9:14: lesson.view.x[0]: expected a whole decade from -12 to 30, found '0.01k'";
        QTest::newRow("view x with an exponent")
            << answered + "  view: {x: [-1, 1e1]}\n"
            << "lesson.view.x[1]: expected a whole decade from -12 to 30, found '1e1'";
        QTest::newRow("view y not a number") << answered + "  view: {y: [11, high]}\n"
                                             << "lesson.view.y[1]:";
        QTest::newRow("view unknown roof")
            << answered + "  view: {roofs: [bf16, NVLink]}\n"
            << "lesson.view.roofs[1]: Google TPU v5e has no compute peak, memory level or link named 'NVLink' (it has "
               "bf16, int8, int4, HBM, VMEM, ICI, DCN, PCIe)";
        QTest::newRow("view roof twice") << answered + "  view: {roofs: [HBM, HBM]}\n"
                                         << "lesson.view.roofs[1]: 'HBM' is listed twice";
        QTest::newRow("view no roofs") << answered + "  view: {roofs: []}\n"
                                       << "lesson.view.roofs: expected a list of roofs";
        QTest::newRow("view unknown key") << answered + "  view: {z: [1, 2]}\n"
                                          << "lesson.view.z: unknown key (expected one of: x, y, roofs)";
        QTest::newRow("current edition of another key")
            << answered + "  current: {edition: E, set: {bandwidth.HBMX: 8.2e11}, claim: C}\n"
            << "lesson.current.set.bandwidth.HBMX:";
        QTest::newRow("current edition without its claim")
            << answered + "  current: {edition: E, set: {bandwidth.HBM: 8.2e11}}\n"
            << "lesson.current.claim: missing";
        QTest::newRow("current edition with a unit it does not take")
            << answered + "  current: {edition: E, set: {bandwidth.HBM: 8.2e11 FLOPs}, claim: C}\n"
            << "lesson.current.set.bandwidth.HBM:";
        QTest::newRow("empty claim") << "lesson:\n  source: S\n  question: Q\n  claim: \"\"\n  answer: {ridge: HBM}\n"
                                     << "lesson.claim: expected text, found an empty value";
    }
    void aBadLessonIsRefusedWithItsPlace()
    {
        QFETCH(QString, lesson);
        QFETCH(QString, message);
        const auto s = parseScenario(kLessonScenario + lesson.toStdString(), "lesson.yaml", library());
        QVERIFY(!s);
        const QString errors = errorsOf(s);
        QVERIFY2(errors.contains(message), qPrintable(errors));
        QVERIFY(errors.startsWith(QStringLiteral("lesson.yaml:")));
        QVERIFY(!errors.contains(QLatin1Char('\t')));
    }

    void numbersReadAsTheTextsWriteThem()
    {
        QCOMPARE(exactNumber(3.94e14), std::string("3.94e14"));
        QCOMPARE(exactNumber(19780), std::string("19,780"));
        QCOMPARE(exactNumber(245.0312), std::string("245.03"));
        QCOMPARE(exactNumber(1098.888), std::string("1098.9"));
        QCOMPARE(exactNumber(5e-5), std::string("5e-5"));
        QCOMPARE(exactNumber(0), std::string("0"));
    }
};

QTEST_APPLESS_MAIN(TestExplanation)
#include "test_explanation.moc"
