#include "document.h"

#include "files/scenario.h"
#include "files/scenario_model.h"
#include "measured/placement.h"

#include <QUndoCommand>

#include <cstdio>

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

// Whether the operations are the chip's default workload as it opened, whatever their ids and colours.
bool isDefaultWorkload(const std::vector<Operation>& ops, const Hardware& chip)
{
    const std::vector<Operation> defaults = defaultWorkload(chip);
    if (ops.size() != defaults.size())
        return false;
    for (std::size_t i = 0; i < ops.size(); ++i)
        if (ops[i].op != defaults[i].op || ops[i].name != defaults[i].name || ops[i].hidden || !ops[i].group.empty())
            return false;
    return true;
}

} // namespace

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

Document::Document(PresetLibrary library, QObject* parent)
    : QObject(parent)
    , m_library(std::move(library))
    , m_analysis(std::make_shared<const Analysis>(analyse(Session {})))
    , m_undo(new QUndoStack(this))
{
    m_undo->setUndoLimit(500);
    connect(m_undo, &QUndoStack::cleanChanged, this, [this](bool clean) { emit dirtyChanged(!clean); });
    if (!m_library.presets().empty())
        load(defaultSession(m_library.presets().front()));
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
    apply(std::move(session));
    m_undo->setClean();
}

void Document::markSaved(const QString& filePath)
{
    m_filePath = filePath;
    m_undo->setClean();
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
    const Session& before = session();
    const bool chipChanged = next.chip != before.chip || next.presetId != before.presetId;
    const bool overridesChanged = next.overrides != before.overrides || next.latency != before.latency;
    const bool dtypeDiffers = next.chartDtype() != before.chartDtype();
    bool listChanged = next.operations.size() != before.operations.size();
    std::vector<std::size_t> edited;
    for (std::size_t i = 0; !listChanged && i < next.operations.size(); ++i) {
        const Operation& a = before.operations[i];
        const Operation& b = next.operations[i];
        if (a.id != b.id || a.hidden != b.hidden || a.colour != b.colour || a.group != b.group)
            listChanged = true;
        else if (a.op != b.op || a.name != b.name)
            edited.push_back(i);
    }
    const bool wasModified = chipModified();
    m_analysis = std::make_shared<const Analysis>(analyse(std::move(next), m_measured, m_analysis.get()));

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
    emit contentChanged();
}

bool Document::selectPreset(const QString& id)
{
    const Hardware* hw = m_library.find(id.toStdString());
    if (!hw)
        return false;
    if (hw->id == session().presetId && session().chip == *hw && session().overrides.empty())
        return true;
    Session next;
    if (isDefaultWorkload(session().operations, session().chip)) {
        next = defaultSession(*hw);
        next.description = session().name == session().chip.name ? std::string() : session().description;
    } else {
        next = session();
        if (next.name == next.chip.name)
            next.name = hw->name;
        next.presetId = hw->id;
        next.chip = *hw;
        next.overrides.clear();
        next.dtype.reset();
        for (Operation& op : next.operations)
            fitToChip(op.op, *hw);
    }
    push(std::move(next), tr("Choose %1").arg(QString::fromStdString(hw->name)), "preset");
    return true;
}

// The opened session's values while the chip is the one it opened with; after another chip was chosen, its preset's.
const Operation* Document::openedAs(const Operation& op, std::size_t index) const
{
    // Operations mostly keep their places; the search by id is for those that moved (one was removed before them).
    if (index < m_opened.operations.size() && m_opened.operations[index].id == op.id)
        return &m_opened.operations[index];
    return m_opened.find(op.id);
}

Session Document::resetTarget() const
{
    Session next = session();
    if (next.presetId != m_opened.presetId || next.chip != m_opened.chip) {
        next.overrides.clear();
    } else {
        next.overrides = m_opened.overrides;
        next.latency = m_opened.latency;
        next.dtype = m_opened.dtype;
        next.model = m_opened.model;
        for (std::size_t i = 0; i < next.operations.size(); ++i)
            if (const Operation* opened = openedAs(next.operations[i], i)) {
                next.operations[i].op = opened->op;
                next.operations[i].name = opened->name;
            }
    }
    return next;
}

void Document::resetToPreset()
{
    push(resetTarget(), tr("Reset"), "reset");
}

// What resetTarget() != session() says, without the copy: it is asked after every change, a slider's steps included.
bool Document::canReset() const
{
    const Session& s = session();
    if (s.presetId != m_opened.presetId || s.chip != m_opened.chip)
        return !s.overrides.empty();
    if (s.overrides != m_opened.overrides || s.latency != m_opened.latency || s.dtype != m_opened.dtype
        || s.model != m_opened.model)
        return true;
    for (std::size_t i = 0; i < s.operations.size(); ++i)
        if (const Operation* opened = openedAs(s.operations[i], i))
            if (s.operations[i].op != opened->op || s.operations[i].name != opened->name)
                return true;
    return false;
}

bool Document::chipModified() const
{
    const bool openedChip = session().presetId == m_opened.presetId && session().chip == m_opened.chip;
    return session().overrides != (openedChip ? m_opened.overrides : std::vector<Override> {});
}

void Document::setDtype(Dtype dtype)
{
    if (dtype == this->dtype())
        return; // the chart shows it already, whether the session names it or takes the chip's default
    Session next = session();
    next.dtype = dtype;
    push(std::move(next), tr("Show %1").arg(QString::fromUtf8(dtypeName(dtype).data())), "dtype");
}

std::optional<std::string> Document::setHardwareValue(const std::string& key, double value)
{
    if (hardwareValue(hardware(), key) == value)
        return std::nullopt;
    Session next = session();
    if (auto error = setOverride(next, key, value))
        return error;
    push(std::move(next), tr("Set %1").arg(QString::fromStdString(key)), "hw:" + key);
    return std::nullopt;
}

std::optional<std::string> Document::setModelSetting(const std::string& key, const std::string& value)
{
    return setModelSettings({ { key, value } });
}

std::optional<std::string> Document::setModelSettings(const std::vector<std::pair<std::string, std::string>>& settings)
{
    if (settings.empty())
        return std::nullopt;
    Session next = session();
    if (auto error = applyModelSettings(next, settings, hardware()))
        return error;
    const std::string& key = settings.front().first;
    push(std::move(next), tr("Set model %1").arg(QString::fromStdString(key)), "model:" + key);
    return std::nullopt;
}

void Document::linkKernel(std::size_t kernel, const std::string& operationId)
{
    const std::shared_ptr<const MeasuredSet>& set = m_analysis->measuredSet;
    if (!session().measured || !set || kernel >= set->kernels.size())
        return;
    Session next = session();
    const std::string& name = set->kernels[kernel].name;
    roofline::linkKernel(next.measured->links, name, operationId);
    if (next.measured->links == session().measured->links)
        return;
    push(std::move(next), tr("Link kernel %1").arg(QString::fromStdString(name)), "measured-link:" + name);
}

void Document::setLatency(bool on)
{
    Session next = session();
    next.latency = on;
    push(std::move(next), on ? tr("Latency floors on") : tr("Latency floors off"), "latency");
}

std::optional<std::string> Document::editOperation(
    std::size_t op, std::string_view param, const std::string& value, const QString& text)
{
    if (op >= operations().size())
        return std::string("no such operation");
    Session next = session();
    Operation& target = next.operations[op];
    if (auto error = setParamFromText(target, param, value, hardware()))
        return error;
    const std::string what = "op:" + target.id + ":" + std::string(param);
    push(std::move(next), text, what);
    return std::nullopt;
}

namespace {

std::string numberText(double v)
{
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.17g", v);
    return buffer;
}

} // namespace

std::optional<std::string> Document::setOperationParam(std::size_t op, std::string_view name, double value)
{
    if (op < operations().size() && numberParam(operations()[op].op, name) == value)
        return std::nullopt;
    return editOperation(op, name, numberText(value),
        tr("Set %1 = %2")
            .arg(QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size())),
                QString::fromStdString(numberText(value))));
}

std::optional<std::string> Document::setOperationDtype(std::size_t op, std::string_view name, Dtype value)
{
    const std::string text(dtypeName(value));
    return editOperation(op, name, text,
        tr("Set %1 = %2")
            .arg(QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size())), QString::fromStdString(text)));
}

std::optional<std::string> Document::setOperationText(std::size_t op, std::string_view name, const std::string& value)
{
    return editOperation(op, name, value,
        tr("Set %1 = %2")
            .arg(QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size())), QString::fromStdString(value)));
}

void Document::setShown(std::size_t op, bool shown)
{
    if (op >= operations().size() || operations()[op].hidden == !shown)
        return;
    Session next = session();
    next.operations[op].hidden = !shown;
    const QString name = QString::fromStdString(next.operations[op].name);
    push(std::move(next), shown ? tr("Show %1").arg(name) : tr("Hide %1").arg(name), "shown");
}

void Document::addOperation(OperationVariant op)
{
    fitToChip(op, hardware());
    Session next = session();
    Operation added;
    added.name = describe(op);
    added.op = std::move(op);
    const QString name = QString::fromStdString(added.name);
    roofline::addOperation(next, std::move(added));
    push(std::move(next), tr("Add %1").arg(name), "add");
}

void Document::removeOperation(std::size_t op)
{
    if (op >= operations().size())
        return;
    Session next = session();
    const QString name = QString::fromStdString(next.operations[op].name);
    next.operations.erase(next.operations.begin() + static_cast<std::ptrdiff_t>(op));
    push(std::move(next), tr("Remove %1").arg(name), "remove");
}

} // namespace roofline::widgets
