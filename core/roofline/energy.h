// SPDX-License-Identifier: GPL-3.0-or-later
// An operation's energy after Choi, Bedard, Fowler and Vuduc, "A roofline model of energy" (IPDPS 2013):
//
//     E = W·ε_flop + Σ_r Q_r·ε_r + π0·T
//
// W the operation's FLOPs (OPs) in its dtype, Q_r the bytes it moves across each memory level or link r, T its time
// (T_lower, the roofline's perfect overlap, as Choi's T = max(W·τ_flop, Q·τ_mem)), ε the chip's joules per FLOP of the
// dtype (energy_per_flop) and per byte of the level or link (energy_per_byte), π0 the power the chip draws whatever
// runs (power.constant). Beside it stands the energy at board power, P_board·T: no chip that keeps to its rating draws
// more, so it bounds the energy from above.
//
// Few chips have every constant published (no vendor states its joules per FLOP). The terms that are stated bound the
// energy from below, since the others are at least 0, so an operation's energy lies in a band: from its stated terms
// up to board power. The band closes to the model's figure when every constant it needs is stated.
#pragma once

#include "roofline/evaluate.h"
#include "roofline/hardware.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofline {

struct OperationEnergy {
    double compute = 0; // W·ε_flop, J; 0 when the dtype's energy is not stated
    double data = 0; // Σ Q_r·ε_r over the levels and links whose energy is stated, J
    double constant = 0; // π0·T, J; 0 when no constant power is stated
    double atBoardPower = 0; // P_board·T, J; 0 when the chip states no board power
    // The keys of the constants the model needs and the chip does not state, in the order of the terms:
    // "energy_per_flop.bf16", "energy_per_byte.HBM", "power.constant".
    std::vector<std::string> missing;

    // The stated terms: the energy when complete(), else a lower bound on it. 0 when nothing is stated.
    double model() const { return compute + data + constant; }
    bool complete() const { return missing.empty(); }
    // The stated terms spend more than the board's whole rating for the operation's time: a constant is likely too
    // large (or π0 above the board power), for no chip within its rating draws more.
    bool exceedsBoardPower() const { return atBoardPower > 0 && model() > atBoardPower; }
};

OperationEnergy operationEnergy(const Hardware&, const Evaluation&);

// The energy roofline of one dtype across one memory level or link: the FLOPs per joule of an operation at intensity
// I that moves its bytes across that level alone and runs at the roofline's time, P and B the practical peak and
// bandwidth (the datasheet's times the efficiency factors), as operations' times are:
//
//     W/E = 1 / (ε_flop + ε_r/I + π0·max(1/P, 1/(I·B)))
//
// Choi's "arch": I/(ε_r + π0/B) far left, the ceiling 1/(ε_flop + π0/P) far right, smooth but for a kink at the time
// ridge P/B where π0's term turns flat. With a constant not stated (0 here) the curve bounds the efficiency from above.
struct EnergyRoof {
    double perFlop = 0; // ε_flop, J per FLOP; 0: not stated
    double perByte = 0; // ε_r, J per byte; 0: not stated
    double constantPower = 0; // π0, W; 0: not stated
    double peak = 0; // P, FLOP/s
    double bandwidth = 0; // B, bytes/s

    double flopsPerJouleAt(double intensity) const;
    // The limit far right, 1/(ε_flop + π0/P); +inf when neither is stated.
    double ceiling() const;
    // Choi's energy balance B_ε = ε_r/ε_flop: the intensity where the bytes cost as much energy as the FLOPs; 0 when
    // either energy is not stated.
    double balance() const;
};

// The roof of the dtype across a level or link (by name, "" for the main memory) on this chip, with the constants
// it states; nothing when the chip lacks the dtype's peak or the level.
std::optional<EnergyRoof> energyRoof(const Hardware&, Dtype, std::string_view level = {});

// Whether the chip states any constant of the model: an energy per FLOP, per byte, or a constant power.
bool statesEnergyModel(const Hardware&);

// The time roofline at board power, min(P, B·I) / P_board: the FLOPs per joule of a chip that draws its whole rating,
// a lower bound on the efficiency of an operation at I that runs at the roofline's time (one held back by a launch
// floor or a link's latency takes longer, and lies below it).
constexpr double boardFlopsPerJoule(double intensity, double peak, double bandwidth, double boardPower)
{
    return attainableAt(intensity, peak, bandwidth) / boardPower;
}

} // namespace roofline
