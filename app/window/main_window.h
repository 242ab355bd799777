// SPDX-License-Identifier: GPL-3.0-or-later
// The main window: assembles the chart, the controls, the pages under the chart and the menus.
#pragma once

#include "export/chart_export.h"
#include "files/presets.h"
#include "llm/model.h"
#include "window/file_commands.h"
#include "window/theme_controller.h"

#include <QMainWindow>

#include <string>
#include <utility>
#include <vector>

class QComboBox;
class QDockWidget;
class QLineEdit;
class QLabel;
class QMenu;
class QTabWidget;

class QSettings;

namespace roofline::widgets {

class Document;
class FoldingTabs;
class ExplanationPanel;
class QuestionStrip;
class HardwarePanel;
class MeasuredTable;
class ModelView;
class ComparePage;
class EnergyView;
class ReadoutTable;
class RooflineChart;
class SweepChart;
class SweepPage;
class TeachingControls;
class WorkloadPanel;

// The window holds the document and hands each view the document's analysis after every edit. Its commands live in
// classes of their own: FileCommands (the File menu and Edit ▸ Copy chart), ThemeController (the theme and the
// zoom), SweepPage (the Sweep tab) and TeachingControls (lock axes, play, the shared selection); the window forwards
// what it offers of them.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    using ThemeMode = ThemeController::Mode;

    // `library` is the presets the chooser lists; its errors (bad user presets) show in a banner.
    // The libraries as the application loaded them, once: nothing below reads the user's folders.
    MainWindow(PresetLibrary library, ModelLibrary models, QWidget* parent = nullptr);
    ~MainWindow() override;

    Document* document() const { return m_document; }
    RooflineChart* chart() const { return m_chart; }
    ReadoutTable* table() const { return m_table; }
    MeasuredTable* measuredTable() const { return m_measuredTable; }
    SweepChart* sweepChart() const;
    QComboBox* sweepParamChooser() const;
    QLineEdit* sweepRangeField() const;
    // The pages under the chart; on a small screen they start folded to their tab bar.
    FoldingTabs* bottomTabs() const { return m_bottomTabs; }
    // The side panel: the chip's and the operations' controls.
    QDockWidget* controlsDock() const { return m_controlsDock; }
    ModelView* modelView() const { return m_modelView; }
    ComparePage* comparePage() const { return m_comparePage; }
    EnergyView* energyView() const { return m_energyView; }
    HardwarePanel* hardwarePanel() const { return m_hardwarePanel; }
    WorkloadPanel* workloadPanel() const { return m_workloadPanel; }
    TeachingControls* teaching() const { return m_teaching; }
    QString bannerText() const;
    ThemeMode themeMode() const { return m_theme->mode(); }
    double zoom() const { return m_theme->zoom(); }
    ExplanationPanel* explanationPanel() const { return m_explanation; }
    QDockWidget* explanationDock() const { return m_explanationDock; }
    QMenu* examplesMenu() const { return m_files->examplesMenu(); }
    QMenu* recentMenu() const { return m_files->recentMenu(); }
    // The presentation view: the chart and the explanation alone, full screen, in large type. Leaving it puts back
    // the window as it was: geometry, docks and panels.
    bool isPresenting() const { return m_presenting; }
    // On a first launch (no settings saved yet) opens the first of the texts' worked examples with its explanation
    // beside it, and says where the others are: a newcomer starts from a lesson, not from a bare chip. Returns
    // whether it did; later launches open as the window was left.
    bool welcome();
    void setPresentation(bool);

    // The file commands, as file_commands.h describes them.
    QString openScenario(const QString& path) { return m_files->openScenario(path); }
    QString openCalibration(const QString& path) { return m_files->openCalibration(path); }
    void reportScenarioError(const QString& error) { m_files->reportScenarioError(error); }
    QString openEmbeddedScenario(const QString& name) { return m_files->openEmbeddedScenario(name); }
    QString saveScenario(const QString& path) { return m_files->saveScenario(path); }
    bool confirmDiscard() { return m_files->confirmDiscard(); }
    using Prompt = FileCommands::Prompt;
    void setUnsavedChangesPrompt(Prompt prompt) { m_files->setUnsavedChangesPrompt(std::move(prompt)); }
    QString exportTo(const QString& path, const ExportOptions& options) { return m_files->exportTo(path, options); }
    QString suggestedExportPath() const { return m_files->suggestedExportPath(); }
    QString exportTable(const QString& path) { return m_files->exportTable(path); }
    void setThemeMode(ThemeMode mode) { m_theme->setMode(mode); }
    void setZoom(double zoom) { m_theme->setZoom(zoom); }

protected:
    void closeEvent(QCloseEvent*) override;
    void showEvent(QShowEvent*) override;
    // A scenario file (.yaml, .yml) dropped on the window opens, as File ▸ Open would open it.
    void dragEnterEvent(QDragEnterEvent*) override;
    void dropEvent(QDropEvent*) override;

private:
    // Small enough that the window fits 640×360 logical pixels with its menus and borders.
    static constexpr int kPanelMinWidth = 200;
    static constexpr int kWideScreen = 1280; // logical pixels: below, the explanation shares the side panel's place
    static constexpr int kNarrowScreen = 800; // below, the side panel starts closed
    static constexpr int kShortScreen = 900; // below, the pages under the chart start folded
    static constexpr int kTinyScreen = 500; // below, the play bar starts hidden (View ▸ Play bar)
    // The least share of the window the plot keeps in the normal view: a zoom folds the pages, then closes the side
    // panel, rather than go below it.
    static constexpr double kChartShare = 0.45;
    static constexpr QSize kChartMinSize { 200, 120 };
    // The first window: the size the layout is drawn for, or most of a smaller screen.
    static constexpr QSize kPreferredSize { 1400, 900 };
    static constexpr double kScreenShare = 0.9;
    static constexpr double kSmallScreenShare = 0.96; // below kShortScreen: all but the window's frame
    // Type in the presentation view, on top of the user's zoom: readable from the back of a room.
    static constexpr double kPresentationScale = 1.5;
    static constexpr int kShortPresentation = 600; // logical pixels of height: below, the presentation keeps the type

    // Under the chart: the readout, the sweep, the model and the measured kernels.
    void buildBottomTabs();
    // The banner with the presets that could not be read.
    QWidget* buildBanner();
    void buildMenus();
    // View ▸ Presentation and View ▸ Explanation.
    void buildLessonActions(QMenu* view);
    void setUpExplanation();
    // Shows the dock when there is something to explain and the user has not closed it.
    void updateExplanation();
    // The question strip over the chart: shown while a lesson's explanation is out of sight.
    void updateQuestion();
    void updateTitle();
    // After a zoom in: folds the pages, then closes the side panel, while the plot is below kChartShare of the
    // window; where nothing is left to fold, takes the zoom back.
    void keepChartRoom();
    // In presentation: the explanation's band as tall as its text, within its third of the screen; only taller
    // unless `mayShrink`.
    void fitExplanationBand(bool mayShrink = true);
    // Shows or hides a tab under the chart, only where that changes anything.
    void showTab(QWidget* page, bool shown);
    void showAbout();
    // View ▸ Compare with…: the chips drawn beside the session's.
    void chooseCompared();
    void restoreSettings();
    // On a first launch: sized to the screen's available area and centred on it.
    void fitToScreen();
    // The window's size and place on its screen, frame and all, as fitToScreen() sets them, its docks untouched.
    void placeOnScreen();
    // The window brought wholly onto its screen, frame and all, shrunk and moved no more than that takes.
    void keepOnScreen();
    // The largest size the window may take on its screen: its frame fits, and it comes back from the settings as it
    // was.
    QSize roomOnScreen() const;
    // The docks and pages as a first launch sets them for this screen: the side panel, the folded pages, the play bar.
    void fitDocks();
    void saveSettings() const;

    Document* m_document;
    RooflineChart* m_chart;
    ReadoutTable* m_table;
    MeasuredTable* m_measuredTable;
    SweepPage* m_sweepPage;
    FoldingTabs* m_bottomTabs;
    ModelView* m_modelView = nullptr;
    ComparePage* m_comparePage = nullptr;
    EnergyView* m_energyView = nullptr;
    HardwarePanel* m_hardwarePanel;
    WorkloadPanel* m_workloadPanel;
    TeachingControls* m_teaching = nullptr;
    FileCommands* m_files;
    ThemeController* m_theme;
    QLabel* m_banner;
    ExplanationPanel* m_explanation;
    QDockWidget* m_explanationDock;
    QuestionStrip* m_question; // the lesson's question over the chart, while the explanation is out of sight
    QDockWidget* m_controlsDock;
    bool m_explanationWanted = true; // false once the user closes the dock
    double m_roomyZoom = 1; // the last zoom at which the plot kept kChartShare
    int m_panelWidthOnShow = 0; // a first launch: the side panel's width, set once the window shows
    std::string m_explainedTitle; // the explanation shown last, to bring a new one to the front
    bool m_presenting = false;
    bool m_firstLaunch = false; // no settings were saved before this window
    QSize m_placedSize; // the size the settings or the screen gave the window, until it is first shown
    // What the presentation view hides or changes, to put back on leaving.
    struct Shown {
        QByteArray geometry;
        QByteArray state;
        Qt::WindowStates windowState;
        std::vector<std::pair<QWidget*, bool>> widgets;
    };
    Shown m_beforePresentation;
};

// The program's settings sit beside its presets and models (~/.config/roofline-lab/); those an earlier version kept
// under `from` (~/.config/RooflineLab/) are copied into `to` once, when `to` holds none yet. The old file is left as
// it was. Returns whether anything was copied.
bool adoptEarlierSettings(QSettings& to, QSettings& from);

} // namespace roofline::widgets
