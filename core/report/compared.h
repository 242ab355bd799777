// SPDX-License-Identifier: GPL-3.0-or-later
// The chips compared with the session's (Session::compare) in the report: each operation's time on each chip and the
// roof that holds it there, and which chip wins (Explanation::chips).
#pragma once

#include "base/json.h"
#include "session/analysis.h"

#include <string>

namespace roofline {

// "Compared chips" with a table of the operations' T_lower on each chip and their bound on each compared chip, then
// the verdict's lines; empty without chips compared.
std::string comparedText(const Analysis&);
// "compared": { "chips": [ { preset, name, dtype, peak, operations: [ {id, t_lower_s, t_upper_s, bound} or {id,
// problem} ] } ], "verdict": [lines] }; nothing without chips compared.
void writeComparedJson(JsonWriter&, const Analysis&);

} // namespace roofline
