// SPDX-License-Identifier: GPL-3.0-or-later
// The smallest value of an operation's parameter at which it becomes compute-bound, from the exact byte counts.
#pragma once

#include "base/expected.h"
#include "roofline/evaluate.h"

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
    // Kind::At, where the kind has the texts' approximation (approximateIntensity): the threshold in that limit,
    // ridge / slope on `resource`, and the condition it holds under ("B ≪ D"). 243.21 beside an exact 245.03 for an
    // int8 matmul with D = F = 65536 on a TPU v5e.
    std::optional<double> approximate;
    std::string approximateWhen;
};

// Solves over `param` (a count parameter) against every resource the operation touches, or only `resource` when
// given. Assumes what holds for every operation in the catalogue: along the parameter, T_math − T_resource changes
// sign at most once, from negative to positive.
Expected<Critical> solveCritical(const OperationVariant&, const Hardware&, std::string_view param,
    std::optional<std::string_view> resource = std::nullopt);

// The figures of describe(), for a sentence in another language: the smallest whole value ("244", "1.049M") and the
// approximate threshold ("243.21"), as describe() writes them.
std::string criticalValueText(const Critical&);
std::string approximateValueText(const Critical&);
// "compute-bound for B ≥ 244", "never compute-bound (HBM)", "compute-bound at every B".
std::string describe(const Critical&);
// describe() with the approximate threshold beside the exact value where there is one:
// "compute-bound for B ≥ 246 (243.21 if B ≪ D)".
std::string describeWithApproximation(const Critical&);

// The value of count parameter `param`, within its legal range, that brings the operation's intensity on `resource`
// nearest to `intensity` (in log terms): what dragging a marker along its roof sets. Past what the parameter can
// reach, the nearest end. Assumes the intensity is monotonic along the parameter, as for every kind's main
// parameter in the catalogue. Fails when the operation has no such count parameter or resource, or cannot be
// evaluated at the ends of the range.
Expected<double> paramForIntensity(
    const OperationVariant&, const Hardware&, std::string_view param, std::string_view resource, double intensity);

} // namespace roofline
