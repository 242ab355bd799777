// A session analysed: every operation evaluated on the session's chip, with its critical value, and the totals of
// its groups. The one place evaluation happens for the window, the report and the export; an edit analyses once.
#pragma once

#include "evaluate.h"
#include "expected.h"
#include "session.h"
#include "solver.h"

#include <optional>
#include <string>
#include <vector>

namespace roofline {

struct OperationAnalysis {
    Expected<Evaluation> evaluation; // or why the chip cannot run the operation
    std::optional<Critical> critical; // over the operation's main parameter, when it could be solved
};

// Sums over the visible operations of a group that evaluate, run one after another.
struct GroupTotal {
    std::string group; // empty: every visible operation
    std::size_t count = 0;
    double flops = 0;
    double tMath = 0;
    double tLower = 0; // each operation overlapping its own resources perfectly
    double tUpper = 0; // nothing overlapping
};

struct Analysis {
    Session session; // what was analysed
    Hardware hardware; // the session's chip with its overrides
    Dtype dtype = Dtype::bf16; // the chart's compute roof
    double peak = 0; // its peak
    std::vector<OperationAnalysis> operations; // one per session operation, in its order
    GroupTotal total; // every visible operation
    std::vector<GroupTotal> groups; // one per named group, in order of first appearance

    // The chip the chart frames its axes with: the session's chip before overrides, so that dragging a slider moves
    // the roofs under a fixed frame until something would leave it.
    const Hardware& frame() const { return session.chip; }
    // Indices of the visible operations that evaluate, in order.
    std::vector<std::size_t> shown() const;
    // The first operation that cannot be evaluated, as "name: reason", or nothing.
    std::optional<std::string> firstError() const;
};

Analysis analyse(Session);

} // namespace roofline
