// SPDX-License-Identifier: GPL-3.0-or-later
// The document behind every view: the session, its analysis and the undo stack of the user's edits.
#pragma once

#include "files/presets.h"
#include "llm/model.h"
#include "session/analysis.h"
#include "session/edit.h"
#include "session/session.h"

#include <QObject>
#include <QString>
#include <QUndoStack>

#include <memory>
#include <optional>
#include <string>

class QAbstractSlider;

namespace roofline::widgets {

// Every edit is one undoable command that replaces the session and analyses it once; the views read the analysis,
// which holds the session it was made from. Undo and redo restore the session exactly. Edits made between
// beginGesture() and endGesture() to the same thing (a slider drag) merge into one undo step.
class Document : public QObject {
    Q_OBJECT
public:
    // The preset and model libraries as the command line or the window loaded them: the document reads no folder.
    Document(PresetLibrary library, ModelLibrary models, QObject* parent = nullptr);
    ~Document() override;

    const PresetLibrary& library() const { return m_library; }
    const ModelLibrary& models() const { return m_models; }
    const Session& session() const { return m_analysis->session; }
    // Shared, immutable: a view may keep the one it drew.
    std::shared_ptr<const Analysis> analysis() const { return m_analysis; }
    QUndoStack* undoStack() const { return m_undo; }

    const Hardware& hardware() const { return m_analysis->hardware; }
    // The chip before overrides: what Reset restores and what frames the chart's axes.
    const Hardware& chip() const { return session().chip; }
    Dtype dtype() const { return m_analysis->dtype; }
    // Whether any number of the chip differs from what reset() puts back.
    bool chipModified() const;
    const std::vector<Operation>& operations() const { return session().operations; }
    bool isShown(std::size_t op) const { return op < operations().size() && !operations()[op].hidden; }
    const Expected<Evaluation>& evaluation(std::size_t op) const { return m_analysis->operations[op].evaluation; }

    // The file the session was opened from or last saved to; empty for a new one.
    const QString& filePath() const { return m_filePath; }
    // The file load() was given: a relative measured-file path in the session is relative to its folder.
    const QString& openedFrom() const { return m_openedFrom; }
    // Whether the session differs from the one opened or last saved: edits that Reset or Undo took back leave it
    // clean.
    bool isDirty() const { return m_dirty; }
    // Whether a number of the chip differs from the session as opened or last saved: what the chart's title marks.
    bool chipEdited() const;

    // Replaces the session, as opening a file does: the undo history starts again and the document is clean. The
    // measured kernels its measured block names, read once by the caller, stay with it until the next load: every
    // edit places them on the chip again.
    void load(Session, const QString& filePath = {}, std::shared_ptr<const MeasuredSet> measured = {});
    // After the session was written to `filePath`: the document is clean.
    void markSaved(const QString& filePath);

    // A preset by id, with its default workload unless the user changed the workload: then the operations stay and
    // those naming a memory or link the new chip lacks fall back to its defaults. False, the session unchanged, for
    // an unknown id or a chip the session's model cannot run on (editRefused says why).
    bool selectPreset(const QString& id);
    // Puts back the values the session opened with, as one undo step: the chip's numbers as the scenario set them
    // (the preset's own after another chip was chosen) and the parameters of every operation it opened with;
    // operations added since stay.
    void resetToPreset();
    // Whether resetToPreset() would change anything.
    bool canReset() const;
    void setDtype(Dtype);
    // A key of setHardwareValue: "peak.bf16", "bandwidth.HBM". Returns the core's error text, or nothing.
    std::optional<std::string> setHardwareValue(const std::string& key, double value);
    // The latency switch (Session::latency): launch floors and α per collective step on or off.
    void setLatency(bool on);
    // A parameter of an operation: a number, a dtype, or a memory level's or link's name, as the core's
    // setOperationParam checks it. Returns the core's error text, or nothing.
    std::optional<std::string> setOperationParam(std::size_t op, std::string_view name, const ParamValue& value);
    std::optional<std::string> setOperationParam(std::size_t op, std::string_view name, double value)
    {
        return setOperationParam(op, name, ParamValue(value));
    }
    // A setting of the session's model by its scenario key ("batch" with 16.0, "weights" with Dtype::int8), as one
    // undo step. Returns the core's error text ("model.batch: ..."), or nothing.
    std::optional<std::string> setModelSetting(const std::string& key, const ParamValue& value);
    // Several settings at once, as one undo step, checked together: a training step's replicas with the batch that
    // keeps each microbatch's size (core keepingMicrobatch).
    std::optional<std::string> setModelSettings(const std::vector<std::pair<std::string, ParamValue>>& settings);
    // The model a Hugging Face config.json gives (core readModelConfig), the other settings kept, as one undo step;
    // `config` is its path as the scenario will name it. The core's error text, or nothing.
    std::optional<std::string> setModelConfig(const Model& model, const std::string& config);
    // A calibration of the chip (its file as the scenario will name it, and what was read from it), or none, as one
    // undo step. Another chip's is refused: the core's error text, or nothing.
    std::optional<std::string> setCalibration(std::optional<SessionCalibration>);
    // The chips drawn beside the session's, by preset id (View ▸ Compare with…), as one undo step; a chip compared
    // already keeps its own overrides. The core's error text (more than kMaxComparedChips, the session's own chip),
    // or nothing.
    std::optional<std::string> setCompared(const std::vector<std::string>& presetIds);
    // The price of one hour of a chip by preset id, or none, as one undo step (the Compare tab's Price column): the
    // session's chip's price.hour, another chip's entry in the session's prices. The core's error text, or nothing.
    std::optional<std::string> setChipPrice(const std::string& presetId, std::optional<double> price);
    // Links a measured kernel (an index into the measured set) to an operation by its id, as one undo step; an empty
    // id takes the kernel's own link away (core linkKernel).
    void linkKernel(std::size_t kernel, const std::string& operationId);
    void setShown(std::size_t op, bool shown);
    void addOperation(OperationVariant);
    void removeOperation(std::size_t op);

    // Brackets a continuous gesture, such as dragging a slider: its edits become one undo step.
    void beginGesture();
    void endGesture();

signals:
    void presetChanged(); // a different chip: controls rebuild
    void hardwareChanged(); // a number of the chip changed
    void dtypeChanged();
    void operationsChanged(); // operations added, removed, shown or hidden, or a new workload
    void operationChanged(std::size_t op); // one operation's parameters or name
    void modifiedChanged(bool chipModified);
    void dirtyChanged(bool dirty);
    void contentChanged(); // after any of the above: the charts and the table redraw
    void loaded(); // after load() and its contentChanged(): a session opened, the views start it afresh
    // The core refused a choice the view cannot take back itself (a chip, removing an operation), with its message.
    void editRefused(const QString& message);
    // A gesture (a slider drag) began or ended: views may draw more cheaply in between.
    void gestureStarted();
    void gestureFinished();

private:
    class Edit;
    friend class Edit;

    // Pushes an edit from the current session to `next`, merged with the previous one when both belong to the same
    // gesture and `what` is the same. Does nothing when `next` equals the current session.
    void push(Session next, const QString& text, const std::string& what);
    // Applies an edit through the core and pushes it; the core's error text, or nothing.
    std::optional<std::string> edit(const SessionEdit&, const QString& text, const std::string& what);
    // Makes `next` the current session: analyses it and tells the views what changed.
    void apply(Session next);
    // Compares the session with the one opened or saved, and says when that changes.
    void updateDirty();

    PresetLibrary m_library;
    ModelLibrary m_models;
    std::shared_ptr<const Analysis> m_analysis;
    QUndoStack* m_undo;
    QString m_filePath;
    QString m_openedFrom;
    std::shared_ptr<const MeasuredSet> m_measured;
    Session m_opened; // the session as load() was given it, identities assigned: what resetToPreset() puts back
    // The session as opened or last saved, analysed (a model's generated operations in it); none while loading.
    std::optional<Session> m_saved;
    bool m_dirty = false;
    unsigned m_gesture = 0; // nonzero while a gesture is open
    unsigned m_gestures = 0; // gestures begun so far
};

// Makes a drag of `slider`, from press to release, one undo step of `document`.
void bracketGestures(QAbstractSlider* slider, Document* document);

} // namespace roofline::widgets
