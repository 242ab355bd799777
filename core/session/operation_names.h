// SPDX-License-Identifier: GPL-3.0-or-later
// What an operation's name says and what its parameters make it: the name a user gave, kept as written but for the
// values it states, and the operation a lesson's Play moves.
#pragma once

#include "session/session.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace roofline {

// `name` with the value it states of `param` ("B=256", "N=2^20", "N = 1,048,576") set to `after`, where it states
// `before`; in the same style, a power of two as one while the new value is one. The rest stays as the user wrote it.
std::string followParameter(const std::string& name, std::string_view param, double before, double after);

// The shown operation whose intensity its main parameter moves most over [from, to] (intensitySwing): what a Play of
// a lesson about no operation (a ridge) moves. None where nothing moves by 1 % or more (a scenario of dot products).
std::optional<std::size_t> mostMovingOperation(const Session&, double from, double to);

} // namespace roofline
