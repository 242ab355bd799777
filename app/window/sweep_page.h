// SPDX-License-Identifier: GPL-3.0-or-later
// The Sweep tab under the chart: the sweep chart with the parameter it runs along and the range it covers.
#pragma once

#include <QWidget>

#include <memory>

class QComboBox;
class QLineEdit;

namespace roofline {
struct Analysis;
}

namespace roofline::widgets {

class Document;
class SweepChart;

// Edits the document: dragging an operation's marker along the sweep sets that operation's parameter, one undo step
// a drag. The parameters offered follow the visible operations; a new chip starts from its first operation's.
class SweepPage : public QWidget {
    Q_OBJECT
public:
    explicit SweepPage(Document* document, QWidget* parent = nullptr);

    SweepChart* chart() const { return m_chart; }
    QComboBox* paramChooser() const { return m_param; }
    QLineEdit* rangeField() const { return m_range; }

    // Draws `analysis`, offering again the parameters of its visible operations when those changed.
    void setAnalysis(std::shared_ptr<const Analysis> analysis);

    // The presentation shows the chart alone, to the page's edges; otherwise the choosers' row is above it.
    void setPresenting(bool presenting);

signals:
    // A text for the status bar (a refused range), or an empty text that clears it.
    void statusMessage(const QString& text, int timeoutMs);

private:
    void fillParams();
    void applyRange();

    Document* m_document;
    SweepChart* m_chart;
    QComboBox* m_param;
    QLineEdit* m_range;
    QWidget* m_bar;
    bool m_paramsStale = true; // the visible operations changed since the chooser was filled
};

} // namespace roofline::widgets
