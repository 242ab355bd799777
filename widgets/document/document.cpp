// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/document.h"

#include "base/units.h"
#include "session/edit.h"

#include <QAbstractSlider>
#include <QUndoCommand>

#include <algorithm>
#include <type_traits>

namespace roofline::widgets {

// One user edit: the session before and after it.
class Document::Edit : public QUndoCommand {
public:
    Edit(Document* document, Session before, Session after, const QString& text, std::string what, unsigned gesture)
        : QUndoCommand(text)
        , m_document(document)
        , m_before(std::move(before))
        , m_after(std::move(after))
        , m_what(std::move(what))
        , m_gesture(gesture)
    { }

    void undo() override { m_document->apply(m_before); }
    void redo() override { m_document->apply(m_after); }
    // Every edit shares one id; mergeWith decides.
    int id() const override { return 1; }
    bool mergeWith(const QUndoCommand* other) override
    {
        const auto* next = static_cast<const Edit*>(other);
        if (m_gesture == 0 || next->m_gesture != m_gesture || next->m_what != m_what)
            return false;
        m_after = next->m_after;
        setObsolete(m_after == m_before); // a drag that ends where it began leaves no step
        return true;
    }

private:
    Document* m_document;
    Session m_before;
    Session m_after;
    std::string m_what;
    unsigned m_gesture;
};

Document::Document(PresetLibrary library, ModelLibrary models, QObject* parent)
    : QObject(parent)
    , m_library(std::move(library))
    , m_models(std::move(models))
    , m_analysis(std::make_shared<const Analysis>(analyse(Session {})))
    , m_undo(new QUndoStack(this))
{
    m_undo->setUndoLimit(500);
    if (!m_library.presets().empty())
        load(presetSession(m_library, m_library.presets().front()));
}

Document::~Document()
{
    // The stack's commands point back here: clear them while the document is whole.
    m_undo->blockSignals(true);
    m_undo->clear();
}

void Document::load(Session session, const QString& filePath, std::shared_ptr<const MeasuredSet> measured)
{
    assignIdentities(session);
    m_measured = std::move(measured);
    m_undo->clear();
    m_filePath = filePath;
    m_openedFrom = filePath;
    m_opened = session;
    m_saved.reset();
    apply(std::move(session));
    m_saved = this->session();
    m_undo->setClean();
    emit loaded();
}

void Document::markSaved(const QString& filePath)
{
    m_filePath = filePath;
    m_saved = session();
    m_undo->setClean();
    updateDirty();
}

void Document::updateDirty()
{
    const bool dirty = m_saved && session() != *m_saved;
    if (dirty == m_dirty)
        return;
    m_dirty = dirty;
    emit dirtyChanged(dirty);
}

bool Document::chipEdited() const
{
    return m_saved && roofline::chipModified(session(), *m_saved);
}

void Document::beginGesture()
{
    const bool started = m_gesture == 0;
    m_gesture = ++m_gestures;
    if (started)
        emit gestureStarted();
}

void Document::endGesture()
{
    if (m_gesture == 0)
        return;
    m_gesture = 0;
    emit gestureFinished();
}

void Document::push(Session next, const QString& text, const std::string& what)
{
    if (next == session())
        return;
    m_undo->push(new Edit(this, session(), std::move(next), text, what, m_gesture));
}

void Document::apply(Session next)
{
    // The operations are compared as analysed: a model's generated ones follow its settings only there.
    const std::shared_ptr<const Analysis> previous = m_analysis;
    const bool wasModified = chipModified();
    m_analysis = std::make_shared<const Analysis>(analyse(std::move(next), m_measured, previous.get()));
    const Session& before = previous->session;
    const Session& after = session();
    const bool chipChanged = after.chip != before.chip || after.presetId != before.presetId;
    const bool overridesChanged = after.overrides != before.overrides || after.latency != before.latency;
    const bool dtypeDiffers = after.chartDtype() != before.chartDtype();
    bool listChanged = after.operations.size() != before.operations.size();
    std::vector<std::size_t> edited;
    for (std::size_t i = 0; !listChanged && i < after.operations.size(); ++i) {
        const Operation& a = before.operations[i];
        const Operation& b = after.operations[i];
        if (a.id != b.id || a.hidden != b.hidden || a.colour != b.colour || a.group != b.group)
            listChanged = true;
        else if (a.op != b.op || a.name != b.name)
            edited.push_back(i);
    }

    if (chipChanged) {
        emit presetChanged();
        emit dtypeChanged();
        emit operationsChanged();
    } else {
        if (overridesChanged)
            emit hardwareChanged();
        if (dtypeDiffers)
            emit dtypeChanged();
        if (listChanged)
            emit operationsChanged();
        else
            for (std::size_t i : edited)
                emit operationChanged(i);
    }
    if (wasModified != chipModified())
        emit modifiedChanged(chipModified());
    updateDirty();
    emit contentChanged();
}

bool Document::selectPreset(const QString& id)
{
    const Hardware* hw = m_library.find(id.toStdString());
    if (!hw)
        return false;
    if (hw->id == session().presetId && session().chip == *hw && session().overrides.empty())
        return true;
    if (const auto error = edit(edits::Preset { *hw, m_library.calibration(hw->id) },
            tr("Choose %1").arg(QString::fromStdString(hw->name)), "preset")) {
        emit editRefused(QString::fromStdString(*error));
        return false;
    }
    return true;
}

void Document::resetToPreset()
{
    push(resetTarget(session(), m_opened), tr("Reset"), "reset");
}

bool Document::canReset() const
{
    return roofline::canReset(session(), m_opened);
}

bool Document::chipModified() const
{
    return roofline::chipModified(session(), m_opened);
}

std::optional<std::string> Document::edit(const SessionEdit& change, const QString& text, const std::string& what)
{
    Expected<Session> next = applyEdit(session(), change, m_models);
    if (!next)
        return next.error();
    push(std::move(next).value(), text, what);
    return std::nullopt;
}

void Document::setDtype(Dtype dtype)
{
    if (dtype == this->dtype())
        return; // the chart shows it already, whether the session names it or takes the chip's default
    edit(edits::ChartDtype { dtype }, tr("Show %1").arg(QString::fromUtf8(dtypeName(dtype).data())), "dtype");
}

std::optional<std::string> Document::setHardwareValue(const std::string& key, double value)
{
    if (hardwareValue(hardware(), key) == value)
        return std::nullopt;
    return edit(edits::HardwareValue { key, value }, tr("Set %1").arg(QString::fromStdString(key)), "hw:" + key);
}

std::optional<std::string> Document::setModelSetting(const std::string& key, const ParamValue& value)
{
    return setModelSettings({ { key, value } });
}

std::optional<std::string> Document::setModelSettings(const std::vector<std::pair<std::string, ParamValue>>& settings)
{
    if (settings.empty())
        return std::nullopt;
    const std::string& key = settings.front().first;
    return edit(edits::ModelChange { settings }, tr("Set model %1").arg(QString::fromStdString(key)), "model:" + key);
}

std::optional<std::string> Document::setModelConfig(const Model& model, const std::string& config)
{
    return edit(edits::ModelConfig { model, config }, tr("Open model %1").arg(QString::fromStdString(model.name)),
        "model:config");
}

std::optional<std::string> Document::setCalibration(std::optional<SessionCalibration> calibration)
{
    const QString text = calibration ? tr("Open calibration %1").arg(QString::fromStdString(calibration->file))
                                     : tr("Clear calibration");
    return edit(edits::CalibrationFile { std::move(calibration) }, text, "calibration");
}

std::optional<std::string> Document::setCompared(const std::vector<std::string>& presetIds)
{
    std::vector<ComparedChip> chips;
    for (const std::string& id : presetIds) {
        const std::vector<ComparedChip>& now = session().compare;
        const auto was
            = std::find_if(now.begin(), now.end(), [&id](const ComparedChip& c) { return c.presetId == id; });
        if (was != now.end()) {
            chips.push_back(*was);
            continue;
        }
        const Hardware* chip = m_library.find(id);
        if (!chip)
            return tr("no preset with id %1").arg(QString::fromStdString(quoteInput(id))).toStdString();
        chips.push_back({ id, *chip, {} });
    }
    const QString text = chips.empty() ? tr("Compare with no other chip")
        : chips.size() == 1            ? tr("Compare with one chip")
                                       : tr("Compare with %1 chips").arg(chips.size());
    return edit(edits::Compare { std::move(chips) }, text, "compare");
}

std::optional<std::string> Document::setChipPrice(const std::string& presetId, std::optional<double> price)
{
    const Hardware* chip = m_library.find(presetId);
    const QString name = QString::fromStdString(chip ? chip->name : presetId);
    return edit(edits::ChipPrice { presetId, price },
        price ? tr("Price of %1").arg(name) : tr("No price for %1").arg(name), "price:" + presetId);
}

void Document::linkKernel(std::size_t kernel, const std::string& operationId)
{
    const std::shared_ptr<const MeasuredSet>& set = m_analysis->measuredSet;
    if (!session().measured || !set || kernel >= set->kernels.size())
        return;
    const std::string name(set->kernels[kernel].name);
    edit(edits::KernelLink { name, operationId }, tr("Link kernel %1").arg(QString::fromStdString(name)),
        "measured-link:" + name);
}

void Document::setLatency(bool on)
{
    edit(edits::Latency { on }, on ? tr("Latency floors on") : tr("Latency floors off"), "latency");
}

std::optional<std::string> Document::setOperationParam(std::size_t op, std::string_view name, const ParamValue& value)
{
    if (op >= operations().size())
        return tr("no such operation").toStdString();
    const OperationVariant& current = operations()[op].op;
    const bool unchanged = std::visit(
        [&](const auto& v) {
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, double>)
                return numberParam(current, name) == v;
            else if constexpr (std::is_same_v<T, Dtype>)
                return dtypeParam(current, name) == v;
            else
                return false; // a name is checked against the chip even when it is the same
        },
        value);
    if (unchanged)
        return std::nullopt;
    const QString shown = std::visit(
        [](const auto& v) {
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, double>)
                return QString::number(v, 'g', 17);
            else if constexpr (std::is_same_v<T, Dtype>)
                return QString::fromUtf8(dtypeName(v).data());
            else
                return QString::fromStdString(v);
        },
        value);
    const std::string what = "op:" + operations()[op].id + ":" + std::string(name);
    return edit(edits::OperationParam { op, std::string(name), value },
        tr("Set %1 = %2").arg(QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size())), shown), what);
}

void Document::setShown(std::size_t op, bool shown)
{
    if (op >= operations().size() || operations()[op].hidden == !shown)
        return;
    const QString name = QString::fromStdString(operations()[op].name);
    edit(edits::Shown { op, shown }, shown ? tr("Show %1").arg(name) : tr("Hide %1").arg(name), "shown");
}

void Document::addOperation(OperationVariant op)
{
    const QString name = QString::fromStdString(describe(op));
    edit(edits::AddOperation { std::move(op) }, tr("Add %1").arg(name), "add");
}

void Document::removeOperation(std::size_t op)
{
    if (op >= operations().size())
        return;
    const QString name = QString::fromStdString(operations()[op].name);
    if (const auto error = edit(edits::RemoveOperation { op }, tr("Remove %1").arg(name), "remove"))
        emit editRefused(QString::fromStdString(*error));
}

void bracketGestures(QAbstractSlider* slider, Document* document)
{
    QObject::connect(slider, &QAbstractSlider::sliderPressed, document, &Document::beginGesture);
    QObject::connect(slider, &QAbstractSlider::sliderReleased, document, &Document::endGesture);
}

} // namespace roofline::widgets

#include "moc_document.cpp"
