// SPDX-License-Identifier: GPL-3.0-or-later
// The models deployed now: DeepSeek-V3's latent attention (MLA) and fine-grained mixture of experts, one layer of each
// counted by hand; its KV cache per token against the published figure; expert parallelism's all-to-all and the
// experts each chip holds; the expected number of distinct experts against a direct simulation; sliding-window
// attention's keys, pairs and cache, and Gemma 2's window and global layers.
#include "files/model_presets.h"
#include "llm/generate.h"
#include "scenario_fixture.h"
#include "session/analysis.h"

#include <QTest>

#include <cmath>
#include <numeric>
#include <random>
#include <set>
#include <span>

using namespace roofline;
using roofline::testing::models;
using roofline::testing::roundChip;

namespace {

Session modelSession(const std::string& id, const std::function<void(ModelSettings&)>& change)
{
    Session s;
    s.chip = roundChip();
    s.presetId = s.chip.id;
    ModelSettings settings;
    settings.model = *models().find(id);
    change(settings);
    s.model = settings;
    return s;
}

const OperationAnalysis* byId(const Analysis& a, const std::string& id)
{
    for (std::size_t i = 0; i < a.operations.size(); ++i)
        if (a.session.operations[i].id == id)
            return &a.operations[i];
    return nullptr;
}

double bytesOn(const Evaluation& e, std::string_view resource)
{
    double total = 0;
    for (const ResourceUse& use : e.resources)
        if (use.name == resource)
            total += use.bytes;
    return total;
}

struct Expect {
    const char* id;
    double flops;
    double bytes;
    double repeat;
};

} // namespace

class TestMixtures : public QObject {
    Q_OBJECT
    // Each expected operation's FLOPs, main-memory bytes and repeat, against the analysis.
    void compareOperations(const Analysis& a, std::span<const Expect> expected)
    {
        for (const Expect& x : expected) {
            const OperationAnalysis* o = byId(a, x.id);
            QVERIFY2(o && o->evaluation.ok(), x.id);
            QCOMPARE(o->evaluation.value().flops, x.flops);
            QCOMPARE(bytesOn(o->evaluation.value(), "HBM"), x.bytes);
            QCOMPARE(a.session.find(x.id)->repeat, x.repeat);
        }
    }

private slots:
    // DeepSeek-V3 decode, B = 1 over 1,023 cached tokens, bf16 throughout, one chip: every operation counted from the
    // config's widths (h 7168, 128 heads of nope 128 + rope 64 and value 128, q latent 1536, kv latent 512, dense MLP
    // 18432, 256 routed experts of 2048 and one shared, 8 per token). A matmul [1, D]·[D, F] is 2·D·F FLOPs and
    // 2·(D + D·F + F) bytes; a norm over D is 4·D + 1 FLOPs and 2·3·D bytes.
    void deepSeekV3DecodeByHand()
    {
        const Analysis a = analyse(modelSession("deepseek-v3", [](ModelSettings& s) {
            s.batch = 1;
            s.context = 1023;
        }));
        QVERIFY2(a.model, a.modelProblem.c_str());
        const Expect expected[] = {
            // One row of the 7168-wide table gathered: read and written, 2·2·7168 bytes.
            { "model.embedding", 0, 28672, 1 },
            { "model.attn_norm", 28673, 43008, 61 },
            // 7168 → 1536: 22,020,096 FLOPs; 14,336 + 22,020,096 + 3,072 bytes.
            { "model.q_a_proj", 22020096, 22037504, 61 },
            { "model.q_a_norm", 6145, 9216, 61 },
            // 1536 → 128·192 = 24,576: 75,497,472 FLOPs; 3,072 + 75,497,472 + 49,152 bytes.
            { "model.q_b_proj", 75497472, 75549696, 61 },
            // 7168 → 512 + 64: 8,257,536 FLOPs; 14,336 + 8,257,536 + 1,152 bytes (the new token's latent, cached).
            { "model.kv_a_proj", 8257536, 8273024, 61 },
            { "model.kv_a_norm", 2049, 3072, 61 },
            // Each head's 128-wide non-rotary query through its own W_UK[128, 512]: 2·128·128·512 FLOPs; bytes
            // 2·(128·128 + 128·128·512 + 128·512).
            { "model.q_absorb", 16777216, 16941056, 61 },
            // 128 heads over one shared 576-wide key (latent + rope) and the latent as a 512-wide value, 1,024 keys:
            // 2·(576 + 512)·128·1024 FLOPs; Q (576) and O (512) of 128 heads 2·128·1088 = 278,528 bytes, the latent
            // written for the new token and read for 1,024: 2·576·1025 = 1,180,800 bytes.
            { "model.attention", 285212672, 278528 + 1180800.0, 61 },
            // Each head's 512-wide output through W_UV[512, 128].
            { "model.o_absorb", 16777216, 16941056, 61 },
            // 16,384 → 7168: 234,881,024 FLOPs; 32,768 + 234,881,024 + 14,336 bytes.
            { "model.o_proj", 234881024, 234928128, 61 },
            { "model.attn_residual", 7168, 43008, 61 },
            { "model.mlp_norm", 28673, 43008, 61 },
            // The first three layers' dense MLP: 7168 → 18,432 and back.
            { "model.dense_up_proj", 264241152, 264292352, 3 },
            { "model.dense_gate_proj", 264241152, 264292352, 3 },
            { "model.dense_activation", 92160, 110592, 3 },
            { "model.dense_down_proj", 264241152, 264292352, 3 },
            // The other 58: the router 7168 → 256, the shared expert 7168 → 2048 and back, and 8 routed experts of
            // which the one token uses 8 (E_used = 256·(1 − (1 − 8/256)^1) = 8): 2·8·7168·2048 FLOPs, bytes
            // 2·(8·7168 + 8·7168·2048 + 8·2048).
            { "model.router", 3670016, 3684864, 58 },
            { "model.shared_up_proj", 29360128, 29378560, 58 },
            { "model.shared_gate_proj", 29360128, 29378560, 58 },
            { "model.shared_activation", 10240, 12288, 58 },
            { "model.shared_down_proj", 29360128, 29378560, 58 },
            { "model.up_proj", 234881024, 235028480, 58 },
            { "model.gate_proj", 234881024, 235028480, 58 },
            { "model.activation", 81920, 98304, 58 },
            { "model.down_proj", 234881024, 235028480, 58 },
            { "model.mlp_residual", 7168, 43008, 61 },
            { "model.final_norm", 28673, 43008, 1 },
            // 7168 → 129,280: 1,853,358,080 FLOPs; 14,336 + 1,853,358,080 + 258,560 bytes.
            { "model.lm_head", 1853358080, 1853630976, 1 },
        };
        QCOMPARE(a.session.operations.size(), std::size(expected));
        compareOperations(a, expected);
        if (QTest::currentTestFailed())
            return;
        // The matrices read in a step are the parameters one token activates: per layer the attention's q_a, q_b,
        // kv_a, kv_b (read as W_UK and W_UV) and o, 187,105,280, times 61; three dense MLPs of 396,361,728; 58 times
        // the router, the shared expert and 8 routed experts, 398,196,736; the lm_head's 926,679,040: 36,624,596,992.
        // With the 1,006,592 norm weights, the 58·256 router biases and the 926,679,040 embedding that is
        // 37,552,297,472, the technical report's "37B activated".
        double weights = 0;
        for (std::size_t i = 0; i < a.operations.size(); ++i) {
            const Operation& op = a.session.operations[i];
            if (const auto* m = std::get_if<Matmul>(&op.op))
                weights += op.repeat * m->D * m->F;
            else if (const auto* b = std::get_if<BatchedMatmul>(&op.op))
                weights += op.repeat * b->B * b->D * b->F;
            else if (const auto* e = std::get_if<ExpertMatmul>(&op.op))
                weights += op.repeat * e->k * e->D * e->F; // one token: k experts used
        }
        QCOMPARE(weights, 36624596992.0);
        QCOMPARE(weights + 1006592 + 58 * 256 + 926679040, 37552297472.0);
        // The same count as activeParameters gives it, which MFU and the serving text's t_compute use: the model less
        // the 248 routed experts a token does not visit in each of 58 layers, 58·248·44,040,192 parameters.
        QCOMPARE(activeParameters(*models().find("deepseek-v3")), 671026419200.0 - 58.0 * 248 * 44040192);
        QCOMPARE(activeParameters(*models().find("deepseek-v3")), 37552297472.0);
        QCOMPARE(activeParameters(*models().find("llama-2-7b")), parameterCount(*models().find("llama-2-7b")));
    }

    // The KV cache of latent attention is the latent and the rope key, whatever the heads: (512 + 64)·61 layers =
    // 35,136 elements, 70,272 bytes a token in bf16 (DeepSeek-V2 §2.1.4's (d_c + d_h^R)·l), the same on every chip of a
    // tensor-parallel group, which copies it.
    void latentCachePerToken()
    {
        const Model& v3 = *models().find("deepseek-v3");
        QCOMPARE(kvElementsPerToken(v3), 576.0);
        for (const double tp : { 1.0, 8.0 }) {
            const Analysis a = analyse(modelSession("deepseek-v3", [tp](ModelSettings& s) {
                s.batch = 8;
                s.context = 4095;
                s.tp = tp;
            }));
            QVERIFY2(a.model, a.modelProblem.c_str());
            QCOMPARE(a.model->kvCacheBytes, 8 * 4096 * 70272.0);
        }
        // Llama-3.1-70B for comparison: 2·8 KV heads·128·80 layers·2 bytes = 327,680 bytes a token.
        QCOMPARE(kvElementsPerToken(*models().find("llama-3.1-70b")) * 80 * 2, 327680.0);
    }

    // A prefill and a training step expand K and V from the latent (kv_b over the new tokens) and attend over full
    // heads, 192 wide for the query and key and 128 for the value; the latent setting can force either way.
    void latentAttentionExpandsWhereAsked()
    {
        const Analysis prefill = analyse(modelSession("deepseek-v3", [](ModelSettings& s) {
            s.phase = Phase::Prefill;
            s.prompt = 1024;
        }));
        QVERIFY2(prefill.model, prefill.modelProblem.c_str());
        QVERIFY(!byId(prefill, "model.q_absorb"));
        const OperationAnalysis* kvb = byId(prefill, "model.kv_b_proj");
        QVERIFY(kvb);
        // 1,024 rows, 512 → 128·(128 + 128): 2·1024·512·32768 FLOPs.
        QCOMPARE(kvb->evaluation.value().flops, 2.0 * 1024 * 512 * 32768);
        // Causal pairs of 1,024 queries: 1024·1025/2 = 524,800, each 2·(192 + 128) FLOPs in each of 128 heads.
        QCOMPARE(byId(prefill, "model.attention")->evaluation.value().flops, 2.0 * 320 * 128 * 524800);

        // Expanded in a decode step: kv_b over all 1,024 cached tokens each step, the price absorption avoids.
        const Analysis expanded = analyse(modelSession("deepseek-v3", [](ModelSettings& s) {
            s.context = 1023;
            s.latent = ModelSettings::Latent::Expanded;
        }));
        QVERIFY2(expanded.model, expanded.modelProblem.c_str());
        QCOMPARE(byId(expanded, "model.kv_b_proj")->evaluation.value().flops, 2.0 * 1024 * 512 * 32768);
        QCOMPARE(byId(expanded, "model.attention")->evaluation.value().flops, 2.0 * 320 * 128 * 1024);
    }

    // Expert parallelism over 8 chips, tensor parallelism 1: eight groups of 64/8 = 8 sequences; every chip holds 32
    // experts and computes the busiest chip's share of the 64 tokens' 512 routed rows.
    void expertParallelismByHand()
    {
        const auto session = [](double imbalance) {
            return analyse(modelSession("deepseek-v3", [imbalance](ModelSettings& s) {
                s.batch = 64;
                s.context = 1023;
                s.ep = 8;
                s.epLink = "FAST";
                s.imbalance = imbalance;
            }));
        };
        const Analysis a = session(1);
        QVERIFY2(a.model, a.modelProblem.c_str());
        // Dispatch: each chip's 8 tokens, 8 copies each of 7168 elements, 7/8 of them to other chips: 7/8·2·8·8·7168
        // = 802,816 bytes over FAST (1e11 B/s), in 7 steps.
        for (const char* id : { "model.dispatch", "model.combine" }) {
            const OperationAnalysis* o = byId(a, id);
            QVERIFY2(o, id);
            QCOMPARE(bytesOn(o->evaluation.value(), "FAST"), 802816.0);
            QCOMPARE(o->evaluation.value().flops, 0.0);
            QCOMPARE(a.session.find(id)->repeat, 58.0);
        }
        // The routed experts: 64·8/8 = 64 rows on each chip, 2·64·7168·2048 FLOPs; the experts touched on one chip
        // are an eighth of 256·(1 − (31/32)^64).
        const Evaluation& up = byId(a, "model.up_proj")->evaluation.value();
        QCOMPARE(up.flops, 2.0 * 64 * 7168 * 2048);
        const double used = 256 * (1 - std::pow(31.0 / 32, 64)) / 8;
        const double bytes = 2 * (64 * 7168 + used * 7168 * 2048 + 64 * 2048);
        QVERIFY(std::abs(bytesOn(up, "HBM") - bytes) <= 1e-9 * bytes);
        // Attention and the shared expert run on one group's 8 sequences.
        QCOMPARE(byId(a, "model.shared_up_proj")->evaluation.value().flops, 2.0 * 8 * 7168 * 2048);
        QCOMPARE(byId(a, "model.lm_head")->evaluation.value().flops, 2.0 * 8 * 7168 * 129280);
        // Tokens per second count every group's sequences.
        QVERIFY(std::abs(a.model->tokensPerSecond * a.model->tLower - 64) < 1e-9);
        // The busiest chip with 1.5 times the mean: 96 rows.
        const Analysis skewed = session(1.5);
        QCOMPARE(byId(skewed, "model.up_proj")->evaluation.value().flops, 2.0 * 96 * 7168 * 2048);
        // It also receives 1.5 times its share of the tokens: its exchange waits for them.
        QCOMPARE(bytesOn(byId(skewed, "model.dispatch")->evaluation.value(), "FAST"), 1.5 * 802816);
        QCOMPARE(byId(skewed, "model.activation")->evaluation.value().flops, 5.0 * 96 * 2048);

        // Weights on each chip: everything else whole (one chip of its tensor-parallel group), the 58·256 routed
        // experts' 58·256·44,040,192 parameters an eighth each.
        const double routed = 58.0 * 256 * 3 * 7168 * 2048;
        QCOMPARE(a.model->weightsBytes, 2 * (671026419200.0 - routed + routed / 8));
    }

    // Tensor parallelism copies what every chip computes whole: the router and latent attention's down projections
    // (and their norms). DeepSeek-V3 at tp 8: (11,010,048 + 1,536 + 4,128,768 + 512)·61 + 58·(1,835,008 + 256),
    // seven eighths of it more than an even split.
    void tensorParallelismCopiesTheLatentsAndRouter()
    {
        ModelSettings s;
        s.model = *models().find("deepseek-v3");
        s.tp = 8;
        const double whole = 61 * (11010048.0 + 1536 + 4128768 + 512) + 58 * (1835008.0 + 256);
        QCOMPARE(parametersPerChip(s), 671026419200.0 / 8 + whole * 7 / 8);
    }

    // The experts a batch touches: E·(1 − (1 − k/E)^B) for B tokens each picking k distinct experts of E uniformly,
    // against a direct simulation of 4,000 batches (standard error of the mean below 0.05 expert).
    void distinctExpertsMatchASimulation_data()
    {
        QTest::addColumn<double>("E");
        QTest::addColumn<double>("k");
        QTest::addColumn<double>("B");
        QTest::newRow("DeepSeek-V3, B = 16") << 256.0 << 8.0 << 16.0;
        QTest::newRow("DeepSeek-V3, B = 64") << 256.0 << 8.0 << 64.0;
        QTest::newRow("Mixtral, B = 2") << 8.0 << 2.0 << 2.0;
    }
    void distinctExpertsMatchASimulation()
    {
        QFETCH(double, E);
        QFETCH(double, k);
        QFETCH(double, B);
        std::mt19937 random(20261128);
        std::vector<int> experts(static_cast<std::size_t>(E));
        std::iota(experts.begin(), experts.end(), 0);
        constexpr int kBatches = 4000;
        double distinct = 0;
        for (int batch = 0; batch < kBatches; ++batch) {
            std::set<int> used;
            for (int token = 0; token < B; ++token) {
                std::shuffle(experts.begin(), experts.end(), random);
                used.insert(experts.begin(), experts.begin() + static_cast<std::ptrdiff_t>(k));
            }
            distinct += static_cast<double>(used.size());
        }
        distinct /= kBatches;
        // The operation's weight bytes give the experts it charges: (bytes − X − Y)/(s·D·F).
        ExpertMatmul op;
        op.tokens = B;
        op.E = E;
        op.k = k;
        op.D = 64;
        op.F = 32;
        const Cost c = cost(op);
        const double charged = (c.traffic.front().bytes - 2 * B * k * (64 + 32)) / (2 * 64 * 32);
        QVERIFY2(std::abs(charged - distinct) < 0.25,
            qPrintable(QStringLiteral("%1 charged, %2 simulated").arg(charged).arg(distinct)));
    }

    // Mistral 7B v0.1 attends over its last 4,096 tokens on every layer: at 32,767 cached tokens a decode step reads
    // 4,096 keys (2·(128 + 128)·32 heads·4096 FLOPs; Q and O 2·32·256 bytes, the new K and V written and 4,096 read,
    // 2·8·256 bytes each), and the cache holds 4,096 tokens a layer.
    void slidingWindowReadsTheWindow()
    {
        const Analysis a = analyse(modelSession("mistral-7b-v0.1", [](ModelSettings& s) { s.context = 32767; }));
        QVERIFY2(a.model, a.modelProblem.c_str());
        QVERIFY(!byId(a, "model.attention"));
        const OperationAnalysis* window = byId(a, "model.attention_window");
        QVERIFY(window);
        QCOMPARE(window->evaluation.value().flops, 2.0 * 256 * 32 * 4096);
        QCOMPARE(bytesOn(window->evaluation.value(), "HBM"), 2.0 * 32 * 256 + 2.0 * 8 * 256 * 4097);
        QCOMPARE(a.session.find("model.attention_window")->repeat, 32.0);
        QCOMPARE(a.model->kvCacheBytes, 32.0 * 4096 * 8 * 256 * 2);
        // Below the window nothing changes: the cache holds every token.
        const Analysis shortContext
            = analyse(modelSession("mistral-7b-v0.1", [](ModelSettings& s) { s.context = 1023; }));
        QCOMPARE(shortContext.model->kvCacheBytes, 32.0 * 1024 * 8 * 256 * 2);

        // A prefill of 8,192 tokens: query i sees min(i, 4096) keys, summed by hand.
        const Analysis prefill = analyse(modelSession("mistral-7b-v0.1", [](ModelSettings& s) {
            s.phase = Phase::Prefill;
            s.prompt = 8192;
        }));
        double pairs = 0;
        for (int i = 1; i <= 8192; ++i)
            pairs += std::min(i, 4096);
        QCOMPARE(byId(prefill, "model.attention_window")->evaluation.value().flops, 2.0 * 256 * 32 * pairs);
    }

    // Llama 4 Scout at 20,000 cached tokens: its 36 rotary layers attend within chunks of 8,192, so the new token
    // (position 20,000, in the chunk from 16,384) sees 3,617 keys there, and all 20,001 on the 12 others; 8 KV heads
    // of 128 give a token's K and V 2·8·128·2 = 4,096 bytes a layer.
    void llama4ChunksItsRotaryLayers()
    {
        const Analysis a = analyse(modelSession("llama-4-scout-17b-16e", [](ModelSettings& s) { s.context = 20000; }));
        QVERIFY2(a.model, a.modelProblem.c_str());
        const Expect expected[] = {
            // 2·(128 + 128)·40 heads FLOPs a key; Q and O 2·40·256 bytes, the new K and V and the keys read.
            { "model.attention_chunked", 2.0 * 256 * 40 * 3617, 20480 + 4096.0 * (1 + 3617), 36 },
            { "model.attention", 2.0 * 256 * 40 * 20001, 20480 + 4096.0 * (1 + 20001), 12 },
            // The L2 norm on each head's query, on the chunked layers alone: 3 FLOPs an element and 1 a row, no
            // weights read.
            { "model.q_norm", 3 * 128 * 40 + 40.0, 2 * 2 * 128 * 40.0, 36 },
        };
        compareOperations(a, expected);
        // The cache: the chunk's 3,617 tokens on 36 layers, all 20,001 on 12.
        QCOMPARE(a.model->kvCacheBytes, (36.0 * 3617 + 12.0 * 20001) * 4096);

        // A prefill of 20,000 tokens: query p sees (p mod 8192) + 1 keys, summed by hand.
        const Analysis prefill = analyse(modelSession("llama-4-scout-17b-16e", [](ModelSettings& s) {
            s.phase = Phase::Prefill;
            s.prompt = 20000;
        }));
        double pairs = 0;
        for (int p = 0; p < 20000; ++p)
            pairs += p % 8192 + 1;
        QCOMPARE(byId(prefill, "model.attention_chunked")->evaluation.value().flops, 2.0 * 256 * 40 * pairs);
        // A block of queries across a chunk's edge with a window too: each sees min((p mod C) + 1, W) keys.
        Attention op;
        op.T = 300;
        op.S = 1100;
        op.chunk = 1000;
        op.window = 50;
        double expectedPairs = 0;
        for (int p = 800; p < 1100; ++p)
            expectedPairs += std::min(p % 1000 + 1, 50);
        QCOMPARE(cost(op).flops, 2.0 * 256 * 32 * expectedPairs);
        QCOMPARE(attentionKeys(op), 1100.0 - (800 - 50 + 1));
    }

    // Gemma 2 9B decode at 8,191 cached tokens: 21 layers (0, 2, ...) attend over a window of 4,096 keys, the other
    // 21 over all 8,192; each layer has four norms and a GeGLU MLP. Heads 16 of 256, KV heads 8: a token's K and V are
    // 2·8·256 elements, 8,192 bytes a layer.
    void gemma2AlternatesWindowAndGlobalLayers()
    {
        const Analysis a = analyse(modelSession("gemma-2-9b", [](ModelSettings& s) { s.context = 8191; }));
        QVERIFY2(a.model, a.modelProblem.c_str());
        const Expect expected[] = {
            // 4,096 keys: 2·(256 + 256)·16·4096 FLOPs; Q and O 2·16·512 bytes, K and V written and read 8192·4097.
            { "model.attention_window", 67108864, 16384 + 8192.0 * 4097, 21 },
            // 8,192 keys: twice the pairs; K and V 8192·8193 bytes.
            { "model.attention", 134217728, 16384 + 8192.0 * 8193, 21 },
            // GELU of the gate (8) times up (1) over 14,336: read gate and up, write one.
            { "model.activation", 9 * 14336.0, 2 * 3 * 14336.0, 42 },
            // The norms after the attention and the MLP: 4·3584 + 1 FLOPs, 2·3·3584 bytes.
            { "model.attn_post_norm", 14337, 21504, 42 },
            { "model.mlp_post_norm", 14337, 21504, 42 },
        };
        compareOperations(a, expected);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(a.session.find("model.activation")->name, std::string("GeGLU"));
        // The cache: 21 layers of 8,192 tokens and 21 of 4,096, 8,192 bytes a token and layer.
        QCOMPARE(a.model->kvCacheBytes, 21.0 * (8192 + 4096) * 8192);
        // The lm_head reads the embedding it is tied to: 2·3584·256000 FLOPs.
        QCOMPARE(byId(a, "model.lm_head")->evaluation.value().flops, 2.0 * 3584 * 256000);
    }
};

QTEST_GUILESS_MAIN(TestMixtures)
#include "test_mixtures.moc"
