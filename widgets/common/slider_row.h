// The row both slider kinds share: a label, a slider that stretches, and a field for exact values.
#pragma once

class QLabel;
class QLineEdit;
class QSlider;
class QString;
class QWidget;

namespace roofline::widgets {

// Lays out `label`, `slider` and `field` in one row of `owner` and names them for screen readers after `name`.
void layOutSliderRow(
    QWidget* owner, QLabel* label, QSlider* slider, QLineEdit* field, const QString& name, int labelWidth);
// Marks the row's field with `error` (a red border, the error as its tooltip), or with none restores `help`. Every
// slider step clears the error: the style sheet is touched only when the marking changes.
void showFieldError(QLineEdit* field, const QString& error, const QString& help);

} // namespace roofline::widgets
