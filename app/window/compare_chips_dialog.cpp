// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/compare_chips_dialog.h"

#include "session/session.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace roofline::widgets {

CompareChipsDialog::CompareChipsDialog(
    const PresetLibrary& library, const std::string& own, const std::vector<std::string>& checked, QWidget* parent)
    : QDialog(parent)
    , m_list(new QListWidget(this))
    , m_hint(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
    , m_initial(checked)
{
    setWindowTitle(tr("Compare with"));
    auto* intro = new QLabel(
        tr("Chips drawn beside %1 on the chart, each in a line style and marker shape of its own. "
           "The sliders keep editing %1.")
            .arg(library.find(own) ? QString::fromStdString(library.find(own)->name) : tr("the session's chip")),
        this);
    intro->setWordWrap(true);
    for (const Hardware& chip : library.presets()) {
        if (chip.id == own)
            continue;
        auto* item = new QListWidgetItem(
            QStringLiteral("%1  (%2)").arg(QString::fromStdString(chip.name), QString::fromStdString(chip.id)), m_list);
        item->setData(Qt::UserRole, QString::fromStdString(chip.id));
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        const bool on = std::find(checked.begin(), checked.end(), chip.id) != checked.end();
        item->setCheckState(on ? Qt::Checked : Qt::Unchecked);
    }
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_list, 1);
    layout->addWidget(m_hint);
    layout->addWidget(m_buttons);
    connect(m_list, &QListWidget::itemChanged, this, &CompareChipsDialog::updateCount);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    updateCount();
}

std::vector<std::string> CompareChipsDialog::chosen() const
{
    std::vector<std::string> checked;
    for (int i = 0; i < m_list->count(); ++i)
        if (m_list->item(i)->checkState() == Qt::Checked)
            checked.push_back(m_list->item(i)->data(Qt::UserRole).toString().toStdString());
    // The chips compared before keep their places, and with them their dashes and marker shapes; new ones follow.
    std::vector<std::string> ids;
    for (const std::string& id : m_initial)
        if (std::find(checked.begin(), checked.end(), id) != checked.end())
            ids.push_back(id);
    for (const std::string& id : checked)
        if (std::find(ids.begin(), ids.end(), id) == ids.end())
            ids.push_back(id);
    return ids;
}

void CompareChipsDialog::updateCount()
{
    const std::size_t count = chosen().size();
    const bool fits = count <= kMaxComparedChips;
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(fits);
    m_hint->setText(fits
            ? tr("%1 of %2 chips chosen (none: the session's chip alone).").arg(count).arg(kMaxComparedChips)
            : tr("At most %1 chips beside the session's: %2 are checked.").arg(kMaxComparedChips).arg(count));
}

} // namespace roofline::widgets
