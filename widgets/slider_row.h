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

} // namespace roofline::widgets
