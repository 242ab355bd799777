#include "model_operations.h"

#include "session.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace roofline {

namespace {

class Builder {
public:
    explicit Builder(const ModelSettings& s)
        : m_s(s)
    { }

    void add(std::string_view id, std::string name, std::string_view group, OperationVariant op, double repeat)
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
        m_ops.push_back(std::move(o));
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

    std::vector<Operation> take() { return std::move(m_ops); }

private:
    static constexpr std::array<std::string_view, 6> kGroups { kGroupEmbedding, kGroupAttention, kGroupMlp, kGroupNorms,
        kGroupAllReduce, kGroupLmHead };
    const ModelSettings& m_s;
    std::vector<Operation> m_ops;
};

} // namespace

std::vector<Operation> modelOperations(const ModelSettings& s)
{
    const Model& m = s.model;
    const double n = s.tp;
    const double L = m.layers;
    const double rows = s.tokens();
    const double heads = m.heads / n;
    const double kvHeads = std::max(1.0, m.kvHeads / n);
    const double mlp = m.mlp / n;
    Builder b(s);

    Elementwise gather = b.elementwise(ElementwiseKind::Embedding, rows, m.hidden);
    gather.dtype = s.weights;
    b.add("embedding", "embedding gather", kGroupEmbedding, gather, 1);

    auto norm = [&](std::string_view id, std::string name) {
        if (m.norm == NormKind::RmsNorm) {
            b.add(id, std::move(name), kGroupNorms, b.elementwise(ElementwiseKind::RmsNorm, rows, m.hidden), L);
        } else {
            LayerNorm ln;
            ln.B = rows;
            ln.D = m.hidden;
            ln.dtype = s.activations;
            b.add(id, std::move(name), kGroupNorms, ln, L);
        }
    };
    auto allReduce = [&](std::string_view id, std::string name) {
        if (n <= 1)
            return;
        Collective c;
        c.kind = CollectiveKind::AllReduce;
        c.N = rows * m.hidden;
        c.P = n;
        c.dtype = s.activations;
        c.link = s.link;
        b.add(id, std::move(name), kGroupAllReduce, c, L);
    };

    norm("attn_norm", "attention norm");
    b.add("q_proj", "q projection", kGroupAttention, b.matmul(rows, m.hidden, heads * m.headDim), L);
    b.add("k_proj", "k projection", kGroupAttention, b.matmul(rows, m.hidden, kvHeads * m.headDim), L);
    b.add("v_proj", "v projection", kGroupAttention, b.matmul(rows, m.hidden, kvHeads * m.headDim), L);

    Attention a;
    a.B = s.batch;
    a.T = s.phase == Phase::Prefill ? s.prompt : 1;
    a.S = s.cachedTokens();
    a.heads = heads;
    a.kvHeads = kvHeads;
    a.d = m.headDim;
    a.x = s.activations;
    a.kv = s.kvCache;
    if (s.materialiseScores) {
        a.part = AttentionPart::Scores;
        b.add("scores", "attention scores QKᵀ", kGroupAttention, a, L);
        b.add("softmax", "attention softmax", kGroupAttention,
            b.elementwise(ElementwiseKind::Softmax, s.batch * heads * a.T, a.S), L);
        a.part = AttentionPart::Values;
        b.add("values", "attention values PV", kGroupAttention, a, L);
    } else {
        b.add("attention", "attention (fused)", kGroupAttention, a, L);
    }
    b.add("o_proj", "o projection", kGroupAttention, b.matmul(rows, heads * m.headDim, m.hidden), L);
    allReduce("attn_allreduce", "all-reduce after attention");
    b.add("attn_residual", "residual add after attention", kGroupNorms,
        b.elementwise(ElementwiseKind::ResidualAdd, rows, m.hidden), L);

    norm("mlp_norm", "MLP norm");
    const ElementwiseKind activation = m.gated ? ElementwiseKind::SwiGlu : ElementwiseKind::Gelu;
    if (m.experts > 1) {
        b.add("router", "router", kGroupMlp, b.matmul(rows, m.hidden, m.experts), L);
        auto experts = [&](double in, double out) {
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
            return e;
        };
        b.add("up_proj", "experts' up projection", kGroupMlp, experts(m.hidden, mlp), L);
        if (m.gated)
            b.add("gate_proj", "experts' gate projection", kGroupMlp, experts(m.hidden, mlp), L);
        b.add("activation", "experts' activation", kGroupMlp, b.elementwise(activation, rows * m.expertsPerToken, mlp),
            L);
        b.add("down_proj", "experts' down projection", kGroupMlp, experts(mlp, m.hidden), L);
    } else {
        b.add("up_proj", "up projection", kGroupMlp, b.matmul(rows, m.hidden, mlp), L);
        if (m.gated)
            b.add("gate_proj", "gate projection", kGroupMlp, b.matmul(rows, m.hidden, mlp), L);
        b.add("activation", m.gated ? "SwiGLU" : "GELU", kGroupMlp, b.elementwise(activation, rows, mlp), L);
        b.add("down_proj", "down projection", kGroupMlp, b.matmul(rows, mlp, m.hidden), L);
    }
    allReduce("mlp_allreduce", "all-reduce after the MLP");
    b.add("mlp_residual", "residual add after the MLP", kGroupNorms,
        b.elementwise(ElementwiseKind::ResidualAdd, rows, m.hidden), L);

    norm("final_norm", "final norm");
    b.add("lm_head", "lm_head (last position)", kGroupLmHead, b.matmul(s.batch, m.hidden, std::ceil(m.vocab / n)), 1);
    std::vector<Operation> ops = b.take();
    // The final norm runs once, on every position (only the lm_head is limited to the last).
    for (Operation& o : ops)
        if (o.id == "model.final_norm")
            o.repeat = 1;
    return ops;
}

} // namespace roofline
