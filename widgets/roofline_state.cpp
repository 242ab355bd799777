// The window's state: chip, dtype and operations, evaluated by the core after every change.
#include "roofline_state.h"

#include <algorithm>
#include <cmath>

namespace roofline::widgets {

namespace {

// Points an operation's memory and link at the chip's defaults when it names ones this chip lacks.
void fitToChip(OperationVariant& op, const Hardware& hw)
{
    for (const ParamInfo& p : params(op)) {
        const auto name = textParam(op, p.name);
        if (!name || name->empty())
            continue;
        const bool known = p.type == ParamType::Memory ? hw.memory(*name) != nullptr : hw.link(*name) != nullptr;
        if (!known)
            setTextParam(op, p.name, std::string());
    }
}

} // namespace

RooflineState::RooflineState(PresetLibrary library, QObject* parent)
    : QObject(parent)
    , m_library(std::move(library))
{
    if (!m_library.presets.empty())
        loadScenario(defaultScenario(m_library.presets.front()));
}

std::vector<Evaluation> RooflineState::shownEvaluations(std::vector<std::size_t>* indices) const
{
    std::vector<Evaluation> out;
    for (std::size_t i = 0; i < m_evaluations.size(); ++i) {
        if (!isShown(i) || !m_evaluations[i].ok())
            continue;
        out.push_back(m_evaluations[i].value());
        if (indices)
            indices->push_back(i);
    }
    return out;
}

bool RooflineState::selectPreset(const QString& id)
{
    const Hardware* hw = m_library.find(id.toStdString());
    if (!hw)
        return false;
    if (!m_workloadEdited) {
        loadScenario(defaultScenario(*hw));
        return true;
    }
    m_preset = *hw;
    m_hardware = *hw;
    m_dtype = hw->defaultDtype();
    for (Operation& op : m_operations)
        fitToChip(op.op, m_hardware);
    chipReplaced();
    return true;
}

void RooflineState::loadScenario(const Scenario& scenario)
{
    // Overrides in a scenario are part of what it shows, so the scenario's chip is what Reset restores.
    m_preset = scenario.hardware;
    m_hardware = scenario.hardware;
    m_dtype = scenario.dtype.value_or(scenario.hardware.defaultDtype());
    m_operations = scenario.operations;
    m_shown.assign(m_operations.size(), true);
    m_workloadEdited = false;
    chipReplaced();
}

void RooflineState::chipReplaced()
{
    setModified(false);
    evaluateAll();
    emit presetChanged();
    emit dtypeChanged();
    emit operationsChanged();
    finish();
}

Scenario RooflineState::scenario() const
{
    Scenario s;
    s.name = m_hardware.name;
    s.presetId = m_library.find(m_preset.id) ? m_preset.id : std::string();
    s.hardware = m_hardware;
    s.dtype = m_dtype;
    s.operations = m_operations;
    return s;
}

void RooflineState::resetToPreset()
{
    if (!m_modified)
        return;
    m_hardware = m_preset;
    setModified(false);
    evaluateAll();
    emit hardwareChanged();
    finish();
}

void RooflineState::setDtype(Dtype dtype)
{
    if (dtype == m_dtype)
        return;
    m_dtype = dtype;
    emit dtypeChanged();
    finish();
}

std::optional<std::string> RooflineState::setHardwareValue(const std::string& key, double value)
{
    if (hardwareValue(m_hardware, key) == value)
        return std::nullopt;
    Hardware changed = m_hardware;
    if (auto error = roofline::setHardwareValue(changed, key, value))
        return error;
    m_hardware = std::move(changed);
    setModified(true);
    evaluateAll();
    emit hardwareChanged();
    finish();
    return std::nullopt;
}

std::optional<std::string> RooflineState::setOperationParam(std::size_t op, std::string_view name, double value)
{
    return editOperation(op, numberParam, setNumberParam, name, value);
}

std::optional<std::string> RooflineState::setOperationDtype(std::size_t op, std::string_view name, Dtype value)
{
    return editOperation(op, dtypeParam, setDtypeParam, name, value);
}

std::optional<std::string> RooflineState::setOperationText(
    std::size_t op, std::string_view name, const std::string& value)
{
    return editOperation(op, textParam, setTextParam, name, value);
}

template <typename Read, typename Write, typename Value>
std::optional<std::string> RooflineState::editOperation(
    std::size_t op, Read read, Write write, std::string_view name, const Value& value)
{
    if (op >= m_operations.size())
        return std::string("no such operation");
    Operation& target = m_operations[op];
    if (read(target.op, name) == value)
        return std::nullopt;
    // A name that was only the default description follows the parameters; a name the user gave stays.
    const bool autoNamed = target.name.empty() || target.name == describe(target.op);
    if (auto error = write(target.op, name, value))
        return error;
    operationEdited(op, autoNamed);
    return std::nullopt;
}

void RooflineState::operationEdited(std::size_t op, bool autoNamed)
{
    Operation& target = m_operations[op];
    if (autoNamed)
        target.name = describe(target.op);
    m_workloadEdited = true;
    m_evaluations[op] = evaluate(target.op, m_hardware);
    emit operationChanged(op);
    finish();
}

void RooflineState::setShown(std::size_t op, bool shown)
{
    if (op >= m_shown.size() || m_shown[op] == shown)
        return;
    m_shown[op] = shown;
    emit operationsChanged();
    finish();
}

void RooflineState::addOperation(OperationVariant op)
{
    fitToChip(op, m_hardware);
    m_operations.push_back({ describe(op), std::move(op) });
    m_shown.push_back(true);
    m_workloadEdited = true;
    evaluateAll();
    emit operationsChanged();
    finish();
}

void RooflineState::removeOperation(std::size_t op)
{
    if (op >= m_operations.size())
        return;
    m_operations.erase(m_operations.begin() + static_cast<std::ptrdiff_t>(op));
    m_shown.erase(m_shown.begin() + static_cast<std::ptrdiff_t>(op));
    m_workloadEdited = true;
    evaluateAll();
    emit operationsChanged();
    finish();
}

void RooflineState::evaluateAll()
{
    m_evaluations.clear();
    m_evaluations.reserve(m_operations.size());
    for (const Operation& op : m_operations)
        m_evaluations.push_back(evaluate(op.op, m_hardware));
}

void RooflineState::setModified(bool modified)
{
    if (modified == m_modified)
        return;
    m_modified = modified;
    emit modifiedChanged(modified);
}

void RooflineState::finish()
{
    emit contentChanged();
}

} // namespace roofline::widgets
