// A powers-of-two slider with an exact entry field.
#include "power_slider.h"

#include "slider_row.h"
#include "units.h"

#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSlider>

#include <cmath>

namespace roofline::widgets {

PowerSlider::PowerSlider(const QString& label, int minExponent, int maxExponent, QWidget* parent)
    : QWidget(parent)
    , m_label(new QLabel(label, this))
    , m_slider(new QSlider(Qt::Horizontal, this))
    , m_field(new QLineEdit(this))
{
    layOutSliderRow(this, m_label, m_slider, m_field, label, 60);
    m_slider->setRange(minExponent, maxExponent);
    m_slider->setPageStep(1);
    m_slider->setTickPosition(QSlider::TicksBelow);
    setHelp(QString());
    connect(m_slider, &QSlider::valueChanged, this, &PowerSlider::onSliderMoved);
    connect(m_field, &QLineEdit::editingFinished, this, &PowerSlider::onEdited);
}

void PowerSlider::setHelp(const QString& description)
{
    m_help = QStringLiteral("%1Powers of two from %2 to %3 on the slider; type any whole number in the field.")
                 .arg(description.isEmpty() ? QString() : description + QStringLiteral(". "))
                 .arg(std::ldexp(1.0, m_slider->minimum()), 0, 'f', 0)
                 .arg(std::ldexp(1.0, m_slider->maximum()), 0, 'f', 0);
    m_slider->setToolTip(m_help);
    m_field->setToolTip(m_help);
    m_label->setToolTip(m_help);
}

int PowerSlider::exponentOf(double v) const
{
    return std::clamp(static_cast<int>(std::lround(std::log2(v))), m_slider->minimum(), m_slider->maximum());
}

void PowerSlider::setValue(double v)
{
    m_value = v;
    const QSignalBlocker blocker(m_slider);
    m_slider->setValue(exponentOf(v));
    m_field->setText(QString::number(v, 'f', 0));
    setError({});
}

void PowerSlider::setError(const QString& error)
{
    showFieldError(m_field, error, m_help);
}

void PowerSlider::onSliderMoved(int exponent)
{
    const double v = std::ldexp(1.0, exponent);
    if (v == m_value)
        return;
    m_value = v;
    m_field->setText(QString::number(v, 'f', 0));
    setError({});
    emit valueChanged(v);
}

void PowerSlider::onEdited()
{
    const auto parsed = parseQuantity(m_field->text().trimmed().toStdString());
    if (!parsed || parsed->unit != Unit::None) {
        setError(QStringLiteral("Not a whole number: \"%1\"").arg(m_field->text()));
        return;
    }
    if (parsed->value == m_value)
        return;
    // The owner hands the slider back the old value and an error when the core refuses this one.
    setValue(parsed->value);
    emit valueChanged(parsed->value);
}

} // namespace roofline::widgets
