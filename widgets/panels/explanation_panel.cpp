// SPDX-License-Identifier: GPL-3.0-or-later
#include "panels/explanation_panel.h"

#include "common/chart_text.h"

#include <QCoreApplication>
#include <QScrollBar>
#include <QTextBrowser>
#include <QTextDocument>
#include <QUrl>
#include <QVBoxLayout>

#include <cmath>
#include <memory>

namespace roofline::widgets {

namespace {

// The context this file's words are translated in (lupdate reads the name from the macro).
struct ExplanationPanelWords {
    Q_DECLARE_TR_FUNCTIONS(ExplanationPanelWords)
};

} // namespace

namespace {

QString escaped(const std::string& text)
{
    return qs(text).toHtmlEscaped();
}

QString section(const QString& heading, const QString& body)
{
    return QStringLiteral("<p><b>%1</b><br>%2</p>").arg(heading, body);
}

} // namespace

QString explanationHtml(const Explanation& e)
{
    QString html;
    if (!e.title.empty())
        html += QStringLiteral("<h3>%1</h3>").arg(escaped(e.title));
    if (!e.source.empty()) {
        html += QStringLiteral("<p><i>%1</i></p>")
                    .arg(escaped(e.edition.empty() ? e.source : e.source + " (" + e.edition + ")"));
        html += section(ExplanationPanelWords::tr("Question"), escaped(e.question));
        html += section(ExplanationPanelWords::tr("The text says"), escaped(e.claim));
    }
    if (!e.source.empty() || e.model) {
        html += section(ExplanationPanelWords::tr("Roofline Lab computes"), escaped(e.answer));
        // The text's current edition, where its numbers differ: what it says, and what they give.
        if (!e.currentEdition.empty())
            html += section(QString::fromStdString(e.currentEdition),
                escaped(e.currentClaim) + QStringLiteral("<br>")
                    + ExplanationPanelWords::tr("Roofline Lab computes with its numbers: %1")
                          .arg(escaped(e.currentAnswer)));
        QString formula;
        for (const std::string& line : e.formula)
            formula += (formula.isEmpty() ? QString() : QStringLiteral("<br>")) + escaped(line);
        if (!formula.isEmpty())
            html += ExplanationPanelWords::tr("<p><b>With the current numbers</b></p><p><code>%1</code></p>")
                        .arg(formula);
    }
    if (!e.chips.empty()) {
        QString lines = escaped(e.chips.front());
        for (std::size_t i = 1; i < e.chips.size(); ++i)
            lines += QStringLiteral("<br>") + escaped(e.chips[i]);
        html += section(ExplanationPanelWords::tr("Which chip"), lines);
    }
    if (!e.description.empty())
        html
            += (e.source.empty() && !e.model ? QStringLiteral("<p>%1</p>") : QStringLiteral("<p><small>%1</small></p>"))
                   .arg(escaped(e.description));
    return html;
}

QString compactExplanationHtml(const Explanation& e, bool withClaim)
{
    // With chips compared, the band ends with which one wins.
    const QString chip
        = e.chips.empty() ? QString() : ExplanationPanelWords::tr("<b>Which chip:</b> ") + escaped(e.chips.front());
    const QString after = chip.isEmpty() ? QString() : QStringLiteral(" · ") + chip;
    if (e.source.empty()) {
        if (e.description.empty())
            return chip.isEmpty() ? QString() : QStringLiteral("<p>%1</p>").arg(chip);
        return QStringLiteral("<p>%1%2</p>").arg(escaped(e.description), after);
    }
    // The question, then the answer, then what the text says: a short band shows the answer before it scrolls.
    const QString head
        = ExplanationPanelWords::tr("<b>%1</b> <a href=\"#derivation\">derivation ▸</a> — %2<br><b>Roofline Lab "
                                    "computes:</b> %3%4")
              .arg(escaped(e.title), escaped(e.question), escaped(e.answer), after);
    const QString claim
        = withClaim ? ExplanationPanelWords::tr(" · The text says: %1").arg(escaped(e.claim)) : QString();
    return QStringLiteral("<p>%1%2</p>").arg(head, claim);
}

ExplanationPanel::ExplanationPanel(QWidget* parent)
    : QWidget(parent)
    , m_browser(new QTextBrowser)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_browser->setObjectName(QStringLiteral("explanationText"));
    m_browser->setOpenLinks(false);
    m_browser->setFrameShape(QFrame::NoFrame);
    layout->addWidget(m_browser);
    connect(m_browser, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
        if (url.fragment() == QLatin1String("derivation")) {
            m_derivationOpen = !m_derivationOpen;
            showText(false);
        }
    });
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
}

void ExplanationPanel::setCompact(bool compact)
{
    if (compact == m_compact)
        return;
    m_compact = compact;
    m_derivationOpen = false;
    // The full text comes back where the reader left it; the band starts at its top.
    const int scrolled = m_browser->verticalScrollBar()->value();
    showText(false);
    if (compact)
        m_fullScroll = scrolled;
    else
        m_browser->verticalScrollBar()->setValue(m_fullScroll);
}

int ExplanationPanel::answerHeight(int width) const
{
    if (!m_compact || m_derivationOpen)
        return textHeight(width);
    // The band as far as its answer: the same document without what the text says after it.
    const std::unique_ptr<QTextDocument> document(m_browser->document()->clone());
    document->setHtml(compactExplanationHtml(m_shown, false));
    document->setTextWidth(width - 2 * m_browser->frameWidth());
    return static_cast<int>(std::ceil(document->size().height())) + 2 * m_browser->frameWidth();
}

int ExplanationPanel::textHeight(int width) const
{
    QTextDocument* document = m_browser->document();
    const qreal before = document->textWidth();
    const qreal wanted = width - 2 * m_browser->frameWidth();
    // Setting a width lays the whole document out again, even the same width: in presentation the band is measured
    // after every slider step, and mostly at the width its text already has.
    if (before != wanted)
        document->setTextWidth(wanted);
    const int height = static_cast<int>(std::ceil(document->size().height())) + 2 * m_browser->frameWidth();
    if (before != wanted)
        document->setTextWidth(before);
    return height;
}

void ExplanationPanel::setAnalysis(std::shared_ptr<const Analysis> analysis)
{
    // Whether it is the same example with new numbers (a slider step, a play) or another one, which may take fewer
    // lines: the band in presentation shrinks only for another (MainWindow::fitExplanationBand).
    const bool numbersOnly = analysis->explanation.title == m_shown.title;
    m_shown = analysis->explanation;
    showText(true, numbersOnly);
}

void ExplanationPanel::showText(bool keepScroll, bool numbersOnly)
{
    QString html;
    if (!m_compact)
        html = explanationHtml(m_shown);
    else if (!m_derivationOpen)
        html = compactExplanationHtml(m_shown);
    else
        html = explanationHtml(m_shown) + tr("<p><a href=\"#derivation\">◂ the band only</a></p>");
    if (html == m_html)
        return;
    // A slider step changes a few numbers: the reader keeps their place in the text.
    const int scrolled = keepScroll ? m_browser->verticalScrollBar()->value() : 0;
    m_html = html;
    m_browser->setHtml(html);
    m_browser->verticalScrollBar()->setValue(scrolled);
    emit textShown(numbersOnly);
}

void ExplanationPanel::scrollToTop()
{
    m_browser->verticalScrollBar()->setValue(0);
}

} // namespace roofline::widgets

#include "moc_explanation_panel.cpp"
