// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/folding_tabs.h"

#include <QApplication>
#include <QEvent>
#include <QTabBar>

#include <algorithm>

namespace roofline::widgets {

FoldingTabs::FoldingTabs(QWidget* parent)
    : QTabWidget(parent)
{
    // tabBarClicked comes before the current tab changes: clicking the current tab is the fold gesture.
    connect(tabBar(), &QTabBar::tabBarClicked, this, [this](int index) {
        // A double click is two presses: the second must not fold what the first opened.
        if (index < 0 || (m_sinceClick.isValid() && m_sinceClick.elapsed() < QApplication::doubleClickInterval()))
            return;
        m_sinceClick.start();
        setFolded(index == currentIndex() ? !m_folded : false);
    });
    // Another page by its key (Alt+R, Ctrl+Tab) or from the program opens the pages too.
    connect(this, &QTabWidget::currentChanged, this, [this] { setFolded(false); });
    tabBar()->setToolTip(tr("Click the open tab to fold these pages away and give the chart the room"));
}

int FoldingTabs::foldedHeight() const
{
    // The tab row: the tabs, or a widget in its corner where that is taller.
    int row = tabBar()->sizeHint().height();
    for (Qt::Corner corner : { Qt::TopLeftCorner, Qt::TopRightCorner })
        if (const QWidget* w = cornerWidget(corner); w && !w->isHidden())
            row = std::max(row, w->sizeHint().height());
    return row + 2;
}

void FoldingTabs::setFolded(bool folded)
{
    if (folded == m_folded)
        return;
    m_folded = folded;
    // The tab bar is what the splitter keeps; the open page is hidden, so that it does no work while out of sight (the
    // sweep samples its curves only while it shows).
    setMaximumHeight(folded ? foldedHeight() : QWIDGETSIZE_MAX);
    if (QWidget* page = currentWidget())
        page->setVisible(!folded);
    updateGeometry();
    emit foldedChanged(folded);
}

void FoldingTabs::showPage(QWidget* page)
{
    setCurrentWidget(page);
    setFolded(false);
}

int FoldingTabs::cornerWidthsOver(QSize (QWidget::*hint)() const) const
{
    // QTabWidget counts a corner widget's full width (its size hint), hidden or not; a tool bar there can give way to
    // its extension button, and a hidden one takes nothing.
    int over = 0;
    for (Qt::Corner corner : { Qt::TopLeftCorner, Qt::TopRightCorner })
        if (const QWidget* w = cornerWidget(corner))
            over += w->sizeHint().width() - (w->isHidden() ? 0 : (w->*hint)().width());
    return over;
}

void FoldingTabs::setCornerBar(QWidget* bar)
{
    m_cornerBar = bar;
    setCornerWidget(bar, Qt::TopRightCorner);
    bar->installEventFilter(this);
}

bool FoldingTabs::eventFilter(QObject* watched, QEvent* event)
{
    // QTabWidget keeps a hidden corner widget's room: the bar leaves the corner while hidden and comes back when shown.
    if (watched == m_cornerBar && (event->type() == QEvent::ShowToParent || event->type() == QEvent::HideToParent)) {
        const bool shown = event->type() == QEvent::ShowToParent;
        if (shown != (cornerWidget(Qt::TopRightCorner) == m_cornerBar)) {
            setCornerWidget(shown ? m_cornerBar : nullptr, Qt::TopRightCorner);
            if (shown)
                m_cornerBar->show(); // QTabWidget hides the widget it takes a corner from, not the one it is given
        }
        if (m_folded)
            setMaximumHeight(foldedHeight());
    }
    return QTabWidget::eventFilter(watched, event);
}

QSize FoldingTabs::minimumSizeHint() const
{
    const QSize least = QTabWidget::minimumSizeHint();
    return { least.width() - cornerWidthsOver(&QWidget::minimumSizeHint), m_folded ? foldedHeight() : least.height() };
}

QSize FoldingTabs::sizeHint() const
{
    const QSize wanted = QTabWidget::sizeHint();
    return { wanted.width() - cornerWidthsOver(&QWidget::sizeHint), m_folded ? foldedHeight() : wanted.height() };
}

} // namespace roofline::widgets

#include "moc_folding_tabs.cpp"
