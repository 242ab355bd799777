// A small streaming JSON writer: enough for the report, with numbers printed to round-trip exactly.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace roofline {

class JsonWriter {
public:
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

    const std::string& str() const { return m_out; }

private:
    void separate();
    void newline();
    std::string m_out;
    std::vector<bool> m_first; // per open container: nothing written in it yet
    bool m_afterKey = false;
};

} // namespace roofline
