// SPDX-License-Identifier: GPL-3.0-or-later
// Where the main window opens and what it remembers: its geometry fitted to the screen, its docks and folded pages,
// the chip, the theme and the zoom, in QSettings.
#include "window/main_window.h"

#include "common/chart_text.h"
#include "common/folding_tabs.h"
#include "document/document.h"
#include "panels/teaching.h"

#include <QDockWidget>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QShowEvent>
#include <QSignalBlocker>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QTimer>
#include <QToolBar>
#include <QWindow>

#include <algorithm>
#include <utility>

namespace roofline::widgets {

void MainWindow::restoreSettings()
{
    QSettings settings;
    m_firstLaunch = !settings.contains(QStringLiteral("window/geometry"));
    // A window last closed on a larger screen (a monitor, and now the projector) starts afresh on this one.
    // One that fits, give or take its frame, is kept with the docks as they were left.
    const QRect available = screen()->availableGeometry();
    if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray())
        || !available.contains(geometry().center()) || geometry().width() > available.width()
        || geometry().height() > available.height()) {
        fitToScreen();
    } else {
        m_placedSize = size();
        // The docks as the lecturer left them: the side panel open or closed, where the explanation sat. Whether the
        // explanation shows is the lesson's business (updateExplanation), not the saved state's.
        const QSignalBlocker blocker(m_explanationDock);
        if (!restoreState(settings.value(QStringLiteral("window/state")).toByteArray()))
            fitDocks(); // a window remembered by an older version: its docks as on a first launch
        else
            m_bottomTabs->setFolded(settings.value(QStringLiteral("window/pagesFolded"), false).toBool());
        m_teaching->toolBar()->setVisible(
            settings.value(QStringLiteral("window/playBar"), !m_teaching->toolBar()->isHidden()).toBool());
    }
    // The chip of the last session, or on a first run the one the texts' examples use most.
    const QString preset = settings.value(QStringLiteral("chart/preset"), QStringLiteral("h100-sxm")).toString();
    const PresetLibrary& library = m_document->library();
    if (const Hardware* hw
        = library.find(preset.toStdString()) ? library.find(preset.toStdString()) : library.find("h100-sxm"))
        m_document->load(presetSession(library, *hw));
    m_theme->restore(settings);
}

bool MainWindow::welcome()
{
    if (!m_firstLaunch)
        return false;
    m_firstLaunch = false;
    const std::vector<BuiltInExample> examples = builtInExamples(m_document->library());
    if (examples.empty() || examples.front().order == INT_MAX || !openEmbeddedScenario(examples.front().name).isEmpty())
        return false;
    statusBar()->showMessage(
        tr("The first of the texts' worked examples: File ▸ Examples has the others, Ctrl+1 to Ctrl+9 the "
           "first nine; Help ▸ Keyboard shortcuts lists the keys"));
    return true;
}

void MainWindow::fitToScreen()
{
    placeOnScreen();
    fitDocks();
}

void MainWindow::placeOnScreen()
{
    const QRect available = screen()->availableGeometry();
    // A projector or a laptop at 200 % has no pixel to spare around the window: it takes all but the frame. The
    // frame's margins are known once the window exists (Qt 6.8's offscreen platform draws one too); before, a
    // desktop's window manager fits the frame as it places the window.
    const QMargins frame = windowHandle() ? windowHandle()->frameMargins() : QMargins();
    const QSize room = roomOnScreen();
    const double screenShare = available.height() < kShortScreen ? kSmallScreenShare : kScreenShare;
    const QSize size = kPreferredSize.boundedTo((QSizeF(available.size()) * screenShare).toSize());
    resize(size.expandedTo(minimumSizeHint()).boundedTo(room));
    // move() places the frame's top left corner: the frame centred on the screen.
    const QSize whole = this->size().grownBy(frame);
    move(available.left() + (available.width() - whole.width()) / 2,
        available.top() + (available.height() - whole.height()) / 2);
    m_placedSize = this->size();
}

QSize MainWindow::roomOnScreen() const
{
    // Its frame's margins where known; and what restoreGeometry() keeps clear in Qt 6.8, which shrinks a window that
    // comes within a title bar and two pixels of the screen's height or two pixels of its width (an exact fit would
    // read as full screen): a window left within this room comes back from the settings as it was.
    const QMargins frame = windowHandle() ? windowHandle()->frameMargins() : QMargins();
    const int titleBar = style()->pixelMetric(QStyle::PM_TitleBarHeight, nullptr, this);
    const QSize available = screen()->availableGeometry().size();
    return { available.width() - std::max(frame.left() + frame.right(), 0) - 2,
        available.height() - std::max(frame.top() + frame.bottom(), titleBar) - 2 };
}

void MainWindow::keepOnScreen()
{
    // As small as it must be to fit with its frame, and moved as little as it must be to lie on the screen.
    const QRect available = screen()->availableGeometry();
    const QMargins frame = windowHandle() ? windowHandle()->frameMargins() : QMargins();
    resize(size().boundedTo(roomOnScreen()));
    const QSize whole = size().grownBy(frame);
    move(std::clamp(frameGeometry().x(), available.left(), available.left() + available.width() - whole.width()),
        std::clamp(frameGeometry().y(), available.top(), available.top() + available.height() - whole.height()));
}

void MainWindow::fitDocks()
{
    const QRect available = screen()->availableGeometry();
    // The chart first. On a screen too narrow for the controls beside a readable chart (640×360 at 200 %) the side
    // panel starts closed (F9 opens it); below 900 pixels of height the pages under the chart start folded to their
    // tab bar. Otherwise the panel takes the width its controls want, up to a quarter of the window (two fifths on a
    // wide screen), and the pages a third of the height.
    m_controlsDock->setVisible(available.width() >= kNarrowScreen);
    m_bottomTabs->setFolded(available.height() < kShortScreen);
    m_teaching->toolBar()->setVisible(available.height() >= kTinyScreen);
    const auto* scroll = findChild<QScrollArea*>(QStringLiteral("controlsScroll"));
    auto* right = findChild<QSplitter*>(QStringLiteral("chartSplitter"));
    if (scroll && right) {
        const int wanted = scroll->sizeHint().width();
        const int share = available.width() < kWideScreen ? width() / 4 : width() * 2 / 5;
        const int panel = std::clamp(wanted, scroll->minimumSizeHint().width(), std::max(kPanelMinWidth, share));
        resizeDocks({ m_controlsDock }, { panel }, Qt::Horizontal);
        m_panelWidthOnShow = panel;
        right->setSizes({ height() * 2 / 3, height() / 3 });
    }
}

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    // Shown for the first time with the size it was placed at, now with its frame: a window fitted before its frame
    // was known, or restored from a larger screen (Qt 6.8 fits it within this one only as far as the margins it was
    // saved with), is brought wholly onto the screen, its docks as they were. A size set since (by the user, or a
    // test) stands.
    if (!event->spontaneous() && std::exchange(m_placedSize, QSize()) == size() && !isFullScreen() && !isMaximized()
        && !screen()->availableGeometry().contains(frameGeometry()))
        keepOnScreen();
    // A zoom remembered from a larger screen is checked against this one's room, once the window is laid out.
    if (!event->spontaneous() && m_theme->zoom() > m_roomyZoom)
        QTimer::singleShot(0, this, &MainWindow::keepChartRoom);
    // Docks take a width once the window has been laid out: on the event loop's next pass.
    if (m_panelWidthOnShow > 0)
        QTimer::singleShot(0, this,
            [this] { resizeDocks({ m_controlsDock }, { std::exchange(m_panelWidthOnShow, 0) }, Qt::Horizontal); });
}

void MainWindow::saveSettings() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    settings.setValue(QStringLiteral("window/pagesFolded"), m_bottomTabs->isFolded());
    settings.setValue(QStringLiteral("window/playBar"), !m_teaching->toolBar()->isHidden());
    if (m_document->library().find(m_document->chip().id))
        settings.setValue(QStringLiteral("chart/preset"), qs(m_document->chip().id));
    m_theme->save(settings);
}

bool adoptEarlierSettings(QSettings& to, QSettings& from)
{
    // The two files alone: a system-wide file (/etc/xdg) read through the fallbacks is neither's.
    to.setFallbacksEnabled(false);
    from.setFallbacksEnabled(false);
    if (!to.allKeys().isEmpty())
        return false;
    const QStringList keys = from.allKeys();
    for (const QString& key : keys)
        to.setValue(key, from.value(key));
    to.sync();
    return !keys.isEmpty();
}

} // namespace roofline::widgets
