// SPDX-License-Identifier: GPL-3.0-or-later
// A short name that many records share ("DRAM", "bf16", a point's bound): held once for the whole program, a
// pointer where each record would hold a string of its own (32 bytes, and more on the heap beyond 15 characters). A
// million measured kernels name a handful of levels.
#pragma once

#include <string>
#include <string_view>

namespace roofline {

class SharedName {
public:
    SharedName() = default; // the empty name
    SharedName(std::string_view text); // NOLINT(google-explicit-constructor): a name is written as its text
    SharedName(const char* text)
        : SharedName(std::string_view(text))
    { }
    SharedName(const std::string& text)
        : SharedName(std::string_view(text))
    { }

    std::string_view view() const { return m_text ? std::string_view(*m_text) : std::string_view(); }
    std::string str() const { return std::string(view()); }
    operator std::string_view() const { return view(); } // NOLINT(google-explicit-constructor)
    bool empty() const { return !m_text; }
    std::size_t size() const { return view().size(); }

    friend bool operator==(SharedName a, SharedName b) { return a.m_text == b.m_text; }
    friend bool operator==(SharedName a, std::string_view b) { return a.view() == b; }
    friend bool operator==(SharedName a, const char* b) { return a.view() == std::string_view(b); }
    friend bool operator==(SharedName a, const std::string& b) { return a.view() == std::string_view(b); }
    friend std::string operator+(const std::string& a, SharedName b) { return a + std::string(b.view()); }
    friend std::string operator+(SharedName a, const std::string& b) { return std::string(a.view()) + b; }
    friend std::string operator+(const char* a, SharedName b) { return a + std::string(b.view()); }
    friend std::string operator+(SharedName a, const char* b) { return std::string(a.view()) + b; }

private:
    const std::string* m_text = nullptr; // in the program's table of names, never moved or freed
};

} // namespace roofline
