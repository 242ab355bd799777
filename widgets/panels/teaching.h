// SPDX-License-Identifier: GPL-3.0-or-later
// What the window offers for teaching, assembled in one place: axes that hold still (View ▸ Lock axes, Fit axes),
// the play toolbar, the selection shared by the chart, the table and the workload panel, and markers dragged along
// their roofs.
#pragma once

#include <QObject>

#include <optional>
#include <string>

class QAction;
class QComboBox;
class QToolBar;
class QWidget;

namespace roofline::widgets {

class Document;
class PlayBar;
class ReadoutTable;
class RooflineChart;
class SweepChart;
class WorkloadPanel;

class TeachingControls : public QObject {
    Q_OBJECT
public:
    // The lock's state is kept in the settings under kLockAxesKey, on by default.
    static constexpr const char* kLockAxesKey = "view/lockAxes";

    // Edits the document: a marker dragged along its roof sets the operation's parameter.
    TeachingControls(Document*, RooflineChart*, ReadoutTable*, WorkloadPanel*, SweepChart*,
        QComboBox* sweepParamChooser, QWidget* window);

    QAction* lockAxesAction() const { return m_lockAxes; }
    QAction* fitAxesAction() const { return m_fitAxes; }
    QToolBar* toolBar() const { return m_toolBar; }
    PlayBar* playBar() const { return m_playBar; }

    // Selects an operation everywhere: its table row, its place in the workload panel, its rings on the chart, and
    // the play's operation.
    void selectOperation(std::size_t op);

    // A session opened: the chart takes the example's axes (its lesson's view, or its content's), the lesson's
    // operation is selected, and the play and the sweep run along the lesson's parameter (each offered parameter's
    // first when the lesson names none).
    void openLesson();

private:
    void onMarkerDragged(std::size_t op, const std::string& resource, double intensity);

    Document* m_document;
    RooflineChart* m_chart;
    ReadoutTable* m_table;
    WorkloadPanel* m_workload;
    QComboBox* m_sweepParam;
    QAction* m_lockAxes;
    QAction* m_fitAxes;
    QToolBar* m_toolBar;
    PlayBar* m_playBar;
    bool m_selecting = false;
};

} // namespace roofline::widgets
