// SPDX-License-Identifier: GPL-3.0-or-later
// A lesson's question in a strip over the chart, for a screen with no room beside the chart for the explanation:
// the class reads what is asked before anything else.
#pragma once

#include <QLabel>
#include <QString>

namespace roofline::widgets {

// Two lines at most (one on a short screen), cut with an ellipsis (the whole question in its tooltip), and a link that
// opens the explanation.
class QuestionStrip : public QLabel {
    Q_OBJECT
public:
    explicit QuestionStrip(QWidget* parent = nullptr);

    // The question to show; empty shows nothing.
    void setQuestion(const QString& question);
    // How many lines it may take: one on a short screen, where the chart needs the height.
    void setMaximumLines(int lines);
    const QString& question() const { return m_question; }

signals:
    // The link beside the question: the reader asks for the whole explanation.
    void explanationWanted();

protected:
    void resizeEvent(QResizeEvent*) override;
    void changeEvent(QEvent*) override;

private:
    // The text cut to its lines at the label's width.
    void fitText();

    QString m_question;
    int m_lines = 2;
};

} // namespace roofline::widgets
