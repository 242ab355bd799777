// SPDX-License-Identifier: GPL-3.0-or-later
// A whole model's training step ("The Extended Roofline"): the backward pass's operations against counts derived by
// hand, the texts' 6·Ψ FLOPs per token, the data-parallel gradient all-reduce and its communication intensity, the
// tensor-parallel all-reduces of both passes, the pipeline's sends and bubble, memory with gradients and optimizer
// state, and the settings a training step refuses.
#include "files/model_presets.h"
#include "files/presets.h"
#include "files/scenario.h"
#include "llm/generate.h"
#include "scenario_fixture.h"
#include "session/analysis.h"
#include "session/model_sweep.h"

#include <QTest>

#include <string_view>

#include <cmath>
#include <functional>

using namespace roofline;
using roofline::testing::models;
using roofline::testing::roundChip;

namespace {

const PresetLibrary& chips()
{
    return roofline::testing::library();
}

// Llama-2-7B training on `hw`: B = 2 sequences of P = 512 tokens, one chip, unless `change` says otherwise.
Analysis training(const Hardware& hw, const std::function<void(ModelSettings&)>& change = {})
{
    Session s;
    s.chip = hw;
    s.presetId = hw.id;
    ModelSettings settings;
    settings.model = *models().find("llama-2-7b");
    settings.phase = Phase::Train;
    settings.batch = 2;
    settings.prompt = 512;
    if (change)
        change(settings);
    s.model = settings;
    return analyse(s);
}

// The id as a view: the reference returned is into the analysis, never into a string made for the call.
const Evaluation& evaluation(const Analysis& a, std::string_view id)
{
    for (std::size_t i = 0; i < a.operations.size(); ++i)
        if (a.session.operations[i].id == id)
            return a.operations[i].evaluation.value();
    qFatal("no operation %s", std::string(id).c_str());
}

double bytesOn(const Evaluation& e, const std::string& resource)
{
    double total = 0;
    for (const ResourceUse& use : e.resources)
        if (use.name == resource)
            total += use.bytes;
    return total;
}

// Where an operation stands in the order the step runs them.
std::ptrdiff_t positionOf(const Analysis& a, const std::string& id)
{
    const std::vector<Operation>& ops = a.session.operations;
    return std::find_if(ops.begin(), ops.end(), [&](const Operation& o) { return o.id == id; }) - ops.begin();
}

double param(const Analysis& a, const std::string& id, const std::string& name)
{
    const Operation* op = a.session.find(id);
    if (!op)
        qFatal("no operation %s", id.c_str());
    return numberParam(op->op, name).value_or(-1);
}

// Llama-2-7B's parameters: 6,738,415,616 (the published total), of which 32 layers × (4·4096² attention +
// 3·4096·11008 MLP) + 32000·4096 lm_head = 6,607,077,376 in matmuls; the rest is the embedding (131,072,000) and
// the norms' weights (65·4096 = 266,240).
constexpr double kPsi = 6738415616;
constexpr double kMatmulParameters = 6607077376;

} // namespace

class TestTraining : public QObject {
    Q_OBJECT
private slots:
    void matmulsDoSixFlopsPerParameterAndToken()
    {
        const Analysis a = training(roundChip());
        QVERIFY2(a.model && a.model->training, a.modelProblem.c_str());
        // Forward, ∂X and ∂W: 2 FLOPs each per parameter and token, over B·P = 1,024 tokens.
        double matmulFlops = 0;
        for (std::size_t i = 0; i < a.operations.size(); ++i)
            if (std::holds_alternative<Matmul>(a.session.operations[i].op))
                matmulFlops += a.session.operations[i].repeat * a.operations[i].evaluation.value().flops;
        QCOMPARE(matmulFlops, 6 * kMatmulParameters * 1024);
        // The texts' count, with every parameter: 6·Ψ·tokens.
        QCOMPARE(a.model->training->modelFlops, 6 * kPsi * 1024);
        QCOMPARE(a.model->training->tokens, 1024.0);
        // Every operation's FLOPs add attention, the elementwise passes and the loss: more than the matmuls alone.
        QVERIFY(a.model->flops > matmulFlops);
    }

    void backwardMatmulsByHand()
    {
        const Analysis a = training(roundChip());
        // q projection X[1024, 4096]·W[4096, 4096]: ∂X = ∂Y[1024, 4096]·Wᵀ, ∂W = Xᵀ[4096, 1024]·∂Y[1024, 4096].
        QCOMPARE(param(a, "model.q_proj.dx", "B"), 1024.0);
        QCOMPARE(param(a, "model.q_proj.dx", "D"), 4096.0);
        QCOMPARE(param(a, "model.q_proj.dw", "B"), 4096.0);
        QCOMPARE(param(a, "model.q_proj.dw", "D"), 1024.0);
        QCOMPARE(param(a, "model.q_proj.dw", "F"), 4096.0);
        // ∂W reads X (4096·1024) and ∂Y (1024·4096) and writes W's gradient (4096²), 2 bytes each: 50,331,648.
        QCOMPARE(bytesOn(evaluation(a, "model.q_proj.dw"), "HBM"), 50331648.0);
        QCOMPARE(evaluation(a, "model.q_proj.dw").flops, 2.0 * 1024 * 4096 * 4096);
        // The down projection X[1024, 11008]·W[11008, 4096]: ∂X contracts the 4096 outputs back to 11008.
        QCOMPARE(param(a, "model.down_proj.dx", "D"), 4096.0);
        QCOMPARE(param(a, "model.down_proj.dx", "F"), 11008.0);
        QCOMPARE(param(a, "model.down_proj.dw", "B"), 11008.0);
        // Each layer's operations run on all 32 layers; a training step's lm_head on every token, not the last.
        QCOMPARE(a.session.find("model.q_proj.dw")->repeat, 32.0);
        QCOMPARE(param(a, "model.lm_head", "B"), 1024.0);
        QCOMPARE(param(a, "model.lm_head.dw", "B"), 4096.0);
        QCOMPARE(param(a, "model.lm_head.dw", "F"), 32000.0);
        // The backward pass runs after the forward pass, the last forward operation's first.
        auto at = [&a](const std::string& id) { return positionOf(a, id); };
        QVERIFY(at("model.loss") < at("model.loss.back"));
        QVERIFY(at("model.loss.back") < at("model.lm_head.dx"));
        QVERIFY(at("model.down_proj.dx") < at("model.up_proj.dx"));
        QVERIFY(at("model.q_proj.dw") < at("model.embedding.back"));
    }

    void attentionBackwardByHand()
    {
        const Analysis a = training(roundChip());
        const Evaluation& forward = evaluation(a, "model.attention");
        const Evaluation& backward = evaluation(a, "model.attention.back");
        // FlashAttention-2: the scores again and four matmuls, 2.5 times the forward's 4·d·heads·B·pairs, with
        // pairs = 512·513/2 causal pairs per sequence.
        const double pairs = 512.0 * 513 / 2;
        QCOMPARE(forward.flops, 4 * 128 * 32 * 2 * pairs);
        QCOMPARE(backward.flops, 2.5 * forward.flops);
        // The forward pass reads Q and writes O (2·2·(2·512·32·128) bytes) and reads K and V as the projections wrote
        // them (2·2·(2·512·32·128) again): no cache to write.
        QCOMPARE(bytesOn(forward, "HBM"), 2 * 2 * 2.0 * (2 * 512 * 32 * 128));
        // Q, O, dO read and dQ written: 4·2·(2·512·32·128) bytes; K, V read and dK, dV written: the same again.
        QCOMPARE(bytesOn(backward, "HBM"), 2 * 4 * 2.0 * (2 * 512 * 32 * 128));
    }

    void elementwiseBackwardByHand()
    {
        const Analysis a = training(roundChip());
        // RMSNorm's backward reads x and dy and writes dx (3 arrays of 1024·4096), reads γ and writes dγ.
        const Evaluation& norm = evaluation(a, "model.attn_norm.back");
        QCOMPARE(bytesOn(norm, "HBM"), 2.0 * (3 * 1024 * 4096 + 2 * 4096));
        QCOMPARE(norm.flops, 8.0 * 1024 * 4096 + 2 * 1024);
        // SwiGLU's reads gate, up and dy and writes both gradients: 5 arrays of 1024·11008.
        QCOMPARE(bytesOn(evaluation(a, "model.activation.back"), "HBM"), 2.0 * 5 * 1024 * 11008);
        // The loss: a softmax over the 32,000 logits of every token and its gradient (y and dy read, dx written).
        QCOMPARE(bytesOn(evaluation(a, "model.loss.back"), "HBM"), 2.0 * 3 * 1024 * 32000);
    }

    void dataParallelGradientsAreAllReducedOnce()
    {
        // 8 replicas of 2 sequences each over the chip's network to other nodes.
        const Analysis a = training(roundChip(), [](ModelSettings& s) {
            s.batch = 16;
            s.dp = 8;
        });
        QVERIFY2(a.model && a.model->training, a.modelProblem.c_str());
        const Operation* gradients = a.session.find("model.dp_allreduce");
        QVERIFY(gradients);
        QCOMPARE(gradients->repeat, 1.0);
        QCOMPARE(param(a, "model.dp_allreduce", "N"), kPsi);
        // A ring all-reduce sends 2·(P−1)/P of the gradients, 2 bytes each, on the link to other nodes.
        const double sent = 2.0 * 7 / 8 * kPsi * 2;
        QCOMPARE(bytesOn(evaluation(a, "model.dp_allreduce"), "SLOW"), sent);
        const TrainingTotals& t = *a.model->training;
        QCOMPARE(t.dpLink, std::string("SLOW"));
        QCOMPARE(t.gradientBytes, sent);
        // The text's I_net: 6·Ψ·tokens/8 over what is sent, 6·8192/(8·3.5) = 1,755.43 FLOPs/byte; the ridge
        // 1e14/1e10 = 10,000.
        QCOMPARE(t.dpIntensity, 6.0 * 8192 / 28);
        QCOMPARE(t.dpRidge, 1e4);
        QCOMPARE(t.gradientsLower, evaluation(a, "model.dp_allreduce").tLower);
        // Each replica's layers see its own 2 sequences.
        QCOMPARE(param(a, "model.q_proj", "B"), 1024.0);
    }

    // "The Extended Roofline", exercise 1: a 7B model, 1M tokens a step, 64 GPUs of data parallelism over
    // InfiniBand. The text rounds to 7e9 parameters, 1e6 tokens and 2·Ψ·s bytes and finds 23,400 FLOPs/byte, just
    // above the 19,780 ridge. Llama-2-7B with 256 sequences of 4,096 tokens, exactly: 6·2^20/64 FLOPs per parameter
    // over 2·63/64·2 bytes per parameter = 6·2^20/252 = 24,966.1, above the ridge too.
    void theTextsDataParallelExercise()
    {
        const Analysis a = training(*chips().find("h100-sxm"), [](ModelSettings& s) {
            s.batch = 256;
            s.prompt = 4096;
            s.dp = 64;
        });
        QVERIFY2(a.model && a.model->training, a.modelProblem.c_str());
        const TrainingTotals& t = *a.model->training;
        QCOMPARE(t.dpLink, std::string("IB")); // the H100's first link to other nodes
        QVERIFY(qFuzzyCompare(t.dpIntensity, 6.0 * 1048576 / 252));
        QVERIFY(qFuzzyCompare(t.dpRidge, 19780.0));
        QVERIFY(t.dpIntensity > t.dpRidge);
    }

    void tensorParallelismAllReducesBothPasses()
    {
        const Analysis a = training(roundChip(), [](ModelSettings& s) { s.tp = 4; });
        QVERIFY2(a.model, a.modelProblem.c_str());
        // Megatron-LM: the outputs of attention and the MLP in the forward pass, the gradients of their inputs in
        // the backward pass, each [1024, 4096] at 2 bytes: 2·3/4·1024·4096·2 bytes on the first link.
        for (const char* id : { "model.attn_allreduce", "model.attn_allreduce.back", "model.mlp_allreduce",
                 "model.mlp_allreduce.back" }) {
            QCOMPARE(a.session.find(id)->repeat, 32.0);
            QCOMPARE(bytesOn(evaluation(a, id), "FAST"), 2.0 * 3 / 4 * 1024 * 4096 * 2);
        }
        // The lm_head, split over the vocabulary, all-reduces its input's gradient too, once per microbatch.
        QCOMPARE(a.session.find("model.lm_head_allreduce.back")->repeat, 1.0);
        QCOMPARE(bytesOn(evaluation(a, "model.lm_head_allreduce.back"), "FAST"), 2.0 * 3 / 4 * 1024 * 4096 * 2);
        // Each input gradient is all-reduced once every projection that reads the input has given its part, and
        // before the norm's backward pass.
        auto at = [&a](const std::string& id) { return positionOf(a, id); };
        QVERIFY(at("model.q_proj.dw") < at("model.attn_allreduce.back"));
        QVERIFY(at("model.attn_allreduce.back") < at("model.attn_norm.back"));
        QVERIFY(at("model.up_proj.dw") < at("model.mlp_allreduce.back"));
        QVERIFY(at("model.lm_head.dw") < at("model.lm_head_allreduce.back"));
        QVERIFY(at("model.lm_head_allreduce.back") < at("model.final_norm.back"));
    }

    void pipelineBubbleIsTheTextsFraction()
    {
        // 4 stages of 8 layers, 16 microbatches of 4 sequences of 512 tokens.
        const Analysis a = training(roundChip(), [](ModelSettings& s) {
            s.batch = 64;
            s.pp = 4;
            s.microbatches = 16;
        });
        QVERIFY2(a.model && a.model->training, a.modelProblem.c_str());
        QCOMPARE(a.session.find("model.q_proj")->repeat, 8.0 * 16);
        QCOMPARE(a.session.find("model.lm_head")->repeat, 16.0);
        QCOMPARE(param(a, "model.q_proj", "B"), 4.0 * 512);
        // Each microbatch's activations go on and their gradient comes back: 2048·4096 elements, 2 bytes each.
        for (const char* id : { "model.pp_send", "model.pp_send.back" }) {
            QCOMPARE(a.session.find(id)->repeat, 16.0);
            QCOMPARE(bytesOn(evaluation(a, id), "SLOW"), 2.0 * 2048 * 4096);
        }
        const TrainingTotals& t = *a.model->training;
        // (p − 1)/(m + p − 1) = 3/19 of the pipeline's time idles; the bubble is (p − 1)/m of the stage's work.
        QCOMPARE(t.bubbleFraction, 3.0 / 19);
        QVERIFY(qFuzzyCompare(t.bubbleLower / (t.stageLower + t.bubbleLower), 3.0 / 19));
        QVERIFY(qFuzzyCompare(a.model->tLower, t.stageLower * 19 / 16));
        QVERIFY(qFuzzyCompare(a.model->tUpper, t.stageUpper * 19 / 16));
        // Per chip, a quarter of the parameters: the texts' FLOPs split 4 ways.
        QCOMPARE(t.modelFlops, 6 * kPsi * 64 * 512 / 4);
    }

    void memoryHoldsGradientsAndOptimizerState()
    {
        // One H100 cannot train Llama-2-7B: 16 bytes per parameter (ZeRO's count for mixed-precision Adam) is
        // 107.8 GB before any activation.
        const Analysis one = training(*chips().find("h100-sxm"));
        QVERIFY(one.model && one.model->training);
        const TrainingTotals& t = *one.model->training;
        QCOMPARE(one.model->weightsBytes, 2 * kPsi);
        QCOMPARE(t.gradientsBytes, 2 * kPsi);
        QCOMPARE(t.optimizerBytes, 12 * kPsi);
        QVERIFY(!one.model->fits);
        QCOMPARE(one.model->maxBatch, 0.0);
        QCOMPARE(one.model->kvCacheBytes, 0.0);

        // TP 4 × PP 2: an eighth of the parameters per chip; activations kept for the backward pass, per token and
        // layer 4·4096 + (2·8 + 2·8)·128 + 3·11008/4 = 28,736 elements, over 16 layers, a microbatch of 2 sequences
        // of 2,048 tokens, 2 microbatches in flight (1F1B: min(m, pp)); and one microbatch's logits, 4096·8000.
        const Analysis split = training(*chips().find("h100-sxm"), [](ModelSettings& s) {
            s.batch = 8;
            s.prompt = 2048;
            s.tp = 4;
            s.pp = 2;
            s.microbatches = 4;
        });
        QVERIFY2(split.model && split.model->training, split.modelProblem.c_str());
        QCOMPARE(split.model->training->optimizerBytes, 12 * kPsi / 8);
        QCOMPARE(split.model->activationBytes, 2.0 * (28736.0 * 16 * 4096 * 2 + 4096 * 8000));
        QVERIFY(split.model->fits);
        // The largest batch: whole microbatches on every replica, the most sequences per microbatch that fit.
        const double free = split.model->capacityBytes - 16 * kPsi / 8;
        const double perSequence = split.model->activationBytes / 2;
        QCOMPARE(split.model->maxBatch, std::floor(free / perSequence) * 4);
    }

    // A batch of one-token sequences over 126 stages leaves room for more than the settings take: the largest batch
    // said is the largest legal one, 2^24 sequences (256 per microbatch, in 65,536 microbatches).
    void theLargestBatchIsOneTheSettingsTake()
    {
        Session s;
        s.chip = *chips().find("h100-sxm");
        s.presetId = "h100-sxm";
        ModelSettings m;
        m.model = *models().find("llama-3.1-405b");
        m.phase = Phase::Train;
        m.batch = 65536;
        m.prompt = 1;
        m.pp = 126;
        m.microbatches = 65536;
        s.model = m;
        const Analysis a = analyse(s);
        QVERIFY2(a.model, a.modelProblem.c_str());
        QCOMPARE(a.model->maxBatch, kMaxBatch);
    }

    void tokensPerSecondAndUtilisation()
    {
        const Analysis a = training(roundChip());
        const ModelTotals& t = *a.model;
        QCOMPARE(t.tokensPerSecond, 1024 / t.tLower);
        QCOMPARE(t.mfu, 6 * kPsi * 1024 / (t.tLower * 1e14));
        QCOMPARE(t.training->hfu, t.flops / (t.tLower * 1e14));
        QCOMPARE(t.tokensPerSecondPerSequence, 0.0);
        // Inference's serving text does not describe a training step.
        QCOMPARE(t.servingText.tCompute, 0.0);
    }

    void batchSweepRunsInWholeMicrobatches()
    {
        Session s = training(roundChip(), [](ModelSettings& m) {
            m.batch = 24;
            m.dp = 3;
            m.microbatches = 2;
        }).session;
        const BatchSweep sweep = sweepBatch(s, 100);
        QVERIFY(!sweep.points.empty());
        // Steps of dp·m = 6 sequences: 6, 12, 24, 48, 96.
        QCOMPARE(sweep.points.front().batch, 6.0);
        QCOMPARE(sweep.points.back().batch, 96.0);
        for (const BatchPoint& p : sweep.points)
            QCOMPARE(std::fmod(p.batch, 6.0), 0.0);
    }

    void scenariosKeepTrainingSettings()
    {
        const std::string text = "name: t\npreset: h100-sxm\nmodel:\n  id: llama-2-7b\n  phase: train\n  batch: 64\n"
                                 "  prompt: 4096\n  tp: 8\n  link: NVLink\n  dp: 4\n  pp: 2\n  microbatches: 8\n"
                                 "  dp_link: IB\n  pp_link: IB\n";
        const auto session = parseScenario(text, "t.yaml", chips(), models());
        QVERIFY2(session, session ? "" : toString(session.error()).c_str());
        const ModelSettings& m = *session->model;
        QCOMPARE(m.phase, Phase::Train);
        QCOMPARE(m.dp, 4.0);
        QCOMPARE(m.pp, 2.0);
        QCOMPARE(m.microbatches, 8.0);
        QCOMPARE(m.dpLink, std::string("IB"));
        const std::string written = writeScenario(*session);
        const auto back = parseScenario(written, "saved.yaml", chips(), models());
        QVERIFY(back);
        QVERIFY(back->model == session->model);

        // Stages that a model decoding keeps from a training step of another model (80 for a 70B's layers, now on
        // a 32-layer model) stay in the session but are not saved: they matter only in a training step, and a file
        // whose decode step names them is refused at the key.
        ModelSettings decodingSettings = m;
        decodingSettings.phase = Phase::Decode;
        decodingSettings.pp = 80;
        Session decodingSession = *session;
        decodingSession.model = decodingSettings;
        const std::string saved = writeScenario(decodingSession);
        QVERIFY2(saved.find("pp:") == std::string::npos, saved.c_str());
        QVERIFY(parseScenario(saved, "saved.yaml", chips(), models()));
        QVERIFY(analyse(decodingSession).model);
        const std::string decoding = "name: t\npreset: h100-sxm\nmodel:\n  id: llama-2-7b\n  phase: decode\n  pp: 80\n";
        const auto refused = parseScenario(decoding, "t.yaml", chips(), models());
        QVERIFY(!refused);
        QCOMPARE(refused.error().front().field, std::string("model.pp"));
        QCOMPARE(refused.error().front().line, 6);
    }

    // ZeRO's memory per chip against the paper's formulas (Rajbhandari et al. 2020, §5 and figure 1): with K = 12
    // bytes of optimizer state a parameter and Nd = 64 replicas, (2 + 2 + K)·Ψ, (2 + 2 + K/Nd)·Ψ, (2 + (2 + K)/Nd)·Ψ
    // and (2 + 2 + K)·Ψ/Nd, which for the paper's Ψ = 7.5B are its 120, 31.4, 16.6 and 1.9 GB.
    void zeroShardsWhatEachStageSays()
    {
        const double paper[] = { 120, 31.4, 16.6, 1.9 };
        for (int stage = 0; stage <= 3; ++stage) {
            const Analysis a = training(*chips().find("h100-sxm"), [stage](ModelSettings& s) {
                s.batch = 64;
                s.dp = 64;
                s.zero = stage;
            });
            QVERIFY2(a.model && a.model->training, a.modelProblem.c_str());
            const double held
                = a.model->weightsBytes + a.model->training->gradientsBytes + a.model->training->optimizerBytes;
            const double perParameter[] = { 16, 4 + 12.0 / 64, 2 + 14.0 / 64, 16.0 / 64 };
            QCOMPARE(held, perParameter[stage] * kPsi);
            QVERIFY2(std::abs(perParameter[stage] * 7.5 - paper[stage]) < 0.05, qPrintable(QString::number(stage)));
        }
    }

    // ZeRO's traffic (§7): stages 1 and 2 send what the all-reduce sends, a reduce-scatter and an all-gather of Ψ;
    // stage 3 all-gathers the weights for each microbatch's forward and backward passes as well, 1.5 times the bytes
    // with one microbatch. Ψ = 6,738,415,616 bf16 weights over 8 replicas on IB: (8 − 1)/8·2·Ψ bytes a collective.
    void zeroTrafficFollowsTheStage()
    {
        const auto sent = [](double stage, double microbatches) {
            const Analysis a = training(*chips().find("h100-sxm"), [&](ModelSettings& s) {
                s.batch = 8 * microbatches;
                s.dp = 8;
                s.microbatches = microbatches;
                s.zero = stage;
                s.dpLink = "IB";
            });
            if (!a.model || !a.model->training)
                qFatal("%s", a.modelProblem.c_str());
            return a.model->training->gradientBytes;
        };
        const double collective = 7.0 / 8 * 2 * kPsi;
        QCOMPARE(sent(0, 1), 2 * collective);
        QCOMPARE(sent(1, 1), 2 * collective);
        // Stage 2 reduce-scatters after each of 4 microbatches, all-gathers once.
        QCOMPARE(sent(2, 4), 5 * collective);
        QCOMPARE(sent(3, 1), 3 * collective);
        QCOMPARE(sent(3, 1) / sent(0, 1), 1.5);
        // In the order they run: the weights gathered first, the gradients reduce-scattered after the backward pass.
        const Analysis three = training(*chips().find("h100-sxm"), [](ModelSettings& s) {
            s.batch = 8;
            s.dp = 8;
            s.zero = 3;
        });
        const std::vector<Operation>& ops = three.session.operations;
        QCOMPARE(ops.front().id, std::string("model.zero_gather"));
        QCOMPARE(ops.back().id, std::string("model.dp_reducescatter"));
        QVERIFY(positionOf(three, "model.zero_gather.back") < positionOf(three, "model.q_proj.dx"));
    }

    // Full recomputation runs each layer's forward pass twice (again before its backward pass) and keeps only each
    // layer's input, 4,096 elements a token, besides one layer's activations; sequence parallelism over tp 4 runs the
    // norms on a quarter of the tokens and keeps a quarter of their 4·4096 elements.
    void recomputationAndSequenceParallelism()
    {
        const auto step = [](ModelSettings::Recompute recompute, bool sequenceParallel) {
            return training(*chips().find("h100-sxm"), [&](ModelSettings& s) {
                s.batch = 2;
                s.prompt = 2048;
                s.tp = 4;
                s.recompute = recompute;
                s.sequenceParallel = sequenceParallel;
            });
        };
        const Analysis none = step(ModelSettings::Recompute::None, false);
        const Analysis full = step(ModelSettings::Recompute::Full, false);
        QVERIFY2(full.model, full.modelProblem.c_str());
        QCOMPARE(full.session.find("model.q_proj")->repeat, 64.0);
        QCOMPARE(full.session.find("model.q_proj.dx")->repeat, 32.0);
        QCOMPARE(full.session.find("model.lm_head")->repeat, 1.0);
        double forward = 0; // every layer operation's forward FLOPs, once
        for (std::size_t i = 0; i < none.operations.size(); ++i) {
            const Operation& op = none.session.operations[i];
            if (op.repeat == 32 && op.id.find('.', 6) == std::string::npos)
                forward += op.repeat * none.operations[i].evaluation.value().flops;
        }
        QVERIFY(std::abs(full.model->flops - none.model->flops - forward) <= 1e-12 * full.model->flops);
        // Kept per token and layer without recomputation: 4·4096 + (2·8 + 2·8)·128 + 3·11008/4 = 28,736 elements;
        // tokens 2·2048, 32 layers, and the logits 4096·8000.
        const double tokens = 2 * 2048;
        QCOMPARE(none.model->activationBytes, 2 * (28736.0 * 32 * tokens + tokens * 8000));
        QCOMPARE(full.model->activationBytes, 2 * (4096.0 * 32 * tokens + 28736.0 * tokens + tokens * 8000));
        const Analysis split = step(ModelSettings::Recompute::None, true);
        QVERIFY2(split.model, split.modelProblem.c_str());
        QCOMPARE(split.model->activationBytes, 2 * ((28736.0 - 3 * 4096) * 32 * tokens + tokens * 8000));
        QCOMPARE(evaluation(split, "model.attn_norm").flops, evaluation(none, "model.attn_norm").flops / 4);
    }

    void settingsATrainingStepRefuses_data()
    {
        QTest::addColumn<QString>("block");
        QTest::addColumn<QString>("message");
        QTest::newRow("an unknown phase")
            << "  id: llama-2-7b\n  phase: training\n"
            << "s.yaml:4:10: model.phase: expected decode, prefill or train, found 'training'";
        QTest::newRow("stages not dividing the layers")
            << "  id: llama-2-7b\n  phase: train\n  pp: 3\n"
            << "model.pp: 3 stages do not divide the 32 layers of Llama 2 7B";
        QTest::newRow("more stages than layers")
            << "  id: gpt2\n  phase: train\n  pp: 13\n"
            << "model.pp: expected a whole number of pipeline stages from 1 to the 12 layers of GPT-2 small";
        QTest::newRow("a batch not split evenly")
            << "  id: llama-2-7b\n  phase: train\n  batch: 10\n  dp: 4\n"
            << "model.batch: 10 sequences do not split evenly into 4 replicas of 1 microbatches";
        QTest::newRow("no such gradient link") << "  id: gpt2\n  phase: train\n  dp_link: Ethernet\n"
                                               << "model.dp_link: NVIDIA H100 SXM has no link named 'Ethernet'";
        QTest::newRow("zero replicas") << "  id: gpt2\n  phase: train\n  dp: 0\n"
                                       << "model.dp: expected a whole number of replicas from 1";
        QTest::newRow("ZeRO without replicas") << "  id: gpt2\n  phase: train\n  zero: 2\n"
                                               << "model.zero: ZeRO shards over the data-parallel replicas";
        QTest::newRow("a ZeRO stage past 3") << "  id: gpt2\n  phase: train\n  dp: 2\n  batch: 2\n  zero: 4\n"
                                             << "model.zero: expected a ZeRO stage from 0 to 3, found '4'";
        QTest::newRow("sequence parallelism alone") << "  id: gpt2\n  phase: train\n  sequence_parallel: true\n"
                                                    << "model.sequence_parallel: sequence parallelism shares the "
                                                       "tokens of a tensor-parallel group, and tp is 1";
        QTest::newRow("ZeRO in a decode step") << "  id: gpt2\n  zero: 1\n"
                                               << "model.zero: a decode step has no data-parallel replicas";
        QTest::newRow("an unknown recomputation") << "  id: gpt2\n  phase: train\n  recompute: some\n"
                                                  << "model.recompute: expected none, selective";
    }
    void settingsATrainingStepRefuses()
    {
        QFETCH(QString, block);
        QFETCH(QString, message);
        const QString errors = testing::modelBlockErrors(block);
        QVERIFY(!errors.isEmpty());
        QVERIFY2(errors.contains(message), qPrintable(errors));
    }
};

QTEST_GUILESS_MAIN(TestTraining)
#include "test_training.moc"
