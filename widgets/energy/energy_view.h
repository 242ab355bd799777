// SPDX-License-Identifier: GPL-3.0-or-later
// The Energy tab: the energy roofline (EnergyChart) under the constants of the energy model after Choi et al.
// (IPDPS 2013) for the chart's dtype and the chip's main memory, each a field the user may set, and a sentence
// saying what the chart shows and which constants the chip does not state.
#pragma once

#include "session/analysis.h"

#include <QWidget>

#include <memory>
#include <string>

class QLabel;
class QLineEdit;

namespace roofline::widgets {

class Document;
class EnergyChart;
struct ChartTheme;

class EnergyView : public QWidget {
    Q_OBJECT
public:
    // Edits the document: the fields set the chip's energy per FLOP, per byte of its main memory and constant power
    // (setHardwareValue), each one undo step.
    explicit EnergyView(Document* document, QWidget* parent = nullptr);

    void setTheme(const ChartTheme&);

    // For tests and the window.
    EnergyChart* chart() const { return m_chart; }
    QLineEdit* perFlopField() const { return m_perFlop; }
    QLineEdit* perByteField() const { return m_perByte; }
    QLineEdit* constantPowerField() const { return m_constant; }
    QLabel* perFlopLabel() const { return m_perFlopLabel; }
    QLabel* perByteLabel() const { return m_perByteLabel; }
    QLabel* captionLabel() const { return m_caption; }
    QLabel* problemLabel() const { return m_problem; }
    // The key each field sets now: "energy_per_flop.bf16", "energy_per_byte.HBM", "power.constant".
    std::string perFlopKey() const;
    std::string perByteKey() const;

protected:
    void showEvent(QShowEvent*) override;

private:
    // The fields, the chart and the caption from the analysis; while hidden, the chart only keeps it.
    void refresh();
    // Reads a field's text as the key's quantity and sets it; an empty field or an unchanged value does nothing.
    void commit(QLineEdit* field, const std::string& key);
    // What `field` shows of `value`: "0.5 pJ", "31.76 pJ", "100" (W); empty when not stated (0).
    QString shownText(const QLineEdit* field, double value) const;

    Document* m_document;
    std::shared_ptr<const Analysis> m_analysis;
    EnergyChart* m_chart;
    QLabel* m_perFlopLabel;
    QLineEdit* m_perFlop;
    QLabel* m_perByteLabel;
    QLineEdit* m_perByte;
    QLineEdit* m_constant;
    QLabel* m_problem;
    QLabel* m_caption;
    bool m_stale = true;
};

} // namespace roofline::widgets
