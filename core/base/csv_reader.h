// SPDX-License-Identifier: GPL-3.0-or-later
// A streaming CSV reader (RFC 4180: quoted fields, doubled quotes, CRLF or LF) for measured-data files: one record at
// a time in a reused buffer, so a 200 MB profiler export is read in one pass without a copy of the file in memory.
// Hand-written rather than a library: the reader benchmark (bench/RESULTS.md) must beat pandas by 2x on a 200 MB
// Nsight Compute export, and the fields it returns point into its own buffer with no allocation per field.
#pragma once

#include "base/file_reader.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofline {

class CsvReader {
public:
    // Reads `head`, the file's first bytes already read (to detect its format), then the rest of `file`.
    static CsvReader fromFile(InputFile file, std::string head);
    // Reads `text`, which must outlive the reader.
    static CsvReader fromText(std::string_view text);

    // Lines whose first characters are `prefix` are skipped wherever they appear (Nsight Compute's "==PROF==" and
    // "==WARNING==" lines).
    void skipLinesStartingWith(std::string prefix) { m_skipPrefix = std::move(prefix); }
    // How many lines were skipped so far for starting with that prefix.
    int skippedLines() const { return m_skippedLines; }

    // The next record, or false at the end of the file or on an error (see error()). An empty line is a record of
    // one empty field.
    bool next();
    // The current record's fields: valid until the next call of next().
    const std::vector<std::string_view>& fields() const { return m_fields; }
    // The 1-based line the current record starts on.
    int line() const { return m_recordLine; }
    // Why reading stopped early: the file could not be read or is larger than its limit, a quoted field runs to the
    // end of the file, a record is longer than kMaxRecordBytes. Empty after a clean end.
    const std::string& error() const { return m_error; }

    static constexpr std::size_t kMaxRecordBytes = 64u << 20;
    // UTF-8's byte-order mark, which spreadsheets write at the start of a CSV file: skipped there.
    static constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

private:
    void skipByteOrderMark(std::string_view start);
    bool fill(); // reads more of the file after the unconsumed tail; false at its end
    void split(std::string_view record); // fills m_fields
    std::string_view unquoted(std::string_view field);

    std::optional<InputFile> m_file;
    std::string m_buffer; // the file's bytes not yet consumed, from m_begin
    std::string_view m_text; // fromText: the whole input
    std::size_t m_begin = 0; // the next record's first byte in m_buffer
    bool m_eof = false;
    bool m_fromText = false;
    std::string m_skipPrefix;
    std::vector<std::string_view> m_fields;
    std::string m_scratch; // fields that had doubled quotes, unescaped; reserved per record so views stay valid
    int m_line = 1; // the line m_begin is on
    int m_recordLine = 0;
    int m_skippedLines = 0;
    std::string m_error;
};

// Parses a number as measurement tools write it: optional sign, digits with optional thousands separators
// ("1,234.5"), fraction and exponent, surrounding spaces allowed. Refuses anything else, "n/a", inf and NaN.
std::optional<double> parseMeasuredNumber(std::string_view text);

} // namespace roofline
