// SPDX-License-Identifier: GPL-3.0-or-later
#include "llm/generate.h"

#include "base/units.h"
#include "roofline/evaluate.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <tuple>
#include <utility>

namespace roofline {

namespace {

class Builder {
public:
    explicit Builder(const ModelSettings& s)
        : m_s(s)
    { }

    void add(std::string_view id, std::string name, std::string_view group, OperationVariant op, double repeat)
    {
        m_ops.push_back(make(id, std::move(name), group, std::move(op), repeat));
    }

    // The backward pass of the operations added since the last call, run after every forward operation and in the
    // reverse order of the forward passes they belong to.
    void addBackward(std::string_view id, std::string name, std::string_view group, OperationVariant op, double repeat)
    {
        if (m_backward.empty() || m_backward.back().forwards != m_ops.size())
            m_backward.push_back({ m_ops.size(), {} });
        m_backward.back().ops.push_back(make(id, std::move(name), group, std::move(op), repeat));
    }

    Matmul matmul(double rows, double in, double out) const
    {
        Matmul m;
        m.B = rows;
        m.D = in;
        m.F = out;
        m.x = m_s.activations;
        m.w = m_s.weights;
        m.out = m_s.activations;
        m.compute = m_s.activations;
        return m;
    }

    Elementwise elementwise(ElementwiseKind kind, double rows, double width) const
    {
        Elementwise e;
        e.kind = kind;
        e.B = rows;
        e.D = width;
        e.dtype = m_s.activations;
        return e;
    }

    // An operation that runs once the backward pass is done.
    void addLast(std::string_view id, std::string name, std::string_view group, OperationVariant op, double repeat)
    {
        m_last.push_back(make(id, std::move(name), group, std::move(op), repeat));
    }

    std::vector<Operation> take()
    {
        for (auto pass = m_backward.rbegin(); pass != m_backward.rend(); ++pass)
            std::move(pass->ops.begin(), pass->ops.end(), std::back_inserter(m_ops));
        std::move(m_last.begin(), m_last.end(), std::back_inserter(m_ops));
        m_backward.clear();
        m_last.clear();
        return std::move(m_ops);
    }

private:
    Operation make(std::string_view id, std::string name, std::string_view group, OperationVariant op, double repeat)
    {
        Operation o;
        o.id = "model." + std::string(id);
        o.name = std::move(name);
        o.group = std::string(group);
        o.op = std::move(op);
        o.generated = true;
        o.repeat = repeat;
        const auto& palette = operationPalette();
        const auto it = std::find(kGroups.begin(), kGroups.end(), group);
        o.colour = palette[static_cast<std::size_t>(it - kGroups.begin()) % palette.size()];
        return o;
    }

    struct BackwardPass {
        std::size_t forwards; // forward operations added before it
        std::vector<Operation> ops;
    };
    static constexpr std::array<std::string_view, 8> kGroups { kGroupEmbedding, kGroupAttention, kGroupMlp, kGroupNorms,
        kGroupAllReduce, kGroupLmHead, kGroupGradients, kGroupPipeline };
    const ModelSettings& m_s;
    std::vector<Operation> m_ops;
    std::vector<BackwardPass> m_backward;
    std::vector<Operation> m_last;
};

} // namespace

std::string scaleOutLink(const Hardware& hw)
{
    const auto out = std::find_if(hw.links.begin(), hw.links.end(),
        [](const Link& l) { return l.scope == LinkScope::InterNode || l.scope == LinkScope::InterPod; });
    return out != hw.links.end() ? out->name : hw.links.empty() ? std::string() : hw.links.front().name;
}

// The parameters one chip holds under tensor parallelism N (and a training step's pipeline stages): every matrix
// split N ways, except the K and V projections when N exceeds the KV heads: each chip then holds whole copies of
// max(1, kv_heads / N) heads, as the generated projections read them. Llama-3.1-70B at N = 16 holds a whole KV head
// (not half of one) in each of 80 layers' K and V: 80 · 2 · 8192 · 128 · ½ = 83,886,080 parameters more per chip.
double parametersPerChip(const ModelSettings& s)
{
    const Model& m = s.model;
    const double n = s.tp;
    const double kvHeads = std::max(1.0, m.kvHeads / n);
    const double copies
        = m.layers * (2 * m.hidden + (m.bias || m.qkvBias ? 2 : 0)) * m.headDim * (kvHeads - m.kvHeads / n);
    return (parameterCount(m) / n + copies) / (s.phase == Phase::Train ? s.pp : 1);
}

std::vector<Operation> modelOperations(const ModelSettings& s, const Hardware& hw)
{
    const Model& m = s.model;
    const bool train = s.phase == Phase::Train;
    const double n = s.tp;
    const double rows = s.tokens();
    const double heads = m.heads / n;
    const double kvHeads = std::max(1.0, m.kvHeads / n);
    const double mlp = m.mlp / n;
    // How often each operation runs in one step on one chip: a layer's on every layer of the stage, in every pass
    // over the layers (a training step's microbatches); the embedding, final norm and lm_head once per pass.
    const double passes = train ? s.microbatches : 1;
    const double L = s.stageLayers() * passes;
    Builder b(s);

    // A projection X[rows, in]·W[in, out], and in a training step its backward pass: ∂X = ∂Y·Wᵀ, a matmul of the
    // same rows contracting `out`, and ∂W = Xᵀ·∂Y, `in` rows contracting the tokens, reading two activations and
    // writing the gradient at the weights' dtype. Each has the forward's 2·rows·in·out FLOPs: 6 per parameter and
    // token in all.
    auto project = [&](std::string_view id, const std::string& name, std::string_view group, double projectedRows,
                       double in, double out, double repeat) {
        b.add(id, name, group, b.matmul(projectedRows, in, out), repeat);
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
    // A norm, and in a training step, after the all-reduce of its output's gradient where one is named, its backward.
    auto norm = [&](std::string_view id, const std::string& name, double repeat, std::string_view reduceId = {},
                    const std::string& reduceName = {}) {
        if (m.norm == NormKind::RmsNorm) {
            b.add(id, name, kGroupNorms, b.elementwise(ElementwiseKind::RmsNorm, rows, m.hidden), repeat);
        } else {
            LayerNorm ln;
            ln.B = rows;
            ln.D = m.hidden;
            ln.dtype = s.activations;
            b.add(id, name, kGroupNorms, ln, repeat);
        }
        if (!train)
            return;
        if (!reduceId.empty())
            inputGradientAllReduce(reduceId, reduceName, repeat);
        const ElementwiseKind backward
            = m.norm == NormKind::RmsNorm ? ElementwiseKind::RmsNormBackward : ElementwiseKind::LayerNormBackward;
        b.addBackward(std::string(id) + ".back", name + " backward", kGroupNorms,
            b.elementwise(backward, rows, m.hidden), repeat);
    };
    auto residual = [&](std::string_view id, const std::string& name) {
        elementwise(
            id, name, kGroupNorms, ElementwiseKind::ResidualAdd, ElementwiseKind::GradientAdd, rows, m.hidden, L);
    };

    norm("attn_norm", "attention norm", L, "attn_allreduce.back", "all-reduce of the attention input's gradient");
    project("q_proj", "q projection", kGroupAttention, rows, m.hidden, heads * m.headDim, L);
    project("k_proj", "k projection", kGroupAttention, rows, m.hidden, kvHeads * m.headDim, L);
    project("v_proj", "v projection", kGroupAttention, rows, m.hidden, kvHeads * m.headDim, L);

    Attention a;
    a.B = s.sequences();
    a.T = s.phase == Phase::Decode ? 1 : s.prompt;
    a.S = s.cachedTokens();
    a.heads = heads;
    a.kvHeads = kvHeads;
    a.d = m.headDim;
    a.x = s.activations;
    // A training step keeps no cache: K and V are activations its projections wrote, read by the forward pass.
    a.kv = train ? s.activations : s.kvCache;
    if (s.materialiseScores && !train) {
        a.part = AttentionPart::Scores;
        b.add("scores", "attention scores QKᵀ", kGroupAttention, a, L);
        b.add("softmax", "attention softmax", kGroupAttention,
            b.elementwise(ElementwiseKind::Softmax, s.batch * heads * a.T, a.S), L);
        a.part = AttentionPart::Values;
        b.add("values", "attention values PV", kGroupAttention, a, L);
    } else {
        a.part = train ? AttentionPart::Forward : AttentionPart::Fused;
        b.add("attention", "attention (fused)", kGroupAttention, a, L);
        if (train) {
            a.part = AttentionPart::Backward;
            b.addBackward("attention.back", "attention backward (fused)", kGroupAttention, a, L);
        }
    }
    project("o_proj", "o projection", kGroupAttention, rows, heads * m.headDim, m.hidden, L);
    allReduce("attn_allreduce", "all-reduce after attention", L);
    residual("attn_residual", "residual add after attention");

    norm("mlp_norm", "MLP norm", L, "mlp_allreduce.back", "all-reduce of the MLP input's gradient");
    const bool gelu = !m.gated;
    const ElementwiseKind activation = gelu ? ElementwiseKind::Gelu : ElementwiseKind::SwiGlu;
    const ElementwiseKind activationBackward = gelu ? ElementwiseKind::GeluBackward : ElementwiseKind::SwiGluBackward;
    if (m.experts > 1) {
        project("router", "router", kGroupMlp, rows, m.hidden, m.experts, L);
        // An expert's ∂W = Xᵀ·∂Y touches what its ∂X = ∂Y·Wᵀ touches (the routed rows of X and ∂Y, and one
        // weight-sized array per expert used) and costs the same FLOPs: both are the forward with D and F swapped.
        auto experts = [&](std::string_view id, const std::string& name, double in, double out) {
            ExpertMatmul e;
            e.tokens = rows;
            e.D = in;
            e.F = out;
            e.E = m.experts;
            e.k = m.expertsPerToken;
            e.x = s.activations;
            e.w = s.weights;
            e.out = s.activations;
            e.compute = s.activations;
            b.add(id, name, kGroupMlp, e, L);
            if (!train)
                return;
            std::swap(e.D, e.F);
            b.addBackward(std::string(id) + ".dx", name + " ∂X", kGroupMlp, e, L);
            b.addBackward(std::string(id) + ".dw", name + " ∂W", kGroupMlp, e, L);
        };
        experts("up_proj", "experts' up projection", m.hidden, mlp);
        if (m.gated)
            experts("gate_proj", "experts' gate projection", m.hidden, mlp);
        elementwise("activation", "experts' activation", kGroupMlp, activation, activationBackward,
            rows * m.expertsPerToken, mlp, L);
        experts("down_proj", "experts' down projection", mlp, m.hidden);
    } else {
        project("up_proj", "up projection", kGroupMlp, rows, m.hidden, mlp, L);
        if (m.gated)
            project("gate_proj", "gate projection", kGroupMlp, rows, m.hidden, mlp, L);
        elementwise("activation", m.gated ? "SwiGLU" : "GELU", kGroupMlp, activation, activationBackward, rows, mlp, L);
        project("down_proj", "down projection", kGroupMlp, rows, mlp, m.hidden, L);
    }
    allReduce("mlp_allreduce", "all-reduce after the MLP", L);
    residual("mlp_residual", "residual add after the MLP");

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
    } else {
        project("lm_head", "lm_head (last position)", kGroupLmHead, s.batch, m.hidden, vocab, 1);
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
        // Once per step, after the backward pass: every replica's gradients of the parameters its chip holds.
        Collective gradients;
        gradients.kind = CollectiveKind::AllReduce;
        gradients.N = std::ceil(parametersPerChip(s));
        gradients.P = s.dp;
        gradients.dtype = s.weights;
        gradients.link = s.dpLink.empty() ? scaleOutLink(hw) : s.dpLink;
        b.addLast("dp_allreduce", "gradient all-reduce (data parallel)", kGroupGradients, gradients, 1);
    }
    return b.take();
}

namespace {

std::string linkNames(const Hardware& hw)
{
    std::string names;
    for (const Link& l : hw.links)
        names += (names.empty() ? "" : ", ") + l.name;
    return names.empty() ? "none" : names;
}

// "KEY: why" when the link a setting names is not the chip's, or when the chip has no link at all for the
// collectives `count` (a tp, dp or pp above 1) needs.
std::optional<std::string> linkProblem(const Hardware& hw, std::string_view key, const std::string& named,
    std::string_view countKey, double count, std::string_view collectives)
{
    if (!named.empty() && !hw.link(named))
        return std::string(key) + ": " + hw.name + " has no link named " + quoteInput(named) + " (it has "
            + linkNames(hw) + ")";
    if (count > 1 && hw.links.empty())
        return std::string(countKey) + ": " + wholeText(count) + " needs a link for " + std::string(collectives)
            + ", and " + hw.name + " has none (give 1, or choose a chip with links)";
    return std::nullopt;
}

// "KEY: N COUNTED (WHY), more than an operation counts" when a count the settings imply passes 2^53.
std::optional<std::string> tooMany(
    std::string_view key, double n, std::string_view counted, const std::string& why, std::string_view advice)
{
    if (n <= kMaxCount)
        return std::nullopt;
    return std::string(key) + ": " + wholeText(n) + " " + std::string(counted) + " (" + why
        + "), more than the 9007199254740992 (2^53) an operation counts; " + std::string(advice);
}

} // namespace

bool reservedOperationId(std::string_view id)
{
    return id == kGeneratedIdPrefix.substr(0, kGeneratedIdPrefix.size() - 1) || id.starts_with(kGeneratedIdPrefix);
}

std::vector<std::string> generatedIds(const Model& m)
{
    // A scenario's links and answers ask about one model again and again: the last answer is kept.
    thread_local std::optional<std::pair<Model, std::vector<std::string>>> last;
    if (last && last->first == m)
        return last->second;
    // Settings that take every branch modelOperations has: all-reduces (tp), materialised scores (a prefill), the
    // backward passes, pipeline sends (pp) and the gradient all-reduce (dp) of a training step.
    Hardware chip;
    chip.links.emplace_back().name = "link";
    std::vector<std::string> ids;
    for (const Phase phase : { Phase::Decode, Phase::Prefill, Phase::Train }) {
        ModelSettings s;
        s.model = m;
        s.phase = phase;
        s.tp = s.dp = s.pp = 2;
        s.batch = 4;
        s.materialiseScores = phase == Phase::Prefill;
        for (const Operation& op : modelOperations(s, chip))
            if (std::find(ids.begin(), ids.end(), op.id) == ids.end())
                ids.push_back(op.id);
    }
    last.emplace(m, ids);
    return ids;
}

std::optional<std::string> modelProblem(const ModelSettings& s, const Hardware& hw)
{
    if (std::optional<std::string> problem = settingsProblem(s))
        return problem;
    const Model& m = s.model;
    const bool train = s.phase == Phase::Train;
    // The dtype the model computes in needs a peak. Weights and KV cache are storage, and the embedding gather does no
    // math; a training step, though, adds gradients in the weights' dtype (the embedding's backward, the data-parallel
    // all-reduce).
    if (!hw.peakFor(s.activations))
        return "activations: " + hw.name + " has no " + std::string(dtypeName(s.activations)) + " peak to compute in";
    if (train && !hw.peakFor(s.weights))
        return "weights: " + hw.name + " has no " + std::string(dtypeName(s.weights))
            + " peak for a training step's gradients, which are added in the weights' dtype";
    if (auto problem = linkProblem(hw, "link", s.link, "tp", s.tp, "the tensor-parallel all-reduces"))
        return problem;
    if (train) {
        if (auto problem = linkProblem(hw, "dp_link", s.dpLink, "dp", s.dp, "the gradient all-reduce"))
            return problem;
        if (auto problem = linkProblem(hw, "pp_link", s.ppLink, "pp", s.pp, "the pipeline's sends"))
            return problem;
    }

    // The counts the settings multiply: the tokens of one pass, the elements each layer all-reduces or sends, the
    // rows of the experts' activation and of materialised scores.
    const std::string tokenKey = s.phase == Phase::Decode ? "batch" : "prompt";
    const std::string tokens = s.phase == Phase::Decode ? wholeText(s.batch) + " sequences"
        : train ? "a microbatch of " + wholeText(s.sequences()) + " sequences of " + wholeText(s.prompt) + " tokens"
                : wholeText(s.batch) + " sequences of " + wholeText(s.prompt) + " tokens";
    const std::string_view fewer = "give a smaller batch or prompt";
    if (auto problem = tooMany(tokenKey, s.tokens(), "tokens in one pass", tokens, fewer))
        return problem;
    if (s.tp > 1 || (train && s.pp > 1))
        if (auto problem = tooMany(tokenKey, s.tokens() * m.hidden,
                s.tp > 1 ? "elements all-reduced in each layer" : "elements sent between stages",
                tokens + " of hidden_size " + wholeText(m.hidden), fewer))
            return problem;
    if (m.experts > 1)
        if (auto problem = tooMany(tokenKey, s.tokens() * m.expertsPerToken, "rows of the experts' activation",
                tokens + ", each routed to " + wholeText(m.expertsPerToken) + " experts", fewer))
            return problem;
    if (s.materialiseScores && !train)
        if (auto problem = tooMany("attention", s.batch * (m.heads / s.tp) * (s.phase == Phase::Decode ? 1 : s.prompt),
                "rows of materialised scores", tokens + " in " + wholeText(m.heads / s.tp) + " heads per GPU",
                "keep the scores fused"))
            return problem;

    // Whatever else an operation refuses: named by the operation, at the model's id.
    for (const Operation& op : modelOperations(s, hw))
        if (const Expected<Evaluation> e = evaluate(op.op, hw); !e)
            return "id: " + m.name + " cannot run with these settings on " + hw.name + ": its " + op.name + " fails ("
                + e.error() + ")";
    return std::nullopt;
}

} // namespace roofline
