// A slider over powers of two for a count parameter (B, D, F, N, P ...), with a field that takes any whole number.
#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;
class QSlider;

namespace roofline::widgets {

class PowerSlider : public QWidget {
    Q_OBJECT
public:
    // The handle moves over 2^minExponent .. 2^maxExponent; the field takes any count the core accepts.
    PowerSlider(const QString& label, int minExponent, int maxExponent, QWidget* parent = nullptr);

    double value() const { return m_value; }
    void setValue(double); // no signal
    void setError(const QString&);
    void setHelp(const QString&);

    QSlider* slider() const { return m_slider; }
    QLineEdit* field() const { return m_field; }

signals:
    void valueChanged(double value);

private:
    void onSliderMoved(int exponent);
    void onEdited();
    int exponentOf(double) const;

    double m_value = 1;
    QString m_help;
    QLabel* m_label;
    QSlider* m_slider;
    QLineEdit* m_field;
};

} // namespace roofline::widgets
