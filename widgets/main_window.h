// The main window: assembles the chart, the controls and the table, and holds the menus.
#pragma once

#include "chart_export.h"
#include "presets.h"

#include <QMainWindow>

class QLabel;

namespace roofline::widgets {

class HardwarePanel;
class ReadoutTable;
class RooflineChart;
class RooflineState;
class WorkloadPanel;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    enum class ThemeMode { System, Light, Dark };

    // `library` is the presets the chooser lists; its errors (bad user presets) show in a banner.
    explicit MainWindow(PresetLibrary library, QWidget* parent = nullptr);
    ~MainWindow() override;

    RooflineState* state() const { return m_state; }
    RooflineChart* chart() const { return m_chart; }
    ReadoutTable* table() const { return m_table; }
    HardwarePanel* hardwarePanel() const { return m_hardwarePanel; }
    WorkloadPanel* workloadPanel() const { return m_workloadPanel; }
    QString bannerText() const;
    ThemeMode themeMode() const { return m_themeMode; }
    double zoom() const { return m_zoom; }

    // Loads a scenario file; on failure returns its located errors and leaves the view as it was.
    QString openScenario(const QString& path);
    QString openEmbeddedScenario(const QString& name);
    // Saves what is on screen as a scenario file; returns an error text or an empty string.
    QString saveScenario(const QString& path);
    // Exports what the chart shows; returns an error text or an empty string.
    QString exportTo(const QString& path, const ExportOptions&);
    void setThemeMode(ThemeMode);
    void setZoom(double);

protected:
    void closeEvent(QCloseEvent*) override;
    void changeEvent(QEvent*) override;

private:
    void buildMenus();
    void showExportDialog();
    void showOpenDialog();
    void showSaveDialog();
    void copyChart();
    void showAbout();
    void applyTheme();
    void restoreSettings();
    void saveSettings() const;
    void reportScenarioError(const QString&);

    RooflineState* m_state;
    RooflineChart* m_chart;
    ReadoutTable* m_table;
    HardwarePanel* m_hardwarePanel;
    WorkloadPanel* m_workloadPanel;
    QLabel* m_banner;
    ThemeMode m_themeMode = ThemeMode::System;
    double m_zoom = 1;
    bool m_applyingTheme = false;
    QString m_lastExport;
    ExportOptions m_exportOptions;
};

} // namespace roofline::widgets
