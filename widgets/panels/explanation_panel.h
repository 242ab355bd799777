// SPDX-License-Identifier: GPL-3.0-or-later
// The explanation of a worked example beside the chart: where it comes from, the question, what the text claims,
// the answer the program computes and the formula with the current numbers, all as the core's analysis states them.
#pragma once

#include "session/analysis.h"

#include <QWidget>

#include <memory>

class QTextBrowser;

namespace roofline::widgets {

class ExplanationPanel : public QWidget {
    Q_OBJECT
public:
    explicit ExplanationPanel(QWidget* parent = nullptr);

    // Shows the analysis's explanation; called on every change, a slider drag included.
    void setAnalysis(std::shared_ptr<const Analysis>);
    // Whether there is anything to show: a lesson, or a scenario's description.
    bool hasContent() const { return !m_shown.empty(); }
    // What the panel shows, as the core made it.
    const Explanation& explanation() const { return m_shown; }
    QTextBrowser* browser() const { return m_browser; }
    // The presentation's band: the question, the exact answer and the text's claim, with a link that opens the
    // derivation (and one that folds it again).
    void setCompact(bool);
    bool isCompact() const { return m_compact; }
    // The height the text needs at `width`, for the band's dock.
    int textHeight(int width) const;
    // The height of the band's text as far as the answer, at `width`: what a presentation's band shows whole.
    int answerHeight(int width) const;
    // Shows the text from its start: a new example opens at its title and question.
    void scrollToTop();

signals:
    // The text shown changed (new numbers, another example, the derivation opened or folded): its height may have.
    // `numbersOnly`: the same example's text with the numbers of a new analysis.
    void textShown(bool numbersOnly);

private:
    void showText(bool keepScroll, bool numbersOnly = false);

    QTextBrowser* m_browser;
    Explanation m_shown;
    QString m_html;
    bool m_compact = false;
    bool m_derivationOpen = false; // compact, with the derivation opened on demand
    int m_fullScroll = 0; // where the full text was scrolled to when the band took its place
};

// The explanation as rich text, every piece of the scenario's text escaped.
QString explanationHtml(const Explanation&);
// The explanation as a band: a lesson's title, its question and a link to the derivation, then the computed answer,
// then the text's claim (left out without `withClaim`); a scenario's description alone otherwise.
QString compactExplanationHtml(const Explanation&, bool withClaim = true);

} // namespace roofline::widgets
