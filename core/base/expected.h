// SPDX-License-Identifier: GPL-3.0-or-later
// A value or the reason there is none: the core's way to return errors without exceptions.
#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace roofline {

template <typename T, typename E = std::string> class Expected {
public:
    Expected(T value)
        : m_state(std::in_place_index<0>, std::move(value))
    { }
    static Expected failure(E error) { return Expected(std::in_place_index<1>, std::move(error)); }

    bool ok() const { return m_state.index() == 0; }
    explicit operator bool() const { return ok(); }

    const T& value() const&
    {
        assert(ok());
        return std::get<0>(m_state);
    }
    T& value() &
    {
        assert(ok());
        return std::get<0>(m_state);
    }
    T&& value() &&
    {
        assert(ok());
        return std::get<0>(std::move(m_state));
    }
    const T& operator*() const& { return value(); }
    const T* operator->() const { return &value(); }

    const E& error() const
    {
        assert(!ok());
        return std::get<1>(m_state);
    }

private:
    template <std::size_t I, typename V>
    Expected(std::in_place_index_t<I> tag, V&& v)
        : m_state(tag, std::forward<V>(v))
    { }
    std::variant<T, E> m_state;
};

} // namespace roofline
