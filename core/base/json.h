// SPDX-License-Identifier: GPL-3.0-or-later
// A small streaming JSON writer: enough for the report, with numbers printed to round-trip exactly.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace roofline {

// Where a long document goes as it is written, a piece at a time, so that it is never whole in memory.
using TextSink = std::function<void(std::string_view)>;

class JsonWriter {
public:
    using Sink = TextSink;

    JsonWriter() = default;
    // Hands the text to `sink` whenever more than kPiece bytes are waiting, and the rest on flush().
    explicit JsonWriter(Sink sink)
        : m_sink(std::move(sink))
    { }
    static constexpr std::size_t kPiece = 1 << 16;

    JsonWriter& beginObject();
    JsonWriter& endObject();
    JsonWriter& beginArray();
    JsonWriter& endArray();
    JsonWriter& key(std::string_view);
    JsonWriter& value(std::string_view);
    JsonWriter& value(const char* s) { return value(std::string_view(s)); }
    JsonWriter& value(double); // non-finite numbers are written as null: JSON has no NaN or infinity
    JsonWriter& value(bool);
    JsonWriter& null();

    // The text written, or with a sink, what it has not yet been handed.
    const std::string& str() const { return m_out; }
    // Hands what is waiting to the sink.
    void flush();

private:
    void separate();
    void newline();
    Sink m_sink;
    std::string m_out;
    std::vector<bool> m_first; // per open container: nothing written in it yet
    bool m_afterKey = false;
};

} // namespace roofline
