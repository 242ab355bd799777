// SPDX-License-Identifier: GPL-3.0-or-later
// The descriptions of the operation kinds a language model's layers add to the catalogue (operation_specs.cpp holds
// the others): the elementwise passes between the matmuls, attention reading the KV cache, and the experts of a
// mixture-of-experts MLP.
#include "roofline/operation_kinds.h"

#include <algorithm>
#include <cmath>
#include <iterator>

namespace roofline::kinds {

namespace {

// What each elementwise kind does per element of its B·D, in the order of ElementwiseKind: FLOPs, the arrays of
// B·D elements it reads and writes, and the vectors of D it reads (a norm's weights) and writes (their gradients).
// A backward pass recomputes what its derivative needs from the forward's input and counts every operation written
// out: rmsnorm's dx = (γ·dy − x̂·mean(γ·dy·x̂))/rms with dγ += dy·x̂ is 8 per element and 2 per row.
struct ElementwiseCost {
    double flopsPerElement;
    double flopsPerRow;
    double reads;
    double writes;
    double weights;
    double weightGradients;
};

constexpr ElementwiseCost kElementwise[] = {
    { 4, 1, 1, 1, 1, 0 }, // rmsnorm
    { 1, 0, 2, 1, 0, 0 }, // residual_add
    { 5, 0, 1, 1, 0, 0 }, // softmax
    { 5, 0, 2, 1, 0, 0 }, // swiglu
    { 8, 0, 1, 1, 0, 0 }, // gelu
    { 0, 0, 1, 1, 0, 0 }, // embedding
    { 8, 2, 2, 1, 1, 1 }, // rmsnorm_backward: reads x and dy, writes dx; γ read, dγ written
    { 11, 3, 2, 1, 1, 2 }, // layernorm_backward: rmsnorm's and the mean's; γ read, dγ and dβ written
    { 1, 0, 2, 1, 0, 0 }, // gradient_add: the two gradients of a fork summed
    { 4, 0, 2, 1, 0, 0 }, // softmax_backward: dx = y·(dy − Σ y·dy), reads y and dy
    { 12, 0, 3, 2, 0, 0 }, // swiglu_backward: reads gate, up and dy, writes dgate and dup
    { 18, 0, 2, 1, 0, 0 }, // gelu_backward: the tanh form's derivative times dy
    { 1, 0, 2, 1, 0, 0 }, // embedding_backward: each gradient row added into its token's row of the table's gradient
    { 9, 0, 2, 1, 0, 0 }, // geglu: gelu's 8 on the gate, times up
    // geglu_backward: reads gate, up and dy, writes dgate = dy·up·gelu'(gate) (gelu_backward's 18, times up: 19) and
    // dup = dy·gelu(gate) (gelu again, 8, times dy: 9)
    { 28, 0, 3, 2, 0, 0 },
    { 3, 1, 1, 1, 0, 0 }, // l2norm: square, add, scale by 1/rms; one reciprocal square root per row
    { 6, 2, 2, 1, 0, 0 }, // l2norm_backward: rmsnorm_backward's without γ and dγ
};
static_assert(std::size(kElementwise) == static_cast<std::size_t>(ElementwiseKind::L2NormBackward) + 1);

// Keys per sequence the block of T queries sees: S, or T when S is smaller; with a window W, at most W + T − 1; with
// chunks of C, those from the start of the first query's chunk (at position S − T), and within the window.
double keysOf(const Attention& op)
{
    const double keys = std::max(op.S, op.T);
    if (op.chunk <= 0)
        return op.window > 0 ? std::min(keys, op.window + op.T - 1) : keys;
    const double first = keys - op.T;
    double earliest = std::floor(first / op.chunk) * op.chunk;
    if (op.window > 0)
        earliest = std::max(earliest, first - op.window + 1);
    return keys - earliest;
}

// Σ min(v, W) for v from `lo` to `hi` (1 <= lo <= hi), W infinite when 0: the pairs of queries that see lo … hi keys.
double seenPairs(double lo, double hi, double W)
{
    if (W <= 0 || hi <= W)
        return (lo + hi) * (hi - lo + 1) / 2;
    if (lo >= W)
        return W * (hi - lo + 1);
    return (lo + W) * (W - lo + 1) / 2 + W * (hi - W);
}

// Chunked attention's pairs: the queries at positions S − T … S − 1 each see their own chunk's keys up to themselves,
// (p mod C) + 1 of them: a partial first chunk, whole chunks, a partial last one.
double chunkedPairs(const Attention& op)
{
    const double C = op.chunk;
    const double first = std::max(op.S, op.T) - op.T, last = first + op.T - 1;
    const double firstChunk = std::floor(first / C), lastChunk = std::floor(last / C);
    const double from = first - firstChunk * C + 1, to = last - lastChunk * C + 1; // keys the first and last see
    if (firstChunk == lastChunk)
        return seenPairs(from, to, op.window);
    return seenPairs(from, C, op.window) + (lastChunk - firstChunk - 1) * seenPairs(1, C, op.window)
        + seenPairs(1, to, op.window);
}

// Query–key pairs a causal attention scores: query i of T sees v = S − T + i + 1 keys, at most W of them. Summed:
// the v from S − T + 1 to S, those past W counted as W.
double causalPairs(const Attention& op)
{
    if (op.chunk > 0)
        return chunkedPairs(op);
    const double S = std::max(op.S, op.T);
    const double first = S - op.T + 1;
    const double W = op.window > 0 ? op.window : S;
    if (W >= S)
        return op.T * (S - op.T) + op.T * (op.T + 1) / 2;
    if (W <= first)
        return op.T * W;
    return W * (W + 1) / 2 - (first - 1) * first / 2 + (S - W) * W;
}

} // namespace

const KindSpec<Elementwise>& specOf(const Elementwise*)
{
    static const KindSpec<Elementwise> spec {
        // In the order of ElementwiseKind.
        .names = { "rmsnorm", "residual_add", "softmax", "swiglu", "gelu", "embedding", "rmsnorm_backward",
            "layernorm_backward", "gradient_add", "softmax_backward", "swiglu_backward", "gelu_backward",
            "embedding_backward", "geglu", "geglu_backward", "l2norm", "l2norm_backward" },
        .titles = { "RMSNorm", "residual add", "softmax", "SwiGLU", "GELU", "embedding", "RMSNorm backward",
            "LayerNorm backward", "gradient add", "softmax backward", "SwiGLU backward", "GELU backward",
            "embedding backward", "GeGLU", "GeGLU backward", "L2 norm", "L2 norm backward" },
        .params = { count("B", &Elementwise::B, "rows", "tokens", 20),
            count("D", &Elementwise::D, "width of a row", "elements", 20),
            dtype("dtype", &Elementwise::dtype, "element dtype"), memoryLevel(&Elementwise::memory) },
        .main = "B",
        .cost = [](const Elementwise& op) -> Cost {
            const ElementwiseCost& k = kElementwise[static_cast<std::size_t>(op.kind)];
            const double elements = op.B * op.D;
            const double bytes
                = s(op.dtype) * ((k.reads + k.writes) * elements + (k.weights + k.weightGradients) * op.D);
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
        .names = { "attention", "attention_scores", "attention_values", "attention_backward", "attention_forward",
            "latent_attention" },
        .titles = { "attention", "attention scores", "attention values", "attention backward",
            "attention forward (no cache)", "latent attention" },
        .params = { count("B", &Attention::B, "sequences", "sequences", 16),
            count("T", &Attention::T, "new query tokens per sequence", "tokens", 20),
            count("S", &Attention::S, "keys per sequence: the cached tokens and the new ones", "tokens", 20),
            count("heads", &Attention::heads, "query heads", "heads", 8),
            count("kv_heads", &Attention::kvHeads, "KV heads (grouped-query attention when fewer)", "heads", 8),
            count("d", &Attention::d, "width of a head's query and key", "elements", 10),
            count("dv", &Attention::dv, "width of a head's value; 0: d", "elements", 10,
                { 0, kMaxCount, "0 gives values as wide as keys" }),
            count("window", &Attention::window, "keys each query sees at most (a sliding window); 0: all", "tokens", 20,
                { 0, kMaxCount, "0 is no window" }),
            count("chunk", &Attention::chunk, "tokens of each chunk a query sees alone (chunked attention); 0: none",
                "tokens", 20, { 0, kMaxCount, "0 is no chunks" }),
            dtype("x", &Attention::x, "activation dtype (Q, O, scores; the compute)"),
            dtype("kv", &Attention::kv, "KV cache dtype"), memoryLevel(&Attention::memory) },
        .main = "B",
        .cost = [](const Attention& op) -> Cost {
            const double dv = op.dv > 0 ? op.dv : op.d;
            const double qo = s(op.x) * op.B * op.T * op.heads * (op.d + dv); // Q read and O written
            const double kvRow = s(op.kv) * op.B * op.kvHeads * (op.d + dv); // one token's K and V, all sequences
            const double keys = keysOf(op);
            const double scores = s(op.x) * op.B * op.heads * op.T * keys;
            const double pairs = op.heads * op.B * causalPairs(op);
            const double block = op.heads * op.B * op.T * keys; // every query against every key
            switch (op.part) {
            case AttentionPart::Fused:
                return { 2 * (op.d + dv) * pairs, op.x, { memory(op.memory, qo + kvRow * (op.T + keys)) }, {} };
            case AttentionPart::Scores:
                return { 2 * op.d * block, op.x,
                    { memory(op.memory,
                        s(op.x) * op.B * op.T * op.heads * op.d + s(op.kv) * op.B * op.kvHeads * op.d * (op.T + keys)
                            + scores) },
                    {} };
            case AttentionPart::Values:
                break;
            case AttentionPart::Backward:
                return { 2 * (3 * op.d + 2 * dv) * pairs, op.x, { memory(op.memory, 2 * qo + 2 * kvRow * keys) }, {} };
            case AttentionPart::Forward:
                return { 2 * (op.d + dv) * pairs, op.x, { memory(op.memory, qo + kvRow * keys) }, {} };
            case AttentionPart::Latent:
                return { 2 * (op.d + dv) * pairs, op.x,
                    { memory(op.memory, qo + s(op.kv) * op.B * op.kvHeads * op.d * (op.T + keys)) }, {} };
            }
            return { 2 * dv * block, op.x,
                { memory(op.memory,
                    scores + s(op.kv) * op.B * op.kvHeads * dv * (op.T + keys)
                        + s(op.x) * op.B * op.T * op.heads * dv) },
                {} };
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
            count("chips", &ExpertMatmul::chips, "chips the experts are split over (expert parallelism)", "chips", 8,
                { 1, 1024, "past any published mixture" }),
            real("imbalance", &ExpertMatmul::imbalance, "the busiest chip's tokens over the mean", "×",
                { 1, 1024, "1 is a perfectly balanced router" }),
            dtype("x", &ExpertMatmul::x, "activation dtype"), dtype("w", &ExpertMatmul::w, "weight dtype"),
            dtype("out", &ExpertMatmul::out, "output dtype"),
            dtype("compute", &ExpertMatmul::compute, "dtype whose peak the FLOPs run at"),
            memoryLevel(&ExpertMatmul::memory) },
        .main = "tokens",
        .cost = [](const ExpertMatmul& op) -> Cost {
            const double share = std::min(op.k / op.E, 1.0);
            const double used = op.E * -std::expm1(op.tokens * std::log1p(-share)) / op.chips;
            const double rows = std::min(
                op.imbalance * op.tokens * op.k / op.chips, op.tokens * std::min(op.k, std::ceil(op.E / op.chips)));
            const double bytes = s(op.x) * rows * op.D + s(op.w) * used * op.D * op.F + s(op.out) * rows * op.F;
            return { 2 * rows * op.D * op.F, op.compute, { memory(op.memory, bytes) }, {} };
        },
        .label =
            [](const ExpertMatmul& o) {
                return "experts " + shortNumber(o.k) + "/" + shortNumber(o.E) + " tokens=" + shortNumber(o.tokens)
                    + (o.chips == 1 ? std::string() : " on " + shortNumber(o.chips) + " chips");
            },
    };
    return spec;
}

} // namespace roofline::kinds

double roofline::attentionKeys(const Attention& op)
{
    return kinds::keysOf(op);
}
