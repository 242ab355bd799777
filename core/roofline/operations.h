// SPDX-License-Identifier: GPL-3.0-or-later
// The operations Roofline Lab places on the chart. Each is a small value type that knows its FLOPs (integer OPs for
// integer dtypes) and the bytes it moves across each memory level and link it touches. Parameter names follow the
// texts: X[B,D]·Y[D,F]→Z[B,F], vectors of length N, P participants, Ψ parameters. Everything else the program
// knows of a kind (its names, its parameters' units, ranges and defaults, its cost, its label) is in its one
// description in operation_specs.cpp; the functions below read those descriptions.
#pragma once

#include "roofline/dtype.h"
#include "roofline/hardware.h"

#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

namespace roofline {

// Bytes an operation moves across one resource. An empty memory name is the chip's main memory (its first
// level); an empty link name is the chip's first link.
struct Traffic {
    RoofKind kind = RoofKind::Memory; // Memory or Network
    std::string name;
    double bytes = 0;
    // Links: the message steps the algorithm takes one after another, each paying the link's latency α (a ring
    // all-reduce of P participants 2(P−1), a ring all-gather or reduce-scatter P−1, a point-to-point send 1).
    double steps = 0;
};

// A derived figure that belongs with an operation but is not a time: the pipeline bubble, for instance.
struct Extra {
    std::string name;
    double value = 0;
    std::string unit;
};

struct Cost {
    double flops = 0; // FLOPs per chip (OPs for integer compute)
    Dtype compute = Dtype::bf16; // whose peak the FLOPs run at
    std::vector<Traffic> traffic;
    std::vector<Extra> extras;
};

// x·y, both [N]: N multiplies and N−1 adds; reads both vectors and writes one element.
struct Dot {
    double N = 1 << 20;
    Dtype dtype = Dtype::bf16;
    std::string memory;

    bool operator==(const Dot&) const = default;
};

// LayerNorm over the last axis of [B, D]. FLOPs per element: 1 for the mean, 3 for the variance (subtract, square,
// add), 2 to normalise (subtract the mean, multiply by 1/σ), 2 for the affine scale and shift: 8·B·D. Per row one
// division for the mean, one for the variance and one reciprocal square root: 3·B. Bytes: read x, write y, read γ
// and β: s·B·D + s·B·D + 2·s·D.
struct LayerNorm {
    double B = 1024;
    double D = 8192;
    Dtype dtype = Dtype::bf16;
    std::string memory;

    bool operator==(const LayerNorm&) const = default;
};

// X[B,D]·Y[D,F]→Z[B,F] with a dtype each for the activations x, the weights w, the output and the compute:
// 2BDF FLOPs; bytes s_x·BD + s_w·DF + s_out·BF.
struct Matmul {
    double B = 256;
    double D = 8192;
    double F = 8192;
    Dtype x = Dtype::bf16;
    Dtype w = Dtype::bf16;
    Dtype out = Dtype::bf16;
    Dtype compute = Dtype::bf16;
    std::string memory;

    bool operator==(const Matmul&) const = default;
};

// A different weight matrix per batch element, each multiplying T rows of its own: X[B,T,D]·Y[B,D,F]→Z[B,T,F]
// (torch.bmm): 2BTDF FLOPs; bytes s_x·BTD + s_w·BDF + s_out·BTF. T = 1 is the texts' batched matmul, one row per
// matrix; latent attention's per-head up-projections absorbed into the query and the output have a matrix per head
// and a row per token.
struct BatchedMatmul {
    double B = 256;
    double D = 8192;
    double F = 8192;
    double T = 1;
    Dtype x = Dtype::int8;
    Dtype w = Dtype::int8;
    Dtype out = Dtype::int8;
    Dtype compute = Dtype::int8;
    std::string memory;

    bool operator==(const BatchedMatmul&) const = default;
};

// A matmul split over `chips` along the contracting axis D. Each chip multiplies X[B, D/chips]·Y[D/chips, F] into a
// partial sum [B, F] (2BDF/chips FLOPs; HBM bytes s_x·BD/chips + s_w·DF/chips + s_out·BF) and the partial sums are
// summed over the link with a ring AllReduce: 2·(chips−1)/chips·s_out·BF bytes sent per chip. With 2 chips that is
// the 2BF bytes of the texts' example.
struct ShardedMatmul {
    double B = 1024;
    double D = 16384;
    double F = 8192;
    double chips = 2;
    Dtype x = Dtype::bf16;
    Dtype w = Dtype::bf16;
    Dtype out = Dtype::bf16;
    Dtype compute = Dtype::bf16;
    std::string memory;
    std::string link;

    bool operator==(const ShardedMatmul&) const = default;
};

enum class CollectiveKind { AllReduce, AllGather, ReduceScatter, Send, AllToAll };

// A collective over a ring of P participants on one link, for an array of N elements (the whole array: the input
// of an AllReduce or ReduceScatter, the output of an AllGather). Bytes sent per participant: AllReduce
// 2·(P−1)/P·s·N, AllGather and ReduceScatter (P−1)/P·s·N. Reductions are FLOPs: (P−1)/P·N additions per participant
// for AllReduce and ReduceScatter; an AllGather computes nothing. A send passes the whole array to the next
// participant, s·N bytes in one step (a pipeline stage handing its activations on), and computes nothing. An
// AllToAll (pairwise exchange, as a mixture's experts dispatch tokens and combine their outputs) starts with N/P
// elements on each participant, a P-th for each participant, and sends the (P−1)/P of them bound elsewhere:
// (P−1)/P²·s·N bytes in P − 1 steps, no FLOPs.
struct Collective {
    CollectiveKind kind = CollectiveKind::AllReduce;
    double N = 1 << 28;
    double P = 8;
    Dtype dtype = Dtype::bf16;
    std::string link;

    bool operator==(const Collective&) const = default;
};

// One data-parallel training step on P GPUs: 6·Ψ·tokens/P FLOPs per GPU (forward and backward on its share of the
// tokens) and a ring AllReduce of the gradients, 2·(P−1)/P·Ψ·s bytes sent per GPU (s bytes per gradient element).
struct DataParallelStep {
    double psi = 7e9;
    double tokens = 1 << 20;
    double P = 64;
    double s = 2;
    Dtype compute = Dtype::bf16;
    std::string link;

    bool operator==(const DataParallelStep&) const = default;
};

// One transformer layer's forward pass split t ways by tensor parallelism (Megatron style), B sequences of S tokens
// of width H. FLOPs per GPU: 24·B·S·H²/t (8BSH² for the Q, K, V and output projections, 16BSH² for a 4H MLP;
// attention scores left out). Two AllReduces of the [B,S,H] activations: 2·2·(t−1)/t·s·B·S·H bytes per GPU.
// Intensity 6H/((t−1)·s): it grows with H alone.
struct TensorParallelLayer {
    double B = 8;
    double S = 4096;
    double H = 8192;
    double t = 8;
    Dtype dtype = Dtype::bf16;
    std::string link;

    bool operator==(const TensorParallelLayer&) const = default;
};

// One pipeline stage of p, L layers deep, over a step of m microbatches of B sequences of S tokens, width H.
// FLOPs per stage: m·24·B·S·H²·L (forward, as TensorParallelLayer with t = 1); bytes sent to the next stage: the
// activations at the boundary, m·s·B·S·H. The bubble (p−1)/(m+p−1) is the share of the step a stage idles.
struct PipelineStage {
    double B = 1;
    double S = 4096;
    double H = 8192;
    double L = 8;
    double m = 16;
    double p = 4;
    Dtype dtype = Dtype::bf16;
    std::string link;

    bool operator==(const PipelineStage&) const = default;
};

// The forward passes, then the backward passes of a training step. A backward pass reads what its forward pass
// read and the gradient of its output, and writes the gradient of each input (transformer_specs.cpp has the counts).
enum class ElementwiseKind {
    RmsNorm,
    ResidualAdd,
    Softmax,
    SwiGlu,
    Gelu,
    Embedding,
    RmsNormBackward,
    LayerNormBackward,
    GradientAdd, // the backward of a residual stream's fork: its two gradients summed
    SoftmaxBackward,
    SwiGluBackward,
    GeluBackward,
    EmbeddingBackward, // the gradient rows scattered into the embedding's gradient
    GeGlu, // Gemma's gated MLP: GELU (tanh form) of the gate times the up projection
    GeGluBackward,
    L2Norm, // RMSNorm without its weights: Llama 4's norm on each head's query and key
    L2NormBackward,
};

// A pass over B rows of width D that reads and writes every element once, as a language model's layers do between
// their matmuls. Per element: rmsnorm 4 FLOPs (square, add, scale by 1/rms, scale by γ; plus one reciprocal square
// root per row) reading x and the D weights γ; residual_add 1 FLOP reading two arrays; softmax 5 FLOPs (max,
// subtract, exp, add, divide); swiglu 5 FLOPs (SiLU as x/(1+e^−x): 4, times the up projection: 1) reading gate and
// up; gelu 8 FLOPs (tanh form); embedding 0 FLOPs, a gather of B rows of the table. Bytes: s·(reads + 1)·B·D, plus
// s·D for rmsnorm's γ. The backward passes read their forward's inputs and the output's gradient and write each
// input's gradient: rmsnorm_backward 8 FLOPs per element and 2 per row, reading x and dy and writing dx (and γ read,
// dγ written); gradient_add sums a fork's two gradients as residual_add does; swiglu_backward 12, reading gate, up
// and dy, writing both gradients; geglu 9 (GELU's 8, times up: 1) reading gate and up, geglu_backward 28; the counts
// of each are in transformer_specs.cpp; l2norm is rmsnorm without γ: 3 FLOPs per element and 1 per row, no weights
// read, and its backward 6 per element and 2 per row.
struct Elementwise {
    ElementwiseKind kind = ElementwiseKind::RmsNorm;
    double B = 1024;
    double D = 8192;
    Dtype dtype = Dtype::bf16;
    std::string memory;

    bool operator==(const Elementwise&) const = default;
};

enum class AttentionPart { Fused, Scores, Values, Backward, Forward, Latent };

// Attention of B sequences, T new query tokens each, over S keys per sequence: the tokens already in the KV cache
// and the T new ones (S below T counts as T). Causal: query i of T sees S − T + i + 1 keys. `heads` query heads
// share `kv_heads` KV heads; a query and key are d wide, a value dv (d when 0: latent attention's heads have a key
// of nope + rope = 192 and a value of 128). Fused (FlashAttention): scores stay on chip; FLOPs 2·(d + dv)·heads·B·
// pairs (QKᵀ and PV), pairs = T·(S − T) + T(T+1)/2; bytes: Q read and O written (s_x·(d + dv)·B·T·heads), the new K
// and V written to the cache and every cached K and V read (s_kv·(d + dv)·B·kv_heads·(T + S)). Materialised, as two
// kernels around a softmax: scores QKᵀ over the whole T × S block (2·d·heads·B·T·S FLOPs; reads Q and K, writes the
// new K and the scores) and values P·V (2·dv·heads·B·T·S; reads the scores and V, writes the new V and O). Backward
// (a training step, FlashAttention-2's backward pass): the scores computed again, then dV, dP, dQ and dK,
// 2·(3d + 2dv)·heads·B·pairs FLOPs (2.5 times the fused with dv = d); bytes: Q, O and dO read and dQ written
// (s_x·2·(d + dv)·B·T·heads), K and V read and dK and dV written (s_kv·2·(d + dv)·B·kv_heads·S). Forward (a training
// step's, or a prefill whose K and V a projection made): fused, with K and V read as the projections wrote them
// rather than written to a cache: s_x·(d + dv)·B·T·heads + s_kv·(d + dv)·B·kv_heads·S. Latent (multi-head latent
// attention with its up-projections absorbed, DeepSeek-V2 §2.1): the cache holds one array per token, d wide (the
// compressed latent and the shared rope key), that serves as every head's key and, its first dv elements, as its
// value; fused, FLOPs 2·(d + dv)·heads·B·pairs, bytes s_x·(d + dv)·B·T·heads + s_kv·d·B·kv_heads·(T + S).
// A sliding window of W tokens (Mistral, Gemma 2's local layers) lets each query see its last W keys alone: pairs =
// Σ min(S − T + i + 1, W) over the T queries, and the keys read, S above, are the W + T − 1 the block's queries see.
// Chunked attention (Llama 4's rotary layers) cuts the positions into chunks of C tokens, each query seeing the keys of
// its own chunk alone: the query at position p (from 0) sees (p mod C) + 1 keys (at most W with a window too), and the
// block reads the keys from the start of its first query's chunk.
struct Attention {
    AttentionPart part = AttentionPart::Fused;
    double B = 1;
    double T = 1;
    double S = 4097;
    double heads = 32;
    double kvHeads = 32;
    double d = 128;
    double dv = 0;
    double window = 0; // 0: every key
    double chunk = 0; // 0: no chunks
    Dtype x = Dtype::bf16;
    Dtype kv = Dtype::bf16;
    std::string memory;

    bool operator==(const Attention&) const = default;
};
// Keys per sequence the block of T queries reads: S (T when more), within the window and the first query's chunk.
double attentionKeys(const Attention&);

// The experts of a mixture-of-experts MLP projection: `tokens` rows each routed to k of E experts, X[tokens·k, D]·
// Y_e[D, F]. FLOPs 2·rows·D·F; bytes s_x·rows·D + s_w·E_used·D·F + s_out·rows·F, with rows = tokens·k and
// E_used = E·(1 − (1 − k/E)^tokens) the number of experts a uniform router is expected to touch. Split over `chips`
// by expert parallelism, the operation is one chip's share: E/chips experts, E_used/chips of them touched, and
// rows = imbalance·tokens·k/chips, where `imbalance` is the busiest chip's tokens over the mean (the step waits for
// it), at most tokens·min(k, ⌈E/chips⌉): a token visits each expert once.
struct ExpertMatmul {
    double tokens = 1;
    double D = 4096;
    double F = 14336;
    double E = 8;
    double k = 2;
    double chips = 1;
    double imbalance = 1;
    Dtype x = Dtype::bf16;
    Dtype w = Dtype::bf16;
    Dtype out = Dtype::bf16;
    Dtype compute = Dtype::bf16;
    std::string memory;

    bool operator==(const ExpertMatmul&) const = default;
};

// The catalogue: one alternative per struct above, each with its description (`specOf`) in operation_specs.cpp.
using OperationVariant = std::variant<Dot, LayerNorm, Matmul, BatchedMatmul, ShardedMatmul, Collective,
    DataParallelStep, TensorParallelLayer, PipelineStage, Elementwise, Attention, ExpertMatmul>;

// An operation as it stands on the chart: a name the user reads ("matmul B=256"), its parameters, and what the
// session keeps of it: an id that stays with it through edits, reordering and removal of others, its colour, the
// group whose totals it adds to, and whether it is hidden.
struct Operation {
    std::string name;
    OperationVariant op;
    std::string id; // "op3"; unique within a session
    std::string colour; // "#rrggbb"; the session assigns one from its palette when empty
    std::string group; // empty: in no group
    bool hidden = false;
    // A model's operations (llm/generate.h): made by analyse() from the session's model settings and never
    // saved; `repeat` counts identical copies (one per layer), which the totals multiply by.
    bool generated = false;
    double repeat = 1;

    bool operator==(const Operation&) const = default;
};

// The name of an operation's kind as scenario files spell it: "dot", "layernorm", "matmul", "batched_matmul",
// "sharded_matmul", "allreduce", "allgather", "reducescatter", "data_parallel_step", "tensor_parallel_layer",
// "pipeline_stage".
std::string_view kindName(const OperationVariant&);
std::vector<std::string_view> allKindNames();
// A kind as a user reads it, for a name of allKindNames(): "sharded matmul", "AllReduce", "data-parallel step".
std::string_view kindTitle(std::string_view kind);
// A default-constructed operation of a kind, or nothing for an unknown name.
std::optional<OperationVariant> makeOperation(std::string_view kind);

Cost cost(const OperationVariant&);

// The parameters of an operation, by the names the texts, scenario files and --set use.
enum class ParamType {
    Count, // a whole number within the parameter's range: B, D, F, N, chips, P, tokens
    Real, // a real number within the parameter's range: bytes per element s
    Dtype, // x, w, out, compute, dtype
    Memory, // a memory level's name, empty for the main memory
    Link, // a link's name, empty for the first link
};

// One parameter as its kind's description states it.
struct ParamInfo {
    std::string_view name;
    ParamType type;
    std::string_view description;
    // Count and Real only: what the number counts or measures ("tokens", "bytes"), the legal values [min, max]
    // (both ends included), why the range is not the usual one for its type (empty when it is), the value a new
    // operation of the kind has, and how far the workload panel's slider reaches (2^sliderTop; its field takes
    // the whole range).
    std::string_view unit = {};
    double min = 0;
    double max = 0;
    std::string_view rangeReason = {};
    double defaultValue = 0;
    int sliderTop = 0;
    // Dtype only: the dtype a new operation of the kind has.
    Dtype defaultDtype = Dtype::bf16;
};

std::span<const ParamInfo> params(const OperationVariant&);
const ParamInfo* findParam(const OperationVariant&, std::string_view name);

// "a whole number from 2 to 2^53 (a ring of one participant moves and reduces nothing)": the legal values of a
// number parameter, as messages and the documentation state them.
std::string legalRange(const ParamInfo&);

// The largest count parameter accepted: 2^53, beyond which a double no longer holds every whole number.
inline constexpr double kMaxCount = 9007199254740992.0;

// A parameter's value of any type: a number (a count or a real), a dtype, or text (a memory level's or link's name).
using ParamValue = std::variant<double, Dtype, std::string>;

std::optional<double> numberParam(const OperationVariant&, std::string_view name);
std::optional<Dtype> dtypeParam(const OperationVariant&, std::string_view name);
std::optional<std::string> textParam(const OperationVariant&, std::string_view name);

// Setters check the value against the parameter's type and legal range and return an error message (stating the
// range), or nothing on success.
std::optional<std::string> setNumberParam(OperationVariant&, std::string_view name, double value);
std::optional<std::string> setDtypeParam(OperationVariant&, std::string_view name, Dtype value);
std::optional<std::string> setTextParam(OperationVariant&, std::string_view name, std::string value);
// Sets a number parameter with no check at all, fractional counts included: for solvers that look between whole
// values. Does nothing if the operation has no such number parameter.
void assignNumberParam(OperationVariant&, std::string_view name, double value);

// The first number parameter outside its legal range, as a message: the setters refuse such values, but
// assignNumberParam does not, and evaluate() refuses to cost them.
std::optional<std::string> outOfRange(const OperationVariant&);

// The parameter whose critical value the solvers report: B for matmuls, D for a sharded matmul, tokens for a
// data-parallel step, H for tensor and pipeline parallelism, N for a dot product and collectives.
std::string_view mainParam(const OperationVariant&);

// How far an operation's intensity moves as `param` goes from `from` to `to` (each kept within the parameter's range):
// the larger intensity over the smaller, 1 for one that stays where it is (a dot product's N, whose intensity is
// (2N − 1)/(4N + 2) ≈ 1/2 at any size). Nothing for an operation without the parameter, or one that moves no bytes.
std::optional<double> intensitySwing(const OperationVariant&, std::string_view param, double from, double to);

// The series an operation belongs to: its group, its kind and every parameter but its main one ("matmul D=8192
// F=8192 x=bf16 ..."). Operations of a group that differ only in the main parameter (matmuls at several B) are one
// series: the chart draws them in one colour and one shape. A model's projections of equal sizes in its attention
// and its MLP are two.
std::string seriesKey(const Operation&);

// The texts' approximation of an operation's intensity as proportional to its main parameter, where its kind has one:
// intensity ≈ slope × main while `when` holds ("B ≪ D").
struct IntensityApproximation {
    std::string_view when;
    double slope = 0;
};
std::optional<IntensityApproximation> approximateIntensity(const OperationVariant&);
// The cost in the parameters' names as its description writes it: FLOPs, bytes across the memory and bytes across
// the link, each empty where the kind moves none there or states no formula. `s(x)` is the bytes of an element of
// the dtype parameter x; every other name is a number parameter ("2·B·D·F").
struct CostFormula {
    std::string_view flops;
    std::string_view memory;
    std::string_view link;
};
CostFormula costFormula(const OperationVariant&);

// "matmul B=256", "allreduce P=8": a readable default name for an operation.
std::string describe(const OperationVariant&);

// The colours operations take, in order: Okabe–Ito without its black (the envelope's ink) and its yellow (unread
// on white), safe for colour-blind readers.
const std::vector<std::string>& operationPalette();

} // namespace roofline
