// SPDX-License-Identifier: GPL-3.0-or-later
#include "panels/question_strip.h"

#include <QEvent>
#include <QFontMetrics>
#include <QResizeEvent>

#include <algorithm>

namespace roofline::widgets {

QuestionStrip::QuestionStrip(QWidget* parent)
    : QLabel(parent)
{
    setObjectName(QStringLiteral("questionStrip"));
    setWordWrap(true);
    setTextFormat(Qt::RichText);
    setContentsMargins(6, 2, 6, 2);
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Maximum);
    connect(this, &QLabel::linkActivated, this, [this] { emit explanationWanted(); });
}

void QuestionStrip::setQuestion(const QString& question)
{
    if (question == m_question)
        return;
    m_question = question;
    setToolTip(question);
    fitText();
}

void QuestionStrip::setMaximumLines(int lines)
{
    if (lines == m_lines)
        return;
    m_lines = std::max(1, lines);
    fitText();
}

void QuestionStrip::resizeEvent(QResizeEvent* event)
{
    QLabel::resizeEvent(event);
    if (event->size().width() != event->oldSize().width())
        fitText();
}

void QuestionStrip::changeEvent(QEvent* event)
{
    QLabel::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::LanguageChange)
        fitText();
}

void QuestionStrip::fitText()
{
    if (m_question.isEmpty()) {
        setText(QString());
        return;
    }
    const QString lead = tr("Question:");
    const QString link = tr("explanation ▸");
    const QFontMetrics metrics(font());
    const int width = std::max(1, contentsRect().width());
    // Its lines' worth, less the lead and the link: a word-wrapped label breaks at spaces, so leave a word's room on
    // each line but the last.
    const int room = m_lines * width - metrics.horizontalAdvance(lead + QLatin1Char(' ') + link + QStringLiteral("  "))
        - (m_lines - 1) * metrics.horizontalAdvance(QStringLiteral("MMMMMM"));
    const QString question = metrics.elidedText(m_question, Qt::ElideRight, std::max(room, width / 2));
    setText(QStringLiteral("<b>%1</b> %2 <a href=\"#explanation\">%3</a>")
                .arg(lead.toHtmlEscaped(), question.toHtmlEscaped(), link.toHtmlEscaped()));
}

} // namespace roofline::widgets

#include "moc_question_strip.cpp"
