// SPDX-License-Identifier: GPL-3.0-or-later
#include "files/hf_config.h"

#include "base/yaml_reader.h"
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
// with no shared one); Phi-3 fuses the query, key and value projections into one matrix and the gate and up ones into
// another, the same weights and FLOPs as apart; DeepSeek-V2 and -V3 have latent attention and fine-grained experts
// beside shared ones, after dense first layers. Kimi-K2 is DeepSeek-V3's architecture under another name.
constexpr std::array kFamilies { std::string_view("llama"), std::string_view("mistral"), std::string_view("qwen2"),
    std::string_view("qwen3"), std::string_view("qwen3_moe"), std::string_view("phi3"), std::string_view("mixtral"),
    std::string_view("deepseek_v2"), std::string_view("deepseek_v3"), std::string_view("kimi_k2"),
    std::string_view("gemma2"), std::string_view("gpt_oss") };
constexpr std::string_view kFamilyList = "llama, mistral, qwen2, qwen3, qwen3_moe, phi3, mixtral, deepseek_v2, "
                                         "deepseek_v3, kimi_k2, gemma2 and gpt_oss";

// What a family the program knows of, but does not model yet, needs: said instead of "unknown".
std::string_view notModelled(std::string_view modelType)
{
    if (modelType == "gemma3" || modelType == "gemma3_text")
        return "five sliding-window layers to each global one, and norms on the query and key";
    if (modelType == "qwen2_moe")
        return "a shared expert of its own width (shared_expert_intermediate_size) behind a sigmoid gate, beside "
               "fine-grained experts";
    if (modelType == "llama4" || modelType == "llama4_text")
        return "a routed expert beside a shared one on interleaved layers, and chunked attention with layers "
               "without rotary positions";
    if (modelType == "olmo2")
        return "norms after the attention and the MLP rather than before them, and query and key norms over the full "
               "width";
    return {};
}

// The part of a configuration that is not null: a field given as null (Qwen2's "sliding_window": null) is absent.
std::optional<YAML::Node> configField(YamlReader& r, const YAML::Node& root, std::string_view key, bool required)
{
    std::optional<YAML::Node> n = r.child(root, {}, key, required);
    if (n && n->IsNull()) {
        if (required)
            r.error(*n, key, "expected a number, found null");
        return std::nullopt;
    }
    return n;
}

// A count as JSON writes one: a bare integer ("32"), not text ("\"1k\"", which a YAML count would take) and not a
// number with a fraction or an exponent ("32.0", "3.2e1"), from `min` to `max`.
std::optional<double> jsonCount(YamlReader& r, const YAML::Node& n, std::string_view key, double min, double max)
{
    if (!YamlReader::plain(n)) {
        r.error(n, key, "expected a number, found " + r.describe(n) + " (text: a count in config.json has no quotes)");
        return std::nullopt;
    }
    const std::string& v = n.Scalar();
    if (v.find_first_not_of("0123456789") != std::string::npos) {
        r.error(n, key,
            "expected a whole number from " + wholeText(min) + " to " + wholeText(max) + ", found " + quoteInput(v));
        return std::nullopt;
    }
    return r.count(n, key, min, max);
}

std::optional<double> configCount(YamlReader& r, const YAML::Node& root, std::string_view key, bool required)
{
    const std::optional<YAML::Node> n = configField(r, root, key, required);
    return n ? jsonCount(r, *n, key, 1, kMaxModelCount) : std::nullopt;
}

// true or false, bare: "true" in quotes is text, which a JSON reader would take as true only by accident.
std::optional<bool> configFlag(YamlReader& r, const YAML::Node& root, std::string_view key)
{
    const std::optional<YAML::Node> n = configField(r, root, key, false);
    if (n && !YamlReader::plain(*n)) {
        r.error(*n, key, "expected true or false, found " + r.describe(*n) + " (text: a flag has no quotes)");
        return std::nullopt;
    }
    return n ? r.boolean(*n, key) : std::nullopt;
}

// Text from a known set: `known` names them in the message.
std::optional<std::string> configChoice(
    YamlReader& r, const YAML::Node& root, std::string_view key, std::initializer_list<std::string_view> known)
{
    const std::optional<YAML::Node> n = configField(r, root, key, false);
    if (!n)
        return std::nullopt;
    std::optional<std::string> v = r.text(*n, key);
    if (v && std::find(known.begin(), known.end(), *v) == known.end()) {
        std::string list;
        for (const std::string_view k : known)
            list += (list.empty() ? "" : ", ") + std::string(k);
        r.error(*n, key, "expected one of " + list + ", found " + quoteInput(*v));
        return std::nullopt;
    }
    return v;
}

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
        const std::string_view needs = notModelled(*type);
        r.error(*typeNode, "model_type",
            quoteInput(*type)
                + (needs.empty() ? std::string(" is not a family the program reads")
                                 : " needs " + std::string(needs) + ", which the program does not model yet")
                + "; it reads " + std::string(kFamilyList));
        return Result::failure(r.diagnostics());
    }
    // Kimi-K2's configuration names DeepSeek-V3's architecture (DeepseekV3ForCausalLM) and its fields.
    const std::string family = *type == "kimi_k2" ? "deepseek_v3" : *type;
    const bool qwen3 = family == "qwen3" || family == "qwen3_moe";
    // gpt-oss: biases on every projection (the attention's four, each expert's, the router's), a sink per head in
    // each softmax, and a window on the layers layer_types calls sliding.
    const bool gptOss = family == "gpt_oss";
    const bool mixture = family == "mixtral" || family == "qwen3_moe" || gptOss;
    const bool deepseek = family == "deepseek_v2" || family == "deepseek_v3";
    // Gemma 2: a GELU-gated MLP, norms after the attention and the MLP as well as before, sliding-window attention on
    // every other layer from the first (transformers' Gemma2: layer i has the window when i is even), and the lm_head
    // tied to the embedding unless the file says otherwise.
    const bool gemma = family == "gemma2";

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
    const auto layers = configCount(r, *root, "num_hidden_layers", true);
    const auto hidden = configCount(r, *root, "hidden_size", true);
    const auto heads = configCount(r, *root, "num_attention_heads", true);
    const auto kvHeads = configCount(r, *root, "num_key_value_heads", false);
    const auto headDim = configCount(r, *root, "head_dim", false);
    const auto mlp = configCount(r, *root, "intermediate_size", true);
    const auto vocab = configCount(r, *root, "vocab_size", true);
    // Experts as a model preset takes them: 1 to 1024.
    const auto expertCount = [&r, &root](std::string_view key) -> std::optional<double> {
        const std::optional<YAML::Node> n = configField(r, *root, key, true);
        return n ? jsonCount(r, *n, key, 1, kMaxExperts) : std::nullopt;
    };
    const auto experts = family == "mixtral" || gptOss ? expertCount("num_local_experts")
        : family == "qwen3_moe"                        ? expertCount("num_experts")
        : deepseek                                     ? expertCount("n_routed_experts")
                                                       : std::nullopt;
    const auto perToken = mixture || deepseek ? expertCount("num_experts_per_tok") : std::nullopt;
    // DeepSeek's fine-grained experts and latent attention. A query latent of null projects the query directly
    // (DeepSeek-V2-Lite).
    std::optional<double> expertMlp, denseLayers, shared, kvLora, qLora, nope, rope, valueDim;
    bool routerBias = false;
    if (family == "qwen3_moe") {
        // Fine-grained experts in every layer, no shared one: transformers' Qwen3MoeConfig puts experts on layer i
        // unless mlp_only_layers lists it, when (i + 1) is a multiple of decoder_sparse_step.
        expertMlp = configCount(r, *root, "moe_intermediate_size", true);
        if (const auto n = configField(r, *root, "decoder_sparse_step", false))
            if (const auto every = jsonCount(r, *n, "decoder_sparse_step", 1, kMaxModelCount); every && *every != 1)
                r.error(*n, "decoder_sparse_step",
                    "experts every " + wholeText(*every) + " layers are not modelled: the program gives every layer "
                        + "experts");
        if (const auto n = configField(r, *root, "mlp_only_layers", false); n && !(n->IsSequence() && n->size() == 0))
            r.error(*n, "mlp_only_layers",
                "dense layers among the mixture's are not modelled: the program gives every layer experts (expected "
                "[])");
    }
    if (deepseek) {
        expertMlp = configCount(r, *root, "moe_intermediate_size", true);
        if (const auto n = configField(r, *root, "n_shared_experts", false))
            shared = jsonCount(r, *n, "n_shared_experts", 0, kMaxExperts);
        if (const auto n = configField(r, *root, "first_k_dense_replace", false))
            denseLayers = jsonCount(r, *n, "first_k_dense_replace", 0, kMaxModelCount);
        if (const auto n = configField(r, *root, "moe_layer_freq", false))
            if (const auto every = jsonCount(r, *n, "moe_layer_freq", 1, kMaxModelCount); every && *every != 1)
                r.error(*n, "moe_layer_freq",
                    "experts every " + wholeText(*every)
                        + " layers are not modelled: the program gives every layer after the dense ones experts");
        kvLora = configCount(r, *root, "kv_lora_rank", true);
        qLora = configCount(r, *root, "q_lora_rank", false);
        nope = configCount(r, *root, "qk_nope_head_dim", true);
        rope = configCount(r, *root, "qk_rope_head_dim", true);
        valueDim = configCount(r, *root, "v_head_dim", true);
        // DeepSeek-V3's router without auxiliary loss adds a learned bias per expert to its scores. DeepSeek's
        // configurations name three routers (V2-Lite greedy, V2 group_limited_greedy, V3 noaux_tc); another is a typo.
        const std::optional<std::string> topk
            = configChoice(r, *root, "topk_method", { "greedy", "group_limited_greedy", "noaux_tc" });
        routerBias = topk.value_or(family == "deepseek_v3" ? "noaux_tc" : "greedy") == "noaux_tc";
    }
    const auto tied = configFlag(r, *root, "tie_word_embeddings");
    // Llama's optional biases: on the attention's four projections, or on the MLP's. Neither is modelled; the
    // published Llama models have none.
    for (const std::string_view key : { "attention_bias", "mlp_bias" })
        if (const auto bias = configFlag(r, *root, key); bias && *bias && !gptOss)
            r.error((*root)[std::string(key)], key,
                std::string("true is not modelled: biases on the ")
                    + (key == "mlp_bias" ? "MLP's projections" : "attention's four projections"));
    // Gemma 2 names its activation hidden_activation (and hidden_act, which transformers ignores for it).
    const std::string actKey = gemma ? "hidden_activation" : "hidden_act";
    if (auto act = configField(r, *root, actKey, false))
        if (auto v = r.text(*act, actKey)) {
            const bool known = gemma ? *v == "gelu_pytorch_tanh" || *v == "gelu_tanh" || *v == "gelu"
                                     : *v == "silu" || *v == "swish";
            if (!known)
                r.error(*act, actKey,
                    std::string("expected ") + (gemma ? "gelu_pytorch_tanh" : "silu") + " (the gated MLP of " + *type
                        + "), found " + quoteInput(*v));
        }
    // A sliding window the model uses: on every layer of Mistral's and Phi-3's when given (Mistral 7B v0.1's 4096;
    // Mixtral's is null), Qwen2's and Qwen3's only when use_sliding_window says so and on the layers from
    // max_window_layers on (as transformers' Qwen2Config and Qwen3Config lay them out). DeepSeek's have none.
    std::optional<double> window;
    double windowFrom = 0;
    const bool qwen = family == "qwen2" || qwen3;
    const bool windowUsed = !deepseek && (!qwen || configFlag(r, *root, "use_sliding_window").value_or(false));
    if (windowUsed)
        window = configCount(r, *root, "sliding_window", gptOss);
    // gpt-oss names each layer's attention: the sliding ones have the window.
    double slidingLayers = 0;
    if (gptOss)
        if (const auto types = configField(r, *root, "layer_types", true)) {
            if (!types->IsSequence())
                r.error(*types, "layer_types", "expected a list of sliding_attention and full_attention, a layer each");
            for (std::size_t i = 0; types->IsSequence() && i < types->size(); ++i) {
                const std::string field = YamlReader::index("layer_types", i);
                const std::optional<std::string> attention = r.text((*types)[i], field);
                if (attention && *attention != "sliding_attention" && *attention != "full_attention")
                    r.error((*types)[i], field,
                        "expected sliding_attention or full_attention, found " + quoteInput(*attention));
                slidingLayers += attention == "sliding_attention";
            }
            if (types->IsSequence() && layers && static_cast<double>(types->size()) != *layers)
                r.error(*types, "layer_types",
                    std::to_string(types->size()) + " layers named, and num_hidden_layers is " + wholeText(*layers));
        }
    if (window && qwen)
        if (const auto n = configField(r, *root, "max_window_layers", false))
            windowFrom = jsonCount(r, *n, "max_window_layers", 0, kMaxModelCount).value_or(0);
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
    m.qkvBias = family == "qwen2";
    m.qkNorm = qwen3;
    m.bias = gptOss;
    m.routerBias = routerBias || gptOss;
    m.attentionSinks = gptOss;
    m.experts = experts.value_or(1);
    m.expertsPerToken = perToken.value_or(1);
    m.expertMlp = expertMlp.value_or(0);
    m.sharedExperts = shared.value_or(0);
    m.denseLayers = denseLayers.value_or(0);
    m.kvLoraRank = kvLora.value_or(0);
    m.qLoraRank = qLora.value_or(0);
    m.ropeDim = rope.value_or(0);
    m.valueDim = valueDim.value_or(0);
    if (window) {
        m.window = *window;
        m.windowLayers = gemma ? std::ceil(m.layers / 2)
            : gptOss           ? slidingLayers
                               : std::max(0.0, m.layers - windowFrom);
    }
    if (gemma)
        m.notes = "the attention logits' and the final logits' soft-capping (tanh) and the embedding's scale by "
                  "√hidden are not counted: a few FLOPs an element beside the matmuls";
    if (family == "phi3")
        m.notes = "the query, key and value projections are one matrix in the checkpoint (qkv_proj), the gate and up "
                  "projections another (gate_up_proj): drawn apart here, with the same weights, FLOPs and bytes";
    if (gptOss)
        m.notes = "the experts ship in MXFP4 (4.25 bits a weight with its block scales): counted at the session's "
                  "weights dtype, since block-scaled dtypes are not modelled yet; the sinks' logits and the SwiGLU's "
                  "clamp are a few FLOPs an element beside the matmuls";
    if (*type == "kimi_k2")
        m.notes = "read as DeepSeek-V3, the architecture its configuration names (DeepseekV3ForCausalLM)";
    m.sources.push_back(file);
    if (deepseek)
        if (const auto n = configField(r, *root, "num_nextn_predict_layers", false);
            n && n->IsScalar() && n->Scalar() != "0")
            m.notes = "the multi-token prediction module (num_nextn_predict_layers) is not counted: it serves "
                      "speculative decoding beside the main model";
    for (const BrokenModelRule& broken : brokenModelRules(m, headDim.has_value() || nope.has_value())) {
        static constexpr std::array<std::string_view, 7> keys { "num_attention_heads", "num_key_value_heads",
            "num_experts_per_tok", "num_hidden_layers", "first_k_dense_replace", "max_window_layers", "q_lora_rank" };
        const std::string_view key = keys[static_cast<std::size_t>(broken.rule)];
        r.error((*root)[std::string(key)], key, broken.message);
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
