// SPDX-License-Identifier: GPL-3.0-or-later
// The hardware controls: preset and dtype choosers, a slider per roof, the latency switch, an efficiency factor per
// roof, and Reset to preset.
#pragma once

#include <QWidget>

#include <map>
#include <string>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QPushButton;
class QToolButton;
class QVBoxLayout;

namespace roofline::widgets {

class LogSlider;
class Document;

class HardwarePanel : public QWidget {
    Q_OBJECT
public:
    // Spans of the sliders; a preset value outside them keeps its handle at the end and its exact field.
    static constexpr double kPeakMin = 1e12;
    static constexpr double kPeakMax = 1e17;
    static constexpr double kBandwidthMin = 1e9;
    static constexpr double kBandwidthMax = 1e14;

    // Edits the document: the controls write the chip's numbers through it and follow its signals.
    explicit HardwarePanel(Document* state, QWidget* parent = nullptr);

    QComboBox* presetChooser() const { return m_presets; }
    QComboBox* dtypeChooser() const { return m_dtypes; }
    LogSlider* peakSlider() const { return m_peak; }
    // The slider of a memory level or link by name ("HBM", "NVLink"), or null.
    LogSlider* bandwidthSlider(const QString& name) const;
    QPushButton* resetButton() const { return m_reset; }
    QCheckBox* latencyToggle() const { return m_latency; }
    // Shows or folds away the efficiency factors (folded when the panel opens).
    QToolButton* efficiencyToggle() const { return m_efficiencyToggle; }
    // The efficiency factor of "compute" or of a memory level or link by name, or null.
    QDoubleSpinBox* efficiencyBox(const QString& name) const;

private:
    void fillPresets();
    void rebuild();
    void syncValues();
    void onPresetChosen(int index);
    void onDtypeChosen(int index);
    void write(LogSlider*, const std::string& key, double value);
    void rebuildEfficiencies();

    Document* m_state;
    QComboBox* m_presets;
    QComboBox* m_dtypes;
    LogSlider* m_peak;
    QWidget* m_bandwidthBox;
    QVBoxLayout* m_bandwidthLayout;
    QPushButton* m_reset;
    QCheckBox* m_latency;
    QToolButton* m_efficiencyToggle;
    QWidget* m_efficiencyBox;
    QFormLayout* m_efficiencyLayout;
    std::map<std::string, LogSlider*> m_bandwidths;
    std::map<std::string, QDoubleSpinBox*> m_efficiencies; // "compute", then memory levels and links
};

} // namespace roofline::widgets
