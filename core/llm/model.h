// SPDX-License-Identifier: GPL-3.0-or-later
// Whole language models: a decoder-only transformer as its published configuration states it, and the settings a
// session runs it with (phase, batch, context, dtypes, tensor parallelism). llm/generate.cpp turns the two into
// ordinary operations; llm/totals.cpp sums them into the figures an engineer sizing a deployment asks for.
#pragma once

#include "base/diagnostic.h"
#include "roofline/dtype.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofline {

enum class NormKind { RmsNorm, LayerNorm };

// A norm on the attention's queries and keys before the scores: on each head's, head_dim wide with one scale for all
// heads (Qwen3, Gemma 3); over all the heads at once, with a scale per element (OLMo 2); or an L2 norm on each head's,
// without weights, on the chunked (rotary) layers alone (Llama 4).
enum class QkNorm { None, PerHead, FullWidth, L2 };

// A model's architecture, the fields of a Hugging Face config.json. Counts are doubles holding whole numbers, as
// operation parameters are.
struct Model {
    std::string id; // "llama-2-7b"
    std::string name; // "Llama 2 7B"
    double layers = 32; // num_hidden_layers
    double hidden = 4096; // hidden_size
    double heads = 32; // num_attention_heads
    double kvHeads = 32; // num_key_value_heads (grouped-query attention when fewer than heads)
    double headDim = 128; // head_dim, hidden / heads unless the file says otherwise
    double mlp = 11008; // intermediate_size: the MLP's width; a mixture's experts' too unless expertMlp says
    bool gated = true; // gated MLP (SwiGLU: up, gate, down) or plain (up, GELU, down)
    bool geglu = false; // a gated MLP whose gate goes through GELU rather than SiLU (Gemma's GeGLU)
    double vocab = 32000; // vocab_size
    bool tiedEmbeddings = false; // lm_head shares the embedding matrix
    double experts = 1; // num_local_experts, n_routed_experts: the routed experts; 1 for a dense model
    double expertsPerToken = 1; // num_experts_per_tok: routed experts each token uses
    // Fine-grained mixtures (DeepSeek-V3, Qwen2-MoE): experts narrower than a dense MLP, shared experts every token
    // uses beside its routed ones, and dense MLPs in the first layers.
    double expertMlp = 0; // moe_intermediate_size: one expert's width; 0: mlp
    double sharedExperts = 0; // n_shared_experts, each expertMlp wide unless sharedExpertMlp says
    double sharedExpertMlp
        = 0; // shared_expert_intermediate_size: a shared expert's own width (Qwen2-MoE); 0: expertMlp
    bool sharedExpertGate = false; // a sigmoid gate on the shared experts' output, hidden → 1 (Qwen2-MoE)
    double denseLayers = 0; // first_k_dense_replace: the first layers' MLP is dense, mlp wide
    // Experts on every moeInterval-th layer after the dense ones, layer i (from 0) when (i + 1) is a multiple of it; a
    // dense MLP, mlp wide, on the others (Llama 4 Maverick's interleave_moe_layer_step 2).
    double moeInterval = 1;
    bool routerBias = false; // a bias per routed expert on the router's scores (DeepSeek-V3's e_score_correction_bias)
    // Multi-head latent attention (DeepSeek-V2 §2.1): keys and values through a compressed latent of kvLoraRank,
    // which the KV cache holds with one shared rotary key of ropeDim per token; the query through a latent of
    // qLoraRank. headDim is then each head's non-rotary part of the query and key (qk_nope_head_dim).
    double kvLoraRank = 0; // kv_lora_rank; 0: ordinary attention
    double qLoraRank = 0; // q_lora_rank; 0: the query projected directly
    double ropeDim = 0; // qk_rope_head_dim
    double valueDim = 0; // v_head_dim; 0: headDim
    // Sliding-window attention: `windowLayers` of the layers attend to the last `window` tokens alone (Mistral 7B
    // v0.1 all of its 32, Gemma 2 every other one).
    double window = 0; // sliding_window; 0: none
    double windowLayers = 0;
    // Chunked attention: `chunkLayers` of the layers cut the positions into chunks of `chunk` tokens and attend within
    // a token's own chunk (Llama 4's rotary layers, attention_chunk_size; its other layers, without rotary positions,
    // attend to everything).
    double chunk = 0; // attention_chunk_size; 0: none
    double chunkLayers = 0;
    double layerNorms = 2; // norms in each layer: 2 before attention and MLP; Gemma 2 adds 2 after them
    NormKind norm = NormKind::RmsNorm; // RMSNorm (a scale per element) or LayerNorm (scale and shift)
    bool bias = false; // biases on every projection (GPT-2)
    bool qkvBias = false; // biases on the query, key and value projections alone (Qwen2's attention)
    QkNorm qkNorm = QkNorm::None;
    bool attentionSinks = false; // a learned logit per head in each softmax's sum (gpt-oss): heads parameters a layer
    double positions = 0; // learned position embeddings (GPT-2's n_positions); 0 for rotary embeddings
    std::vector<std::string> sources;
    std::string notes;

    bool operator==(const Model&) const = default;
};

// The parameters a model's fields imply, exactly: embeddings, per layer the attention projections, the MLP (every
// expert, and the router), the norms and biases, the final norm and an untied lm_head.
double parameterCount(const Model&);
// The parameters one token uses: all of a dense model's; a mixture's without the routed experts it does not visit
// (E − k of them in each layer with experts). DeepSeek-V3: 37,552,297,472 of 671,026,419,200.
double activeParameters(const Model&);
// Parameters of an MLP `width` wide (with its biases when the model has them).
double mlpParameters(const Model&, double width);
// Parameters of one layer's attention: projections, latent norms and biases.
double attentionParameters(const Model&);
// Parameters of one layer's MLP in a layer with experts: routed and shared experts, and the router. The first
// denseLayers layers have mlpParameters(m, m.mlp) instead.
double mixtureParameters(const Model&);
// A mixture's expert width and layers: m.expertMlp or m.mlp; the layers with experts (0 for a dense model).
double expertWidth(const Model&);
double mixtureLayers(const Model&);
// The width of one shared expert: m.sharedExpertMlp or expertWidth.
double sharedExpertWidth(const Model&);
// Parameters of the query and key norms in one layer (their layers' share for Llama 4's, which have none).
double qkNormParameters(const Model&);
// Latent attention: a head's query and key (nope + rope), and its value.
bool latentAttention(const Model&);
double qkHeadDim(const Model&);
double vHeadDim(const Model&);
// Elements of K and V one token keeps in one layer's cache: 2·kv_heads·head_dim (K and V as wide as each other),
// or kv_lora_rank + qk_rope_head_dim for latent attention, whatever the heads.
double kvElementsPerToken(const Model&);

// Prefill: a whole prompt per sequence; decode: one new token per sequence; train: one training step, the forward
// pass over every token of a sequence of P tokens and the backward pass after it.
enum class Phase { Prefill, Decode, Train };
std::string_view phaseName(Phase);

// How a session runs a model: the phase, the shape and dtypes, and tensor parallelism over one link; for a training
// step also data and pipeline parallelism.
struct ModelSettings {
    Model model; // as its preset gave it when the session was made: what the session analyses
    // The Hugging Face config.json the model was read from, as a scenario names it (relative to the scenario's folder)
    // or the command line gave it; empty for a model of the library, named by its id.
    std::string config;
    Phase phase = Phase::Decode;
    double batch = 1; // B: sequences in flight; for a training step the global batch, over every replica
    double prompt = 2048; // P: prompt tokens of a prefill; tokens of each sequence of a training step
    double context = 4096; // S: tokens already cached before a decode step
    Dtype weights = Dtype::bf16;
    Dtype activations = Dtype::bf16; // also the compute dtype
    Dtype kvCache = Dtype::bf16;
    double tp = 1; // N: tensor-parallel degree
    std::string link; // the link the tensor-parallel all-reduces cross; empty: the chip's first
    bool materialiseScores = false; // prefill attention writes its scores to memory instead of keeping them on chip
    // Latent attention: `Auto` absorbs the up-projections into the query and output in a decode step (attention
    // over the cached latent, as DeepSeek serves it) and expands K and V from the latent in a prefill and a training
    // step (ordinary attention over full heads); the others force one way.
    enum class Latent { Auto, Absorbed, Expanded };
    Latent latent = Latent::Auto;
    // Expert parallelism (inference): `ep` chips each hold E/ep whole routed experts, and the deployment's ep chips
    // run attention and the dense parts as ep/tp tensor-parallel groups, each over batch·tp/ep sequences. Tokens go
    // to their experts' chips and back by all-to-all over `epLink` (empty: the tensor-parallel link). `imbalance`
    // scales the routed experts' work on the busiest chip.
    double ep = 1;
    std::string epLink;
    double imbalance = 1;
    // A training step: the global batch split over `dp` replicas, each a pipeline of `pp` stages (the layers split
    // evenly) fed `microbatches` microbatches one after another (1F1B schedule). The gradient all-reduce crosses
    // `dpLink`, the activations between stages `ppLink`; empty: the chip's first link to other nodes or pods
    // (scaleOutLink). A training step's attention is always fused: `materialiseScores` is for a prefill.
    double dp = 1;
    double pp = 1;
    double microbatches = 1;
    std::string dpLink;
    std::string ppLink;
    // ZeRO (Rajbhandari et al. 2020) over the dp replicas: stage 1 shards the optimizer state, 2 the gradients too, 3
    // the weights too (FSDP); 0 keeps everything whole on every replica.
    double zero = 0;
    // Activation recomputation: none keeps what the backward pass reads; selective recomputes the attention's scores,
    // which fused attention's backward pass does anyway (Korthikanti et al. 2022); full keeps each layer's input
    // alone and runs the layer's forward pass again before its backward.
    enum class Recompute { None, Selective, Full };
    Recompute recompute = Recompute::None;
    // Sequence parallelism with tensor parallelism (Korthikanti et al. 2022): the norms and residual adds run on a
    // tp-th of the tokens, and keep a tp-th of their activations.
    bool sequenceParallel = false;
    // Speculative decoding (Leviathan et al. 2023) in a decode step: the `draft` model proposes `draftTokens` (k)
    // tokens, one decode step of its own each, and the target checks them all in one pass over k + 1 tokens per
    // sequence. It keeps each proposal with probability `acceptance` (α) until the first it rejects, then adds a
    // token of its own: (1 − α^(k+1))/(1 − α) tokens per round on average. The draft shares the target's
    // vocabulary and chips (its tp and link; no expert parallelism); a prefill or a training step has no draft.
    std::optional<Model> draft;
    double draftTokens = 4;
    double acceptance = 0.8;

    bool operator==(const ModelSettings&) const = default;

    bool speculative() const { return draft && phase == Phase::Decode; }
    // Tokens each sequence runs through the target in one step: the k proposals and one more when speculating.
    double queryTokens() const { return speculative() ? draftTokens + 1 : 1; }
    // The tokens one speculative round adds to each sequence, on average: (1 − α^(k+1))/(1 − α), k + 1 at α = 1; 1
    // for a decode step without a draft.
    double acceptedTokens() const;
    // The draft's decode step as settings of its own, each sequence holding `context` cached tokens before it: the
    // target's tensor-parallel group's sequences, dtypes, tp and link.
    ModelSettings draftStep(double context) const;

    // Sequences one pass over the layers holds: B for inference, a microbatch B/(dp·m) for a training step.
    // With expert parallelism, one tensor-parallel group's share: B·tp/ep.
    double sequences() const
    {
        return phase == Phase::Train ? batch / (dp * microbatches) : ep > 1 ? batch * tp / ep : batch;
    }
    // Tokens each layer's attention processes in one pass: B·P for a prefill, B for a decode step (one tensor-
    // parallel group's share of them with expert parallelism), a microbatch's B/(dp·m)·P for a training step.
    double tokens() const { return sequences() * (phase == Phase::Decode ? queryTokens() : prompt); }
    // Tokens of one pass over every chip of the deployment: what the routed experts share out.
    double deploymentTokens() const { return ep > 1 ? tokens() * ep / tp : tokens(); }
    // A training step always expands the latent: its backward pass needs K and V per head.
    bool absorbLatent() const
    {
        return phase != Phase::Train
            && (latent == Latent::Absorbed || (latent == Latent::Auto && phase == Phase::Decode));
    }
    // Tokens each sequence holds in the KV cache once the step is done (a training step's attention reads its own
    // sequence's P): P after a prefill, S + 1 after a decode step, S + k + 1 after a speculative one's verification.
    double cachedTokens() const { return phase == Phase::Decode ? context + queryTokens() : prompt; }
    // Layers on one pipeline stage: L/pp (L for inference, which has no pipeline here).
    double stageLayers() const { return phase == Phase::Train ? model.layers / pp : model.layers; }
};

// The legal ranges of the settings, as the scenario reader, --set and the command line check them.
inline constexpr double kMaxBatch = 1 << 24;
inline constexpr double kMaxTokens = 1 << 30;
inline constexpr double kMaxTensorParallel = 1024;
inline constexpr double kMaxExpertParallel = 1024;
inline constexpr double kMaxImbalance = 1024;
inline constexpr double kMaxDraftTokens = 64;
inline constexpr double kMaxDataParallel = 1 << 20;
inline constexpr double kMaxMicrobatches = 1 << 16;
// Past any model's layers; a training step's stages must also divide its model's layers (settingsProblem), which a
// setting alone does not check, so that a model changed later does not make a saved file unreadable.
inline constexpr double kMaxPipelineStages = 1024;

// "6738415616": a whole count as files and messages write it, with no exponent.
std::string wholeText(double);

// Why the settings cannot run the model, naming the setting ("tp: 3 does not divide the 32 heads"), or nothing.
std::optional<std::string> settingsProblem(const ModelSettings&);

// The models a session can name: the built-in ones and those of the user's folders, as the files target read them.
struct ModelLibrary {
    std::vector<Model> models; // sorted by parameter count
    Diagnostics errors; // one per bad file; the good files still load

    const Model* find(std::string_view id) const;
    std::string ids() const; // "gpt2, llama-2-7b, ...", for messages
    // The library with `model` joined at its end, replacing one with the same id: what a Hugging Face config.json
    // does for the scenario, option or window that names it.
    ModelLibrary with(Model model) const;
};

} // namespace roofline
