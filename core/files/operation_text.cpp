// SPDX-License-Identifier: GPL-3.0-or-later
#include "files/operation_text.h"

#include "base/units.h"
#include "session/edit.h"

namespace roofline {

// A parameter's text as its typed value: "B: expected a number" and the like when it is none.
Expected<ParamValue> parseParamText(const ParamInfo& info, const std::string& value)
{
    switch (info.type) {
    case ParamType::Count: {
        const Expected<double> n = parseWholeNumber(value);
        if (!n)
            return Expected<ParamValue>::failure(std::string(info.name) + ": " + n.error());
        return ParamValue(*n);
    }
    case ParamType::Real: {
        const std::optional<ParsedQuantity> q = parseQuantity(value);
        if (!q || q->unit != Unit::None)
            return Expected<ParamValue>::failure(std::string(info.name)
                + ": expected a plain number (an SI prefix allowed, no unit), found " + quoteInput(value));
        return ParamValue(q->value);
    }
    case ParamType::Dtype: {
        const std::optional<Dtype> d = parseDtype(value);
        if (!d)
            return Expected<ParamValue>::failure(
                std::string(info.name) + ": unknown dtype " + quoteInput(value) + " (expected " + dtypeChoices() + ")");
        return ParamValue(*d);
    }
    case ParamType::Memory:
    case ParamType::Link:
        break;
    }
    return ParamValue(value);
}

// Sets one parameter from its text form, checking names of memory levels and links against the chip.
std::optional<std::string> setFromText(
    OperationVariant& op, const ParamInfo& info, const std::string& value, const Hardware& hw)
{
    const Expected<ParamValue> typed = parseParamText(info, value);
    if (!typed)
        return typed.error();
    return setParamValue(op, info, *typed, hw);
}

// "B: expected a number" without its "B: ", for messages that name the field themselves.
std::string withoutField(const std::string& error)
{
    const std::size_t colon = error.find(": ");
    return colon == std::string::npos ? error : error.substr(colon + 2);
}

} // namespace roofline
