// SPDX-License-Identifier: GPL-3.0-or-later
#include "llm/generate.h"
#include "llm/operation_builder.h"

#include "base/units.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <tuple>
#include <utility>

namespace roofline {

std::vector<Operation> modelOperations(const ModelSettings& s, const Hardware& hw)
{
    const Model& m = s.model;
    const bool train = s.phase == Phase::Train;
    const double n = s.tp;
    const double rows = s.tokens();
    const double heads = m.heads / n;
    const double kvHeads = std::max(1.0, m.kvHeads / n);
    const double qk = qkHeadDim(m);
    const double v = vHeadDim(m);
    // How often each operation runs in one step on one chip: a layer's on every layer of the stage, in every pass
    // over the layers (a training step's microbatches); the embedding, final norm and lm_head once per pass. A
    // training step's stage is the mean of the pipeline's: its share of the window, dense and mixture layers.
    const double passes = train ? s.microbatches : 1;
    // Sequence parallelism: the norms and residual adds of a training step's tensor-parallel group share its tokens.
    const double normRows = train && s.sequenceParallel ? rows / n : rows;
    const double L = s.stageLayers() * passes;
    const double stageShare = s.stageLayers() / m.layers * passes;
    const double windowL = m.window > 0 ? m.windowLayers * stageShare : 0;
    const double chunkL = m.chunk > 0 ? m.chunkLayers * stageShare : 0;
    const double mixtureL = mixtureLayers(m) * stageShare;
    const double denseL = L - mixtureL;
    OperationBuilder b(s);

    // A projection X[rows, in]·W[in, out], and in a training step its backward pass: ∂X = ∂Y·Wᵀ, a matmul of the
    // same rows contracting `out`, and ∂W = Xᵀ·∂Y, `in` rows contracting the tokens, reading two activations and
    // writing the gradient at the weights' dtype. Each has the forward's 2·rows·in·out FLOPs: 6 per parameter and
    // token in all. `out` dtype: the activations', or the KV cache's for a projection that writes the cache.
    auto project = [&](std::string_view id, const std::string& name, std::string_view group, double projectedRows,
                       double in, double out, double repeat, std::optional<Dtype> written = std::nullopt) {
        Matmul forward = b.matmul(projectedRows, in, out);
        if (written)
            forward.out = *written;
        b.add(id, name, group, forward, repeat);
        if (!train)
            return;
        b.addBackward(std::string(id) + ".dx", name + " ∂X", group, b.matmul(projectedRows, out, in), repeat);
        Matmul dw = b.matmul(in, projectedRows, out);
        dw.w = s.activations;
        dw.out = s.weights;
        b.addBackward(std::string(id) + ".dw", name + " ∂W", group, dw, repeat);
    };
    auto elementwise = [&](std::string_view id, const std::string& name, std::string_view group, ElementwiseKind kind,
                           ElementwiseKind backward, double elementRows, double width, double repeat) {
        b.add(id, name, group, b.elementwise(kind, elementRows, width), repeat);
        if (train)
            b.addBackward(std::string(id) + ".back", name + " backward", group,
                b.elementwise(backward, elementRows, width), repeat);
    };

    if (train && s.dp > 1 && s.zero == 3) {
        // ZeRO 3 keeps a dp-th of the chip's weights: each microbatch's forward pass starts by gathering them.
        Collective gatherWeights;
        gatherWeights.kind = CollectiveKind::AllGather;
        gatherWeights.N = std::ceil(parametersPerChip(s));
        gatherWeights.P = s.dp;
        gatherWeights.dtype = s.weights;
        gatherWeights.link = s.dpLink.empty() ? scaleOutLink(hw) : s.dpLink;
        b.add("zero_gather", "weights all-gathered for the forward pass (ZeRO 3)", kGroupParameters, gatherWeights,
            passes);
    }
    Elementwise gather = b.elementwise(ElementwiseKind::Embedding, rows, m.hidden);
    gather.dtype = s.weights;
    b.add("embedding", "embedding gather", kGroupEmbedding, gather, passes);
    if (train) {
        Elementwise scatter = b.elementwise(ElementwiseKind::EmbeddingBackward, rows, m.hidden);
        scatter.dtype = s.weights;
        b.addBackward("embedding.back", "embedding backward", kGroupEmbedding, scatter, passes);
    }

    // With tensor parallelism each layer's attention and MLP end in an all-reduce of their output (Megatron-LM's g);
    // in a training step's backward pass the gradient of their input, which each chip's share of the columns gave a
    // part of, is all-reduced before it goes back through the norm (f).
    Collective activations;
    activations.kind = CollectiveKind::AllReduce;
    activations.N = rows * m.hidden;
    activations.P = n;
    activations.dtype = s.activations;
    activations.link = s.link;
    auto allReduce = [&](std::string_view id, const std::string& name, double repeat) {
        if (n > 1)
            b.add(id, name, kGroupAllReduce, activations, repeat);
    };
    auto inputGradientAllReduce = [&](std::string_view id, const std::string& name, double repeat) {
        if (n > 1 && train)
            b.addBackward(id, name, kGroupAllReduce, activations, repeat);
    };
    // A norm over `width`, and in a training step, after the all-reduce of its output's gradient where one is named,
    // its backward.
    // The hidden state's norms (no latent width) run on a tp-th of the tokens with sequence parallelism; a latent's,
    // which every chip computes whole, on all of them.
    auto norm = [&](std::string_view id, const std::string& name, double repeat, std::string_view reduceId = {},
                    const std::string& reduceName = {}, double latentWidth = 0) {
        const double width = latentWidth > 0 ? latentWidth : m.hidden;
        const double normed = latentWidth > 0 ? rows : normRows;
        if (m.norm == NormKind::RmsNorm) {
            b.add(id, name, kGroupNorms, b.elementwise(ElementwiseKind::RmsNorm, normed, width), repeat);
        } else {
            LayerNorm ln;
            ln.B = normed;
            ln.D = width;
            ln.dtype = s.activations;
            b.add(id, name, kGroupNorms, ln, repeat);
        }
        if (!train)
            return;
        if (!reduceId.empty())
            inputGradientAllReduce(reduceId, reduceName, repeat);
        const ElementwiseKind backward
            = m.norm == NormKind::RmsNorm ? ElementwiseKind::RmsNormBackward : ElementwiseKind::LayerNormBackward;
        b.addBackward(
            std::string(id) + ".back", name + " backward", kGroupNorms, b.elementwise(backward, normed, width), repeat);
    };
    // The norm on the query's and the key's heads this chip holds: each head's (Qwen3, Gemma 3; Llama 4's L2 norm on
    // its chunked layers alone), or all of them at once (OLMo 2): the same elements either way.
    const double qkNormL = m.qkNorm == QkNorm::L2 ? chunkL : L;
    auto headNorm = [&](std::string_view id, const std::string& name, double headsHere) {
        const bool whole = m.qkNorm == QkNorm::FullWidth, l2 = m.qkNorm == QkNorm::L2;
        const double normRowsHere = whole ? rows : rows * headsHere, width = whole ? headsHere * qk : qk;
        b.add(id, name, kGroupNorms,
            b.elementwise(l2 ? ElementwiseKind::L2Norm : ElementwiseKind::RmsNorm, normRowsHere, width), qkNormL);
        if (train)
            b.addBackward(std::string(id) + ".back", name + " backward", kGroupNorms,
                b.elementwise(
                    l2 ? ElementwiseKind::L2NormBackward : ElementwiseKind::RmsNormBackward, normRowsHere, width),
                qkNormL);
    };
    auto residual = [&](std::string_view id, const std::string& name) {
        elementwise(
            id, name, kGroupNorms, ElementwiseKind::ResidualAdd, ElementwiseKind::GradientAdd, normRows, m.hidden, L);
    };
    // Gemma 2's norms on the attention's and the MLP's outputs, before each residual add.
    auto postNorm = [&](std::string_view id, const std::string& name) {
        if (m.layerNorms >= 4)
            norm(id, name, L);
    };

    const std::size_t firstLayerOperation = b.forwardCount();
    norm("attn_norm", "attention norm", L, "attn_allreduce.back", "all-reduce of the attention input's gradient");
    Attention a;
    a.B = s.sequences();
    a.T = s.phase == Phase::Decode ? s.queryTokens() : s.prompt;
    a.S = s.cachedTokens();
    a.heads = heads;
    a.kvHeads = kvHeads;
    a.d = qk;
    a.dv = v == qk ? 0 : v;
    a.x = s.activations;
    // A training step keeps no cache: K and V are activations its projections wrote, read by the forward pass.
    a.kv = train ? s.activations : s.kvCache;
    // The attention of the window's layers and of the others: the same operation but for the window; in a training
    // step's backward pass too.
    auto attend = [&](std::string_view id, const std::string& name, Attention op, bool backward = false) {
        const auto add
            = [&](const std::string& layerId, const std::string& layerName, const Attention& layerOp, double repeat) {
                  if (backward)
                      b.addBackward(layerId, layerName, kGroupAttention, layerOp, repeat);
                  else
                      b.add(layerId, layerName, kGroupAttention, layerOp, repeat);
              };
        const std::string base(id);
        const std::size_t dot = base.find('.'); // "attention.back": the window's is "attention_window.back"
        const std::string after = dot == std::string::npos ? "" : base.substr(dot);
        if (windowL > 0) {
            Attention local = op;
            local.window = m.window;
            add(base.substr(0, dot) + "_window" + after, name + ", sliding window", local, windowL);
        }
        if (chunkL > 0) {
            Attention chunked = op;
            chunked.chunk = m.chunk;
            add(base.substr(0, dot) + "_chunked" + after, name + ", chunked", chunked, chunkL);
        }
        if (L - windowL - chunkL > 0)
            add(base, name, op, L - windowL - chunkL);
    };
    // The cache's dtype for what a projection writes to it; a training step's K and V are activations.
    const std::optional<Dtype> cached = train ? std::nullopt : std::optional<Dtype>(s.kvCache);
    if (latentAttention(m)) {
        // DeepSeek-V2's multi-head latent attention. Every chip computes the latents whole (the down projections are
        // not split); the up projections and the heads are split N ways.
        if (m.qLoraRank > 0) {
            project("q_a_proj", "q down-projection to its latent", kGroupAttention, rows, m.hidden, m.qLoraRank, L);
            norm("q_a_norm", "q latent norm", L, {}, {}, m.qLoraRank);
            project("q_b_proj", "q up-projection", kGroupAttention, rows, m.qLoraRank, heads * qk, L);
        } else {
            project("q_proj", "q projection", kGroupAttention, rows, m.hidden, heads * qk, L);
        }
        // The latent and the shared rope key: what the cache keeps of each token.
        project("kv_a_proj", "kv down-projection to the latent and rope key", kGroupAttention, rows, m.hidden,
            m.kvLoraRank + m.ropeDim, L, cached);
        norm("kv_a_norm", "kv latent norm", L, {}, {}, m.kvLoraRank);
        if (s.absorbLatent() && !train) {
            // W_UK taken into each head's query and W_UV into its output (DeepSeek-V2 §2.1.2): attention over the
            // cached latent as one head shared by all, keys kv_lora + rope wide, values the latent itself.
            BatchedMatmul absorb;
            absorb.B = heads;
            absorb.T = rows;
            absorb.D = m.headDim;
            absorb.F = m.kvLoraRank;
            absorb.x = absorb.out = absorb.compute = s.activations;
            absorb.w = s.weights;
            b.add("q_absorb", "query into the latent (W_UK per head)", kGroupAttention, absorb, L);
            Attention latent = a;
            latent.part = AttentionPart::Latent;
            latent.kvHeads = 1;
            latent.d = m.kvLoraRank + m.ropeDim;
            latent.dv = m.kvLoraRank;
            attend("attention", "latent attention over the cache (fused)", latent);
            absorb.D = m.kvLoraRank;
            absorb.F = v;
            b.add("o_absorb", "output out of the latent (W_UV per head)", kGroupAttention, absorb, L);
        } else {
            // K and V expanded from the latent, for the new tokens (a prefill, a training step) or every cached one
            // (a decode step), then ordinary attention over full heads reading them.
            const double expanded = s.phase == Phase::Decode ? a.B * a.S : rows;
            project("kv_b_proj", "kv up-projection from the latent", kGroupAttention, expanded, m.kvLoraRank,
                heads * (m.headDim + v), L);
            a.part = AttentionPart::Forward;
            a.kvHeads = heads;
            a.kv = s.activations;
            attend("attention", "attention over the expanded K and V (fused)", a);
            if (train) {
                a.part = AttentionPart::Backward;
                attend("attention.back", "attention backward (fused)", a, true);
            }
        }
    } else {
        project("q_proj", "q projection", kGroupAttention, rows, m.hidden, heads * qk, L);
        project("k_proj", "k projection", kGroupAttention, rows, m.hidden, kvHeads * qk, L);
        project("v_proj", "v projection", kGroupAttention, rows, m.hidden, kvHeads * v, L);
        if (m.qkNorm != QkNorm::None) {
            const std::string how = m.qkNorm == QkNorm::FullWidth ? ""
                : m.qkNorm == QkNorm::L2                          ? ", L2 per head"
                                                                  : ", per head";
            headNorm("q_norm", "q norm" + how, heads);
            headNorm("k_norm", "k norm" + how, kvHeads);
        }
        if (s.materialiseScores && !train) {
            // Scores and values per kind of layer, each with its own softmax over the keys its queries see.
            auto materialised = [&](std::string_view suffix, const std::string& nameSuffix, double window, double chunk,
                                    double repeat) {
                if (repeat <= 0)
                    return;
                Attention op = a;
                op.window = window;
                op.chunk = chunk;
                const double keys = attentionKeys(op);
                op.part = AttentionPart::Scores;
                b.add("scores" + std::string(suffix), "attention scores QKᵀ" + nameSuffix, kGroupAttention, op, repeat);
                b.add("softmax" + std::string(suffix), "attention softmax" + nameSuffix, kGroupAttention,
                    b.elementwise(ElementwiseKind::Softmax, a.B * heads * a.T, keys), repeat);
                op.part = AttentionPart::Values;
                b.add("values" + std::string(suffix), "attention values PV" + nameSuffix, kGroupAttention, op, repeat);
            };
            materialised("_window", ", sliding window", m.window, 0, windowL);
            materialised("_chunked", ", chunked", 0, m.chunk, chunkL);
            materialised("", "", 0, 0, L - windowL - chunkL);
        } else {
            a.part = train ? AttentionPart::Forward : AttentionPart::Fused;
            attend("attention", "attention (fused)", a);
            if (train) {
                a.part = AttentionPart::Backward;
                attend("attention.back", "attention backward (fused)", a, true);
            }
        }
    }
    project("o_proj", "o projection", kGroupAttention, rows, heads * v, m.hidden, L);
    allReduce("attn_allreduce", "all-reduce after attention", L);
    postNorm("attn_post_norm", "attention output norm");
    residual("attn_residual", "residual add after attention");

    norm("mlp_norm", "MLP norm", L, "mlp_allreduce.back", "all-reduce of the MLP input's gradient");
    const ElementwiseKind activation = !m.gated ? ElementwiseKind::Gelu
        : m.geglu                               ? ElementwiseKind::GeGlu
                                                : ElementwiseKind::SwiGlu;
    const ElementwiseKind activationBackward = !m.gated ? ElementwiseKind::GeluBackward
        : m.geglu                                       ? ElementwiseKind::GeGluBackward
                                                        : ElementwiseKind::SwiGluBackward;
    const std::string activationName = !m.gated ? "GELU" : m.geglu ? "GeGLU" : "SwiGLU";
    // A dense MLP `width` wide split N ways: the whole MLP of a dense model or of a mixture's first layers, a
    // mixture's shared experts.
    auto denseMlp = [&](std::string_view prefix, const std::string& whose, double width, double repeat) {
        if (repeat <= 0)
            return;
        const std::string p(prefix);
        const std::string title = whose.empty() ? std::string() : whose + " ";
        project(p + "up_proj", title + "up projection", kGroupMlp, rows, m.hidden, width / n, repeat);
        if (m.gated)
            project(p + "gate_proj", title + "gate projection", kGroupMlp, rows, m.hidden, width / n, repeat);
        elementwise(p + "activation", title + activationName, kGroupMlp, activation, activationBackward, rows,
            width / n, repeat);
        project(p + "down_proj", title + "down projection", kGroupMlp, rows, width / n, m.hidden, repeat);
    };
    if (m.experts > 1) {
        denseMlp("dense_", "dense MLP's", m.mlp, denseL);
        // Qwen2-MoE's gate on its shared expert is one more output of the router's matmul.
        if (m.sharedExpertGate)
            project(
                "router", "router and shared expert's gate", kGroupExperts, rows, m.hidden, m.experts + 1, mixtureL);
        else
            project("router", "router", kGroupExperts, rows, m.hidden, m.experts, mixtureL);
        if (m.sharedExperts > 0)
            denseMlp("shared_", "shared experts'", m.sharedExperts * sharedExpertWidth(m), mixtureL);
        const double ep = s.ep;
        // Expert parallelism: each chip sends the routed copies of its share of the tensor-parallel group's tokens
        // (k each, hidden wide) to the chips that hold their experts, and gets the experts' outputs back.
        Collective exchange;
        exchange.kind = CollectiveKind::AllToAll;
        // The busiest chip receives imbalance times its share: the exchange waits for it.
        exchange.N = std::ceil(ep * rows / n * m.expertsPerToken * m.hidden * (ep > 1 ? s.imbalance : 1));
        exchange.P = ep;
        exchange.dtype = s.activations;
        exchange.link = s.epLink.empty() ? s.link : s.epLink;
        if (ep > 1)
            b.add("dispatch", "dispatch tokens to their experts (all-to-all)", kGroupAllToAll, exchange, mixtureL);
        // An expert's ∂W = Xᵀ·∂Y touches what its ∂X = ∂Y·Wᵀ touches (the routed rows of X and ∂Y, and one
        // weight-sized array per expert used) and costs the same FLOPs: both are the forward with D and F swapped.
        const double width = ep > 1 ? expertWidth(m) : expertWidth(m) / n;
        auto experts = [&](std::string_view id, const std::string& name, double in, double out) {
            ExpertMatmul e;
            e.tokens = s.deploymentTokens();
            e.D = in;
            e.F = out;
            e.E = m.experts;
            e.k = m.expertsPerToken;
            e.chips = ep;
            e.imbalance = ep > 1 ? s.imbalance : 1;
            e.x = s.activations;
            e.w = s.weights;
            e.out = s.activations;
            e.compute = s.activations;
            b.add(id, name, kGroupExperts, e, mixtureL);
            if (!train)
                return;
            std::swap(e.D, e.F);
            b.addBackward(std::string(id) + ".dx", name + " ∂X", kGroupExperts, e, mixtureL);
            b.addBackward(std::string(id) + ".dw", name + " ∂W", kGroupExperts, e, mixtureL);
        };
        experts("up_proj", "experts' up projection", m.hidden, width);
        if (m.gated)
            experts("gate_proj", "experts' gate projection", m.hidden, width);
        elementwise("activation", "experts' activation", kGroupExperts, activation, activationBackward,
            std::ceil(expertRowsPerChip(s)), width, mixtureL);
        experts("down_proj", "experts' down projection", width, m.hidden);
        if (ep > 1)
            b.add("combine", "combine the experts' outputs (all-to-all)", kGroupAllToAll, exchange, mixtureL);
    } else {
        denseMlp("", "", m.mlp, L);
    }
    allReduce("mlp_allreduce", "all-reduce after the MLP", L);
    postNorm("mlp_post_norm", "MLP output norm");
    residual("mlp_residual", "residual add after the MLP");

    if (train && s.recompute == ModelSettings::Recompute::Full)
        b.runTwice(firstLayerOperation, b.forwardCount());

    // The final norm runs on every position; inference's lm_head only on the last of each sequence, a training
    // step's on every token, followed by the loss: a softmax over the (split) vocabulary and its gradient. Split over
    // the vocabulary, each chip's lm_head gives a part of its input's gradient: all-reduced before the final norm's
    // backward pass.
    norm("final_norm", "final norm", passes, "lm_head_allreduce.back", "all-reduce of the lm_head input's gradient");
    const double vocab = std::ceil(m.vocab / n);
    if (train) {
        project("lm_head", "lm_head", kGroupLmHead, rows, m.hidden, vocab, passes);
        elementwise("loss", "loss (softmax cross-entropy)", kGroupLmHead, ElementwiseKind::Softmax,
            ElementwiseKind::SoftmaxBackward, rows, vocab, passes);
    } else if (s.speculative()) {
        // The target's next-token distribution at each drafted position and after the last: what it checks them by.
        project("lm_head", "lm_head (each position verified)", kGroupLmHead, rows, m.hidden, vocab, 1);
    } else {
        project("lm_head", "lm_head (last position)", kGroupLmHead, s.sequences(), m.hidden, vocab, 1);
    }

    if (train && s.pp > 1) {
        // Each microbatch's activations go on to the next stage, and their gradient comes back.
        Collective send;
        send.kind = CollectiveKind::Send;
        send.N = rows * m.hidden;
        send.P = 2;
        send.dtype = s.activations;
        send.link = s.ppLink.empty() ? scaleOutLink(hw) : s.ppLink;
        b.add("pp_send", "send activations to the next stage", kGroupPipeline, send, passes);
        b.addBackward("pp_send.back", "send gradients to the previous stage", kGroupPipeline, send, passes);
    }
    if (train && s.dp > 1) {
        // The data-parallel collectives over the parameters the chip holds. Without ZeRO, once per step after the
        // backward pass: every replica's gradients all-reduced. ZeRO 1 reduce-scatters them instead and all-gathers
        // the updated weights after each replica's shard of the optimizer step; ZeRO 2, its gradients sharded, does
        // the reduce-scatter after each microbatch's backward pass; ZeRO 3, its weights sharded too, all-gathers them
        // before each microbatch's forward and backward passes and keeps them sharded after the step (§7 of the
        // paper: 1.5 times the all-reduce's bytes).
        Collective c;
        c.N = std::ceil(parametersPerChip(s));
        c.P = s.dp;
        c.dtype = s.weights;
        c.link = s.dpLink.empty() ? scaleOutLink(hw) : s.dpLink;
        if (s.zero == 0) {
            c.kind = CollectiveKind::AllReduce;
            b.addLast("dp_allreduce", "gradient all-reduce (data parallel)", kGroupGradients, c, 1);
        } else {
            if (s.zero == 3) {
                // Before the backward pass (the last forward's backward runs first): the weights again.
                c.kind = CollectiveKind::AllGather;
                b.addBackward("zero_gather.back", "weights all-gathered for the backward pass (ZeRO 3)",
                    kGroupParameters, c, passes);
            }
            c.kind = CollectiveKind::ReduceScatter;
            b.addLast("dp_reducescatter",
                s.zero == 1 ? "gradient reduce-scatter (ZeRO)" : "gradient reduce-scatter (ZeRO, each microbatch)",
                kGroupGradients, c, s.zero == 1 ? 1 : passes);
            c.kind = CollectiveKind::AllGather;
            if (s.zero < 3)
                b.addLast("dp_allgather", "all-gather of the updated weights (ZeRO)", kGroupParameters, c, 1);
        }
    }
    if (!s.speculative())
        return b.take();
    // Speculative decoding: the draft's k decode steps, then the target's verification over k + 1 tokens per sequence
    // (the operations above). The i-th draft step (from 0) holds S + i cached tokens before it; its attention's FLOPs
    // and bytes grow linearly with them, so k steps at the mean S + (k − 1)/2 cost what the k steps cost (but in a
    // sliding window's layers, which read at most the window whatever the context).
    std::vector<Operation> ops = modelOperations(s.draftStep(s.context + (s.draftTokens - 1) / 2), hw);
    for (Operation& op : ops) {
        op.id = std::string(kGeneratedIdPrefix) + std::string(kDraftPart) + op.id.substr(kGeneratedIdPrefix.size());
        op.name = "draft " + op.name;
        op.group = std::string(kGroupDraft);
        op.colour = groupColour(kGroupDraft);
        op.repeat *= s.draftTokens;
    }
    std::vector<Operation> verification = b.take();
    std::move(verification.begin(), verification.end(), std::back_inserter(ops));
    return ops;
}

} // namespace roofline
