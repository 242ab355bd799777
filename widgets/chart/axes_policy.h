// SPDX-License-Identifier: GPL-3.0-or-later
// Which axes the roofline chart asks its layout for: the content's, an example's view, or axes held still.
#pragma once

#include "chart/chart.h"
#include "roofline/hardware.h"

#include <optional>

namespace roofline::widgets {

// While locked the axes keep their range through a drag or a play, whatever moves; when input rests they change only
// if something would leave them (chart::keepOrRescale), and fit() takes the range the content asks for. Unlocked,
// the axes follow the content at every step. A worked example's view frames the chart until a marker leaves it or
// fit(). A new chip (another frame) frames the axes anew either way.
class AxesPolicy {
public:
    void setLocked(bool locked);
    bool locked() const { return m_locked; }
    // Forget the held axes and the view: the content's from the next layout.
    void fit();
    // An example's view (either axis may be missing: the content's `natural` one), for the chip `frame`.
    void openView(std::optional<chart::DecadeRange> x, std::optional<chart::DecadeRange> y, const chart::Axes& natural,
        const Hardware& frame);
    bool hasView() const { return m_view.has_value(); }
    // Whether an example's view has framed the chart once.
    bool framed() const { return m_framed; }

    // The axes the next layout must keep for the chip `frame`: the example's view while it frames that chip, else the
    // held ones; nothing when the axes follow the content.
    std::optional<chart::Axes> asked(const Hardware& frame);
    // The held axes alone (not the view) for this chip, or nothing when they follow the content.
    std::optional<chart::Axes> held(const Hardware& frame) const;
    // A marker left the example's view: the axes take what the content asks for.
    void leaveView() { m_view.reset(); }
    // After a layout with axes `shown` and the content's `natural` ones: holds the axes, or takes the content's when
    // something would leave them while input rests. Returns the axes to lay out again with when they changed.
    std::optional<chart::Axes> hold(
        const chart::Axes& shown, const chart::Axes& natural, bool dragging, const Hardware& frame);

private:
    bool m_locked = false;
    std::optional<chart::Axes> m_held; // the axes held still, for the chip m_heldFrame
    Hardware m_heldFrame;
    std::optional<chart::Axes> m_view; // an example's view, for the chip m_viewFrame
    Hardware m_viewFrame;
    bool m_framed = false;
};

} // namespace roofline::widgets
