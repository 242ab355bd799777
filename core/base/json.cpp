#include "base/json.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace roofline {

void JsonWriter::newline()
{
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
    for (const char c : s) {
        switch (c) {
        case '"':
            m_out += "\\\"";
            break;
        case '\\':
            m_out += "\\\\";
            break;
        case '\n':
            m_out += "\\n";
            break;
        case '\t':
            m_out += "\\t";
            break;
        case '\r':
            m_out += "\\r";
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                char buffer[8];
                std::snprintf(buffer, sizeof buffer, "\\u%04x", static_cast<unsigned>(c));
                m_out += buffer;
            } else {
                m_out += c;
            }
        }
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
