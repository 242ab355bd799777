// SPDX-License-Identifier: GPL-3.0-or-later
#include "chart/axes_policy.h"

namespace roofline::widgets {

void AxesPolicy::setLocked(bool locked)
{
    m_locked = locked;
    m_held.reset();
}

void AxesPolicy::fit()
{
    m_held.reset();
    m_view.reset();
}

void AxesPolicy::openView(std::optional<chart::DecadeRange> x, std::optional<chart::DecadeRange> y,
    const chart::Axes& natural, const Hardware& frame)
{
    m_framed = true;
    m_held.reset();
    m_view.reset();
    if (!x && !y)
        return;
    m_view = chart::Axes { x.value_or(natural.x), y.value_or(natural.y) };
    m_viewFrame = frame;
}

std::optional<chart::Axes> AxesPolicy::asked(const Hardware& frame)
{
    if (m_view && !(m_viewFrame == frame))
        m_view.reset(); // another chip: the example's view no longer frames it
    return m_view ? m_view : held(frame);
}

std::optional<chart::Axes> AxesPolicy::held(const Hardware& frame) const
{
    if (!m_locked || !m_held || !(m_heldFrame == frame))
        return std::nullopt; // unlocked, or a new chip: framed anew
    return m_held;
}

std::optional<chart::Axes> AxesPolicy::hold(
    const chart::Axes& shown, const chart::Axes& natural, bool dragging, const Hardware& frame)
{
    if (m_view) { // the example's own axes, held until a marker leaves them or Fit axes
        m_held = m_view;
        m_heldFrame = frame;
        return std::nullopt;
    }
    if (!m_locked) {
        m_held.reset();
        return std::nullopt;
    }
    // Through a drag or a play the axes stay as they are; when input rests they follow only what would leave them.
    const chart::Axes kept = dragging ? shown : chart::keepOrRescale(shown, natural);
    m_held = kept;
    if (!(m_heldFrame == frame))
        m_heldFrame = frame;
    if (kept != shown)
        return kept;
    return std::nullopt;
}

} // namespace roofline::widgets
