// SPDX-License-Identifier: GPL-3.0-or-later
// rocprof-compute's roofline.csv: one row per device with its measured peaks, bandwidths in GB/s and compute rates
// in GFLOP/s (GOP/s for int8), each with a Low and a High column beside it.
#include "base/csv_reader.h"
#include "base/units.h"
#include "measured/measured.h"
#include "measured/reading.h"
#include "roofline/hardware.h"

#include <array>

namespace roofline {

namespace {

struct PeakColumn {
    std::string_view column;
    std::string_view name;
    bool compute;
};

// The columns rocprof-compute writes (omniperf 1.x and rocprof-compute 3.x); the vector (non-MFMA) rates are named
// apart from the matrix ones, which are what a chip's datasheet peak for the dtype means.
constexpr std::array<PeakColumn, 13> kColumns { {
    { "HBMBw", "HBM", false },
    { "L2Bw", "L2", false },
    { "L1Bw", "L1", false },
    { "LDSBw", "LDS", false },
    { "FP32Flops", "fp32-vector", true },
    { "FP64Flops", "fp64-vector", true },
    { "MFMAF32Flops", "fp32", true },
    { "MFMAF64Flops", "fp64", true },
    { "MFMABF16Flops", "bf16", true },
    { "MFMAF16Flops", "fp16", true },
    { "MFMAF8Flops", "fp8", true },
    { "MFMAI8Ops", "int8", true },
    { "MFMAF6F4Flops", "fp4", true },
} };

} // namespace

Expected<MeasuredSet, Diagnostics> readRocprofRoofline(CsvReader& reader, const std::string& file)
{
    Expected<CsvHeader, Diagnostics> headerRead = readHeader(reader, file);
    if (!headerRead)
        return Expected<MeasuredSet, Diagnostics>::failure(headerRead.error());
    const CsvHeader header = std::move(headerRead).value();
    const int headerLine = reader.line();
    const int device = header.findIgnoringCase("device");
    std::vector<std::pair<const PeakColumn*, int>> found;
    for (const PeakColumn& c : kColumns)
        if (const int at = header.findIgnoringCase(c.column); at >= 0)
            found.emplace_back(&c, at);
    if (device < 0 || found.empty())
        return refuse(file, headerLine, {},
            "not a rocprof-compute roofline.csv: expected a 'device' column and peaks such as HBMBw, L2Bw, "
            "FP32Flops, MFMAF16Flops; the first column is "
                + printable(header.names.front()) + " (run `rocprof-compute profile --roof-only` to make one)");

    if (std::optional<Diagnostics> twice = repeatedColumn(header, "device", true, file, headerLine))
        return Expected<MeasuredSet, Diagnostics>::failure(std::move(*twice));
    for (const auto& [c, at] : found)
        if (std::optional<Diagnostics> twice = repeatedColumn(header, c->column, true, file, headerLine))
            return Expected<MeasuredSet, Diagnostics>::failure(std::move(*twice));

    MeasuredSet set;
    set.file = file;
    set.format = MeasuredFormat::RocprofRoofline;
    SkipLog skip(file);
    while (reader.next()) {
        const std::vector<std::string_view>& row = reader.fields();
        if (row.size() == 1 && row[0].empty())
            continue;
        ++set.rowsRead;
        if (row.size() != header.names.size()) {
            skip.add(reader.line(), {},
                "the row has " + std::to_string(row.size()) + " fields and the header "
                    + std::to_string(header.names.size()) + "; the device is skipped");
            continue;
        }
        if (!set.ceilings.empty())
            continue; // the first good device's peaks are the ceilings; the others are counted
        std::vector<MeasuredCeiling> ceilings;
        bool bad = false;
        for (const auto& [c, at] : found) {
            const std::optional<double> v = parseMeasuredNumber(row[at]);
            if (!v || !(*v > 0)) {
                skip.add(reader.line(), header.names[at],
                    "expected a positive number (GB/s or GFLOP/s), found " + quoteInput(row[at])
                        + "; the device is skipped");
                bad = true;
                break;
            }
            // A measured peak is a roof the model may take (--set): within the same range as the datasheet's.
            const HardwareQuantity quantity = c->compute ? HardwareQuantity::Peak : HardwareQuantity::Bandwidth;
            if (const std::optional<std::string> range = checkHardwareValue(quantity, *v * 1e9)) {
                skip.add(reader.line(), header.names[at],
                    quoteInput(row[at]) + " (in G) is out of range: " + *range + "; the device is skipped");
                bad = true;
                break;
            }
            ceilings.push_back({ std::string(c->name), c->compute, *v * 1e9, header.names[at], reader.line() });
        }
        if (bad)
            continue;
        set.ceilings = std::move(ceilings);
        set.device = printable(row[device]);
    }
    return finishRead(reader, skip, std::move(set), headerLine, "no device row could be read");
}

} // namespace roofline
