// SPDX-License-Identifier: GPL-3.0-or-later
// A text on the chart that is laid out when it changes, not at every draw.
#pragma once

#include <qcustomplot.h>

#include <QFont>
#include <QRect>
#include <QStaticText>
#include <QString>

namespace roofline::widgets {

// QCPItemText measures and shapes its text on every draw: a QFontMetrics::boundingRect and a QPainter::drawText, each a
// QTextLayout. A slider step redraws every label of the chart, and those layouts were about a quarter of a step's
// instructions (bench_gui --profile under callgrind, bench/RESULTS.md). This item keeps its text's QStaticText and
// rectangle until the text, the font or the device's resolution changes, and otherwise draws as QCPItemText::draw
// does: the same rectangle, padding, alignment, rotation, box and clip. A painter in pmNoCaching mode gets
// QCPItemText::draw itself, laid out at the device's own resolution: QCustomPlot::toPainter sets that mode, so every
// export, copy and print draws its texts as QCustomPlot does; so does a text of several lines.
class LabelItem : public QCPItemText {
public:
    explicit LabelItem(QCustomPlot* plot)
        : QCPItemText(plot)
    { }

protected:
    void draw(QCPPainter* painter) override;

private:
    // What the layout was made for.
    struct Key {
        QString text;
        QFont font;
        int alignment = 0;
        int dpi = 0;
        qreal pixelRatio = 0;
        bool operator==(const Key&) const = default;
    };
    Key m_key;
    QRect m_textRect; // as QFontMetrics::boundingRect(0, 0, 0, 0, flags, text) gives it
    QStaticText m_laidOut;
};

} // namespace roofline::widgets
