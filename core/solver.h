// The smallest value of an operation's parameter at which it becomes compute-bound, from the exact byte counts.
#pragma once

#include "evaluate.h"
#include "expected.h"

#include <optional>
#include <string>
#include <string_view>

namespace roofline {

struct Critical {
    enum class Kind {
        At, // compute-bound from `value` on
        Always, // compute-bound already at 1
        Never, // bandwidth-bound for every value up to kMaxCount
    };
    Kind kind = Kind::Never;
    std::string param; // "B"
    double value = 0; // the smallest whole value that is compute-bound (Kind::At)
    double threshold = 0; // the real value where T_math equals the limiting resource's time (Kind::At)
    std::string resource; // the resource that sets the threshold, or that never lets go (Kind::Never)
};

// Solves over `param` (a count parameter) against every resource the operation touches, or only `resource` when
// given. Assumes what holds for every operation in the catalogue: along the parameter, T_math − T_resource changes
// sign at most once, from negative to positive.
Expected<Critical> solveCritical(const OperationVariant&, const Hardware&, std::string_view param,
    std::optional<std::string_view> resource = std::nullopt);

// "compute-bound for B ≥ 244", "never compute-bound (HBM)", "compute-bound at every B".
std::string describe(const Critical&);

} // namespace roofline
