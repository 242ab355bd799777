// SPDX-License-Identifier: GPL-3.0-or-later
// The main window: the views laid out, the analysis handed to them after every edit, the menus and the title.
#include "window/main_window.h"

#include "window/compare_chips_dialog.h"

#include "chart/roofline_chart.h"
#include "common/chart_text.h"
#include "common/folding_tabs.h"
#include "common/vertical_scroll_area.h"
#include "common/wheel_guard.h"
#include "document/document.h"
#include "energy/energy_view.h"
#include "measured/measured_table.h"
#include "model/model_view.h"
#include "panels/explanation_panel.h"
#include "panels/hardware_panel.h"
#include "panels/question_strip.h"
#include "panels/teaching.h"
#include "panels/workload_panel.h"
#include "readout/readout_table.h"
#include "sweep/sweep_chart.h"
#include "window/compare_page.h"
#include "window/help_menu.h"
#include "window/sweep_page.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QCoreApplication>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QFrame>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenuBar>
#include <QMimeData>
#include <QScreen>
#include <QSignalBlocker>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

namespace roofline::widgets {

MainWindow::MainWindow(PresetLibrary library, ModelLibrary models, QWidget* parent)
    : QMainWindow(parent)
    , m_document(new Document(std::move(library), std::move(models), this))
    , m_chart(new RooflineChart)
    , m_table(new ReadoutTable)
    , m_measuredTable(new MeasuredTable)
    , m_sweepPage(new SweepPage(m_document))
    , m_bottomTabs(new FoldingTabs)
    , m_hardwarePanel(new HardwarePanel(m_document))
    , m_workloadPanel(new WorkloadPanel(m_document))
    , m_files(new FileCommands(m_document, m_chart, m_table, this))
    , m_theme(new ThemeController(this))
    , m_banner(new QLabel)
    , m_explanation(new ExplanationPanel)
    , m_explanationDock(new QDockWidget(tr("Explanation")))
    , m_question(new QuestionStrip)
    , m_controlsDock(new QDockWidget(tr("Controls")))
{
    setWindowTitle(tr("Roofline Lab"));
    setAcceptDrops(true); // a scenario file dropped on the window opens (dropEvent)

    auto* controls = new QWidget;
    auto* controlsLayout = new QVBoxLayout(controls);
    controlsLayout->addWidget(m_hardwarePanel);
    controlsLayout->addWidget(m_workloadPanel, 1);
    // One margin around the column, none again inside each panel: the side panel is as narrow as its controls.
    controlsLayout->setContentsMargins(6, 6, 6, 6);
    for (QWidget* panel : { static_cast<QWidget*>(m_hardwarePanel), static_cast<QWidget*>(m_workloadPanel) })
        panel->layout()->setContentsMargins(0, 0, 0, 0);
    auto* scroll = new VerticalScrollArea(controls);
    scroll->setObjectName(QStringLiteral("controlsScroll"));
    // The controls are a dock: closed (View ▸ Side panel) they give the chart the whole width, and QMainWindow
    // remembers where the lecturer left them.
    m_controlsDock->setObjectName(QStringLiteral("controlsDock"));
    m_controlsDock->setWidget(scroll);
    m_controlsDock->setAllowedAreas(Qt::LeftDockWidgetArea | Qt::RightDockWidgetArea);
    m_controlsDock->setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable);
    addDockWidget(Qt::LeftDockWidgetArea, m_controlsDock);
    // The window fits a 640×360 screen (1280×720 at 200 %): charts and panels give way, and scroll.
    m_chart->setMinimumSize(kChartMinSize);
    m_sweepPage->chart()->setMinimumSize(kChartMinSize.width(), kChartMinSize.height() / 2);
    buildBottomTabs();
    connect(m_document, &Document::gestureStarted, m_chart, [this] { m_chart->setDragging(true); });
    connect(m_document, &Document::gestureFinished, m_chart, [this] { m_chart->setDragging(false); });

    auto* right = new QSplitter(Qt::Vertical);
    right->setObjectName(QStringLiteral("chartSplitter"));
    right->addWidget(m_chart);
    right->addWidget(m_bottomTabs);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 1);
    right->setSizes({ 640, 260 }); // the chart first; the table scrolls
    right->setChildrenCollapsible(false);
    m_chart->setToolTip(QString()); // hover texts come from the markers and roofs themselves
    // Unfolded, the pages take back a third of the height: the splitter alone would leave them at the tab bar's.
    connect(m_bottomTabs, &FoldingTabs::foldedChanged, right, [right](bool folded) {
        if (!folded) {
            const int total = right->height();
            right->setSizes({ total - total / 3, total / 3 });
        }
    });

    auto* central = new QWidget;
    auto* centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->addWidget(buildBanner());
    centralLayout->addWidget(m_question);
    centralLayout->addWidget(right, 1);
    setCentralWidget(central);

    // Lock axes, play, the shared selection and marker drags (panels/teaching.cpp).
    m_teaching = new TeachingControls(
        m_document, m_chart, m_table, m_workloadPanel, m_sweepPage->chart(), m_sweepPage->paramChooser(), this);
    // The play bar sits beside the tabs under the chart, in a row they leave mostly empty: a row of its own would
    // take the height from the chart.
    m_teaching->toolBar()->setIconSize(QSize(16, 16));
    m_bottomTabs->setCornerBar(m_teaching->toolBar());
    setUpExplanation();
    buildMenus();
    connect(m_files, &FileCommands::saved, this, [this] {
        m_chart->setChipEdited(false); // the saved numbers are the ones to compare with now
        m_chart->setAnalysis(m_document->analysis());
        updateTitle();
    });
    connect(m_theme, &ThemeController::themeChanged, this, [this](const ChartTheme& theme) {
        m_chart->setTheme(theme);
        m_table->setTheme(theme);
        m_sweepPage->chart()->setTheme(theme);
        m_energyView->setTheme(theme);
        m_modelView->setTheme(theme);
        m_measuredTable->setTheme(theme);
        m_workloadPanel->setTheme(theme);
        // After a zoom in, once the larger type has been laid out: on the event loop's next pass.
        if (m_presenting) {
            QTimer::singleShot(0, this, [this] { fitExplanationBand(); });
            return;
        }
        if (isVisible() && m_theme->zoom() > m_roomyZoom)
            QTimer::singleShot(0, this, &MainWindow::keepChartRoom);
        else if (isVisible())
            m_roomyZoom = m_theme->zoom();
    });
    // The views draw the document's analysis: one analysis per edit, shared by all of them.
    connect(m_document, &Document::contentChanged, this, [this] {
        m_chart->setChipEdited(m_document->chipEdited());
        m_chart->setAnalysis(m_document->analysis());
        m_table->setAnalysis(m_document->analysis());
        m_measuredTable->setAnalysis(m_document->analysis());
        showTab(m_measuredTable, m_document->analysis()->measured.has_value());
        m_explanation->setAnalysis(m_document->analysis());
        updateExplanation();
        m_sweepPage->setAnalysis(m_document->analysis());
        m_comparePage->setAnalysis(m_document->analysis());
        showTab(m_modelView, m_modelView->hasModel());
        updateTitle();
    });
    connect(m_document, &Document::dirtyChanged, this, &MainWindow::updateTitle);
    connect(m_document, &Document::modifiedChanged, this, [this](bool modified) {
        statusBar()->showMessage(
            modified ? tr("Hardware modified: Edit ▸ Reset values puts back the opened numbers") : QString());
    });
    m_chart->setAnalysis(m_document->analysis());
    m_table->setAnalysis(m_document->analysis());
    m_measuredTable->setAnalysis(m_document->analysis());
    m_bottomTabs->setTabVisible(m_bottomTabs->indexOf(m_measuredTable), false);
    m_explanation->setAnalysis(m_document->analysis());
    m_sweepPage->setAnalysis(m_document->analysis());
    m_comparePage->setAnalysis(m_document->analysis());
    // The window's least size is set now, before it has a native window: set later, the platform is asked to follow
    // it, which the offscreen platform answers with a warning on stderr.
    layout()->activate();
    // Set once, the least size stays: docks and folding pages change the layout's, and a top-level window following
    // them would ask the platform again each time. Never more than most of the screen, frame included: on a screen
    // too small for the side panel beside the chart, the panel starts closed.
    if (const QScreen* screen = QGuiApplication::primaryScreen())
        setMinimumSize(minimumSize().boundedTo((QSizeF(screen->availableGeometry().size()) * kScreenShare).toSize()));
    layout()->setSizeConstraint(QLayout::SetNoConstraint);
    restoreSettings();
    updateTitle();
    WheelGuard::install(this); // the wheel scrolls the side panel, never a control it passes over
}

MainWindow::~MainWindow()
{
    // Destroying the window hides the docks after this object is no longer a MainWindow: their visibility must not
    // reach the handlers that read the window's state.
    disconnect(m_explanationDock, nullptr, this, nullptr);
    disconnect(m_controlsDock, nullptr, this, nullptr);
}

void MainWindow::buildBottomTabs()
{
    // Below the chart, the readout and the sweep chart share a place: the sweep is sampled only while it shows.
    m_bottomTabs->addTab(m_table, tr("&Readout"));
    m_bottomTabs->addTab(m_sweepPage, tr("S&weep"));
    connect(m_sweepPage, &SweepPage::statusMessage, this, [this](const QString& text, int timeoutMs) {
        text.isEmpty() ? statusBar()->clearMessage() : statusBar()->showMessage(text, timeoutMs);
    });
    // A session with a model also shows its totals, shown only then.
    m_modelView = new ModelView(m_document);
    m_bottomTabs->addTab(m_modelView, tr("&Model"));
    m_bottomTabs->setTabVisible(m_bottomTabs->indexOf(m_modelView), m_modelView->hasModel());
    connect(m_modelView, &ModelView::settingRefused, this,
        [this](const QString& message) { statusBar()->showMessage(message, 10000); });
    connect(m_document, &Document::editRefused, this,
        [this](const QString& message) { statusBar()->showMessage(message, 10000); });
    // The workload on every known chip, ranked: ranked again only while the page shows.
    m_comparePage = new ComparePage(m_document);
    m_bottomTabs->addTab(m_comparePage, tr("Com&pare"));
    // FLOPs per joule against intensity: drawn only while the page shows.
    m_energyView = new EnergyView(m_document);
    m_bottomTabs->addTab(m_energyView, tr("Ener&gy"));
    // Measured kernels, when the session has some: the filter and the current row act on the chart's points too.
    m_bottomTabs->addTab(m_measuredTable, tr("Mea&sured"));
    connect(m_measuredTable, &MeasuredTable::filterChanged, m_chart, &RooflineChart::setMeasuredFilter);
    connect(m_measuredTable, &MeasuredTable::kernelChosen, m_chart, &RooflineChart::markMeasured);
    connect(m_measuredTable, &MeasuredTable::linkChosen, m_document, &Document::linkKernel);
}

QWidget* MainWindow::buildBanner()
{
    // Bad user presets: a banner with their located errors, closed with its button; the program goes on.
    auto* banner = new QFrame;
    banner->setObjectName(QStringLiteral("presetErrors"));
    banner->setStyleSheet(
        QStringLiteral("#presetErrors { background: #fbe3d3; } #presetErrors QLabel { color: #5a2000; }"));
    auto* bannerLayout = new QHBoxLayout(banner);
    bannerLayout->setContentsMargins(8, 4, 4, 4);
    m_banner->setWordWrap(true);
    m_banner->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_banner->setToolTip(tr("Presets that could not be read; the others loaded"));
    auto* close = new QToolButton;
    close->setText(QStringLiteral("✕"));
    close->setAutoRaise(true);
    close->setToolTip(tr("Hide this message"));
    connect(close, &QToolButton::clicked, banner, &QWidget::hide);
    bannerLayout->addWidget(m_banner, 1);
    bannerLayout->addWidget(close, 0, Qt::AlignTop);
    const Diagnostics& errors = m_document->library().errors();
    if (!errors.empty())
        m_banner->setText(tr("Some presets could not be loaded:\n%1").arg(qs(toString(errors)).trimmed()));
    banner->setVisible(!errors.empty());
    return banner;
}

SweepChart* MainWindow::sweepChart() const
{
    return m_sweepPage->chart();
}

QComboBox* MainWindow::sweepParamChooser() const
{
    return m_sweepPage->paramChooser();
}

QLineEdit* MainWindow::sweepRangeField() const
{
    return m_sweepPage->rangeField();
}

void MainWindow::showTab(QWidget* page, bool shown)
{
    // QTabBar lays itself and the tab widget out again at every setTabVisible, changed or not: at every slider step
    // that was a quarter of the step's instructions.
    const int index = m_bottomTabs->indexOf(page);
    if (m_bottomTabs->isTabVisible(index) != shown)
        m_bottomTabs->setTabVisible(index, shown);
}

void MainWindow::keepChartRoom()
{
    if (m_presenting || !isVisible())
        return;
    // The plot's share of the window once the larger type has been laid out.
    const auto share = [this] {
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        m_chart->replot(QCustomPlot::rpImmediateRefresh);
        const QRect plot = m_chart->axisRect()->rect();
        return double(plot.width()) * plot.height() / (double(width()) * height());
    };
    if (share() >= kChartShare) {
        m_roomyZoom = m_theme->zoom();
        return;
    }
    const bool wasFolded = m_bottomTabs->isFolded();
    m_bottomTabs->setFolded(true);
    if (share() >= kChartShare) {
        m_roomyZoom = m_theme->zoom();
        return;
    }
    // The side column closes whole: the explanation, where it is a tab beside the controls, would keep its width.
    std::vector<QDockWidget*> closed;
    for (QDockWidget* dock : { m_controlsDock, m_explanationDock })
        if (!dock->isHidden() && dockWidgetArea(dock) == dockWidgetArea(m_controlsDock)) {
            const QSignalBlocker blocker(dock); // the window's doing, not the lecturer's closing it
            dock->hide();
            closed.push_back(dock);
        }
    if (!closed.empty() && share() >= kChartShare) {
        m_roomyZoom = m_theme->zoom();
        statusBar()->showMessage(tr("The side panel closed to keep the chart large: F9 opens it"), 10000);
        return;
    }
    // Nothing left to fold: the zoom goes back to the last that left the chart its room, and so do the panels.
    for (QDockWidget* dock : closed) {
        const QSignalBlocker blocker(dock);
        dock->show();
    }
    m_bottomTabs->setFolded(wasFolded);
    m_theme->setZoom(m_roomyZoom);
    statusBar()->showMessage(tr("No room for larger type beside the chart: F5 presents it full screen"), 10000);
}

void MainWindow::updateTitle()
{
    const Session& s = m_document->session();
    QString name = m_document->filePath().isEmpty() ? qs(s.name.empty() ? s.chip.name : s.name)
                                                    : QFileInfo(m_document->filePath()).fileName();
    setWindowTitle(tr("%1[*] — Roofline Lab").arg(name));
    setWindowModified(m_document->isDirty());
}

QString MainWindow::bannerText() const
{
    return m_banner->text();
}

void MainWindow::buildMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    m_files->addActions(file);
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Q));

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_document->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    edit->addAction(undo);
    QAction* redo = m_document->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcuts({ QKeySequence::Redo, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z) });
    edit->addAction(redo);
    edit->addSeparator();
    QAction* copy = edit->addAction(tr("&Copy chart"), m_files, &FileCommands::copyChart);
    copy->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    QAction* reset = edit->addAction(tr("Reset &values"), m_document, &Document::resetToPreset);
    reset->setToolTip(tr("Put back the chip's numbers and the operations' values the scenario opened with"));
    reset->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));

    QMenu* view = menuBar()->addMenu(tr("&View"));
    m_theme->addZoomActions(view);
    view->addSeparator();
    QAction* fullScreen
        = view->addAction(tr("&Full screen"), this, [this] { setWindowState(windowState() ^ Qt::WindowFullScreen); });
    fullScreen->setShortcut(QKeySequence(Qt::Key_F11));
    buildLessonActions(view);
    QAction* compare = view->addAction(tr("Compare &with…"), this, &MainWindow::chooseCompared);
    compare->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K));
    compare->setToolTip(tr("Draw up to three other chips' roofs and the operations on them beside this chip"));
    // What gives the chart room on a small screen: the side panel closes, the pages fold to their tab bar.
    QAction* controls = m_controlsDock->toggleViewAction();
    controls->setText(tr("&Side panel"));
    controls->setShortcut(QKeySequence(Qt::Key_F9));
    view->addAction(controls);
    QAction* pages = view->addAction(tr("Pa&ges under the chart"));
    pages->setObjectName(QStringLiteral("showPages"));
    pages->setCheckable(true);
    pages->setChecked(!m_bottomTabs->isFolded());
    pages->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F9));
    pages->setToolTip(tr("The readout, the sweep and the model under the chart, or only their tabs"));
    connect(pages, &QAction::toggled, m_bottomTabs, [this](bool shown) { m_bottomTabs->setFolded(!shown); });
    connect(m_bottomTabs, &FoldingTabs::foldedChanged, pages, [pages](bool folded) { pages->setChecked(!folded); });
    QAction* play = m_teaching->toolBar()->toggleViewAction();
    play->setText(tr("Pla&y bar"));
    play->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_F9));
    view->addAction(play);
    view->addSeparator();
    view->addAction(m_teaching->lockAxesAction());
    view->addAction(m_teaching->fitAxesAction());
    view->addSeparator();
    m_theme->addThemeActions(view);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    addHelpActions(help, this, m_document->library());
    help->addSeparator();
    QAction* about = help->addAction(tr("&About Roofline Lab"), this, &MainWindow::showAbout);
    about->setShortcut(QKeySequence(Qt::Key_F1));
    // The presentation view hides the menu bar: its commands stay on their keys.
    for (QAction* menu : menuBar()->actions())
        addActions(menu->menu()->actions());
    addActions(m_files->examplesMenu()->actions());
}

void MainWindow::chooseCompared()
{
    std::vector<std::string> ids;
    for (const ComparedChip& c : m_document->session().compare)
        ids.push_back(c.presetId);
    CompareChipsDialog dialog(m_document->library(), m_document->session().presetId, ids, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    if (const std::optional<std::string> error = m_document->setCompared(dialog.chosen()))
        QMessageBox::warning(this, tr("Compare with"), QString::fromStdString(*error));
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About Roofline Lab"), aboutHtml(QApplication::applicationVersion()));
}

namespace {

// The one local scenario file `mime` carries, or nothing.
QString droppedScenario(const QMimeData* mime)
{
    if (!mime || !mime->hasUrls() || mime->urls().size() != 1 || !mime->urls().front().isLocalFile())
        return {};
    const QString path = mime->urls().front().toLocalFile();
    const QString suffix = QFileInfo(path).suffix().toLower();
    return suffix == QLatin1String("yaml") || suffix == QLatin1String("yml") ? path : QString();
}

} // namespace

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (!droppedScenario(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QString path = droppedScenario(event->mimeData());
    if (path.isEmpty())
        return;
    event->acceptProposedAction();
    // After the drop has finished: the unsaved-changes question and an error are dialogs of their own.
    QTimer::singleShot(0, this, [this, path] { m_files->openChosen(path); });
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!confirmDiscard()) {
        event->ignore();
        return;
    }
    // What is remembered is the window as the lecturer laid it out, not the presentation's full screen.
    setPresentation(false);
    saveSettings();
    event->accept();
}

} // namespace roofline::widgets

#include "moc_main_window.cpp"
