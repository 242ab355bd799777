// SPDX-License-Identifier: GPL-3.0-or-later
#include "measured/measured.h"

#include "base/csv_reader.h"
#include "base/limits.h"
#include "base/units.h"
#include "measured/reading.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

namespace roofline {

std::string_view formatName(MeasuredFormat format)
{
    switch (format) {
    case MeasuredFormat::NcuRaw:
        return "ncu-raw";
    case MeasuredFormat::PlainCsv:
        return "csv";
    case MeasuredFormat::PlainJson:
        return "json";
    case MeasuredFormat::RocprofRoofline:
        return "rocprof-roofline";
    }
    return "csv";
}

std::optional<MeasuredFormat> parseFormatHint(std::string_view hint)
{
    if (hint == "ncu" || hint == "ncu-raw")
        return MeasuredFormat::NcuRaw;
    if (hint == "csv")
        return MeasuredFormat::PlainCsv;
    if (hint == "json")
        return MeasuredFormat::PlainJson;
    if (hint == "rocprof-roofline" || hint == "rocprof")
        return MeasuredFormat::RocprofRoofline;
    return std::nullopt;
}

std::optional<std::string> measuredRangeProblem(MeasuredQuantity quantity, double value)
{
    // The value as found, however far out: "4.94066e-324", "inf" (an SI prefix stops at 1e-30).
    const auto found = [value](std::string_view unit) {
        char buffer[40];
        std::snprintf(buffer, sizeof buffer, "%.6g", value);
        return ", found " + std::string(buffer) + (unit.empty() ? "" : " ") + std::string(unit);
    };
    switch (quantity) {
    case MeasuredQuantity::Seconds:
        if (value >= kMinKernelSeconds && value <= kMaxKernelSeconds)
            return std::nullopt;
        return "expected a time from 1 ns to 1e6 s" + found("s");
    case MeasuredQuantity::Count:
        if (value == 0 || (value >= kMinKernelCount && value <= kMaxKernelCount))
            return std::nullopt;
        return "expected 0 or a count from 1 to 1e24" + found({});
    case MeasuredQuantity::Clock:
        if (value >= kMinClockHz && value <= kMaxClockHz)
            return std::nullopt;
        return "expected a clock from 1 MHz to 100 GHz" + found("Hz");
    }
    return std::nullopt;
}

std::optional<std::string> settlePrecisions(KernelRow& k)
{
    std::stable_sort(k.byPrecision.begin(), k.byPrecision.end(),
        [](const PrecisionFlops& a, const PrecisionFlops& b) { return a.flops > b.flops; });
    k.flops = 0;
    for (const PrecisionFlops& p : k.byPrecision)
        k.flops += p.flops;
    k.dtype = k.byPrecision.empty() ? std::nullopt : parseDtype(k.byPrecision.front().precision);
    if (auto problem = measuredRangeProblem(MeasuredQuantity::Seconds, k.seconds))
        return "its time is out of range: " + *problem;
    if (auto problem = measuredRangeProblem(MeasuredQuantity::Count, k.flops))
        return "its FLOPs" + std::string(k.byPrecision.size() > 1 ? ", summed over precisions," : "")
            + " are out of range: " + *problem;
    if (k.clockHz != 0)
        if (auto problem = measuredRangeProblem(MeasuredQuantity::Clock, k.clockHz))
            return "its clock is out of range: " + *problem;
    for (const LevelBytes& b : k.bytes)
        if (auto problem = measuredRangeProblem(MeasuredQuantity::Count, b.bytes))
            return "its bytes at " + printable(b.level) + " are out of range: " + *problem;
    return std::nullopt;
}

std::string printable(std::string_view text)
{
    if (text.size() <= kMaxQuoted && !firstNonTextByte(text) && text.find_first_of("\t\r\n") == std::string::npos)
        return std::string(text);
    return quoteInput(text);
}

void SkipLog::add(int line, std::string_view column, std::string message)
{
    ++m_count;
    if (m_diagnostics.size() + 1 < kMaxDiagnostics) // room for a refusal's own first message
        m_diagnostics.push_back({ m_file, line, 0, printable(column), std::move(message) });
}

Diagnostics SkipLog::take()
{
    Diagnostics out = std::move(m_diagnostics);
    if (m_count > out.size())
        out.push_back({ m_file, 0, 0, {}, std::to_string(m_count - out.size()) + " more rows skipped" });
    m_diagnostics.clear();
    return out;
}

int CsvHeader::find(std::string_view name) const
{
    for (std::size_t i = 0; i < names.size(); ++i)
        if (names[i] == name)
            return static_cast<int>(i);
    return -1;
}

int CsvHeader::findIgnoringCase(std::string_view name) const
{
    for (std::size_t i = 0; i < names.size(); ++i)
        if (sameIgnoringCase(names[i], name))
            return static_cast<int>(i);
    return -1;
}

bool sameIgnoringCase(std::string_view a, std::string_view b)
{
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
        [](char x, char y) { return std::tolower((unsigned char)x) == std::tolower((unsigned char)y); });
}

Expected<MeasuredSet, Diagnostics> tooManyKernels(const std::string& file, int line)
{
    return refuse(file, line, {},
        "more than " + std::to_string(kMaxMeasuredKernels)
            + " kernels: a measured set holds at most that many; split the file, or keep fewer rows (--columns "
              "where=COLUMN:VALUE)");
}

std::optional<Diagnostics> repeatedColumn(
    const CsvHeader& header, std::string_view name, bool ignoringCase, const std::string& file, int line)
{
    const int first = ignoringCase ? header.findIgnoringCase(name) : header.find(name);
    if (first < 0)
        return std::nullopt;
    for (std::size_t i = static_cast<std::size_t>(first) + 1; i < header.names.size(); ++i)
        if (ignoringCase ? sameIgnoringCase(header.names[i], name) : header.names[i] == name)
            return Diagnostics { { file, line, 0, printable(header.names[i]),
                "a second column " + printable(header.names[i]) + " (columns " + std::to_string(first + 1) + " and "
                    + std::to_string(i + 1) + "): which one holds the values is not clear; keep one" } };
    return std::nullopt;
}

Expected<MeasuredSet, Diagnostics> refuse(const std::string& file, int line, std::string field, std::string message)
{
    return Expected<MeasuredSet, Diagnostics>::failure({ { file, line, 0, std::move(field), std::move(message) } });
}

Expected<CsvHeader, Diagnostics> readHeader(CsvReader& reader, const std::string& file)
{
    if (!reader.next())
        return Expected<CsvHeader, Diagnostics>::failure({ { file, reader.line(), 0, {},
            reader.error().empty() ? "an empty file: expected a header row" : reader.error() } });
    CsvHeader header;
    for (std::string_view f : reader.fields())
        header.names.emplace_back(f);
    return header;
}

void warnUnknownPrecisions(MeasuredSet& set)
{
    struct Unknown {
        SharedName precision;
        int firstLine = 0;
        std::size_t kernels = 0;
        std::size_t mostly = 0; // kernels whose largest share of FLOPs is in it
    };
    std::vector<Unknown> unknown;
    for (const MeasuredKernel& k : set.kernels)
        for (const PrecisionFlops& p : k.byPrecision) {
            if (p.precision.empty() || parseDtype(p.precision))
                continue;
            auto it = std::find_if(
                unknown.begin(), unknown.end(), [&](const Unknown& u) { return u.precision == p.precision; });
            if (it == unknown.end())
                it = unknown.insert(unknown.end(), Unknown { p.precision, k.line, 0, 0 });
            ++it->kernels;
            it->mostly += &p == &k.byPrecision.front() ? 1 : 0;
        }
    for (const Unknown& u : unknown)
        set.warnings.push_back({ set.file, u.firstLine, 0, {},
            std::to_string(u.kernels) + (u.kernels == 1 ? " kernel does" : " kernels do") + " FLOPs in "
                + quoteInput(u.precision) + ", a precision the program has no roof for"
                + (u.mostly > 0 ? "; " + std::to_string(u.mostly) + " of them, doing most of their FLOPs in it, "
                            + (u.mostly == 1 ? "is" : "are") + " measured against the chart's dtype"
                                : "; counted in their totals") });
}

Expected<MeasuredSet, Diagnostics> finishRead(
    CsvReader& reader, SkipLog& skip, MeasuredSet set, int line, const std::string& nothingRead)
{
    warnUnknownPrecisions(set);
    if (!reader.error().empty())
        skip.add(reader.line() + 1, {}, reader.error() + " (a truncated file?); what follows is not read");
    set.skipped = skip.take();
    if (set.kernels.empty() && set.ceilings.empty()) {
        Diagnostics why = std::move(set.skipped);
        why.insert(why.begin(), Diagnostic { set.file, line, 0, {}, nothingRead });
        return Expected<MeasuredSet, Diagnostics>::failure(std::move(why));
    }
    return set;
}

Expected<ColumnMapping> parseColumnMapping(std::string_view text)
{
    static constexpr std::string_view kFields[] = { "name", "group", "flops", "bytes", "seconds", "dtype", "params" };
    // Column and level names are text: a mapping with a control character or a byte that is not UTF-8 is refused
    // here, so that no message about its columns echoes one.
    if (firstNonTextByte(text) || text.find_first_of("\t\r\n") != std::string_view::npos)
        return Expected<ColumnMapping>::failure("a column mapping is text; found " + quoteInput(text));
    ColumnMapping mapping;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t comma = text.find(',', start);
        if (comma == std::string_view::npos)
            comma = text.size();
        const std::string_view item = text.substr(start, comma - start);
        start = comma + 1;
        const std::size_t eq = item.find('=');
        if (eq == std::string_view::npos || eq == 0 || eq + 1 == item.size())
            return Expected<ColumnMapping>::failure("expected FIELD=COLUMN, found " + quoteInput(item)
                + " (fields: name, group, flops, bytes, "
                  "bytes.LEVEL, seconds, dtype, params, where=COLUMN:VALUE)");
        const std::string field(item.substr(0, eq));
        const std::string column(item.substr(eq + 1));
        if (field == "where") {
            const std::size_t colon = column.find(':');
            if (colon == std::string::npos || colon == 0)
                return Expected<ColumnMapping>::failure("where takes COLUMN:VALUE, found " + quoteInput(column));
            mapping.where.emplace_back(column.substr(0, colon), column.substr(colon + 1));
            continue;
        }
        const bool known = std::find(std::begin(kFields), std::end(kFields), field) != std::end(kFields)
            || (field.starts_with("bytes.") && field.size() > 6);
        if (!known)
            return Expected<ColumnMapping>::failure("unknown field " + quoteInput(field)
                + " (fields: name, group, flops, bytes, bytes.LEVEL, seconds, dtype, params, where)");
        const bool repeated = std::any_of(mapping.fields.begin(), mapping.fields.end(),
            [&](const std::pair<std::string, std::string>& f) { return f.first == field; });
        if (repeated)
            return Expected<ColumnMapping>::failure("field " + quoteInput(field) + " is mapped twice");
        mapping.fields.emplace_back(field, column);
    }
    return mapping;
}

namespace {

// The format a file's first record says it is in.
MeasuredFormat detect(std::string_view head)
{
    std::size_t i = head.starts_with(CsvReader::kByteOrderMark) ? CsvReader::kByteOrderMark.size() : 0;
    while (i < head.size() && std::isspace(static_cast<unsigned char>(head[i])))
        ++i;
    if (i < head.size() && (head[i] == '{' || head[i] == '['))
        return MeasuredFormat::PlainJson;
    if (head.substr(i).starts_with("==") || head.find("\"Kernel Name\"") != std::string_view::npos)
        return MeasuredFormat::NcuRaw;
    const std::string_view firstLine = head.substr(i, head.find('\n') - i);
    if (firstLine.starts_with("device,") && firstLine.find("HBMBw") != std::string_view::npos)
        return MeasuredFormat::RocprofRoofline;
    return MeasuredFormat::PlainCsv;
}

// A column mapping given for a format that names its own columns would be ignored: it is refused, named.
std::optional<std::string> mappingProblem(MeasuredFormat format, const ColumnMapping* mapping)
{
    if (!mapping || format == MeasuredFormat::PlainCsv)
        return std::nullopt;
    static constexpr std::string_view kinds[]
        = { "an Nsight Compute raw page", "", "a plain JSON file", "a rocprof-compute roofline.csv" };
    return "a column mapping (columns) reads a plain CSV; this file is "
        + std::string(kinds[static_cast<std::size_t>(format)]) + " (" + std::string(formatName(format))
        + "), whose fields have their own names: leave the mapping out";
}

Expected<MeasuredSet, Diagnostics> dispatch(CsvReader& reader, std::string_view head, const std::string& name,
    std::optional<MeasuredFormat> hint, const ColumnMapping* mapping)
{
    const MeasuredFormat format = hint ? *hint : detect(head);
    switch (format) {
    case MeasuredFormat::NcuRaw:
        return readNcuRaw(reader, name);
    case MeasuredFormat::RocprofRoofline:
        return readRocprofRoofline(reader, name);
    case MeasuredFormat::PlainCsv:
    case MeasuredFormat::PlainJson:
        break;
    }
    return readPlainCsv(reader, name, mapping);
}

} // namespace

Expected<MeasuredSet, Diagnostics> parseMeasured(
    std::string_view text, const std::string& name, std::optional<MeasuredFormat> hint, const ColumnMapping* mapping)
{
    const MeasuredFormat format = hint ? *hint : detect(text.substr(0, 65536));
    if (std::optional<std::string> problem = mappingProblem(format, mapping))
        return refuse(name, 0, "columns", *problem);
    if (format == MeasuredFormat::PlainJson)
        return readPlainJson(text, name);
    CsvReader reader = CsvReader::fromText(text);
    return dispatch(reader, text.substr(0, 65536), name, format, mapping);
}

Expected<MeasuredSet, Diagnostics> readMeasured(
    const std::string& path, std::optional<MeasuredFormat> hint, const ColumnMapping* mapping)
{
    Expected<InputFile> file = InputFile::open(path, kMaxMeasuredFileBytes, "a measured-data file");
    if (!file)
        return refuse(path, 0, {}, file.error());
    return readMeasured(std::move(file).value(), path, hint, mapping);
}

Expected<MeasuredSet, Diagnostics> readMeasured(
    InputFile file, const std::string& name, std::optional<MeasuredFormat> hint, const ColumnMapping* mapping)
{
    // The first bytes decide the format and stay with the reader: a pipe cannot be read twice.
    std::string head;
    if (std::optional<std::string> error = file.readHead(head, 65536))
        return refuse(name, 0, {}, *error);
    const MeasuredFormat format = hint ? *hint : detect(head);
    if (std::optional<std::string> problem = mappingProblem(format, mapping))
        return refuse(name, 0, "columns", *problem);
    if (format == MeasuredFormat::PlainJson) {
        // Refused by its size before it is read whole where the size is known, and read no further than the limit.
        std::optional<std::string> error = file.lowerLimit(kMaxFileBytes);
        if (!error)
            error = file.readRest(head);
        if (error)
            return refuse(name, 0, {},
                file.overLimit() ? "a JSON measured file larger than 1 MiB; write larger sets as CSV" : *error);
        return readPlainJson(head, name);
    }
    const std::string start = head.substr(0, 65536);
    CsvReader reader = CsvReader::fromFile(std::move(file), std::move(head));
    return dispatch(reader, start, name, format, mapping);
}

} // namespace roofline
