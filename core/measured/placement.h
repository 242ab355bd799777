// SPDX-License-Identifier: GPL-3.0-or-later
// Measured kernels placed on the model's chip: each kernel's intensities, achieved FLOP/s, the roof that binds it and
// the fraction of that roof it reaches; measured ceilings beside the datasheet's; kernels linked to modeled
// operations, with the model's time bounds against the measured time. The kernels stay where they were measured
// whatever the hardware says; only their fractions and bounds follow it.
#pragma once

#include "measured/measured.h"
#include "measured/result.h"
#include "roofline/hardware.h"
#include "roofline/operations.h"

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace roofline {

// Whether a kernel's name passes the window's filter: everything for an empty pattern; with shell wildcards
// (* ? [..]) the whole name must match, as --match reads them; without, the name must hold the text. Case is ignored.
// `name` is NUL-terminated: a kernel's name.data(), or a string's c_str().
bool matchesKernelFilter(std::string_view pattern, const char* name);

// The chip's memory a file's level name means: the memory of that name, or the main memory for DRAM, HBM and main;
// null when the chip has none.
const MemoryLevel* chipMemoryOf(const Hardware&, std::string_view level);

// "PATTERN=ID", as --link takes it.
Expected<LinkRule> parseLinkRule(std::string_view text);
// Links the kernel named exactly `name` to `operationId` by a rule of its own, placed before every other rule so
// that it wins (the name's wildcard characters escaped); an empty id takes the kernel's own rule away, leaving it to
// the other rules. What choosing an operation for a kernel in the window does.
void linkKernel(std::vector<LinkRule>& rules, const std::string& name, const std::string& operationId);

// The chip kernels are placed on: its hardware with the session's overrides, the chart's dtype and that dtype's peak.
struct PlacementChip {
    const Hardware& hardware;
    Dtype dtype;
    double peak;
};

// Places every kernel on `chip` and links those a rule of `links` matches to the operation of that id among
// `operations`. `ruleOf`, from an earlier analysis of the same set and links, saves matching the names again.
MeasuredAnalysis analyseMeasured(const MeasuredSet&, const PlacementChip& chip, std::span<const Operation> operations,
    const std::vector<LinkRule>& links = {}, std::shared_ptr<const std::vector<int>> ruleOf = {});

// The best achieved bandwidth of each memory among kernels bound by it (and kernels with no FLOPs), and the best
// FLOP/s of each dtype among compute-bound kernels.
std::vector<CeilingComparison> deriveCeilings(
    const MeasuredSet&, const std::vector<MeasuredPoint>&, const Hardware& hardware);

} // namespace roofline
