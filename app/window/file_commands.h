// SPDX-License-Identifier: GPL-3.0-or-later
// The window's file commands: open, save and save as, the built-in examples, the chart's and the table's exports,
// and the chart copied to the clipboard.
#pragma once

#include "export/chart_export.h"
#include "files/open_scenario.h"
#include "files/presets.h"
#include "session/session.h"

#include <QMessageBox>
#include <QObject>
#include <QString>

#include <climits>
#include <functional>
#include <string>
#include <tuple>
#include <vector>

class QMainWindow;
class QMenu;

namespace roofline::widgets {

// A built-in scenario as File ▸ Examples lists it: the texts' worked examples by their order, then the others by
// title. `name` is the embedded file's; `source` the section of the text a worked example follows (empty for others).
struct BuiltInExample {
    int order = INT_MAX;
    QString title;
    QString name;
    QString source;

    bool operator<(const BuiltInExample& other) const
    {
        return std::tie(order, title) < std::tie(other.order, other.title);
    }
};
std::vector<BuiltInExample> builtInExamples(const PresetLibrary&);

class Document;
class ReadoutTable;
class RooflineChart;

// Edits the document: opening a scenario replaces its session. Dialogs open over `window`, and what happened shows
// in its status bar.
class FileCommands : public QObject {
    Q_OBJECT
public:
    FileCommands(Document* document, RooflineChart* chart, ReadoutTable* table, QMainWindow* window);

    // File ▸ Open, Save, Save as, Examples, Export chart and Export table.
    void addActions(QMenu* file);
    // File ▸ Examples: the texts' worked examples in their order, then the others.
    QMenu* examplesMenu() const { return m_examples; }
    // File ▸ Open Recent: the scenarios last opened or saved, newest first, at most kRecentFiles; one that no longer
    // exists is shown disabled; "Clear list" empties it. Kept in the settings.
    QMenu* recentMenu() const { return m_recent; }
    static constexpr int kRecentFiles = 10;
    static QStringList recentFiles();
    static void clearRecentFiles();
    // The path a scenario is saved at when the user chose `chosen`: with ".yaml" added when it has no extension, so
    // that the Open dialog and the command line find it.
    static QString scenarioSavePath(const QString& chosen);
    // Opens a scenario file the user chose (a dialog, the recent list, a drop): asks about unsaved changes first and
    // says in a dialog why it could not be opened. Returns whether it was opened.
    bool openChosen(const QString& path);

    // Loads a scenario file; on failure returns its located errors and leaves the document as it was. Does not ask
    // about unsaved changes: the menu's commands do (see confirmDiscard).
    QString openScenario(const QString& path);
    QString openEmbeddedScenario(const QString& name);
    // Says in a dialog why a scenario could not be opened; nothing for an empty message.
    void reportScenarioError(const QString&);
    // Saves the session as a scenario file; returns an error text or an empty string, and keeps the old file whole
    // on failure.
    QString saveScenario(const QString& path);
    // Asks, when the document has unsaved changes, whether to save them first. Returns false when the user cancels
    // or the save fails. The question is asked through `prompt`, which tests replace.
    bool confirmDiscard();
    using Prompt = std::function<QMessageBox::StandardButton(const QString& question)>;
    void setUnsavedChangesPrompt(Prompt prompt) { m_prompt = std::move(prompt); }
    // Reads a calibration (roofline-lab calibrate) and makes it the session's, as one undo step; returns why it could
    // not (its file's located errors, a calibration of another chip) or an empty string. File ▸ Open calibration.
    QString openCalibration(const QString& path);
    // Exports what the chart shows; returns an error text or an empty string.
    QString exportTo(const QString& path, const ExportOptions&);
    // What Export proposes: the scenario's name (an example's, or its file's), in the last export's folder and format.
    QString suggestedExportPath() const;
    // Writes the table, every row, as CSV; returns an error text or an empty string.
    QString exportTable(const QString& path);
    // Edit ▸ Copy chart.
    void copyChart();

signals:
    // The document was saved, perhaps under a new name.
    void saved();

private:
    QString exportChartAs(const QString& path, const ExportOptions&);
    // Loads an opened scenario, its measured kernels read with it, into the document (`filePath` empty for one built
    // into the program), saying in the status bar how many rows of the measured file were skipped.
    void openSession(OpenedScenario, const QString& filePath);
    void buildExamplesMenu();
    void showOpenDialog();
    void showCalibrationDialog();
    // Saves to the document's file, or asks for one. Returns whether the document was saved.
    bool save();
    bool showSaveDialog();
    void showExportDialog();
    void showTableExportDialog();

    Document* m_document;
    RooflineChart* m_chart;
    ReadoutTable* m_table;
    QMainWindow* m_window;
    QMenu* m_examples = nullptr;
    QMenu* m_recent = nullptr;
    void rememberFile(const QString& path); // first in the recent list, and its folder for the next dialog
    void fillRecentMenu();
    static QString dialogFolder(); // the folder of the file last opened or saved, else the home folder
    Prompt m_prompt;
    QString m_lastExport;
    QString m_embeddedName; // the example open, as its file is named ("int8-matmul-v5e"); empty for a file's scenario
    ExportOptions m_exportOptions;
};

} // namespace roofline::widgets
