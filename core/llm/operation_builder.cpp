// SPDX-License-Identifier: GPL-3.0-or-later
#include "llm/operation_builder.h"

#include "llm/generate.h"

#include <algorithm>
#include <array>
#include <iterator>
#include <utility>

namespace roofline {

std::string groupColour(std::string_view group)
{
    static constexpr std::array<std::pair<std::string_view, std::size_t>, 12> kGroupColours { {
        { kGroupEmbedding, 0 },
        { kGroupAttention, 1 },
        { kGroupMlp, 2 },
        { kGroupNorms, 3 },
        { kGroupAllReduce, 4 },
        { kGroupLmHead, 5 },
        { kGroupGradients, 0 },
        { kGroupPipeline, 1 },
        { kGroupExperts, 5 },
        { kGroupAllToAll, 0 },
        { kGroupParameters, 4 },
        { kGroupDraft, 0 },
    } };
    const auto& palette = operationPalette();
    const auto it
        = std::find_if(kGroupColours.begin(), kGroupColours.end(), [&](const auto& g) { return g.first == group; });
    return palette[(it == kGroupColours.end() ? 0 : it->second) % palette.size()];
}

std::vector<Operation> OperationBuilder::take()
{
    for (auto pass = m_backward.rbegin(); pass != m_backward.rend(); ++pass)
        std::move(pass->ops.begin(), pass->ops.end(), std::back_inserter(m_ops));
    std::move(m_last.begin(), m_last.end(), std::back_inserter(m_ops));
    m_backward.clear();
    m_last.clear();
    return std::move(m_ops);
}

Operation OperationBuilder::make(
    std::string_view id, std::string name, std::string_view group, OperationVariant op, double repeat)
{
    Operation o;
    o.id = "model." + std::string(id);
    o.name = std::move(name);
    o.group = std::string(group);
    o.op = std::move(op);
    o.generated = true;
    o.repeat = repeat;
    o.colour = groupColour(group);
    return o;
}

} // namespace roofline
