// SPDX-License-Identifier: GPL-3.0-or-later
#include "chart/label_item.h"

#include <QFontMetrics>
#include <QTextOption>
#include <QtMath>

namespace roofline::widgets {

void LabelItem::draw(QCPPainter* painter)
{
    // Lines of a QStaticText are spaced a pixel or so apart from drawText's: a text of several lines (none of the
    // chart's labels) is drawn as QCustomPlot draws it.
    if (painter->modes().testFlag(QCPPainter::pmNoCaching) || text().contains(QLatin1Char('\n'))) {
        QCPItemText::draw(painter);
        return;
    }
    // From here as QCPItemText::draw (QCustomPlot 2.1.0), with the layout kept.
    const QPointF pos(position->pixelPosition());
    QTransform transform = painter->transform();
    transform.translate(pos.x(), pos.y());
    if (!qFuzzyIsNull(rotation()))
        transform.rotate(rotation());
    painter->setFont(mainFont());
    const int flags = Qt::TextDontClip | int(textAlignment());
    const QPaintDevice* device = painter->device();
    Key key { text(), painter->font(), flags, device ? device->logicalDpiY() : 0,
        device ? device->devicePixelRatioF() : 1 };
    if (!(key == m_key)) {
        m_key = std::move(key);
        m_textRect = painter->fontMetrics().boundingRect(0, 0, 0, 0, flags, text());
        QTextOption option(textAlignment());
        option.setWrapMode(QTextOption::ManualWrap); // one line, never wrapped at the measured width
        m_laidOut = QStaticText(text());
        m_laidOut.setTextFormat(Qt::PlainText);
        m_laidOut.setTextOption(option);
        m_laidOut.setTextWidth(m_textRect.width());
        m_laidOut.prepare(QTransform(), painter->font());
    }
    const QMargins pad = padding();
    QRect textRect = m_textRect;
    QRect boxRect = textRect.adjusted(-pad.left(), -pad.top(), pad.right(), pad.bottom());
    const QPoint at = getTextDrawPoint(QPointF(0, 0), boxRect, positionAlignment()).toPoint();
    textRect.moveTopLeft(at + QPoint(pad.left(), pad.top()));
    boxRect.moveTopLeft(at);
    const int clipPad = qCeil(mainPen().widthF());
    const QRect bounds = boxRect.adjusted(-clipPad, -clipPad, clipPad, clipPad);
    if (!transform.mapRect(bounds).intersects(painter->transform().mapRect(clipRect())))
        return;
    painter->setTransform(transform);
    if ((mainBrush().style() != Qt::NoBrush && mainBrush().color().alpha() != 0)
        || (mainPen().style() != Qt::NoPen && mainPen().color().alpha() != 0)) {
        painter->setPen(mainPen());
        painter->setBrush(mainBrush());
        painter->drawRect(boxRect);
    }
    painter->setBrush(Qt::NoBrush);
    painter->setPen(QPen(mainColor()));
    painter->drawStaticText(textRect.topLeft(), m_laidOut);
}

} // namespace roofline::widgets
