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
#include <map>
#include <utility>

namespace roofline::widgets {

namespace {
// A figure in words, for the Rank by list; the JSON report's name is the item's data.
QString figureWords(std::string_view key)
{
    static const std::map<std::string_view, const char*> words {
        { "t_lower_s", QT_TRANSLATE_NOOP("ComparePage", "Time, lower bound") },
        { "t_upper_s", QT_TRANSLATE_NOOP("ComparePage", "Time, upper bound") },
        { "tokens_per_s", QT_TRANSLATE_NOOP("ComparePage", "Tokens per second") },
        { "tokens_per_s_per_sequence", QT_TRANSLATE_NOOP("ComparePage", "Tokens per second per sequence") },
        { "time_to_first_token_s", QT_TRANSLATE_NOOP("ComparePage", "Time to first token") },
        { "mfu", QT_TRANSLATE_NOOP("ComparePage", "Model FLOP utilisation (MFU)") },
        { "memory_bandwidth_utilisation", QT_TRANSLATE_NOOP("ComparePage", "Memory bandwidth utilisation (MBU)") },
        { "max_batch", QT_TRANSLATE_NOOP("ComparePage", "Largest batch that fits") },
        { "energy_j", QT_TRANSLATE_NOOP("ComparePage", "Energy") },
        { "joules_per_token", QT_TRANSLATE_NOOP("ComparePage", "Energy per token") },
        { "cost_per_million_tokens", QT_TRANSLATE_NOOP("ComparePage", "Cost per million tokens") },
    };
    const auto it = words.find(key);
    return it != words.end() ? ComparePage::tr(it->second) : qs(std::string(key));
}
} // namespace

ComparePage::ComparePage(Document* document, QWidget* parent)
    : QWidget(parent)
    , m_document(document)
    , m_by(new QComboBox)
    , m_table(new QTableWidget)
    , m_note(new QLabel)
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
    m_note->setWordWrap(true);
    m_note->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_note);
    for (const std::string_view figure : comparisonFigures())
        m_by->addItem(figureWords(figure), qs(std::string(figure)));
    m_by->setToolTip(tr("Times smallest first; rates, utilisations and the largest batch largest first"));
    m_table->setAccessibleName(tr("Chips ranked"));
    // Only the Price column's cells are editable (their flags say so).
    m_table->setEditTriggers(
        QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed | QAbstractItemView::AnyKeyPressed);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setTabKeyNavigation(false);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8); // rows as dense as the readout's
    m_table->setToolTip(tr("The workload on each chip, as roofline-lab compare --all gives it; energy at "
                           "each board's rated power over T_lower (an estimate), cost at the price typed in the "
                           "Price column (one chip for one hour, in any one currency); double-click a chip to move "
                           "the session onto it"));
    connect(m_by, &QComboBox::currentIndexChanged, this, [this] {
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
    connect(m_table, &QTableWidget::cellDoubleClicked, this, [this](int row, int column) {
        if (column != kPriceColumn && row >= 0 && row < static_cast<int>(m_rows.size()))
            m_document->selectPreset(qs(m_rows[static_cast<std::size_t>(row)].presetId));
    });
    connect(m_table, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        if (!m_filling && item->column() == kPriceColumn)
            priceTyped(item->row(), item->text());
    });
}

QString ComparePage::figure() const
{
    return m_by->currentData().toString();
}

void ComparePage::rankBy(const QString& figure)
{
    m_by->setCurrentIndex(m_by->findData(figure));
}

QString ComparePage::note() const
{
    return m_note->text();
}

void ComparePage::priceTyped(int row, const QString& text)
{
    if (row < 0 || row >= static_cast<int>(m_rows.size()))
        return;
    const std::string id = m_rows[static_cast<std::size_t>(row)].presetId;
    std::optional<double> price;
    if (const QString typed = text.trimmed(); !typed.isEmpty()) {
        const Expected<ParsedQuantity> read = parseHardwareValue(HardwareQuantity::Price, typed.toStdString());
        if (!read) {
            m_refused = tr("Price of %1: %2").arg(qs(id), qs(read.error()));
            QMetaObject::invokeMethod(
                this, [this] { rank(); }, Qt::QueuedConnection); // the cell shows the price again
            return;
        }
        price = read->value;
    }
    // The edit analyses the session again; the table is filled anew once its own signal has returned.
    m_typing = true;
    const std::optional<std::string> error = m_document->setChipPrice(id, price);
    m_typing = false;
    if (error) {
        m_refused = tr("Price of %1: %2").arg(qs(id), qs(*error));
        QMetaObject::invokeMethod(
            this, [this] { rank(); }, Qt::QueuedConnection);
    }
}

void ComparePage::setAnalysis(std::shared_ptr<const Analysis> analysis)
{
    m_analysis = std::move(analysis);
    m_stale = true;
    if (m_typing) // inside the table's own signal: filling it now would delete the cell being edited
        QMetaObject::invokeMethod(
            this,
            [this] {
                if (m_stale && isVisible())
                    rank();
            },
            Qt::QueuedConnection);
    else if (isVisible() && !m_holding)
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
    Expected<std::vector<ChipComparison>> rows
        = compareChips(m_analysis->session, chips, m_document->library(), m_document->models(), figure().toStdString());
    // A figure no chip has (a cost with no price typed) ranks nothing: the chips are shown by the default figure, and
    // the note says why.
    const std::string unranked = rows ? std::string() : rows.error();
    if (!rows)
        rows = compareChips(
            m_analysis->session, chips, m_document->library(), m_document->models(), comparisonFigures().front());
    m_rows = rows ? *rows : std::vector<ChipComparison>();
    const bool model = m_analysis->session.model.has_value();
    const bool prefill = model && m_analysis->session.model->phase == Phase::Prefill; // a decode has no first token
    // At the price per hour typed for each chip: beside the price, where a ranking by it is read without scrolling.
    const bool cost = std::any_of(
        m_rows.begin(), m_rows.end(), [](const ChipComparison& r) { return !std::isnan(r.costPerMillionTokens); });
    QStringList header { tr("Chip"), tr("Price/h") };
    if (cost)
        header << tr("per M tokens");
    const int boundColumn = static_cast<int>(header.size());
    header << tr("Bound") << tr("T_lower") << tr("T_upper");
    if (model) {
        header << tr("tokens/s") << tr("per sequence");
        if (prefill)
            header << tr("First token");
        header << tr("MFU") << tr("MBU") << tr("Fits") << tr("Max batch");
    }
    // At each chip's board power (an estimate).
    header << (model ? tr("J/token") : tr("Energy"));
    // Under a calibration of a chip (the session's, or its preset's): its time, and a model's tokens/s at it.
    const bool calibrated
        = std::any_of(m_rows.begin(), m_rows.end(), [](const ChipComparison& r) { return !std::isnan(r.tCalibrated); });
    if (calibrated) {
        header << tr("Calibrated");
        if (model)
            header << tr("tokens/s calibrated");
    }
    header << tr("Why it cannot run");
    m_filling = true;
    m_table->clear();
    m_table->setColumnCount(static_cast<int>(header.size()));
    m_table->setHorizontalHeaderLabels(header);
    m_table->setRowCount(static_cast<int>(m_rows.size()));
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        const ChipComparison& r = m_rows[i];
        const double perHour = chipPrice(m_analysis->session, r.presetId);
        const bool figures = !r.bound.empty();
        QStringList cells { qs(r.name), perHour > 0 ? qs(savedNumber(perHour)) : QString() };
        if (cost)
            cells << (!figures                           ? QString()
                    : std::isnan(r.costPerMillionTokens) ? QStringLiteral("—")
                                                         : qs(formatDecimal(r.costPerMillionTokens)));
        cells << (r.boundBy.empty() ? boundText(r.bound) : qs(r.boundBy))
              << (figures ? qs(formatSeconds(r.tLower)) : QString())
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
            if (c != kPriceColumn)
                item->setFlags(item->flags() & ~Qt::ItemIsEditable);
            if (c != 0 && c != boundColumn && c + 1 < cells.size()) // the figures; the names and reasons as text

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
    m_filling = false;
    // Ranked by cost, the chips without a price come last: the note says which.
    const bool byCost = figure() == QLatin1String("cost_per_million_tokens");
    const std::vector<std::string> unpriced = cost && byCost ? unpricedChips(m_rows) : std::vector<std::string>();
    if (!m_refused.isEmpty()) // said once, in place of what the note says otherwise
        m_note->setText(std::exchange(m_refused, QString()));
    else if (!unranked.empty())
        m_note->setText(tr("%1. Shown by %2; type a price per chip-hour in the Price column to rank by cost.")
                            .arg(qs(unranked), figureWords(comparisonFigures().front()).toLower()));
    else if (!unpriced.empty()) {
        // A few by name; many by count, so that the note leaves the table room on a small screen.
        QStringList ids;
        for (const std::string& id : unpriced)
            ids << qs(id);
        const QString which = ids.size() <= 4 ? ids.join(QStringLiteral(", ")) : tr("%1 chips").arg(ids.size());
        m_note->setText(tr("No price for %1: their cost is —, and they rank after the priced chips. Type a price per "
                           "chip-hour in the Price column.")
                            .arg(which));
    } else
        m_note->clear();
}

} // namespace roofline::widgets

#include "moc_compare_page.cpp"
