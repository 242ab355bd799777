// SPDX-License-Identifier: GPL-3.0-or-later
// An operation's parameters from their text in a file or on the command line: read into typed values, then set
// through the core's checks (session/edit.h). Internal to the files subsystem.
#pragma once

#include "base/expected.h"
#include "roofline/hardware.h"
#include "roofline/operations.h"

#include <optional>
#include <string>

namespace roofline {

// A parameter's text as its typed value: "B: expected a number" and the like when it is none.
Expected<ParamValue> parseParamText(const ParamInfo& info, const std::string& value);
// Sets one parameter from its text form, checking names of memory levels and links against the chip.
std::optional<std::string> setFromText(
    OperationVariant& op, const ParamInfo& info, const std::string& value, const Hardware& hw);
// "B: expected a number" without its "B: ", for messages that name the field themselves.
std::string withoutField(const std::string& error);

} // namespace roofline
