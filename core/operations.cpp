// The catalogue of operation kinds. Each kind has one description (`specOf`) that holds everything the program
// knows of it: the names scenario files give it, its parameters with unit, legal range, default and slider reach,
// its FLOPs and bytes per resource, the parameter whose critical value the solvers report, and its label. Every
// public function below reads those descriptions and knows no kind by name.
#include "operations.h"

#include "units.h"

#include <cmath>
#include <cstdio>
#include <utility>

namespace roofline {

namespace {

// ---- What a description is made of

// Where a parameter lives in its struct: exactly one member pointer is set.
template <typename T> struct Field {
    double T::*number = nullptr;
    Dtype T::*dtype = nullptr;
    std::string T::*text = nullptr;
};

template <typename T> struct Param {
    ParamInfo info;
    Field<T> field;
};

template <typename T> struct KindSpec {
    // The names scenario files spell the kind with: one, or one per value of a member that picks the kind (the
    // three collectives share a struct). `nameOf` says which an operation is; `make` builds a new one of each.
    std::vector<std::string_view> names;
    // The same kinds as a user reads them, one per name: "sharded matmul", "AllReduce".
    std::vector<std::string_view> titles;
    std::vector<Param<T>> params;
    std::string_view main; // the count parameter whose critical value the solvers report
    Cost (*cost)(const T&);
    std::string (*label)(const T&);
    std::size_t (*nameOf)(const T&) = [](const T&) -> std::size_t { return 0; };
    T (*make)(std::size_t) = [](std::size_t) { return T {}; };
};

struct Range {
    double min;
    double max;
    std::string_view reason = {};
};

// Every whole number a double holds exactly: past 2^53 a count would no longer be the number the user typed.
constexpr Range kCounts { 1, kMaxCount };

// The defaults are the struct's member initialisers: a new operation and its description cannot disagree.
template <typename T>
Param<T> count(std::string_view name, double T::*member, std::string_view description, std::string_view unit,
    int sliderTop, Range range = kCounts)
{
    return { { .name = name,
                 .type = ParamType::Count,
                 .description = description,
                 .unit = unit,
                 .min = range.min,
                 .max = range.max,
                 .rangeReason = range.reason,
                 .defaultValue = T {}.*member,
                 .sliderTop = sliderTop },
        { .number = member } };
}

template <typename T>
Param<T> real(
    std::string_view name, double T::*member, std::string_view description, std::string_view unit, Range range)
{
    return { { .name = name,
                 .type = ParamType::Real,
                 .description = description,
                 .unit = unit,
                 .min = range.min,
                 .max = range.max,
                 .rangeReason = range.reason,
                 .defaultValue = T {}.*member },
        { .number = member } };
}

template <typename T> Param<T> dtype(std::string_view name, Dtype T::*member, std::string_view description)
{
    return { { .name = name, .type = ParamType::Dtype, .description = description, .defaultDtype = T {}.*member },
        { .dtype = member } };
}

template <typename T> Param<T> memoryLevel(std::string T::*member)
{
    return { { .name = "memory",
                 .type = ParamType::Memory,
                 .description = "memory level read and written (default: main memory)" },
        { .text = member } };
}

template <typename T> Param<T> link(std::string T::*member)
{
    return { { .name = "link",
                 .type = ParamType::Link,
                 .description = "link the data crosses (default: the chip's first link)" },
        { .text = member } };
}

// ---- What the formulas and labels share

double s(Dtype d)
{
    return bytesPerElement(d);
}

// (P−1)/P, the share of an array each ring participant sends once.
double ringShare(double participants)
{
    return (participants - 1) / participants;
}

Traffic memory(const std::string& name, double bytes)
{
    return { RoofKind::Memory, name, bytes };
}

// A link that carries no bytes (one chip, one participant) is left out rather than shown at infinite intensity.
void addLink(Cost& c, const std::string& name, double bytes)
{
    if (bytes > 0)
        c.traffic.push_back({ RoofKind::Network, name, bytes });
}

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
    };
    return spec;
}

// The parameters of the three matmuls, X[B,D]·Y[D,F]→Z[B,F].
template <typename T> std::vector<Param<T>> matmulParams()
{
    return { count("B", &T::B, "batch: rows of X", "tokens", 16),
        count("D", &T::D, "contracting dimension", "elements", 16),
        count("F", &T::F, "output features", "elements", 16), dtype("x", &T::x, "activation dtype"),
        dtype("w", &T::w, "weight dtype"), dtype("out", &T::out, "output dtype"),
        dtype("compute", &T::compute, "dtype whose peak the FLOPs run at"), memoryLevel(&T::memory) };
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
    };
    return spec;
}

const KindSpec<BatchedMatmul>& specOf(const BatchedMatmul*)
{
    static const KindSpec<BatchedMatmul> spec {
        .names = { "batched_matmul" },
        .titles = { "batched matmul" },
        .params = matmulParams<BatchedMatmul>(),
        .main = "B",
        .cost = [](const BatchedMatmul& op) -> Cost {
            const double bytes = s(op.x) * op.B * op.D + s(op.w) * op.B * op.D * op.F + s(op.out) * op.B * op.F;
            return { 2 * op.B * op.D * op.F, op.compute, { memory(op.memory, bytes) }, {} };
        },
        .label =
            [](const BatchedMatmul& o) {
                return "batched " + matmulName(o.x, o.w, o.compute) + " B=" + shortNumber(o.B);
            },
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
                addLink(c, op.link, 2 * ringShare(op.chips) * s(op.out) * op.B * op.F);
                return c;
            },
        .label =
            [](const ShardedMatmul& o) {
                return matmulName(o.x, o.w, o.compute) + " sharded D=" + shortNumber(o.D) + " on "
                    + shortNumber(o.chips);
            },
    };
    return spec;
}

const KindSpec<Collective>& specOf(const Collective*)
{
    static const KindSpec<Collective> spec {
        // In the order of CollectiveKind.
        .names = { "allreduce", "allgather", "reducescatter" },
        .titles = { "AllReduce", "AllGather", "ReduceScatter" },
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
                    addLink(c, op.link, 2 * volume);
                    break;
                case CollectiveKind::ReduceScatter:
                    c.flops = share * op.N;
                    addLink(c, op.link, volume);
                    break;
                case CollectiveKind::AllGather:
                    c.flops = 0;
                    addLink(c, op.link, volume);
                    break;
                }
                return c;
            },
        .label =
            [](const Collective& o) {
                return std::string(kindTitle(kindName(OperationVariant(o)))) + " N=" + shortNumber(o.N)
                    + " P=" + shortNumber(o.P);
            },
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
                addLink(c, op.link, 2 * ringShare(op.P) * op.psi * op.s);
                return c;
            },
        .label =
            [](const DataParallelStep& o) {
                return "DP step tokens=" + shortNumber(o.tokens) + " P=" + shortNumber(o.P);
            },
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
                addLink(c, op.link, 4 * ringShare(op.t) * s(op.dtype) * op.B * op.S * op.H);
                return c;
            },
        .label
        = [](const TensorParallelLayer& o) { return "TP layer H=" + shortNumber(o.H) + " t=" + shortNumber(o.t); },
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
                addLink(c, op.link, op.m * s(op.dtype) * op.B * op.S * op.H);
                c.extras.push_back({ "bubble", (op.p - 1) / (op.m + op.p - 1), "" });
                return c;
            },
        .label = [](const PipelineStage& o) { return "PP stage m=" + shortNumber(o.m) + " p=" + shortNumber(o.p); },
    };
    return spec;
}

// ---- Reading the descriptions

template <typename T> const KindSpec<T>& spec()
{
    return specOf(static_cast<const T*>(nullptr));
}

template <typename T> const std::vector<ParamInfo>& infos()
{
    static const std::vector<ParamInfo> all = [] {
        std::vector<ParamInfo> out;
        for (const Param<T>& p : spec<T>().params)
            out.push_back(p.info);
        return out;
    }();
    return all;
}

template <typename T> const Param<T>* param(std::string_view name)
{
    for (const Param<T>& p : spec<T>().params)
        if (p.info.name == name)
            return &p;
    return nullptr;
}

// The number parameters of a kind with their ranges, packed for evaluate(), which checks them on every call.
template <typename T> struct Bound {
    double T::*number;
    const ParamInfo* info;
};

template <typename T> const std::vector<Bound<T>>& bounds()
{
    static const std::vector<Bound<T>> all = [] {
        std::vector<Bound<T>> out;
        for (const Param<T>& p : spec<T>().params)
            if (p.field.number)
                out.push_back({ p.field.number, &p.info });
        return out;
    }();
    return all;
}

// Calls f(spec<T>()) for every kind of OperationVariant, in order, until f returns true.
template <typename F> void forEachSpec(F&& f)
{
    [&]<std::size_t... I>(std::index_sequence<I...>)
    {
        (f(spec<std::variant_alternative_t<I, OperationVariant>>()) || ...);
    }
    (std::make_index_sequence<std::variant_size_v<OperationVariant>>());
}

// Calls f(operation, its Param or null) with the operation's own type.
template <typename Op, typename F> decltype(auto) withParam(Op& op, std::string_view name, F&& f)
{
    return std::visit(
        [&](auto& o) -> decltype(auto) { return f(o, param<std::remove_cvref_t<decltype(o)>>(name)); }, op);
}

std::string unknown(const OperationVariant& op, std::string_view name)
{
    return std::string(kindName(op)) + " has no parameter '" + std::string(name) + "'";
}

std::string rangeEnd(double v)
{
    if (v == kMaxCount)
        return "2^53";
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g", v);
    return buffer;
}

} // namespace

std::string_view kindName(const OperationVariant& op)
{
    return std::visit(
        [](const auto& o) {
            const auto& k = spec<std::decay_t<decltype(o)>>();
            return k.names[k.nameOf(o)];
        },
        op);
}

std::string_view kindTitle(std::string_view kind)
{
    std::string_view out = kind;
    forEachSpec([&](const auto& k) {
        for (std::size_t i = 0; i < k.names.size(); ++i)
            if (k.names[i] == kind) {
                out = k.titles[i];
                return true;
            }
        return false;
    });
    return out;
}

std::vector<std::string_view> allKindNames()
{
    std::vector<std::string_view> out;
    forEachSpec([&](const auto& k) {
        out.insert(out.end(), k.names.begin(), k.names.end());
        return false;
    });
    return out;
}

std::optional<OperationVariant> makeOperation(std::string_view kind)
{
    std::optional<OperationVariant> out;
    forEachSpec([&](const auto& k) {
        for (std::size_t i = 0; i < k.names.size() && !out; ++i)
            if (k.names[i] == kind)
                out = k.make(i);
        return out.has_value();
    });
    return out;
}

Cost cost(const OperationVariant& op)
{
    return std::visit([](const auto& o) { return spec<std::decay_t<decltype(o)>>().cost(o); }, op);
}

std::span<const ParamInfo> params(const OperationVariant& op)
{
    return std::visit(
        [](const auto& o) -> std::span<const ParamInfo> { return infos<std::decay_t<decltype(o)>>(); }, op);
}

const ParamInfo* findParam(const OperationVariant& op, std::string_view name)
{
    for (const ParamInfo& info : params(op))
        if (info.name == name)
            return &info;
    return nullptr;
}

std::string legalRange(const ParamInfo& info)
{
    std::string text = std::string(info.type == ParamType::Count ? "a whole number" : "a number") + " from "
        + rangeEnd(info.min) + " to " + rangeEnd(info.max);
    if (!info.rangeReason.empty())
        text += " (" + std::string(info.rangeReason) + ")";
    return text;
}

std::optional<double> numberParam(const OperationVariant& op, std::string_view name)
{
    return withParam(op, name, [](const auto& o, const auto* p) {
        return p && p->field.number ? std::optional<double>(o.*(p->field.number)) : std::nullopt;
    });
}

std::optional<Dtype> dtypeParam(const OperationVariant& op, std::string_view name)
{
    return withParam(op, name, [](const auto& o, const auto* p) {
        return p && p->field.dtype ? std::optional<Dtype>(o.*(p->field.dtype)) : std::nullopt;
    });
}

std::optional<std::string> textParam(const OperationVariant& op, std::string_view name)
{
    return withParam(op, name, [](const auto& o, const auto* p) {
        return p && p->field.text ? std::optional<std::string>(o.*(p->field.text)) : std::nullopt;
    });
}

std::optional<std::string> setNumberParam(OperationVariant& op, std::string_view name, double value)
{
    return withParam(op, name, [&](auto& o, const auto* p) -> std::optional<std::string> {
        if (!p || !p->field.number)
            return unknown(op, name);
        const ParamInfo& info = p->info;
        if (!std::isfinite(value) || value < info.min || value > info.max
            || (info.type == ParamType::Count && value != std::floor(value)))
            return std::string(name) + ": expected " + legalRange(info);
        o.*(p->field.number) = value;
        return std::nullopt;
    });
}

void assignNumberParam(OperationVariant& op, std::string_view name, double value)
{
    withParam(op, name, [&](auto& o, const auto* p) {
        if (p && p->field.number)
            o.*(p->field.number) = value;
    });
}

std::optional<std::string> setDtypeParam(OperationVariant& op, std::string_view name, Dtype value)
{
    return withParam(op, name, [&](auto& o, const auto* p) -> std::optional<std::string> {
        if (!p || !p->field.dtype)
            return unknown(op, name);
        o.*(p->field.dtype) = value;
        return std::nullopt;
    });
}

std::optional<std::string> setTextParam(OperationVariant& op, std::string_view name, std::string value)
{
    return withParam(op, name, [&](auto& o, const auto* p) -> std::optional<std::string> {
        if (!p || !p->field.text)
            return unknown(op, name);
        o.*(p->field.text) = std::move(value);
        return std::nullopt;
    });
}

std::optional<std::string> outOfRange(const OperationVariant& op)
{
    return std::visit(
        [](const auto& o) -> std::optional<std::string> {
            for (const auto& b : bounds<std::decay_t<decltype(o)>>()) {
                // Fractional counts are let through: the solvers look between whole values.
                const double v = o.*(b.number);
                if (!(v >= b.info->min && v <= b.info->max))
                    return std::string(b.info->name) + "=" + shortNumber(v) + " is outside its range, "
                        + legalRange(*b.info);
            }
            return std::nullopt;
        },
        op);
}

std::string_view mainParam(const OperationVariant& op)
{
    return std::visit([](const auto& o) { return spec<std::decay_t<decltype(o)>>().main; }, op);
}

std::string describe(const OperationVariant& op)
{
    return std::visit([](const auto& o) { return spec<std::decay_t<decltype(o)>>().label(o); }, op);
}

} // namespace roofline
