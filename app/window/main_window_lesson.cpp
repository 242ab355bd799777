// SPDX-License-Identifier: GPL-3.0-or-later
// The window as a lesson: the explanation beside the chart, and the presentation view for a projector.
#include "window/main_window.h"

#include "chart/roofline_chart.h"
#include "common/folding_tabs.h"
#include "document/document.h"
#include "panels/explanation_panel.h"
#include "panels/question_strip.h"
#include "panels/teaching.h"
#include "window/sweep_page.h"

#include <QAction>
#include <QDockWidget>
#include <QGuiApplication>
#include <QMenu>
#include <QMenuBar>
#include <QScreen>
#include <QSignalBlocker>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>

#include <algorithm>

namespace roofline::widgets {

void MainWindow::buildLessonActions(QMenu* view)
{
    QAction* present = view->addAction(tr("&Presentation"), this, [this] { setPresentation(!m_presenting); });
    present->setShortcut(QKeySequence(Qt::Key_F5));
    present->setToolTip(tr("The chart and the explanation alone, full screen, in large type; F5 or Esc leaves"));
    // Esc is the presentation's alone: outside it, it stays with the widget that has the focus.
    QAction* leave = new QAction(tr("Leave presentation"), this);
    leave->setObjectName(QStringLiteral("leavePresentation"));
    leave->setShortcut(QKeySequence(Qt::Key_Escape));
    leave->setEnabled(false);
    connect(leave, &QAction::triggered, this, [this] { setPresentation(false); });
    addAction(leave);
    QAction* explanation = m_explanationDock->toggleViewAction();
    explanation->setText(tr("&Explanation"));
    explanation->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_X));
    view->addAction(explanation);
}

void MainWindow::setUpExplanation()
{
    m_explanationDock->setObjectName(QStringLiteral("explanationDock"));
    m_explanationDock->setWidget(m_explanation);
    m_explanationDock->setAllowedAreas(Qt::LeftDockWidgetArea | Qt::RightDockWidgetArea | Qt::BottomDockWidgetArea);
    // Beside the chart where the screen is wide. On a projector's 1024 or a laptop at 200 % a column of its own, or a
    // band under everything, would leave the chart a fraction of the screen: there it shares the side panel's place,
    // a tab beside the controls, and comes to the front when an example opens.
    const QScreen* screen = QGuiApplication::primaryScreen();
    const bool narrow = screen && screen->availableGeometry().width() < kWideScreen;
    m_explanationDock->setMinimumWidth(kPanelMinWidth);
    // Below 800 pixels (640×360 at 200 %) no column is left for it beside a readable chart: it waits for View ▸
    // Explanation, or for F5, where it is a band under the chart.
    if (screen && screen->availableGeometry().width() < kNarrowScreen)
        m_explanationWanted = false;
    if (narrow) {
        addDockWidget(Qt::LeftDockWidgetArea, m_explanationDock);
        tabifyDockWidget(m_controlsDock, m_explanationDock);
    } else {
        addDockWidget(Qt::RightDockWidgetArea, m_explanationDock);
    }
    // The user closing the dock (its button, View ▸ Explanation) is remembered; the window's own showing and hiding
    // below is not, as it blocks the signal.
    connect(m_explanationDock, &QDockWidget::visibilityChanged, this, [this] {
        if (!m_presenting)
            m_explanationWanted = !m_explanationDock->isHidden();
    });
    // The question strip follows the explanation's visibility, also a tab brought to the front or sent behind; its
    // link brings the explanation up.
    connect(m_explanationDock, &QDockWidget::visibilityChanged, this, &MainWindow::updateQuestion);
    // On a narrow screen the explanation and the side panel share one place as two tabs, whichever is shown first:
    // Qt 6.8 keeps no tab for a dock while it is hidden, and shows it again in a place of its own, beside the other
    // rather than among its tabs. Queued: restoreState() shows the docks, and a dock tabified midway through it
    // leaves an item of the layout behind in Qt 6.4 (found by the leak checker on leaving the presentation).
    if (narrow)
        for (QDockWidget* dock : { m_explanationDock, m_controlsDock })
            connect(
                dock, &QDockWidget::visibilityChanged, this,
                [this] {
                    if (!m_presenting && !m_explanationDock->isHidden() && !m_controlsDock->isHidden()
                        && !m_explanationDock->isFloating() && !m_controlsDock->isFloating()
                        && dockWidgetArea(m_explanationDock) == dockWidgetArea(m_controlsDock)
                        && !tabifiedDockWidgets(m_explanationDock).contains(m_controlsDock))
                        tabifyDockWidget(m_controlsDock, m_explanationDock);
                },
                Qt::QueuedConnection);
    m_question->setVisible(false);
    connect(m_question, &QuestionStrip::explanationWanted, this, [this] {
        m_explanationWanted = true;
        m_explanationDock->show();
        m_explanationDock->raise();
        updateQuestion();
    });
    m_explanation->setAnalysis(m_document->analysis());
    updateExplanation();
    connect(m_document, &Document::loaded, m_explanation, &ExplanationPanel::scrollToTop);
    // In presentation the band follows its text: a new example, the derivation opened or folded, numbers that take
    // another line. On the next pass, once the text is laid out at its width. New numbers only ever make the band
    // taller: a number that gains and loses a digit through a drag would otherwise resize the band, and lay the chart
    // out again, back and forth at each step.
    connect(m_explanation, &ExplanationPanel::textShown, this, [this](bool numbersOnly) {
        if (m_presenting)
            QTimer::singleShot(0, this, [this, numbersOnly] { fitExplanationBand(!numbersOnly); });
    });
}

void MainWindow::fitExplanationBand(bool mayShrink)
{
    if (!m_presenting || m_explanationDock->isHidden())
        return;
    const int frame = m_explanationDock->height() - m_explanation->height();
    // A third of the screen at most, a quarter on a short one where the chart needs every line (the rest scrolls);
    // but never less than the question and the answer: the band shows the answer without scrolling, at any zoom, up
    // to nearly half the screen.
    const int screenHeight = screen()->geometry().height();
    const int share = screenHeight / (screenHeight < kShortPresentation ? 4 : 3);
    const int answer = m_explanation->answerHeight(m_explanation->width()) + frame;
    m_explanationDock->setMaximumHeight(std::clamp(answer, share, screenHeight * 45 / 100));
    const int wanted
        = std::min(m_explanation->textHeight(m_explanation->width()) + frame, m_explanationDock->maximumHeight());
    if (wanted > m_explanationDock->height() || (mayShrink && wanted < m_explanationDock->height()))
        resizeDocks({ m_explanationDock }, { wanted }, Qt::Vertical);
}

void MainWindow::updateExplanation()
{
    const bool show = m_explanation->hasContent() && (m_explanationWanted || m_presenting);
    if (show != !m_explanationDock->isHidden()) {
        const QSignalBlocker blocker(m_explanationDock);
        m_explanationDock->setVisible(show);
    }
    updateQuestion();
    // A new example brings its explanation to the front of the tabs it shares; a slider step leaves them as they are.
    const std::string& title = m_explanation->explanation().title;
    if (show && title != m_explainedTitle) // on the next pass: a dock's tab exists once the window is laid out
        QTimer::singleShot(0, m_explanationDock, &QDockWidget::raise);
    m_explainedTitle = show ? title : std::string();
}

void MainWindow::updateQuestion()
{
    // Over the chart while the explanation is out of sight (closed, behind the side panel's tab, or left out on a
    // 640-pixel screen), so that the lesson's question is the first thing read; never in the presentation, whose band
    // holds it.
    m_question->setMaximumLines(screen()->availableGeometry().height() < kShortPresentation ? 1 : 2);
    m_question->setQuestion(QString::fromStdString(m_explanation->explanation().question));
    m_question->setVisible(!m_presenting && !m_question->question().isEmpty() && !m_explanationDock->isVisible());
}

void MainWindow::setPresentation(bool on)
{
    if (on == m_presenting)
        return;
    if (auto* leave = findChild<QAction*>(QStringLiteral("leavePresentation")))
        leave->setEnabled(on);
    if (on) {
        m_beforePresentation = { saveGeometry(), saveState(), windowState(), {} };
        // What is being taught: the sweep when the Sweep page is open, otherwise the roofline.
        const bool sweep = m_bottomTabs->currentWidget() == m_sweepPage && !m_bottomTabs->isFolded();
        QWidget* hidden[]
            = { menuBar(), statusBar(), m_controlsDock, sweep ? static_cast<QWidget*>(m_chart) : m_bottomTabs,
                  sweep ? static_cast<QWidget*>(m_bottomTabs->tabBar()) : nullptr, m_teaching->toolBar(),
                  findChild<QWidget*>(QStringLiteral("presetErrors")) };
        for (QWidget* w : hidden)
            if (w) {
                m_beforePresentation.widgets.emplace_back(w, !w->isHidden());
                w->hide();
            }
        m_presenting = true;
        m_chart->setAxesInside(true); // the plot to the chart's edges, ticks and names inside it
        if (sweep) { // the sweep to the screen's edges: no choosers, no page margins, no tab frame
            m_sweepPage->setPresenting(true);
            m_bottomTabs->setDocumentMode(true);
        }
        // Large type for the back of the room, where the screen has the pixels for it: a 640×360 screen is already
        // at 200 %.
        m_theme->setExtraScale(screen()->availableGeometry().height() >= kShortPresentation ? kPresentationScale : 1);
        // The explanation as a band under the chart: the question, the text's claim and the exact answer, never more
        // than a third of the screen; the derivation one click away.
        m_explanation->setCompact(true);
        addDockWidget(Qt::BottomDockWidgetArea, m_explanationDock);
        m_explanationDock->setTitleBarWidget(new QWidget(m_explanationDock)); // no title: the band is its text
        updateExplanation();
        showFullScreen();
        // The band as tall as its text, within its share of the screen (fitExplanationBand), once the full screen
        // has been laid out.
        QTimer::singleShot(0, this, [this] { fitExplanationBand(); });
    } else {
        m_presenting = false;
        for (const auto& [w, shown] : m_beforePresentation.widgets)
            w->setVisible(shown);
        m_sweepPage->setPresenting(false);
        m_chart->setAxesInside(false);
        m_bottomTabs->setDocumentMode(false);
        m_theme->setExtraScale(1);
        m_explanation->setCompact(false);
        m_explanationDock->setMaximumHeight(QWIDGETSIZE_MAX);
        delete m_explanationDock->titleBarWidget();
        m_explanationDock->setTitleBarWidget(nullptr);
        setWindowState(m_beforePresentation.windowState);
        restoreGeometry(m_beforePresentation.geometry);
        restoreState(m_beforePresentation.state);
        updateExplanation();
        // A zoom raised while presenting is checked against the normal view's room now.
        if (isVisible() && m_theme->zoom() > m_roomyZoom)
            QTimer::singleShot(0, this, &MainWindow::keepChartRoom);
    }
}

} // namespace roofline::widgets
