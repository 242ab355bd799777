// SPDX-License-Identifier: GPL-3.0-or-later
#include "energy/energy_view.h"

#include "base/units.h"
#include "common/chart_text.h"
#include "common/chart_theme.h"
#include "common/vertical_scroll_area.h"
#include "document/document.h"
#include "energy/energy_chart.h"
#include "roofline/energy.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

#include <optional>
#include <tuple>
#include <utility>

namespace roofline::widgets {

namespace {
// A constant of the energy model the chip does not state, in words: "energy per bf16 FLOP", "energy per HBM byte",
// "constant power" (core names it by its key, energy_per_flop.bf16).
QString constantWords(const std::string& key)
{
    const auto after = [&key](std::string_view prefix) {
        return key.starts_with(prefix) ? std::optional(qs(key.substr(prefix.size()))) : std::nullopt;
    };
    if (const auto dtype = after("energy_per_flop.")) {
        const std::optional<Dtype> d = parseDtype(dtype->toStdString());
        return d && isInteger(*d) ? EnergyView::tr("energy per %1 OP").arg(*dtype)
                                  : EnergyView::tr("energy per %1 FLOP").arg(*dtype);
    }
    if (const auto level = after("energy_per_byte."))
        return EnergyView::tr("energy per %1 byte").arg(*level);
    if (key == "power.constant")
        return EnergyView::tr("constant power");
    return qs(key);
}

// "a", "a or b", "a, b or c", in the window's language.
QString joinedWithOr(const std::vector<std::string>& keys)
{
    QStringList words;
    for (const std::string& key : keys)
        words << constantWords(key);
    if (words.size() < 2)
        return words.join(QString());
    const QString last = words.takeLast();
    return EnergyView::tr("%1 or %2").arg(words.join(QStringLiteral(", ")), last);
}
} // namespace

EnergyView::EnergyView(Document* document, QWidget* parent)
    : QWidget(parent)
    , m_document(document)
    , m_analysis(document->analysis())
    , m_chart(new EnergyChart)
    , m_perFlopLabel(new QLabel)
    , m_perFlop(new QLineEdit)
    , m_perByteLabel(new QLabel)
    , m_perByte(new QLineEdit)
    , m_constant(new QLineEdit)
    , m_problem(new QLabel)
    , m_caption(new QLabel)
{
    // Beside the chart, a column: the three constants, what went wrong with one, and what the chart shows. It
    // scrolls when the tab is short, so that the window's least size does not grow with it.
    auto* column = new QWidget;
    auto* fields = new QVBoxLayout(column);
    fields->setContentsMargins(0, 0, 4, 0);
    auto* constantLabel = new QLabel(tr("π0, constant power (W)"));
    const QString hint = tr("not stated");
    for (auto [label, field, tip] : {
             std::tuple { m_perFlopLabel, m_perFlop,
                 tr("The energy of one operation of the chart's dtype (ε_flop), in joules: \"0.5 pJ\"") },
             std::tuple { m_perByteLabel, m_perByte,
                 tr("The energy of one byte moved across the main memory (ε_mem), in joules: \"31.76 "
                    "pJ\" is HBM2's 3.97 pJ/bit") },
             std::tuple { constantLabel, m_constant,
                 tr("The power the chip draws whatever runs (π0), in watts: it adds π0 × time to each "
                    "operation") },
         }) {
        label->setBuddy(field);
        field->setPlaceholderText(hint);
        field->setToolTip(tip);
        fields->addWidget(label);
        fields->addWidget(field);
    }
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #b00020"));
    m_caption->setWordWrap(true);
    m_caption->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_caption->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_caption->setToolTip(tr(
        "The energy model of Choi, Bedard, Fowler and Vuduc, \"A roofline model of energy\" (IPDPS 2013): W an "
        "operation's FLOPs, Q the bytes it moves across each memory level or link, T its time. A constant the chip "
        "does not state counts as 0, so the filled points are the least the operation can spend. The hollow points "
        "take the board's rated power over the roofline's time: an estimate, not a bound, since the power is at most "
        "the rating but the time at least the roofline's."));
    fields->addWidget(m_problem);
    fields->addWidget(m_caption);
    fields->addStretch(1);

    m_chart->setMinimumSize(220, 150);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(new VerticalScrollArea(column));
    layout->addWidget(m_chart, 1);

    connect(m_perFlop, &QLineEdit::editingFinished, this, [this] { commit(m_perFlop, perFlopKey()); });
    connect(m_perByte, &QLineEdit::editingFinished, this, [this] { commit(m_perByte, perByteKey()); });
    connect(m_constant, &QLineEdit::editingFinished, this, [this] { commit(m_constant, "power.constant"); });
    connect(document, &Document::contentChanged, this, [this] {
        m_analysis = m_document->analysis();
        refresh();
    });
    connect(document, &Document::gestureStarted, this, [this] { m_chart->holdAxes(true); });
    connect(document, &Document::gestureFinished, this, [this] { m_chart->holdAxes(false); });
    refresh();
}

void EnergyView::setTheme(const ChartTheme& theme)
{
    m_chart->setTheme(theme);
}

std::string EnergyView::perFlopKey() const
{
    return "energy_per_flop." + std::string(dtypeName(m_analysis->dtype));
}

std::string EnergyView::perByteKey() const
{
    const Hardware& hw = m_analysis->hardware;
    return "energy_per_byte." + (hw.memories.empty() ? std::string() : hw.memories.front().name);
}

QString EnergyView::shownText(const QLineEdit* field, double value) const
{
    if (!(value > 0))
        return {};
    return field == m_constant ? qs(savedNumber(value)) : qs(formatSI(value, "J", 4));
}

void EnergyView::commit(QLineEdit* field, const std::string& key)
{
    const QString text = field->text().trimmed();
    const std::optional<double> current = hardwareValue(m_analysis->hardware, key);
    if (text.isEmpty()) {
        field->setText(shownText(field, current.value_or(0))); // a stated value stays: Reset values takes it back
        return;
    }
    const HardwareQuantity quantity = *quantityOfKey(key);
    const Expected<ParsedQuantity> parsed = parseHardwareValue(quantity, text.toStdString());
    if (!parsed) {
        m_problem->setText(qs(key + ": " + parsed.error()));
        return;
    }
    if (current && (*current == parsed->value || text == shownText(field, *current))) { // as shown: unchanged
        m_problem->clear();
        field->setModified(false);
        return;
    }
    const std::optional<std::string> error = m_document->setHardwareValue(key, parsed->value);
    m_problem->setText(error ? qs(*error) : QString());
    field->setModified(false); // committed: an undo while it keeps the focus shows in it
}

void EnergyView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_stale)
        refresh();
}

void EnergyView::refresh()
{
    const Analysis& a = *m_analysis;
    const Hardware& hw = a.hardware;
    // The labels name their fields for screen readers too: set while hidden.
    const QString dtype = qs(std::string(dtypeName(a.dtype)));
    const QString level = hw.memories.empty() ? QString() : qs(hw.memories.front().name);
    m_perFlopLabel->setText(tr("ε per %1 %2 (J)").arg(dtype, qs(std::string(workName(a.dtype))).chopped(1)));
    m_perByteLabel->setText(level.isEmpty() ? tr("ε per byte (J)") : tr("ε per %1 byte (J)").arg(level));
    m_stale = !isVisible();
    m_chart->setAnalysis(m_analysis); // hidden, it only keeps the analysis
    if (m_stale)
        return;
    for (auto [field, value] : { std::pair { m_perFlop, hw.energyFor(a.dtype).value_or(0) },
             std::pair { m_perByte, hw.memories.empty() ? 0.0 : hw.memories.front().energyPerByte },
             std::pair { m_constant, hw.constantPower } })
        if (!field->hasFocus() || !field->isModified()) // what the user is typing stays
            field->setText(shownText(field, value));
    m_problem->clear();
    m_chart->drawIfStale(); // the caption reads its layout

    // What the chart shows and what it lacks, in one sentence or two.
    const chart::EnergyLayout& l = m_chart->layout();
    QString text = QStringLiteral("E = W·ε_flop + Q·ε_byte + π0·T. ");
    if (!statesEnergyModel(hw) && hw.boardPower <= 0) {
        text += tr("%1 states neither a board power nor a constant of the model: set them above, or "
                   "give power.board with --set.")
                    .arg(qs(hw.name));
    } else {
        if (hw.boardPower > 0)
            text += tr("Hollow: at the %1 W board power over the roofline's time, an estimate. ")
                        .arg(qs(savedNumber(hw.boardPower)));
        if (statesEnergyModel(hw))
            text += l.missing.empty() ? tr("Filled: the model's figure.")
                                      : tr("Filled: the stated terms alone, the least energy.");
        if (!l.missing.empty())
            text += tr(" %1 states no %2.").arg(qs(hw.name), joinedWithOr(l.missing));
        if (std::any_of(l.markers.begin(), l.markers.end(),
                [](const chart::EnergyMarker& m) { return m.energy.exceedsBoardPower(); }))
            text += tr(" Some operations spend more by the model than at board power: a constant may be "
                       "too large.");
    }
    m_caption->setText(text);
}

} // namespace roofline::widgets

#include "moc_energy_view.cpp"
