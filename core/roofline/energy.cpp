// SPDX-License-Identifier: GPL-3.0-or-later
#include "roofline/energy.h"

#include <algorithm>
#include <limits>

namespace roofline {

OperationEnergy operationEnergy(const Hardware& hw, const Evaluation& e)
{
    OperationEnergy energy;
    if (const std::optional<double> perFlop = hw.energyFor(e.dtype))
        energy.compute = e.flops * *perFlop;
    else if (e.flops > 0)
        energy.missing.push_back("energy_per_flop." + std::string(dtypeName(e.dtype)));
    for (const ResourceUse& r : e.resources) {
        const MemoryLevel* level = r.kind == RoofKind::Memory ? hw.memory(r.name) : nullptr;
        const Link* link = r.kind == RoofKind::Network ? hw.link(r.name) : nullptr;
        const double perByte = level ? level->energyPerByte : link ? link->energyPerByte : 0;
        if (perByte > 0)
            energy.data += r.bytes * perByte;
        else if (r.bytes > 0)
            energy.missing.push_back("energy_per_byte." + r.name);
    }
    if (hw.constantPower > 0)
        energy.constant = hw.constantPower * e.tLower;
    else
        energy.missing.push_back("power.constant");
    if (hw.boardPower > 0)
        energy.atBoardPower = hw.boardPower * e.tLower;
    return energy;
}

double EnergyRoof::flopsPerJouleAt(double intensity) const
{
    const double constantPerFlop = constantPower * std::max(1 / peak, 1 / (intensity * bandwidth));
    return 1 / (perFlop + perByte / intensity + constantPerFlop);
}

double EnergyRoof::ceiling() const
{
    const double perFlopAtPeak = perFlop + constantPower / peak;
    return perFlopAtPeak > 0 ? 1 / perFlopAtPeak : std::numeric_limits<double>::infinity();
}

double EnergyRoof::balance() const
{
    return perFlop > 0 && perByte > 0 ? perByte / perFlop : 0;
}

std::optional<EnergyRoof> energyRoof(const Hardware& hw, Dtype dtype, std::string_view level)
{
    const std::optional<double> peak = hw.peakFor(dtype);
    if (!peak)
        return std::nullopt;
    EnergyRoof roof;
    roof.perFlop = hw.energyFor(dtype).value_or(0);
    roof.constantPower = hw.constantPower;
    roof.peak = *peak * hw.computeEfficiency;
    if (const MemoryLevel* m = hw.memory(level)) {
        roof.perByte = m->energyPerByte;
        roof.bandwidth = m->bandwidth * m->efficiency;
    } else if (const Link* l = level.empty() ? nullptr : hw.link(level)) {
        roof.perByte = l->energyPerByte;
        roof.bandwidth = l->bandwidth * l->efficiency;
    } else {
        return std::nullopt;
    }
    return roof;
}

bool statesEnergyModel(const Hardware& hw)
{
    return hw.constantPower > 0
        || std::any_of(hw.energyPerFlop.begin(), hw.energyPerFlop.end(), [](const auto& e) { return e.has_value(); })
        || std::any_of(hw.memories.begin(), hw.memories.end(), [](const auto& m) { return m.energyPerByte > 0; })
        || std::any_of(hw.links.begin(), hw.links.end(), [](const auto& l) { return l.energyPerByte > 0; });
}

} // namespace roofline
