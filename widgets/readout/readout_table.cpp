// SPDX-License-Identifier: GPL-3.0-or-later
// The readout table: a view of ReadoutModel with a delegate that paints each cell as one cached line of text.
#include "readout/readout_table.h"

#include "base/units.h"
#include "chart/chart.h"
#include "common/chart_text.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QGlyphRun>
#include <QHash>
#include <QHeaderView>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QPainter>
#include <QRawFont>
#include <QStyledItemDelegate>
#include <QTextLayout>
#include <QToolTip>

#include <algorithm>
#include <numeric>
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

ReadoutTable::ReadoutTable(QWidget* parent)
    : QTableView(parent)
    , m_model(new ReadoutModel(this))
{
    setModel(m_model);
    setAccessibleName(tr("Readout"));
    setTabKeyNavigation(false); // Tab leaves the table for the next control; the arrows move between its cells
    verticalHeader()->setVisible(false);
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    // Columns are fitted when rows come or go, not on every slider step: ResizeToContents measures every cell.
    horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    // No stretched last section: a stretched section keeps the width it had before the fit, and the critical values
    // were cut off when the table was narrower than its columns.
    horizontalHeader()->setStretchLastSection(false);
    m_refit.setSingleShot(true);
    m_refit.setInterval(250);
    connect(&m_refit, &QTimer::timeout, this, &QTableView::resizeColumnsToContents);
    setItemDelegate(new CellDelegate(this));
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setAlternatingRowColors(true);
    setShowGrid(false); // the delegate draws it
    setToolTip(tr("The core's figures for each operation on the chart; Ctrl+C copies the selected rows"));
    setContextMenuPolicy(Qt::ActionsContextMenu);
    auto* copy = new QAction(tr("&Copy rows"), this);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetShortcut);
    connect(copy, &QAction::triggered, this, &ReadoutTable::copySelection);
    addAction(copy);
}

void ReadoutTable::setTheme(const ChartTheme& theme)
{
    m_model->setTheme(theme);
}

void ReadoutTable::setAnalysis(std::shared_ptr<const Analysis> analysis)
{
    // Refit when the rows or the chip change; a slider step keeps the widths.
    // Another scenario on the same chip has other figures under the same ids: its name tells it apart.
    std::string fitFor = analysis->hardware.id + '\n' + analysis->session.name + '\n';
    for (const Operation& op : analysis->session.operations)
        if (!op.hidden)
            fitFor += ':' + op.id;
    m_model->setAnalysis(std::move(analysis));
    if (fitFor != m_fitted) {
        resizeColumnsToContents();
        m_fitted = std::move(fitFor);
    } else {
        m_refit.start(); // restarted by every step of a drag: runs once it pauses
    }
}

QString ReadoutTable::selectedText() const
{
    std::vector<int> rows;
    for (const QModelIndex& index : selectionModel()->selectedRows())
        rows.push_back(index.row());
    if (rows.empty())
        for (int row = 0; row < rowCount(); ++row)
            rows.push_back(row);
    std::sort(rows.begin(), rows.end());
    return m_model->toText(rows, QLatin1Char('\t'));
}

QString ReadoutTable::csvText() const
{
    std::vector<int> rows(static_cast<std::size_t>(rowCount()));
    std::iota(rows.begin(), rows.end(), 0);
    return m_model->toText(rows, QLatin1Char(','));
}

void ReadoutTable::copySelection() const
{
    QApplication::clipboard()->setText(selectedText());
}

void ReadoutTable::keyPressEvent(QKeyEvent* event)
{
    if (event == QKeySequence::Copy) {
        copySelection();
        event->accept();
        return;
    }
    QTableView::keyPressEvent(event);
}

int ReadoutTable::rowOf(std::size_t operation) const
{
    return m_model->rowOf(operation);
}

int ReadoutTable::rowCount() const
{
    return m_model->rowCount();
}

QString ReadoutTable::cellText(int row, Column column) const
{
    return m_model->data(m_model->index(row, column)).toString();
}

} // namespace roofline::widgets

#include "moc_readout_table.cpp"
