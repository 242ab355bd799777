// SPDX-License-Identifier: GPL-3.0-or-later
// Geometry of the energy roofline (roofline/energy.h): FLOPs per joule against arithmetic intensity, in data
// coordinates. The curves of the energy model where the chip states any of its constants, the time roofline at board
// power beneath them, and each operation's band between the two. Plain numbers: the energy view draws exactly these.
#pragma once

#include "chart/chart.h"
#include "roofline/energy.h"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace roofline::chart {

// The model's roof across one memory level or link, sampled across the axes.
struct EnergyCurve {
    RoofKind kind = RoofKind::Memory; // Memory or Network
    std::string name; // the level or link: "HBM"
    EnergyRoof roof;
    // Every constant of the curve stated (ε_flop, the level's ε, π0): the model's roof. Otherwise an upper bound on
    // the FLOPs per joule, drawn dashed.
    bool complete = false;
    std::vector<Point> points; // left to right across the axes, the time ridge among them
};

// One operation: its band of FLOPs per joule at the intensity across its binding resource (bindingResource).
struct EnergyMarker {
    std::size_t operation = 0; // index into the evaluations given to energyLayout()
    double intensity = 0; // FLOPs per byte
    // FLOPs per joule at the stated terms of the model: its figure when complete, else an upper bound. 0 when the
    // chip states none of them.
    double model = 0;
    double board = 0; // FLOPs per joule at board power, a lower bound; 0 when the chip states no board power
    bool complete = false;
    OperationEnergy energy; // the joules behind both
};

struct EnergyLayout {
    Axes axes; // x: FLOPs per byte, y: FLOPs per joule
    Axes natural; // what the content asks for: axes, unless they were held
    // The main memory's curve first (when the chip states any constant the model needs there), then each other level
    // and link with an energy per byte of its own.
    std::vector<EnergyCurve> curves;
    std::vector<Point> board; // the main memory's time roofline at board power; empty without a board power
    double boardPower = 0; // W
    double peak = 0; // the main memory's time roofline: the dtype's peak (FLOP/s) and the bandwidth (B/s)
    double bandwidth = 0;
    double ceiling = 0; // the main memory curve's limit far right, 1/(ε_flop + π0/P); 0 when neither is stated
    double balance = 0; // Choi's energy balance of the main memory, ε_HBM/ε_flop; 0 unless both are stated
    double ridge = 0; // the time ridge of the main memory, P/B, FLOPs per byte
    std::vector<EnergyMarker> markers; // operations with FLOPs and bytes, in the order given
    // The constants the curves and the operations need and the chip does not state, each once, in the order met:
    // "energy_per_flop.bf16", "energy_per_byte.HBM", "power.constant".
    std::vector<std::string> missing;

    // Whether there is anything to draw: a curve, a board-power roofline, or an operation with a figure.
    bool empty() const { return curves.empty() && board.empty() && markers.empty(); }
};

// `evaluations` are the visible operations' on the chip (null where one cannot run: no marker). With `held`, the axes
// are those whatever the content (curves are sampled across them), as the roofline holds its axes while a slider is
// dragged.
EnergyLayout energyLayout(const Hardware&, Dtype, std::span<const Evaluation* const> evaluations,
    const std::optional<Axes>& held = std::nullopt);

// One chip of a chart of several (the session's, then the chips compared with it): its hardware, the dtype it is
// drawn in and its evaluations of the visible operations (null where one cannot run on it).
struct EnergyChip {
    const Hardware* hardware = nullptr;
    Dtype dtype = Dtype::bf16;
    std::span<const Evaluation* const> evaluations;
};

// The layouts of several chips in one frame, in the order given: each as energyLayout lays it out, across axes that
// hold every chip's content (the union of their natural axes, which each layout's `natural` then is), or `held`. A
// chip with nothing to draw has the frame too, when another has something.
std::vector<EnergyLayout> energyLayouts(
    std::span<const EnergyChip> chips, const std::optional<Axes>& held = std::nullopt);

} // namespace roofline::chart
