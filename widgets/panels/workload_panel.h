// SPDX-License-Identifier: GPL-3.0-or-later
// The workload controls: the operations on the chart with a check box each, adding from the core's catalogue, and
// sliders for the selected operation's parameters.
#pragma once

#include "common/chart_theme.h"

#include <QWidget>

#include <map>
#include <string>

class QComboBox;
class QListWidget;
class QPushButton;
class QVBoxLayout;

namespace roofline::widgets {

class PowerSlider;
class Document;

class WorkloadPanel : public QWidget {
    Q_OBJECT
public:
    // Edits the document: operations added, removed, shown or hidden, and their parameters set.
    explicit WorkloadPanel(Document* state, QWidget* parent = nullptr);

    void setTheme(const ChartTheme&);
    void selectOperation(int op);
    int selectedOperation() const;

    QListWidget* operationList() const { return m_list; }
    QComboBox* kindChooser() const { return m_kinds; }
    QPushButton* addButton() const { return m_add; }
    QPushButton* removeButton() const { return m_remove; }
    // The slider of the selected operation's count parameter by name ("B", "N", "P"), or null.
    PowerSlider* paramSlider(const QString& name) const;
    // The chooser of the selected operation's dtype, memory or link parameter by name ("w", "link"), or null.
    QComboBox* paramChooser(const QString& name) const;

private:
    void rebuildList();
    void rebuildParams();
    void syncParams();
    void onOperationChanged(std::size_t op);
    void onItemChanged();
    void onAdd();
    void onRemove();

    Document* m_state;
    ChartTheme m_theme;
    QListWidget* m_list;
    QComboBox* m_kinds;
    QPushButton* m_add;
    QPushButton* m_remove;
    QWidget* m_params;
    QVBoxLayout* m_paramLayout;
    std::map<std::string, PowerSlider*> m_sliders;
    std::map<std::string, QComboBox*> m_dtypeChoosers;
    std::map<std::string, QComboBox*> m_textChoosers;
    int m_paramsOf = -1;
    std::string m_paramsKind;
    std::string m_selectedId; // the selected operation's id, to find it again when the list is rebuilt
};

} // namespace roofline::widgets
