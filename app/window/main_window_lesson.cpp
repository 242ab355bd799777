// The window as a lesson: the explanation beside the chart, and the presentation view for a projector.
#include "window/main_window.h"

#include "document/document.h"
#include "panels/explanation_panel.h"

#include <QAction>
#include <QDockWidget>
#include <QGuiApplication>
#include <QMenu>
#include <QMenuBar>
#include <QScreen>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QStatusBar>
#include <QTabWidget>

namespace roofline::widgets {

void MainWindow::buildLessonActions(QMenu* view)
{
    QAction* present
        = view->addAction(QStringLiteral("&Presentation"), this, [this] { setPresentation(!m_presenting); });
    present->setShortcut(QKeySequence(Qt::Key_F5));
    present->setToolTip(
        QStringLiteral("The chart and the explanation alone, full screen, in large type; F5 or Esc leaves"));
    // Esc is the presentation's alone: outside it, it stays with the widget that has the focus.
    QAction* leave = new QAction(QStringLiteral("Leave presentation"), this);
    leave->setObjectName(QStringLiteral("leavePresentation"));
    leave->setShortcut(QKeySequence(Qt::Key_Escape));
    leave->setEnabled(false);
    connect(leave, &QAction::triggered, this, [this] { setPresentation(false); });
    addAction(leave);
    QAction* explanation = m_explanationDock->toggleViewAction();
    explanation->setText(QStringLiteral("&Explanation"));
    explanation->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_X));
    view->addAction(explanation);
}

void MainWindow::setUpExplanation()
{
    m_explanationDock->setObjectName(QStringLiteral("explanationDock"));
    m_explanationDock->setWidget(m_explanation);
    m_explanationDock->setAllowedAreas(Qt::LeftDockWidgetArea | Qt::RightDockWidgetArea | Qt::BottomDockWidgetArea);
    // Beside the chart where the screen is wide; under everything on a projector's 1024 or a laptop at 200 %, where a
    // column of its own would leave the chart and the table a third of the width.
    const QScreen* screen = QGuiApplication::primaryScreen();
    const bool narrow = screen && screen->availableGeometry().width() < kWideScreen;
    if (!narrow)
        m_explanationDock->setMinimumWidth(kPanelMinWidth);
    addDockWidget(narrow ? Qt::BottomDockWidgetArea : Qt::RightDockWidgetArea, m_explanationDock);
    // The user closing the dock (its button, View ▸ Explanation) is remembered; the window's own showing and hiding
    // below is not, as it blocks the signal.
    connect(m_explanationDock, &QDockWidget::visibilityChanged, this, [this] {
        if (!m_presenting)
            m_explanationWanted = !m_explanationDock->isHidden();
    });
    m_explanation->setAnalysis(m_document->analysis());
    updateExplanation();
    connect(m_document, &Document::loaded, m_explanation, &ExplanationPanel::scrollToTop);
}

void MainWindow::updateExplanation()
{
    const bool show = m_explanation->hasContent() && (m_explanationWanted || m_presenting);
    if (show != !m_explanationDock->isHidden()) {
        const QSignalBlocker blocker(m_explanationDock);
        m_explanationDock->setVisible(show);
    }
}

void MainWindow::setPresentation(bool on)
{
    if (on == m_presenting)
        return;
    if (auto* leave = findChild<QAction*>(QStringLiteral("leavePresentation")))
        leave->setEnabled(on);
    if (on) {
        m_beforePresentation = { saveGeometry(), saveState(), windowState(), {} };
        QWidget* hidden[]
            = { menuBar(), statusBar(), m_bottomTabs, findChild<QScrollArea*>(QStringLiteral("controlsScroll")),
                  findChild<QWidget*>(QStringLiteral("presetErrors")) };
        for (QWidget* w : hidden)
            if (w) {
                m_beforePresentation.widgets.emplace_back(w, !w->isHidden());
                w->hide();
            }
        m_presenting = true;
        m_theme->setExtraScale(kPresentationScale);
        updateExplanation();
        showFullScreen();
        resizeDocks({ m_explanationDock }, { width() / 3 }, Qt::Horizontal);
    } else {
        m_presenting = false;
        for (const auto& [w, shown] : m_beforePresentation.widgets)
            w->setVisible(shown);
        m_theme->setExtraScale(1);
        setWindowState(m_beforePresentation.windowState);
        restoreGeometry(m_beforePresentation.geometry);
        restoreState(m_beforePresentation.state);
        updateExplanation();
    }
}

} // namespace roofline::widgets
