// SPDX-License-Identifier: GPL-3.0-or-later
// The plain measured format (docs/file-formats.md): one kernel a row or object with name, FLOPs, bytes (in total or
// per memory level), seconds, and optionally dtype, group and shape parameters.
#include "base/csv_reader.h"
#include "base/limits.h"
#include "base/units.h"
#include "base/yaml_reader.h"
#include "measured/measured.h"
#include "measured/reading.h"

#include <algorithm>
#include <cctype>

namespace roofline {

namespace {

// "a, b, c and 4 more": the first `shown` items of a list that a message names, however long the list.
std::string joinFirst(const std::vector<std::string>& items, std::size_t shown)
{
    std::string out;
    for (std::size_t i = 0; i < items.size() && i < shown; ++i)
        out += (i ? ", " : "") + items[i];
    if (items.size() > shown)
        out += " and " + std::to_string(items.size() - shown) + " more";
    return out;
}

// "B=256 D=8192 F=8192": the numbers of a params cell; words that are not NAME=NUMBER are left out.
std::vector<std::pair<std::string, double>> parseParams(std::string_view text)
{
    std::vector<std::pair<std::string, double>> out;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && (text[i] == ' ' || text[i] == ';'))
            ++i;
        std::size_t end = text.find_first_of(" ;", i);
        if (end == std::string_view::npos)
            end = text.size();
        const std::string_view word = text.substr(i, end - i);
        i = end;
        const std::size_t eq = word.find('=');
        if (eq == std::string_view::npos || eq == 0)
            continue;
        if (const std::optional<double> v = parseMeasuredNumber(word.substr(eq + 1)))
            out.emplace_back(std::string(word.substr(0, eq)), *v);
    }
    return out;
}

// A level name from a column "bytes.L2", "bytes_L2" or "bytes:L2"; "DRAM" for a plain "bytes".
std::string levelOf(std::string_view field)
{
    if (field.size() <= 5)
        return "DRAM";
    return std::string(field.substr(6));
}

struct Columns {
    std::vector<int> name; // joined with spaces
    int group = -1;
    int flops = -1;
    int seconds = -1;
    int dtype = -1;
    int params = -1;
    std::vector<std::pair<SharedName, int>> bytes; // level names interned once, not per row
    std::vector<std::pair<int, std::string>> where;
    std::string dtypeConstant; // a mapping's dtype=NAME when no column has that name: every row's dtype
    bool dtypeInName = false; // a mapping's dtype=in:COLUMN: the dtype a part of the column's text names
};

// A dtype as written in any case ("BF16", "Fp8"), as column names are matched.
std::string lowerCase(std::string_view text)
{
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char ch) { return std::tolower(ch); });
    return out;
}

// The first dtype a name's parts name ("matmul_fp8_bf16out": fp8), parts being separated by anything but letters
// and digits; empty when none does ("copy").
std::string dtypeNamedIn(std::string_view name)
{
    for (std::size_t s = 0; s < name.size();) {
        std::size_t e = s;
        while (e < name.size() && std::isalnum(static_cast<unsigned char>(name[e])))
            ++e;
        if (e > s && parseDtype(name.substr(s, e - s)))
            return std::string(name.substr(s, e - s));
        s = e + 1;
    }
    return {};
}

} // namespace

Expected<MeasuredSet, Diagnostics> readPlainCsv(
    CsvReader& reader, const std::string& file, const ColumnMapping* mapping)
{
    Expected<CsvHeader, Diagnostics> headerRead = readHeader(reader, file);
    if (!headerRead)
        return Expected<MeasuredSet, Diagnostics>::failure(headerRead.error());
    const CsvHeader header = std::move(headerRead).value();
    const int headerLine = reader.line();
    if (header.find("Kernel Name") >= 0)
        return refuse(file, headerLine, {}, "an Nsight Compute export: read it with --format-hint ncu");

    Columns c;
    std::vector<std::string> missing; // what the message names, the first few of them
    std::optional<Diagnostics> repeated; // a column the reader uses, twice in the header
    auto column = [&](std::string_view field, std::string_view name) {
        const int at = header.findIgnoringCase(name);
        if (at < 0)
            missing.push_back(quoteInput(name) + " (for " + printable(field) + ")");
        else if (!repeated)
            repeated = repeatedColumn(header, name, true, file, headerLine);
        return at;
    };
    if (mapping) {
        for (const auto& [field, columns] : mapping->fields) {
            if (field == "name") {
                for (std::size_t s = 0, e; s <= columns.size(); s = e + 1) {
                    e = columns.find('+', s);
                    if (e == std::string::npos)
                        e = columns.size();
                    c.name.push_back(column(field, std::string_view(columns).substr(s, e - s)));
                }
            } else if (field == "dtype" && header.findIgnoringCase(columns) < 0 && parseDtype(lowerCase(columns))) {
                c.dtypeConstant = lowerCase(columns);
            } else if (field == "dtype" && columns.starts_with("in:")) {
                c.dtypeInName = true;
                c.dtype = column(field, std::string_view(columns).substr(3));
            } else if (field.starts_with("bytes")) {
                c.bytes.emplace_back(levelOf(field), column(field, columns));
            } else {
                int& slot = field == "group" ? c.group
                    : field == "flops"       ? c.flops
                    : field == "seconds"     ? c.seconds
                    : field == "dtype"       ? c.dtype
                                             : c.params;
                slot = column(field, columns);
            }
        }
        for (const auto& [name, value] : mapping->where)
            c.where.emplace_back(column("where", name), value);
    } else {
        for (std::size_t i = 0; i < header.names.size(); ++i) {
            std::string n = header.names[i];
            std::transform(n.begin(), n.end(), n.begin(), [](unsigned char ch) { return std::tolower(ch); });
            const int at = static_cast<int>(i);
            // A field named twice would leave one column unread: the file is refused, naming both.
            auto take = [&](int& slot) {
                if (slot >= 0 && !repeated)
                    repeated = Diagnostics { { file, headerLine, 0, printable(header.names[i]),
                        "a second column for the field " + quoteInput(n) + " (columns " + std::to_string(slot + 1)
                            + " and " + std::to_string(at + 1)
                            + "): which one holds the values is not clear; keep one, or choose with --columns" } };
                slot = at;
            };
            if (n == "name") {
                int slot = c.name.empty() ? -1 : c.name.front();
                take(slot);
                c.name.assign(1, slot);
            } else if (n == "group")
                take(c.group);
            else if (n == "flops")
                take(c.flops);
            else if (n == "seconds")
                take(c.seconds);
            else if (n == "dtype")
                take(c.dtype);
            else if (n == "params")
                take(c.params);
            else if (n == "bytes" || ((n.starts_with("bytes.") || n.starts_with("bytes_")) && n.size() > 6))
                c.bytes.emplace_back(levelOf(header.names[i]), at);
        }
        if (c.name.empty())
            missing.push_back("'name'");
        if (c.flops < 0)
            missing.push_back("'flops'");
        if (c.seconds < 0)
            missing.push_back("'seconds'");
        if (c.bytes.empty())
            missing.push_back("'bytes' or 'bytes.LEVEL'");
    }
    if (mapping && (c.name.empty() || c.flops < 0 || c.seconds < 0 || c.bytes.empty()))
        missing.push_back("a mapping for each of name, flops, seconds and bytes");
    if (!missing.empty())
        return refuse(file, headerLine, {},
            "missing column " + joinFirst(missing, 6) + "; the header has " + std::to_string(header.names.size())
                + " columns, from " + printable(header.names.front())
                + (mapping ? std::string() : "; map other names with --columns name=COL,flops=COL,..."));
    if (repeated)
        return Expected<MeasuredSet, Diagnostics>::failure(std::move(*repeated));
    if (c.bytes.size() > kMaxLevels) // also keeps the search for a level named twice short
        return refuse(file, headerLine, printable(header.names[c.bytes[kMaxLevels].second]),
            "more than " + std::to_string(kMaxLevels) + " columns of bytes: a chip has at most "
                + std::to_string(kMaxLevels) + " memory levels");
    for (std::size_t i = 0; i < c.bytes.size(); ++i) {
        const auto& [level, at] = c.bytes[i];
        if (const std::optional<std::string> problem = notOneLineOfText(level))
            return refuse(file, headerLine, printable(header.names[at]), "not a memory level's name: " + *problem);
        for (std::size_t j = 0; j < i; ++j)
            if (sameIgnoringCase(c.bytes[j].first, level))
                return refuse(file, headerLine, printable(header.names[at]),
                    "a second column of bytes at the level " + quoteInput(level) + " (columns "
                        + std::to_string(c.bytes[j].second + 1) + " and " + std::to_string(at + 1)
                        + "; 'bytes' is the level DRAM): keep one");
    }

    MeasuredSet set;
    set.file = file;
    set.format = MeasuredFormat::PlainCsv;
    SkipLog skip(file);
    while (reader.next()) {
        const std::vector<std::string_view>& row = reader.fields();
        const int line = reader.line();
        if (row.size() == 1 && row[0].empty())
            continue; // a blank line
        ++set.rowsRead;
        if (row.size() != header.names.size()) {
            skip.add(line, {},
                "the row has " + std::to_string(row.size()) + " fields and the header "
                    + std::to_string(header.names.size()) + "; the row is skipped");
            continue;
        }
        if (std::any_of(c.where.begin(), c.where.end(), [&](const auto& w) { return row[w.first] != w.second; }))
            continue;
        KernelRow k;
        k.line = line;
        for (const int at : c.name) {
            if (!k.name.empty())
                k.name += ' ';
            k.name += row[at];
        }
        if (k.name.empty()) {
            skip.add(line, header.names[c.name.front()], "empty name; the row is skipped");
            continue;
        }
        // Names, groups and parameters reach the terminal, the JSON report and the window: one line of text each.
        const std::pair<int, std::string_view> texts[]
            = { { c.name.front(), k.name }, { c.group, c.group >= 0 ? row[c.group] : std::string_view() },
                  { c.params, c.params >= 0 ? row[c.params] : std::string_view() } };
        const auto* notText = std::find_if(std::begin(texts), std::end(texts),
            [](const std::pair<int, std::string_view>& t) { return notOneLineOfText(t.second).has_value(); });
        if (notText != std::end(texts)) {
            skip.add(line, header.names[notText->first],
                "not one line of text: " + *notOneLineOfText(notText->second) + "; the row is skipped");
            continue;
        }
        bool bad = false;
        auto number = [&](int at, MeasuredQuantity quantity) {
            const std::optional<double> v = bad ? 0.0 : parseMeasuredNumber(row[at]);
            if (bad)
                return 0.0;
            if (!v || *v < 0) {
                skip.add(line, header.names[at],
                    std::string(v ? "negative: " : "expected a number, found ") + quoteInput(row[at]) + "; "
                        + quoteInput(k.name) + " is skipped");
                bad = true;
            } else if (quantity == MeasuredQuantity::Seconds && *v == 0) {
                skip.add(line, header.names[at], "a kernel that took no time; " + quoteInput(k.name) + " is skipped");
                bad = true;
            } else if (const std::optional<std::string> range = measuredRangeProblem(quantity, *v)) {
                skip.add(line, header.names[at], "out of range: " + *range + "; " + quoteInput(k.name) + " is skipped");
                bad = true;
            }
            return v.value_or(0);
        };
        k.seconds = number(c.seconds, MeasuredQuantity::Seconds);
        const double flops = number(c.flops, MeasuredQuantity::Count);
        for (const auto& [level, at] : c.bytes)
            if (const double b = number(at, MeasuredQuantity::Count); b > 0)
                k.bytes.push_back({ level, b });
        if (bad)
            continue;
        std::string precision = c.dtype >= 0 ? lowerCase(row[c.dtype]) : c.dtypeConstant;
        if (c.dtypeInName)
            precision = dtypeNamedIn(precision);
        if (!precision.empty() && !parseDtype(precision) && precision != "fp64") {
            skip.add(line, header.names[c.dtype], "unknown dtype " + quoteInput(precision) + "; the row is skipped");
            continue;
        }
        if (flops > 0)
            k.byPrecision.push_back({ precision, flops });
        if (c.group >= 0)
            k.group = std::string(row[c.group]);
        if (c.params >= 0)
            k.params = parseParams(row[c.params]);
        if (const std::optional<std::string> problem = settlePrecisions(k)) { // each field is within its range
            skip.add(line, {}, *problem + "; " + quoteInput(k.name) + " is skipped");
            continue;
        }
        if (set.kernels.size() == kMaxMeasuredKernels)
            return tooManyKernels(file, line);
        set.kernels.push_back(std::move(k));
    }
    const int rows = set.rowsRead;
    return finishRead(reader, skip, std::move(set), headerLine,
        "no kernel could be read (" + std::to_string(rows) + " rows after the header)");
}

Expected<MeasuredSet, Diagnostics> readPlainJson(std::string_view text, const std::string& file)
{
    using Result = Expected<MeasuredSet, Diagnostics>;
    YamlReader r(file);
    const std::optional<YAML::Node> root = r.load(text);
    if (!root)
        return Result::failure(r.diagnostics());
    MeasuredSet set;
    set.file = file;
    set.format = MeasuredFormat::PlainJson;
    if (!r.checkMap(*root, {}, { "kernels" }))
        return Result::failure(r.diagnostics());
    const std::optional<YAML::Node> list = r.child(*root, {}, "kernels", true);
    if (!list || !list->IsSequence()) {
        if (list)
            r.error(*list, "kernels", "expected a list of kernels");
        return Result::failure(r.diagnostics());
    }
    std::vector<std::string> levels; // every level the file names, at most kMaxLevels
    for (std::size_t i = 0; i < list->size(); ++i) {
        const YAML::Node node = (*list)[i];
        const std::string at = YamlReader::index("kernels", i);
        if (!r.checkMap(node, at, { "name", "flops", "bytes", "seconds", "dtype", "group", "params" }))
            continue;
        KernelRow k;
        k.line = node.Mark().line + 1;
        ++set.rowsRead;
        const std::size_t errorsBefore = r.diagnostics().size();
        // One line of text each, as in a CSV file: a kernel's name and group are rows of the report's table.
        auto oneLine = [&](std::string_view key, std::string& out) {
            if (auto n = r.child(node, at, key, key == "name"))
                if (std::optional<std::string> t = r.name(*n, YamlReader::join(at, key)))
                    out = std::move(*t);
        };
        oneLine("name", k.name);
        oneLine("group", k.group);
        auto inRange = [&](const YAML::Node& n, const std::string& field, MeasuredQuantity quantity) {
            const std::optional<double> v = r.number(n, field);
            if (!v)
                return 0.0;
            if (*v < 0 || (quantity == MeasuredQuantity::Seconds && *v == 0))
                r.error(
                    n, field, quantity == MeasuredQuantity::Seconds ? "expected a positive number" : "expected >= 0");
            else if (const std::optional<std::string> range = measuredRangeProblem(quantity, *v))
                r.error(n, field, "out of range: " + *range);
            return *v;
        };
        auto required = [&](std::string_view key, MeasuredQuantity quantity) -> double {
            const std::optional<YAML::Node> n = r.child(node, at, key, true);
            return n ? inRange(*n, YamlReader::join(at, key), quantity) : 0.0;
        };
        k.seconds = required("seconds", MeasuredQuantity::Seconds);
        const double flops = required("flops", MeasuredQuantity::Count);
        std::string precision;
        if (auto d = r.child(node, at, "dtype", false)) {
            precision = lowerCase(r.text(*d, YamlReader::join(at, "dtype")).value_or(""));
            if (!precision.empty() && !parseDtype(precision) && precision != "fp64")
                r.error(*d, YamlReader::join(at, "dtype"), "unknown dtype " + quoteInput(precision));
        }
        if (auto b = r.child(node, at, "bytes", true)) {
            const std::string field = YamlReader::join(at, "bytes");
            if (b->IsMap()) {
                for (const auto& level : *b)
                    if (auto name = r.text(level.first, field, kMaxIdBytes)) {
                        const std::string levelField = YamlReader::join(field, *name);
                        const bool known = std::any_of(levels.begin(), levels.end(),
                            [&](const std::string& l) { return sameIgnoringCase(l, *name); });
                        if (!known && levels.size() == kMaxLevels) {
                            r.error(level.first, levelField,
                                "a memory level beyond the file's first " + std::to_string(kMaxLevels)
                                    + ": a chip has at most that many");
                            continue;
                        }
                        if (!known)
                            levels.push_back(*name);
                        if (std::any_of(k.bytes.begin(), k.bytes.end(),
                                [&](const LevelBytes& l) { return sameIgnoringCase(l.level, *name); }))
                            r.error(level.first, levelField, "a second count of bytes at the same level");
                        else if (const double v = inRange(level.second, levelField, MeasuredQuantity::Count); v > 0)
                            k.bytes.push_back({ *name, v });
                    }
            } else if (const double v = inRange(*b, field, MeasuredQuantity::Count); v > 0) {
                k.bytes.push_back({ "DRAM", v });
            }
        }
        if (auto p = r.child(node, at, "params", false); p && p->IsMap())
            for (const auto& param : *p)
                if (auto key = r.text(param.first, YamlReader::join(at, "params"), kMaxIdBytes))
                    if (auto v = r.number(param.second, YamlReader::join(YamlReader::join(at, "params"), *key)))
                        k.params.emplace_back(*key, *v);
        if (flops > 0)
            k.byPrecision.push_back({ precision, flops });
        if (const std::optional<std::string> problem = settlePrecisions(k)) {
            if (r.diagnostics().size() == errorsBefore) // a figure out of its own range has its own message
                r.error(node, at, *problem);
            continue;
        }
        set.kernels.push_back(std::move(k));
    }
    if (r.failed())
        return Result::failure(r.diagnostics());
    if (set.kernels.empty())
        return refuse(file, 0, "kernels", "the list of kernels is empty");
    warnUnknownPrecisions(set);
    return set;
}

} // namespace roofline
