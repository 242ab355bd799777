// SPDX-License-Identifier: GPL-3.0-or-later
// The report's practical sections: efficiency factors and latency floors, written only where a factor is below 1
// or the latency switch is on, so that the ideal roofline of the texts reports exactly as before.
#pragma once

#include "base/json.h"
#include "session/analysis.h"

#include <string>

namespace roofline {

// An efficiency factor as --set takes it: "0.83", never "830 m".
std::string plainFactor(double factor);
// Whether the hardware has an efficiency factor below 1.
bool hasEfficiencies(const Hardware&);
// Writes "efficiency" (the factors below 1, by key) and, with latency on, "latency" (launch floor and each link's α)
// into the open hardware object.
void writePracticalHardware(JsonWriter&, const Hardware&);
// Writes an operation's practical keys into its open object: "compute_efficiency" when below 1, and with latency on
// "t_launch_s" and "t_latency_s".
void writePracticalOperation(JsonWriter&, const Hardware&, const Evaluation&);
// Writes a resource's practical keys into its open object: "efficiency" when below 1, "latency_s" with latency on.
void writePracticalResource(JsonWriter&, const Hardware&, const ResourceUse&);
// Lines for the text report under the roofs: the factors below 1 and the latency floors, or nothing.
std::string practicalText(const Hardware&);

} // namespace roofline
