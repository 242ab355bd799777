// SPDX-License-Identifier: GPL-3.0-or-later
// Reads one measured file as `roofline-lab import` does and prints the seconds the read took and what it read:
//   bench_measured FILE [ncu|csv|json|rocprof-roofline]
// bench/measured_reader.py runs it beside pandas.read_csv on the same file under /usr/bin/time -v.
#include "measured/measured.h"

#include <chrono>
#include <cstdio>
#include <string>

using namespace roofline;

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_measured FILE [ncu|csv|json|rocprof-roofline]\n");
        return 2;
    }
    const std::optional<MeasuredFormat> hint = argc > 2 ? parseFormatHint(argv[2]) : std::nullopt;
    const auto start = std::chrono::steady_clock::now();
    const Expected<MeasuredSet, Diagnostics> set = readMeasured(argv[1], hint);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!set) {
        std::fprintf(stderr, "%s", toString(set.error()).c_str());
        return 1;
    }
    double flops = 0;
    for (const MeasuredKernel& k : set->kernels)
        flops += k.flops;
    std::printf("{\"seconds\": %.6f, \"kernels\": %zu, \"skipped\": %zu, \"flops\": %.6e}\n", seconds,
        set->kernels.size(), set->skipped.size(), flops);
    return 0;
}
