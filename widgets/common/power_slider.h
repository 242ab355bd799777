// SPDX-License-Identifier: GPL-3.0-or-later
// A logarithmic slider for a count parameter (B, D, F, N, P ...) with powers of two as detents, and a field that
// takes any whole number.
#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;
class QSlider;

namespace roofline::widgets {

// The handle moves over 2^minExponent .. 2^maxExponent in kStepsPerOctave positions per doubling, each position the
// whole number nearest its point on the log scale. Dragged within kDetentPixels of a power of two, the handle snaps to
// it. The arrow keys move one fine step (the next position's value, or at least by one, so that every whole number
// below 2^6 is a key press away from its neighbours and any other is reachable by typing); Page Up and Page Down move
// to the next power of two above or below; Home and End to the slider's ends.
class PowerSlider : public QWidget {
    Q_OBJECT
public:
    static constexpr int kStepsPerOctave = 64;
    static constexpr int kDetentPixels = 4;

    // The field takes any count the core accepts, whatever the handle's reach.
    PowerSlider(const QString& label, int minExponent, int maxExponent, QWidget* parent = nullptr);

    double value() const { return m_value; }
    void setValue(double); // no signal
    void setError(const QString&);
    void setHelp(const QString&);
    // The field also takes 0, which a count may mean something by (no sliding window); the handle stays at 1 for it.
    void setZeroAllowed(bool allowed) { m_zeroAllowed = allowed; }

    // The mapping between handle positions and values.
    int positionOf(double) const;
    double valueAt(int position) const;
    // The lowest and highest values the handle reaches: 2^minExponent and 2^maxExponent.
    double lowest() const;
    double highest() const;

    QSlider* slider() const { return m_slider; }
    QLineEdit* field() const { return m_field; }

signals:
    void valueChanged(double value);

private:
    void onAction(int action);
    void onSliderMoved(int position);
    void onEdited();
    void apply(double);
    // The handle's distance in pixels between two positions.
    double pixelsBetween(int a, int b) const;

    int m_minExponent;
    int m_maxExponent;
    double m_value = 1;
    bool m_zeroAllowed = false;
    QString m_help;
    QLabel* m_label;
    QSlider* m_slider;
    QLineEdit* m_field;
};

} // namespace roofline::widgets
