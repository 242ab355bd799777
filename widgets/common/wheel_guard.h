// SPDX-License-Identifier: GPL-3.0-or-later
// The mouse wheel scrolls the panel under it: a slider, spin box or list takes the wheel only once it has the focus.
#pragma once

#include <QObject>

namespace roofline::widgets {

// Installed on the application, it watches every slider, spin box and combo box (scroll bars excepted): each takes
// the keyboard focus on a click or Tab but never on the wheel (Qt::StrongFocus), and while it lacks the focus a wheel
// over it scrolls the scroll area it sits in, or goes to its parent when there is none, instead of changing its value.
// A lecturer scrolling the side panel then never moves a slider or switches a list on the way.
class WheelGuard : public QObject {
    Q_OBJECT
public:
    // Watches the application's widgets, those that exist now and those made later, until `owner` goes.
    static void install(QObject* owner);

    // Whether `object` is a control the guard keeps from the wheel while it lacks the focus.
    static bool guards(const QObject* object);

    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    explicit WheelGuard(QObject* parent);
    // Clicks and Tab give `control` the focus, the wheel does not.
    static void keepFocusFromWheel(QObject* control);
};

} // namespace roofline::widgets
