// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/slider_row.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSlider>

namespace roofline::widgets {

namespace {

// The context this file's words are translated in (lupdate reads the name from the macro).
struct SliderRowWords {
    Q_DECLARE_TR_FUNCTIONS(SliderRowWords)
};

// The widest value a field shows whole: a rate with four figures and its unit.
constexpr auto kWidestValue = "999.9 TFLOP/s";

// Sizes a row's parts from its font, once laid out and again whenever the font changes (View ▸ Zoom): a row laid
// out in pixels for one font clips its field at a larger one.
class RowSizer : public QObject {
public:
    RowSizer(QWidget* owner, QLabel* label, QSlider* slider, QLineEdit* field, int labelChars)
        : QObject(owner)
        , m_label(label)
        , m_slider(slider)
        , m_field(field)
        , m_labelChars(labelChars)
    {
        owner->installEventFilter(this);
        apply(owner->fontMetrics());
    }

    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::FontChange)
            apply(static_cast<QWidget*>(watched)->fontMetrics());
        return false;
    }

private:
    void apply(const QFontMetrics& metrics)
    {
        const int average = metrics.averageCharWidth();
        // Rows of one panel line up while their labels are short; a longer label takes what it needs.
        m_label->setMinimumWidth(std::max(average * m_labelChars, m_label->sizeHint().width()));
        m_slider->setMinimumWidth(4 * metrics.height());
        m_field->setFixedWidth(metrics.horizontalAdvance(QLatin1String(kWidestValue)) + 2 * average);
    }

    QLabel* m_label;
    QSlider* m_slider;
    QLineEdit* m_field;
    int m_labelChars;
};

} // namespace

void layOutSliderRow(
    QWidget* owner, QLabel* label, QSlider* slider, QLineEdit* field, const QString& name, int labelChars)
{
    // The label and the exact value on one line, the slider the whole width under them: a side panel as narrow as a
    // projector needs, with the longest slider it can hold.
    auto* row = new QGridLayout(owner);
    row->setContentsMargins(0, 0, 0, 0);
    row->setVerticalSpacing(0);
    row->addWidget(label, 0, 0);
    row->addWidget(field, 0, 2);
    row->addWidget(slider, 1, 0, 1, 3);
    row->setColumnStretch(1, 1);
    owner->setSizePolicy(owner->sizePolicy().horizontalPolicy(), QSizePolicy::Fixed);
    new RowSizer(owner, label, slider, field, labelChars);
    slider->setAccessibleName(name);
    field->setAccessibleName(SliderRowWords::tr("%1 value").arg(name));
}

void letChooserNarrow(QComboBox* chooser)
{
    chooser->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    chooser->setMinimumContentsLength(12);
}

void showFieldError(QLineEdit* field, const QString& error, const QString& help)
{
    if (field->styleSheet().isEmpty() != error.isEmpty())
        field->setStyleSheet(error.isEmpty() ? QString() : QStringLiteral("QLineEdit { border: 2px solid #D55E00; }"));
    field->setToolTip(error.isEmpty() ? help : error);
}

} // namespace roofline::widgets
