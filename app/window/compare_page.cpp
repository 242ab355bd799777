// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/compare_page.h"

#include "base/units.h"
#include "common/chart_text.h"
#include "document/document.h"
#include "report/report.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace roofline::widgets {

ComparePage::ComparePage(Document* document, QWidget* parent)
    : QWidget(parent)
    , m_document(document)
    , m_by(new QComboBox)
    , m_table(new QTableWidget)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto* bar = new QHBoxLayout;
    auto* label = new QLabel(tr("Ran&k by"));
    label->setBuddy(m_by);
    bar->addWidget(label);
    bar->addWidget(m_by);
    bar->addStretch(1);
    layout->addLayout(bar);
    layout->addWidget(m_table, 1);
    for (const std::string_view figure : comparisonFigures())
        m_by->addItem(QString::fromLatin1(figure.data(), static_cast<qsizetype>(figure.size())));
    m_by->setToolTip(tr("Times smallest first; rates, utilisations and the largest batch largest first"));
    m_table->setAccessibleName(tr("Chips ranked"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setTabKeyNavigation(false);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8); // rows as dense as the readout's
    m_table->setToolTip(tr("The workload on each chip, as roofline-lab compare --all gives it; energy at "
                           "each board's rated power (an upper bound), cost at the session's price.hour; "
                           "double-click a chip to move the session onto it"));
    connect(m_by, &QComboBox::currentTextChanged, this, [this] {
        m_stale = true;
        if (isVisible())
            rank();
    });
    // Through a drag the ranking waits for the handle to be let go: every chip analysed again (about 4.7 M instructions
    // for the default workload on fifteen chips) would double a slider step.
    connect(m_document, &Document::gestureStarted, this, [this] { m_holding = true; });
    connect(m_document, &Document::gestureFinished, this, [this] {
        m_holding = false;
        if (m_stale && isVisible())
            rank();
    });
    connect(m_table, &QTableWidget::cellDoubleClicked, this, [this](int row, int) {
        if (row >= 0 && row < static_cast<int>(m_rows.size()))
            m_document->selectPreset(qs(m_rows[static_cast<std::size_t>(row)].presetId));
    });
}

void ComparePage::setAnalysis(std::shared_ptr<const Analysis> analysis)
{
    m_analysis = std::move(analysis);
    m_stale = true;
    if (isVisible() && !m_holding)
        rank();
}

void ComparePage::showEvent(QShowEvent* event)
{
    if (m_stale)
        rank();
    QWidget::showEvent(event);
}

void ComparePage::rank()
{
    m_stale = false;
    if (!m_analysis)
        return;
    std::vector<std::string> chips;
    for (const Hardware& h : m_document->library().presets())
        chips.push_back(h.id);
    const Expected<std::vector<ChipComparison>> rows = compareChips(
        m_analysis->session, chips, m_document->library(), m_document->models(), m_by->currentText().toStdString());
    m_rows = rows ? *rows : std::vector<ChipComparison>();
    const bool model = m_analysis->session.model.has_value();
    const bool prefill = model && m_analysis->session.model->phase == Phase::Prefill; // a decode has no first token
    QStringList header { tr("Chip"), tr("Bound"), tr("T_lower"), tr("T_upper") };
    if (model) {
        header << tr("tokens/s") << tr("per sequence");
        if (prefill)
            header << tr("First token");
        header << tr("MFU") << tr("MBU") << tr("Fits") << tr("Max batch");
    }
    // At each chip's board power (an upper bound), and the session's chip's price per hour where one was given.
    const bool cost = std::any_of(
        m_rows.begin(), m_rows.end(), [](const ChipComparison& r) { return !std::isnan(r.costPerMillionTokens); });
    header << (model ? tr("J/token") : tr("Energy"));
    if (cost)
        header << tr("per M tokens");
    // Under a calibration of a chip (the session's, or its preset's): its time, and a model's tokens/s at it.
    const bool calibrated
        = std::any_of(m_rows.begin(), m_rows.end(), [](const ChipComparison& r) { return !std::isnan(r.tCalibrated); });
    if (calibrated) {
        header << tr("Calibrated");
        if (model)
            header << tr("tokens/s calibrated");
    }
    header << tr("Why it cannot run");
    m_table->clear();
    m_table->setColumnCount(static_cast<int>(header.size()));
    m_table->setHorizontalHeaderLabels(header);
    m_table->setRowCount(static_cast<int>(m_rows.size()));
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        const ChipComparison& r = m_rows[i];
        QStringList cells { qs(r.name), boundText(r.bound) };
        const bool figures = !r.bound.empty();
        cells << (figures ? qs(formatSeconds(r.tLower)) : QString())
              << (figures ? qs(formatSeconds(r.tUpper)) : QString());
        if (model) {
            const bool shown = figures && r.model;
            cells << (shown ? qs(formatSI(r.tokensPerSecond, "", 4)) : QString())
                  << (shown ? qs(formatSI(r.tokensPerSecondPerSequence, "", 4)) : QString());
            if (prefill)
                cells << (shown ? qs(formatSeconds(r.timeToFirstToken)) : QString());
            cells << (shown ? qs(formatPercent(r.mfu)) : QString()) << (shown ? qs(formatPercent(r.mbu)) : QString())
                  << (shown ? (r.fits ? tr("yes") : tr("no")) : QString())
                  << (shown ? QString::number(static_cast<long long>(r.maxBatch)) : QString());
        }
        // "—" where the chip's preset states no board power: not a zero that would read as free.
        const auto figure = [figures](double v, const char* unit) {
            return !figures ? QString() : std::isnan(v) ? QStringLiteral("—") : qs(formatSI(v, unit, 4));
        };
        cells << figure(model ? r.joulesPerToken : r.energy, "J");
        if (cost)
            cells << (!figures                           ? QString()
                    : std::isnan(r.costPerMillionTokens) ? QStringLiteral("—")
                                                         : qs(formatDecimal(r.costPerMillionTokens)));
        if (calibrated) {
            cells << (!figures                  ? QString()
                    : std::isnan(r.tCalibrated) ? QStringLiteral("—")
                                                : qs(formatSeconds(r.tCalibrated)));
            if (model)
                cells << figure(r.calibratedTokensPerSecond, "");
        }
        cells << qs(r.problem);
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c >= 2 && c + 1 < cells.size())
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (r.presetId == m_analysis->session.presetId) {
                QFont bold = item->font();
                bold.setBold(true); // the chip the session is on
                item->setFont(bold);
            }
            m_table->setItem(static_cast<int>(i), c, item);
        }
    }
    m_table->resizeColumnsToContents();
}

} // namespace roofline::widgets

#include "moc_compare_page.cpp"
