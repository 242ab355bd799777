// SPDX-License-Identifier: GPL-3.0-or-later
// What modelOperations builds a model's step with: its operations named, grouped and coloured as the chart shows
// them, a training step's backward passes in the order they run.
#pragma once

#include "llm/model.h"
#include "roofline/operations.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace roofline {

// Each group's colour in the palette. The six colours go first to the groups every inference step has; the others
// share with a group of few operations (the embedding's one, the lm_head's one), so that a chart of DeepSeek-V3's
// step has at most eight operations of one colour, each of its own marker shape. The draft model's operations take
// one colour together, the embedding's: a cluster apart from the target's.
std::string groupColour(std::string_view group);

class OperationBuilder {
public:
    explicit OperationBuilder(const ModelSettings& s)
        : m_s(s)
    {
        m_ops.reserve(kTypicalOperations); // moved in once, not copied at each growth
    }

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

    // Forward operations added so far, and a way to run a range of them twice: full recomputation runs each layer's
    // forward pass again before its backward pass.
    std::size_t forwardCount() const { return m_ops.size(); }
    void runTwice(std::size_t from, std::size_t to)
    {
        for (std::size_t i = from; i < to; ++i)
            m_ops[i].repeat *= 2;
    }

    // Every operation in the order a step runs them: the forward passes, the backward passes last one first, then
    // what runs after them. The builder is empty after it.
    std::vector<Operation> take();

private:
    Operation make(std::string_view id, std::string name, std::string_view group, OperationVariant op, double repeat);

    static constexpr std::size_t kTypicalOperations = 48; // DeepSeek-V3's step has 31, a training step 70 and more
    struct BackwardPass {
        std::size_t forwards; // forward operations added before it
        std::vector<Operation> ops;
    };
    const ModelSettings& m_s;
    std::vector<Operation> m_ops;
    std::vector<BackwardPass> m_backward;
    std::vector<Operation> m_last;
};

} // namespace roofline
