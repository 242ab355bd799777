// SPDX-License-Identifier: GPL-3.0-or-later
// Whole language models: the presets' parameter counts against the published totals, every generated operation's
// FLOPs and bytes for Llama-2-7B against counts derived by hand, the whole-model totals, the serving text's three
// formulas, memory capacity, and model files and settings that contradict themselves.
#include "files/hf_config.h"
#include "files/model_presets.h"
#include "files/presets.h"
#include "files/scenario.h"
#include "files/scenario_paths.h"
#include "llm/generate.h"
#include "report/model.h"
#include "scenario_fixture.h"
#include "session/analysis.h"
#include "session/model_sweep.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <string_view>

#include <cmath>

using namespace roofline;
using roofline::testing::library;
using roofline::testing::models;
using roofline::testing::opened;
using roofline::testing::roundChip;

namespace {

const PresetLibrary& chips()
{
    return roofline::testing::library();
}

Session modelSession(const Hardware& hw, const std::string& id, const std::function<void(ModelSettings&)>& change)
{
    Session s;
    s.chip = hw;
    s.presetId = hw.id;
    ModelSettings settings;
    settings.model = *models().find(id);
    change(settings);
    s.model = settings;
    return s;
}

// The id as a view: a reference into the analysis is all it returns, never into a string made for the call.
const OperationAnalysis& byId(const Analysis& a, std::string_view id)
{
    for (std::size_t i = 0; i < a.operations.size(); ++i)
        if (a.session.operations[i].id == id)
            return a.operations[i];
    qFatal("no operation %s", std::string(id).c_str());
}

double hbmBytes(const Evaluation& e)
{
    double total = 0;
    for (const ResourceUse& use : e.resources)
        if (use.name == "HBM")
            total += use.bytes;
    return total;
}

QString errorsOf(const Expected<Model, Diagnostics>& m)
{
    return m ? QString() : QString::fromStdString(toString(m.error()));
}

// Llama-2-7B's fields, to break one at a time.
std::string llamaFile(
    const std::string& heads = "32", const std::string& kvHeads = "32", const std::string& hidden = "4096")
{
    return "id: test\nname: Test\nlayers: 32\nhidden_size: " + hidden + "\nheads: " + heads + "\nkv_heads: " + kvHeads
        + "\nmlp_size: 11008\nvocab: 32000\nsources: [hand-written]\n";
}

} // namespace

class TestModels : public QObject {
    Q_OBJECT
private slots:
    void everyPresetLoads()
    {
        QVERIFY2(models().errors.empty(), toString(models().errors).c_str());
        for (const char* id : { "llama-2-7b", "llama-2-13b", "llama-2-70b", "llama-3.1-8b", "llama-3.1-70b",
                 "llama-3.1-405b", "mixtral-8x7b", "gpt2", "qwen2.5-7b", "qwen2.5-72b", "mistral-7b-v0.1" })
            QVERIFY2(models().find(id), id);
    }

    void parameterCountsAreThePublishedTotals_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<double>("published");
        // The totals the issue gives (Hugging Face model cards and safetensors indexes).
        QTest::newRow("Llama-2-7B") << "llama-2-7b" << 6738415616.0;
        QTest::newRow("Llama-3.1-8B") << "llama-3.1-8b" << 8030261248.0;
        QTest::newRow("Llama-3.1-70B") << "llama-3.1-70b" << 70553706496.0;
        QTest::newRow("Mixtral-8x7B") << "mixtral-8x7b" << 46702792704.0;
        QTest::newRow("Qwen2.5-7B") << "qwen2.5-7b" << 7615616512.0;
        QTest::newRow("Qwen2.5-72B") << "qwen2.5-72b" << 72706203648.0;
        QTest::newRow("Mistral-7B-v0.1") << "mistral-7b-v0.1" << 7241732096.0;
        // GPT-2 small's checkpoint: wte 50257·768 + wpe 1024·768 + 12 layers of 7,087,872 + ln_f 1536.
        QTest::newRow("GPT-2") << "gpt2" << 124439808.0;
    }
    void parameterCountsAreThePublishedTotals()
    {
        QFETCH(QString, id);
        QFETCH(double, published);
        QCOMPARE(parameterCount(*models().find(id.toStdString())), published);
    }

    // A model's own config.json, as published (tests/fixtures/data/models/NAME/config.json, each a copy of the file its
    // source names), gives the published total. Qwen2.5's biases on q, k and v are counted: for 7B, 28 layers of
    // (28 + 2·4)·128 = 4,608 biases, 129,024 in all, which the total holds.
    void configsGiveThePublishedTotals_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<QString>("id");
        QTest::addColumn<double>("published");
        QTest::newRow("Qwen2.5-7B") << "Qwen2.5-7B"
                                    << "qwen2.5-7b" << 7615616512.0;
        QTest::newRow("Qwen2.5-72B") << "Qwen2.5-72B"
                                     << "qwen2.5-72b" << 72706203648.0;
        QTest::newRow("Mistral-7B-v0.1") << "Mistral-7B-v0.1"
                                         << "mistral-7b-v0.1" << 7241732096.0;
        QTest::newRow("Llama-3.1-8B") << "Llama-3.1-8B"
                                      << "llama-3.1-8b" << 8030261248.0;
        QTest::newRow("Mixtral-8x7B-v0.1") << "Mixtral-8x7B-v0.1"
                                           << "mixtral-8x7b-v0.1" << 46702792704.0;
        QTest::newRow("DeepSeek-V3") << "DeepSeek-V3"
                                     << "deepseek-v3" << 671026419200.0;
        QTest::newRow("gemma-2-9b-it") << "gemma-2-9b-it"
                                       << "gemma-2-9b-it" << 9241705984.0;
        // Qwen3: Llama's shapes and a 128-wide norm on each head's query and key, 256 parameters a layer. The model
        // card: 8.2B, 6.95B without the embeddings (8,190,735,360 − 2 · 151,936 · 4,096 = 6,946,075,648).
        QTest::newRow("Qwen3-8B") << "Qwen3-8B"
                                  << "qwen3-8b" << 8190735360.0;
        // 48 layers of 128 experts (3 · 2048 · 768 each) and their router. The model card: 30.5B.
        QTest::newRow("Qwen3-30B-A3B") << "Qwen3-30B-A3B"
                                       << "qwen3-30b-a3b" << 30532122624.0;
        // DeepSeek-V3's architecture with 384 experts, 64 heads, one dense layer and a 163,840-word vocabulary: the
        // model card's 1T, 1,026.41B to two decimals.
        QTest::newRow("Kimi-K2") << "Kimi-K2-Instruct"
                                 << "kimi-k2-instruct" << 1026408232448.0;
        // Fused qkv_proj and gate_up_proj: the same weights as apart. 3.82B and 3.84B (the model cards).
        QTest::newRow("Phi-3.5-mini") << "Phi-3.5-mini-instruct"
                                      << "phi-3.5-mini-instruct" << 3821079552.0;
        QTest::newRow("Phi-4-mini") << "Phi-4-mini-instruct"
                                    << "phi-4-mini-instruct" << 3836021760.0;
        // Biases on every projection, a sink per head, 128 experts with biases and a biased router: the model card's
        // 116.83B.
        QTest::newRow("gpt-oss-120b") << "gpt-oss-120b"
                                      << "gpt-oss-120b" << 116829156672.0;
        // The text decoder: 48 layers of attention 62,914,560, 16 experts and a shared one at 3 · 5120 · 8192 =
        // 125,829,120 each, a router 81,920 and two norms; untied embeddings 2 · 202,048 · 5,120. 107.77B; the card's
        // 109B adds the vision encoder.
        QTest::newRow("Llama-4-Scout") << "Llama-4-Scout-17B-16E"
                                       << "llama-4-scout-17b-16e" << 107769861120.0;
        // The text decoder: the technical report's 25.6B without the embeddings (62 layers of 412,898,560 and the
        // final norm: 25,599,716,096) and the 262,208 · 5,376 = 1,409,630,208 tied embedding.
        QTest::newRow("gemma-3-27b-it") << "gemma-3-27b-it"
                                        << "gemma-3-27b-it" << 27009346304.0;
        // Llama 2's shapes with a 100,352-word vocabulary and the query and key normed over all 32 heads (4,096 each
        // a layer): the card's 7.30B.
        QTest::newRow("OLMo-2-1124-7B") << "OLMo-2-1124-7B"
                                        << "olmo-2-1124-7b" << 7298617344.0;
        // 60 experts 1,408 wide and a shared one 5,632 wide behind its gate (2,048), biases on q, k, v: the card's
        // 14.3B.
        QTest::newRow("Qwen1.5-MoE-A2.7B") << "Qwen1.5-MoE-A2.7B-Chat"
                                           << "qwen1.5-moe-a2.7b-chat" << 14315784192.0;
    }
    void configsGiveThePublishedTotals()
    {
        QFETCH(QString, folder);
        QFETCH(QString, id);
        QFETCH(double, published);
        const auto m = readModelConfig(ROOFLINE_TEST_DATA "/models/" + folder.toStdString() + "/config.json");
        QVERIFY2(m, qPrintable(errorsOf(m)));
        QCOMPARE(QString::fromStdString(m->id), id);
        QCOMPARE(parameterCount(*m), published);
        // Where a preset holds the same model, the configuration gives its very fields.
        // The instruction-tuned Gemma 2 has its base model's architecture.
        const std::string presetId = id == "mixtral-8x7b-v0.1" ? "mixtral-8x7b"
            : id == "gemma-2-9b-it"                            ? "gemma-2-9b"
            : id == "gemma-3-27b-it"                           ? "gemma-3-27b"
                                                               : id.toStdString();
        if (const Model* preset = models().find(presetId)) {
            Model same = *m;
            same.id = preset->id;
            same.name = preset->name;
            same.sources = preset->sources;
            same.notes = preset->notes;
            QCOMPARE(same, *preset);
        }
    }

    // What one token uses of a mixture, by hand. Qwen3-30B-A3B, a layer: attention 2048 · (32 + 2 · 4) · 128 +
    // 32 · 128 · 2048 = 18,874,368, its head norms 256, 8 of the 128 experts at 3 · 2048 · 768 = 4,718,592 each, the
    // router 2048 · 128 = 262,144 and two norms 4,096: 56,889,600; 48 of them, the final norm 2,048 and the untied
    // embeddings 2 · 151,936 · 2,048 = 622,329,856 give 3,353,032,704 (the model card's 3.3B activated). Kimi-K2:
    // 32,861,500,928 (the card's 32B).
    void mixturesStateTheParametersATokenUses()
    {
        const auto qwen = readModelConfig(ROOFLINE_TEST_DATA "/models/Qwen3-30B-A3B/config.json");
        QVERIFY(qwen && qwen->qkNorm == QkNorm::PerHead && !qwen->qkvBias);
        QCOMPARE(qwen->sharedExperts, 0.0);
        QCOMPARE(activeParameters(*qwen), 48 * 56889600.0 + 2048 + 622329856);
        const auto kimi = readModelConfig(ROOFLINE_TEST_DATA "/models/Kimi-K2-Instruct/config.json");
        QVERIFY(kimi && latentAttention(*kimi) && kimi->routerBias);
        QCOMPARE(activeParameters(*kimi), 32861500928.0);
        QVERIFY(kimi->notes.find("read as DeepSeek-V3") == 0);
        // gpt-oss-120b, a layer: attention 2880 · (64 + 2 · 8) · 64 + 64 · 64 · 2880 = 26,542,080, its biases
        // 4096 + 2 · 512 + 2880 = 8,000 and sinks 64; 4 of 128 experts at 2880 · 5760 + 5760 + 2880 · 2880 + 2880 =
        // 24,891,840 each; the router 2880 · 128 + 128 = 368,768; two norms 5,760. 36 of them, the final norm and the
        // lm_head 201,088 · 2,880 = 579,133,440 give the card's 5.13B active without the input embedding.
        const auto oss = readModelConfig(ROOFLINE_TEST_DATA "/models/gpt-oss-120b/config.json");
        QVERIFY(oss && oss->attentionSinks && oss->bias && oss->routerBias);
        QCOMPARE(oss->windowLayers, 18.0);
        QCOMPARE(oss->window, 128.0);
        const double perLayer = 26542080.0 + 8000 + 64 + 4 * 24891840.0 + 368768 + 5760;
        QCOMPARE(activeParameters(*oss) - 201088.0 * 2880, 36 * perLayer + 2880 + 579133440);
        QCOMPARE(activeParameters(*oss) - 201088.0 * 2880, 5132849472.0);
        // The report states both, in its text and its JSON.
        const Analysis a = analyse(modelSession(*chips().find("h100-sxm"), "qwen3-30b-a3b", [](ModelSettings&) {}));
        QVERIFY(modelTotalsText(a).find("30,532,122,624 parameters, 3,353,032,704 a token") != std::string::npos);
    }

    // The 2026 families' own parts, each as transformers lays it out, and the parameters a token uses by hand.
    void familiesOwnPartsAreRead()
    {
        // Llama 4 Scout: experts on every layer (interleave_moe_layer_step 1), an empty no_rope_layers giving every
        // fourth layer no rotary positions, the 36 others chunked by 8,192 with an L2 norm on the query and key. A
        // token uses per layer attention 62,914,560, one routed and the shared expert (2 · 125,829,120), the router
        // 81,920 and the norms 10,240: 314,664,960; 48 of them, the final norm and the embeddings 2,068,971,520 give
        // 17,172,894,720 (the card's 17B active).
        const auto scout = readModelConfig(ROOFLINE_TEST_DATA "/models/Llama-4-Scout-17B-16E/config.json");
        QVERIFY2(scout, qPrintable(errorsOf(scout)));
        QCOMPARE(scout->mlp, 16384.0);
        QCOMPARE(scout->expertMlp, 8192.0);
        QCOMPARE(scout->sharedExperts, 1.0);
        QCOMPARE(mixtureLayers(*scout), 48.0);
        QCOMPARE(scout->chunk, 8192.0);
        QCOMPARE(scout->chunkLayers, 36.0);
        QVERIFY(scout->qkNorm == QkNorm::L2 && scout->window == 0);
        QCOMPARE(activeParameters(*scout), 48 * 314664960.0 + 5120 + 2068971520.0);
        // Maverick's interleaving: experts on layers 1, 3, …, 47 and dense MLPs 16,384 wide on the others.
        Model maverick = *scout;
        maverick.experts = 128;
        maverick.moeInterval = 2;
        QCOMPARE(mixtureLayers(maverick), 24.0);
        // Gemma 3 27B: the sliding window on five layers of six (52 of 62), 1,024 wide; a 128-wide norm on each head's
        // query and key; the vocabulary the file leaves to Gemma3TextConfig.
        const auto gemma = readModelConfig(ROOFLINE_TEST_DATA "/models/gemma-3-27b-it/config.json");
        QVERIFY2(gemma, qPrintable(errorsOf(gemma)));
        QCOMPARE(gemma->windowLayers, 52.0);
        QCOMPARE(gemma->window, 1024.0);
        QCOMPARE(gemma->vocab, 262208.0);
        QVERIFY(gemma->qkNorm == QkNorm::PerHead && gemma->tiedEmbeddings && gemma->geglu);
        QCOMPARE(gemma->layerNorms, 4.0);
        QVERIFY(gemma->notes.find("vision encoder") != std::string::npos);
        // OLMo 2: the query's and key's norms over all heads, 2 · 32 · 128 weights a layer.
        const auto olmo = readModelConfig(ROOFLINE_TEST_DATA "/models/OLMo-2-1124-7B/config.json");
        QVERIFY2(olmo, qPrintable(errorsOf(olmo)));
        QVERIFY(olmo->qkNorm == QkNorm::FullWidth);
        QCOMPARE(qkNormParameters(*olmo), 8192.0);
        // Qwen1.5-MoE: 4 of 60 experts and the shared one a token; a layer's 16,783,360 of attention with its biases,
        // 4 · 8,650,752 routed, the shared 34,603,008, router 122,880 and gate 2,048, norms 4,096: 86,118,400; 24 of
        // them, the final norm and 2 · 151,936 · 2,048 of embeddings give 2,689,173,504 (the card's 2.7B).
        const auto qwen = readModelConfig(ROOFLINE_TEST_DATA "/models/Qwen1.5-MoE-A2.7B-Chat/config.json");
        QVERIFY2(qwen, qPrintable(errorsOf(qwen)));
        QVERIFY(qwen->sharedExpertGate && qwen->qkvBias);
        QCOMPARE(sharedExpertWidth(*qwen), 5632.0);
        QCOMPARE(activeParameters(*qwen), 24 * 86118400.0 + 2048 + 622329856.0);
    }

    // Mistral 7B v0.1 attends over a window of 4,096 tokens on every layer. Qwen2.5 gives a window it does not use
    // (use_sliding_window: false).
    void slidingWindowIsRead()
    {
        const auto mistral = readModelConfig(ROOFLINE_TEST_DATA "/models/Mistral-7B-v0.1/config.json");
        QVERIFY(mistral);
        QCOMPARE(mistral->window, 4096.0);
        QCOMPARE(mistral->windowLayers, 32.0);
        const auto qwen = readModelConfig(ROOFLINE_TEST_DATA "/models/Qwen2.5-7B/config.json");
        QVERIFY(qwen && qwen->notes.empty() && qwen->qkvBias);
        QCOMPARE(qwen->window, 0.0);
    }

    void badConfigsAreLocated_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        const QString llama = QStringLiteral("{\n  \"model_type\": \"llama\",\n  \"num_hidden_layers\": 32,\n"
                                             "  \"hidden_size\": 4096,\n  \"num_attention_heads\": %1,\n"
                                             "  \"num_key_value_heads\": %2,\n  \"intermediate_size\": 11008,\n"
                                             "  \"vocab_size\": 32000%3\n}\n");
        QTest::newRow("a family of another architecture")
            << "{\"model_type\": \"gpt_neox\"}"
            << "config.json:1:16: model_type: 'gpt_neox' is not a family the program reads; it reads llama, mistral, "
               "qwen2, qwen2_moe, qwen3, qwen3_moe, phi3, mixtral, olmo2, deepseek_v2, deepseek_v3, kimi_k2, gemma2, "
               "gemma3, gemma3_text, llama4, llama4_text and gpt_oss";
        // A multimodal configuration's decoder is in text_config, named there.
        QTest::newRow("Gemma 3 without its text_config") << "{\"model_type\": \"gemma3\", \"vision_config\": {}}"
                                                         << "config.json:1:1: text_config: missing";
        QTest::newRow("Llama 4's decoder of another family")
            << "{\"model_type\": \"llama4\", \"text_config\": {\"model_type\": \"llama\"}}"
            << "config.json:1:56: text_config.model_type: expected one of llama4_text, found 'llama'";
        QTest::newRow("a nested field missing")
            << "{\"model_type\": \"gemma3\", \"text_config\": {\"hidden_size\": 64}}"
            << "text_config.num_hidden_layers: missing";
        QTest::newRow("Llama 4's layers without rotary positions, one short")
            << "{\"model_type\": \"llama4_text\", \"num_hidden_layers\": 4, \"hidden_size\": 64, "
               "\"num_attention_heads\": 4, \"intermediate_size\": 32, \"intermediate_size_mlp\": 128, "
               "\"vocab_size\": 100, \"num_local_experts\": 4, \"num_experts_per_tok\": 1, "
               "\"no_rope_layers\": [1, 1, 0]}"
            << "no_rope_layers: expected a list of 0 and 1, one a layer (4)";
        QTest::newRow("Qwen3-MoE's dense layers")
            << "{\"model_type\": \"qwen3_moe\", \"num_hidden_layers\": 4, \"hidden_size\": 64, "
               "\"num_attention_heads\": 4, \"intermediate_size\": 128, \"vocab_size\": 100, \"num_experts\": 8, "
               "\"num_experts_per_tok\": 2, \"moe_intermediate_size\": 32, \"mlp_only_layers\": [0]}"
            << "mlp_only_layers: dense layers among the mixture's are not modelled: the program gives experts to "
               "every layer decoder_sparse_step names (expected [])";
        QTest::newRow("Qwen3-MoE's experts on no layer")
            << "{\"model_type\": \"qwen3_moe\", \"num_hidden_layers\": 4, \"hidden_size\": 64, "
               "\"num_attention_heads\": 4, \"intermediate_size\": 128, \"vocab_size\": 100, \"num_experts\": 8, "
               "\"num_experts_per_tok\": 2, \"moe_intermediate_size\": 32, \"decoder_sparse_step\": 5}"
            << "decoder_sparse_step: experts every 5 layers leave none of the 4 layers with experts";
        const QString deepseek = QString(llama.arg("32", "32",
                                             ",\n  \"n_routed_experts\": 64,\n"
                                             "  \"num_experts_per_tok\": 6,\n"
                                             "  \"moe_intermediate_size\": 1408%1"))
                                     .replace("\"llama\"", "\"deepseek_v2\"");
        const QString latent = ",\n  \"kv_lora_rank\": 512,\n  \"qk_nope_head_dim\": 128,\n"
                               "  \"qk_rope_head_dim\": 64,\n  \"v_head_dim\": 128";
        QTest::newRow("latent attention without its rope dimension")
            << deepseek.arg(QString(latent).replace(",\n  \"qk_rope_head_dim\": 64", ""))
            << "config.json:1:1: qk_rope_head_dim: missing";
        QTest::newRow("experts every other layer")
            << deepseek.arg(latent + ",\n  \"moe_layer_freq\": 2")
            << "config.json:16:21: moe_layer_freq: experts every 2 layers are not modelled";
        QTest::newRow("every layer dense")
            << deepseek.arg(latent + ",\n  \"first_k_dense_replace\": 32")
            << "first_k_dense_replace: 32 dense layers leave none of the 32 layers with experts";
        QTest::newRow("no model_type") << "{\"hidden_size\": 4096}"
                                       << "config.json:1:1: model_type: missing";
        QTest::newRow("a field missing") << llama.arg("32", "8", "").replace("\"vocab_size\": 32000", "\"x\": 1")
                                         << "config.json:1:1: vocab_size: missing";
        QTest::newRow("a required field null")
            << llama.arg("32", "8", "").replace("\"vocab_size\": 32000", "\"vocab_size\": null")
            << "config.json:8:17: vocab_size: expected a number, found null";
        QTest::newRow("heads that do not divide") << llama.arg("30", "30", "")
                                                  << "config.json:5:26: num_attention_heads: 30 heads do not divide "
                                                     "hidden_size 4096";
        QTest::newRow("KV heads that do not divide") << llama.arg("32", "12", "")
                                                     << "config.json:6:26: num_key_value_heads: 12 KV heads do not "
                                                        "divide the 32 heads";
        QTest::newRow("biases on the MLP")
            << llama.arg("32", "8", ",\n  \"mlp_bias\": true")
            << "config.json:9:15: mlp_bias: true is not modelled: biases on the MLP's projections";
        QTest::newRow("another activation") << llama.arg("32", "8", ",\n  \"hidden_act\": \"gelu\"")
                                            << "hidden_act: expected silu (the gated MLP of llama), found 'gelu'";
        QTest::newRow("a fractional count")
            << llama.arg("32.5", "8", "") << "num_attention_heads: expected a whole number from 1 to 16777216";
        QTest::newRow("not JSON") << "{\"model_type\": \"llama\","
                                  << "config.json";
        // JSON read strictly: what a JSON reader would take silently or by accident is refused with its key.
        QTest::newRow("a key twice") << llama.arg("32", "8", ",\n  \"num_hidden_layers\": 40")
                                     << "config.json:9:3: num_hidden_layers: given twice in one object";
        QTest::newRow("a key twice in a nested object")
            << llama.arg("32", "8", ",\n  \"rope_scaling\": {\"factor\": 8.0, \"factor\": 4.0}")
            << "config.json:9:35: rope_scaling.factor: given twice in one object";
        QTest::newRow("a count as text") << QString(llama.arg("32", "8", "")).replace("32,", "\"1k\",")
                                         << "config.json:3:24: num_hidden_layers: expected a number, found '1k' "
                                            "(text: a count in config.json has no quotes)";
        QTest::newRow("a count with a fraction") << llama.arg(
            "32.0", "8", "") << "num_attention_heads: expected a whole number from 1 to 16777216, found '32.0'";
        QTest::newRow("a count with an exponent") << llama.arg(
            "32", "8e0", "") << "num_key_value_heads: expected a whole number from 1 to 16777216, found '8e0'";
        QTest::newRow("a flag as text") << llama.arg("32", "8", ",\n  \"tie_word_embeddings\": \"true\"")
                                        << "config.json:9:26: tie_word_embeddings: expected true or false, found "
                                           "'true' (text: a flag has no quotes)";
        QTest::newRow("an unknown router")
            << deepseek.arg(latent + ",\n  \"topk_method\": \"noaux\"")
            << "config.json:16:18: topk_method: expected one of greedy, group_limited_greedy, noaux_tc, found 'noaux'";
        QTest::newRow("an escape that makes a control character") << llama.arg(
            "32", "8", ",\n  \"torch_dtype\": \"bf\\u001b16\"") << "config.json:9:18: torch_dtype: not text:";
        QTest::newRow("an escape that makes a zero byte")
            << llama.arg("32", "8", ",\n  \"_name_or_path\": \"meta\\u0000llama\"")
            << "config.json:9:20: _name_or_path: not text:";
        QTest::newRow("a bare word") << QString(llama.arg("32", "8", "")).replace("\"llama\"", "llama")
                                     << "config.json:2:17: model_type: not JSON: 'llama' is no number, true, false or "
                                        "null (JSON writes text in double quotes)";
        QTest::newRow("YAML, not JSON") << "model_type: llama\nhidden_size: 4096\n"
                                        << "config.json:1:1: not JSON: an object without braces";
        QTest::newRow("a key without quotes")
            << QString(llama.arg("32", "8", "")).replace("\"hidden_size\"", "hidden_size")
            << "config.json:4:3: hidden_size: not JSON: a key is text in double quotes";
        QTest::newRow("more experts than a preset takes")
            << QString(llama.arg("32", "8", ",\n  \"num_local_experts\": 2048,\n  \"num_experts_per_tok\": 2"))
                   .replace("\"llama\"", "\"mixtral\"")
            << "num_local_experts: expected a whole number from 1 to 1024";
    }
    void badConfigsAreLocated()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        const auto m = parseModelConfig(text.toStdString(), "config.json");
        QVERIFY(!m);
        QVERIFY2(errorsOf(m).contains(message), qPrintable(errorsOf(m)));
    }

    // A configuration in Hugging Face's download cache is named by its repository, not by its commit's folder; an
    // empty _name_or_path (as saved configurations leave it) names nothing and refuses nothing.
    void configFromTheDownloadCache()
    {
        QTemporaryDir dir;
        const QString folder
            = dir.filePath("models--Qwen--Qwen2.5-7B/snapshots/a09a35458c702b33eeacc393d103063234e8bc28");
        QVERIFY(QDir().mkpath(folder));
        QFile in(ROOFLINE_TEST_DATA "/models/Qwen2.5-7B/config.json");
        QVERIFY(in.open(QIODevice::ReadOnly));
        QFile out(folder + "/config.json");
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(in.readAll().replace("{\n", "{\n  \"_name_or_path\": \"\",\n"));
        out.close();
        const auto m = readModelConfig((folder + "/config.json").toStdString());
        QVERIFY2(m, qPrintable(errorsOf(m)));
        QCOMPARE(m->id, std::string("qwen2.5-7b"));
        QCOMPARE(m->name, std::string("Qwen2.5-7B"));
        QCOMPARE(parameterCount(*m), 7615616512.0);
    }

    // A scenario names a model by its config.json, relative to its own folder: the model is the config's, the path
    // is written back as it was given, and a scenario saved in another folder names the same file from there. A
    // config that cannot be read, and a block with both id and config, are refused at model.config.
    void scenariosNameAConfig()
    {
        QTemporaryDir dir;
        QVERIFY(QDir().mkpath(dir.filePath("models/Qwen2.5-7B")) && QDir().mkpath(dir.filePath("slides/week2")));
        QVERIFY(QFile::copy(
            ROOFLINE_TEST_DATA "/models/Qwen2.5-7B/config.json", dir.filePath("models/Qwen2.5-7B/config.json")));
        const std::string scenario = dir.filePath("serving.yaml").toStdString();
        const std::string text
            = "preset: h100-sxm\nmodel:\n  config: models/Qwen2.5-7B/config.json\n  batch: 4\n  tp: 2\n";
        const auto s = opened(text, scenario, library(), models());
        QVERIFY2(s, s ? "" : toString(s.error()).c_str());
        QCOMPARE(s->model->model.id, std::string("qwen2.5-7b"));
        QCOMPARE(parameterCount(s->model->model), 7615616512.0);
        QCOMPARE(s->model->config, std::string("models/Qwen2.5-7B/config.json"));
        QCOMPARE(s->model->tp, 2.0);
        const std::string written = writeScenario(*s);
        QVERIFY2(written.find("config: models/Qwen2.5-7B/config.json") != std::string::npos, written.c_str());
        QVERIFY(written.find("id:") == std::string::npos || written.find("id: qwen") == std::string::npos);
        const auto again = opened(written, scenario, library(), models());
        QVERIFY(again && *again->model == *s->model);
        const std::string moved = dir.filePath("slides/week2/serving.yaml").toStdString();
        QCOMPARE(
            rebasedScenarioPath(s->model->config, scenario, moved), std::string("../../models/Qwen2.5-7B/config.json"));

        const auto missing
            = opened("preset: h100-sxm\nmodel:\n  config: models/none/config.json\n", scenario, library(), models());
        QVERIFY(!missing);
        QVERIFY2(toString(missing.error())
                     .find("serving.yaml:3:11: model.config: cannot read the model from "
                           "'models/none/config.json'")
                != std::string::npos,
            toString(missing.error()).c_str());
        const auto both = opened("preset: h100-sxm\nmodel:\n  id: llama-2-7b\n  config: models/Qwen2.5-7B/"
                                 "config.json\n",
            scenario, library(), models());
        QVERIFY(!both);
        QVERIFY2(toString(both.error()).find("model.config: give the model by its id or by a config.json, not both")
                != std::string::npos,
            toString(both.error()).c_str());
        const auto neither = opened("preset: h100-sxm\nmodel:\n  batch: 4\n", scenario, library(), models());
        QVERIFY(!neither);
        QVERIFY2(toString(neither.error()).find("model.id") != std::string::npos, toString(neither.error()).c_str());
        // A setting the config's model cannot run is named at its key, the model's own problems at config.
        const auto tp = opened("preset: h100-sxm\nmodel:\n  config: models/Qwen2.5-7B/config.json\n  tp: 8\n", scenario,
            library(), models());
        QVERIFY(!tp);
        QVERIFY2(toString(tp.error()).find("model.tp: 8 does not divide the 28 heads") != std::string::npos,
            toString(tp.error()).c_str());
    }

    void configPathsAreTold()
    {
        QVERIFY(isModelConfigPath("models/Qwen2.5-7B/config.json"));
        QVERIFY(isModelConfigPath("CONFIG.JSON"));
        QVERIFY(!isModelConfigPath("llama-2-7b"));
        QVERIFY(!isModelConfigPath("json"));
    }

    // Llama-2-7B, decode, B = 2 sequences with 1023 tokens cached (1024 keys each), bf16 throughout, one chip.
    void llama2DecodeOperationsByHand()
    {
        const Analysis a = analyse(modelSession(roundChip(), "llama-2-7b", [](ModelSettings& s) {
            s.batch = 2;
            s.context = 1023;
        }));
        QVERIFY2(a.model, a.modelProblem.c_str());
        struct Expect {
            const char* id;
            double flops;
            double bytes;
            double repeat;
        };
        // Rows = B = 2. Matmul [2, D]·[D, F]: 2·2·D·F FLOPs; 2·(2·D) + 2·D·F + 2·(2·F) bytes.
        const Expect expected[] = {
            // gather of 2 rows of 4096: read 2·8192, write 2·8192 bytes.
            { "model.embedding", 0, 32768, 1 },
            // RMSNorm [2, 4096]: 4·8192 + 2 FLOPs; read 16384, write 16384, γ 8192 bytes.
            { "model.attn_norm", 32770, 40960, 32 },
            // 4096 → 4096: 67,108,864 FLOPs; 16384 + 33,554,432 + 16384 bytes.
            { "model.q_proj", 67108864, 33587200, 32 },
            { "model.k_proj", 67108864, 33587200, 32 },
            { "model.v_proj", 67108864, 33587200, 32 },
            // 1024 query–key pairs per head: 4·128·32 heads·2·1024 FLOPs. Q and O 2·(2·2·32·128) = 32768 bytes;
            // K and V per token 2·2·32·128 = 16384 bytes, written for the new token (2) and read for 1024 keys (2048).
            { "model.attention", 33554432, 32768 + 16384.0 * 2050, 32 },
            { "model.o_proj", 67108864, 33587200, 32 },
            // [2, 4096] + [2, 4096]: 8192 FLOPs; read 2·16384, write 16384 bytes.
            { "model.attn_residual", 8192, 49152, 32 },
            { "model.mlp_norm", 32770, 40960, 32 },
            // 4096 → 11008: 180,355,072 FLOPs; 16384 + 90,177,536 + 44,032 bytes.
            { "model.up_proj", 180355072, 90237952, 32 },
            { "model.gate_proj", 180355072, 90237952, 32 },
            // SwiGLU over [2, 11008]: 5·22016 FLOPs; read gate and up, write: 3·44032 bytes.
            { "model.activation", 110080, 132096, 32 },
            { "model.down_proj", 180355072, 90237952, 32 },
            { "model.mlp_residual", 8192, 49152, 32 },
            { "model.final_norm", 32770, 40960, 1 },
            // Last position only: [2, 4096]·[4096, 32000]: 524,288,000 FLOPs; 16384 + 262,144,000 + 128,000 bytes.
            { "model.lm_head", 524288000, 262288384, 1 },
        };
        QCOMPARE(a.session.operations.size(), std::size(expected));
        for (const Expect& x : expected) {
            const OperationAnalysis& o = byId(a, x.id);
            QVERIFY2(o.evaluation.ok(), x.id);
            QCOMPARE(o.evaluation.value().flops, x.flops);
            QCOMPARE(hbmBytes(o.evaluation.value()), x.bytes);
            QCOMPARE(a.session.find(x.id)->repeat, x.repeat);
        }
        // Whole model, by the same counts: one layer 843,247,108 FLOPs and 438,994,944 bytes, 32 of them, plus the
        // embedding, the final norm and the lm_head. Every operation is memory-bound on this chip (intensity ≤ 2
        // against a ridge of 100), so T_lower is the bytes over 1e12 B/s.
        QCOMPARE(a.model->flops, 32 * 843247108.0 + 32770 + 524288000);
        const double bytes = 32 * 438994944.0 + 32768 + 40960 + 262288384;
        QCOMPARE(a.model->memoryBytes, bytes);
        QVERIFY(std::abs(a.model->tLower - bytes / 1e12) < 1e-12 * a.model->tLower);
        QCOMPARE(a.model->tNetwork, 0.0);
        // Two sequences, one token each per step.
        QVERIFY(std::abs(a.model->tokensPerSecond - 2 / a.model->tLower) < 1e-9 * a.model->tokensPerSecond);
        // KV cache: 2 (K, V) · 32 layers · 2 sequences · 1024 tokens · 4096 · 2 bytes.
        QCOMPARE(a.model->kvCacheBytes, 2.0 * 32 * 2 * 1024 * 4096 * 2);
        QCOMPARE(a.model->weightsBytes, 2 * 6738415616.0);
    }

    // Block-scaled storage: Llama-2-7B's 6,738,415,616 weights in MXFP4 are 4.25 bits each, 3,579,783,296 bytes
    // (6,738,415,616 / 32 · 17); its KV cache at B = 1, context 4096, with the step's own token, in NVFP4 is
    // 2 · 32 · 4097 · 4096 elements of 4.5 bits, 604,127,232 bytes. The compute stays in bf16, which the H100 has a
    // peak for; no block-scaled one.
    void blockScaledWeightsAndCacheCountTheirScales()
    {
        const Analysis a = analyse(modelSession(*chips().find("h100-sxm"), "llama-2-7b", [](ModelSettings& s) {
            s.batch = 1;
            s.context = 4096;
            s.weights = Dtype::mxfp4;
            s.kvCache = Dtype::nvfp4;
        }));
        QVERIFY2(a.model, a.modelProblem.c_str());
        QCOMPARE(a.model->weightsBytes, 3579783296.0);
        QCOMPARE(a.model->kvCacheBytes, 604127232.0);
        const Analysis computed = analyse(modelSession(
            *chips().find("h100-sxm"), "llama-2-7b", [](ModelSettings& s) { s.activations = Dtype::mxfp8; }));
        QVERIFY(!computed.model);
        QVERIFY2(computed.modelProblem.find("no mxfp8 peak") != std::string::npos, computed.modelProblem.c_str());
    }

    // The serving text's claim: a small decode step reads every weight and the KV cache once. Llama-2-7B, B = 1,
    // S = 4096 on an H100 SXM: the weights read (all but the embedding table, of which one row is gathered) are
    // 2·(6,738,415,616 − 32000·4096) = 13,214,687,232 bytes, the KV cache 2·32·4097·4096·2 = 2,148,007,936 bytes;
    // over 3.35e12 B/s that is 4.586 ms.
    void decodeStepIsWeightsAndKvCacheOverBandwidth()
    {
        const Analysis a = analyse(modelSession(*chips().find("h100-sxm"), "llama-2-7b", [](ModelSettings& s) {
            s.batch = 1;
            s.context = 4096;
        }));
        QVERIFY2(a.model, a.modelProblem.c_str());
        const double expected = (13214687232.0 + 2148007936.0) / 3.35e12;
        QVERIFY2(std::abs(a.model->tLower - expected) < 0.01 * expected,
            qPrintable(QString("T_lower %1 s, expected %2 s").arg(a.model->tLower).arg(expected)));
        QCOMPARE(a.model->kvCacheBytes, 2148007936.0);
        QVERIFY(a.model->fits);
        // (80 GiB − 13,476,831,232 B of weights) / (2,148,007,936 B of KV cache + 60,416 B of activations) = 33.7.
        QCOMPARE(a.model->maxBatch, 33.0);
    }

    // A decode step bound by HBM alone uses all of HBM's bandwidth, never more: Llama 2 7B's at 4 sequences summed its
    // operations' times so that bytes / (T_lower · bandwidth) came out 1.0000000000000002.
    void utilisationNeverPassesOne()
    {
        for (const double batch : { 1.0, 2.0, 3.0, 4.0, 8.0 }) {
            const Analysis a = analyse(modelSession(*chips().find("h100-sxm"), "llama-2-7b", [batch](ModelSettings& s) {
                s.batch = batch;
                s.context = 4096;
            }));
            QVERIFY2(a.model, a.modelProblem.c_str());
            QVERIFY2(a.model->mbu <= 1, qPrintable(QString::number(a.model->mbu, 'g', 17)));
            QVERIFY2(a.model->mbu > 0.999, qPrintable(QString::number(a.model->mbu, 'g', 17)));
            QVERIFY(a.model->mfu <= 1);
        }
    }

    // "Modeling and Scaling Performance with Roofline", its three terms as written, for Llama-3.1-70B decoding 16
    // sequences over 8 H100s on NVLink (450 GB/s one way).
    void servingTextFormulas()
    {
        const Analysis a = analyse(modelSession(*chips().find("h100-sxm"), "llama-3.1-70b", [](ModelSettings& s) {
            s.batch = 16;
            s.tp = 8;
            s.link = "NVLink";
        }));
        QVERIFY2(a.model, a.modelProblem.c_str());
        const ServingText& t = a.model->servingText;
        auto near = [](double x, double y) { return std::abs(x - y) <= 1e-12 * std::abs(y); };
        QVERIFY(near(t.tMem, 85899345920.0 / 3.35e12)); // 80 GiB / 3.35 TB/s = 25.64 ms
        QVERIFY(near(t.tCompute, 2 * 16 * 70553706496.0 / 9.89e14)); // 2.283 ms
        QVERIFY(near(t.tNetwork, 4.0 * 7 * 16 * 8192 * 2 * 80 / 4.5e11)); // 1.305 ms
        QVERIFY(near(t.tNetworkRing, 80 * 2 * (2.0 * 7 / 8 * 16 * 8192 * 2) / 4.5e11)); // 163.1 µs
        QVERIFY(near(t.tNetwork / t.tNetworkRing, 8));
        // The per-layer model's all-reduces are the ring estimate exactly: 160 AllReduces of 16·8192 bf16 elements.
        QVERIFY(near(a.model->tNetwork, t.tNetworkRing));
    }

    // With more chips than KV heads each chip holds whole heads: Llama-3.1-70B (8 KV heads of 128) at TP 16 holds a
    // head in each of its 80 layers' K and V where an even split would hold half of one: 80·2·8192·128·½ =
    // 83,886,080 parameters over 70,553,706,496 / 16, so 8,819,213,312 + 167,772,160 = 8,986,985,472 bytes in bf16,
    // what its generated projections read. At a context of 1024 that leaves room for 1,830 sequences, not 1,834. At
    // TP 8 (one head a chip) the even split is exact.
    void weightsFollowTheHeadsEachChipHolds()
    {
        auto at = [](double tp) {
            return analyse(modelSession(*chips().find("h100-sxm"), "llama-3.1-70b", [tp](ModelSettings& s) {
                s.tp = tp;
                s.link = "NVLink";
                s.context = 1024;
            }));
        };
        const Analysis sixteen = at(16);
        QVERIFY2(sixteen.model, sixteen.modelProblem.c_str());
        QCOMPARE(sixteen.model->weightsBytes, 8986985472.0);
        QCOMPARE(sixteen.model->maxBatch, 1830.0);
        const Analysis eight = at(8);
        QVERIFY2(eight.model, eight.modelProblem.c_str());
        QCOMPARE(eight.model->weightsBytes, 70553706496.0 * 2 / 8);
    }

    void aModelThatDoesNotFitIsSaidSo()
    {
        // Llama-3.1-405B in bf16 on one 80 GiB H100: 812 GB of weights.
        const Analysis a = analyse(modelSession(*chips().find("h100-sxm"), "llama-3.1-405b", [](ModelSettings&) {}));
        QVERIFY2(a.model, a.modelProblem.c_str());
        QVERIFY(!a.model->fits);
        QCOMPARE(a.model->maxBatch, 0.0);
        QVERIFY(std::isfinite(a.model->tLower) && a.model->tLower > 0);
        // A batch too large for the KV cache, on a model whose weights fit.
        const Analysis big = analyse(modelSession(*chips().find("h100-sxm"), "llama-2-7b", [](ModelSettings& s) {
            s.batch = 1024;
            s.context = 32768;
        }));
        QVERIFY(big.model && !big.model->fits);
        QVERIFY(std::isfinite(big.model->tLower) && big.model->tLower > 0);
    }

    // Decode turns compute-bound as a whole only where each sequence's own traffic (its KV cache and activations)
    // costs less than its math. Llama-2-7B (32 KV heads) at S = 1,024 reads 2·32·4096·2 B · 1,025 = 537 MB of KV cache
    // per sequence, 160 µs on an H100, against 2·6.7e9 / 989e12 = 13.6 µs of math: never. Llama-3.1-8B (8 KV heads)
    // at S = 128 reads 2·32·1024·2 B · 129 = 16.9 MB (5.0 µs) against 2·7.5e9 / 989e12 = 15.2 µs of math, so past
    // the 16.1 GB of weights (4.79 ms) B ≈ 4.79 ms / (15.2 − 5.0 − a few µs of activations) µs: between 470 and 900.
    void batchSweepFindsWhereDecodeTurnsComputeBound()
    {
        const Hardware& h100 = *chips().find("h100-sxm");
        const BatchSweep never
            = sweepBatch(modelSession(h100, "llama-2-7b", [](ModelSettings& s) { s.context = 1024; }), 1024);
        QVERIFY(!never.computeBound);
        QCOMPARE(never.points.size(), std::size_t(11)); // 1, 2, 4, ..., 1024
        QCOMPARE(never.points.back().batch, 1024.0);
        // Tokens per second grow with the batch (the weights are read once for all sequences) ...
        for (std::size_t i = 1; i < never.points.size(); ++i)
            QVERIFY(never.points[i].tokensPerSecond > never.points[i - 1].tokensPerSecond);
        // ... and each point is the step the window shows at that batch; past 134 sequences they no longer fit.
        const Analysis at64 = analyse(modelSession(h100, "llama-2-7b", [](ModelSettings& s) {
            s.context = 1024;
            s.batch = 64;
        }));
        QCOMPARE(never.points[6].tokensPerSecond, at64.model->tokensPerSecond);
        QVERIFY(never.points[7].fits && !never.points[8].fits); // 128 fit, 256 do not

        const auto llama3 = [&](double batch) {
            return modelSession(h100, "llama-3.1-8b", [batch](ModelSettings& s) {
                s.context = 128;
                s.batch = batch;
            });
        };
        const BatchSweep sweep = sweepBatch(llama3(1), 16);
        QVERIFY(sweep.computeBound);
        const double b = *sweep.computeBound;
        QVERIFY2(b > 470 && b < 900, qPrintable(QString::number(b)));
        const ModelTotals at = *analyse(llama3(b)).model;
        const ModelTotals before = *analyse(llama3(b - 1)).model;
        QVERIFY(at.tMath >= at.tMemory && before.tMath < before.tMemory);
        QCOMPARE(sweep.points.back().batch, 16.0);
        QVERIFY(sweepBatch(Session {}, 16).points.empty());
    }

    // Longer sequences at a fixed batch: Llama-2-7B decoding one sequence on an H100 fits while its 13,476,831,232
    // bytes of weights, 2·32·4096·2 = 524,288 bytes of KV cache per cached token (S + 1 of them) and 60,416 bytes of
    // activations fit 85,899,345,920: S + 1 ≤ 72,422,454,272 / 524,288 = 138,134.3, so S ≤ 138,133.
    void contextSweepFindsTheLongestThatFits()
    {
        const Hardware& h100 = *chips().find("h100-sxm");
        const ContextSweep sweep = sweepContext(modelSession(h100, "llama-2-7b", [](ModelSettings&) {}), 4096);
        QCOMPARE(sweep.setting, std::string_view("context"));
        QCOMPARE(sweep.longestFitting, std::optional<double>(138133));
        // To twice the longest that fits: 1, 2, 4, ..., 262,144 and 276,266.
        QCOMPARE(sweep.points.front().tokens, 1.0);
        QCOMPARE(sweep.points.back().tokens, 2 * 138133.0);
        for (std::size_t i = 1; i < sweep.points.size(); ++i) {
            // Each sequence reads its whole cache: a longer context is a slower step.
            QVERIFY(sweep.points[i].tokensPerSecond < sweep.points[i - 1].tokensPerSecond);
            QCOMPARE(sweep.points[i].fits, sweep.points[i].tokens <= 138133);
        }
        // A prefill sweeps its prompt.
        const ContextSweep prefill
            = sweepContext(modelSession(h100, "gpt2", [](ModelSettings& s) { s.phase = Phase::Prefill; }), 1024);
        QCOMPARE(prefill.setting, std::string_view("prompt"));
        QVERIFY(prefill.longestFitting && *prefill.longestFitting > 1024);
        QVERIFY(sweepContext(Session {}, 16).points.empty());
    }

    void prefillCountsTheCausalPairsOnce()
    {
        // Prefill of P = 4 tokens, B = 1: pairs 4·5/2 = 10 per head; fused attention FLOPs 4·128·32·10.
        const Analysis a = analyse(modelSession(roundChip(), "llama-2-7b", [](ModelSettings& s) {
            s.phase = Phase::Prefill;
            s.prompt = 4;
        }));
        QVERIFY2(a.model, a.modelProblem.c_str());
        QCOMPARE(byId(a, "model.attention").evaluation.value().flops, 4.0 * 128 * 32 * 10);
        // Projections see every prompt token; the lm_head only the last.
        QCOMPARE(numberParam(a.session.find("model.q_proj")->op, "B"), std::optional<double>(4));
        QCOMPARE(numberParam(a.session.find("model.lm_head")->op, "B"), std::optional<double>(1));
        QCOMPARE(a.model->timeToFirstToken, a.model->tLower);
    }

    void tensorParallelismAddsTwoAllReducesPerLayer()
    {
        const Analysis a = analyse(modelSession(roundChip(), "llama-3.1-8b", [](ModelSettings& s) { s.tp = 8; }));
        QVERIFY2(a.model, a.modelProblem.c_str());
        // Each chip holds 32/8 query heads and the 8/8 = 1 KV head: q 4096 → 512, k 4096 → 128.
        QCOMPARE(numberParam(a.session.find("model.q_proj")->op, "F"), std::optional<double>(512));
        QCOMPARE(numberParam(a.session.find("model.k_proj")->op, "F"), std::optional<double>(128));
        for (const char* id : { "model.attn_allreduce", "model.mlp_allreduce" }) {
            const Operation* op = a.session.find(id);
            QVERIFY(op);
            QCOMPARE(op->repeat, 32.0);
            // 2·7/8·4096·2 bytes over the 1e11 B/s link.
            QCOMPARE(byId(a, id).evaluation.value().resources[0].bytes, 2.0 * 7 / 8 * 4096 * 2);
        }
    }

    void scenariosKeepTheSettingsNotTheOperations()
    {
        Session s = modelSession(*chips().find("h100-sxm"), "llama-3.1-70b", [](ModelSettings& m) {
            m.tp = 8;
            m.link = "NVLink";
            m.batch = 16;
            m.weights = Dtype::int8;
            m.kvCache = Dtype::fp8;
        });
        s.name = "70B";
        const Analysis a = analyse(s);
        const std::string text = writeScenario(a.session);
        QVERIFY(text.find("model.q_proj") == std::string::npos);
        const auto back = parseScenario(text, "saved.yaml", chips(), models());
        QVERIFY2(back, back ? "" : toString(back.error()).c_str());
        QCOMPARE(writeScenario(*back), text);
        QVERIFY(back->model == s.model);
        // Analysing an analysed session makes the same operations, not twice as many.
        QCOMPARE(analyse(a.session).session.operations, a.session.operations);
    }

    void inconsistentModelFilesAreLocated_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("message");
        QTest::newRow("heads do not divide hidden_size") << QString::fromStdString(
            llamaFile("30", "30")) << "m.yaml:5:8: heads: 30 heads do not divide hidden_size 4096";
        QTest::newRow("KV heads do not divide heads") << QString::fromStdString(
            llamaFile("32", "12")) << "m.yaml:6:11: kv_heads: 12 KV heads do not divide the 32 heads";
        QTest::newRow("a stated count the fields do not give")
            << QString::fromStdString(llamaFile() + "parameters: 7000000000\n")
            << "m.yaml:10:13: parameters: the file states 7000000000 parameters, but its fields give 6738415616";
        QTest::newRow("a fractional layer count") << QString::fromStdString(
            "id: t\nname: T\nlayers: 1.5\nhidden_size: 64\nheads: 1\nmlp_size: 1\nvocab: 1\n"
            "sources: [x]\n") << "m.yaml:3:9: layers: expected a whole number from 1 to 16777216, found '1.5'";
        QTest::newRow("three norms a layer") << QString::fromStdString(llamaFile() + "layer_norms: 3\n")
                                             << "m.yaml:10:14: layer_norms: expected 2 (before the attention and the "
                                                "MLP) or 4 (after them too), found 3";
        QTest::newRow("a query latent without latent attention")
            << QString::fromStdString(llamaFile() + "q_lora_rank: 1536\n")
            << "q_lora_rank: a query latent (q_lora_rank) without latent attention's kv_lora_rank";
        QTest::newRow("shared experts without experts")
            << QString::fromStdString(llamaFile() + "shared_experts: 1\n")
            << "m.yaml:10:17: shared_experts: dense layers, shared experts and an expert width describe a mixture of "
               "experts, and the model has no experts";
        QTest::newRow("more window layers than layers")
            << QString::fromStdString(llamaFile() + "sliding_window: 4096\nwindow_layers: 33\n")
            << "window_layers: 33 layers with a window, but the model has 32";
    }
    void inconsistentModelFilesAreLocated()
    {
        QFETCH(QString, file);
        QFETCH(QString, message);
        const auto m = parseModel(file.toStdString(), "m.yaml", "m");
        QVERIFY(!m);
        QVERIFY2(errorsOf(m).contains(message), qPrintable(errorsOf(m)));
    }

    void settingsThatCannotRunAreLocated_data()
    {
        QTest::addColumn<QString>("block");
        QTest::addColumn<QString>("message");
        QTest::newRow("tp not dividing the heads")
            << "  id: llama-2-7b\n  tp: 3\n"
            << "s.yaml:4:7: model.tp: 3 does not divide the 32 heads of Llama 2 7B";
        QTest::newRow("unknown model") << "  id: llama-9\n"
                                       << "s.yaml:3:7: model.id: no model with id 'llama-9'";
        QTest::newRow("zero batch") << "  id: gpt2\n  batch: 0\n"
                                    << "s.yaml:4:10: model.batch: expected a whole number";
        QTest::newRow("no such link") << "  id: gpt2\n  link: UPI\n"
                                      << "s.yaml:4:9: model.link: NVIDIA H100 SXM has no link named 'UPI'";
        QTest::newRow("unknown setting") << "  id: gpt2\n  batchsize: 4\n"
                                         << "s.yaml:4:14: model.batchsize: unknown model setting";
        // Expert parallelism and latent attention (test_mixtures counts what they do).
        QTest::newRow("ep not dividing the experts")
            << "  id: deepseek-v3\n  ep: 3\n"
            << "s.yaml:4:7: model.ep: 3 does not divide the 256 experts of DeepSeek-V3";
        // Settings with nothing to act on, checked once all are given.
        QTest::newRow("a link with tp 1") << "  id: llama-2-7b\n  link: NVLink\n"
                                          << "s.yaml:4:3: model.link: with tp 1 there is no tensor-parallel all-reduce "
                                             "for it to carry (give tp too)";
        QTest::newRow("ep_link with ep 1") << "  id: deepseek-v3\n  ep_link: NVLink\n"
                                           << "s.yaml:4:3: model.ep_link: with ep 1 there is no experts' all-to-all";
        QTest::newRow("dp_link with dp 1") << "  id: llama-2-7b\n  phase: train\n  dp_link: IB\n"
                                           << "s.yaml:5:3: model.dp_link: with dp 1 there is no gradient all-reduce";
        QTest::newRow("latent on a dense model")
            << "  id: llama-2-7b\n  latent: absorbed\n"
            << "s.yaml:4:3: model.latent: Llama 2 7B has no latent attention to absorb or expand";
        QTest::newRow("imbalance on a dense model") << "  id: llama-2-7b\n  imbalance: 1.5\n"
                                                    << "model.imbalance: Llama 2 7B has no experts";
        QTest::newRow("ep on a dense model") << "  id: llama-2-7b\n  ep: 2\n"
                                             << "s.yaml:4:7: model.ep: Llama 2 7B has no experts to split";
        QTest::newRow("ep not a multiple of tp") << "  id: deepseek-v3\n  tp: 8\n  ep: 4\n"
                                                 << "model.ep: 4 GPUs do not split into tensor-parallel groups of tp 8";
        QTest::newRow("a batch the groups do not share")
            << "  id: deepseek-v3\n  batch: 12\n  ep: 8\n"
            << "model.batch: 12 sequences do not split evenly over the 8 tensor-parallel groups of ep 8";
        QTest::newRow("ep in a training step") << "  id: deepseek-v3\n  phase: train\n  ep: 8\n"
                                               << "model.ep: expert parallelism is modelled for inference";
        QTest::newRow("imbalance below 1") << "  id: deepseek-v3\n  imbalance: 0.5\n"
                                           << "model.imbalance: expected the busiest chip's tokens over the mean";
        QTest::newRow("unknown latent mode") << "  id: deepseek-v3\n  latent: compressed\n"
                                             << "model.latent: expected auto";
        QTest::newRow("an imbalance without expert parallelism")
            << "  id: deepseek-v3\n  imbalance: 1.5\n"
            << "model.imbalance: the busiest expert-parallel chip's share, and ep is 1";
        QTest::newRow("latent attention materialised")
            << "  id: deepseek-v3\n  phase: prefill\n  attention: materialised\n"
            << "model.attention: latent attention is always fused";
        QTest::newRow("latent absorbed in a training step") << "  id: deepseek-v3\n  phase: train\n  latent: absorbed\n"
                                                            << "model.latent: a training step expands the latent";
    }
    void settingsThatCannotRunAreLocated()
    {
        QFETCH(QString, block);
        QFETCH(QString, message);
        const QString errors = testing::modelBlockErrors(block);
        QVERIFY(!errors.isEmpty());
        QVERIFY2(errors.contains(message), qPrintable(errors));
    }

    // A link given before its parallelism, or after: the same settings, each taken.
    void settingsApplyInAnyOrder()
    {
        for (const char* block :
            { "  id: llama-2-7b\n  link: NVLink\n  tp: 2\n", "  id: llama-2-7b\n  tp: 2\n  link: NVLink\n" })
            QVERIFY2(testing::modelBlockErrors(QString::fromLatin1(block)).isEmpty(), block);
    }
};

QTEST_GUILESS_MAIN(TestModels)
#include "test_models.moc"
