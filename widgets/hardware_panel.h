// The hardware controls: preset and dtype choosers, a slider per roof, and Reset to preset.
#pragma once

#include <QWidget>

#include <map>
#include <string>

class QComboBox;
class QPushButton;
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

    explicit HardwarePanel(Document* state, QWidget* parent = nullptr);

    QComboBox* presetChooser() const { return m_presets; }
    QComboBox* dtypeChooser() const { return m_dtypes; }
    LogSlider* peakSlider() const { return m_peak; }
    // The slider of a memory level or link by name ("HBM", "NVLink"), or null.
    LogSlider* bandwidthSlider(const QString& name) const;
    QPushButton* resetButton() const { return m_reset; }

private:
    void fillPresets();
    void rebuild();
    void syncValues();
    void onPresetChosen(int index);
    void onDtypeChosen(int index);
    void write(LogSlider*, const std::string& key, double value);

    Document* m_state;
    QComboBox* m_presets;
    QComboBox* m_dtypes;
    LogSlider* m_peak;
    QWidget* m_bandwidthBox;
    QVBoxLayout* m_bandwidthLayout;
    QPushButton* m_reset;
    std::map<std::string, LogSlider*> m_bandwidths;
};

} // namespace roofline::widgets
