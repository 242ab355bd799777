// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/vertical_scroll_area.h"

#include <QEvent>
#include <QScrollBar>

namespace roofline::widgets {

VerticalScrollArea::VerticalScrollArea(QWidget* contents, QWidget* parent)
    : QScrollArea(parent)
{
    setWidget(contents);
    setWidgetResizable(true);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // Always there, so that the contents' width never changes with their height: rows that go to two lines in a
    // narrow panel would otherwise move everything under them whenever the bar came or went.
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Expanding);
    contents->installEventFilter(this);
}

int VerticalScrollArea::contentsWidth() const
{
    return widget()->minimumSizeHint().width() + verticalScrollBar()->sizeHint().width() + 2 * frameWidth();
}

QSize VerticalScrollArea::minimumSizeHint() const
{
    return { contentsWidth(), QScrollArea::minimumSizeHint().height() };
}

QSize VerticalScrollArea::sizeHint() const
{
    return { std::max(contentsWidth(),
                 widget()->sizeHint().width() + verticalScrollBar()->sizeHint().width() + 2 * frameWidth()),
        QScrollArea::sizeHint().height() };
}

bool VerticalScrollArea::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == widget() && event->type() == QEvent::LayoutRequest)
        updateGeometry();
    return QScrollArea::eventFilter(watched, event);
}

} // namespace roofline::widgets

#include "moc_vertical_scroll_area.cpp"
