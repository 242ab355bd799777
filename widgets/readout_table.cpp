// The readout table: the core's evaluation and critical value of every shown operation, updated in place.
#include "readout_table.h"

#include "chart.h"
#include "chart_text.h"
#include "roofline_state.h"
#include "solver.h"
#include "units.h"

#include <QApplication>
#include <QGlyphRun>
#include <QHash>
#include <QHeaderView>
#include <QHelpEvent>
#include <QPainter>
#include <QRawFont>
#include <QStyledItemDelegate>
#include <QTextLayout>
#include <QToolTip>

#include <optional>

namespace roofline::widgets {

namespace {

// One-line texts set from glyphs shaped a character at a time and kept: a slider step changes a few dozen figures
// in the table, and shaping each afresh cost three times drawing it. Kerning and ligatures are left out, which a
// table of figures and units does not miss.
class GlyphCache {
public:
    // The text's glyphs from the origin of its baseline, or an empty run when a character is set in another font
    // than the rest (a fallback font) or cannot be set alone.
    QGlyphRun line(const QFont& font, const QString& text)
    {
        if (font != m_font) {
            m_font = font;
            m_glyphs.clear();
            m_raw = QRawFont();
        }
        QList<quint32> indexes;
        QList<QPointF> positions;
        indexes.reserve(text.size());
        positions.reserve(text.size());
        qreal x = 0;
        for (const QChar c : text) {
            const Glyph* glyph = find(c);
            if (!glyph)
                return {};
            indexes.append(glyph->index);
            positions.append(QPointF(x, 0));
            x += glyph->advance;
        }
        QGlyphRun run;
        if (indexes.isEmpty())
            return run;
        run.setRawFont(m_raw);
        run.setGlyphIndexes(indexes);
        run.setPositions(positions);
        run.setBoundingRect(QRectF(0, -m_raw.ascent(), x, m_raw.ascent() + m_raw.descent()));
        return run;
    }

private:
    struct Glyph {
        quint32 index = 0;
        qreal advance = 0;
    };

    const Glyph* find(QChar c)
    {
        if (const auto it = m_glyphs.constFind(c); it != m_glyphs.constEnd())
            return it->has_value() ? &**it : nullptr;
        std::optional<Glyph> glyph;
        if (!c.isSurrogate()) {
            QTextLayout layout(QString(c), m_font);
            layout.beginLayout();
            layout.createLine();
            layout.endLayout();
            const QList<QGlyphRun> runs = layout.glyphRuns();
            if (runs.size() == 1 && runs[0].glyphIndexes().size() == 1 && runs[0].rawFont().isValid()
                && (!m_raw.isValid() || runs[0].rawFont() == m_raw)) {
                m_raw = runs[0].rawFont();
                glyph = Glyph { runs[0].glyphIndexes()[0], layout.lineAt(0).naturalTextWidth() };
            }
        }
        const auto it = m_glyphs.insert(c, glyph);
        return it->has_value() ? &**it : nullptr;
    }

    QFont m_font;
    QRawFont m_raw; // the font every glyph so far was found in
    QHash<QChar, std::optional<Glyph>> m_glyphs;
};

// Paints a cell as one line of text on the row's ground, elided when it does not fit. A slider step repaints the
// cells whose figures changed, and the style's general item painting (icons, check boxes, wrapped text laid out
// twice) costs several times the text itself.
class CellDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter* painter, const QStyleOptionViewItem& cell, const QModelIndex& index) const override
    {
        // The grid: the cell's last column and row of pixels, filled. The view's own grid strokes a line per edge of
        // every cell it paints, which cost a fifth of the table's paint.
        const QStyle* style = cell.widget ? cell.widget->style() : QApplication::style();
        const QColor grid
            = QColor::fromRgba(static_cast<QRgb>(style->styleHint(QStyle::SH_Table_GridLineColor, &cell, cell.widget)));
        painter->fillRect(QRect(cell.rect.right(), cell.rect.top(), 1, cell.rect.height()), grid);
        painter->fillRect(QRect(cell.rect.left(), cell.rect.bottom(), cell.rect.width() - 1, 1), grid);
        QStyleOptionViewItem option = cell;
        option.rect.adjust(0, 0, -1, -1);

        const bool selected = option.state.testFlag(QStyle::State_Selected);
        const QPalette::ColorGroup group = !option.state.testFlag(QStyle::State_Enabled) ? QPalette::Disabled
            : option.state.testFlag(QStyle::State_Active)                                ? QPalette::Active
                                                                                         : QPalette::Inactive;
        if (selected)
            painter->fillRect(option.rect, option.palette.brush(group, QPalette::Highlight));
        const QVariant foreground = index.data(Qt::ForegroundRole);
        painter->setPen(selected ? option.palette.color(group, QPalette::HighlightedText)
                : foreground.canConvert<QBrush>() && foreground.value<QBrush>().style() != Qt::NoBrush
                ? foreground.value<QBrush>().color()
                : option.palette.color(group, QPalette::Text));
        const QRect text = option.rect.adjusted(kMargin, 0, -kMargin, 0);
        const QString value = index.data(Qt::DisplayRole).toString();
        const auto alignment = Qt::Alignment(index.data(Qt::TextAlignmentRole).toInt());
        const QFontMetrics& metrics = option.fontMetrics;
        const QGlyphRun run = m_glyphs.line(option.font, value);
        const qreal width = run.isEmpty() ? metrics.horizontalAdvance(value) : run.boundingRect().width();
        if (width <= text.width()) {
            // One line with no breaks to find: placed by hand, drawn without a layout.
            const qreal x = alignment.testFlag(Qt::AlignRight) ? text.right() + 1 - std::ceil(width) : text.left();
            const int y = text.top() + (text.height() - metrics.height()) / 2 + metrics.ascent();
            if (run.isEmpty())
                painter->drawText(QPointF(x, y), value);
            else
                painter->drawGlyphRun(QPointF(x, y), run);
        } else {
            painter->drawText(text, static_cast<int>(alignment | Qt::AlignVCenter),
                metrics.elidedText(value, Qt::ElideRight, text.width()));
        }
        if (option.state.testFlag(QStyle::State_HasFocus)) {
            QStyleOptionFocusRect focus;
            focus.QStyleOption::operator=(option);
            focus.backgroundColor = option.palette.color(group, selected ? QPalette::Highlight : QPalette::Base);
            style->drawPrimitive(QStyle::PE_FrameFocusRect, &focus, painter, option.widget);
        }
    }

    bool helpEvent(QHelpEvent* event, QAbstractItemView* view, const QStyleOptionViewItem& option,
        const QModelIndex& index) override
    {
        if (event->type() != QEvent::ToolTip || !index.data(Qt::ToolTipRole).toString().isEmpty())
            return QStyledItemDelegate::helpEvent(event, view, option, index);
        QToolTip::showText(event->globalPos(), index.data(Qt::DisplayRole).toString(), view);
        return true;
    }

    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override
    {
        const QString value = index.data(Qt::DisplayRole).toString();
        return { option.fontMetrics.horizontalAdvance(value) + 2 * kMargin + 3,
            option.fontMetrics.height() + 8 }; // and the grid
    }

private:
    static constexpr int kMargin = 4;
    mutable GlyphCache m_glyphs;
};

} // namespace

ReadoutTable::ReadoutTable(const RooflineState* state, QWidget* parent)
    : QTableWidget(parent)
    , m_state(state)
    , m_theme(ChartTheme::light())
{
    setColumnCount(ColumnCount);
    setHorizontalHeaderLabels({ QStringLiteral("Operation"), QStringLiteral("Intensity"), QStringLiteral("T_math"),
        QStringLiteral("T_comms"), QStringLiteral("Bound"), QStringLiteral("Attainable"), QStringLiteral("of peak"),
        QStringLiteral("Critical value") });
    const QStringList tips { QStringLiteral("The operation, in its chart colour"),
        QStringLiteral("FLOPs per byte across the resource that holds it down (the filled marker)"),
        QStringLiteral("FLOPs / peak: the time if only compute mattered"),
        QStringLiteral("The longest time any memory level or link needs for its bytes"),
        QStringLiteral("What holds the operation down: compute, or a memory level or link"),
        QStringLiteral("FLOPs / T_lower: the throughput with perfect overlap"),
        QStringLiteral("Attainable as a share of the compute dtype's peak"),
        QStringLiteral("The smallest value of the operation's main parameter at which it is compute-bound") };
    for (int c = 0; c < ColumnCount; ++c)
        horizontalHeaderItem(c)->setToolTip(tips[c]);
    verticalHeader()->setVisible(false);
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    // Columns are fitted when rows come or go, not on every slider step: ResizeToContents measures every cell.
    horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    horizontalHeader()->setStretchLastSection(true);
    m_refit.setSingleShot(true);
    m_refit.setInterval(250);
    connect(&m_refit, &QTimer::timeout, this, &QTableView::resizeColumnsToContents);
    setItemDelegate(new CellDelegate(this));
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setAlternatingRowColors(true);
    setShowGrid(false); // the delegate draws it
    setToolTip(QStringLiteral("The core's figures for each operation on the chart"));
    connect(m_state, &RooflineState::contentChanged, this, &ReadoutTable::refresh);
    refresh();
}

void ReadoutTable::setTheme(const ChartTheme& theme)
{
    m_theme = theme;
    refresh();
}

int ReadoutTable::rowOf(std::size_t operation) const
{
    const auto it = std::find(m_rows.begin(), m_rows.end(), operation);
    return it == m_rows.end() ? -1 : static_cast<int>(it - m_rows.begin());
}

QString ReadoutTable::cellText(int row, Column column) const
{
    const QTableWidgetItem* it = item(row, column);
    return it ? it->text() : QString();
}

void ReadoutTable::setCell(int row, Column column, const QString& text, const QString& tooltip)
{
    QTableWidgetItem* cell = item(row, column);
    if (!cell) {
        cell = new QTableWidgetItem;
        if (column != Name && column != Bound && column != CriticalValue)
            cell->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        setItem(row, column, cell);
    }
    if (cell->text() != text)
        cell->setText(text);
    cell->setToolTip(tooltip); // with none, the delegate shows the text: a figure cut off by a narrow column
}

void ReadoutTable::refresh()
{
    m_rows.clear();
    const auto& ops = m_state->operations();
    for (std::size_t i = 0; i < ops.size(); ++i)
        if (m_state->isShown(i))
            m_rows.push_back(i);
    // Refit when the rows or the chip change; a slider step keeps the widths.
    const std::string fitFor = m_state->hardware().id + ':' + std::to_string(m_rows.size()) + ':'
        + std::to_string(m_state->operations().size());
    const bool fit = fitFor != m_fitted;
    setRowCount(static_cast<int>(m_rows.size()));
    const Hardware& hw = m_state->hardware();
    for (int row = 0; row < static_cast<int>(m_rows.size()); ++row) {
        const std::size_t op = m_rows[static_cast<std::size_t>(row)];
        const auto& result = m_state->evaluations()[op];
        setCell(row, Name, qs(ops[op].name));
        item(row, Name)->setForeground(m_theme.operationColour(op));
        if (!result.ok()) {
            for (Column c : { Intensity, TMath, TComms, Attainable, FractionOfPeak, CriticalValue })
                setCell(row, c, QStringLiteral("—"));
            setCell(row, Bound, QStringLiteral("cannot run"), qs(result.error()));
            continue;
        }
        const Evaluation& ev = result.value();
        QString intensities;
        for (const ResourceUse& r : ev.resources)
            intensities += QStringLiteral("%1: %2 FLOPs/byte\n").arg(qs(r.name), qs(formatIntensity(r.intensity)));
        const auto shown = chart::bindingResource(ev);
        setCell(row, Intensity,
            shown ? QStringLiteral("%1 (%2)").arg(
                qs(formatIntensity(ev.resources[*shown].intensity)), qs(ev.resources[*shown].name))
                  : QStringLiteral("—"),
            intensities.trimmed());
        setCell(row, TMath, qs(formatSeconds(ev.tMath)));
        setCell(row, TComms, qs(formatSeconds(ev.tComms)));
        setCell(row, Bound, qs(ev.bound()));
        setCell(row, Attainable, qs(formatRate(ev.attainable, ev.dtype)));
        setCell(row, FractionOfPeak, QString::number(ev.fractionOfPeak * 100, 'f', 1) + QLatin1Char('%'));
        const auto critical = solveCritical(ops[op].op, hw, mainParam(ops[op].op));
        setCell(row, CriticalValue, critical.ok() ? qs(describe(critical.value())) : qs(critical.error()));
    }
    if (fit) {
        resizeColumnsToContents();
        m_fitted = fitFor;
    } else {
        m_refit.start(); // restarted by every step of a drag: runs once it pauses
    }
}

} // namespace roofline::widgets
