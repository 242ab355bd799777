// SPDX-License-Identifier: GPL-3.0-or-later
// A chip as the roofline sees it: dense peaks per dtype, memory levels and links, each with a one-way bandwidth.
#pragma once

#include "base/expected.h"
#include "base/units.h"
#include "roofline/dtype.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace roofline {

// Where a link reaches: the same node (NVLink, xGMI), other nodes (InfiniBand, Ethernet), the same TPU pod (ICI),
// other pods (DCN), or the host CPU (PCIe, C2C).
enum class LinkScope { IntraNode, InterNode, IntraPod, InterPod, Host };

std::string_view scopeName(LinkScope);
std::optional<LinkScope> parseScope(std::string_view);

// A memory level: HBM first, on-chip levels (L2, VMEM, SMEM) after it where their bandwidth is known.
struct MemoryLevel {
    std::string name; // short key used by operations and --set: "HBM", "L2", "VMEM"
    std::string label; // what a reader sees: "HBM3 80 GiB"
    double bandwidth = 0; // bytes/s
    double capacity = 0; // bytes; 0 when not stated
    double efficiency = 1; // the share of the bandwidth reached in practice (efficiency.NAME); 1: the datasheet's
    double energyPerByte = 0; // J per byte moved (energy_per_byte.NAME, the energy model's ε); 0: not stated

    bool operator==(const MemoryLevel&) const = default;
};

// A link between chips. Every bandwidth in Roofline Lab is bytes/s in one direction.
struct Link {
    std::string name; // short key: "NVLink", "IB", "ICI", "DCN", "PCIe"
    std::string label; // "NVLink 4 (18 links × 25 GB/s)"
    double bandwidth = 0; // bytes/s, one direction
    LinkScope scope = LinkScope::IntraNode;
    bool specifiedInBits = false; // shown as "400 Gb/s" rather than "50 GB/s"
    double latency = 0; // α, seconds per message step of a collective (the preset's cited figure); 0: not stated
    double efficiency = 1; // the share of the bandwidth reached in practice (efficiency.NAME)
    double energyPerByte = 0; // J per byte sent (energy_per_byte.NAME, the energy model's ε); 0: not stated

    bool operator==(const Link&) const = default;
};

struct Hardware {
    std::string id; // "h100-sxm"
    std::string name; // "NVIDIA H100 SXM"
    std::string vendor; // "NVIDIA"
    std::array<std::optional<double>, kDtypeCount> peak {}; // dense FLOP/s (OP/s for integers); empty: not supported
    std::vector<MemoryLevel> memories; // memories[0] is the main memory operations read by default
    std::vector<Link> links;
    std::vector<std::string> sources;
    std::string notes;
    double launchFloor = 0; // seconds: the least time any one kernel takes (launch_floor); 0: not stated
    double computeEfficiency = 1; // the share of every compute peak reached in practice (efficiency.compute)
    // Hz: the clock the compute peaks are stated at (peak_clock), where the datasheet's figures say it: a kernel timed
    // at another clock had another compute roof. 0: the preset does not state it.
    double peakClock = 0;
    // Watts: the board's rated power as its datasheet gives it (board_power, power.board: NVIDIA's TDP, AMD's total
    // board power), which the program takes as every chip's draw while it works: energy at it is an upper bound. 0:
    // the preset does not state it (Google publishes none for its TPUs).
    double boardPower = 0;
    // The energy model (roofline/energy.h), after Choi et al.: joules per operation of each dtype (energy_per_flop,
    // ε_flop; empty: not stated) and the constant power drawn whatever runs (constant_power, π0, W; 0: not stated).
    // The energy per byte of each level and link is theirs.
    std::array<std::optional<double>, kDtypeCount> energyPerFlop {};
    double constantPower = 0;
    // The user's price of one chip for one hour (price.hour), in whatever currency they think in; 0: none given. No
    // preset ships a price.
    double pricePerHour = 0;
    // The session's latency switch (Session::latency), copied in by Session::hardware(): with it on, every
    // operation takes at least the launch floor and every link adds α per message step. Off reproduces the texts.
    bool latency = false;

    std::optional<double> peakFor(Dtype d) const { return peak[static_cast<std::size_t>(d)]; }
    void setPeak(Dtype d, std::optional<double> v) { peak[static_cast<std::size_t>(d)] = v; }
    std::optional<double> energyFor(Dtype d) const { return energyPerFlop[static_cast<std::size_t>(d)]; }
    const MemoryLevel* memory(std::string_view name) const;
    const Link* link(std::string_view name) const;
    // The dtype the chart opens with: bf16 where the chip has it, else the first supported one.
    Dtype defaultDtype() const;

    bool operator==(const Hardware&) const = default;
};

// The chip's name without its vendor's ("H100 SXM" for "NVIDIA H100 SXM", "TPU v5e" for "Google TPU v5e"), where
// room is short; the name itself when it does not begin with the vendor's.
std::string shortChipName(const Hardware&);
// The dtypes the chip has a peak for, as messages list them: "fp32, tf32, bf16, fp16, fp8, int8"; empty for none.
std::string peakDtypeNames(const Hardware&);

// One roof of the chart: the flat compute roof of a dtype, or a sloped roof of a memory level or link.
enum class RoofKind { Compute, Memory, Network };

struct Roof {
    RoofKind kind = RoofKind::Compute;
    std::string name; // "bf16", "HBM", "ICI"
    double value = 0; // FLOP/s for compute, bytes/s for bandwidth roofs
};

// Ridge point of a bandwidth roof under a compute peak: the intensity (FLOPs/byte) at which they meet.
constexpr double ridgeIntensity(double peakFlopsPerSecond, double bytesPerSecond)
{
    return peakFlopsPerSecond / bytesPerSecond;
}

// The sloped roofs of a chip, memories first, in the order the preset lists them.
std::vector<Roof> bandwidthRoofs(const Hardware&);
// A sloped roof's bandwidth as the chip's sources give it: in bits per second for a link specified so ("400 Gb/s"),
// in bytes per second otherwise ("3.35 TB/s").
std::string formatRoofBandwidth(const Hardware&, RoofKind, std::string_view name, double bytesPerSecond);

// What a number of the hardware measures: a dense compute peak, a one-way bandwidth, or a memory capacity. Each has
// its units and its legal range, the same wherever the number comes from (a preset, a scenario's set: block, --set,
// a field of the window).
enum class HardwareQuantity { Peak, Bandwidth, Capacity, Efficiency, Latency, Power, Price, FlopEnergy, ByteEnergy };

// Peaks and bandwidths: from 1 kFLOP/s (kB/s), below any processor or link worth a roofline, to 1e20, a hundred
// times a whole pod of today's chips taken as one; within it every ridge point and every time the program computes
// from counts up to 2^53 stays a finite double far from overflow and underflow.
inline constexpr double kMinRate = 1e3;
inline constexpr double kMaxRate = 1e20;
// Capacities: from 1 kB, below the smallest on-chip scratchpad, to 1e18 B (an exabyte), a thousand times the memory
// of the largest machine built; a capacity is left out of a preset when it is not known, never written as 0.
inline constexpr double kMinCapacity = 1e3;
inline constexpr double kMaxCapacity = 1e18;
// Efficiency factors: the share of a peak or bandwidth reached in practice, from 1% (below which a resource is
// broken rather than slow) to 1, the datasheet's figure and the ideal roofline of the texts.
inline constexpr double kMinEfficiency = 0.01;
inline constexpr double kMaxEfficiency = 1;
// Latencies (a link's α, the launch floor): from 0 (none) to 0.1 s, above any network round trip a collective
// makes; times stay finite for every count.
inline constexpr double kMinLatency = 0;
inline constexpr double kMaxLatency = 0.1;
// Board power and the energy model's constant power: from 1 W, below any accelerator worth a roofline, to 100 kW, a
// whole rack's.
inline constexpr double kMinPower = 1;
inline constexpr double kMaxPower = 1e5;
// The energy model's joules per operation or per byte: from 1e-16 J (0.1 fJ), a hundredth of an 8-bit add at 45 nm
// (Horowitz, ISSCC 2014: 0.03 pJ), to 1e-6 J (1 µJ), a thousand times the 795 pJ per byte Choi et al. fitted for a
// 2009 CPU's DRAM.
inline constexpr double kMinEnergy = 1e-16;
inline constexpr double kMaxEnergy = 1e-6;
// A price per chip-hour: from 0.0001, a hundredth of a cent, to a million, in the user's currency.
inline constexpr double kMinPrice = 1e-4;
inline constexpr double kMaxPrice = 1e6;
// The clock of a chip's peaks: from 1 MHz to 100 GHz, as a measured kernel's clock.
inline constexpr double kMinPeakClock = 1e6;
inline constexpr double kMaxPeakClock = 1e11;

// The quantity behind a key of setHardwareValue by its group ("peak.", "bandwidth.", "capacity.", "efficiency.",
// "latency."), or nothing.
std::optional<HardwareQuantity> quantityOfKey(std::string_view key);
// "a compute peak in FLOP/s", for messages.
std::string_view describeQuantity(HardwareQuantity);
// Why `value` is not legal for the quantity ("expected a bandwidth from 1e3 to 1e20 B/s ..."), or nothing.
std::optional<std::string> checkHardwareValue(HardwareQuantity, double value);
// Parses what a user wrote for a number of the hardware: a number with an optional SI prefix and a unit that fits the
// quantity (FLOP/s or OP/s for peaks; B/s or b/s for bandwidths; B for capacities; a bare number for any), inside
// its range; an efficiency factor is a plain decimal number, without an SI prefix ("800m" is refused). A bit rate is
// not a peak, a FLOP/s figure not a bandwidth, seconds or a rate not a capacity.
Expected<ParsedQuantity> parseHardwareValue(HardwareQuantity, std::string_view text);

// Overrides a number of the hardware by key, the same keys the command line's --set and scenario files take:
// "peak.bf16", "bandwidth.HBM", "bandwidth.ICI", "capacity.HBM", "efficiency.compute", "efficiency.HBM" (a memory
// level or link), "latency.NVLink" (a link's α), "latency.launch" (the launch floor), "power.board" (W), "price.hour"
// (per chip-hour), and the energy model's "energy_per_flop.bf16", "energy_per_byte.HBM" (J) and "power.constant" (W).
// Returns an error message, or nothing on success.
std::optional<std::string> setHardwareValue(Hardware&, std::string_view key, double value);
// Why `key` names no number of `hw` (an unknown group, a dtype, memory level or link the chip does not have), or
// nothing: checked before the value, so that a wrong key is named as such whatever the value.
std::optional<std::string> hardwareKeyProblem(const Hardware&, std::string_view key);
// The number behind a key of setHardwareValue, or nothing when the hardware has none there.
std::optional<double> hardwareValue(const Hardware&, std::string_view key);
// Every key setHardwareValue accepts for this hardware.
std::vector<std::string> hardwareKeys(const Hardware&);

} // namespace roofline
