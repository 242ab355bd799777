// SPDX-License-Identifier: GPL-3.0-or-later
// The report's model sections: in JSON `model`, `totals` and `serving_text`; in the table, the totals under the
// operations. And the `models` command's list.
#pragma once

#include "base/json.h"
#include "files/model_presets.h"
#include "session/analysis.h"

#include <string>

namespace roofline {

// Writes the keys "model", "totals" and "serving_text" into the open object. Needs analysis.model.
void writeModelJson(JsonWriter&, const Analysis&);
// The totals as lines of text, after the operations' table. Needs analysis.model.
std::string modelTotalsText(const Analysis&);
// The energy at the chip's board power and the cost at the user's price per chip-hour, as lines of the totals (a line
// saying the board power is not stated where the preset does not; nothing on cost without a price).
std::string energyAndCostText(const Hardware&, const ModelTotals&);
// One line per model: id, name, parameters, layers, hidden size, heads/KV heads, MLP, vocabulary, experts.
std::string modelList(const ModelLibrary&);

} // namespace roofline
