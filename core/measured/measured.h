// SPDX-License-Identifier: GPL-3.0-or-later
// Measured kernels and measured ceilings, as read from profiler exports and plain files. Reading is separate from
// placing on a chip (measured/placement.h): what a file says does not change when the hardware sliders move.
#pragma once

#include "base/diagnostic.h"
#include "base/expected.h"
#include "base/file_reader.h"
#include "base/shared_name.h"
#include "measured/kernels.h"
#include "roofline/dtype.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace roofline {

// The ranges a measured figure must lie in (docs/file-formats.md). A row holding one outside them is skipped with its
// line and column (a JSON file is refused), so that every figure the report derives from them (an intensity, a rate,
// a fraction of a roof, a ratio to the model) is a finite number.
inline constexpr double kMinKernelSeconds = 1e-9; // 1 ns: below the resolution of any profiler's clock
inline constexpr double kMaxKernelSeconds = 1e6; // 11.6 days
inline constexpr double kMinKernelCount = 1; // FLOPs or bytes, when not 0: less than one is no count
inline constexpr double kMaxKernelCount = 1e24; // FLOPs or bytes of one kernel: a zettaFLOP machine for 1,000 s
inline constexpr double kMinClockHz = 1e6; // an SM clock: 1 MHz
inline constexpr double kMaxClockHz = 1e11; // 100 GHz
// A set holds at most this many kernels: what the memory bound of docs/file-formats.md is stated for.
inline constexpr std::size_t kMaxMeasuredKernels = std::size_t(1) << 20;

enum class MeasuredQuantity { Seconds, Count, Clock };
// Why `value` is outside the range of `quantity`, or nothing when it is within it (a count of 0 is).
std::optional<std::string> measuredRangeProblem(MeasuredQuantity quantity, double value);

enum class MeasuredFormat { NcuRaw, PlainCsv, PlainJson, RocprofRoofline };
std::string_view formatName(MeasuredFormat); // "ncu-raw", "csv", "json", "rocprof-roofline"

// A peak measured on a device: a bandwidth (bytes/s) of a memory level or a compute rate (FLOP/s) of a precision.
struct MeasuredCeiling {
    std::string name; // "HBM", "L2", "L1", "LDS", "fp32", "fp64", "bf16", "fp16", "int8"
    bool compute = false;
    double value = 0;
    std::string source; // "MFMAF16Flops" (the file's column), or the kernel that reached it
    int line = 0; // the file's line that gives it
};

struct MeasuredSet {
    std::string file;
    MeasuredFormat format = MeasuredFormat::PlainCsv;
    MeasuredKernels kernels;
    std::vector<MeasuredCeiling> ceilings; // a measured-peaks file's first device
    std::string device; // its device column
    int rowsRead = 0; // data rows seen, kernels and skipped ones
    Diagnostics skipped; // rows left out, each with its line, column and reason
    Diagnostics warnings; // what was read but may not mean what the file intends, each with its line and column
};

// How a plain CSV's columns map to the fields: "name=op+params,group=op,flops=flops,bytes=bytes,seconds=t_median_s,
// params=params,where=cold:1". Fields: name (columns joined by '+' are joined with a space), group, flops, bytes or
// bytes.LEVEL, seconds, dtype, params (a column of "K=V K=V"), where=COLUMN:VALUE keeps only rows with that value.
struct ColumnMapping {
    std::vector<std::pair<std::string, std::string>> fields; // field -> column(s), in the order given
    std::vector<std::pair<std::string, std::string>> where; // column -> the value a kept row holds
};
Expected<ColumnMapping> parseColumnMapping(std::string_view text);

// "matmul_bf16*=op3": kernels whose names match the pattern (shell wildcards * ? [..]) are compared with operation op3.
struct LinkRule {
    std::string pattern;
    std::string operationId;

    bool operator==(const LinkRule&) const = default;
};

// A scenario's measured data: the file (relative to the scenario's folder; "embedded:measured/NAME" for one built into
// the program), how to read it, and which kernels compare with which of the scenario's operations.
struct MeasuredSource {
    std::string file;
    std::string format; // a format hint ("ncu", "csv", ...); empty: detected
    std::string columns; // a column mapping (see ColumnMapping); empty: the plain format's own names
    std::vector<LinkRule> links;

    bool operator==(const MeasuredSource&) const = default;
};

// Format hints a user gives: "ncu", "csv", "json", "rocprof-roofline"; or nothing to detect from the contents.
std::optional<MeasuredFormat> parseFormatHint(std::string_view hint);

// A measured file is a regular file (not a FIFO, a device or a directory) of at most kMaxMeasuredFileBytes, and one in
// JSON at most kMaxFileBytes: JSON is read whole, CSV a record at a time.
inline constexpr std::size_t kMaxMeasuredFileBytes = std::size_t(1) << 30;

// Reads a measured file. With no hint the format is chosen from its first bytes and header. Fails with located
// diagnostics when nothing could be read; rows that could not be read and were skipped are in `skipped`.
Expected<MeasuredSet, Diagnostics> readMeasured(
    const std::string& path, std::optional<MeasuredFormat> hint = {}, const ColumnMapping* mapping = nullptr);
// The same from a file already open (standard input for `import -`), within the file's limit; `name` names it.
Expected<MeasuredSet, Diagnostics> readMeasured(InputFile file, const std::string& name,
    std::optional<MeasuredFormat> hint = {}, const ColumnMapping* mapping = nullptr);
// The same from text in memory (tests, fuzzing); `name` names it in messages.
Expected<MeasuredSet, Diagnostics> parseMeasured(std::string_view text, const std::string& name,
    std::optional<MeasuredFormat> hint = {}, const ColumnMapping* mapping = nullptr);

class CsvReader;
// The readers behind readMeasured, each from an open CSV reader positioned at the file's start.
Expected<MeasuredSet, Diagnostics> readNcuRaw(CsvReader&, const std::string& name);
Expected<MeasuredSet, Diagnostics> readPlainCsv(CsvReader&, const std::string& name, const ColumnMapping* mapping);
Expected<MeasuredSet, Diagnostics> readPlainJson(std::string_view text, const std::string& name);
Expected<MeasuredSet, Diagnostics> readRocprofRoofline(CsvReader&, const std::string& name);

// Fills a kernel's total FLOPs and dtype from its byPrecision list, largest first. Says which figure is out of its
// range (its total FLOPs, its time, its clock or the bytes at a level), or nothing when each is within it: counters
// within range may sum past it, or past the largest double.
[[nodiscard]] std::optional<std::string> settlePrecisions(KernelRow&);

} // namespace roofline
