// SPDX-License-Identifier: GPL-3.0-or-later
// What the measured-data readers share: located messages about rows they skip, and column lookup by name.
// Internal to the measured readers.
#pragma once

#include "measured/measured.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofline {

class CsvReader;

// A column name or value as a message may show it: itself when it is short printable text, else quoted and cut.
std::string printable(std::string_view text);

// Collects the rows a reader skips: the first kMaxDiagnostics − 1 with their reason, then a count of the rest.
class SkipLog {
public:
    explicit SkipLog(std::string file)
        : m_file(std::move(file))
    { }
    void add(int line, std::string_view column, std::string message);
    Diagnostics take(); // the messages, and "N more rows skipped" when there were more
    std::size_t count() const { return m_count; }

private:
    std::string m_file;
    Diagnostics m_diagnostics;
    std::size_t m_count = 0;
};

// A header read into owned strings, with its columns looked up by exact name or ignoring case.
struct CsvHeader {
    std::vector<std::string> names;
    int find(std::string_view name) const; // -1 when absent
    int findIgnoringCase(std::string_view name) const;
};

// The first record as a header, or the refusal: an empty file, or the reader's error.
Expected<CsvHeader, Diagnostics> readHeader(CsvReader&, const std::string& file);

// Adds to the set's warnings one for each precision without a dtype of the program ("fp64", a tensor path's "int1")
// in which kernels did FLOPs: counted in their totals, but a kernel doing most of its FLOPs in one is measured
// against the chart's dtype, which the report should not leave unsaid.
void warnUnknownPrecisions(MeasuredSet&);

// Ends a read: notes where the reader stopped early, moves the skipped rows' messages into the set, and refuses a set
// with neither kernels nor ceilings, saying `nothingRead` at `line` and then why each row was skipped.
Expected<MeasuredSet, Diagnostics> finishRead(
    CsvReader&, SkipLog&, MeasuredSet set, int line, const std::string& nothingRead);

// Whether two names are equal ignoring ASCII case, as column names, level names and dtypes are matched.
bool sameIgnoringCase(std::string_view a, std::string_view b);

// The refusal of a file with more than kMaxMeasuredKernels kernels, at the line of the first beyond them.
Expected<MeasuredSet, Diagnostics> tooManyKernels(const std::string& file, int line);

// The refusal of a header that holds a column the reader uses twice (`name` ignoring case or not, as the reader
// looks it up), naming both; nothing when it is there once or not at all.
std::optional<Diagnostics> repeatedColumn(
    const CsvHeader&, std::string_view name, bool ignoringCase, const std::string& file, int line);

// One failure diagnostic for the whole file, or at a line.
Expected<MeasuredSet, Diagnostics> refuse(const std::string& file, int line, std::string field, std::string message);

} // namespace roofline
