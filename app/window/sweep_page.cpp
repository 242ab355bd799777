// SPDX-License-Identifier: GPL-3.0-or-later
// The Sweep tab: its controls bound to the sweep chart, and marker drags bound to the document.
#include "window/sweep_page.h"

#include "base/units.h"
#include "common/chart_text.h"
#include "document/document.h"
#include "roofline/sweep.h"
#include "sweep/sweep_chart.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace roofline::widgets {

namespace {
constexpr int kMargin = 4; // around the choosers and the chart, outside presentation
}

SweepPage::SweepPage(Document* document, QWidget* parent)
    : QWidget(parent)
    , m_document(document)
    , m_chart(new SweepChart)
    , m_param(new QComboBox)
    , m_range(new QLineEdit(QStringLiteral("1 : 16Ki")))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(kMargin, kMargin, kMargin, kMargin);
    // The choosers' row, a widget of its own: the presentation shows the chart alone.
    m_bar = new QWidget;
    m_bar->setObjectName(QStringLiteral("sweepBar"));
    auto* bar = new QHBoxLayout(m_bar);
    bar->setContentsMargins(0, 0, 0, 0);
    auto* paramLabel = new QLabel(tr("&Sweep over"));
    paramLabel->setBuddy(m_param);
    bar->addWidget(paramLabel);
    bar->addWidget(m_param);
    auto* rangeLabel = new QLabel(tr("&from : to"));
    rangeLabel->setBuddy(m_range);
    bar->addWidget(rangeLabel);
    bar->addWidget(m_range);
    m_range->setMaximumWidth(m_range->fontMetrics().horizontalAdvance(QStringLiteral("M")) * 14);
    m_range->setToolTip(tr("The values to sweep over, two whole counts with optional prefixes: "
                           "1 : 16Ki, 64 : 1M. The chart reaches further to show every "
                           "operation's current value"));
    bar->addStretch(1);
    layout->addWidget(m_bar);
    layout->addWidget(m_chart, 1);
    m_param->setToolTip(tr("The parameter the sweep chart runs along"));

    connect(m_param, &QComboBox::currentTextChanged, this,
        [this](const QString& p) { m_chart->setParam(p.toStdString()); });
    connect(m_range, &QLineEdit::editingFinished, this, &SweepPage::applyRange);
    connect(m_chart, &SweepChart::dragStarted, m_document, &Document::beginGesture);
    connect(m_chart, &SweepChart::dragFinished, m_document, &Document::endGesture);
    connect(m_chart, &SweepChart::valueDragged, this,
        [this](std::size_t op, double value) { m_document->setOperationParam(op, m_chart->param(), value); });
    connect(m_document, &Document::operationsChanged, this, [this] { m_paramsStale = true; });
    connect(m_document, &Document::presetChanged, this, [this] { m_param->clear(); });
}

void SweepPage::setPresenting(bool presenting)
{
    m_bar->setVisible(!presenting);
    m_chart->setAxesInside(presenting);
    const int margin = presenting ? 0 : kMargin;
    layout()->setContentsMargins(margin, margin, margin, margin);
}

void SweepPage::setAnalysis(std::shared_ptr<const Analysis> analysis)
{
    m_chart->setAnalysis(std::move(analysis));
    if (m_paramsStale)
        fillParams();
}

void SweepPage::fillParams()
{
    m_paramsStale = false;
    const QString current = m_param->currentText();
    const QSignalBlocker blocker(m_param);
    m_param->clear();
    for (const std::string& p : m_chart->params())
        m_param->addItem(qs(p));
    const int keep = m_param->findText(current);
    m_param->setCurrentIndex(keep >= 0 ? keep : 0);
    m_chart->setParam(m_param->currentText().toStdString());
}

void SweepPage::applyRange()
{
    // The range is read as the core reads --sweep, so that the window and the command line take the same text.
    const std::string param = m_chart->param().empty() ? std::string("B") : m_chart->param();
    const Expected<SweepRange> range = parseSweepRange(param + "=" + m_range->text().toStdString());
    if (!range) {
        const auto [from, to] = m_chart->range();
        emit statusMessage(
            tr("Sweep range: %1; kept %2 : %3").arg(qs(range.error()), qs(formatSI(from)), qs(formatSI(to))), 8000);
        m_range->setStyleSheet(QStringLiteral("QLineEdit { border: 2px solid #d55e00; }"));
        return;
    }
    m_range->setStyleSheet(QString());
    emit statusMessage(QString(), 0);
    m_chart->setRange(range->from, range->to);
}

} // namespace roofline::widgets

#include "moc_sweep_page.cpp"
