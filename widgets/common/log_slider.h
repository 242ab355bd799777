// SPDX-License-Identifier: GPL-3.0-or-later
// A logarithmic slider over a rate (FLOP/s or bytes/s) paired with a field that shows and takes SI values.
#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;
class QSlider;

namespace roofline::widgets {

class LogSlider : public QWidget {
    Q_OBJECT
public:
    enum class Quantity { Flops, Ops, Bandwidth, BitRate };

    LogSlider(const QString& label, double minimum, double maximum, Quantity, QWidget* parent = nullptr);

    double value() const { return m_value; }
    // Shows a value without emitting; values outside the span keep the handle at the nearest end.
    void setValue(double);
    void setQuantity(Quantity);
    void setLabel(const QString&);
    // Marks the field as refused, with the reason as its tooltip; an empty text clears the mark.
    void setError(const QString&);

    QSlider* slider() const { return m_slider; }
    QLineEdit* field() const { return m_field; }

signals:
    void valueChanged(double value);

private:
    void onSliderMoved(int position);
    void onEdited();
    int positionOf(double) const;
    double valueAt(int position) const;
    QString text(double) const;

    double m_minimum;
    double m_maximum;
    double m_value = 0;
    Quantity m_quantity;
    QString m_help;
    QLabel* m_label;
    QSlider* m_slider;
    QLineEdit* m_field;
};

} // namespace roofline::widgets
