// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/practical.h"

#include "base/units.h"

#include <cstdio>

namespace roofline {

namespace {

// Every efficiency factor below 1 as (key after "efficiency.", factor), compute first, then memories and links.
std::vector<std::pair<std::string, double>> factorsBelowOne(const Hardware& hw)
{
    std::vector<std::pair<std::string, double>> out;
    if (hw.computeEfficiency < 1)
        out.emplace_back("compute", hw.computeEfficiency);
    for (const MemoryLevel& m : hw.memories)
        if (m.efficiency < 1)
            out.emplace_back(m.name, m.efficiency);
    for (const Link& l : hw.links)
        if (l.efficiency < 1)
            out.emplace_back(l.name, l.efficiency);
    return out;
}

} // namespace

std::string plainFactor(double factor)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.3g", factor);
    return buffer;
}

bool hasEfficiencies(const Hardware& hw)
{
    return !factorsBelowOne(hw).empty();
}

void writePracticalHardware(JsonWriter& j, const Hardware& hw)
{
    if (hasEfficiencies(hw)) {
        j.key("efficiency").beginObject();
        for (const auto& [name, factor] : factorsBelowOne(hw))
            j.key(name).value(factor);
        j.endObject();
    }
    if (hw.latency) {
        j.key("latency").beginObject();
        j.key("launch_floor_s").value(hw.launchFloor);
        j.key("alpha_s").beginObject();
        for (const Link& l : hw.links)
            j.key(l.name).value(l.latency);
        j.endObject();
        j.endObject();
    }
}

void writePracticalOperation(JsonWriter& j, const Hardware& hw, const Evaluation& e)
{
    if (e.computeEfficiency < 1)
        j.key("compute_efficiency").value(e.computeEfficiency);
    if (hw.latency) {
        j.key("t_launch_s").value(e.tLaunch);
        j.key("t_latency_s").value(e.tLatency);
    }
}

void writePracticalResource(JsonWriter& j, const Hardware& hw, const ResourceUse& use)
{
    if (use.efficiency < 1)
        j.key("efficiency").value(use.efficiency);
    if (hw.latency && use.kind == RoofKind::Network)
        j.key("latency_s").value(use.latency);
}

std::string practicalText(const Hardware& hw)
{
    std::string out;
    const auto factors = factorsBelowOne(hw);
    if (!factors.empty()) {
        out += "Efficiency (times use the practical roofs, the datasheet's figures times these):";
        for (const auto& [name, factor] : factors)
            out += "  " + name + " " + plainFactor(factor);
        out += "\n";
    }
    if (hw.latency) {
        out += "Latency on: every operation takes at least the launch floor " + formatSeconds(hw.launchFloor)
            + "; collectives add α per message step:";
        for (const Link& l : hw.links)
            out += "  " + l.name + " " + formatSeconds(l.latency);
        out += "\n";
    }
    return out;
}

} // namespace roofline
