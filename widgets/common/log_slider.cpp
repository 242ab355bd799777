// SPDX-License-Identifier: GPL-3.0-or-later
// A logarithmic rate slider with an SI field.
#include "common/log_slider.h"

#include "base/units.h"
#include "common/chart_text.h"
#include "common/slider_row.h"

#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSlider>

#include <cmath>

namespace roofline::widgets {

namespace {

constexpr int kSteps = 1000;

} // namespace

LogSlider::LogSlider(const QString& label, double minimum, double maximum, Quantity quantity, QWidget* parent)
    : QWidget(parent)
    , m_minimum(minimum)
    , m_maximum(maximum)
    , m_quantity(quantity)
    , m_label(new QLabel(label, this))
    , m_slider(new QSlider(Qt::Horizontal, this))
    , m_field(new QLineEdit(this))
{
    layOutSliderRow(this, m_label, m_slider, m_field, label, 11);
    m_slider->setRange(0, kSteps);
    m_slider->setPageStep(kSteps / 50);
    m_help = tr("Logarithmic from %1 to %2. Type a value with an SI prefix, for example \"%3\".")
                 .arg(text(minimum), text(maximum),
                     quantity == Quantity::BitRate         ? QStringLiteral("400 Gb/s")
                         : quantity == Quantity::Bandwidth ? QStringLiteral("3.35 TB/s")
                                                           : QStringLiteral("989 T"));
    m_slider->setToolTip(m_help);
    m_field->setToolTip(m_help);
    connect(m_slider, &QSlider::valueChanged, this, &LogSlider::onSliderMoved);
    connect(m_field, &QLineEdit::editingFinished, this, &LogSlider::onEdited);
}

int LogSlider::positionOf(double v) const
{
    const double t = std::log(v / m_minimum) / std::log(m_maximum / m_minimum);
    return static_cast<int>(std::lround(std::clamp(t, 0.0, 1.0) * kSteps));
}

double LogSlider::valueAt(int position) const
{
    return m_minimum * std::pow(m_maximum / m_minimum, static_cast<double>(position) / kSteps);
}

QString LogSlider::text(double v) const
{
    switch (m_quantity) {
    case Quantity::Flops:
        return qs(formatFlops(v));
    case Quantity::Ops:
        return qs(formatSI(v, "OP/s"));
    case Quantity::Bandwidth:
        return qs(formatBandwidth(v));
    case Quantity::BitRate:
        return qs(formatBitRate(v));
    }
    return {};
}

void LogSlider::setValue(double v)
{
    m_value = v;
    const QSignalBlocker blocker(m_slider);
    m_slider->setValue(positionOf(v));
    m_field->setText(text(v));
    setError({});
}

void LogSlider::setQuantity(Quantity quantity)
{
    m_quantity = quantity;
    m_field->setText(text(m_value));
}

void LogSlider::setLabel(const QString& label)
{
    m_label->setText(label);
}

void LogSlider::setError(const QString& error)
{
    showFieldError(m_field, error, m_help);
}

void LogSlider::onSliderMoved(int position)
{
    // The handle's position is coarser than the value: keep the value while the handle sits where it points.
    if (position == positionOf(m_value))
        return;
    m_value = valueAt(position);
    m_field->setText(text(m_value));
    setError({});
    emit valueChanged(m_value);
}

void LogSlider::onEdited()
{
    const auto parsed = parseQuantity(m_field->text().toStdString());
    const bool flops = m_quantity == Quantity::Flops || m_quantity == Quantity::Ops;
    const bool unitFits = parsed
        && (parsed->unit == Unit::None
            || (flops ? parsed->unit == Unit::FlopsPerSecond
                      : parsed->unit == Unit::BytesPerSecond || parsed->unit == Unit::BitsPerSecond));
    if (!unitFits) {
        setError((flops ? tr("Not a rate: \"%1\"") : tr("Not a bandwidth: \"%1\"")).arg(m_field->text()));
        return;
    }
    if (parsed->value == m_value) {
        m_field->setText(text(m_value));
        return;
    }
    setValue(parsed->value);
    emit valueChanged(m_value);
}

} // namespace roofline::widgets

#include "moc_log_slider.cpp"
