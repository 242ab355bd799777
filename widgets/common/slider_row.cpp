#include "common/slider_row.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSlider>

namespace roofline::widgets {

void layOutSliderRow(
    QWidget* owner, QLabel* label, QSlider* slider, QLineEdit* field, const QString& name, int labelWidth)
{
    auto* row = new QHBoxLayout(owner);
    row->setContentsMargins(0, 0, 0, 0);
    label->setMinimumWidth(labelWidth);
    slider->setMinimumWidth(120);
    field->setFixedWidth(100);
    row->addWidget(label);
    row->addWidget(slider, 1);
    row->addWidget(field);
    slider->setAccessibleName(name);
    field->setAccessibleName(name + QStringLiteral(" value"));
}

void showFieldError(QLineEdit* field, const QString& error, const QString& help)
{
    if (field->styleSheet().isEmpty() != error.isEmpty())
        field->setStyleSheet(error.isEmpty() ? QString() : QStringLiteral("QLineEdit { border: 2px solid #D55E00; }"));
    field->setToolTip(error.isEmpty() ? help : error);
}

} // namespace roofline::widgets
