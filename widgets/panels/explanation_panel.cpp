#include "panels/explanation_panel.h"

#include "common/chart_text.h"

#include <QScrollBar>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace roofline::widgets {

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
        html += QStringLiteral("<p><i>%1</i></p>").arg(escaped(e.source));
        html += section(QStringLiteral("Question"), escaped(e.question));
        html += section(QStringLiteral("The text says"), escaped(e.claim));
    }
    if (!e.source.empty() || e.model) {
        html += section(QStringLiteral("Roofline Lab computes"), escaped(e.answer));
        QString formula;
        for (const std::string& line : e.formula)
            formula += (formula.isEmpty() ? QString() : QStringLiteral("<br>")) + escaped(line);
        if (!formula.isEmpty())
            html += QStringLiteral("<p><b>With the current numbers</b></p><p><code>%1</code></p>").arg(formula);
    }
    if (!e.description.empty())
        html
            += (e.source.empty() && !e.model ? QStringLiteral("<p>%1</p>") : QStringLiteral("<p><small>%1</small></p>"))
                   .arg(escaped(e.description));
    return html;
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
}

void ExplanationPanel::setAnalysis(std::shared_ptr<const Analysis> analysis)
{
    m_shown = analysis->explanation;
    const QString html = explanationHtml(m_shown);
    if (html == m_html)
        return;
    // A slider step changes a few numbers: the reader keeps their place in the text.
    const int scrolled = m_browser->verticalScrollBar()->value();
    m_html = html;
    m_browser->setHtml(html);
    m_browser->verticalScrollBar()->setValue(scrolled);
}

void ExplanationPanel::scrollToTop()
{
    m_browser->verticalScrollBar()->setValue(0);
}

} // namespace roofline::widgets
