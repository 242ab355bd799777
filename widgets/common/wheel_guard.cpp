// SPDX-License-Identifier: GPL-3.0-or-later
// The wheel kept from controls that lack the focus, and handed to the scroll area around them.
#include "common/wheel_guard.h"

#include <QAbstractScrollArea>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QScrollBar>
#include <QWheelEvent>
#include <QWidget>

namespace roofline::widgets {

WheelGuard::WheelGuard(QObject* parent)
    : QObject(parent)
{ }

void WheelGuard::install(QObject* owner)
{
    QCoreApplication::instance()->installEventFilter(new WheelGuard(owner));
    for (QWidget* w : QApplication::allWidgets())
        keepFocusFromWheel(w);
}

void WheelGuard::keepFocusFromWheel(QObject* object)
{
    if (!guards(object))
        return;
    auto* control = static_cast<QWidget*>(object);
    if (control->focusPolicy() == Qt::WheelFocus)
        control->setFocusPolicy(Qt::StrongFocus);
}

bool WheelGuard::guards(const QObject* object)
{
    if (qobject_cast<const QScrollBar*>(object))
        return false; // a scroll bar is what the wheel is for
    return qobject_cast<const QAbstractSlider*>(object) || qobject_cast<const QAbstractSpinBox*>(object)
        || qobject_cast<const QComboBox*>(object);
}

bool WheelGuard::eventFilter(QObject* watched, QEvent* event)
{
    // Qt polishes a widget before it is first shown: its focus policy is set then, before any wheel can reach it.
    if (event->type() == QEvent::Polish) {
        keepFocusFromWheel(watched);
        return false;
    }
    if (event->type() != QEvent::Wheel || !guards(watched))
        return false;
    auto* control = static_cast<QWidget*>(watched);
    if (control->hasFocus())
        return false;
    auto* wheel = static_cast<QWheelEvent*>(event);
    for (QWidget* w = control->parentWidget(); w; w = w->parentWidget()) {
        auto* area = qobject_cast<QAbstractScrollArea*>(w);
        if (!area || area->viewport() == control)
            continue;
        // The same turn of the wheel, as if made over the scroll area's view.
        QWidget* view = area->viewport();
        QWheelEvent forwarded(view->mapFromGlobal(wheel->globalPosition()), wheel->globalPosition(),
            wheel->pixelDelta(), wheel->angleDelta(), wheel->buttons(), wheel->modifiers(), wheel->phase(),
            wheel->inverted(), wheel->source(), wheel->pointingDevice());
        QCoreApplication::sendEvent(view, &forwarded);
        wheel->accept();
        return true;
    }
    // No scroll area: the control leaves the event, which Qt passes on to its parent.
    wheel->ignore();
    return true;
}

} // namespace roofline::widgets

#include "moc_wheel_guard.cpp"
