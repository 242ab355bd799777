// SPDX-License-Identifier: GPL-3.0-or-later
// The file commands: scenarios opened and saved, the examples menu, the exports and the clipboard.
#include "window/file_commands.h"

#include "chart/roofline_chart.h"
#include "common/chart_text.h"
#include "document/document.h"
#include "export/export_dialog.h"
#include "files/calibration_file.h"
#include "files/open_scenario.h"
#include "files/scenario.h"
#include "files/scenario_measured.h"
#include "files/scenario_paths.h"
#include "readout/readout_table.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMenu>
#include <QSettings>
#include <QStatusBar>

#include <algorithm>

namespace roofline::widgets {

std::vector<BuiltInExample> builtInExamples(const PresetLibrary& library)
{
    std::vector<BuiltInExample> examples;
    for (const EmbeddedFile& f : embeddedFiles()) {
        if (!f.name.starts_with("scenarios/"))
            continue;
        BuiltInExample e { INT_MAX, qs(std::string(f.name)), qs(std::string(f.name)), {} };
        const auto parsed = parseScenario(f.text, "embedded:" + std::string(f.name), library);
        if (parsed.ok()) {
            if (!parsed.value().name.empty())
                e.title = qs(parsed.value().name);
            if (parsed.value().lesson) {
                e.order = parsed.value().lesson->order;
                e.source = qs(parsed.value().lesson->source);
            }
        }
        examples.push_back(std::move(e));
    }
    std::sort(examples.begin(), examples.end());
    return examples;
}

FileCommands::FileCommands(Document* document, RooflineChart* chart, ReadoutTable* table, QMainWindow* window)
    : QObject(window)
    , m_document(document)
    , m_chart(chart)
    , m_table(table)
    , m_window(window)
{
    m_prompt = [window](const QString& question) {
        return QMessageBox::question(window, tr("Unsaved changes"), question,
            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    };
}

void FileCommands::addActions(QMenu* file)
{
    QAction* open = file->addAction(tr("&Open scenario…"), this, &FileCommands::showOpenDialog);
    open->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_O));
    m_recent = file->addMenu(tr("Open &recent"));
    connect(m_recent, &QMenu::aboutToShow, this, &FileCommands::fillRecentMenu);
    fillRecentMenu();
    QAction* saveAction = file->addAction(tr("&Save scenario"), this, &FileCommands::save);
    saveAction->setShortcut(QKeySequence::Save);
    saveAction->setToolTip(tr("Save the chip, its numbers and the operations as a scenario file"));
    QAction* saveAs = file->addAction(tr("Save scenario &as…"), this, &FileCommands::showSaveDialog);
    saveAs->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    m_examples = file->addMenu(tr("E&xamples"));
    buildExamplesMenu();
    file->addSeparator();
    QAction* calibration = file->addAction(tr("Open &calibration…"), this, &FileCommands::showCalibrationDialog);
    calibration->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    calibration->setToolTip(tr("Times, the chart's practical roofs and the measured kernels' predictions "
                               "follow a calibration fitted by roofline-lab calibrate"));
    QAction* clearCalibration = file->addAction(tr("C&lear calibration"), this, [this] {
        if (const std::optional<std::string> error = m_document->setCalibration(std::nullopt))
            QMessageBox::warning(m_window, tr("Clear calibration"), qs(*error));
    });
    clearCalibration->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    connect(file, &QMenu::aboutToShow, this,
        [this, clearCalibration] { clearCalibration->setEnabled(m_document->session().calibration.has_value()); });
    file->addSeparator();
    QAction* exportAction = file->addAction(tr("&Export chart…"), this, &FileCommands::showExportDialog);
    exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    QAction* exportTableAction
        = file->addAction(tr("Export &table as CSV…"), this, &FileCommands::showTableExportDialog);
    exportTableAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
}

namespace {

const QString kRecentKey = QStringLiteral("files/recent");
const QString kFolderKey = QStringLiteral("files/folder");

} // namespace

QStringList FileCommands::recentFiles()
{
    return QSettings().value(kRecentKey).toStringList();
}

void FileCommands::clearRecentFiles()
{
    QSettings().remove(kRecentKey);
}

void FileCommands::rememberFile(const QString& path)
{
    // One entry a file, however it was reached (a link, "..").
    const QString canonical = QFileInfo(path).canonicalFilePath();
    const QString absolute = canonical.isEmpty() ? QFileInfo(path).absoluteFilePath() : canonical;
    QStringList recent = recentFiles();
    recent.removeAll(absolute);
    recent.prepend(absolute);
    while (recent.size() > kRecentFiles)
        recent.removeLast();
    QSettings settings;
    settings.setValue(kRecentKey, recent);
    settings.setValue(kFolderKey, QFileInfo(absolute).absolutePath());
}

QString FileCommands::dialogFolder()
{
    const QString folder = QSettings().value(kFolderKey).toString();
    return !folder.isEmpty() && QFileInfo(folder).isDir() ? folder : QDir::homePath();
}

void FileCommands::fillRecentMenu()
{
    m_recent->clear();
    const QStringList recent = recentFiles();
    for (const QString& path : recent) {
        // "&" in a name is a literal ampersand, not a mnemonic.
        const QString text = QStringLiteral("%1  (%2)")
                                 .arg(QFileInfo(path).fileName(), QDir::toNativeSeparators(QFileInfo(path).path()))
                                 .replace(QLatin1Char('&'), QStringLiteral("&&"));
        QAction* entry = m_recent->addAction(text, this, [this, path] { openChosen(path); });
        entry->setData(path);
        entry->setEnabled(QFileInfo(path).isFile());
        if (!entry->isEnabled())
            entry->setToolTip(tr("%1 no longer exists").arg(path));
    }
    if (!recent.isEmpty())
        m_recent->addSeparator();
    QAction* clear = m_recent->addAction(tr("&Clear list"), this, [this] {
        clearRecentFiles();
        fillRecentMenu();
    });
    clear->setEnabled(!recent.isEmpty());
}

QString FileCommands::scenarioSavePath(const QString& chosen)
{
    // A scenario's name often has dots of its own ("llama-3.1-70b-tp16"): only .yaml or .yml is an extension here.
    const QString suffix = QFileInfo(chosen).suffix().toLower();
    if (chosen.isEmpty() || suffix == QLatin1String("yaml") || suffix == QLatin1String("yml"))
        return chosen;
    return chosen + QStringLiteral(".yaml");
}

bool FileCommands::openChosen(const QString& path)
{
    if (!confirmDiscard())
        return false;
    const QString error = openScenario(path);
    reportScenarioError(error);
    return error.isEmpty();
}

void FileCommands::buildExamplesMenu()
{
    int number = 1;
    bool lessons = false;
    for (const BuiltInExample& e : builtInExamples(m_document->library())) {
        if (lessons && e.order == INT_MAX)
            m_examples->addSeparator(); // the models and measurements, after the texts' examples
        lessons = e.order != INT_MAX;
        QAction* example = m_examples->addAction(e.title, this, [this, n = e.name] {
            if (confirmDiscard())
                reportScenarioError(openEmbeddedScenario(n));
        });
        example->setData(e.name);
        if (lessons && number <= 9)
            example->setShortcut(QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_0 + number++)));
    }
    m_examples->setEnabled(!m_examples->isEmpty());
}

QString FileCommands::openScenario(const QString& path)
{
    Expected<OpenedScenario, Diagnostics> opened
        = roofline::openScenario(path.toStdString(), m_document->library(), m_document->models());
    if (!opened.ok())
        return qs(toString(opened.error()));
    const QString name = qs(opened->session.name);
    openSession(std::move(opened).value(), QFileInfo(path).absoluteFilePath());
    rememberFile(path);
    if (m_window->statusBar()->currentMessage().isEmpty())
        m_window->statusBar()->showMessage(tr("Opened %1").arg(name), 5000);
    return {};
}

void FileCommands::openSession(OpenedScenario opened, const QString& filePath)
{
    m_embeddedName.clear();
    if (const std::shared_ptr<const MeasuredSet>& set = opened.measured) {
        m_window->statusBar()->clearMessage();
        if (!set->skipped.empty())
            m_window->statusBar()->showMessage(tr("Measured data: %1 rows skipped, the first: %2")
                                                   .arg(set->skipped.size())
                                                   .arg(qs(set->skipped.front().toString())),
                15000);
    }
    m_document->load(std::move(opened.session), filePath, std::move(opened.measured));
}

QString FileCommands::openEmbeddedScenario(const QString& name)
{
    Expected<OpenedScenario, Diagnostics> opened
        = roofline::openScenario("embedded:" + name.toStdString(), m_document->library(), m_document->models());
    if (!opened.ok())
        return qs(toString(opened.error()));
    openSession(std::move(opened).value(), {});
    m_embeddedName = QFileInfo(name).completeBaseName();
    return {};
}

void FileCommands::reportScenarioError(const QString& error)
{
    if (!error.isEmpty())
        QMessageBox::warning(m_window, tr("Cannot open the scenario"), error);
}

void FileCommands::showOpenDialog()
{
    if (!confirmDiscard())
        return;
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open scenario"), dialogFolder(),
        tr("Scenarios (*.yaml *.yml)") + QStringLiteral(";;") + tr("All files (*)"));
    if (!path.isEmpty())
        reportScenarioError(openScenario(path));
}

void FileCommands::showCalibrationDialog()
{
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open calibration"), dialogFolder(),
        tr("Calibrations (*.yaml *.yml)") + QStringLiteral(";;") + tr("All files (*)"));
    if (path.isEmpty())
        return;
    if (const QString error = openCalibration(path); !error.isEmpty())
        QMessageBox::warning(m_window, tr("Cannot use the calibration"), error);
}

QString FileCommands::openCalibration(const QString& path)
{
    const Expected<Calibration, Diagnostics> read = readCalibration(path.toStdString());
    if (!read)
        return qs(toString(read.error()));
    // Named as an absolute path: Save writes it from the scenario's folder (rebasedScenarioPath).
    const QString absolute = path.startsWith(QLatin1String("embedded:")) ? path
        : QFileInfo(path).canonicalFilePath().isEmpty()                  ? QFileInfo(path).absoluteFilePath()
                                                                         : QFileInfo(path).canonicalFilePath();
    if (const std::optional<std::string> why = m_document->setCalibration(
            SessionCalibration { absolute.toStdString(), std::make_shared<const Calibration>(*read) }))
        return QStringLiteral("%1: %2").arg(path, qs(*why));
    return {};
}

bool FileCommands::confirmDiscard()
{
    if (!m_document->isDirty())
        return true;
    const QString name
        = qs(m_document->session().name.empty() ? m_document->session().chip.name : m_document->session().name);
    switch (m_prompt(tr("Save the changes to %1 first?").arg(name))) {
    case QMessageBox::Save:
        return save();
    case QMessageBox::Discard:
        return true;
    default:
        return false;
    }
}

QString FileCommands::saveScenario(const QString& path)
{
    Session session = m_document->session();
    const std::string opened = m_document->openedFrom().toStdString();
    // Never over a file the scenario reads: its measured kernels, its calibration, its model's config.json (a save in
    // place over the scenario itself is what Save does).
    const QFileInfo target(path);
    auto isTarget = [&](const std::string& named) {
        const QFileInfo read(QString::fromStdString(scenarioRelativePath(named, opened)));
        return target.exists() && read.exists() && target.canonicalFilePath() == read.canonicalFilePath();
    };
    const std::pair<const std::string*, QString> read[] = {
        { session.measured ? &session.measured->file : nullptr, tr("the measured kernels' file") },
        { session.calibration && !session.calibration->fromPreset ? &session.calibration->file : nullptr,
            tr("the calibration") },
        { session.model && !session.model->config.empty() ? &session.model->config : nullptr,
            tr("the model's config.json") },
    };
    for (const auto& [named, what] : read)
        if (named && isTarget(*named))
            return tr("%1 is %2 this scenario reads: saving over it would replace it. Save the scenario under "
                      "another name.")
                .arg(path, what);
    // A relative path names the same file from the saved scenario's folder.
    if (session.measured)
        session.measured->file = rebasedMeasuredPath(*session.measured, opened, path.toStdString());
    if (session.model && !session.model->config.empty())
        session.model->config = rebasedScenarioPath(session.model->config, opened, path.toStdString());
    if (session.calibration)
        session.calibration->file = rebasedScenarioPath(session.calibration->file, opened, path.toStdString());
    const std::string text = writeScenario(session);
    if (const std::optional<std::string> why = unopenableScenario(text))
        return QString::fromStdString(*why);
    const QString error = writeFile(path, QByteArray::fromStdString(text));
    if (error.isEmpty()) {
        m_document->markSaved(QFileInfo(path).absoluteFilePath());
        rememberFile(path);
        emit saved();
        m_window->statusBar()->showMessage(tr("Saved %1").arg(path), 5000);
    }
    return error;
}

bool FileCommands::save()
{
    if (m_document->filePath().isEmpty())
        return showSaveDialog();
    if (const QString error = saveScenario(m_document->filePath()); !error.isEmpty()) {
        QMessageBox::warning(m_window, tr("Save scenario"), error);
        return false;
    }
    return true;
}

bool FileCommands::showSaveDialog()
{
    const QString suggested = m_document->filePath().isEmpty() ? dialogFolder() : m_document->filePath();
    const QString chosen
        = QFileDialog::getSaveFileName(m_window, tr("Save scenario"), suggested, tr("Scenarios (*.yaml *.yml)"));
    const QString path = scenarioSavePath(chosen);
    if (path.isEmpty())
        return false;
    // The dialog asked about the name chosen; the name with .yaml added is asked about here.
    if (path != chosen && QFileInfo::exists(path)
        && QMessageBox::question(
               m_window, tr("Save scenario"), tr("%1 already exists. Replace it?").arg(QFileInfo(path).fileName()))
            != QMessageBox::Yes)
        return false;
    if (const QString error = saveScenario(path); !error.isEmpty()) {
        QMessageBox::warning(m_window, tr("Save scenario"), error);
        return false;
    }
    return true;
}

QString FileCommands::exportTo(const QString& path, const ExportOptions& options)
{
    const QString error = exportChartAs(path, options);
    if (error.isEmpty())
        m_lastExport = path;
    return error;
}

QString FileCommands::suggestedExportPath() const
{
    // Named after the scenario (each lesson its own slide), in the folder and format of the last export.
    const QString stem = !m_document->filePath().isEmpty() ? QFileInfo(m_document->filePath()).completeBaseName()
        : !m_embeddedName.isEmpty()                        ? m_embeddedName
                                    : QStringLiteral("roofline-%1").arg(qs(m_document->hardware().id));
    if (m_lastExport.isEmpty())
        return QDir::home().filePath(stem + QStringLiteral(".png"));
    const QFileInfo last(m_lastExport);
    return last.dir().filePath(
        stem + QLatin1Char('.') + (last.suffix().isEmpty() ? QStringLiteral("png") : last.suffix()));
}

QString FileCommands::exportChartAs(const QString& path, const ExportOptions& options)
{
    // The chart is drawn in the export's theme for the file, then in the window's again.
    const ChartTheme shown = m_chart->theme();
    ChartTheme theme = options.theme == ExportTheme::Light ? ChartTheme::light()
        : options.theme == ExportTheme::Dark               ? ChartTheme::darkTheme()
                                                           : shown;
    theme.zoom = options.zoom.value_or(shown.zoom);
    if (options.transparent)
        theme.background = Qt::transparent;
    if (options.theme == ExportTheme::AsShown && !options.transparent && !options.zoom)
        return exportChart(*m_chart, path, options);
    m_chart->setTheme(theme);
    const QString error = exportChart(*m_chart, path, options);
    m_chart->setTheme(shown);
    return error;
}

void FileCommands::showExportDialog()
{
    ExportDialog dialog(suggestedExportPath(), m_exportOptions, m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    m_exportOptions = dialog.options();
    const QString error = exportTo(dialog.path(), m_exportOptions);
    if (!error.isEmpty())
        QMessageBox::warning(m_window, tr("Export failed"), error);
    else
        m_window->statusBar()->showMessage(tr("Exported %1").arg(dialog.path()), 5000);
}

QString FileCommands::exportTable(const QString& path)
{
    return writeFile(path, m_table->csvText().toUtf8());
}

void FileCommands::showTableExportDialog()
{
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Export table"),
        QDir::home().filePath(QStringLiteral("roofline-%1.csv").arg(qs(m_document->hardware().id))), tr("CSV (*.csv)"));
    if (path.isEmpty())
        return;
    if (const QString error = exportTable(path); !error.isEmpty())
        QMessageBox::warning(m_window, tr("Export failed"), error);
    else
        m_window->statusBar()->showMessage(tr("Exported %1").arg(path), 5000);
}

void FileCommands::copyChart()
{
    QApplication::clipboard()->setImage(renderChart(*m_chart, m_chart->size(), 2));
    m_window->statusBar()->showMessage(tr("Chart copied to the clipboard"), 3000);
}

} // namespace roofline::widgets

#include "moc_file_commands.cpp"
