#include "slider_row.h"

#include "document.h"

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

void bracketGestures(QSlider* slider, Document* document)
{
    QObject::connect(slider, &QSlider::sliderPressed, document, &Document::beginGesture);
    QObject::connect(slider, &QSlider::sliderReleased, document, &Document::endGesture);
}

} // namespace roofline::widgets
