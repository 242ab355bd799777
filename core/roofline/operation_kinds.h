// SPDX-License-Identifier: GPL-3.0-or-later
// What a description of an operation kind is made of: where each parameter lives in its struct, its unit, range
// and default, and the kind's cost and label. Each kind's description (`specOf`) is in operation_specs.cpp; the
// generic functions of operations.h read them in operations.cpp.
#pragma once

#include "roofline/operations.h"

#include "base/units.h"

#include <cmath>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace roofline::kinds {

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
    // Where the texts approximate the intensity as proportional to the main parameter (a matmul's 2B/s_w when B ≪ D,
    // F): the condition as the texts write it, and the intensity per unit of the main parameter in that limit. A
    // kind without such a limit leaves both empty.
    std::string_view approxWhen = {};
    double (*approxSlope)(const T&) = nullptr;
    // The cost as the texts write it, one per name (see costFormula); none for a kind that states none.
    std::vector<CostFormula> formulas = {};
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

inline double s(Dtype d)
{
    return bytesPerElement(d);
}

// (P−1)/P, the share of an array each ring participant sends once.
inline double ringShare(double participants)
{
    return (participants - 1) / participants;
}

inline Traffic memory(const std::string& name, double bytes)
{
    return { RoofKind::Memory, name, bytes, 0 };
}

// A link that carries no bytes (one chip, one participant) is left out rather than shown at infinite intensity.
// `steps` are the message steps the bytes take one after another (see Traffic).
inline void addLink(Cost& c, const std::string& name, double bytes, double steps)
{
    if (bytes > 0)
        c.traffic.push_back({ RoofKind::Network, name, bytes, steps });
}

// "int8-weight matmul", "int8 matmul", "matmul": how labels name a matmul by its dtypes.
std::string matmulName(Dtype x, Dtype w, Dtype compute);

// The parameters of the three matmuls, X[B,D]·Y[D,F]→Z[B,F].
template <typename T> std::vector<Param<T>> matmulParams()
{
    return { count("B", &T::B, "batch: rows of X", "tokens", 16),
        count("D", &T::D, "contracting dimension", "elements", 16),
        count("F", &T::F, "output features", "elements", 16), dtype("x", &T::x, "activation dtype"),
        dtype("w", &T::w, "weight dtype"), dtype("out", &T::out, "output dtype"),
        dtype("compute", &T::compute, "dtype whose peak the FLOPs run at"), memoryLevel(&T::memory) };
}

// "256", "1.05M": a count as labels and messages show it.
std::string shortNumber(double v);

// The descriptions, one per kind of OperationVariant, in operation_specs.cpp.
const KindSpec<Dot>& specOf(const Dot*);
const KindSpec<LayerNorm>& specOf(const LayerNorm*);
const KindSpec<Matmul>& specOf(const Matmul*);
const KindSpec<BatchedMatmul>& specOf(const BatchedMatmul*);
const KindSpec<ShardedMatmul>& specOf(const ShardedMatmul*);
const KindSpec<Collective>& specOf(const Collective*);
const KindSpec<DataParallelStep>& specOf(const DataParallelStep*);
const KindSpec<TensorParallelLayer>& specOf(const TensorParallelLayer*);
const KindSpec<PipelineStage>& specOf(const PipelineStage*);
const KindSpec<Elementwise>& specOf(const Elementwise*);
const KindSpec<Attention>& specOf(const Attention*);
const KindSpec<ExpertMatmul>& specOf(const ExpertMatmul*);

} // namespace roofline::kinds
