// SPDX-License-Identifier: GPL-3.0-or-later
// Each operation's energy in the report (roofline/energy.h): the energy model's stated terms, the energy at board
// power, and the FLOPs per joule of both.
#pragma once

#include "base/json.h"
#include "session/analysis.h"

#include <string>

namespace roofline {

// "Energy" with a table of each operation's joules and FLOPs per joule, from the model's stated terms and at board
// power, then what the model lacks; empty when the chip states neither a board power nor a constant of the model.
std::string energyText(const Analysis&);
// An operation's "energy_model": { compute_j, data_j, constant_j, total_j, flops_per_joule, complete, missing: [keys] }
// when the chip states any constant of the model; nothing otherwise. total_j is a lower bound unless complete.
void writeEnergyJson(JsonWriter&, const Hardware&, const Evaluation&);

} // namespace roofline
