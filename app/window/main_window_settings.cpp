// Where the main window opens and what it remembers: its geometry fitted to the screen, the chip, the theme and the
// zoom, in QSettings.
#include "window/main_window.h"

#include "common/chart_text.h"
#include "document/document.h"

#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>

#include <algorithm>

namespace roofline::widgets {

void MainWindow::restoreSettings()
{
    QSettings settings;
    m_firstLaunch = !settings.contains(QStringLiteral("window/geometry"));
    // A window last closed on a larger screen (a monitor, and now the projector) starts afresh on this one.
    if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray())
        || !screen()->availableGeometry().contains(geometry()))
        fitToScreen();
    // The chip of the last session, or on a first run the one the texts' examples use most.
    const QString preset = settings.value(QStringLiteral("chart/preset"), QStringLiteral("h100-sxm")).toString();
    const PresetLibrary& library = m_document->library();
    if (const Hardware* hw
        = library.find(preset.toStdString()) ? library.find(preset.toStdString()) : library.find("h100-sxm"))
        m_document->load(defaultSession(*hw));
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
        QStringLiteral("The first of the texts' worked examples: File ▸ Examples has the others, Ctrl+1 to Ctrl+9 the "
                       "first nine; Help ▸ Keyboard shortcuts lists the keys"));
    return true;
}

void MainWindow::fitToScreen()
{
    const QRect available = screen()->availableGeometry();
    const QSize size = kPreferredSize.boundedTo((QSizeF(available.size()) * kScreenShare).toSize());
    resize(size.expandedTo(minimumSizeHint()).boundedTo(available.size()));
    move(available.center() - QPoint(width() / 2, height() / 2));
    // The side panel takes the width its controls want, up to two fifths (a third on a small screen); the chart the
    // rest, and above the table two thirds of the height.
    const auto* scroll = findChild<QScrollArea*>(QStringLiteral("controlsScroll"));
    auto* main = findChild<QSplitter*>(QStringLiteral("mainSplitter"));
    auto* right = findChild<QSplitter*>(QStringLiteral("chartSplitter"));
    if (scroll && main && right) {
        const int wanted = scroll->widget()->sizeHint().width() + scroll->verticalScrollBar()->sizeHint().width()
            + 2 * scroll->frameWidth();
        const int share = width() < 800 ? width() / 3 : width() * 2 / 5; // on a small screen the chart comes first
        const int panel = std::clamp(wanted, kPanelMinWidth, std::max(kPanelMinWidth, share));
        main->setSizes({ panel, width() - panel });
        right->setSizes({ height() * 2 / 3, height() / 3 });
    }
}

void MainWindow::saveSettings() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    if (m_document->library().find(m_document->chip().id))
        settings.setValue(QStringLiteral("chart/preset"), qs(m_document->chip().id));
    m_theme->save(settings);
}

} // namespace roofline::widgets
