// The state the window shows: the chip (a preset and the user's changes to it), the compute dtype and the operations.
#pragma once

#include "evaluate.h"
#include "presets.h"
#include "scenario.h"

#include <QObject>
#include <QString>

#include <optional>
#include <vector>

namespace roofline::widgets {

// Owned by the window and handed to every view by pointer. Setters compare, change, re-evaluate and only then
// emit; every change ends with contentChanged(), the one signal the chart and the table follow.
class RooflineState : public QObject {
    Q_OBJECT
public:
    explicit RooflineState(PresetLibrary library, QObject* parent = nullptr);

    const PresetLibrary& library() const { return m_library; }
    const Hardware& hardware() const { return m_hardware; }
    // The chip as the preset or scenario gave it: what "Reset to preset" restores and what frames the axes.
    const Hardware& preset() const { return m_preset; }
    Dtype dtype() const { return m_dtype; }
    bool isModified() const { return m_modified; }

    const std::vector<Operation>& operations() const { return m_operations; }
    bool isShown(std::size_t op) const { return op < m_shown.size() && m_shown[op]; }
    // One per operation, in order: the evaluation, or why the chip cannot run it.
    const std::vector<Expected<Evaluation>>& evaluations() const { return m_evaluations; }
    // The evaluations of the shown operations that succeeded, and the operation index of each.
    std::vector<Evaluation> shownEvaluations(std::vector<std::size_t>* indices = nullptr) const;

    // Loads a preset with its default workload, unless the user changed the workload: then the operations stay
    // and those naming a memory or link the new chip lacks fall back to its defaults.
    bool selectPreset(const QString& id);
    void loadScenario(const Scenario&);
    // What is on screen as a scenario file holds it: the chip as it is now (a preset id with every number set, or
    // the chip inline when it is not a known preset), the compute dtype, and every operation.
    Scenario scenario() const;
    void resetToPreset();

    void setDtype(Dtype);
    // A key of setHardwareValue: "peak.bf16", "bandwidth.HBM". Returns the core's error text, or nothing.
    std::optional<std::string> setHardwareValue(const std::string& key, double value);

    std::optional<std::string> setOperationParam(std::size_t op, std::string_view name, double value);
    std::optional<std::string> setOperationDtype(std::size_t op, std::string_view name, Dtype value);
    // A memory level or link by name; empty for the chip's default.
    std::optional<std::string> setOperationText(std::size_t op, std::string_view name, const std::string& value);
    void setShown(std::size_t op, bool shown);
    void addOperation(OperationVariant);
    void removeOperation(std::size_t op);

signals:
    void presetChanged(); // a different chip: controls rebuild
    void hardwareChanged(); // a number of the chip changed
    void dtypeChanged();
    void operationsChanged(); // operations added, removed, shown or hidden, or a new workload
    void operationChanged(std::size_t op); // one operation's parameters
    void modifiedChanged(bool modified);
    void contentChanged(); // after any of the above: the chart and table redraw

private:
    void evaluateAll();
    // After a new chip, and perhaps a new workload: everything is evaluated again and every view rebuilds.
    void chipReplaced();
    void setModified(bool);
    void finish();
    void operationEdited(std::size_t op, bool autoNamed);
    // Writes one parameter of operation `op` unless `read` finds it already holds `value`.
    template <typename Read, typename Write, typename Value>
    std::optional<std::string> editOperation(
        std::size_t op, Read read, Write write, std::string_view name, const Value& value);

    PresetLibrary m_library;
    Hardware m_preset;
    Hardware m_hardware;
    Dtype m_dtype = Dtype::bf16;
    bool m_modified = false;
    bool m_workloadEdited = false;
    std::vector<Operation> m_operations;
    std::vector<bool> m_shown;
    std::vector<Expected<Evaluation>> m_evaluations;
};

} // namespace roofline::widgets
