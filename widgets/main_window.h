// The main window: assembles the chart, the controls and the table, and holds the menus.
#pragma once

#include "chart_export.h"
#include "files/presets.h"
#include "llm/model.h"
#include "session/session.h"

#include <QMainWindow>
#include <QMessageBox>

#include <functional>
#include <utility>
#include <vector>

class QComboBox;
class QDockWidget;
class QLineEdit;
class QLabel;
class QMenu;
class QTabWidget;

namespace roofline::widgets {

class HardwarePanel;
class MeasuredTable;
class ModelView;
class ReadoutTable;
class RooflineChart;
class SweepChart;
class Document;
class TeachingControls;
class ExplanationPanel;
class WorkloadPanel;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    enum class ThemeMode { System, Light, Dark };

    // `library` is the presets the chooser lists; its errors (bad user presets) show in a banner.
    // The libraries as the application loaded them, once: nothing below reads the user's folders.
    MainWindow(PresetLibrary library, ModelLibrary models, QWidget* parent = nullptr);
    ~MainWindow() override;

    Document* document() const { return m_document; }
    RooflineChart* chart() const { return m_chart; }
    ReadoutTable* table() const { return m_table; }
    MeasuredTable* measuredTable() const { return m_measuredTable; }
    SweepChart* sweepChart() const { return m_sweep; }
    QComboBox* sweepParamChooser() const { return m_sweepParam; }
    QLineEdit* sweepRangeField() const { return m_sweepRange; }
    QTabWidget* bottomTabs() const { return m_bottomTabs; }
    ModelView* modelView() const { return m_modelView; }
    HardwarePanel* hardwarePanel() const { return m_hardwarePanel; }
    WorkloadPanel* workloadPanel() const { return m_workloadPanel; }
    TeachingControls* teaching() const { return m_teaching; }
    QString bannerText() const;
    ThemeMode themeMode() const { return m_themeMode; }
    double zoom() const { return m_zoom; }
    ExplanationPanel* explanationPanel() const { return m_explanation; }
    QDockWidget* explanationDock() const { return m_explanationDock; }
    // File ▸ Examples: the texts' worked examples in their order, then the others.
    QMenu* examplesMenu() const { return m_examples; }
    // The presentation view: the chart and the explanation alone, full screen, in large type. Leaving it puts back
    // the window as it was: geometry, docks and panels.
    bool isPresenting() const { return m_presenting; }
    void setPresentation(bool);

    // Loads a scenario file; on failure returns its located errors and leaves the document as it was. Does not ask
    // about unsaved changes: the menu's commands do (see confirmDiscard).
    QString openScenario(const QString& path);
    // Says in a dialog why a scenario could not be opened; nothing for an empty message.
    void reportScenarioError(const QString&);
    QString openEmbeddedScenario(const QString& name);
    // Saves the session as a scenario file; returns an error text or an empty string, and keeps the old file whole
    // on failure.
    QString saveScenario(const QString& path);
    // Asks, when the document has unsaved changes, whether to save them first. Returns false when the user cancels
    // or the save fails. The question is asked through `prompt`, which tests replace.
    bool confirmDiscard();
    using Prompt = std::function<QMessageBox::StandardButton(const QString& question)>;
    void setUnsavedChangesPrompt(Prompt prompt) { m_prompt = std::move(prompt); }
    // Exports what the chart shows; returns an error text or an empty string.
    QString exportTo(const QString& path, const ExportOptions&);
    // Writes the table, every row, as CSV; returns an error text or an empty string.
    QString exportTable(const QString& path);
    void setThemeMode(ThemeMode);
    void setZoom(double);

protected:
    void closeEvent(QCloseEvent*) override;
    void changeEvent(QEvent*) override;

private:
    static constexpr double kMinZoom = 0.5;
    static constexpr double kMaxZoom = 3;
    // Small enough that the window fits 640×360 logical pixels with its menus and borders.
    static constexpr int kPanelMinWidth = 200;
    static constexpr int kWideScreen = 1280; // logical pixels: below, the explanation docks under the window's parts
    static constexpr QSize kChartMinSize { 200, 120 };
    // The first window: the size the layout is drawn for, or most of a smaller screen.
    static constexpr QSize kPreferredSize { 1400, 900 };
    static constexpr double kScreenShare = 0.9;
    // Type in the presentation view, on top of the user's zoom: readable from the back of a room.
    static constexpr double kPresentationScale = 1.5;

    void buildMenus();
    void buildExamplesMenu();
    // View ▸ Presentation and View ▸ Explanation.
    void buildLessonActions(QMenu* view);
    void setUpExplanation();
    // Shows the dock when there is something to explain and the user has not closed it.
    void updateExplanation();
    // Opens a session read from `origin` (its path, or "embedded:NAME") with the measured kernels its measured block
    // names, read once here; on failure returns the located errors and leaves the document as it was.
    QString openSession(Session, const std::string& origin, const QString& filePath);
    void showExportDialog();
    void showTableExportDialog();
    void showOpenDialog();
    // Saves to the document's file, or asks for one. Returns whether the document was saved.
    bool save();
    bool showSaveDialog();
    void updateTitle();
    // Shows or hides a tab under the chart, only where that changes anything.
    void showTab(QWidget* page, bool shown);
    void fillSweepParams();
    void applySweepRange();
    void copyChart();
    void showAbout();
    void applyTheme();
    void restoreSettings();
    // On a first launch: sized to the screen's available area and centred on it.
    void fitToScreen();
    void saveSettings() const;

    Document* m_document;
    RooflineChart* m_chart;
    ReadoutTable* m_table;
    MeasuredTable* m_measuredTable;
    SweepChart* m_sweep;
    QComboBox* m_sweepParam;
    QLineEdit* m_sweepRange;
    QTabWidget* m_bottomTabs;
    ModelView* m_modelView = nullptr;
    bool m_sweepParamsStale = false; // the visible operations changed since the chooser was filled
    HardwarePanel* m_hardwarePanel;
    WorkloadPanel* m_workloadPanel;
    TeachingControls* m_teaching = nullptr;
    QLabel* m_banner;
    ThemeMode m_themeMode = ThemeMode::System;
    double m_zoom = 1;
    bool m_applyingTheme = false;
    Prompt m_prompt;
    QString m_lastExport;
    ExportOptions m_exportOptions;
    ExplanationPanel* m_explanation;
    QDockWidget* m_explanationDock;
    QMenu* m_examples = nullptr;
    bool m_explanationWanted = true; // false once the user closes the dock
    bool m_presenting = false;
    // What the presentation view hides or changes, to put back on leaving.
    struct Shown {
        QByteArray geometry;
        QByteArray state;
        Qt::WindowStates windowState;
        std::vector<std::pair<QWidget*, bool>> widgets;
    };
    Shown m_beforePresentation;
};

} // namespace roofline::widgets
