// SPDX-License-Identifier: GPL-3.0-or-later
// Numbers as explanations write them, and a kind's cost formula (costFormula) with an operation's values put in:
// what the explanations' "with the current numbers" lines are made of.
#pragma once

#include "roofline/operations.h"

#include <optional>
#include <string>
#include <string_view>

namespace roofline {

// A kind's formula (costFormula) with the operation's values put in: "2·B·D·F" → "2·256·8192·8192". The parameter
// named `keep` stays a name, so that a threshold reads as a function of it.
std::string substituteFormula(std::string_view formula, const OperationVariant&, std::string_view keep = {});
// The value of a formula at the operation's values, or nothing when it does not parse: checks that a kind's formula
// says what its cost function computes.
std::optional<double> evaluateFormula(std::string_view formula, const OperationVariant&);

// "245.03", "19,780", "3.94e14": a number as explanations state it, precise enough to compare with the texts.
std::string exactNumber(double);
// A parameter's value inside a formula, exact: whole numbers in full up to ten million, no separators, and beyond in
// the short form where it is exact ("7e9"), else in full ("268435456").
std::string paramNumber(double);

} // namespace roofline
