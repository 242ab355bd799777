// Measured kernels placed on the model's chip: each kernel's intensities, achieved FLOP/s, the roof that binds it and
// the fraction of that roof it reaches; measured ceilings beside the datasheet's; kernels linked to modeled
// operations, with the model's time bounds against the measured time. The kernels stay where they were measured
// whatever the hardware says; only their fractions and bounds follow it.
#pragma once

#include "analysis.h"
#include "measured.h"
#include "measured_result.h"

#include <optional>
#include <string>
#include <vector>

namespace roofline {

// Whether a kernel's name passes the window's filter: everything for an empty pattern; with shell wildcards
// (* ? [..]) the whole name must match, as --match reads them; without, the name must hold the text. Case is ignored.
bool matchesKernelFilter(std::string_view pattern, const std::string& name);

// "PATTERN=ID", as --link takes it.
Expected<LinkRule> parseLinkRule(std::string_view text);
// Links the kernel named exactly `name` to `operationId` by a rule of its own, placed before every other rule so
// that it wins (the name's wildcard characters escaped); an empty id takes the kernel's own rule away, leaving it to
// the other rules. What choosing an operation for a kernel in the window does.
void linkKernel(std::vector<LinkRule>& rules, const std::string& name, const std::string& operationId);

// `ruleOf`, from an earlier analysis of the same set and links, saves matching the names again.
MeasuredAnalysis analyseMeasured(const MeasuredSet&, const Analysis& model, const std::vector<LinkRule>& links = {},
    std::shared_ptr<const std::vector<int>> ruleOf = {});

// The best achieved bandwidth of each memory among kernels bound by it (and kernels with no FLOPs), and the best
// FLOP/s of each dtype among compute-bound kernels.
std::vector<CeilingComparison> deriveCeilings(
    const MeasuredSet&, const std::vector<MeasuredPoint>&, const Hardware& hardware);

// The `import` command's JSON document: the source, the chip, the points, the links, the ceilings, what was skipped.
std::string measuredJson(const MeasuredSet&, const MeasuredAnalysis&, const Analysis& model);
// Writes the same members into an object a caller has open (the report's "measured" member).
class JsonWriter;
void writeMeasured(JsonWriter&, const MeasuredSet&, const MeasuredAnalysis&);
// A readable table of the points, the links and the ceilings.
std::string measuredTable(const MeasuredSet&, const MeasuredAnalysis&);

} // namespace roofline
