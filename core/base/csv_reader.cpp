// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/csv_reader.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace roofline {

CsvReader CsvReader::fromFile(InputFile file, std::string head)
{
    CsvReader reader;
    reader.m_file.emplace(std::move(file));
    reader.m_buffer = std::move(head);
    reader.skipByteOrderMark(reader.m_buffer);
    return reader;
}

CsvReader CsvReader::fromText(std::string_view text)
{
    CsvReader reader;
    reader.m_text = text;
    reader.m_fromText = true;
    reader.m_eof = true;
    reader.skipByteOrderMark(text);
    return reader;
}

void CsvReader::skipByteOrderMark(std::string_view start)
{
    if (start.starts_with(kByteOrderMark))
        m_begin = kByteOrderMark.size();
}

bool CsvReader::fill()
{
    if (m_fromText || m_eof || !m_file)
        return false;
    m_buffer.erase(0, m_begin);
    m_begin = 0;
    const std::size_t kept = m_buffer.size();
    if (kept > kMaxRecordBytes) {
        m_error = "a record longer than 64 MiB";
        return false;
    }
    const std::size_t chunk = std::max<std::size_t>(1u << 20, kept);
    m_buffer.resize(kept + chunk);
    const Expected<std::size_t> n = m_file->read(m_buffer.data() + kept, chunk);
    m_buffer.resize(kept + (n ? *n : 0));
    if (!n)
        m_error = n.error();
    if (!n || *n == 0)
        m_eof = true;
    return n && *n > 0;
}

bool CsvReader::next()
{
    m_fields.clear();
    if (!m_error.empty())
        return false;
    for (;;) {
        const std::string_view data = m_fromText ? m_text : std::string_view(m_buffer);
        if (m_begin >= data.size()) {
            if (fill())
                continue;
            return false;
        }
        // Find the record's end: the first line feed outside quotes, or the end of the file.
        const std::size_t prefixSize = m_skipPrefix.size();
        const bool skipLine = prefixSize > 0 && data.substr(m_begin, prefixSize) == m_skipPrefix;
        if (prefixSize > 0 && !skipLine && data.size() - m_begin < prefixSize && !m_eof) {
            fill();
            continue;
        }
        bool inQuotes = false;
        std::size_t end = m_begin;
        int newlines = 0;
        for (; end < data.size(); ++end) {
            const char c = data[end];
            if (c == '"' && !skipLine)
                inQuotes = !inQuotes;
            else if (c == '\n') {
                if (!inQuotes)
                    break;
                ++newlines;
            }
        }
        if (end == data.size() && !m_eof) {
            if (!fill() && !m_error.empty())
                return false;
            continue;
        }
        if (inQuotes) {
            m_error = "a quoted field that starts on line " + std::to_string(m_line) + " runs to the end of the file";
            return false;
        }
        m_recordLine = m_line;
        m_line += newlines + 1;
        const std::size_t begin = m_begin;
        m_begin = end + 1;
        if (skipLine) {
            ++m_skippedLines;
            continue;
        }
        std::size_t stop = end;
        if (stop > begin && data[stop - 1] == '\r')
            --stop;
        split(data.substr(begin, stop - begin));
        return true;
    }
}

void CsvReader::split(std::string_view record)
{
    m_scratch.clear();
    m_scratch.reserve(record.size());
    std::size_t i = 0;
    for (;;) {
        if (i < record.size() && record[i] == '"') {
            // A quoted field: up to the closing quote; a doubled quote is one quote. Characters after the closing
            // quote and before the comma are kept, as spreadsheets do.
            std::size_t j = i + 1;
            const std::size_t close = record.find('"', j);
            if (close == std::string_view::npos || close + 1 >= record.size() || record[close + 1] != '"') {
                const std::size_t q = close == std::string_view::npos ? record.size() : close;
                std::size_t comma = record.find(',', q);
                if (comma == std::string_view::npos)
                    comma = record.size();
                if (comma == q + 1 || q == record.size())
                    m_fields.push_back(record.substr(j, q - j));
                else
                    m_fields.push_back(unquoted(record.substr(i, comma - i)));
                i = comma;
            } else {
                std::size_t comma = record.size();
                const std::size_t start = m_scratch.size();
                bool quoted = true;
                for (j = i + 1; j < record.size(); ++j) {
                    const char c = record[j];
                    if (quoted && c == '"' && j + 1 < record.size() && record[j + 1] == '"') {
                        m_scratch += '"';
                        ++j;
                    } else if (c == '"') {
                        quoted = !quoted;
                    } else if (!quoted && c == ',') {
                        comma = j;
                        break;
                    } else {
                        m_scratch += c;
                    }
                }
                m_fields.push_back(std::string_view(m_scratch).substr(start));
                i = comma;
            }
        } else {
            std::size_t comma = record.find(',', i);
            if (comma == std::string_view::npos)
                comma = record.size();
            m_fields.push_back(record.substr(i, comma - i));
            i = comma;
        }
        if (i >= record.size())
            return;
        ++i; // past the comma
        if (i == record.size()) {
            m_fields.push_back({});
            return;
        }
    }
}

std::string_view CsvReader::unquoted(std::string_view field)
{
    // A field with text after its closing quote ("12"ab): the quotes removed, the rest kept.
    const std::size_t start = m_scratch.size();
    for (const char c : field)
        if (c != '"')
            m_scratch += c;
    return std::string_view(m_scratch).substr(start);
}

std::optional<double> parseMeasuredNumber(std::string_view text)
{
    while (!text.empty() && text.front() == ' ')
        text.remove_prefix(1);
    while (!text.empty() && text.back() == ' ')
        text.remove_suffix(1);
    if (text.empty() || text.size() > 64)
        return std::nullopt;
    char digits[64];
    std::size_t n = 0;
    std::size_t sinceSeparator = 0;
    bool sawSeparator = false;
    bool inInteger = true;
    std::size_t i = 0;
    if (text[0] == '-' || text[0] == '+')
        digits[n++] = text[i++];
    for (; i < text.size(); ++i) {
        const char c = text[i];
        if (c == ',') {
            // Thousands separators only in the integer part, three digits apart.
            if (!inInteger || sinceSeparator == 0 || (sawSeparator && sinceSeparator != 3) || sinceSeparator > 3)
                return std::nullopt;
            sawSeparator = true;
            sinceSeparator = 0;
            continue;
        }
        if (c >= '0' && c <= '9') {
            if (inInteger)
                ++sinceSeparator;
        } else if (c == '.' || c == 'e' || c == 'E') {
            if (inInteger && sawSeparator && sinceSeparator != 3)
                return std::nullopt;
            inInteger = false;
        } else if (!((c == '-' || c == '+') && i > 0 && (text[i - 1] == 'e' || text[i - 1] == 'E'))) {
            return std::nullopt;
        }
        digits[n++] = c;
    }
    if (inInteger && sawSeparator && sinceSeparator != 3)
        return std::nullopt;
    const char* first = digits + (n > 0 && digits[0] == '+' ? 1 : 0);
    double value = 0;
    const auto [end, ec] = std::from_chars(first, digits + n, value);
    if (ec != std::errc() || end != digits + n || !std::isfinite(value))
        return std::nullopt;
    return value;
}

} // namespace roofline
