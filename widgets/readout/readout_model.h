// SPDX-License-Identifier: GPL-3.0-or-later
// The readout as an item model: one row per visible operation of an analysis, one column per figure.
#pragma once

#include "common/chart_theme.h"
#include "session/analysis.h"

#include <QAbstractTableModel>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace roofline::widgets {

class ReadoutModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Name, Intensity, TMath, TComms, Bound, Attainable, FractionOfPeak, CriticalValue, ColumnCount };
    // With chips compared (Analysis::compared) the columns go on: the time on the session's chip, then each compared
    // chip's time and bound, as these offsets from ColumnCount and from each chip's first column.
    static constexpr int OwnTime = 0;
    static constexpr int ChipBound = 1;
    static constexpr int ChipColumns = 2;
    // The operation's id, for selection that survives edits.
    static constexpr int IdRole = Qt::UserRole + 1;

    explicit ReadoutModel(QObject* parent = nullptr);

    // Shows this analysis. Rows are reset only when the visible operations change; a slider step changes data.
    void setAnalysis(std::shared_ptr<const Analysis>);
    void setTheme(const ChartTheme&);
    const Analysis& analysis() const { return *m_analysis; }
    // The session index of the operation in `row`, and the row of a session index (-1 when hidden).
    std::size_t operationAt(int row) const { return m_rows[static_cast<std::size_t>(row)]; }
    int rowOf(std::size_t operation) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex&, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation, int role = Qt::DisplayRole) const override;

    // The header and these rows as a spreadsheet reads them: fields as the table shows them, separated by
    // `separator` (a tab or a comma), quoted where they hold it, a quote or a line break (RFC 4180), one line each.
    QString toText(const std::vector<int>& rows, QChar separator) const;

private:
    QString text(std::size_t operation, int column) const;
    // The compared chips' columns (at ColumnCount and after): the text, and the reason a chip cannot run it.
    QString comparedText(std::size_t operation, int column) const;
    QString comparedToolTip(std::size_t operation, int column) const;
    // The compared chip of a column past OwnTime, or nothing.
    std::optional<std::size_t> comparedChip(int column) const;
    // Whether a column is a compared chip's bound (else its time).
    bool isBoundColumn(int column) const;
    QString toolTip(std::size_t operation, int column) const;

    std::shared_ptr<const Analysis> m_analysis;
    std::vector<std::size_t> m_rows; // session indices of the visible operations
    std::vector<std::string> m_rowIds; // their ids, to tell a new set of rows from new figures
    // With chips compared, the session's chip's name and their preset ids: another set changes the columns.
    std::vector<std::string> m_compared;
    ChartTheme m_theme;
};

} // namespace roofline::widgets
