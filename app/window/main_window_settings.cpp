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
#include <QTimer>
#include <QToolBar>

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
    const QRect available = screen()->availableGeometry();
    // A projector or a laptop at 200 % has no pixel to spare around the window: it takes all but the frame.
    const double screenShare = available.height() < kShortScreen ? kSmallScreenShare : kScreenShare;
    const QSize size = kPreferredSize.boundedTo((QSizeF(available.size()) * screenShare).toSize());
    resize(size.expandedTo(minimumSizeHint()).boundedTo(available.size()));
    move(available.center() - QPoint(width() / 2, height() / 2));
    fitDocks();
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
