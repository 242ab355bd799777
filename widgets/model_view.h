// The whole model of a session with one: its settings as controls, the step's time, tokens per second and memory
// against the chip's capacity (with a plain "does not fit"), where the time goes by group, and the serving text's
// own three-term model beside it. Everything shown is the analysis's ModelTotals and group totals.
#pragma once

#include <QScrollArea>

class QComboBox;
class QCustomPlot;
class QCPBars;
class QLabel;
class QSpinBox;

namespace roofline::widgets {

class Document;

// A scroll area, so that the window's least size does not grow with it: on a small screen its contents scroll.
class ModelView : public QScrollArea {
    Q_OBJECT
public:
    explicit ModelView(Document* document, QWidget* parent = nullptr);

    // Whether the document's session has a model: the window shows this view only then.
    bool hasModel() const;

    // For tests and the window: what the view shows.
    QLabel* fitLabel() const { return m_fit; }
    QLabel* summaryLabel() const { return m_summary; }
    QLabel* problemLabel() const { return m_problem; }
    QCustomPlot* timeChart() const { return m_chart; }
    QSpinBox* batchBox() const { return m_batch; }
    QSpinBox* tokensBox() const { return m_tokens; }
    QSpinBox* tensorParallelBox() const { return m_tp; }
    QComboBox* phaseBox() const { return m_phase; }

signals:
    // The core refused a setting: its message, for the status bar.
    void settingRefused(const QString& message);

private:
    void refresh();
    void showTimes();
    void set(const char* key, const QString& value);

    Document* m_document;
    QComboBox* m_modelId;
    QComboBox* m_phase;
    QSpinBox* m_batch;
    QLabel* m_tokensLabel;
    QSpinBox* m_tokens; // the prompt of a prefill, the context of a decode step
    QSpinBox* m_tp;
    QComboBox* m_weights;
    QComboBox* m_kv;
    QLabel* m_fit;
    QLabel* m_summary;
    QLabel* m_problem;
    QLabel* m_serving;
    QCustomPlot* m_chart;
    QCPBars* m_math;
    QCPBars* m_memory;
    QCPBars* m_network;
    bool m_filling = false; // the controls are being set from the session: no edits
};

} // namespace roofline::widgets
