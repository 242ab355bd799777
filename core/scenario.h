// Scenario files: a chip (a preset by id, or inline), overrides of its numbers, and the operations on the chart.
#pragma once

#include "diagnostic.h"
#include "expected.h"
#include "hardware.h"
#include "operations.h"
#include "presets.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace roofline {

struct Scenario {
    std::string name;
    std::string description;
    std::string presetId; // empty for inline hardware
    Hardware hardware; // with the overrides applied
    std::vector<std::pair<std::string, double>> overrides; // as given under `set:`, in order
    std::optional<Dtype> dtype; // the compute roof the chart shows; the hardware's default when empty
    std::vector<Operation> operations;
};

Expected<Scenario, Diagnostics> parseScenario(std::string_view text, const std::string& file, const PresetLibrary&);
Expected<Scenario, Diagnostics> loadScenario(const std::filesystem::path&, const PresetLibrary&);

// The operations the window opens with for a chip: a dot product, LayerNorm, bf16 matmuls at B = 32, 256 and 1024,
// the int8 and int8-weight matmuls, a batched int8 matmul, a 2-chip sharded matmul, an AllReduce and a
// data-parallel step. Network operations use the chip's first scale-up and scale-out links.
std::vector<Operation> defaultWorkload(const Hardware&);
Scenario defaultScenario(const Hardware&);

// Applies one "KEY=VALUE" override: a hardware key (see hardwareKeys) or an operation parameter, "B=512" for every
// operation that has B, "ops[3].B=512" or "ops[3].w=int8" for one. Returns an error message, or nothing.
std::optional<std::string> applySetting(Scenario&, std::string_view assignment);

// Serialises a scenario so that parseScenario reads it back to the same numbers.
std::string writeScenario(const Scenario&);

} // namespace roofline
