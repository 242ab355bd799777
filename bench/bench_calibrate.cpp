// SPDX-License-Identifier: GPL-3.0-or-later
// The cost of `calibrate`'s fit and its cross-validation, at the shipped sweep's 151 kernels and at many copies of
// them (each copy's times scaled by a fixed pseudo-random factor within ±5 %, so that no two kernels are alike):
//   bench_calibrate SWEEP.csv [KERNELS...]
// Prints the median of 5 runs at each size, in milliseconds, and the fit's cross-validated error.
#include "files/presets.h"
#include "measured/calibration.h"
#include "session/analysis.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

using namespace roofline;

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_calibrate SWEEP.csv [KERNELS...]\n");
        return 2;
    }
    const Expected<ColumnMapping> mapping = parseColumnMapping(
        "name=op+params,group=op,flops=flops,bytes=bytes,seconds=t_median_s,dtype=in:op,where=cold:1");
    const Expected<MeasuredSet, Diagnostics> sweep = readMeasured(argv[1], MeasuredFormat::PlainCsv, &*mapping);
    if (!sweep) {
        std::fprintf(stderr, "%s", toString(sweep.error()).c_str());
        return 1;
    }
    const PresetLibrary library = loadPresetLibrary({});
    const Hardware& h100 = *library.find("h100-sxm");
    std::vector<std::size_t> sizes;
    for (int i = 2; i < argc; ++i)
        sizes.push_back(std::strtoull(argv[i], nullptr, 10));
    if (sizes.empty())
        sizes = { sweep->kernels.size(), 10000, 100000 };
    for (const std::size_t size : sizes) {
        MeasuredSet set;
        set.file = "bench";
        unsigned seed = 12345;
        for (std::size_t i = 0; i < size; ++i) {
            const MeasuredKernel k = sweep->kernels[i % sweep->kernels.size()];
            seed = seed * 1103515245u + 12345u;
            KernelRow row;
            row.name = std::string(k.name) + " #" + std::to_string(i / sweep->kernels.size());
            row.group = std::string(k.group);
            row.line = int(i) + 2;
            row.dtype = k.dtype;
            row.flops = k.flops;
            row.byPrecision.assign(k.byPrecision.begin(), k.byPrecision.end());
            row.bytes.assign(k.bytes.begin(), k.bytes.end());
            row.seconds
                = k.seconds * (i < sweep->kernels.size() ? 1 : 0.95 + 0.1 * double(seed >> 16 & 0x7fff) / 32767);
            set.kernels.push_back(row);
        }
        const MeasuredSet* sets[] = { &set };
        std::vector<double> ms;
        Expected<Calibration, Diagnostics> cal = Expected<Calibration, Diagnostics>::failure({});
        for (int run = 0; run < 5; ++run) {
            const auto start = std::chrono::steady_clock::now();
            cal = fitCalibration(sets, h100);
            ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
        }
        if (!cal) {
            std::fprintf(stderr, "%s", toString(cal.error()).c_str());
            return 1;
        }
        std::sort(ms.begin(), ms.end());
        // A slider step's analysis of the same kernels on the chip, without and with the calibration: what
        // predicting each kernel adds to a step.
        Session session;
        session.presetId = h100.id;
        session.chip = h100;
        auto shared = std::make_shared<const MeasuredSet>(std::move(set));
        std::vector<double> plain, calibrated;
        for (int run = 0; run < 11; ++run)
            for (const bool with : { false, true }) {
                session.calibration.reset();
                if (with)
                    session.calibration = SessionCalibration { "bench", std::make_shared<const Calibration>(*cal) };
                const auto start = std::chrono::steady_clock::now();
                const Analysis a = analyse(session, shared);
                (with ? calibrated : plain)
                    .push_back(
                        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
            }
        std::sort(plain.begin(), plain.end());
        std::sort(calibrated.begin(), calibrated.end());
        std::printf(
            "{\"kernels\": %zu, \"step_ms\": %.3f, \"step_calibrated_ms\": %.3f}\n", size, plain[5], calibrated[5]);
        std::printf("{\"kernels\": %zu, \"median_ms\": %.3f, \"per_kernel_us\": %.3f, \"folds\": %d, "
                    "\"error_median\": %.4f, \"error_p90\": %.4f}\n",
            size, ms[2], ms[2] * 1e3 / double(size), cal->folds, cal->error.median, cal->error.p90);
    }
    return 0;
}
