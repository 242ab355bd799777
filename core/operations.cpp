#include "operations.h"

#include "units.h"

#include <cmath>

namespace roofline {

namespace {

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

Cost costOf(const Dot& op)
{
    return { 2 * op.N - 1, op.dtype, { memory(op.memory, 2 * s(op.dtype) * op.N + s(op.dtype)) }, {} };
}

Cost costOf(const LayerNorm& op)
{
    const double bytes = 2 * s(op.dtype) * op.B * op.D + 2 * s(op.dtype) * op.D;
    return { 8 * op.B * op.D + 3 * op.B, op.dtype, { memory(op.memory, bytes) }, {} };
}

Cost costOf(const Matmul& op)
{
    const double bytes = s(op.x) * op.B * op.D + s(op.w) * op.D * op.F + s(op.out) * op.B * op.F;
    return { 2 * op.B * op.D * op.F, op.compute, { memory(op.memory, bytes) }, {} };
}

Cost costOf(const BatchedMatmul& op)
{
    const double bytes = s(op.x) * op.B * op.D + s(op.w) * op.B * op.D * op.F + s(op.out) * op.B * op.F;
    return { 2 * op.B * op.D * op.F, op.compute, { memory(op.memory, bytes) }, {} };
}

Cost costOf(const ShardedMatmul& op)
{
    const double hbm = (s(op.x) * op.B * op.D + s(op.w) * op.D * op.F) / op.chips + s(op.out) * op.B * op.F;
    Cost c { 2 * op.B * op.D * op.F / op.chips, op.compute, { memory(op.memory, hbm) }, {} };
    addLink(c, op.link, 2 * ringShare(op.chips) * s(op.out) * op.B * op.F);
    return c;
}

Cost costOf(const Collective& op)
{
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
}

Cost costOf(const DataParallelStep& op)
{
    Cost c { 6 * op.psi * op.tokens / op.P, op.compute, {}, {} };
    addLink(c, op.link, 2 * ringShare(op.P) * op.psi * op.s);
    return c;
}

Cost costOf(const TensorParallelLayer& op)
{
    Cost c { 24 * op.B * op.S * op.H * op.H / op.t, op.dtype, {}, {} };
    addLink(c, op.link, 4 * ringShare(op.t) * s(op.dtype) * op.B * op.S * op.H);
    return c;
}

Cost costOf(const PipelineStage& op)
{
    Cost c { op.m * 24 * op.B * op.S * op.H * op.H * op.L, op.dtype, {}, {} };
    addLink(c, op.link, op.m * s(op.dtype) * op.B * op.S * op.H);
    c.extras.push_back({ "bubble", (op.p - 1) / (op.m + op.p - 1), "" });
    return c;
}

// Reflection: each operation lists its parameters with a pointer to the member that holds each.
template <typename T> struct Field {
    double T::*number = nullptr;
    Dtype T::*dtype = nullptr;
    std::string T::*text = nullptr;
};

template <typename T> struct Table {
    std::vector<ParamInfo> infos;
    std::vector<Field<T>> fields;

    Table& count(std::string_view name, double T::*member, std::string_view description)
    {
        infos.push_back({ name, ParamType::Count, description });
        fields.push_back({ member, nullptr, nullptr });
        return *this;
    }
    Table& real(std::string_view name, double T::*member, std::string_view description)
    {
        infos.push_back({ name, ParamType::Real, description });
        fields.push_back({ member, nullptr, nullptr });
        return *this;
    }
    Table& dtype(std::string_view name, Dtype T::*member, std::string_view description)
    {
        infos.push_back({ name, ParamType::Dtype, description });
        fields.push_back({ nullptr, member, nullptr });
        return *this;
    }
    Table& memory(std::string T::*member)
    {
        infos.push_back({ "memory", ParamType::Memory, "memory level read and written (default: main memory)" });
        fields.push_back({ nullptr, nullptr, member });
        return *this;
    }
    Table& link(std::string T::*member)
    {
        infos.push_back({ "link", ParamType::Link, "link the data crosses (default: the chip's first link)" });
        fields.push_back({ nullptr, nullptr, member });
        return *this;
    }
};

template <typename T> Table<T>& matmulFields(Table<T>& t)
{
    return t.count("B", &T::B, "batch: rows of X, in tokens")
        .count("D", &T::D, "contracting dimension")
        .count("F", &T::F, "output features")
        .dtype("x", &T::x, "activation dtype")
        .dtype("w", &T::w, "weight dtype")
        .dtype("out", &T::out, "output dtype")
        .dtype("compute", &T::compute, "dtype whose peak the FLOPs run at")
        .memory(&T::memory);
}

const Table<Dot>& tableOf(const Dot*)
{
    static const Table<Dot> t = Table<Dot>()
                                    .count("N", &Dot::N, "vector length")
                                    .dtype("dtype", &Dot::dtype, "element dtype")
                                    .memory(&Dot::memory);
    return t;
}
const Table<LayerNorm>& tableOf(const LayerNorm*)
{
    static const Table<LayerNorm> t = Table<LayerNorm>()
                                          .count("B", &LayerNorm::B, "rows, in tokens")
                                          .count("D", &LayerNorm::D, "normalised width")
                                          .dtype("dtype", &LayerNorm::dtype, "element dtype")
                                          .memory(&LayerNorm::memory);
    return t;
}
const Table<Matmul>& tableOf(const Matmul*)
{
    static const Table<Matmul> t = [] {
        Table<Matmul> table;
        return matmulFields(table);
    }();
    return t;
}
const Table<BatchedMatmul>& tableOf(const BatchedMatmul*)
{
    static const Table<BatchedMatmul> t = [] {
        Table<BatchedMatmul> table;
        return matmulFields(table);
    }();
    return t;
}
const Table<ShardedMatmul>& tableOf(const ShardedMatmul*)
{
    static const Table<ShardedMatmul> t = [] {
        Table<ShardedMatmul> table;
        matmulFields(table).count("chips", &ShardedMatmul::chips, "chips D is split over").link(&ShardedMatmul::link);
        return table;
    }();
    return t;
}
const Table<Collective>& tableOf(const Collective*)
{
    static const Table<Collective> t = Table<Collective>()
                                           .count("N", &Collective::N, "elements of the whole array")
                                           .count("P", &Collective::P, "participants in the ring")
                                           .dtype("dtype", &Collective::dtype, "element dtype")
                                           .link(&Collective::link);
    return t;
}
const Table<DataParallelStep>& tableOf(const DataParallelStep*)
{
    static const Table<DataParallelStep> t
        = Table<DataParallelStep>()
              .count("psi", &DataParallelStep::psi, "Ψ, model parameters")
              .count("tokens", &DataParallelStep::tokens, "tokens per step, all GPUs together")
              .count("P", &DataParallelStep::P, "data-parallel GPUs")
              .real("s", &DataParallelStep::s, "bytes per gradient element")
              .dtype("compute", &DataParallelStep::compute, "dtype whose peak the FLOPs run at")
              .link(&DataParallelStep::link);
    return t;
}
const Table<TensorParallelLayer>& tableOf(const TensorParallelLayer*)
{
    static const Table<TensorParallelLayer> t = Table<TensorParallelLayer>()
                                                    .count("B", &TensorParallelLayer::B, "sequences")
                                                    .count("S", &TensorParallelLayer::S, "sequence length")
                                                    .count("H", &TensorParallelLayer::H, "hidden width")
                                                    .count("t", &TensorParallelLayer::t, "tensor-parallel degree")
                                                    .dtype("dtype", &TensorParallelLayer::dtype, "activation dtype")
                                                    .link(&TensorParallelLayer::link);
    return t;
}
const Table<PipelineStage>& tableOf(const PipelineStage*)
{
    static const Table<PipelineStage> t = Table<PipelineStage>()
                                              .count("B", &PipelineStage::B, "sequences per microbatch")
                                              .count("S", &PipelineStage::S, "sequence length")
                                              .count("H", &PipelineStage::H, "hidden width")
                                              .count("L", &PipelineStage::L, "layers in this stage")
                                              .count("m", &PipelineStage::m, "microbatches per step")
                                              .count("p", &PipelineStage::p, "pipeline stages")
                                              .dtype("dtype", &PipelineStage::dtype, "activation dtype")
                                              .link(&PipelineStage::link);
    return t;
}

template <typename T> const Table<T>& table()
{
    return tableOf(static_cast<const T*>(nullptr));
}

template <typename T> const Field<T>* field(std::string_view name, const ParamInfo** info = nullptr)
{
    const Table<T>& t = table<T>();
    for (std::size_t i = 0; i < t.infos.size(); ++i)
        if (t.infos[i].name == name) {
            if (info)
                *info = &t.infos[i];
            return &t.fields[i];
        }
    return nullptr;
}

std::string unknown(const OperationVariant& op, std::string_view name)
{
    return std::string(kindName(op)) + " has no parameter '" + std::string(name) + "'";
}

std::string shortNumber(double v)
{
    if (v < 1e6 && v == std::floor(v))
        return std::to_string(static_cast<long long>(v));
    std::string text = formatSI(v);
    std::erase(text, ' ');
    return text;
}

constexpr std::string_view kKindNames[] = { "dot", "layernorm", "matmul", "batched_matmul", "sharded_matmul",
    "allreduce", "allgather", "reducescatter", "data_parallel_step", "tensor_parallel_layer", "pipeline_stage" };

} // namespace

std::string_view kindName(const OperationVariant& op)
{
    if (const auto* c = std::get_if<Collective>(&op)) {
        switch (c->kind) {
        case CollectiveKind::AllReduce:
            return "allreduce";
        case CollectiveKind::AllGather:
            return "allgather";
        case CollectiveKind::ReduceScatter:
            return "reducescatter";
        }
    }
    constexpr std::string_view byIndex[] = { "dot", "layernorm", "matmul", "batched_matmul", "sharded_matmul",
        "collective", "data_parallel_step", "tensor_parallel_layer", "pipeline_stage" };
    static_assert(std::size(byIndex) == std::variant_size_v<OperationVariant>);
    return byIndex[op.index()];
}

std::vector<std::string_view> allKindNames()
{
    return { std::begin(kKindNames), std::end(kKindNames) };
}

std::optional<OperationVariant> makeOperation(std::string_view kind)
{
    if (kind == "dot")
        return Dot {};
    if (kind == "layernorm")
        return LayerNorm {};
    if (kind == "matmul")
        return Matmul {};
    if (kind == "batched_matmul")
        return BatchedMatmul {};
    if (kind == "sharded_matmul")
        return ShardedMatmul {};
    if (kind == "allreduce") {
        Collective c;
        c.kind = CollectiveKind::AllReduce;
        return c;
    }
    if (kind == "allgather") {
        Collective c;
        c.kind = CollectiveKind::AllGather;
        return c;
    }
    if (kind == "reducescatter") {
        Collective c;
        c.kind = CollectiveKind::ReduceScatter;
        return c;
    }
    if (kind == "data_parallel_step")
        return DataParallelStep {};
    if (kind == "tensor_parallel_layer")
        return TensorParallelLayer {};
    if (kind == "pipeline_stage")
        return PipelineStage {};
    return std::nullopt;
}

Cost cost(const OperationVariant& op)
{
    return std::visit([](const auto& o) { return costOf(o); }, op);
}

std::span<const ParamInfo> params(const OperationVariant& op)
{
    return std::visit(
        [](const auto& o) -> std::span<const ParamInfo> { return table<std::decay_t<decltype(o)>>().infos; }, op);
}

const ParamInfo* findParam(const OperationVariant& op, std::string_view name)
{
    for (const ParamInfo& info : params(op))
        if (info.name == name)
            return &info;
    return nullptr;
}

std::optional<double> numberParam(const OperationVariant& op, std::string_view name)
{
    return std::visit(
        [name](const auto& o) -> std::optional<double> {
            using T = std::decay_t<decltype(o)>;
            const Field<T>* f = field<T>(name);
            return f && f->number ? std::optional<double>(o.*(f->number)) : std::nullopt;
        },
        op);
}

std::optional<Dtype> dtypeParam(const OperationVariant& op, std::string_view name)
{
    return std::visit(
        [name](const auto& o) -> std::optional<Dtype> {
            using T = std::decay_t<decltype(o)>;
            const Field<T>* f = field<T>(name);
            return f && f->dtype ? std::optional<Dtype>(o.*(f->dtype)) : std::nullopt;
        },
        op);
}

std::optional<std::string> textParam(const OperationVariant& op, std::string_view name)
{
    return std::visit(
        [name](const auto& o) -> std::optional<std::string> {
            using T = std::decay_t<decltype(o)>;
            const Field<T>* f = field<T>(name);
            return f && f->text ? std::optional<std::string>(o.*(f->text)) : std::nullopt;
        },
        op);
}

std::optional<std::string> setNumberParam(OperationVariant& op, std::string_view name, double value)
{
    return std::visit(
        [&](auto& o) -> std::optional<std::string> {
            using T = std::decay_t<decltype(o)>;
            const ParamInfo* info = nullptr;
            const Field<T>* f = field<T>(name, &info);
            if (!f || !f->number)
                return unknown(op, name);
            if (!std::isfinite(value))
                return std::string(name) + ": expected a finite number";
            if (info->type == ParamType::Count && (value < 1 || value > kMaxCount || value != std::floor(value)))
                return std::string(name) + ": expected a whole number from 1 to 2^53";
            if (info->type == ParamType::Real && (value <= 0 || value > 1e6))
                return std::string(name) + ": expected a positive number";
            o.*(f->number) = value;
            return std::nullopt;
        },
        op);
}

void assignNumberParam(OperationVariant& op, std::string_view name, double value)
{
    std::visit(
        [&](auto& o) {
            using T = std::decay_t<decltype(o)>;
            if (const Field<T>* f = field<T>(name); f && f->number)
                o.*(f->number) = value;
        },
        op);
}

std::optional<std::string> setDtypeParam(OperationVariant& op, std::string_view name, Dtype value)
{
    return std::visit(
        [&](auto& o) -> std::optional<std::string> {
            using T = std::decay_t<decltype(o)>;
            const Field<T>* f = field<T>(name);
            if (!f || !f->dtype)
                return unknown(op, name);
            o.*(f->dtype) = value;
            return std::nullopt;
        },
        op);
}

std::optional<std::string> setTextParam(OperationVariant& op, std::string_view name, std::string value)
{
    return std::visit(
        [&](auto& o) -> std::optional<std::string> {
            using T = std::decay_t<decltype(o)>;
            const Field<T>* f = field<T>(name);
            if (!f || !f->text)
                return unknown(op, name);
            o.*(f->text) = std::move(value);
            return std::nullopt;
        },
        op);
}

std::string_view mainParam(const OperationVariant& op)
{
    struct Visitor {
        std::string_view operator()(const Dot&) const { return "N"; }
        std::string_view operator()(const LayerNorm&) const { return "B"; }
        std::string_view operator()(const Matmul&) const { return "B"; }
        std::string_view operator()(const BatchedMatmul&) const { return "B"; }
        std::string_view operator()(const ShardedMatmul&) const { return "D"; }
        std::string_view operator()(const Collective&) const { return "N"; }
        std::string_view operator()(const DataParallelStep&) const { return "tokens"; }
        std::string_view operator()(const TensorParallelLayer&) const { return "H"; }
        std::string_view operator()(const PipelineStage&) const { return "H"; }
    };
    return std::visit(Visitor {}, op);
}

std::string describe(const OperationVariant& op)
{
    struct Visitor {
        static std::string matmulName(Dtype x, Dtype w, Dtype compute)
        {
            if (w != x)
                return std::string(dtypeName(w)) + "-weight matmul";
            if (x == compute && x != Dtype::bf16)
                return std::string(dtypeName(x)) + " matmul";
            return "matmul";
        }
        std::string operator()(const Dot& o) const { return "dot N=" + shortNumber(o.N); }
        std::string operator()(const LayerNorm& o) const { return "LayerNorm B=" + shortNumber(o.B); }
        std::string operator()(const Matmul& o) const
        {
            return matmulName(o.x, o.w, o.compute) + " B=" + shortNumber(o.B);
        }
        std::string operator()(const BatchedMatmul& o) const
        {
            return "batched " + matmulName(o.x, o.w, o.compute) + " B=" + shortNumber(o.B);
        }
        std::string operator()(const ShardedMatmul& o) const
        {
            return matmulName(o.x, o.w, o.compute) + " sharded D=" + shortNumber(o.D) + " on " + shortNumber(o.chips);
        }
        std::string operator()(const Collective& o) const
        {
            return std::string(kindName(OperationVariant(o))) + " N=" + shortNumber(o.N) + " P=" + shortNumber(o.P);
        }
        std::string operator()(const DataParallelStep& o) const
        {
            return "DP step tokens=" + shortNumber(o.tokens) + " P=" + shortNumber(o.P);
        }
        std::string operator()(const TensorParallelLayer& o) const
        {
            return "TP layer H=" + shortNumber(o.H) + " t=" + shortNumber(o.t);
        }
        std::string operator()(const PipelineStage& o) const
        {
            return "PP stage m=" + shortNumber(o.m) + " p=" + shortNumber(o.p);
        }
    };
    return std::visit(Visitor {}, op);
}

} // namespace roofline
