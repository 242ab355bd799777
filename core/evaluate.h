// What an operation costs on a chip: times per resource, the bounds on its run time and the roof that holds it down.
#pragma once

#include "expected.h"
#include "hardware.h"
#include "operations.h"

#include <string>
#include <vector>

namespace roofline {

// One memory level or link an operation touches, resolved against a chip.
struct ResourceUse {
    RoofKind kind = RoofKind::Memory; // Memory or Network
    std::string name; // the resolved name: "HBM", "ICI"
    double bandwidth = 0; // bytes/s
    double bytes = 0;
    double intensity = 0; // FLOPs per byte across this resource; +inf when no bytes move
    double time = 0; // bytes / bandwidth, seconds
};

struct Evaluation {
    Dtype dtype = Dtype::bf16; // the compute dtype
    double peak = 0; // its peak, FLOP/s
    double flops = 0;
    double tMath = 0; // flops / peak
    double tComms = 0; // the longest resource time, 0 when none
    double tLower = 0; // max(tMath, every resource time): perfect overlap
    double tUpper = 0; // tMath + every resource time: no overlap
    std::vector<ResourceUse> resources;
    int boundIndex = -1; // -1 when compute-bound, else the index of the binding resource
    double attainable = 0; // flops / tLower, FLOP/s
    double fractionOfPeak = 0; // attainable / peak
    std::vector<Extra> extras;

    bool computeBound() const { return boundIndex < 0; }
    // "compute", or the binding resource's name.
    std::string bound() const { return boundIndex < 0 ? std::string("compute") : resources[boundIndex].name; }
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
