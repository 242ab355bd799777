// SPDX-License-Identifier: GPL-3.0-or-later
#include "files/hf_config.h"

#include "base/yaml_reader.h"
#include "files/config_fields.h"
#include "files/model_presets.h"
#include "files/presets.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <initializer_list>

namespace roofline {

namespace {

// The families whose layers the program models: pre-norm decoders with RMSNorm, rotary positions, grouped-query
// attention and a gated (SwiGLU) MLP; Qwen2 adds biases to the query, key and value projections, Qwen3 a norm on each
// head's query and key, Mixtral and Qwen3-MoE replace the MLP with experts and a router (Qwen3-MoE's fine-grained,
// with no shared one), Qwen2-MoE adds a shared expert of its own width behind a gate; Phi-3 fuses the query, key and
// value projections into one matrix and the gate and up ones into another, the same weights and FLOPs as apart;
// DeepSeek-V2 and -V3 have latent attention and fine-grained experts beside shared ones, after dense first layers.
// Kimi-K2 is DeepSeek-V3's architecture under another name. OLMo 2 puts its norms after the sublayers and normalises
// the query and key over all heads; Gemma 2 and 3 have GeGLU, four norms a layer and windows on most layers; Llama 4
// has a routed and a shared expert on interleaved layers, chunked attention on its rotary layers. Gemma 3 and Llama 4
// nest their decoder's fields in text_config beside a vision encoder.
constexpr std::array kFamilies { std::string_view("llama"), std::string_view("mistral"), std::string_view("qwen2"),
    std::string_view("qwen2_moe"), std::string_view("qwen3"), std::string_view("qwen3_moe"), std::string_view("phi3"),
    std::string_view("mixtral"), std::string_view("olmo2"), std::string_view("deepseek_v2"),
    std::string_view("deepseek_v3"), std::string_view("kimi_k2"), std::string_view("gemma2"),
    std::string_view("gemma3"), std::string_view("gemma3_text"), std::string_view("llama4"),
    std::string_view("llama4_text"), std::string_view("gpt_oss") };
constexpr std::string_view kFamilyList = "llama, mistral, qwen2, qwen2_moe, qwen3, qwen3_moe, phi3, mixtral, olmo2, "
                                         "deepseek_v2, deepseek_v3, kimi_k2, gemma2, gemma3, gemma3_text, llama4, "
                                         "llama4_text and gpt_oss";

// The folder that names the model: the file's own, or for a file in Hugging Face's download cache
// (".../models--Qwen--Qwen2.5-7B/snapshots/COMMIT/config.json") the repository's name.
std::string modelFolderName(const std::string& file)
{
    std::error_code error;
    std::filesystem::path folder = std::filesystem::weakly_canonical(file, error).parent_path();
    if (error)
        folder = std::filesystem::path(file).parent_path();
    if (folder.parent_path().filename() == "snapshots") {
        const std::string repository = folder.parent_path().parent_path().filename().string();
        if (const std::size_t at = repository.rfind("--"); repository.starts_with("models--") && at > 6)
            return repository.substr(at + 2);
    }
    return folder.filename().string();
}

// "Qwen2.5-7B" -> "qwen2.5-7b"; every character an id does not take becomes '-'; "config" when no id is left.
std::string idOf(std::string name)
{
    for (char& c : name) {
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '_')
            c = '-';
    }
    const bool dots = name.find_first_not_of('.') == std::string::npos;
    return dots || identifierProblem(name) ? std::string("config") : name;
}

// What the chart leaves out of a family, or draws otherwise than its checkpoint holds it.
std::string notesOf(std::string_view family, std::string_view type)
{
    if (family == "gemma2")
        return "the attention logits' and the final logits' soft-capping (tanh) and the embedding's scale by "
               "√hidden are not counted: a few FLOPs an element beside the matmuls";
    if (family == "gemma3_text")
        return std::string(type == "gemma3" ? "the text decoder alone: the vision encoder and its projector are not "
                                              "counted; "
                                            : "")
            + "the embedding's scale by √hidden is not counted: a few FLOPs an element beside the matmuls";
    if (family == "llama4_text")
        return std::string(type == "llama4" ? "the text decoder alone: the vision encoder and its projector are not "
                                              "counted; "
                                            : "")
            + "the layers without rotary positions attend to everything with a temperature on the query, a few FLOPs "
              "an element";
    if (family == "olmo2")
        return "the norms come after the attention and the MLP, where the others' come before them: the same "
               "elements and weights, drawn under the same names";
    if (family == "qwen2_moe")
        return "the shared expert's sigmoid gate is one more column of the router's matmul";
    if (family == "phi3")
        return "the query, key and value projections are one matrix in the checkpoint (qkv_proj), the gate and up "
               "projections another (gate_up_proj): drawn apart here, with the same weights, FLOPs and bytes";
    if (family == "gpt_oss")
        return "the experts ship in MXFP4 (4.25 bits a weight with its block scales), the rest in bf16: one weights "
               "dtype counts them all, so weights mxfp4 counts the attention's weights at 4.25 bits too; the sinks' "
               "logits and the SwiGLU's clamp are a few FLOPs an element beside the matmuls";
    if (type == "kimi_k2")
        return "read as DeepSeek-V3, the architecture its configuration names (DeepseekV3ForCausalLM)";
    return {};
}

} // namespace

bool isModelConfigPath(std::string_view value)
{
    constexpr std::string_view suffix = ".json";
    return value.size() >= suffix.size()
        && std::equal(suffix.begin(), suffix.end(), value.end() - suffix.size(),
            [](char a, char b) { return a == std::tolower(static_cast<unsigned char>(b)); });
}

Expected<Model, Diagnostics> parseModelConfig(std::string_view text, const std::string& file)
{
    using Result = Expected<Model, Diagnostics>;
    YamlReader r(file, YamlReader::Syntax::Json);
    const std::optional<YAML::Node> root = r.load(text);
    if (!root)
        return Result::failure(r.diagnostics());
    const std::optional<YAML::Node> typeNode = r.child(*root, {}, "model_type", true);
    if (!typeNode)
        return Result::failure(r.diagnostics());
    const std::optional<std::string> type = r.text(*typeNode, "model_type");
    if (!type)
        return Result::failure(r.diagnostics());
    if (std::find(kFamilies.begin(), kFamilies.end(), *type) == kFamilies.end()) {
        r.error(*typeNode, "model_type",
            quoteInput(*type) + " is not a family the program reads; it reads " + std::string(kFamilyList));
        return Result::failure(r.diagnostics());
    }
    // Kimi-K2's configuration names DeepSeek-V3's architecture (DeepseekV3ForCausalLM) and its fields; Gemma 3's and
    // Llama 4's multimodal ones hold their decoder's in text_config, with the family's text model's type.
    std::string family = *type == "kimi_k2" ? "deepseek_v3" : *type;
    const bool nested = family == "gemma3" || family == "llama4";
    ConfigObject top { *root, {} };
    ConfigObject fields = top;
    if (nested) {
        const std::optional<YAML::Node> textConfig = r.child(*root, {}, "text_config", true);
        if (!textConfig)
            return Result::failure(r.diagnostics());
        if (!textConfig->IsMap()) {
            r.error(*textConfig, "text_config", "expected the decoder's fields, found " + r.describe(*textConfig));
            return Result::failure(r.diagnostics());
        }
        fields = { *textConfig, "text_config" };
        family += "_text";
        if (const auto inner = configChoice(r, fields, "model_type", { family }); !inner && r.failed())
            return Result::failure(r.diagnostics());
    }
    const bool qwen3 = family == "qwen3" || family == "qwen3_moe";
    const bool qwenMixture = family == "qwen2_moe" || family == "qwen3_moe";
    // gpt-oss: biases on every projection (the attention's four, each expert's, the router's), a sink per head in
    // each softmax, and a window on the layers layer_types calls sliding.
    const bool gptOss = family == "gpt_oss";
    const bool llama4 = family == "llama4_text";
    const bool mixture = family == "mixtral" || qwenMixture || gptOss || llama4;
    const bool deepseek = family == "deepseek_v2" || family == "deepseek_v3";
    // Gemma 2 and 3: a GELU-gated MLP, norms after the attention and the MLP as well as before, and the lm_head tied
    // to the embedding unless the file says otherwise. Gemma 2's sliding window is on every other layer from the
    // first (transformers' Gemma2: layer i has the window when i is even), Gemma 3's on five layers of six.
    const bool gemma3 = family == "gemma3_text";
    const bool gemma = family == "gemma2" || gemma3;

    Model m;
    const std::string folder = modelFolderName(file);
    m.id = idOf(folder);
    // The name: the repository's (the last part of `_name_or_path`, which a saved configuration may leave empty or
    // set to a local folder), else the folder's, else the family's.
    m.name = m.id == "config" ? std::string() : folder;
    if (const std::optional<YAML::Node> n = r.child(*root, {}, "_name_or_path", false); n && n->IsScalar()) {
        const std::string path = n->Scalar();
        const std::size_t slash = path.find_last_of("/\\");
        const std::string last = slash == std::string::npos ? path : path.substr(slash + 1);
        if (!last.empty() && last.size() <= kMaxNameBytes && !notOneLineOfText(last))
            m.name = last;
    }
    if (m.name.empty() || m.name.size() > kMaxNameBytes || notOneLineOfText(m.name))
        m.name = *type;
    // Gemma 3's text configuration leaves to transformers' Gemma3TextConfig what the published files do not state
    // (gemma-3-27b-it gives no vocab_size): its defaults, as the model is loaded.
    const auto countOr = [&](std::string_view key, bool required, std::optional<double> fallback) {
        const std::optional<double> v = configCount(r, fields, key, required && !fallback);
        return v ? v : (configField(r, fields, key, false) ? std::nullopt : fallback);
    };
    const auto layers = configCount(r, fields, "num_hidden_layers", true);
    const auto hidden = configCount(r, fields, "hidden_size", true);
    const auto heads = configCount(r, fields, "num_attention_heads", true);
    const auto kvHeads = configCount(r, fields, "num_key_value_heads", false);
    const auto headDim = countOr("head_dim", false, gemma3 ? std::optional<double>(256) : std::nullopt);
    // Llama 4's intermediate_size is an expert's width (and its shared expert's); its dense layers' is
    // intermediate_size_mlp.
    const auto mlp
        = llama4 ? countOr("intermediate_size_mlp", true, 16384) : configCount(r, fields, "intermediate_size", true);
    const auto vocab = countOr("vocab_size", true, gemma3 ? std::optional<double>(262208) : std::nullopt);
    // Experts as a model preset takes them: 1 to 1024.
    const auto expertCount = [&r, &fields](std::string_view key) -> std::optional<double> {
        const std::optional<YAML::Node> n = configField(r, fields, key, true);
        return n ? jsonCount(r, *n, fields.field(key), 1, kMaxExperts) : std::nullopt;
    };
    const auto experts = family == "mixtral" || gptOss || llama4 ? expertCount("num_local_experts")
        : qwenMixture                                            ? expertCount("num_experts")
        : deepseek                                               ? expertCount("n_routed_experts")
                                                                 : std::nullopt;
    const auto perToken = mixture || deepseek ? expertCount("num_experts_per_tok") : std::nullopt;
    // DeepSeek's fine-grained experts and latent attention. A query latent of null projects the query directly
    // (DeepSeek-V2-Lite).
    std::optional<double> expertMlp, denseLayers, shared, sharedMlp, kvLora, qLora, nope, rope, valueDim;
    double moeInterval = 1;
    bool routerBias = false;
    if (qwenMixture) {
        // Fine-grained experts on the layers i with (i + 1) a multiple of decoder_sparse_step, as transformers'
        // Qwen2MoeConfig and Qwen3MoeConfig lay them out, unless mlp_only_layers lists the layer. Qwen2-MoE's shared
        // expert has a width of its own and a sigmoid gate; Qwen3-MoE has none.
        expertMlp = configCount(r, fields, "moe_intermediate_size", true);
        if (const auto n = configField(r, fields, "decoder_sparse_step", false))
            moeInterval = jsonCount(r, *n, "decoder_sparse_step", 1, kMaxModelCount).value_or(1);
        if (const auto n = configField(r, fields, "mlp_only_layers", false); n && !(n->IsSequence() && n->size() == 0))
            r.error(*n, "mlp_only_layers",
                "dense layers among the mixture's are not modelled: the program gives experts to every layer "
                "decoder_sparse_step names (expected [])");
        if (family == "qwen2_moe")
            if (const auto n = configField(r, fields, "shared_expert_intermediate_size", false)) {
                sharedMlp = jsonCount(r, *n, "shared_expert_intermediate_size", 0, kMaxModelCount);
                shared = sharedMlp.value_or(0) > 0 ? 1 : 0;
            }
    }
    if (llama4) {
        // A routed expert (or k) beside a shared one of the same width, on the layers i with (i + 1) a multiple of
        // interleave_moe_layer_step (transformers' Llama4TextConfig: moe_layers); a dense MLP on the others.
        expertMlp = configCount(r, fields, "intermediate_size", true);
        shared = 1;
        if (const auto step = configCount(r, fields, "interleave_moe_layer_step", false))
            moeInterval = *step;
    }
    if (deepseek) {
        expertMlp = configCount(r, fields, "moe_intermediate_size", true);
        if (const auto n = configField(r, fields, "n_shared_experts", false))
            shared = jsonCount(r, *n, "n_shared_experts", 0, kMaxExperts);
        if (const auto n = configField(r, fields, "first_k_dense_replace", false))
            denseLayers = jsonCount(r, *n, "first_k_dense_replace", 0, kMaxModelCount);
        if (const auto n = configField(r, fields, "moe_layer_freq", false))
            if (const auto every = jsonCount(r, *n, "moe_layer_freq", 1, kMaxModelCount); every && *every != 1)
                r.error(*n, "moe_layer_freq",
                    "experts every " + wholeText(*every)
                        + " layers are not modelled: the program gives every layer after the dense ones experts");
        kvLora = configCount(r, fields, "kv_lora_rank", true);
        qLora = configCount(r, fields, "q_lora_rank", false);
        nope = configCount(r, fields, "qk_nope_head_dim", true);
        rope = configCount(r, fields, "qk_rope_head_dim", true);
        valueDim = configCount(r, fields, "v_head_dim", true);
        // DeepSeek-V3's router without auxiliary loss adds a learned bias per expert to its scores. DeepSeek's
        // configurations name three routers (V2-Lite greedy, V2 group_limited_greedy, V3 noaux_tc); another is a typo.
        const std::optional<std::string> topk
            = configChoice(r, fields, "topk_method", { "greedy", "group_limited_greedy", "noaux_tc" });
        routerBias = topk.value_or(family == "deepseek_v3" ? "noaux_tc" : "greedy") == "noaux_tc";
    }
    // A multimodal model's tie is its own, at the top (Llama 4's false); else the decoder's.
    const auto tied = configFlag(r, nested && (*root)["tie_word_embeddings"] ? top : fields, "tie_word_embeddings");
    // Llama's optional biases: on the attention's four projections, or on the MLP's. Neither is modelled; the
    // published Llama models have none.
    for (const std::string_view key : { "attention_bias", "mlp_bias" })
        if (const auto bias = configFlag(r, fields, key); bias && *bias && !gptOss)
            r.error(fields.node[std::string(key)], fields.field(key),
                std::string("true is not modelled: biases on the ")
                    + (key == "mlp_bias" ? "MLP's projections" : "attention's four projections"));
    // Gemma names its activation hidden_activation (and hidden_act, which transformers ignores for it).
    const std::string actKey = gemma ? "hidden_activation" : "hidden_act";
    if (auto act = configField(r, fields, actKey, false))
        if (auto v = r.text(*act, fields.field(actKey))) {
            const bool known = gemma ? *v == "gelu_pytorch_tanh" || *v == "gelu_tanh" || *v == "gelu"
                                     : *v == "silu" || *v == "swish";
            if (!known)
                r.error(*act, fields.field(actKey),
                    std::string("expected ") + (gemma ? "gelu_pytorch_tanh" : "silu") + " (the gated MLP of " + *type
                        + "), found " + quoteInput(*v));
        }
    // A sliding window the model uses: on every layer of Mistral's and Phi-3's when given (Mistral 7B v0.1's 4096;
    // Mixtral's is null), Qwen2's and Qwen3's only when use_sliding_window says so and on the layers from
    // max_window_layers on (as transformers' Qwen2Config and Qwen3Config lay them out). DeepSeek's, OLMo 2's and
    // Llama 4's have none.
    std::optional<double> window;
    double windowFrom = 0;
    const bool qwen = family == "qwen2" || qwen3 || qwenMixture;
    const bool windowUsed = !deepseek && !llama4 && family != "olmo2"
        && (!qwen || configFlag(r, fields, "use_sliding_window").value_or(false));
    if (windowUsed)
        window = countOr("sliding_window", gptOss, gemma3 ? std::optional<double>(4096) : std::nullopt);
    // gpt-oss and Gemma 3 name each layer's attention: the sliding ones have the window. Gemma 3's files before
    // layer_types give sliding_window_pattern (6: five sliding layers, then a global one).
    std::optional<double> slidingLayers;
    if (gptOss || gemma3)
        slidingLayers = configLayerCount(r, fields, "layer_types", layers.value_or(0),
            { "sliding_attention", "full_attention" }, "sliding_attention");
    if (gptOss && !slidingLayers && !r.failed())
        r.error(fields.node, "layer_types", "missing");
    if (gemma3 && !slidingLayers && layers) {
        const auto pattern = countOr("sliding_window_pattern", false, 6);
        slidingLayers = pattern ? *layers - std::floor(*layers / *pattern) : 0;
    }
    if (window && qwen)
        if (const auto n = configField(r, fields, "max_window_layers", false))
            windowFrom = jsonCount(r, *n, "max_window_layers", 0, kMaxModelCount).value_or(0);
    // Llama 4's chunked attention, on the layers with rotary positions: no_rope_layers holds 1 for such a layer, 0
    // for one without (empty: every no_rope_layer_interval-th layer has none).
    std::optional<double> chunk;
    double chunkLayers = 0;
    bool l2Norm = false;
    if (llama4 && layers) {
        chunk = countOr("attention_chunk_size", false, 8192);
        const auto interval = countOr("no_rope_layer_interval", false, 4);
        chunkLayers = *layers - std::floor(*layers / interval.value_or(4));
        if (const auto flags = configField(r, fields, "no_rope_layers", false); flags && flags->size() > 0) {
            if (!flags->IsSequence() || static_cast<double>(flags->size()) != *layers)
                r.error(*flags, fields.field("no_rope_layers"),
                    "expected a list of 0 and 1, one a layer (" + wholeText(*layers) + ")");
            else {
                chunkLayers = 0;
                for (std::size_t i = 0; i < flags->size(); ++i)
                    chunkLayers += jsonCount(r, (*flags)[i], YamlReader::index(fields.field("no_rope_layers"), i), 0, 1)
                                       .value_or(0);
            }
        }
        l2Norm = configFlag(r, fields, "use_qk_norm").value_or(true);
    }
    if (r.failed())
        return Result::failure(r.diagnostics());

    m.layers = *layers;
    m.hidden = *hidden;
    m.heads = *heads;
    m.kvHeads = kvHeads.value_or(*heads);
    m.headDim = nope ? *nope : headDim.value_or(std::floor(*hidden / *heads));
    m.mlp = *mlp;
    m.vocab = *vocab;
    m.gated = true;
    m.norm = NormKind::RmsNorm;
    m.tiedEmbeddings = tied.value_or(gemma);
    m.geglu = gemma;
    m.layerNorms = gemma ? 4 : 2;
    m.qkvBias = family == "qwen2" || family == "qwen2_moe";
    m.qkNorm = qwen3 || gemma3 ? QkNorm::PerHead
        : family == "olmo2"    ? QkNorm::FullWidth
        : l2Norm               ? QkNorm::L2
                               : QkNorm::None;
    m.bias = gptOss;
    m.routerBias = routerBias || gptOss;
    m.attentionSinks = gptOss;
    m.experts = experts.value_or(1);
    m.expertsPerToken = perToken.value_or(1);
    m.expertMlp = expertMlp.value_or(0);
    m.sharedExperts = shared.value_or(0);
    m.sharedExpertMlp = family == "qwen2_moe" && m.sharedExperts > 0 ? sharedMlp.value_or(0) : 0;
    m.sharedExpertGate = family == "qwen2_moe" && m.sharedExperts > 0;
    m.denseLayers = denseLayers.value_or(0);
    m.moeInterval = moeInterval;
    m.kvLoraRank = kvLora.value_or(0);
    m.qLoraRank = qLora.value_or(0);
    m.ropeDim = rope.value_or(0);
    m.valueDim = valueDim.value_or(0);
    if (window) {
        m.window = *window;
        m.windowLayers = family == "gemma2" ? std::ceil(m.layers / 2)
            : slidingLayers                 ? *slidingLayers
                                            : std::max(0.0, m.layers - windowFrom);
        if (m.windowLayers == 0)
            m.window = 0;
    }
    if (chunk && chunkLayers > 0) {
        m.chunk = *chunk;
        m.chunkLayers = chunkLayers;
    }
    m.notes = notesOf(family, *type);
    m.sources.push_back(file);
    if (deepseek)
        if (const auto n = configField(r, fields, "num_nextn_predict_layers", false);
            n && n->IsScalar() && n->Scalar() != "0")
            m.notes = "the multi-token prediction module (num_nextn_predict_layers) is not counted: it serves "
                      "speculative decoding beside the main model";
    for (const BrokenModelRule& broken : brokenModelRules(m, headDim.has_value() || nope.has_value())) {
        static constexpr std::array<std::string_view, 9> keys { "num_attention_heads", "num_key_value_heads",
            "num_experts_per_tok", "num_hidden_layers", "first_k_dense_replace", "max_window_layers", "q_lora_rank",
            "no_rope_layers", "shared_expert_intermediate_size" };
        std::string_view key = keys[static_cast<std::size_t>(broken.rule)];
        if (broken.rule == ModelRule::DenseLayers && m.moeInterval > 1)
            key = llama4 ? "interleave_moe_layer_step" : "decoder_sparse_step";
        r.error(fields.node[std::string(key)], fields.field(key), broken.message);
    }
    if (r.failed())
        return Result::failure(r.diagnostics());
    return m;
}

Expected<Model, Diagnostics> readModelConfig(const std::string& path)
{
    Expected<std::string, Diagnostics> text = readTextFile(path, kMaxFileBytes, "a JSON file");
    if (!text)
        return Expected<Model, Diagnostics>::failure(text.error());
    return parseModelConfig(*text, path);
}

} // namespace roofline
