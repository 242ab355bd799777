// SPDX-License-Identifier: GPL-3.0-or-later
// Speculative decoding: the expected tokens a round adds against the sum it stands for, the target's verification
// over k + 1 tokens and the draft's k steps operation by operation, the round's time against the draft's k steps
// analysed one by one, the memory of both models, and what the settings refuse.
#include "files/scenario.h"
#include "llm/generate.h"
#include "llm/settings.h"
#include "scenario_fixture.h"
#include "session/analysis.h"
#include "session/edit.h"

#include <QTest>

#include <string_view>

#include <cmath>

using namespace roofline;
using roofline::testing::library;
using roofline::testing::models;
using roofline::testing::roundChip;

namespace {

// Llama-3.1-70B checked by Llama-3.1-8B's proposals on the round chip: B = 2 sequences of S = 1000 cached tokens,
// k = 4 proposals kept with α = 0.8, bf16 throughout.
ModelSettings speculating()
{
    ModelSettings s;
    s.model = *models().find("llama-3.1-70b");
    s.phase = Phase::Decode;
    s.batch = 2;
    s.context = 1000;
    s.draft = *models().find("llama-3.1-8b");
    s.draftTokens = 4;
    s.acceptance = 0.8;
    return s;
}

Analysis analysed(const ModelSettings& settings)
{
    Session s;
    s.chip = roundChip();
    s.presetId = s.chip.id;
    s.model = settings;
    return analyse(s);
}

std::size_t indexOf(const Analysis& a, std::string_view id)
{
    for (std::size_t i = 0; i < a.session.operations.size(); ++i)
        if (a.session.operations[i].id == id)
            return i;
    qFatal("no operation %s", std::string(id).c_str());
}

// The id as a view: the reference returned is into the analysis, never into a string made for the call.
const Operation& op(const Analysis& a, std::string_view id)
{
    return a.session.operations[indexOf(a, id)];
}

double mainBytes(const Analysis& a, const std::string& id)
{
    double bytes = 0;
    for (const ResourceUse& use : a.operations[indexOf(a, id)].evaluation.value().resources)
        if (use.name == "HBM")
            bytes += use.bytes;
    return bytes;
}

} // namespace

class TestSpeculative : public QObject {
    Q_OBJECT
private slots:
    // Leviathan et al. (2023), eq. (1), against the sum it closes: 1 + α + α² + … + α^k.
    void acceptedTokens()
    {
        ModelSettings s = speculating();
        QCOMPARE(s.acceptedTokens(), 1 + 0.8 + 0.64 + 0.512 + 0.4096); // 3.3616
        s.acceptance = 0.5;
        s.draftTokens = 3;
        QCOMPARE(s.acceptedTokens(), 1.875);
        s.acceptance = 1; // every proposal kept, and the target's own token
        QCOMPARE(s.acceptedTokens(), 4.0);
        s.acceptance = 0; // every proposal rejected: the target's token alone
        QCOMPARE(s.acceptedTokens(), 1.0);
        s.phase = Phase::Prefill; // a prefill has no draft
        QCOMPARE(s.acceptedTokens(), 1.0);
        QVERIFY(!s.speculative());
    }

    // The target runs every layer over k + 1 = 5 tokens of each sequence, 10 rows; its attention's 5 queries see the
    // 1,000 cached keys and the 5 new; its lm_head gives a distribution at each of the 5 positions. The draft's
    // operations come first, each run k = 4 times, over B = 2 rows, their attention at the mean of the caches its
    // four steps see: 1,001 to 1,004, 1,002.5.
    void verificationAndDraftOperations()
    {
        const Analysis a = analysed(speculating());
        QVERIFY2(a.modelProblem.empty(), a.modelProblem.c_str());
        QVERIFY(a.model && a.model->speculative);

        // q_proj [10, 8192]·[8192, 8192]: 2·10·8192² FLOPs; bf16 X, W and Y: 2·(10·8192 + 8192² + 10·8192) bytes.
        const Operation& q = op(a, "model.q_proj");
        QCOMPARE(std::get<Matmul>(q.op).B, 10.0);
        QCOMPARE(q.repeat, 80.0);
        QCOMPARE(a.operations[indexOf(a, "model.q_proj")].evaluation.value().flops, 2.0 * 10 * 8192 * 8192);
        QCOMPARE(mainBytes(a, "model.q_proj"), 2.0 * (10 * 8192 + 8192.0 * 8192 + 10 * 8192));
        const Attention& attention = std::get<Attention>(op(a, "model.attention").op);
        QCOMPARE(attention.B, 2.0);
        QCOMPARE(attention.T, 5.0);
        QCOMPARE(attention.S, 1005.0);
        QCOMPARE(std::get<Matmul>(op(a, "model.lm_head").op).B, 10.0);
        QCOMPARE(op(a, "model.lm_head").repeat, 1.0);
        QCOMPARE(op(a, "model.lm_head").name, std::string("lm_head (each position verified)"));

        // The draft, Llama-3.1-8B: hidden 4096, 32 layers, vocabulary 128,256.
        const Operation& draftQ = op(a, "model.draft.q_proj");
        QCOMPARE(std::get<Matmul>(draftQ.op).B, 2.0);
        QCOMPARE(std::get<Matmul>(draftQ.op).D, 4096.0);
        QCOMPARE(draftQ.repeat, 32.0 * 4);
        QCOMPARE(draftQ.group, std::string(kGroupDraft));
        QCOMPARE(draftQ.name, std::string("draft q projection"));
        const Attention& draftAttention = std::get<Attention>(op(a, "model.draft.attention").op);
        QCOMPARE(draftAttention.T, 1.0);
        QCOMPARE(draftAttention.S, 1002.5);
        QCOMPARE(std::get<Matmul>(op(a, "model.draft.lm_head").op).B, 2.0);
        QCOMPARE(op(a, "model.draft.lm_head").repeat, 4.0);
        QCOMPARE(op(a, "model.draft.lm_head").name, std::string("draft lm_head (last position)"));
        // The draft's steps run before the verification, and every draft operation is in the draft's group.
        QVERIFY(indexOf(a, "model.draft.lm_head") < indexOf(a, "model.embedding"));
        for (const Operation& o : a.session.operations)
            QCOMPARE(o.id.starts_with("model.draft."), o.group == kGroupDraft);
    }

    // The round's draft time against the draft model's own decode steps analysed one by one at 1,000 to 1,003 cached
    // tokens (its attention's bytes and FLOPs grow linearly with the cache, so the four steps are four at the mean);
    // the verification against the target's operations alone; tokens/s at B·E/T.
    void roundTimeAndTokens()
    {
        const Analysis a = analysed(speculating());
        const SpeculativeTotals& sp = *a.model->speculative;
        double steps = 0;
        for (int i = 0; i < 4; ++i) {
            ModelSettings step;
            step.model = *models().find("llama-3.1-8b");
            step.batch = 2;
            step.context = 1000 + i;
            steps += analysed(step).model->tLower;
        }
        QVERIFY(std::fabs(sp.tDraft / steps - 1) < 1e-12);
        double verify = 0;
        for (std::size_t i = 0; i < a.operations.size(); ++i)
            if (a.session.operations[i].generated && a.session.operations[i].group != kGroupDraft)
                verify += a.session.operations[i].repeat * a.operations[i].evaluation.value().tLower;
        QCOMPARE(sp.tVerify, verify);
        QCOMPARE(a.model->tLower, sp.tDraft + sp.tVerify);
        QCOMPARE(sp.acceptedTokens, 3.3616);
        QCOMPARE(a.model->tokensPerSecond, 2 * 3.3616 / a.model->tLower);
        QCOMPARE(a.model->tokensPerSecondPerSequence, 3.3616 / a.model->tLower);
    }

    // Decoding two sequences is memory-bound: the target reads its 141 GB of weights once whether it checks one token
    // or five, so the verification costs about a plain step, and the round (with the draft's 4 · 16 GB) beats one
    // token a step when α = 0.8; with α = 0 it adds one token a round and loses the draft's time.
    void paysWhenTheDraftIsRight()
    {
        ModelSettings plain = speculating();
        plain.draft.reset();
        const ModelTotals p = *analysed(plain).model;
        const ModelTotals s = *analysed(speculating()).model;
        QVERIFY(s.speculative->tVerify / p.tLower < 1.01);
        QVERIFY(s.speculative->tDraft / p.tLower > 4 * 0.1); // four steps of an 8B model against one of a 70B
        QVERIFY(s.tokensPerSecond > 2 * p.tokensPerSecond);
        ModelSettings hopeless = speculating();
        hopeless.acceptance = 0;
        QVERIFY(analysed(hopeless).model->tokensPerSecond < p.tokensPerSecond);
    }

    // Both models' weights (bf16) and caches: the target's 80 layers of 8 KV heads of 128 for S + k + 1 = 1,005
    // tokens, the draft's 32 layers for the S + k = 1,004 its last step leaves.
    void memoryOfBothModels()
    {
        const ModelTotals t = *analysed(speculating()).model;
        QCOMPARE(t.weightsBytes,
            2 * (parameterCount(*models().find("llama-3.1-70b")) + parameterCount(*models().find("llama-3.1-8b"))));
        const double perLayerToken = 2.0 * 8 * 128 * 2; // K and V, 8 heads of 128, 2 bytes
        QCOMPARE(t.kvCacheBytes, 2 * perLayerToken * (80 * 1005 + 32 * 1004));
    }

    // What the settings refuse, each at its key.
    void refusals()
    {
        ModelSettings s = speculating();
        s.draft = *models().find("llama-2-7b");
        QCOMPARE(settingsProblem(s).value_or(""),
            std::string("draft: Llama 2 7B's vocabulary of 32000 tokens is not the 128256 of Llama 3.1 70B (a draft "
                        "proposes tokens of its target's vocabulary)"));
        s = speculating();
        s.model = *models().find("qwen2.5-72b");
        s.draft = *models().find("qwen2.5-7b");
        s.tp = 8;
        QCOMPARE(settingsProblem(s).value_or(""),
            std::string("draft: Qwen2.5 7B on the target's chips: tp: 8 does not divide the 28 heads of Qwen2.5 7B"));
        s.tp = 4;
        QVERIFY(!settingsProblem(s));

        const Hardware hw = roundChip();
        s = speculating();
        QCOMPARE(setModelSetting(s, "acceptance", std::string("1.5"), hw, models()).value_or(""),
            std::string("acceptance: expected the chance the target keeps a drafted token, from 0 to 1, found '1.5'"));
        QCOMPARE(setModelSetting(s, "draft_tokens", std::string("0"), hw, models()).value_or(""),
            std::string("draft_tokens: expected a whole number of drafted tokens from 1 to 64, found '0'"));
        QVERIFY(setModelSetting(s, "draft", std::string("gpt5"), hw, models())
                    .value_or("")
                    .starts_with("draft: no model with id 'gpt5' (known: "));
        QVERIFY(settingNotApplying("draft", Phase::Prefill));
        QVERIFY(settingNotApplying("acceptance", Phase::Train));
        QVERIFY(!settingNotApplying("draft_tokens", Phase::Decode));

        // Another target keeps the draft only when it shares the draft's vocabulary.
        QVERIFY(!setModelSetting(s, "id", std::string("llama-3.1-405b"), hw, models()));
        QVERIFY(s.draft);
        QVERIFY(!setModelSetting(s, "id", std::string("llama-2-7b"), hw, models()));
        QVERIFY(!s.draft);
        QVERIFY(!setModelSetting(s, "id", std::string("llama-3.1-70b"), hw, models()));
        QVERIFY(!setModelSetting(s, "draft", std::string("llama-3.1-8b"), hw, models()));
        QVERIFY(!setModelSetting(s, "draft", std::string("none"), hw, models()));
        QVERIFY(!s.draft);
    }

    // A scenario names the draft, its k and α in its model block and writes them back; a link may name a draft's
    // operation; a prefill refuses them.
    void scenarioRoundTrip()
    {
        const std::string text = "preset: h100-sxm\nmodel:\n  id: llama-3.1-70b\n  batch: 8\n  tp: 4\n"
                                 "  draft: llama-3.1-8b\n  draft_tokens: 5\n  acceptance: 0.75\n";
        const auto session = parseScenario(text, "s.yaml", library(), models());
        QVERIFY2(session, session ? "" : toString(session.error()).c_str());
        const ModelSettings& s = *session->model;
        QCOMPARE(s.draft->id, std::string("llama-3.1-8b"));
        QCOMPARE(s.draftTokens, 5.0);
        QCOMPARE(s.acceptance, 0.75);
        const auto again = parseScenario(writeScenario(*session), "t.yaml", library(), models());
        QVERIFY(again);
        QVERIFY(*again->model == s);
        QVERIFY(linkableOperation(*session, "model.draft.q_proj"));
        QVERIFY(!linkableOperation(*session, "model.draft.router"));

        // k and α without a draft would do nothing: refused at their keys, as a setting of another phase is.
        const auto noDraft = parseScenario(
            "preset: h100-sxm\nmodel:\n  id: llama-3.1-70b\n  draft_tokens: 5\n", "n.yaml", library(), models());
        QVERIFY(!noDraft);
        QVERIFY2(toString(noDraft.error())
                     .find("n.yaml:4:3: model.draft_tokens: there is no draft model to propose "
                           "tokens (give draft too)")
                != std::string::npos,
            toString(noDraft.error()).c_str());

        const auto prefill
            = parseScenario("preset: h100-sxm\nmodel:\n  id: llama-3.1-70b\n  phase: prefill\n  draft: llama-3.1-8b\n",
                "p.yaml", library(), models());
        QVERIFY(!prefill);
        QVERIFY(toString(prefill.error()).find("model.draft: a prefill has no draft") != std::string::npos);
    }

    // A measured kernel may be linked to a draft's operation while the settings make draft steps; once they do not
    // (no draft, or another phase), the link goes, so that the saved scenario reads back; a lesson about one keeps the
    // draft.
    void linksToTheDraftGoWithIt()
    {
        Session s;
        s.chip = roundChip();
        s.presetId = s.chip.id;
        s.model = speculating();
        s.measured
            = MeasuredSource { "k.csv", {}, {}, { { "gemv*", "model.draft.q_proj" }, { "sm90*", "model.q_proj" } } };
        QVERIFY(linkableOperation(s, "model.draft.q_proj"));
        Session asPrefill = s;
        asPrefill.model->phase = Phase::Prefill;
        QVERIFY(!linkableOperation(asPrefill, "model.draft.q_proj"));

        Session changed = s;
        QVERIFY(!setModelSettings(changed, { { "draft", ParamValue(std::string("none")) } }, s.chip, models()));
        QVERIFY(!changed.model->draft);
        QCOMPARE(changed.measured->links.size(), std::size_t(1));
        QCOMPARE(changed.measured->links.front().operationId, std::string("model.q_proj"));

        Session taught = s;
        taught.lesson = Lesson {};
        taught.lesson->answer.kind = LessonAnswer::Kind::Critical;
        taught.lesson->answer.target = "model.draft.q_proj";
        QVERIFY(setModelSettings(taught, { { "phase", ParamValue(std::string("prefill")) } }, s.chip, models())
                    .value_or("")
                    .starts_with("model.draft: the lesson's answer is about model.draft.q_proj"));
        QCOMPARE(taught.model->phase, Phase::Decode);
    }
};

QTEST_GUILESS_MAIN(TestSpeculative)
#include "test_speculative.moc"
