// SPDX-License-Identifier: GPL-3.0-or-later
#include "files/model_presets.h"

#include "base/yaml_reader.h"
#include "files/presets.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <map>

namespace roofline {

namespace {

std::optional<double> count(
    YamlReader& r, const YAML::Node& map, std::string_view key, bool required, double min, double max = kMaxModelCount)
{
    const std::optional<YAML::Node> n = r.child(map, {}, key, required);
    if (!n)
        return std::nullopt;
    return r.count(*n, key, min, max);
}

std::optional<bool> flag(YamlReader& r, const YAML::Node& map, std::string_view key)
{
    const std::optional<YAML::Node> n = r.child(map, {}, key, false);
    return n ? r.boolean(*n, key) : std::nullopt;
}

} // namespace

Expected<Model, Diagnostics> parseModel(std::string_view text, const std::string& file, std::string_view defaultId)
{
    using Result = Expected<Model, Diagnostics>;
    YamlReader r(file);
    const std::optional<YAML::Node> root = r.load(text);
    if (!root)
        return Result::failure(r.diagnostics());
    // The keys in the order docs/file-formats.md lists them.
    if (!r.checkMap(*root, {},
            { "id", "name", "layers", "hidden_size", "heads", "kv_heads", "head_dim", "mlp_size", "gated_mlp", "geglu",
                "vocab", "tied_embeddings", "experts", "experts_per_token", "expert_mlp_size", "shared_experts",
                "shared_expert_mlp_size", "shared_expert_gate", "dense_layers", "moe_interval", "router_bias",
                "kv_lora_rank", "q_lora_rank", "rope_head_dim", "v_head_dim", "sliding_window", "window_layers",
                "attention_chunk", "chunk_layers", "layer_norms", "norm", "bias", "qkv_bias", "qk_norm",
                "attention_sinks", "positions", "parameters", "sources", "notes" }))
        return Result::failure(r.diagnostics());
    Model m;
    m.id = std::string(defaultId);
    if (auto n = r.child(*root, {}, "id", false)) {
        if (auto v = r.identifier(*n, "id"))
            m.id = *v;
    } else if (std::optional<std::string> problem = identifierProblem(m.id)) {
        r.error("id", "missing, and the file's name is no id: " + *problem);
    }
    if (auto n = r.child(*root, {}, "name", true))
        if (auto v = r.name(*n, "name"))
            m.name = *v;
    const auto layers = count(r, *root, "layers", true, 1);
    const auto hidden = count(r, *root, "hidden_size", true, 1);
    const auto heads = count(r, *root, "heads", true, 1);
    const auto kvHeads = count(r, *root, "kv_heads", false, 1);
    const auto headDim = count(r, *root, "head_dim", false, 1);
    const auto mlp = count(r, *root, "mlp_size", true, 1);
    const auto vocab = count(r, *root, "vocab", true, 1);
    const auto experts = count(r, *root, "experts", false, 1, kMaxExperts);
    const auto perToken = count(r, *root, "experts_per_token", false, 1, kMaxExperts);
    const auto expertMlp = count(r, *root, "expert_mlp_size", false, 1);
    const auto shared = count(r, *root, "shared_experts", false, 0, kMaxExperts);
    const auto sharedMlp = count(r, *root, "shared_expert_mlp_size", false, 1);
    const auto sharedGate = flag(r, *root, "shared_expert_gate");
    const auto dense = count(r, *root, "dense_layers", false, 0);
    const auto moeInterval = count(r, *root, "moe_interval", false, 1);
    const auto routerBias = flag(r, *root, "router_bias");
    const auto kvLora = count(r, *root, "kv_lora_rank", false, 1);
    const auto qLora = count(r, *root, "q_lora_rank", false, 1);
    const auto rope = count(r, *root, "rope_head_dim", false, 0);
    const auto valueDim = count(r, *root, "v_head_dim", false, 1);
    const auto window = count(r, *root, "sliding_window", false, 1);
    const auto windowLayers = count(r, *root, "window_layers", false, 1);
    const auto chunk = count(r, *root, "attention_chunk", false, 1);
    const auto chunkLayers = count(r, *root, "chunk_layers", false, 1);
    const auto layerNorms = count(r, *root, "layer_norms", false, 2, 4);
    const auto positions = count(r, *root, "positions", false, 0);
    const auto gated = flag(r, *root, "gated_mlp");
    const auto geglu = flag(r, *root, "geglu");
    const auto tied = flag(r, *root, "tied_embeddings");
    const auto bias = flag(r, *root, "bias");
    const auto qkvBias = flag(r, *root, "qkv_bias");
    // qk_norm: true (or per_head) for each head's, full_width for all heads at once, l2 for Llama 4's.
    if (auto n = r.child(*root, {}, "qk_norm", false))
        if (auto t = r.text(*n, "qk_norm")) {
            if (*t == "true" || *t == "per_head")
                m.qkNorm = QkNorm::PerHead;
            else if (*t == "full_width")
                m.qkNorm = QkNorm::FullWidth;
            else if (*t == "l2")
                m.qkNorm = QkNorm::L2;
            else if (*t != "false")
                r.error(*n, "qk_norm", "expected true, false, per_head, full_width or l2, found " + quoteInput(*t));
        }
    const auto sinks = flag(r, *root, "attention_sinks");
    if (auto n = r.child(*root, {}, "norm", false))
        if (auto t = r.text(*n, "norm")) {
            if (*t == "rmsnorm" || *t == "layernorm")
                m.norm = *t == "rmsnorm" ? NormKind::RmsNorm : NormKind::LayerNorm;
            else
                r.error(*n, "norm", "expected rmsnorm or layernorm, found " + quoteInput(*t));
        }
    if (auto n = r.child(*root, {}, "sources", true)) {
        if (!n->IsSequence() || n->size() == 0)
            r.error(*n, "sources", "expected a list of sources (the model's config.json, its paper)");
        else
            for (std::size_t i = 0; i < n->size(); ++i)
                if (auto v = r.text((*n)[i], YamlReader::index("sources", i)))
                    m.sources.push_back(*v);
    }
    if (auto n = r.child(*root, {}, "notes", false))
        if (auto v = r.text(*n, "notes"))
            m.notes = *v;
    if (r.failed())
        return Result::failure(r.diagnostics());

    m.layers = *layers;
    m.hidden = *hidden;
    m.heads = *heads;
    m.kvHeads = kvHeads.value_or(*heads);
    m.headDim = headDim.value_or(std::floor(*hidden / *heads));
    m.mlp = *mlp;
    m.vocab = *vocab;
    m.experts = experts.value_or(1);
    m.expertsPerToken = perToken.value_or(1);
    m.positions = positions.value_or(0);
    m.gated = gated.value_or(true);
    m.geglu = geglu.value_or(false);
    if (m.geglu && !m.gated)
        r.error((*root)["geglu"], "geglu", "a GELU gate needs a gated MLP (gated_mlp: true)");
    m.tiedEmbeddings = tied.value_or(false);
    m.bias = bias.value_or(false);
    m.qkvBias = qkvBias.value_or(false);
    m.attentionSinks = sinks.value_or(false);
    m.expertMlp = expertMlp.value_or(0);
    m.sharedExperts = shared.value_or(0);
    m.sharedExpertMlp = sharedMlp.value_or(0);
    m.sharedExpertGate = sharedGate.value_or(false);
    m.denseLayers = dense.value_or(0);
    m.moeInterval = moeInterval.value_or(1);
    m.routerBias = routerBias.value_or(false);
    m.kvLoraRank = kvLora.value_or(0);
    m.qLoraRank = qLora.value_or(0);
    m.ropeDim = rope.value_or(0);
    m.valueDim = valueDim.value_or(0);
    m.window = window.value_or(0);
    // A window given alone applies to every layer (Mistral 7B v0.1).
    m.windowLayers = windowLayers.value_or(window ? m.layers : 0);
    m.chunk = chunk.value_or(0);
    m.chunkLayers = chunkLayers.value_or(0);
    m.layerNorms = layerNorms.value_or(2);
    if (m.layerNorms == 3)
        r.error((*root)["layer_norms"], "layer_norms",
            "expected 2 (before the attention and the MLP) or 4 (after them too), found 3");
    for (const BrokenModelRule& broken : brokenModelRules(m, headDim.has_value())) {
        static constexpr std::array<std::string_view, 9> keys { "heads", "kv_heads", "experts_per_token", "layers",
            "dense_layers", "window_layers", "q_lora_rank", "chunk_layers", "shared_expert_mlp_size" };
        std::string_view key = keys[static_cast<std::size_t>(broken.rule)];
        // A mixture's fields without experts: named at the one the file gives.
        if (broken.rule == ModelRule::DenseLayers && m.experts <= 1)
            for (const std::string_view given : { "dense_layers", "shared_experts", "expert_mlp_size" })
                if (r.child(*root, {}, given, false)) {
                    key = given;
                    break;
                }
        if (broken.rule == ModelRule::DenseLayers && m.experts > 1 && m.denseLayers < m.layers)
            key = "moe_interval";
        if (broken.rule == ModelRule::SharedExperts && !r.child(*root, {}, key, false))
            key = "shared_expert_gate";
        r.error((*root)[std::string(key)], key, broken.message);
    }
    if (auto n = r.child(*root, {}, "parameters", false); n && !r.failed())
        if (auto stated = count(r, *root, "parameters", false, 1, kMaxParameters))
            if (*stated != parameterCount(m))
                r.error(*n, "parameters",
                    "the file states " + wholeText(*stated) + " parameters, but its fields give "
                        + wholeText(parameterCount(m)));
    if (r.failed())
        return Result::failure(r.diagnostics());
    return m;
}

std::vector<BrokenModelRule> brokenModelRules(const Model& m, bool headDimGiven)
{
    std::vector<BrokenModelRule> out;
    if (std::fmod(m.hidden, m.heads) != 0 && !headDimGiven)
        out.push_back({ ModelRule::HeadsDivideHidden,
            wholeText(m.heads) + " heads do not divide hidden_size " + wholeText(m.hidden)
                + " (give head_dim when the heads' width is not hidden_size / heads)" });
    if (std::fmod(m.heads, m.kvHeads) != 0)
        out.push_back({ ModelRule::KvHeadsDivideHeads,
            wholeText(m.kvHeads) + " KV heads do not divide the " + wholeText(m.heads)
                + " heads (each KV head serves a whole group of query heads)" });
    if (m.expertsPerToken > m.experts)
        out.push_back({ ModelRule::ExpertsPerToken,
            wholeText(m.expertsPerToken) + " experts per token, but the model has " + wholeText(m.experts) });
    if ((m.denseLayers > 0 || m.sharedExperts > 0 || m.expertMlp > 0) && m.experts <= 1)
        out.push_back({ ModelRule::DenseLayers,
            "dense layers, shared experts and an expert width describe a mixture of experts, and the model has no "
            "experts" });
    else if (m.denseLayers >= m.layers)
        out.push_back({ ModelRule::DenseLayers,
            wholeText(m.denseLayers) + " dense layers leave none of the " + wholeText(m.layers)
                + " layers with experts" });
    else if (m.experts > 1 && mixtureLayers(m) < 1)
        out.push_back({ ModelRule::DenseLayers,
            "experts every " + wholeText(m.moeInterval) + " layers leave none of the " + wholeText(m.layers)
                + " layers with experts" });
    if ((m.sharedExpertMlp > 0 || m.sharedExpertGate) && m.sharedExperts <= 0)
        out.push_back({ ModelRule::SharedExperts,
            "a shared expert's width and gate describe shared experts, and the model has none (shared_experts)" });
    if (m.windowLayers > m.layers)
        out.push_back({ ModelRule::WindowLayers,
            wholeText(m.windowLayers) + " layers with a window, but the model has " + wholeText(m.layers) });
    else if (m.windowLayers > 0 && m.window <= 0)
        out.push_back({ ModelRule::WindowLayers, "layers with a window, but no window's width (sliding_window)" });
    if (m.windowLayers + m.chunkLayers > m.layers)
        out.push_back({ ModelRule::ChunkLayers,
            wholeText(m.chunkLayers) + " chunked layers and " + wholeText(m.windowLayers)
                + " with a window, but the model has " + wholeText(m.layers) + " layers" });
    else if ((m.chunkLayers > 0) != (m.chunk > 0))
        out.push_back({ ModelRule::ChunkLayers,
            m.chunk > 0 ? "a chunk's width, but no chunked layers (chunk_layers)"
                        : "chunked layers, but no chunk's width (attention_chunk)" });
    else if (m.qkNorm == QkNorm::L2 && m.chunkLayers <= 0)
        out.push_back(
            { ModelRule::ChunkLayers, "an L2 query and key norm is Llama 4's, on its chunked layers, and none are" });
    if (m.qLoraRank > 0 && m.kvLoraRank <= 0)
        out.push_back(
            { ModelRule::QueryLatent, "a query latent (q_lora_rank) without latent attention's kv_lora_rank" });
    // Each field within its range can still multiply into more parameters than a double counts exactly, and into
    // operations no range holds.
    Model noLayers = m;
    noLayers.layers = 0;
    if (const double total = parameterCount(m); out.empty() && total > kMaxParameters)
        out.push_back({ ModelRule::CountableParameters,
            wholeText(m.layers) + " layers of " + wholeText((total - parameterCount(noLayers)) / m.layers)
                + " parameters each give " + wholeText(total) + " parameters, more than " + wholeText(kMaxParameters)
                + " (2^53, the most a count holds exactly)" });
    return out;
}

std::filesystem::path userModelDir()
{
    return userConfigDir("models");
}

ModelLibrary loadModelLibrary(const std::vector<std::filesystem::path>& dirs)
{
    ModelLibrary library;
    std::map<std::string, Model> byId;
    std::map<std::string, std::string> folderIds; // id -> file, in the folder being read: ids are unique within one
    auto add = [&](const std::string& file, std::string_view text) {
        Expected<Model, Diagnostics> m = parseModel(text, file, std::filesystem::path(file).stem().string());
        if (!m) {
            library.errors.insert(library.errors.end(), m.error().begin(), m.error().end());
        } else if (auto [it, inserted] = folderIds.emplace(m->id, file); !inserted) {
            library.errors.push_back(
                { file, 0, 0, "id", "duplicate model id " + quoteInput(m->id) + " (also in " + it->second + ")" });
        } else {
            byId[m->id] = std::move(m).value();
        }
    };
    for (const EmbeddedFile& f : embeddedFiles())
        if (f.name.starts_with("models/"))
            add("embedded:" + std::string(f.name), f.text);
    for (const std::filesystem::path& dir : dirs) {
        const Expected<std::vector<std::filesystem::path>, Diagnostic> paths = listYamlFolder(dir, "model");
        if (!paths) {
            library.errors.push_back(paths.error());
            continue;
        }
        folderIds.clear();
        for (const auto& path : *paths) {
            Expected<std::string, Diagnostics> text = readTextFile(path);
            if (!text)
                library.errors.insert(library.errors.end(), text.error().begin(), text.error().end());
            else
                add(path.string(), *text);
        }
    }
    for (auto& [id, m] : byId)
        library.models.push_back(std::move(m));
    std::stable_sort(library.models.begin(), library.models.end(),
        [](const Model& a, const Model& b) { return parameterCount(a) < parameterCount(b); });
    return library;
}

const ModelLibrary& builtInModels()
{
    static const ModelLibrary library = loadModelLibrary({});
    return library;
}

} // namespace roofline
