// The main window: layout, menus, settings, themes and the scenario and export commands.
#include "main_window.h"

#include "base/units.h"
#include "chart_text.h"
#include "document.h"
#include "explanation_panel.h"
#include "export_dialog.h"
#include "files/scenario.h"
#include "files/scenario_measured.h"
#include "hardware_panel.h"
#include "measured_table.h"
#include "model_view.h"
#include "readout_table.h"
#include "roofline_chart.h"
#include "sweep_chart.h"
#include "teaching.h"
#include "workload_panel.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace roofline::widgets {

namespace {

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x31);
    const QColor base(0x1e, 0x1f, 0x22);
    const QColor text(0xe6, 0xe6, 0xe6);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::Highlight, QColor(0x00, 0x72, 0xB2));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x56, 0xB4, 0xE9));
    p.setColor(QPalette::PlaceholderText, QColor(0x9a, 0x9a, 0x9a));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x80, 0x80, 0x80));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x80, 0x80, 0x80));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x80, 0x80, 0x80));
    return p;
}

} // namespace

MainWindow::MainWindow(PresetLibrary library, ModelLibrary models, QWidget* parent)
    : QMainWindow(parent)
    , m_document(new Document(std::move(library), std::move(models), this))
    , m_chart(new RooflineChart)
    , m_table(new ReadoutTable)
    , m_measuredTable(new MeasuredTable)
    , m_sweep(new SweepChart)
    , m_sweepParam(new QComboBox)
    , m_sweepRange(new QLineEdit(QStringLiteral("1 : 16Ki")))
    , m_bottomTabs(new QTabWidget)
    , m_hardwarePanel(new HardwarePanel(m_document))
    , m_workloadPanel(new WorkloadPanel(m_document))
    , m_banner(new QLabel)
    , m_explanation(new ExplanationPanel)
    , m_explanationDock(new QDockWidget(QStringLiteral("Explanation")))
{
    setWindowTitle(QStringLiteral("Roofline Lab"));

    auto* controls = new QWidget;
    auto* controlsLayout = new QVBoxLayout(controls);
    controlsLayout->addWidget(m_hardwarePanel);
    controlsLayout->addWidget(m_workloadPanel, 1);
    auto* scroll = new QScrollArea;
    scroll->setObjectName(QStringLiteral("controlsScroll"));
    scroll->setWidget(controls);
    scroll->setWidgetResizable(true);
    scroll->setMinimumWidth(kPanelMinWidth);
    // The window fits a 640×360 screen (1280×720 at 200 %): charts and panels give way, and scroll.
    m_chart->setMinimumSize(kChartMinSize);
    m_sweep->setMinimumSize(kChartMinSize.width(), kChartMinSize.height() / 2);

    // Below the chart, the readout and the sweep chart share a place: the sweep is sampled only while it shows.
    auto* sweepPage = new QWidget;
    auto* sweepLayout = new QVBoxLayout(sweepPage);
    sweepLayout->setContentsMargins(4, 4, 4, 4);
    auto* sweepBar = new QHBoxLayout;
    auto* paramLabel = new QLabel(QStringLiteral("&Sweep over"));
    paramLabel->setBuddy(m_sweepParam);
    sweepBar->addWidget(paramLabel);
    sweepBar->addWidget(m_sweepParam);
    auto* rangeLabel = new QLabel(QStringLiteral("&from : to"));
    rangeLabel->setBuddy(m_sweepRange);
    sweepBar->addWidget(rangeLabel);
    sweepBar->addWidget(m_sweepRange);
    m_sweepRange->setMaximumWidth(m_sweepRange->fontMetrics().horizontalAdvance(QStringLiteral("M")) * 14);
    m_sweepRange->setToolTip(QStringLiteral("The values to sweep over, two whole counts with optional prefixes: "
                                            "1 : 16Ki, 64 : 1M. The chart reaches further to show every "
                                            "operation's current value"));
    sweepBar->addStretch(1);
    sweepLayout->addLayout(sweepBar);
    sweepLayout->addWidget(m_sweep, 1);
    m_sweepParam->setToolTip(QStringLiteral("The parameter the sweep chart runs along"));
    m_bottomTabs->addTab(m_table, QStringLiteral("&Readout"));
    m_bottomTabs->addTab(sweepPage, QStringLiteral("S&weep"));
    // A session with a model also shows its totals, shown only then.
    m_modelView = new ModelView(m_document);
    m_bottomTabs->addTab(m_modelView, QStringLiteral("&Model"));
    m_bottomTabs->setTabVisible(m_bottomTabs->indexOf(m_modelView), m_modelView->hasModel());
    connect(m_modelView, &ModelView::settingRefused, this,
        [this](const QString& message) { statusBar()->showMessage(message, 10000); });
    // Measured kernels, when the session has some: the filter and the current row act on the chart's points too.
    m_bottomTabs->addTab(m_measuredTable, QStringLiteral("Mea&sured"));
    connect(m_measuredTable, &MeasuredTable::filterChanged, m_chart, &RooflineChart::setMeasuredFilter);
    connect(m_measuredTable, &MeasuredTable::kernelChosen, m_chart, &RooflineChart::markMeasured);
    connect(m_measuredTable, &MeasuredTable::linkChosen, m_document, &Document::linkKernel);
    connect(m_sweepParam, &QComboBox::currentTextChanged, this,
        [this](const QString& p) { m_sweep->setParam(p.toStdString()); });
    connect(m_sweepRange, &QLineEdit::editingFinished, this, &MainWindow::applySweepRange);
    connect(m_document, &Document::gestureStarted, m_chart, [this] { m_chart->setDragging(true); });
    connect(m_document, &Document::gestureFinished, m_chart, [this] { m_chart->setDragging(false); });
    connect(m_sweep, &SweepChart::dragStarted, m_document, &Document::beginGesture);
    connect(m_sweep, &SweepChart::dragFinished, m_document, &Document::endGesture);
    connect(m_sweep, &SweepChart::valueDragged, this,
        [this](std::size_t op, double value) { m_document->setOperationParam(op, m_sweep->param(), value); });

    auto* right = new QSplitter(Qt::Vertical);
    right->setObjectName(QStringLiteral("chartSplitter"));
    right->addWidget(m_chart);
    right->addWidget(m_bottomTabs);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 1);
    right->setSizes({ 640, 260 }); // the chart first; the table scrolls
    m_chart->setToolTip(QString()); // hover texts come from the markers and roofs themselves

    auto* main = new QSplitter(Qt::Horizontal);
    main->setObjectName(QStringLiteral("mainSplitter"));
    main->addWidget(scroll);
    main->addWidget(right);
    main->setStretchFactor(1, 1);
    main->setChildrenCollapsible(false);
    right->setChildrenCollapsible(false);

    auto* central = new QWidget;
    auto* centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    // Bad user presets: a banner with their located errors, closed with its button; the program goes on.
    auto* banner = new QFrame;
    banner->setObjectName(QStringLiteral("presetErrors"));
    banner->setStyleSheet(
        QStringLiteral("#presetErrors { background: #fbe3d3; } #presetErrors QLabel { color: #5a2000; }"));
    auto* bannerLayout = new QHBoxLayout(banner);
    bannerLayout->setContentsMargins(8, 4, 4, 4);
    m_banner->setWordWrap(true);
    m_banner->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_banner->setToolTip(QStringLiteral("Presets that could not be read; the others loaded"));
    auto* close = new QToolButton;
    close->setText(QStringLiteral("✕"));
    close->setAutoRaise(true);
    close->setToolTip(QStringLiteral("Hide this message"));
    connect(close, &QToolButton::clicked, banner, &QWidget::hide);
    bannerLayout->addWidget(m_banner, 1);
    bannerLayout->addWidget(close, 0, Qt::AlignTop);
    const Diagnostics& errors = m_document->library().errors();
    if (!errors.empty())
        m_banner->setText(QStringLiteral("Some presets could not be loaded:\n") + qs(toString(errors)).trimmed());
    banner->setVisible(!errors.empty());
    centralLayout->addWidget(banner);
    centralLayout->addWidget(main, 1);
    setCentralWidget(central);

    m_prompt = [this](const QString& question) {
        return QMessageBox::question(this, QStringLiteral("Unsaved changes"), question,
            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    };
    // Lock axes, play, the shared selection and marker drags (teaching.cpp).
    m_teaching = new TeachingControls(m_document, m_chart, m_table, m_workloadPanel, m_sweep, m_sweepParam, this);
    addToolBar(Qt::BottomToolBarArea, m_teaching->toolBar());
    setUpExplanation();
    buildMenus();
    // The views draw the document's analysis: one analysis per edit, shared by all of them.
    connect(m_document, &Document::contentChanged, this, [this] {
        m_chart->setAnalysis(m_document->analysis());
        m_table->setAnalysis(m_document->analysis());
        m_measuredTable->setAnalysis(m_document->analysis());
        showTab(m_measuredTable, m_document->analysis()->measured.has_value());
        m_sweep->setAnalysis(m_document->analysis());
        m_explanation->setAnalysis(m_document->analysis());
        updateExplanation();
        if (m_sweepParamsStale)
            fillSweepParams();
        showTab(m_modelView, m_modelView->hasModel());
        updateTitle();
    });
    // The parameters to sweep over follow the visible operations; a new session starts from its first one's.
    connect(m_document, &Document::operationsChanged, this, [this] { m_sweepParamsStale = true; });
    connect(m_document, &Document::presetChanged, this, [this] { m_sweepParam->clear(); });
    connect(m_document, &Document::dirtyChanged, this, &MainWindow::updateTitle);
    connect(m_document, &Document::modifiedChanged, this, [this](bool modified) {
        statusBar()->showMessage(modified
                ? QStringLiteral("Hardware modified: Edit ▸ Reset values puts back the opened numbers")
                : QString());
    });
    m_chart->setAnalysis(m_document->analysis());
    m_table->setAnalysis(m_document->analysis());
    m_measuredTable->setAnalysis(m_document->analysis());
    m_bottomTabs->setTabVisible(m_bottomTabs->indexOf(m_measuredTable), false);
    m_sweep->setAnalysis(m_document->analysis());
    m_explanation->setAnalysis(m_document->analysis());
    fillSweepParams();
    // The window's least size is set now, before it has a native window: set later, the platform is asked to follow
    // it, which the offscreen platform answers with a warning on stderr.
    layout()->activate();
    restoreSettings();
    updateTitle();
}

void MainWindow::fillSweepParams()
{
    m_sweepParamsStale = false;
    const QString current = m_sweepParam->currentText();
    const QSignalBlocker blocker(m_sweepParam);
    m_sweepParam->clear();
    for (const std::string& p : m_sweep->params())
        m_sweepParam->addItem(qs(p));
    const int keep = m_sweepParam->findText(current);
    m_sweepParam->setCurrentIndex(keep >= 0 ? keep : 0);
    m_sweep->setParam(m_sweepParam->currentText().toStdString());
}

void MainWindow::applySweepRange()
{
    // The range is read as the core reads --sweep, so that the window and the command line take the same text.
    const std::string param = m_sweep->param().empty() ? std::string("B") : m_sweep->param();
    const Expected<SweepRange> range = parseSweepRange(param + "=" + m_sweepRange->text().toStdString());
    if (!range) {
        const auto [from, to] = m_sweep->range();
        statusBar()->showMessage(QStringLiteral("Sweep range: %1; kept %2 : %3")
                                     .arg(qs(range.error()), qs(formatSI(from)), qs(formatSI(to))),
            8000);
        m_sweepRange->setStyleSheet(QStringLiteral("QLineEdit { border: 2px solid #d55e00; }"));
        return;
    }
    m_sweepRange->setStyleSheet(QString());
    statusBar()->clearMessage();
    m_sweep->setRange(range->from, range->to);
}

void MainWindow::showTab(QWidget* page, bool shown)
{
    // QTabBar lays itself and the tab widget out again at every setTabVisible, changed or not: at every slider step
    // that was a quarter of the step's instructions.
    const int index = m_bottomTabs->indexOf(page);
    if (m_bottomTabs->isTabVisible(index) != shown)
        m_bottomTabs->setTabVisible(index, shown);
}

void MainWindow::updateTitle()
{
    const Session& s = m_document->session();
    QString name = m_document->filePath().isEmpty() ? qs(s.name.empty() ? s.chip.name : s.name)
                                                    : QFileInfo(m_document->filePath()).fileName();
    setWindowTitle(QStringLiteral("%1[*] — Roofline Lab").arg(name));
    setWindowModified(m_document->isDirty());
}

bool MainWindow::confirmDiscard()
{
    if (!m_document->isDirty())
        return true;
    const QString name
        = qs(m_document->session().name.empty() ? m_document->session().chip.name : m_document->session().name);
    switch (m_prompt(QStringLiteral("Save the changes to %1 first?").arg(name))) {
    case QMessageBox::Save:
        return save();
    case QMessageBox::Discard:
        return true;
    default:
        return false;
    }
}

MainWindow::~MainWindow()
{
    // Destroying the window hides the dock after this object is no longer a MainWindow: its visibility must not reach
    // the handler that reads the window's state.
    disconnect(m_explanationDock, nullptr, this, nullptr);
}

QString MainWindow::bannerText() const
{
    return m_banner->text();
}

void MainWindow::buildMenus()
{
    QMenu* file = menuBar()->addMenu(QStringLiteral("&File"));
    QAction* open = file->addAction(QStringLiteral("&Open scenario…"), this, &MainWindow::showOpenDialog);
    open->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_O));
    QAction* save = file->addAction(QStringLiteral("&Save scenario"), this, &MainWindow::save);
    save->setShortcut(QKeySequence::Save);
    save->setToolTip(QStringLiteral("Save the chip, its numbers and the operations as a scenario file"));
    QAction* saveAs = file->addAction(QStringLiteral("Save scenario &as…"), this, &MainWindow::showSaveDialog);
    saveAs->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    m_examples = file->addMenu(QStringLiteral("E&xamples"));
    buildExamplesMenu();
    file->addSeparator();
    QAction* exportAction = file->addAction(QStringLiteral("&Export chart…"), this, &MainWindow::showExportDialog);
    exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    QAction* exportTableAction
        = file->addAction(QStringLiteral("Export &table as CSV…"), this, &MainWindow::showTableExportDialog);
    exportTableAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    file->addSeparator();
    QAction* quit = file->addAction(QStringLiteral("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Q));

    QMenu* edit = menuBar()->addMenu(QStringLiteral("&Edit"));
    QAction* undo = m_document->undoStack()->createUndoAction(this, QStringLiteral("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    edit->addAction(undo);
    QAction* redo = m_document->undoStack()->createRedoAction(this, QStringLiteral("&Redo"));
    redo->setShortcuts({ QKeySequence::Redo, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z) });
    edit->addAction(redo);
    edit->addSeparator();
    QAction* copy = edit->addAction(QStringLiteral("&Copy chart"), this, &MainWindow::copyChart);
    copy->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    QAction* reset = edit->addAction(QStringLiteral("&Reset values"), m_document, &Document::resetToPreset);
    reset->setToolTip(
        QStringLiteral("Put back the chip's numbers and the operations' values the scenario opened with"));
    reset->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));

    QMenu* view = menuBar()->addMenu(QStringLiteral("&View"));
    QAction* zoomIn = view->addAction(QStringLiteral("Zoom &in"), this, [this] { setZoom(m_zoom * 1.25); });
    zoomIn->setShortcuts({ QKeySequence(Qt::CTRL | Qt::Key_Equal), QKeySequence(Qt::CTRL | Qt::Key_Plus) });
    QAction* zoomOut = view->addAction(QStringLiteral("Zoom &out"), this, [this] { setZoom(m_zoom / 1.25); });
    zoomOut->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Minus));
    QAction* zoomReset = view->addAction(QStringLiteral("&Actual size"), this, [this] { setZoom(1); });
    zoomReset->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    view->addSeparator();
    QAction* fullScreen = view->addAction(
        QStringLiteral("&Full screen"), this, [this] { setWindowState(windowState() ^ Qt::WindowFullScreen); });
    fullScreen->setShortcut(QKeySequence(Qt::Key_F11));
    buildLessonActions(view);
    view->addSeparator();
    view->addAction(m_teaching->lockAxesAction());
    view->addAction(m_teaching->fitAxesAction());
    view->addSeparator();
    auto* themes = new QActionGroup(this);
    struct Mode {
        ThemeMode mode;
        QString label;
        Qt::Key key;
    };
    const Mode modes[] = { { ThemeMode::System, QStringLiteral("&System theme"), Qt::Key_S },
        { ThemeMode::Light, QStringLiteral("&Light theme"), Qt::Key_L },
        { ThemeMode::Dark, QStringLiteral("&Dark theme"), Qt::Key_D } };
    for (const auto& [mode, label, key] : modes) {
        QAction* a = view->addAction(label, this, [this, m = mode] { setThemeMode(m); });
        a->setCheckable(true);
        a->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | key));
        a->setData(static_cast<int>(mode));
        themes->addAction(a);
    }
    connect(view, &QMenu::aboutToShow, this, [this, themes] {
        for (QAction* a : themes->actions())
            a->setChecked(a->data().toInt() == static_cast<int>(m_themeMode));
    });

    QMenu* help = menuBar()->addMenu(QStringLiteral("&Help"));
    QAction* about = help->addAction(QStringLiteral("&About Roofline Lab"), this, &MainWindow::showAbout);
    about->setShortcut(QKeySequence(Qt::Key_F1));
    // The presentation view hides the menu bar: its commands stay on their keys.
    for (QAction* menu : menuBar()->actions())
        addActions(menu->menu()->actions());
    addActions(m_examples->actions());
}

QString MainWindow::openScenario(const QString& path)
{
    const auto loaded = roofline::loadScenario(path.toStdString(), m_document->library(), m_document->models());
    if (!loaded.ok())
        return qs(toString(loaded.error()));
    const QString name = qs(loaded.value().name);
    if (QString error = openSession(loaded.value(), path.toStdString(), QFileInfo(path).absoluteFilePath());
        !error.isEmpty())
        return error;
    if (statusBar()->currentMessage().isEmpty())
        statusBar()->showMessage(QStringLiteral("Opened %1").arg(name), 5000);
    return {};
}

QString MainWindow::openSession(Session session, const std::string& origin, const QString& filePath)
{
    std::shared_ptr<const MeasuredSet> measured;
    if (session.measured) {
        Expected<MeasuredSet, Diagnostics> set = loadMeasuredSource(*session.measured, origin);
        if (!set)
            return QStringLiteral("The measured data of %1 could not be read:\n%2")
                .arg(qs(origin), qs(toString(set.error())));
        statusBar()->clearMessage();
        if (!set->skipped.empty())
            statusBar()->showMessage(QStringLiteral("Measured data: %1 rows skipped, the first: %2")
                                         .arg(set->skipped.size())
                                         .arg(qs(set->skipped.front().toString())),
                15000);
        measured = std::make_shared<const MeasuredSet>(std::move(set).value());
    }
    m_document->load(std::move(session), filePath, std::move(measured));
    return {};
}

QString MainWindow::openEmbeddedScenario(const QString& name)
{
    for (const EmbeddedFile& f : embeddedFiles()) {
        if (qs(std::string(f.name)) != name)
            continue;
        const auto parsed
            = parseScenario(f.text, "embedded:" + std::string(f.name), m_document->library(), m_document->models());
        if (!parsed.ok())
            return qs(toString(parsed.error()));
        return openSession(parsed.value(), "embedded:" + std::string(f.name), {});
    }
    return QStringLiteral("No built-in scenario %1").arg(name);
}

void MainWindow::reportScenarioError(const QString& error)
{
    if (!error.isEmpty())
        QMessageBox::warning(this, QStringLiteral("Cannot open the scenario"), error);
}

void MainWindow::showOpenDialog()
{
    if (!confirmDiscard())
        return;
    const QString path = QFileDialog::getOpenFileName(
        this, QStringLiteral("Open scenario"), QString(), QStringLiteral("Scenarios (*.yaml *.yml);;All files (*)"));
    if (!path.isEmpty())
        reportScenarioError(openScenario(path));
}

QString MainWindow::saveScenario(const QString& path)
{
    Session session = m_document->session();
    if (session.measured) // a relative path names the same file from the saved scenario's folder
        session.measured->file
            = rebasedMeasuredPath(*session.measured, m_document->openedFrom().toStdString(), path.toStdString());
    const QString error = writeFile(path, QByteArray::fromStdString(writeScenario(session)));
    if (error.isEmpty()) {
        m_document->markSaved(QFileInfo(path).absoluteFilePath());
        updateTitle();
        statusBar()->showMessage(QStringLiteral("Saved %1").arg(path), 5000);
    }
    return error;
}

bool MainWindow::save()
{
    if (m_document->filePath().isEmpty())
        return showSaveDialog();
    if (const QString error = saveScenario(m_document->filePath()); !error.isEmpty()) {
        QMessageBox::warning(this, QStringLiteral("Save scenario"), error);
        return false;
    }
    return true;
}

bool MainWindow::showSaveDialog()
{
    const QString path = QFileDialog::getSaveFileName(
        this, QStringLiteral("Save scenario"), m_document->filePath(), QStringLiteral("Scenarios (*.yaml)"));
    if (path.isEmpty())
        return false;
    if (const QString error = saveScenario(path); !error.isEmpty()) {
        QMessageBox::warning(this, QStringLiteral("Save scenario"), error);
        return false;
    }
    return true;
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, QStringLiteral("About Roofline Lab"),
        QStringLiteral("<h3>Roofline Lab %1</h3>"
                       "<p>A live roofline chart of attainable FLOP/s against arithmetic intensity, with a roof per "
                       "compute dtype, memory level and link.</p>"
                       "<p>The formulas follow <i>All About Rooflines</i> in the JAX scaling book (How to Scale Your "
                       "Model) and <i>The Extended Roofline</i>: T<sub>math</sub> = FLOPs / peak, "
                       "T<sub>comms</sub> = bytes / bandwidth, and a run time between their maximum and their "
                       "sum.</p><p>Every bandwidth is one-way bytes per second.</p>")
            .arg(QApplication::applicationVersion()));
}

void MainWindow::setThemeMode(ThemeMode mode)
{
    m_themeMode = mode;
    applyTheme();
}

void MainWindow::setZoom(double zoom)
{
    m_zoom = std::clamp(zoom, kMinZoom, kMaxZoom);
    applyTheme();
}

void MainWindow::applyTheme()
{
    static const QPalette systemPalette = QApplication::palette();
    m_applyingTheme = true;
    bool dark = false;
    switch (m_themeMode) {
    case ThemeMode::System:
        QApplication::setPalette(systemPalette);
        dark = systemPalette.color(QPalette::Window).lightness() < 128;
        break;
    case ThemeMode::Light:
        QApplication::setPalette(QApplication::style()->standardPalette());
        break;
    case ThemeMode::Dark:
        QApplication::setPalette(darkPalette());
        dark = true;
        break;
    }
    m_applyingTheme = false;
    ChartTheme theme = dark ? ChartTheme::darkTheme() : ChartTheme::light();
    theme.zoom = m_zoom * (m_presenting ? kPresentationScale : 1);
    // The whole window follows the zoom: panels, labels, the table and the explanation, not only the chart.
    QFont font = QApplication::font();
    if (font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * theme.zoom);
    else
        font.setPixelSize(std::max(1, static_cast<int>(std::lround(font.pixelSize() * theme.zoom))));
    setFont(font);
    m_chart->setTheme(theme);
    m_table->setTheme(theme);
    m_sweep->setTheme(theme);
    m_workloadPanel->setTheme(theme);
}

void MainWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::ApplicationPaletteChange && !m_applyingTheme && m_themeMode == ThemeMode::System)
        applyTheme();
    QMainWindow::changeEvent(event);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!confirmDiscard()) {
        event->ignore();
        return;
    }
    saveSettings();
    event->accept();
}

} // namespace roofline::widgets
