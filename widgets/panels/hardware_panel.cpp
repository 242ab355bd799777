// SPDX-License-Identifier: GPL-3.0-or-later
// The hardware controls, bound to the state: controls write through its setters and follow its signals.
#include "panels/hardware_panel.h"

#include "common/chart_text.h"
#include "common/log_slider.h"
#include "common/slider_row.h"
#include "document/document.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QStandardItemModel>
#include <QToolButton>
#include <QVBoxLayout>

namespace roofline::widgets {

namespace {

constexpr int kIdRole = Qt::UserRole + 1;

LogSlider::Quantity peakQuantity(Dtype d)
{
    return isInteger(d) ? LogSlider::Quantity::Ops : LogSlider::Quantity::Flops;
}

} // namespace

HardwarePanel::HardwarePanel(Document* state, QWidget* parent)
    : QWidget(parent)
    , m_state(state)
    , m_presets(new QComboBox(this))
    , m_dtypes(new QComboBox(this))
    , m_peak(new LogSlider(tr("Peak"), kPeakMin, kPeakMax, LogSlider::Quantity::Flops, this))
    , m_bandwidthBox(new QWidget(this))
    , m_bandwidthLayout(new QVBoxLayout(m_bandwidthBox))
    , m_reset(new QPushButton(tr("Reset"), this))
    , m_latency(new QCheckBox(tr("&Latency floors"), this))
    , m_efficiencyToggle(new QToolButton(this))
    , m_efficiencyBox(new QWidget(this))
    , m_efficiencyLayout(new QFormLayout(m_efficiencyBox))
{
    auto* layout = new QVBoxLayout(this);
    letChooserNarrow(m_presets);
    letChooserNarrow(m_dtypes);
    auto* form = new QFormLayout;
    form->addRow(tr("&Chip"), m_presets);
    form->addRow(tr("&Dtype"), m_dtypes);
    layout->addLayout(form);
    layout->addWidget(m_peak);
    m_bandwidthLayout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_bandwidthBox);
    auto* practical = new QHBoxLayout;
    practical->addWidget(m_latency);
    practical->addStretch(1);
    practical->addWidget(m_efficiencyToggle);
    layout->addLayout(practical);
    m_efficiencyLayout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_efficiencyBox);
    // Folded by default: most sessions keep the ideal roofline, and the controls below keep their place.
    m_efficiencyBox->setVisible(false);
    m_efficiencyToggle->setText(tr("&Efficiency"));
    m_efficiencyToggle->setCheckable(true);
    m_efficiencyToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_efficiencyToggle->setArrowType(Qt::RightArrow);
    m_efficiencyToggle->setToolTip(tr("Show the efficiency factors: the share of each datasheet roof "
                                      "reached in practice"));
    connect(m_efficiencyToggle, &QToolButton::toggled, this, [this](bool shown) {
        m_efficiencyBox->setVisible(shown);
        m_efficiencyToggle->setArrowType(shown ? Qt::DownArrow : Qt::RightArrow);
    });
    layout->addWidget(m_reset, 0, Qt::AlignRight);
    m_latency->setToolTip(tr("Every operation takes at least the chip's kernel launch floor, and every collective pays "
                             "its link's latency per message step. Off: the ideal roofline of the texts"));
    connect(m_latency, &QCheckBox::toggled, m_state, &Document::setLatency);

    m_presets->setToolTip(tr("The chip whose roofs the chart draws, grouped by vendor"));
    m_dtypes->setToolTip(tr("The number format of the compute roof drawn solid"));
    m_reset->setToolTip(tr("Put back the numbers the scenario or preset opened with, and the operations' values "
                           "(Ctrl+R)"));
    m_reset->setEnabled(false);

    fillPresets();
    connect(m_presets, &QComboBox::currentIndexChanged, this, &HardwarePanel::onPresetChosen);
    connect(m_dtypes, &QComboBox::currentIndexChanged, this, &HardwarePanel::onDtypeChosen);
    connect(m_peak, &LogSlider::valueChanged, this,
        [this](double v) { write(m_peak, "peak." + std::string(dtypeName(m_state->dtype())), v); });
    bracketGestures(m_peak->slider(), m_state);
    connect(m_reset, &QPushButton::clicked, m_state, &Document::resetToPreset);
    connect(m_state, &Document::presetChanged, this, &HardwarePanel::rebuild);
    connect(m_state, &Document::hardwareChanged, this, &HardwarePanel::syncValues);
    connect(m_state, &Document::dtypeChanged, this, &HardwarePanel::syncValues);
    connect(m_state, &Document::contentChanged, this, [this] { m_reset->setEnabled(m_state->canReset()); });
    rebuild();
}

void HardwarePanel::fillPresets()
{
    auto* model = new QStandardItemModel(m_presets);
    std::string vendor;
    for (const Hardware& hw : m_state->library().presets()) {
        if (hw.vendor != vendor) {
            vendor = hw.vendor;
            auto* header = new QStandardItem(qs(vendor));
            header->setFlags(Qt::NoItemFlags);
            QFont bold = header->font();
            bold.setBold(true);
            header->setFont(bold);
            model->appendRow(header);
        }
        auto* item = new QStandardItem(QStringLiteral("    ") + qs(hw.name));
        item->setData(qs(hw.id), kIdRole);
        item->setToolTip(qs(hw.notes));
        model->appendRow(item);
    }
    const QSignalBlocker blocker(m_presets);
    m_presets->setModel(model);
}

LogSlider* HardwarePanel::bandwidthSlider(const QString& name) const
{
    const auto it = m_bandwidths.find(name.toStdString());
    return it == m_bandwidths.end() ? nullptr : it->second;
}

void HardwarePanel::rebuild()
{
    const Hardware& hw = m_state->hardware();
    {
        const QSignalBlocker blocker(m_presets);
        m_presets->setCurrentIndex(m_presets->findData(qs(hw.id), kIdRole));
    }
    {
        const QSignalBlocker blocker(m_dtypes);
        m_dtypes->clear();
        for (Dtype d : kAllDtypes)
            if (hw.peakFor(d))
                m_dtypes->addItem(qs(std::string(dtypeName(d))), static_cast<int>(d));
    }
    for (auto& [name, slider] : m_bandwidths)
        delete slider;
    m_bandwidths.clear();
    for (const Roof& roof : bandwidthRoofs(hw)) {
        const Link* link = hw.link(roof.name);
        const auto quantity
            = link && link->specifiedInBits ? LogSlider::Quantity::BitRate : LogSlider::Quantity::Bandwidth;
        auto* slider = new LogSlider(qs(roof.name), kBandwidthMin, kBandwidthMax, quantity, m_bandwidthBox);
        const MemoryLevel* memory = hw.memory(roof.name);
        const QString label = qs(memory ? memory->label : link ? link->label : std::string());
        slider->slider()->setToolTip(tr("One-way bandwidth of %1 %2: moves its sloped roof. %3")
                                         .arg(qs(roof.name), label, slider->slider()->toolTip()));
        // Heard, the level's name alone would not say what the slider sets.
        slider->slider()->setAccessibleName(tr("%1 bandwidth").arg(qs(roof.name)));
        slider->field()->setAccessibleName(tr("%1 bandwidth value").arg(qs(roof.name)));
        const std::string key = "bandwidth." + roof.name;
        connect(slider, &LogSlider::valueChanged, this, [this, slider, key](double v) { write(slider, key, v); });
        bracketGestures(slider->slider(), m_state);
        m_bandwidthLayout->addWidget(slider);
        m_bandwidths[roof.name] = slider;
    }
    rebuildEfficiencies();
    syncValues();
}

QDoubleSpinBox* HardwarePanel::efficiencyBox(const QString& name) const
{
    const auto it = m_efficiencies.find(name.toStdString());
    return it == m_efficiencies.end() ? nullptr : it->second;
}

// One spin box per factor; each step is an edit of the key efficiency.NAME, undone like a slider's.
void HardwarePanel::rebuildEfficiencies()
{
    for (auto& [name, box] : m_efficiencies)
        m_efficiencyLayout->removeRow(box);
    m_efficiencies.clear();
    std::vector<std::string> names { "compute" };
    for (const Roof& roof : bandwidthRoofs(m_state->hardware()))
        names.push_back(roof.name);
    for (const std::string& name : names) {
        auto* box = new QDoubleSpinBox(m_efficiencyBox);
        box->setRange(kMinEfficiency, kMaxEfficiency);
        box->setDecimals(2);
        box->setSingleStep(0.05);
        box->setKeyboardTracking(false); // typing "0.8" is one edit, not "0" (refused) then "0.8"
        box->setToolTip(tr("The share of the %1 datasheet figure reached in practice: below 1 the chart "
                           "draws a dashed practical roof and the times use it")
                            .arg(name == "compute" ? tr("compute peak's") : qs(name)));
        const std::string key = "efficiency." + name;
        connect(box, &QDoubleSpinBox::valueChanged, this, [this, key](double v) {
            if (m_state->setHardwareValue(key, v))
                syncValues();
        });
        m_efficiencyLayout->addRow(tr("Efficiency %1").arg(qs(name)), box);
        m_efficiencies[name] = box;
    }
}

void HardwarePanel::syncValues()
{
    const Hardware& hw = m_state->hardware();
    const Dtype dtype = m_state->dtype();
    {
        const QSignalBlocker blocker(m_dtypes);
        m_dtypes->setCurrentIndex(m_dtypes->findData(static_cast<int>(dtype)));
    }
    m_peak->setLabel(tr("Peak %1").arg(qs(std::string(dtypeName(dtype)))));
    m_peak->setQuantity(peakQuantity(dtype));
    m_peak->setValue(hw.peakFor(dtype).value_or(0));
    m_peak->setEnabled(hw.peakFor(dtype).has_value());
    for (const Roof& roof : bandwidthRoofs(hw))
        if (LogSlider* slider = bandwidthSlider(qs(roof.name)))
            slider->setValue(roof.value);
    {
        const QSignalBlocker blocker(m_latency);
        m_latency->setChecked(hw.latency);
    }
    for (auto& [name, box] : m_efficiencies) {
        const QSignalBlocker blocker(box);
        box->setValue(hardwareValue(hw, "efficiency." + name).value_or(1));
    }
    m_reset->setEnabled(m_state->canReset());
}

void HardwarePanel::onPresetChosen(int index)
{
    const QString id = m_presets->itemData(index, kIdRole).toString();
    if (id.isEmpty() || m_state->selectPreset(id))
        return;
    // Refused (the document said why): the chooser shows the chip the session still has.
    const QSignalBlocker blocker(m_presets);
    m_presets->setCurrentIndex(m_presets->findData(qs(m_state->hardware().id), kIdRole));
}

void HardwarePanel::onDtypeChosen(int index)
{
    if (index >= 0)
        m_state->setDtype(static_cast<Dtype>(m_dtypes->itemData(index).toInt()));
}

void HardwarePanel::write(LogSlider* slider, const std::string& key, double value)
{
    if (const auto error = m_state->setHardwareValue(key, value)) {
        syncValues();
        slider->setError(qs(*error));
    }
}

} // namespace roofline::widgets

#include "moc_hardware_panel.cpp"
