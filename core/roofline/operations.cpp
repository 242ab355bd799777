// SPDX-License-Identifier: GPL-3.0-or-later
// The generic functions over operation kinds. Each kind has one description (`specOf`, operation_specs.cpp); every
// function below reads those descriptions and knows no kind by name.
#include "roofline/operations.h"

#include "roofline/operation_kinds.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

namespace roofline {

using namespace kinds;

namespace {

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

std::optional<IntensityApproximation> approximateIntensity(const OperationVariant& op)
{
    return std::visit(
        [](const auto& o) -> std::optional<IntensityApproximation> {
            const auto& kind = spec<std::decay_t<decltype(o)>>();
            if (!kind.approxSlope)
                return std::nullopt;
            return IntensityApproximation { kind.approxWhen, kind.approxSlope(o) };
        },
        op);
}

std::string_view mainParam(const OperationVariant& op)
{
    return std::visit([](const auto& o) { return spec<std::decay_t<decltype(o)>>().main; }, op);
}

std::optional<double> intensitySwing(const OperationVariant& op, std::string_view param, double from, double to)
{
    const ParamInfo* info = findParam(op, param);
    if (!info || info->type != ParamType::Count)
        return std::nullopt;
    const auto intensityAt = [&](double value) -> std::optional<double> {
        OperationVariant at = op;
        assignNumberParam(at, param, std::clamp(value, info->min, info->max));
        const Cost c = cost(at);
        double bytes = 0;
        for (const Traffic& t : c.traffic)
            bytes += t.bytes;
        return bytes > 0 ? std::optional(c.flops / bytes) : std::nullopt;
    };
    const std::optional<double> a = intensityAt(from);
    const std::optional<double> b = intensityAt(to);
    if (!a || !b)
        return std::nullopt;
    if (*a <= 0 || *b <= 0)
        return *a == *b ? std::optional(1.0) : std::nullopt;
    return std::max(*a, *b) / std::min(*a, *b);
}

std::string seriesKey(const Operation& operation)
{
    const OperationVariant& op = operation.op;
    std::string key = operation.group + '/' + std::string(kindName(op));
    const std::string_view main = mainParam(op);
    char number[32];
    for (const ParamInfo& info : params(op)) {
        if (info.name == main)
            continue;
        key += ' ';
        key += info.name;
        key += '=';
        if (const std::optional<double> v = numberParam(op, info.name)) {
            std::snprintf(number, sizeof number, "%.17g", *v);
            key += number;
        } else if (const std::optional<Dtype> d = dtypeParam(op, info.name)) {
            key += dtypeName(*d);
        } else if (const std::optional<std::string> t = textParam(op, info.name)) {
            key += *t;
        }
    }
    return key;
}

CostFormula costFormula(const OperationVariant& op)
{
    return std::visit(
        [](const auto& o) {
            const auto& k = spec<std::decay_t<decltype(o)>>();
            const std::size_t i = k.nameOf(o);
            return i < k.formulas.size() ? k.formulas[i] : CostFormula {};
        },
        op);
}

std::string describe(const OperationVariant& op)
{
    return std::visit([](const auto& o) { return spec<std::decay_t<decltype(o)>>().label(o); }, op);
}

const std::vector<std::string>& operationPalette()
{
    static const std::vector<std::string> palette { "#e69f00", "#56b4e9", "#009e73", "#0072b2", "#d55e00", "#cc79a7" };
    return palette;
}

} // namespace roofline
