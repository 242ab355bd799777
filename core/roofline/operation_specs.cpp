// SPDX-License-Identifier: GPL-3.0-or-later
// The catalogue of operation kinds: one description per kind (`specOf`) holding everything the program knows of
// it: the names scenario files give it, its parameters with unit, legal range, default and slider reach, its FLOPs
// and bytes per resource, the parameter whose critical value the solvers report, and its label.
#include "roofline/operation_kinds.h"

#include "base/units.h"

#include <cmath>

namespace roofline::kinds {

std::string shortNumber(double v)
{
    if (v < 1e6 && v == std::floor(v))
        return std::to_string(static_cast<long long>(v));
    std::string text = formatSI(v);
    std::erase(text, ' ');
    return text;
}

std::string matmulName(Dtype x, Dtype w, Dtype compute)
{
    if (w != x)
        return std::string(dtypeName(w)) + "-weight matmul";
    if (x == compute && x != Dtype::bf16)
        return std::string(dtypeName(x)) + " matmul";
    return "matmul";
}

// ---- The kinds, in the order of OperationVariant

const KindSpec<Dot>& specOf(const Dot*)
{
    static const KindSpec<Dot> spec {
        .names = { "dot" },
        .titles = { "dot product" },
        .params = { count("N", &Dot::N, "vector length", "elements", 40), dtype("dtype", &Dot::dtype, "element dtype"),
            memoryLevel(&Dot::memory) },
        .main = "N",
        .cost = [](const Dot& op) -> Cost {
            return { 2 * op.N - 1, op.dtype, { memory(op.memory, 2 * s(op.dtype) * op.N + s(op.dtype)) }, {} };
        },
        .label = [](const Dot& o) { return "dot N=" + shortNumber(o.N); },
        .formulas = { { "2·N − 1", "2·s(dtype)·N + s(dtype)", "" } },
    };
    return spec;
}

const KindSpec<LayerNorm>& specOf(const LayerNorm*)
{
    static const KindSpec<LayerNorm> spec {
        .names = { "layernorm" },
        .titles = { "LayerNorm" },
        .params = { count("B", &LayerNorm::B, "rows", "tokens", 16),
            count("D", &LayerNorm::D, "normalised width", "elements", 16),
            dtype("dtype", &LayerNorm::dtype, "element dtype"), memoryLevel(&LayerNorm::memory) },
        .main = "B",
        .cost = [](const LayerNorm& op) -> Cost {
            const double bytes = 2 * s(op.dtype) * op.B * op.D + 2 * s(op.dtype) * op.D;
            return { 8 * op.B * op.D + 3 * op.B, op.dtype, { memory(op.memory, bytes) }, {} };
        },
        .label = [](const LayerNorm& o) { return "LayerNorm B=" + shortNumber(o.B); },
        .formulas = { { "8·B·D + 3·B", "2·s(dtype)·B·D + 2·s(dtype)·D", "" } },
    };
    return spec;
}

const KindSpec<Matmul>& specOf(const Matmul*)
{
    static const KindSpec<Matmul> spec {
        .names = { "matmul" },
        .titles = { "matmul" },
        .params = matmulParams<Matmul>(),
        .main = "B",
        .cost = [](const Matmul& op) -> Cost {
            const double bytes = s(op.x) * op.B * op.D + s(op.w) * op.D * op.F + s(op.out) * op.B * op.F;
            return { 2 * op.B * op.D * op.F, op.compute, { memory(op.memory, bytes) }, {} };
        },
        .label = [](const Matmul& o) { return matmulName(o.x, o.w, o.compute) + " B=" + shortNumber(o.B); },
        // intensity = 2BDF / (s_x·BD + s_w·DF + s_out·BF) = 2B / (s_x·B/F + s_w + s_out·B/D), which tends to 2B/s_w
        // as B/D and B/F tend to 0: compute-bound from B ≈ ridge·s_w/2 (ridge/2 for bf16 weights).
        .approxWhen = "B \xE2\x89\xAA D", // ≪
        .approxSlope = [](const Matmul& o) { return 2 / s(o.w); },
        .formulas = { { "2·B·D·F", "s(x)·B·D + s(w)·D·F + s(out)·B·F", "" } },
    };
    return spec;
}

const KindSpec<BatchedMatmul>& specOf(const BatchedMatmul*)
{
    static const KindSpec<BatchedMatmul> spec {
        .names = { "batched_matmul" },
        .titles = { "batched matmul" },
        .params =
            [] {
                std::vector<Param<BatchedMatmul>> p = matmulParams<BatchedMatmul>();
                p[0].info.description = "batch: matrices, each with its own weights";
                p.insert(p.begin() + 3, count("T", &BatchedMatmul::T, "rows each matrix multiplies", "tokens", 16));
                return p;
            }(),
        .main = "B",
        .cost = [](const BatchedMatmul& op) -> Cost {
            const double rows = op.B * op.T;
            const double bytes = s(op.x) * rows * op.D + s(op.w) * op.B * op.D * op.F + s(op.out) * rows * op.F;
            return { 2 * rows * op.D * op.F, op.compute, { memory(op.memory, bytes) }, {} };
        },
        .label =
            [](const BatchedMatmul& o) {
                return "batched " + matmulName(o.x, o.w, o.compute) + " B=" + shortNumber(o.B)
                    + (o.T == 1 ? std::string() : " T=" + shortNumber(o.T));
            },
        .formulas = { { "2·B·T·D·F", "s(x)·B·T·D + s(w)·B·D·F + s(out)·B·T·F", "" } },
    };
    return spec;
}

const KindSpec<ShardedMatmul>& specOf(const ShardedMatmul*)
{
    static const KindSpec<ShardedMatmul> spec {
        .names = { "sharded_matmul" },
        .titles = { "sharded matmul" },
        .params =
            [] {
                std::vector<Param<ShardedMatmul>> p = matmulParams<ShardedMatmul>();
                // One chip is a plain matmul: its link carries nothing and is left out.
                p.push_back(count("chips", &ShardedMatmul::chips, "chips D is split over", "chips", 12));
                p.push_back(link(&ShardedMatmul::link));
                return p;
            }(),
        .main = "D",
        .cost =
            [](const ShardedMatmul& op) {
                const double hbm = (s(op.x) * op.B * op.D + s(op.w) * op.D * op.F) / op.chips + s(op.out) * op.B * op.F;
                Cost c { 2 * op.B * op.D * op.F / op.chips, op.compute, { memory(op.memory, hbm) }, {} };
                // The partial sums are all-reduced over a ring of `chips`: 2(chips−1) steps.
                addLink(c, op.link, 2 * ringShare(op.chips) * s(op.out) * op.B * op.F, 2 * (op.chips - 1));
                return c;
            },
        .label =
            [](const ShardedMatmul& o) {
                return matmulName(o.x, o.w, o.compute) + " sharded D=" + shortNumber(o.D) + " on "
                    + shortNumber(o.chips);
            },
        .formulas
        = { { "2·B·D·F / chips", "(s(x)·B·D + s(w)·D·F) / chips + s(out)·B·F", "2·(chips − 1)/chips·s(out)·B·F" } },
    };
    return spec;
}

const KindSpec<Collective>& specOf(const Collective*)
{
    static const KindSpec<Collective> spec {
        // In the order of CollectiveKind.
        .names = { "allreduce", "allgather", "reducescatter", "send", "alltoall" },
        .titles = { "AllReduce", "AllGather", "ReduceScatter", "send", "AllToAll" },
        .params = { count("N", &Collective::N, "elements of the whole array", "elements", 40),
            count("P", &Collective::P, "participants in the ring", "participants", 12,
                { 2, kMaxCount, "a ring of one participant moves and reduces nothing" }),
            dtype("dtype", &Collective::dtype, "element dtype"), link(&Collective::link) },
        .main = "N",
        .cost =
            [](const Collective& op) {
                const double share = ringShare(op.P);
                const double volume = share * s(op.dtype) * op.N;
                Cost c;
                c.compute = op.dtype;
                switch (op.kind) {
                case CollectiveKind::AllReduce:
                    c.flops = share * op.N;
                    addLink(c, op.link, 2 * volume, 2 * (op.P - 1)); // reduce-scatter then all-gather
                    break;
                case CollectiveKind::ReduceScatter:
                    c.flops = share * op.N;
                    addLink(c, op.link, volume, op.P - 1);
                    break;
                case CollectiveKind::AllGather:
                    c.flops = 0;
                    addLink(c, op.link, volume, op.P - 1);
                    break;
                case CollectiveKind::Send:
                    c.flops = 0;
                    addLink(c, op.link, s(op.dtype) * op.N, 1);
                    break;
                case CollectiveKind::AllToAll:
                    c.flops = 0;
                    addLink(c, op.link, volume / op.P, op.P - 1);
                    break;
                }
                return c;
            },
        .label =
            [](const Collective& o) {
                return std::string(kindTitle(kindName(OperationVariant(o)))) + " N=" + shortNumber(o.N)
                    + " P=" + shortNumber(o.P);
            },
        .formulas = { { "(P − 1)/P·N", "", "2·(P − 1)/P·s(dtype)·N" }, { "0", "", "(P − 1)/P·s(dtype)·N" },
            { "(P − 1)/P·N", "", "(P − 1)/P·s(dtype)·N" }, { "0", "", "s(dtype)·N" },
            { "0", "", "(P − 1)/P²·s(dtype)·N" } },
        .nameOf = [](const Collective& o) { return static_cast<std::size_t>(o.kind); },
        .make =
            [](std::size_t i) {
                Collective c;
                c.kind = static_cast<CollectiveKind>(i);
                return c;
            },
    };
    return spec;
}

const KindSpec<DataParallelStep>& specOf(const DataParallelStep*)
{
    static const KindSpec<DataParallelStep> spec {
        .names = { "data_parallel_step" },
        .titles = { "data-parallel step" },
        .params = { count("psi", &DataParallelStep::psi, "Ψ, model parameters", "parameters", 40),
            count("tokens", &DataParallelStep::tokens, "tokens per step, all GPUs together", "tokens", 40),
            // One GPU is training without data parallelism: nothing to exchange, and the link is left out.
            count("P", &DataParallelStep::P, "data-parallel GPUs", "GPUs", 12),
            real("s", &DataParallelStep::s, "bytes per gradient element", "bytes",
                { 0.125, 8, "from 1-bit compressed gradients to fp64" }),
            dtype("compute", &DataParallelStep::compute, "dtype whose peak the FLOPs run at"),
            link(&DataParallelStep::link) },
        .main = "tokens",
        .cost =
            [](const DataParallelStep& op) {
                Cost c { 6 * op.psi * op.tokens / op.P, op.compute, {}, {} };
                addLink(c, op.link, 2 * ringShare(op.P) * op.psi * op.s, 2 * (op.P - 1)); // one ring all-reduce
                return c;
            },
        .label =
            [](const DataParallelStep& o) {
                return "DP step tokens=" + shortNumber(o.tokens) + " P=" + shortNumber(o.P);
            },
        .formulas = { { "6·psi·tokens / P", "", "2·(P − 1)/P·psi·s" } },
    };
    return spec;
}

const KindSpec<TensorParallelLayer>& specOf(const TensorParallelLayer*)
{
    static const KindSpec<TensorParallelLayer> spec {
        .names = { "tensor_parallel_layer" },
        .titles = { "tensor-parallel layer" },
        .params = { count("B", &TensorParallelLayer::B, "sequences", "sequences", 16),
            count("S", &TensorParallelLayer::S, "sequence length", "tokens", 20),
            count("H", &TensorParallelLayer::H, "hidden width", "elements", 20),
            // t = 1 is the layer on one GPU: no AllReduce, and the link is left out.
            count("t", &TensorParallelLayer::t, "tensor-parallel degree", "GPUs", 12),
            dtype("dtype", &TensorParallelLayer::dtype, "activation dtype"), link(&TensorParallelLayer::link) },
        .main = "H",
        .cost =
            [](const TensorParallelLayer& op) {
                Cost c { 24 * op.B * op.S * op.H * op.H / op.t, op.dtype, {}, {} };
                // Two ring all-reduces (after attention, after the MLP) of t participants: 4(t−1) steps.
                addLink(c, op.link, 4 * ringShare(op.t) * s(op.dtype) * op.B * op.S * op.H, 4 * (op.t - 1));
                return c;
            },
        .label
        = [](const TensorParallelLayer& o) { return "TP layer H=" + shortNumber(o.H) + " t=" + shortNumber(o.t); },
        .formulas = { { "24·B·S·H·H / t", "", "4·(t − 1)/t·s(dtype)·B·S·H" } },
    };
    return spec;
}

const KindSpec<PipelineStage>& specOf(const PipelineStage*)
{
    static const KindSpec<PipelineStage> spec {
        .names = { "pipeline_stage" },
        .titles = { "pipeline stage" },
        .params = { count("B", &PipelineStage::B, "sequences per microbatch", "sequences", 16),
            count("S", &PipelineStage::S, "sequence length", "tokens", 20),
            count("H", &PipelineStage::H, "hidden width", "elements", 20),
            count("L", &PipelineStage::L, "layers in this stage", "layers", 10),
            count("m", &PipelineStage::m, "microbatches per step", "microbatches", 10),
            count("p", &PipelineStage::p, "pipeline stages", "stages", 12,
                { 2, kMaxCount, "a pipeline of one stage has no next stage to send to" }),
            dtype("dtype", &PipelineStage::dtype, "activation dtype"), link(&PipelineStage::link) },
        .main = "H",
        .cost =
            [](const PipelineStage& op) {
                Cost c { op.m * 24 * op.B * op.S * op.H * op.H * op.L, op.dtype, {}, {} };
                addLink(c, op.link, op.m * s(op.dtype) * op.B * op.S * op.H, op.m); // one send per microbatch
                c.extras.push_back({ "bubble", (op.p - 1) / (op.m + op.p - 1), "" });
                return c;
            },
        .label = [](const PipelineStage& o) { return "PP stage m=" + shortNumber(o.m) + " p=" + shortNumber(o.p); },
        .formulas = { { "m·24·B·S·H·H·L", "", "m·s(dtype)·B·S·H" } },
    };
    return spec;
}

} // namespace roofline::kinds
