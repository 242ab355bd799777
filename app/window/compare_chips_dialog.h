// SPDX-License-Identifier: GPL-3.0-or-later
// View ▸ Compare with…: the chips drawn beside the session's on the roofline chart, up to kMaxComparedChips of the
// preset library's, checked in a list. The sliders keep editing the session's chip; the others stay as their presets.
#pragma once

#include "files/presets.h"

#include <QDialog>

#include <string>
#include <vector>

class QDialogButtonBox;
class QLabel;
class QListWidget;

namespace roofline::widgets {

class CompareChipsDialog : public QDialog {
    Q_OBJECT
public:
    // Every preset of `library` but the session's chip (`own`), those of `checked` checked.
    CompareChipsDialog(const PresetLibrary& library, const std::string& own, const std::vector<std::string>& checked,
        QWidget* parent = nullptr);

    // The checked chips' preset ids: those checked when it opened in their order, then the others in the list's.
    std::vector<std::string> chosen() const;
    QListWidget* list() const { return m_list; }
    QDialogButtonBox* buttons() const { return m_buttons; }

private:
    // OK only while at most kMaxComparedChips are checked; the hint says how many more may be.
    void updateCount();

    QListWidget* m_list;
    QLabel* m_hint;
    QDialogButtonBox* m_buttons;
    std::vector<std::string> m_initial; // the chips compared when it opened, in their order
};

} // namespace roofline::widgets
