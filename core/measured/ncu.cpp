// SPDX-License-Identifier: GPL-3.0-or-later
// Nsight Compute's `--csv --page raw`: a header of metric names, a units row, one row per kernel.
#include "base/csv_reader.h"
#include "base/units.h"
#include "measured/measured.h"
#include "measured/reading.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>

namespace roofline {

namespace {

constexpr std::string_view kCollect
    = "profile with `ncu --csv --page raw --set full` (or add `--metrics` with the names above)";

// A capture of a program that launched no kernel, or whose kernels ncu's filters all left out: said as such, then
// what the file holds.
std::string profiledNothing(std::string_view holds)
{
    return "the capture profiled no kernel: " + std::string(holds)
        + "; did the program launch any on the GPU, or did ncu's filters (--kernel-name, --launch-skip, "
          "--launch-count) leave them all out?";
}

enum class UnitKind { Time, Frequency, ByteRate, Bytes, Count, PerCycle };

std::string_view expectedUnits(UnitKind kind)
{
    switch (kind) {
    case UnitKind::Time:
        return "a time: ns, us, ms or s";
    case UnitKind::Frequency:
        return "a frequency: hz, khz, mhz, ghz or cycle/second";
    case UnitKind::ByteRate:
        return "a byte rate: byte/s, Kbyte/s, Mbyte/s, Gbyte/s or Tbyte/s";
    case UnitKind::Bytes:
        return "bytes: byte, Kbyte, Mbyte, Gbyte or Tbyte";
    case UnitKind::Count:
        return "a count: empty, inst or an SI prefix";
    case UnitKind::PerCycle:
        return "a count per cycle: inst/cycle or empty";
    }
    return "";
}

std::string lower(std::string_view s)
{
    std::string out(s);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// The factor to SI base units (s, Hz, B/s, B, 1) of a unit Nsight Compute writes, or nothing when it is not one of
// `kind`. Its prefixes are decimal ("Kbyte" = 1000 bytes).
std::optional<double> unitScale(std::string_view text, UnitKind kind)
{
    const std::string u = lower(text);
    auto prefixed = [&](std::string_view base) -> std::optional<double> {
        static constexpr std::array<std::pair<std::string_view, double>, 6> prefixes { { { "", 1 }, { "k", 1e3 },
            { "m", 1e6 }, { "g", 1e9 }, { "t", 1e12 }, { "p", 1e15 } } };
        for (const auto& [p, f] : prefixes)
            if (u.size() == p.size() + base.size() && u.starts_with(p) && std::string_view(u).substr(p.size()) == base)
                return f;
        return std::nullopt;
    };
    switch (kind) {
    case UnitKind::Time:
        for (const auto& [name, f] :
            std::array<std::pair<std::string_view, double>, 8> { { { "ns", 1e-9 }, { "nsecond", 1e-9 }, { "us", 1e-6 },
                { "usecond", 1e-6 }, { "ms", 1e-3 }, { "msecond", 1e-3 }, { "s", 1 }, { "second", 1 } } })
            if (u == name)
                return f;
        return std::nullopt;
    case UnitKind::Frequency:
        if (auto f = prefixed("hz"))
            return f;
        for (const auto& [name, f] : std::array<std::pair<std::string_view, double>, 4> { { { "cycle/second", 1 },
                 { "cycle/msecond", 1e3 }, { "cycle/usecond", 1e6 }, { "cycle/nsecond", 1e9 } } })
            if (u == name)
                return f;
        return std::nullopt;
    case UnitKind::ByteRate:
        if (auto f = prefixed("byte/s"))
            return f;
        return prefixed("byte/second");
    case UnitKind::Bytes:
        return prefixed("byte");
    case UnitKind::Count:
        if (auto f = prefixed("inst"))
            return f;
        return prefixed("");
    case UnitKind::PerCycle:
        if (u.empty() || u == "inst/cycle")
            return 1.0;
        return std::nullopt;
    }
    return std::nullopt;
}

// One metric column the reader uses, with its unit's factor once the units row is read.
struct Metric {
    int column = -1;
    UnitKind kind = UnitKind::Count;
    double scale = 1;
    explicit operator bool() const { return column >= 0; }
};

// FLOPs from instruction counts of one precision: add + mul + 2·fma, each a count or a count per cycle.
struct InstructionFlops {
    std::string precision;
    std::array<Metric, 3> ops; // add, mul, fma
    bool perCycle = false;
};

// A bytes level: a total, or a rate times the duration.
struct BytesMetric {
    std::string level;
    Metric metric;
    bool rate = false;
};

// "bf16" from "sm__ops_path_tensor_src_bf16_dst_fp32.sum", "fp8" from "..._src_fp8_sparsity_off.sum".
std::string tensorPrecision(std::string_view name)
{
    const std::size_t src = name.rfind("_src_");
    std::string_view rest = name.substr(src + 5);
    rest = rest.substr(0, rest.find_first_of("_."));
    return std::string(rest);
}

} // namespace

Expected<MeasuredSet, Diagnostics> readNcuRaw(CsvReader& reader, const std::string& file)
{
    reader.skipLinesStartingWith("==");
    Expected<CsvHeader, Diagnostics> headerRead = readHeader(reader, file);
    if (!headerRead && reader.error().empty() && reader.skippedLines() > 0)
        return refuse(file, 0, {}, profiledNothing("the file holds only Nsight Compute's == lines"));
    if (!headerRead)
        return Expected<MeasuredSet, Diagnostics>::failure(headerRead.error());
    const CsvHeader header = std::move(headerRead).value();
    const int headerLine = reader.line();
    if (header.find("Metric Name") >= 0 && header.find("Metric Value") >= 0)
        return refuse(file, headerLine, {},
            "an Nsight Compute details page (one row per metric) has no FLOP or byte totals for a roofline; "
            "export the raw page: `ncu --csv --page raw --set full ...`, or `ncu --import FILE.ncu-rep --csv "
            "--page raw`");
    if (header.find("device") == 0 && header.find("HBMBw") >= 0)
        return refuse(file, headerLine, {},
            "a rocprof-compute roofline.csv holds measured peaks, not kernels: read it with --format-hint "
            "rocprof-roofline");
    Metric name { header.find("Kernel Name"), UnitKind::Count };
    Metric duration { header.find("gpu__time_duration.sum"), UnitKind::Time };
    Metric clock { header.find("sm__cycles_elapsed.avg.per_second"), UnitKind::Frequency };
    const int deviceColumn = header.find("device__attribute_display_name");
    if (!name)
        return refuse(file, headerLine, {},
            "not an Nsight Compute raw page: no 'Kernel Name' column (first column " + printable(header.names.front())
                + "); for a plain file give --format-hint csv");

    // FLOPs: the tensor pipes by source precision (their aggregates when present, else each instruction path),
    // and the FP64/FP32/FP16 pipes from instruction counts.
    std::vector<std::pair<std::string, Metric>> tensor;
    for (const bool aggregate : { true, false }) {
        if (!tensor.empty())
            break;
        const std::string_view prefix = aggregate ? "sm__ops_path_tensor_src_" : "sm__ops_path_tensor_op_";
        for (std::size_t i = 0; i < header.names.size(); ++i) {
            const std::string& n = header.names[i];
            if (n.starts_with(prefix) && n.ends_with(".sum") && n.find("_src_") != std::string::npos
                && n.find('.') == n.size() - 4)
                tensor.emplace_back(tensorPrecision(n), Metric { static_cast<int>(i), UnitKind::Count });
        }
    }
    std::vector<InstructionFlops> instructions;
    for (const auto& [precision, letter] :
        std::array<std::pair<std::string_view, char>, 3> { { { "fp64", 'd' }, { "fp32", 'f' }, { "fp16", 'h' } } }) {
        for (const bool perCycle : { false, true }) {
            InstructionFlops f { std::string(precision), {}, perCycle };
            int found = 0;
            const std::array<std::string_view, 3> ops { "add", "mul", "fma" };
            for (std::size_t k = 0; k < 3; ++k) {
                const std::string metric = std::string("smsp__sass_thread_inst_executed_op_") + letter
                    + std::string(ops[k]) + "_pred_on.sum" + (perCycle ? ".per_cycle_elapsed" : "");
                f.ops[k] = { header.find(metric), perCycle ? UnitKind::PerCycle : UnitKind::Count };
                found += f.ops[k] ? 1 : 0;
            }
            if (found == 3 && (!perCycle || clock)) {
                instructions.push_back(f);
                break;
            }
        }
    }
    std::vector<BytesMetric> levels;
    for (const auto& [level, metric] : std::array<std::pair<std::string_view, std::string_view>, 3> {
             { { "DRAM", "dram__bytes" }, { "L2", "lts__t_bytes" }, { "L1", "l1tex__t_bytes" } } }) {
        if (const int total = header.find(std::string(metric) + ".sum"); total >= 0)
            levels.push_back({ std::string(level), { total, UnitKind::Bytes }, false });
        else if (const int rate = header.find(std::string(metric) + ".sum.per_second"); rate >= 0)
            levels.push_back({ std::string(level), { rate, UnitKind::ByteRate }, true });
    }
    std::string missing;
    if (!duration)
        missing += "the duration (gpu__time_duration.sum); ";
    if (tensor.empty() && instructions.empty())
        missing += "FLOP counts (sm__ops_path_tensor_src_*.sum, or smsp__sass_thread_inst_executed_op_{d,f,h}"
                   "{add,mul,fma}_pred_on.sum with sm__cycles_elapsed.avg.per_second); ";
    if (levels.empty())
        missing += "memory traffic (dram__bytes.sum or dram__bytes.sum.per_second, lts__t_bytes.sum, "
                   "l1tex__t_bytes.sum); ";
    if (!missing.empty())
        return refuse(file, headerLine, {},
            "the Nsight Compute raw page lacks " + missing.substr(0, missing.size() - 2) + ": "
                + std::string(kCollect));

    // A column the reader uses must be there once: of two, which one holds the kernel's figure is not clear.
    {
        std::vector<int> usedColumns { name.column, duration.column, clock.column };
        for (const auto& t : tensor)
            usedColumns.push_back(t.second.column);
        for (const InstructionFlops& f : instructions)
            for (const Metric& m : f.ops)
                usedColumns.push_back(m.column);
        for (const BytesMetric& b : levels)
            usedColumns.push_back(b.metric.column);
        for (const int at : usedColumns)
            if (at >= 0)
                if (std::optional<Diagnostics> twice
                    = repeatedColumn(header, header.names[at], false, file, headerLine))
                    return Expected<MeasuredSet, Diagnostics>::failure(std::move(*twice));
    }
    MeasuredSet set;

    // The units row: every column this reader uses must carry a unit of its kind.
    if (!reader.next())
        return refuse(file, headerLine, {},
            reader.error().empty() ? "the file ends after the header: no units row and no kernels" : reader.error());
    const int unitsLine = reader.line();
    {
        const std::vector<std::string_view>& units = reader.fields();
        std::vector<Metric*> used { &duration };
        if (clock)
            used.push_back(&clock);
        for (auto& t : tensor)
            used.push_back(&t.second);
        for (InstructionFlops& f : instructions)
            for (Metric& m : f.ops)
                used.push_back(&m);
        for (BytesMetric& b : levels)
            used.push_back(&b.metric);
        if (units.size() != header.names.size())
            return refuse(file, unitsLine, {},
                "the units row has " + std::to_string(units.size()) + " fields, the header "
                    + std::to_string(header.names.size()));
        for (Metric* m : used) {
            const std::string_view unit = units[m->column];
            const std::string& column = header.names[m->column];
            if (parseMeasuredNumber(unit))
                return refuse(file, unitsLine, printable(column),
                    "expected the units row (" + std::string(expectedUnits(m->kind)) + "), found the number "
                        + quoteInput(unit)
                        + ": export with `ncu --csv --page raw`, which writes units under the "
                          "header");
            const std::optional<double> scale = unitScale(unit, m->kind);
            if (!scale)
                return refuse(file, unitsLine, printable(column),
                    "the units row says " + quoteInput(unit) + ", expected " + std::string(expectedUnits(m->kind)));
            m->scale = *scale;
        }
    }

    set.file = file;
    set.format = MeasuredFormat::NcuRaw;
    SkipLog skip(file);
    while (reader.next()) {
        const std::vector<std::string_view>& row = reader.fields();
        const int line = reader.line();
        ++set.rowsRead;
        if (row.size() != header.names.size()) {
            skip.add(line, {},
                "the row has " + std::to_string(row.size()) + " fields and the header "
                    + std::to_string(header.names.size()) + " (a truncated or edited file); the row is skipped");
            continue;
        }
        KernelRow k;
        k.name = std::string(row[name.column]);
        k.line = line;
        if (k.name.empty()) {
            skip.add(line, "Kernel Name", "empty; the row is skipped");
            continue;
        }
        if (const std::optional<std::string> problem = notOneLineOfText(k.name)) {
            skip.add(line, "Kernel Name", "not one line of text: " + *problem + "; the row is skipped");
            continue;
        }
        // A set is one chip's kernels: the device of the first, and a kernel of another is left out.
        if (deviceColumn >= 0 && !row[deviceColumn].empty() && !notOneLineOfText(row[deviceColumn])) {
            const std::string_view device = row[deviceColumn];
            if (set.device.empty())
                set.device = device;
            else if (device != set.device) {
                skip.add(line, header.names[deviceColumn],
                    "measured on " + quoteInput(device) + ", the capture's first kernels on " + quoteInput(set.device)
                        + ": a set holds one chip's kernels; the kernel " + quoteInput(k.name) + " is skipped");
                continue;
            }
        }
        bool bad = false;
        auto read = [&](const Metric& m) -> double {
            if (bad)
                return 0;
            const std::optional<double> v = parseMeasuredNumber(row[m.column]);
            if (!v || *v < 0) {
                skip.add(line, header.names[m.column],
                    std::string(v ? "negative: " : "expected a number, found ") + quoteInput(row[m.column])
                        + "; the kernel " + quoteInput(k.name) + " is skipped");
                bad = true;
                return 0;
            }
            return *v * m.scale;
        };
        k.seconds = read(duration);
        if (!bad && !(k.seconds > 0)) {
            skip.add(line, header.names[duration.column], "a kernel that took no time; the kernel is skipped");
            continue;
        }
        k.clockHz = clock ? read(clock) : 0;
        if (clock && !bad)
            if (const std::optional<std::string> range = measuredRangeProblem(MeasuredQuantity::Clock, k.clockHz)) {
                skip.add(line, header.names[clock.column],
                    "out of range: " + *range + "; the kernel " + quoteInput(k.name) + " is skipped");
                continue;
            }
        for (const auto& path : tensor) {
            const std::string& precision = path.first;
            const double ops = read(path.second);
            if (ops <= 0)
                continue;
            auto same = std::find_if(k.byPrecision.begin(), k.byPrecision.end(),
                [&](const PrecisionFlops& p) { return p.precision == precision; });
            if (same == k.byPrecision.end())
                k.byPrecision.push_back({ precision, ops });
            else
                same->flops += ops;
        }
        for (const InstructionFlops& f : instructions) {
            const double perInstructions = f.perCycle ? k.clockHz * k.seconds : 1;
            const double flops = (read(f.ops[0]) + read(f.ops[1]) + 2 * read(f.ops[2])) * perInstructions;
            if (flops > 0)
                k.byPrecision.push_back({ f.precision, flops });
        }
        for (const BytesMetric& b : levels) {
            const double bytes = read(b.metric) * (b.rate ? k.seconds : 1);
            if (bytes > 0)
                k.bytes.push_back({ b.level, bytes });
        }
        if (bad)
            continue;
        if (const std::optional<std::string> problem = settlePrecisions(k)) { // scaled by units, summed, or both
            skip.add(line, {}, *problem + "; the kernel " + quoteInput(k.name) + " is skipped");
            continue;
        }
        if (set.kernels.size() == kMaxMeasuredKernels)
            return tooManyKernels(file, line);
        set.kernels.push_back(std::move(k));
    }
    const int rows = set.rowsRead;
    return finishRead(reader, skip, std::move(set), unitsLine,
        rows == 0 ? profiledNothing("a header and a units row, and no kernel row after them")
                  : "no kernel could be read (" + std::to_string(rows) + " rows after the units row)");
}

} // namespace roofline
