// SPDX-License-Identifier: GPL-3.0-or-later
// What an operation costs on a chip: times per resource, the bounds on its run time and the roof that holds it down.
#pragma once

#include "base/expected.h"
#include "roofline/hardware.h"
#include "roofline/operations.h"

#include <string>
#include <vector>

namespace roofline {

// One memory level or link an operation touches, resolved against a chip.
struct ResourceUse {
    RoofKind kind = RoofKind::Memory; // Memory or Network
    std::string name; // the resolved name: "HBM", "ICI"
    double bandwidth = 0; // bytes/s, the datasheet's
    double bytes = 0;
    double intensity = 0; // FLOPs per byte across this resource; +inf when no bytes move
    double time = 0; // latency + bytes / (bandwidth · efficiency), seconds
    double efficiency = 1; // the share of `bandwidth` reached in practice (efficiency.NAME)
    double latency = 0; // links with the latency switch on: α · message steps, seconds; 0 otherwise
};

// Latency composes as a floor, not as another term of the sums: a kernel launched behind others starts while they
// run, so its launch overlaps their work, yet it never takes less than the launch floor. With the switch on
//   T_lower = max(floor, T_math, every resource time)        T_upper = max(floor, T_math + every resource time)
// where a link's time already holds its α · steps (the messages of a collective go one after another, so α adds to
// the link's own bytes / bandwidth). With the switch off the floor and every α are 0 and both are the texts' bounds.
struct Evaluation {
    Dtype dtype = Dtype::bf16; // the compute dtype
    double peak = 0; // its peak, FLOP/s, the datasheet's
    double computeEfficiency = 1; // the share of `peak` reached in practice (efficiency.compute)
    double flops = 0;
    double tMath = 0; // flops / (peak · computeEfficiency)
    double tComms = 0; // the longest resource time, 0 when none
    double tLaunch = 0; // the launch floor when the latency switch is on, else 0
    double tLower = 0; // max(tLaunch, tMath, every resource time): perfect overlap
    double tUpper = 0; // max(tLaunch, tMath + every resource time): no overlap
    double tLatency = 0; // what latency adds to tLower: tLower − max(tMath, every resource's bytes / bandwidth)
    std::vector<ResourceUse> resources;
    // -1 when compute-bound, else the index of the binding resource. With the launch floor binding, the resource
    // (or compute) that would bind without it, so that the chart still knows which roof the operation sits under.
    int boundIndex = -1;
    // The floor binds (tLaunch is the longest term), or the binding link spends longer on α than on its bytes.
    bool latencyBound = false;
    double attainable = 0; // flops / tLower, FLOP/s
    double fractionOfPeak = 0; // attainable / peak
    std::vector<Extra> extras;

    double practicalPeak() const { return peak * computeEfficiency; }
    bool computeBound() const { return boundIndex < 0 && !latencyBound; }
    // "latency", "compute", or the binding resource's name.
    std::string bound() const
    {
        return latencyBound  ? std::string("latency")
            : boundIndex < 0 ? std::string("compute")
                             : resources[boundIndex].name;
    }
};

// Fails when a parameter is outside its legal range (see outOfRange) or the chip lacks the compute dtype or a memory
// level or link the operation names. Within the ranges every operation's memory traffic is positive and a link that
// carries nothing is left out, so the +inf intensity never reaches a report.
Expected<Evaluation> evaluate(const OperationVariant&, const Hardware&);

// Throughput at intensity I under one peak and one bandwidth: min(peak, bandwidth·I).
constexpr double attainableAt(double intensity, double peak, double bandwidth)
{
    return bandwidth * intensity < peak ? bandwidth * intensity : peak;
}

} // namespace roofline
