// SPDX-License-Identifier: GPL-3.0-or-later
// Whole models whose settings are each within range but whose step cannot be costed (too many tokens, a chip without
// the links or dtypes it needs), and the one rule for operation ids that links, lesson answers and user operations
// follow: every case is refused at the setting that makes it impossible, and whatever the edits produce reads back.
#include "files/model_presets.h"
#include "files/presets.h"
#include "files/scenario.h"
#include "llm/generate.h"
#include "scenario_fixture.h"
#include "session/analysis.h"
#include "session/edit.h"

#include <QTest>

#include <cmath>

using namespace roofline;
using roofline::testing::library;
using roofline::testing::modelBlockErrors;
using roofline::testing::models;
using roofline::testing::roundChip;

namespace {

// 2^53: the largest count an operation holds.
constexpr double kTwo53 = 9007199254740992.0;

ModelSettings settingsOf(const std::string& id, const std::function<void(ModelSettings&)>& change = {})
{
    ModelSettings s;
    s.model = *models().find(id);
    if (change)
        change(s);
    return s;
}

// Llama 2 7B prefilling `batch` sequences of `prompt` tokens on the round chip, made without the readers (as the
// window's document holds a session).
Session prefillOnRoundChip(double batch, double prompt)
{
    Session session;
    session.chip = roundChip();
    session.model = settingsOf("llama-2-7b", [&](ModelSettings& m) {
        m.phase = Phase::Prefill;
        m.batch = batch;
        m.prompt = prompt;
    });
    return session;
}

QString problemOf(const ModelSettings& s, const Hardware& hw)
{
    return QString::fromStdString(modelProblem(s, hw).value_or(""));
}

// The scenario text of an inline chip without links: one bf16 peak and one memory.
const char* kChipWithoutLinks = "hardware:\n"
                                "  name: Lonely\n"
                                "  compute: {bf16: 1e14}\n"
                                "  memory: [{name: HBM, bandwidth: 1e12}]\n"
                                "  sources: [test]\n";

QString scenarioErrors(const std::string& text)
{
    const auto s = parseScenario(text, "s.yaml", library(), models());
    return s ? QString() : QString::fromStdString(toString(s.error()));
}

Session loaded(const std::string& text)
{
    const auto s = parseScenario(text, "s.yaml", library(), models());
    if (!s)
        qFatal("%s", toString(s.error()).c_str());
    return *s;
}

} // namespace

class TestModelLimits : public QObject {
    Q_OBJECT

private slots:
    // Settings each within its range whose product passes 2^53: refused at the setting, with the file's line.
    void productsOfSettingsAreLocated_data()
    {
        QTest::addColumn<QString>("block");
        QTest::addColumn<QString>("message");
        // 2^24 sequences of 2^30 tokens: 2^54 tokens in one pass.
        QTest::newRow("prefill tokens")
            << "  id: llama-2-7b\n  phase: prefill\n  batch: 16777216\n  prompt: 1073741824\n"
            << "s.yaml:6:11: model.prompt: 18014398509481984 tokens in one pass (16777216 sequences of 1073741824 "
               "tokens), more than the 9007199254740992 (2^53) an operation counts; give a smaller batch or prompt";
        // 2^24 · 2^20 = 2^44 tokens, each of 4096 = 2^12 elements all-reduced: 2^56.
        QTest::newRow("all-reduced elements")
            << "  id: llama-2-7b\n  phase: prefill\n  batch: 16777216\n  prompt: 1048576\n  tp: 2\n"
            << "s.yaml:6:11: model.prompt: 72057594037927936 elements all-reduced in each layer (16777216 sequences "
               "of 1048576 tokens of hidden_size 4096)";
        // Mixtral routes each of 2^23 · 2^30 = 2^53 tokens to 2 experts: 2^54 rows.
        // 2^21 sequences · 2^20 tokens · 2 experts · 4096 = 2^54 elements routed, though the 2^41 tokens are legal.
        QTest::newRow("routed elements")
            << "  id: mixtral-8x7b\n  phase: prefill\n  batch: 2097152\n  prompt: 1048576\n"
            << "s.yaml:6:11: model.prompt: 18014398509481984 elements routed to the experts (2097152 sequences of "
               "1048576 tokens, each routed to 2 experts)";
        // 2^24 sequences · 32 heads · 2^25 tokens = 2^54 rows of scores.
        QTest::newRow("materialised scores")
            << "  id: llama-2-7b\n  phase: prefill\n  batch: 16777216\n  prompt: 33554432\n  attention: materialised\n"
            << "s.yaml:7:14: model.attention: 18014398509481984 rows of materialised scores (16777216 sequences of "
               "33554432 tokens in 32 heads per GPU), more than the 9007199254740992 (2^53) an operation counts; keep "
               "the scores fused";
        // A training step's microbatch of 2^24 sequences of 2^30 tokens: 2^54.
        QTest::newRow("training tokens")
            << "  id: llama-2-7b\n  phase: train\n  batch: 16777216\n  prompt: 1073741824\n"
            << "s.yaml:6:11: model.prompt: 18014398509481984 tokens in one pass (a microbatch of 16777216 sequences "
               "of 1073741824 tokens)";
    }
    void productsOfSettingsAreLocated()
    {
        QFETCH(QString, block);
        QFETCH(QString, message);
        const QString errors = modelBlockErrors(block);
        QVERIFY2(errors.contains(message), qPrintable(errors));
    }

    // The same settings one below the limit load and analyse without an error: the check is no stricter than the
    // operations' own ranges.
    void theLimitItselfIsAllowed()
    {
        const ModelSettings s = settingsOf("llama-2-7b", [](ModelSettings& m) {
            m.phase = Phase::Train;
            m.batch = 16777216;
            m.prompt = 1073741824;
            m.dp = 2; // 2^23 sequences of 2^30 tokens: exactly 2^53 tokens
        });
        QCOMPARE(s.tokens(), kTwo53);
        const Hardware hw = *library().find("h100-sxm");
        QCOMPARE(problemOf(s, hw), QString());
        Session session;
        session.chip = hw;
        session.model = s;
        const Analysis a = analyse(session);
        QCOMPARE(QString::fromStdString(a.modelProblem), QString());
        QVERIFY(a.model.has_value());
    }

    // The chip's side: each missing link or peak is named at the setting that needs it.
    void theChipMustHaveWhatTheModelNeeds_data()
    {
        QTest::addColumn<QString>("block");
        QTest::addColumn<QString>("message");
        QTest::newRow("tp without links") << "  id: llama-2-7b\n  tp: 2\n"
                                          << "s.yaml:8:7: model.tp: 2 needs a link for the tensor-parallel "
                                             "all-reduces, and Lonely has none";
        QTest::newRow("dp without links") << "  id: llama-2-7b\n  phase: train\n  batch: 2\n  dp: 2\n"
                                          << "s.yaml:10:7: model.dp: 2 needs a link for the gradient all-reduce";
        QTest::newRow("pp without links") << "  id: llama-2-7b\n  phase: train\n  pp: 2\n"
                                          << "s.yaml:9:7: model.pp: 2 needs a link for the pipeline's sends";
        QTest::newRow("activations without a peak")
            << "  id: llama-2-7b\n  activations: fp16\n"
            << "s.yaml:8:16: model.activations: Lonely has no fp16 peak to compute in";
        // A training step adds gradients in the weights' dtype (the embedding's backward, the all-reduce).
        QTest::newRow("training weights without a peak")
            << "  id: llama-2-7b\n  phase: train\n  weights: int8\n"
            << "s.yaml:9:12: model.weights: Lonely has no int8 peak for a training step's gradients";
    }
    void theChipMustHaveWhatTheModelNeeds()
    {
        QFETCH(QString, block);
        QFETCH(QString, message);
        const QString errors = scenarioErrors(std::string(kChipWithoutLinks) + "model:\n" + block.toStdString());
        QVERIFY2(errors.contains(message), qPrintable(errors));
        QVERIFY2(!errors.contains("projection") && !errors.contains("gather:"), qPrintable(errors));
    }

    // Weights and KV cache are storage: a chip with a bf16 peak alone runs int8 weights and an fp8 cache, computing
    // in bf16. The embedding gather does no math and is costed by its bytes, 2·s_w·B·D = 2 × 1 × 1 × 4096 = 8,192
    // bytes at 1e12 B/s: 8.192 ns.
    void storageNeedsNoPeak()
    {
        const Session session
            = loaded(std::string(kChipWithoutLinks) + "model:\n  id: llama-2-7b\n  weights: int8\n  kv: fp8\n");
        const Analysis a = analyse(session);
        QCOMPARE(QString::fromStdString(a.modelProblem), QString());
        QVERIFY(a.model.has_value());
        int gathers = 0;
        for (std::size_t i = 0; i < a.operations.size(); ++i) {
            const std::string& name = a.session.operations[i].name;
            QVERIFY2(a.operations[i].evaluation, name.c_str());
            if (name != "embedding gather")
                continue;
            ++gathers;
            const Evaluation& e = a.operations[i].evaluation.value();
            QCOMPARE(e.flops, 0.0);
            QCOMPARE(e.tMath, 0.0);
            // Measured against the chip's bf16 peak, and saying so: int8 has none here.
            QCOMPARE(e.dtype, Dtype::bf16);
            QCOMPARE(e.peak, 1e14);
            QVERIFY2(std::abs(e.tLower / 8.192e-9 - 1) < 1e-12, std::to_string(e.tLower).c_str());
        }
        QCOMPARE(gathers, 1);
    }

    // A session made without the readers (as the window's document holds one): the analysis names the setting, never
    // one of the generated operations, and makes none of them.
    void theAnalysisNamesTheSetting()
    {
        const Analysis a = analyse(prefillOnRoundChip(16777216, 1073741824));
        QVERIFY2(QString::fromStdString(a.modelProblem).startsWith("prompt: 18014398509481984 tokens in one pass"),
            a.modelProblem.c_str());
        QVERIFY(!a.model);
        QVERIFY(std::none_of(a.session.operations.begin(), a.session.operations.end(),
            [](const Operation& op) { return op.generated; }));
    }

    // An edit that would make the step impossible is refused with the setting's name; the session stays as it was.
    void editsThatCannotRunAreRefused()
    {
        const Session session = prefillOnRoundChip(16777216, 2048);
        const Expected<Session> edited
            = applyEdit(session, edits::ModelChange { { { "prompt", 1073741824.0 } } }, models());
        QVERIFY(!edited);
        QVERIFY2(
            QString::fromStdString(edited.error()).startsWith("model.prompt: 18014398509481984 tokens in one pass"),
            edited.error().c_str());
        const Expected<Session> dtype
            = applyEdit(session, edits::ModelChange { { { "activations", Dtype::fp16 } } }, models());
        QVERIFY(!dtype);
        QVERIFY2(QString::fromStdString(dtype.error()).startsWith("model.activations: Round has no fp16 peak"),
            dtype.error().c_str());
        // Weights are storage: int8 weights on a chip with no int8 peak are an edit like another.
        QVERIFY(applyEdit(session, edits::ModelChange { { { "weights", Dtype::int8 } } }, models()));
    }

    // Another chip: the model's links follow it where it lacks them, and a chip the model cannot run on is refused.
    void anotherChipKeepsTheModelRunnable()
    {
        const Hardware h100 = *library().find("h100-sxm");
        Session session;
        session.chip = h100;
        session.presetId = h100.id;
        session.model = settingsOf("llama-2-7b", [](ModelSettings& m) {
            m.tp = 8;
            m.link = "NVLink";
        });
        const Hardware v5e = *library().find("tpu-v5e");
        QVERIFY(!v5e.link("NVLink"));
        const Expected<Session> moved = applyEdit(session, edits::Preset { v5e }, models());
        QVERIFY2(moved, moved ? "" : moved.error().c_str());
        QCOMPARE(QString::fromStdString(moved->model->link), QString());
        QCOMPARE(QString::fromStdString(analyse(*moved).modelProblem), QString());

        Hardware lonely = roundChip();
        lonely.links.clear();
        const Expected<Session> refused = applyEdit(session, edits::Preset { lonely }, models());
        QVERIFY(!refused);
        QVERIFY2(
            QString::fromStdString(refused.error()).startsWith("model.tp: 8 needs a link"), refused.error().c_str());
    }

    // A model file whose fields are each in range but give more than 2^53 parameters is refused at `layers`.
    void aModelPastTwoToTheFiftyThreeParameters()
    {
        const std::string text = "name: Huge\nlayers: 16777216\nhidden_size: 16777216\nheads: 16\nmlp_size: 16777216\n"
                                 "vocab: 32000\nsources: [test]\n";
        const auto m = parseModel(text, "huge.yaml", "huge");
        QVERIFY(!m);
        const QString errors = QString::fromStdString(toString(m.error()));
        QVERIFY2(errors.contains("huge.yaml:2:9: layers: 16777216 layers of")
                && errors.contains("more than "
                                   "9007199254740992"),
            qPrintable(errors));
        // The largest published models stay far within.
        for (const Model& known : models().models)
            QVERIFY(parameterCount(known) < kTwo53 / 1000);
    }

    // --- Operation ids ---

    // No user operation may take a generated operation's id, nor "model".
    void generatedIdsAreReserved_data()
    {
        QTest::addColumn<QString>("id");
        QTest::newRow("a generated id") << "model.q_proj";
        QTest::newRow("any model. id") << "model.mine";
        QTest::newRow("model") << "model";
    }
    void generatedIdsAreReserved()
    {
        QFETCH(QString, id);
        const QString errors = scenarioErrors(
            "preset: h100-sxm\noperations:\n  - op: dot\n    id: " + id.toStdString() + "\n    N: 1024\n");
        QVERIFY2(errors.contains("s.yaml:4:9: operations[0].id: '" + id + "' is reserved"), qPrintable(errors));
        // A dot elsewhere is an ordinary id.
        QCOMPARE(
            scenarioErrors("preset: h100-sxm\noperations:\n  - op: dot\n    id: my.model\n    N: 1024\n"), QString());
    }

    // Links and lesson answers may name a generated operation, also one the settings of the moment do not make.
    void linksAndAnswersNameGeneratedOperations_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<bool>("generatedNow");
        QTest::newRow("a projection") << "model.q_proj" << true;
        QTest::newRow("the lm_head") << "model.lm_head" << true;
        QTest::newRow("an all-reduce at tp 1") << "model.attn_allreduce" << false;
        QTest::newRow("a backward pass") << "model.down_proj.dw" << false;
    }
    void linksAndAnswersNameGeneratedOperations()
    {
        QFETCH(QString, target);
        QFETCH(bool, generatedNow);
        const std::string model = "preset: h100-sxm\nmodel: {id: llama-2-7b}\n";
        const std::string link = "measured:\n  file: k.csv\n  links:\n    - {kernels: \"gemm*\", operation: "
            + target.toStdString() + "}\n";
        const Session linked = loaded(model + link);
        QCOMPARE(QString::fromStdString(linked.measured->links.front().operationId), target);
        const std::string lesson
            = "lesson:\n  source: s\n  question: q\n  claim: c\n  answer: {time: " + target.toStdString() + "}\n";
        const Session asked = loaded(model + lesson);
        QCOMPARE(QString::fromStdString(asked.lesson->answer.target), target);
        // Whether the analysis then finds it depends on the settings alone.
        QCOMPARE(analyse(asked).session.find(target.toStdString()) != nullptr, generatedNow);
        // Without a model the same id names nothing.
        const QString errors = scenarioErrors("preset: h100-sxm\n" + link);
        QVERIFY2(errors.contains("no operation with id '" + target + "'"), qPrintable(errors));
    }

    // A part the model never generates (a dense model's router) is refused, and the message lists what may be named.
    void aPartTheModelNeverMakesIsRefused()
    {
        const QString errors = scenarioErrors("preset: h100-sxm\nmodel: {id: llama-2-7b}\noperations:\n  - op: dot\n"
                                              "    id: mine\n    N: 1024\nlesson:\n  source: s\n  question: q\n"
                                              "  claim: c\n  answer: {critical: model.router}\n");
        QVERIFY2(errors.contains("s.yaml:11:22: lesson.answer.critical: no operation has the id 'model.router' (they "
                                 "are mine, or a part of the model: model.embedding, "),
            qPrintable(errors));
        QVERIFY2(errors.contains("model.lm_head") && !errors.contains("model.router,"), qPrintable(errors));
        // Mixtral has one.
        QCOMPARE(scenarioErrors("preset: h100-sxm\nmodel: {id: mixtral-8x7b}\nlesson:\n  source: s\n  question: q\n"
                                "  claim: c\n  answer: {critical: model.router}\n"),
            QString());
    }

    // Whatever the window can link, the file it saves reads back with the same links: every id the analysis offers,
    // one taken away again with its operation, and one that the settings then stop generating.
    void whatTheEditsLinkReadsBack()
    {
        Session s = loaded("preset: h100-sxm\nmodel: {id: llama-2-7b, tp: 2}\noperations:\n  - op: dot\n    id: mine\n"
                           "    N: 1024\nmeasured:\n  file: k.csv\n");
        const Analysis offered = analyse(s);
        QVERIFY(offered.session.find("model.attn_allreduce") && offered.session.find("mine"));
        std::size_t kernel = 0;
        for (const Operation& op : offered.session.operations) {
            Expected<Session> linked
                = applyEdit(s, edits::KernelLink { "kernel" + std::to_string(kernel++), op.id }, models());
            QVERIFY2(linked, linked ? "" : linked.error().c_str());
            s = std::move(linked).value();
        }
        // tp back to 1: the all-reduces are gone from the analysis, their links stay.
        Expected<Session> narrowed = applyEdit(s, edits::ModelChange { { { "tp", 1.0 } } }, models());
        QVERIFY(narrowed);
        QVERIFY(!analyse(*narrowed).session.find("model.attn_allreduce"));
        s = std::move(narrowed).value();
        // Removing the user's operation takes its link away.
        Expected<Session> removed = applyEdit(s, edits::RemoveOperation { 0 }, models());
        QVERIFY(removed);
        QCOMPARE(removed->measured->links.size(), offered.session.operations.size() - 1);
        QVERIFY(std::none_of(removed->measured->links.begin(), removed->measured->links.end(),
            [](const LinkRule& r) { return r.operationId == "mine"; }));

        const std::string saved = writeScenario(*removed);
        const auto read = parseScenario(saved, "saved.yaml", library(), models());
        QVERIFY2(read, read ? "" : toString(read.error()).c_str());
        QCOMPARE(read->measured->links, removed->measured->links);
        QCOMPARE(writeScenario(*read), saved);
    }

    // A link to nothing is refused by the edit as by the reader, and the lesson's operation stays.
    void editsFollowTheSameRule()
    {
        Session s = loaded("preset: h100-sxm\nmodel: {id: llama-2-7b}\noperations:\n  - op: dot\n    id: mine\n"
                           "    N: 1024\nmeasured:\n  file: k.csv\nlesson:\n  source: s\n  question: q\n  claim: c\n"
                           "  answer: {time: mine}\n");
        const Expected<Session> nowhere = applyEdit(s, edits::KernelLink { "k", "model.router" }, models());
        QVERIFY(!nowhere);
        QVERIFY2(QString::fromStdString(nowhere.error()).startsWith("no operation with id 'model.router'"),
            nowhere.error().c_str());
        const Expected<Session> removed = applyEdit(s, edits::RemoveOperation { 0 }, models());
        QVERIFY(!removed);
        QVERIFY2(QString::fromStdString(removed.error()).contains("lesson's answer"), removed.error().c_str());
    }

    // --set ID.PARAM: the id is what comes before the last dot, so an id with a dot can be set too.
    void setNamesAnIdWithADot()
    {
        Session s = loaded("preset: h100-sxm\noperations:\n  - op: dot\n    id: my.dot\n    N: 1024\n");
        QCOMPARE(applySetting(s, "my.dot.N=2048"), std::optional<std::string>());
        QCOMPARE(*numberParam(s.operations.front().op, "N"), 2048.0);
        // A generated operation's parameter is the model's settings' to set.
        Session model = loaded("preset: h100-sxm\nmodel: {id: llama-2-7b}\n");
        const std::optional<std::string> error = applySetting(model, "model.q_proj.B=64", models());
        QVERIFY(error);
        QVERIFY2(QString::fromStdString(*error).startsWith(
                     "model.q_proj.B: the operations a model generates take their sizes from its settings"),
            error->c_str());
    }

    // Every id a model's operations take under the settings that make the most of them is in generatedIds, and
    // each is reserved.
    void generatedIdsCoverEveryPhase()
    {
        for (const Model& m : models().models) {
            const std::vector<std::string> ids = generatedIds(m);
            for (const Phase phase : { Phase::Decode, Phase::Prefill, Phase::Train }) {
                ModelSettings s;
                s.model = m;
                s.phase = phase;
                s.tp = 2;
                s.dp = 2;
                s.pp = 2;
                s.batch = 8;
                s.materialiseScores = true;
                for (const Operation& op : modelOperations(s, roundChip())) {
                    QVERIFY2(std::find(ids.begin(), ids.end(), op.id) != ids.end(), op.id.c_str());
                    QVERIFY(reservedOperationId(op.id));
                }
            }
        }
        QVERIFY(!reservedOperationId("op1"));
        QVERIFY(!reservedOperationId("models"));
        QVERIFY(!reservedOperationId("my.model"));
    }
};

QTEST_GUILESS_MAIN(TestModelLimits)
#include "test_model_limits.moc"
