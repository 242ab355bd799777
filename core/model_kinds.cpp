// The descriptions of the operation kinds a language model's layers add to the catalogue (operation_specs.cpp holds
// the others): the elementwise passes between the matmuls, attention reading the KV cache, and the experts of a
// mixture-of-experts MLP.
#include "operation_kinds.h"

#include <algorithm>
#include <cmath>

namespace roofline::kinds {

namespace {

// What each elementwise kind does per element, in the order of ElementwiseKind.
struct ElementwiseCost {
    double flopsPerElement;
    double flopsPerRow;
    double reads; // arrays of B·D elements read; one is written
    bool weights; // reads D weights (a norm's γ)
};

constexpr ElementwiseCost kElementwise[] = {
    { 4, 1, 1, true }, // rmsnorm
    { 1, 0, 2, false }, // residual_add
    { 5, 0, 1, false }, // softmax
    { 5, 0, 2, false }, // swiglu
    { 8, 0, 1, false }, // gelu
    { 0, 0, 1, false }, // embedding
};

// Keys per sequence: S, or T when S is smaller.
double keysOf(const Attention& op)
{
    return std::max(op.S, op.T);
}

// Query–key pairs a causal attention scores: query i of T sees S − T + i + 1 keys.
double causalPairs(const Attention& op)
{
    return op.T * (keysOf(op) - op.T) + op.T * (op.T + 1) / 2;
}

} // namespace

const KindSpec<Elementwise>& specOf(const Elementwise*)
{
    static const KindSpec<Elementwise> spec {
        // In the order of ElementwiseKind.
        .names = { "rmsnorm", "residual_add", "softmax", "swiglu", "gelu", "embedding" },
        .titles = { "RMSNorm", "residual add", "softmax", "SwiGLU", "GELU", "embedding" },
        .params = { count("B", &Elementwise::B, "rows", "tokens", 20),
            count("D", &Elementwise::D, "width of a row", "elements", 20),
            dtype("dtype", &Elementwise::dtype, "element dtype"), memoryLevel(&Elementwise::memory) },
        .main = "B",
        .cost = [](const Elementwise& op) -> Cost {
            const ElementwiseCost& k = kElementwise[static_cast<std::size_t>(op.kind)];
            const double elements = op.B * op.D;
            const double bytes = s(op.dtype) * ((k.reads + 1) * elements + (k.weights ? op.D : 0));
            return { k.flopsPerElement * elements + k.flopsPerRow * op.B, op.dtype, { memory(op.memory, bytes) }, {} };
        },
        .label =
            [](const Elementwise& o) {
                return std::string(kindName(OperationVariant(o))) + " B=" + shortNumber(o.B) + " D=" + shortNumber(o.D);
            },
        .nameOf = [](const Elementwise& o) { return static_cast<std::size_t>(o.kind); },
        .make =
            [](std::size_t i) {
                Elementwise e;
                e.kind = static_cast<ElementwiseKind>(i);
                return e;
            },
    };
    return spec;
}

const KindSpec<Attention>& specOf(const Attention*)
{
    static const KindSpec<Attention> spec {
        // In the order of AttentionPart.
        .names = { "attention", "attention_scores", "attention_values" },
        .titles = { "attention", "attention scores", "attention values" },
        .params = { count("B", &Attention::B, "sequences", "sequences", 16),
            count("T", &Attention::T, "new query tokens per sequence", "tokens", 20),
            count("S", &Attention::S, "keys per sequence: the cached tokens and the new ones", "tokens", 20),
            count("heads", &Attention::heads, "query heads", "heads", 8),
            count("kv_heads", &Attention::kvHeads, "KV heads (grouped-query attention when fewer)", "heads", 8),
            count("d", &Attention::d, "width of a head", "elements", 10),
            dtype("x", &Attention::x, "activation dtype (Q, O, scores; the compute)"),
            dtype("kv", &Attention::kv, "KV cache dtype"), memoryLevel(&Attention::memory) },
        .main = "B",
        .cost = [](const Attention& op) -> Cost {
            const double qo = s(op.x) * op.B * op.T * op.heads * op.d; // Q read, or O written
            const double kvRow = s(op.kv) * op.B * op.kvHeads * op.d; // one token's K (or V), all sequences
            const double keys = keysOf(op);
            const double scores = s(op.x) * op.B * op.heads * op.T * keys;
            const double matmul = 2 * op.d * op.heads * op.B * op.T * keys;
            switch (op.part) {
            case AttentionPart::Fused:
                return { 4 * op.d * op.heads * op.B * causalPairs(op), op.x,
                    { memory(op.memory, 2 * qo + kvRow * (2 * op.T + 2 * keys)) }, {} };
            case AttentionPart::Scores:
                return { matmul, op.x, { memory(op.memory, qo + kvRow * (op.T + keys) + scores) }, {} };
            case AttentionPart::Values:
                break;
            }
            return { matmul, op.x, { memory(op.memory, scores + kvRow * (op.T + keys) + qo) }, {} };
        },
        .label =
            [](const Attention& o) {
                return std::string(kindName(OperationVariant(o))) + " B=" + shortNumber(o.B) + " T=" + shortNumber(o.T)
                    + " S=" + shortNumber(o.S);
            },
        .nameOf = [](const Attention& o) { return static_cast<std::size_t>(o.part); },
        .make =
            [](std::size_t i) {
                Attention a;
                a.part = static_cast<AttentionPart>(i);
                return a;
            },
    };
    return spec;
}

const KindSpec<ExpertMatmul>& specOf(const ExpertMatmul*)
{
    static const KindSpec<ExpertMatmul> spec {
        .names = { "expert_matmul" },
        .titles = { "expert matmul" },
        .params = { count("tokens", &ExpertMatmul::tokens, "tokens routed", "tokens", 16),
            count("D", &ExpertMatmul::D, "contracting dimension", "elements", 16),
            count("F", &ExpertMatmul::F, "output features of each expert", "elements", 16),
            count("E", &ExpertMatmul::E, "experts", "experts", 8, { 1, 1024, "past any published mixture" }),
            count("k", &ExpertMatmul::k, "experts each token uses", "experts", 8,
                { 1, 1024, "past any published mixture" }),
            dtype("x", &ExpertMatmul::x, "activation dtype"), dtype("w", &ExpertMatmul::w, "weight dtype"),
            dtype("out", &ExpertMatmul::out, "output dtype"),
            dtype("compute", &ExpertMatmul::compute, "dtype whose peak the FLOPs run at"),
            memoryLevel(&ExpertMatmul::memory) },
        .main = "tokens",
        .cost = [](const ExpertMatmul& op) -> Cost {
            const double share = std::min(op.k / op.E, 1.0);
            const double used = op.E * -std::expm1(op.tokens * std::log1p(-share));
            const double rows = op.tokens * op.k;
            const double bytes = s(op.x) * rows * op.D + s(op.w) * used * op.D * op.F + s(op.out) * rows * op.F;
            return { 2 * rows * op.D * op.F, op.compute, { memory(op.memory, bytes) }, {} };
        },
        .label =
            [](const ExpertMatmul& o) {
                return "experts " + shortNumber(o.k) + "/" + shortNumber(o.E) + " tokens=" + shortNumber(o.tokens);
            },
    };
    return spec;
}

} // namespace roofline::kinds
