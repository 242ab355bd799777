// SPDX-License-Identifier: GPL-3.0-or-later
// The row both slider kinds share: a label, a slider that stretches, and a field for exact values.
#pragma once

class QComboBox;
class QLabel;
class QLineEdit;
class QSlider;
class QString;
class QWidget;

namespace roofline::widgets {

// Lays out `label` and `field` on a line of `owner` with `slider` under them, and names them for screen readers after
// `name`. The label is at least `labelChars` average characters wide, the field as wide as a rate with its unit,
// both in the owner's font, followed when it changes.
void layOutSliderRow(
    QWidget* owner, QLabel* label, QSlider* slider, QLineEdit* field, const QString& name, int labelChars);
// A list a side panel can narrow: it asks for room for a dozen characters, not for its longest entry (a chip's full
// name), and shows the whole entry in its popup.
void letChooserNarrow(QComboBox*);
// Marks the row's field with `error` (a red border, the error as its tooltip), or with none restores `help`. Every
// slider step clears the error: the style sheet is touched only when the marking changes.
void showFieldError(QLineEdit* field, const QString& error, const QString& help);

} // namespace roofline::widgets
