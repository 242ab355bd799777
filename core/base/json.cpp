// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/json.h"

#include "base/units.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace roofline {

void JsonWriter::flush()
{
    if (m_sink && !m_out.empty()) {
        m_sink(m_out);
        m_out.clear();
    }
}

void JsonWriter::newline()
{
    if (m_sink && m_out.size() >= kPiece) // what is before a line break is never changed again
        flush();
    m_out += '\n';
    m_out.append(2 * m_first.size(), ' ');
}

void JsonWriter::separate()
{
    if (m_afterKey) {
        m_afterKey = false;
        return;
    }
    if (!m_first.empty()) {
        if (!m_first.back())
            m_out += ',';
        m_first.back() = false;
        newline();
    }
}

JsonWriter& JsonWriter::beginObject()
{
    separate();
    m_out += '{';
    m_first.push_back(true);
    return *this;
}

JsonWriter& JsonWriter::endObject()
{
    const bool empty = m_first.back();
    m_first.pop_back();
    if (!empty)
        newline();
    m_out += '}';
    return *this;
}

JsonWriter& JsonWriter::beginArray()
{
    separate();
    m_out += '[';
    m_first.push_back(true);
    return *this;
}

JsonWriter& JsonWriter::endArray()
{
    return endObject(), m_out.back() = ']', *this;
}

JsonWriter& JsonWriter::key(std::string_view k)
{
    value(k);
    m_out += ": ";
    m_afterKey = true;
    return *this;
}

JsonWriter& JsonWriter::value(std::string_view s)
{
    separate();
    m_out += '"';
    auto escaped = [this](unsigned code) {
        char buffer[8];
        std::snprintf(buffer, sizeof buffer, "\\u%04x", code);
        m_out += buffer;
    };
    for (std::size_t i = 0; i < s.size();) {
        const char c = s[i];
        const std::size_t length = utf8Length(s, i);
        if (length == 0) {
            escaped(0xFFFD); // a byte that is not UTF-8: the replacement character, so the document stays valid
            ++i;
            continue;
        }
        const auto first = static_cast<unsigned char>(c);
        const auto second = length == 2 ? static_cast<unsigned char>(s[i + 1]) : 0;
        if (first == 0xC2 && second < 0xA0) { // U+0080 to U+009F, the C1 controls
            escaped(second);
        } else if (c == '"') {
            m_out += "\\\"";
        } else if (c == '\\') {
            m_out += "\\\\";
        } else if (c == '\n') {
            m_out += "\\n";
        } else if (c == '\t') {
            m_out += "\\t";
        } else if (c == '\r') {
            m_out += "\\r";
        } else if (first < 0x20 || first == 0x7F) {
            escaped(first);
        } else {
            m_out.append(s.substr(i, length));
        }
        i += length;
    }
    m_out += '"';
    return *this;
}

JsonWriter& JsonWriter::value(double v)
{
    if (!std::isfinite(v))
        return null();
    separate();
    char buffer[40];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, v); // shortest text that reads back as v
    m_out.append(buffer, result.ptr);
    return *this;
}

JsonWriter& JsonWriter::value(bool b)
{
    separate();
    m_out += b ? "true" : "false";
    return *this;
}

JsonWriter& JsonWriter::null()
{
    separate();
    m_out += "null";
    return *this;
}

} // namespace roofline
