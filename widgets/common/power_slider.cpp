// SPDX-License-Identifier: GPL-3.0-or-later
// A log-mapped count slider with powers of two as detents, and an exact entry field.
#include "common/power_slider.h"

#include "base/units.h"
#include "common/slider_row.h"

#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSlider>
#include <QStyle>
#include <QStyleOptionSlider>

#include <cmath>

namespace roofline::widgets {

PowerSlider::PowerSlider(const QString& label, int minExponent, int maxExponent, QWidget* parent)
    : QWidget(parent)
    , m_minExponent(minExponent)
    , m_maxExponent(maxExponent)
    , m_label(new QLabel(label, this))
    , m_slider(new QSlider(Qt::Horizontal, this))
    , m_field(new QLineEdit(this))
{
    layOutSliderRow(this, m_label, m_slider, m_field, label, 7);
    m_slider->setRange(minExponent * kStepsPerOctave, maxExponent * kStepsPerOctave);
    m_slider->setSingleStep(1);
    m_slider->setPageStep(kStepsPerOctave);
    m_slider->setTickPosition(QSlider::TicksBelow);
    m_slider->setTickInterval(kStepsPerOctave); // a tick at each power of two
    setHelp(QString());
    // Keys and drags reach the slider's actions before its value changes: they set the value they mean there.
    connect(m_slider, &QSlider::actionTriggered, this, &PowerSlider::onAction);
    connect(m_slider, &QSlider::valueChanged, this, &PowerSlider::onSliderMoved);
    connect(m_field, &QLineEdit::editingFinished, this, &PowerSlider::onEdited);
}

void PowerSlider::setHelp(const QString& description)
{
    m_help = tr("%1Logarithmic from %2 to %3 on the slider, snapping to powers of two; arrow keys step "
                "finely, Page Up and Page Down to the next power of two; type any whole number in the "
                "field.")
                 .arg(description.isEmpty() ? QString() : description + QStringLiteral(". "))
                 .arg(lowest(), 0, 'f', 0)
                 .arg(highest(), 0, 'f', 0);
    m_slider->setToolTip(m_help);
    m_field->setToolTip(m_help);
    m_label->setToolTip(m_help);
}

double PowerSlider::lowest() const
{
    return std::ldexp(1.0, m_minExponent);
}

double PowerSlider::highest() const
{
    return std::ldexp(1.0, m_maxExponent);
}

int PowerSlider::positionOf(double v) const
{
    const double position = std::log2(std::max(v, 1.0)) * kStepsPerOctave;
    return static_cast<int>(std::clamp(
        std::lround(position), static_cast<long>(m_slider->minimum()), static_cast<long>(m_slider->maximum())));
}

double PowerSlider::valueAt(int position) const
{
    const double v = std::round(std::exp2(static_cast<double>(position) / kStepsPerOctave));
    return std::clamp(v, lowest(), highest());
}

double PowerSlider::pixelsBetween(int a, int b) const
{
    QStyleOptionSlider option;
    option.initFrom(m_slider);
    option.orientation = m_slider->orientation();
    const int handle = m_slider->style()->pixelMetric(QStyle::PM_SliderLength, &option, m_slider);
    const int span = std::max(1, m_slider->width() - handle);
    const auto pixel
        = [&](int p) { return QStyle::sliderPositionFromValue(m_slider->minimum(), m_slider->maximum(), p, span); };
    return std::abs(pixel(a) - pixel(b));
}

void PowerSlider::setValue(double v)
{
    m_value = v;
    const QSignalBlocker blocker(m_slider);
    m_slider->setValue(positionOf(v));
    m_field->setText(QString::number(v, 'f', 0));
    setError({});
}

void PowerSlider::setError(const QString& error)
{
    showFieldError(m_field, error, m_help);
}

void PowerSlider::apply(double v)
{
    if (v == m_value)
        return;
    m_value = v;
    m_field->setText(QString::number(v, 'f', 0));
    setError({});
    emit valueChanged(v);
}

void PowerSlider::onAction(int action)
{
    // A value typed beyond the handle's reach steps from where it is.
    const double low = std::min(lowest(), m_value);
    const double high = std::max(highest(), m_value);
    double next = m_value;
    switch (action) {
    case QAbstractSlider::SliderSingleStepAdd:
        next = std::max(m_value + 1, valueAt(positionOf(m_value) + 1));
        break;
    case QAbstractSlider::SliderSingleStepSub:
        next = std::min(m_value - 1, valueAt(positionOf(m_value) - 1));
        break;
    case QAbstractSlider::SliderPageStepAdd:
        next = std::exp2(std::floor(std::log2(m_value)) + 1);
        break;
    case QAbstractSlider::SliderPageStepSub:
        next = std::exp2(std::ceil(std::log2(m_value)) - 1);
        break;
    case QAbstractSlider::SliderToMinimum:
        next = lowest();
        break;
    case QAbstractSlider::SliderToMaximum:
        next = highest();
        break;
    case QAbstractSlider::SliderMove: {
        // A drag near a power of two snaps to it: the detent.
        const int position = m_slider->sliderPosition();
        const int detent
            = static_cast<int>(std::lround(static_cast<double>(position) / kStepsPerOctave)) * kStepsPerOctave;
        if (m_slider->isSliderDown() && detent != position && pixelsBetween(position, detent) <= kDetentPixels)
            m_slider->setSliderPosition(detent);
        return; // the value follows the position in onSliderMoved
    }
    default:
        return;
    }
    next = std::clamp(next, low, high);
    // The slider sets its value from this position once the action is done: onSliderMoved finds it matches.
    m_slider->setSliderPosition(positionOf(next));
    apply(next);
}

void PowerSlider::onSliderMoved(int position)
{
    // The handle's position is coarser than the value: keep the value while the handle sits where it points.
    if (position == positionOf(m_value))
        return;
    apply(valueAt(position));
}

void PowerSlider::onEdited()
{
    // A count as every count is read: "2000m" is not 2, and a number past 2^53 is not rounded to it.
    const std::string text = m_field->text().trimmed().toStdString();
    const Expected<double> count = m_zeroAllowed && text == "0" ? Expected<double>(0.0) : parseWholeNumber(text);
    if (!count) {
        setError(QString::fromStdString(count.error()));
        return;
    }
    if (*count == m_value)
        return;
    // The owner hands the slider back the old value and an error when the core refuses this one.
    setValue(*count);
    emit valueChanged(*count);
}

} // namespace roofline::widgets

#include "moc_power_slider.cpp"
