// SPDX-License-Identifier: GPL-3.0-or-later
// The workload controls, bound to the state.
#include "panels/workload_panel.h"

#include "common/chart_text.h"
#include "common/power_slider.h"
#include "common/slider_row.h"
#include "document/document.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPixmap>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QVBoxLayout>

#include <cmath>

namespace roofline::widgets {

namespace {

// The slider's reach as powers of two: from the parameter's smallest legal value to the reach its kind's
// description gives it. The field takes the whole legal range.
int lowestExponent(const ParamInfo& p)
{
    return static_cast<int>(std::ceil(std::log2(std::max(p.min, 1.0)))); // a range from 0 has its handle from 1
}

// "batch: rows of X (tokens; a whole number from 1 to 2^53)"
QString help(const ParamInfo& p)
{
    const std::string unit = p.unit.empty() ? std::string() : std::string(p.unit) + "; ";
    return qs(std::string(p.description) + " (" + unit + legalRange(p) + ")");
}

QIcon swatch(const QColor& colour)
{
    QPixmap pixmap(12, 12);
    pixmap.fill(colour);
    return QIcon(pixmap);
}

} // namespace

WorkloadPanel::WorkloadPanel(Document* state, QWidget* parent)
    : QWidget(parent)
    , m_state(state)
    , m_theme(ChartTheme::light())
    , m_list(new QListWidget(this))
    , m_kinds(new QComboBox(this))
    , m_add(new QPushButton(tr("&Add"), this))
    , m_remove(new QPushButton(tr("Remove"), this))
    , m_params(new QWidget(this))
    , m_paramLayout(new QVBoxLayout(m_params))
{
    m_list->setAccessibleName(tr("Operations"));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("Operations on the chart"), this));
    // The buttons above the list: whatever the list's length and the selected operation's parameters, they stay put.
    // The catalogue has a line of its own, so that a narrow side panel holds it and both buttons.
    letChooserNarrow(m_kinds);
    layout->addWidget(m_kinds);
    auto* buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(m_add);
    buttons->addWidget(m_remove);
    layout->addLayout(buttons);
    layout->addWidget(m_list, 1);
    m_paramLayout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_params);

    for (std::string_view kind : allKindNames())
        m_kinds->addItem(qs(std::string(kindTitle(kind))), qs(std::string(kind)));
    m_list->setToolTip(tr("Tick an operation to show it on the chart and in the table; select it to "
                          "change its parameters"));
    m_list->setMinimumHeight(140);
    m_kinds->setToolTip(tr("An operation from the catalogue to add with its default parameters"));
    m_add->setToolTip(tr("Add another operation of the chosen kind"));
    m_remove->setToolTip(tr("Remove the selected operation"));

    connect(m_list, &QListWidget::currentRowChanged, this, &WorkloadPanel::rebuildParams);
    connect(m_list, &QListWidget::itemChanged, this, &WorkloadPanel::onItemChanged);
    connect(m_add, &QPushButton::clicked, this, &WorkloadPanel::onAdd);
    connect(m_remove, &QPushButton::clicked, this, &WorkloadPanel::onRemove);
    connect(m_state, &Document::operationsChanged, this, &WorkloadPanel::rebuildList);
    connect(m_state, &Document::operationChanged, this, &WorkloadPanel::onOperationChanged);
    connect(m_state, &Document::hardwareChanged, this, &WorkloadPanel::syncParams);
    // A new chip has other memories and links: the choosers are rebuilt with the list that follows.
    connect(m_state, &Document::presetChanged, this, [this] { m_paramsOf = -1; });
    rebuildList();
}

void WorkloadPanel::setTheme(const ChartTheme& theme)
{
    m_theme = theme;
    rebuildList();
}

int WorkloadPanel::selectedOperation() const
{
    return m_list->currentRow();
}

void WorkloadPanel::selectOperation(int op)
{
    m_list->setCurrentRow(op);
}

PowerSlider* WorkloadPanel::paramSlider(const QString& name) const
{
    const auto it = m_sliders.find(name.toStdString());
    return it == m_sliders.end() ? nullptr : it->second;
}

QComboBox* WorkloadPanel::paramChooser(const QString& name) const
{
    for (const auto* choosers : { &m_dtypeChoosers, &m_textChoosers })
        if (const auto it = choosers->find(name.toStdString()); it != choosers->end())
            return it->second;
    return nullptr;
}

void WorkloadPanel::rebuildList()
{
    const auto& ops = m_state->operations();
    const int selected = std::max(0, m_list->currentRow());
    {
        // Items are updated in place when the count holds: this runs inside the list's own itemChanged too.
        const QSignalBlocker blocker(m_list);
        if (m_list->count() != static_cast<int>(ops.size())) {
            m_list->clear();
            for (std::size_t i = 0; i < ops.size(); ++i) {
                auto* item = new QListWidgetItem(m_list);
                item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
            }
            // The operation selected before keeps the selection where it still is (an undone removal puts
            // operations back before it); otherwise the row it had.
            int row = std::min(selected, m_list->count() - 1);
            for (std::size_t i = 0; i < ops.size(); ++i)
                if (!m_selectedId.empty() && ops[i].id == m_selectedId)
                    row = static_cast<int>(i);
            m_list->setCurrentRow(row);
        }
        for (std::size_t i = 0; i < ops.size(); ++i) {
            QListWidgetItem* item = m_list->item(static_cast<int>(i));
            item->setIcon(swatch(m_theme.operationColour(ops[i].colour)));
            item->setText(qs(ops[i].name));
            item->setCheckState(m_state->isShown(i) ? Qt::Checked : Qt::Unchecked);
            const auto& ev = m_state->evaluation(i);
            item->setToolTip(ev.ok() ? qs(ops[i].name) : qs(ev.error()));
        }
    }
    rebuildParams();
}

void WorkloadPanel::rebuildParams()
{
    const int op = m_list->currentRow();
    const auto& ops = m_state->operations();
    const std::string kind = op >= 0 && static_cast<std::size_t>(op) < ops.size()
        ? std::string(kindName(ops[static_cast<std::size_t>(op)].op))
        : std::string();
    if (!kind.empty())
        m_selectedId = ops[static_cast<std::size_t>(op)].id;
    if (op == m_paramsOf && kind == m_paramsKind) {
        syncParams();
        return;
    }
    m_paramsOf = op;
    m_paramsKind = kind;
    // A slider deleted while held (an undo under the mouse) sends no release: its gesture ends here.
    for (auto& [name, slider] : m_sliders)
        if (slider->slider()->isSliderDown())
            m_state->endGesture();
    for (auto& [name, slider] : m_sliders)
        delete slider;
    for (auto* choosers : { &m_dtypeChoosers, &m_textChoosers }) {
        for (auto& [name, chooser] : *choosers)
            delete chooser->parentWidget();
        choosers->clear();
    }
    m_sliders.clear();
    m_remove->setEnabled(op >= 0);
    if (op < 0 || static_cast<std::size_t>(op) >= m_state->operations().size())
        return;
    const std::size_t index = static_cast<std::size_t>(op);
    const OperationVariant& variant = m_state->operations()[index].op;
    for (const ParamInfo& p : params(variant)) {
        const std::string name(p.name);
        if (p.type == ParamType::Count) {
            auto* slider = new PowerSlider(qs(name), lowestExponent(p), p.sliderTop, m_params);
            slider->setZeroAllowed(p.min == 0);
            slider->setHelp(help(p));
            connect(slider, &PowerSlider::valueChanged, this, [this, slider, index, name](double v) {
                if (const auto error = m_state->setOperationParam(index, name, v)) {
                    slider->setValue(numberParam(m_state->operations()[index].op, name).value_or(1));
                    slider->setError(qs(*error));
                }
            });
            bracketGestures(slider->slider(), m_state);
            m_paramLayout->addWidget(slider);
            m_sliders[name] = slider;
        } else if (p.type == ParamType::Dtype) {
            auto* row = new QWidget(m_params);
            auto* rowLayout = new QHBoxLayout(row);
            rowLayout->setContentsMargins(0, 0, 0, 0);
            rowLayout->addWidget(new QLabel(qs(name), row));
            auto* chooser = new QComboBox(row);
            letChooserNarrow(chooser);
            for (Dtype d : kAllDtypes)
                chooser->addItem(qs(std::string(dtypeName(d))), static_cast<int>(d));
            chooser->setToolTip(qs(std::string(p.description)));
            rowLayout->addWidget(chooser, 1);
            connect(chooser, &QComboBox::currentIndexChanged, this, [this, chooser, index, name](int i) {
                if (i >= 0)
                    m_state->setOperationParam(index, name, static_cast<Dtype>(chooser->itemData(i).toInt()));
            });
            m_paramLayout->addWidget(row);
            m_dtypeChoosers[name] = chooser;
        } else if (p.type == ParamType::Memory || p.type == ParamType::Link) {
            // Which roof the operation's bytes go over: a memory level or a link of this chip.
            const Hardware& hw = m_state->hardware();
            auto* row = new QWidget(m_params);
            auto* rowLayout = new QHBoxLayout(row);
            rowLayout->setContentsMargins(0, 0, 0, 0);
            rowLayout->addWidget(new QLabel(qs(name), row));
            auto* chooser = new QComboBox(row);
            letChooserNarrow(chooser);
            chooser->addItem(p.type == ParamType::Memory ? tr("main memory") : tr("first link"), QString());
            if (p.type == ParamType::Memory)
                for (const MemoryLevel& m : hw.memories)
                    chooser->addItem(qs(m.name), qs(m.name));
            else
                for (const Link& l : hw.links)
                    chooser->addItem(qs(l.name), qs(l.name));
            chooser->setToolTip(qs(std::string(p.description)));
            rowLayout->addWidget(chooser, 1);
            connect(chooser, &QComboBox::currentIndexChanged, this, [this, chooser, index, name](int i) {
                if (i >= 0)
                    m_state->setOperationParam(index, name, chooser->itemData(i).toString().toStdString());
            });
            m_paramLayout->addWidget(row);
            m_textChoosers[name] = chooser;
        }
    }
    syncParams();
}

void WorkloadPanel::syncParams()
{
    if (m_paramsOf < 0 || static_cast<std::size_t>(m_paramsOf) >= m_state->operations().size())
        return;
    const OperationVariant& variant = m_state->operations()[static_cast<std::size_t>(m_paramsOf)].op;
    for (auto& [name, slider] : m_sliders)
        slider->setValue(numberParam(variant, name).value_or(1));
    for (auto& [name, chooser] : m_dtypeChoosers) {
        const QSignalBlocker blocker(chooser);
        chooser->setCurrentIndex(chooser->findData(static_cast<int>(dtypeParam(variant, name).value_or(Dtype::bf16))));
    }
    for (auto& [name, chooser] : m_textChoosers) {
        const QSignalBlocker blocker(chooser);
        chooser->setCurrentIndex(std::max(0, chooser->findData(qs(textParam(variant, name).value_or(std::string())))));
    }
}

void WorkloadPanel::onOperationChanged(std::size_t op)
{
    if (QListWidgetItem* item = m_list->item(static_cast<int>(op))) {
        const QSignalBlocker blocker(m_list);
        item->setText(qs(m_state->operations()[op].name));
        const auto& ev = m_state->evaluation(op);
        item->setToolTip(ev.ok() ? item->text() : qs(ev.error()));
    }
    if (static_cast<int>(op) == m_paramsOf)
        syncParams();
}

void WorkloadPanel::onItemChanged()
{
    for (int i = 0; i < m_list->count(); ++i)
        m_state->setShown(static_cast<std::size_t>(i), m_list->item(i)->checkState() == Qt::Checked);
}

void WorkloadPanel::onAdd()
{
    if (auto op = makeOperation(m_kinds->currentData().toString().toStdString())) {
        m_state->addOperation(std::move(*op));
        selectOperation(m_list->count() - 1);
    }
}

void WorkloadPanel::onRemove()
{
    const int op = m_list->currentRow();
    if (op >= 0)
        m_state->removeOperation(static_cast<std::size_t>(op));
}

} // namespace roofline::widgets

#include "moc_workload_panel.cpp"
