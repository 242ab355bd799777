// SPDX-License-Identifier: GPL-3.0-or-later
// The measured kernels as an item model: one row per kernel of the analysis's measured set, one column per figure,
// and the model's prediction for the kernels linked to an operation.
#pragma once

#include "measured/off_roof.h"
#include "session/analysis.h"

#include <QAbstractTableModel>
#include <QSortFilterProxyModel>

#include <memory>
#include <vector>

namespace roofline::widgets {

class MeasuredModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Name,
        Group,
        Time,
        Share,
        Achieved,
        Intensity,
        Fraction,
        Bound,
        Predicted,
        Ratio,
        Bracketed,
        Calibrated, // the time the session's calibration predicts, and its error against the measured time
        CalibrationError,
        OffRoof, // why the kernel is above or far below its roof, as measured/off_roof.h checks it
        ColumnCount
    };
    static constexpr int SortRole = Qt::UserRole + 1; // the number behind a cell, for sorting
    static constexpr int KernelRole = Qt::UserRole + 2; // the kernel's index in the measured set

    explicit MeasuredModel(QObject* parent = nullptr);

    // Shows this analysis's measured kernels. Rows are reset only with another measured set; a slider step changes
    // the columns that follow the hardware.
    void setAnalysis(std::shared_ptr<const Analysis>);
    const Analysis& analysis() const { return *m_analysis; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex&, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation, int role = Qt::DisplayRole) const override;

private:
    QString text(std::size_t kernel, int column) const;
    QVariant number(std::size_t kernel, int column) const;
    const MeasuredLink* linkOf(std::size_t kernel) const;
    roofline::OffRoof offRoof(const MeasuredPoint&) const;

    std::shared_ptr<const Analysis> m_analysis;
    std::vector<int> m_links; // per kernel: its index in the links, or -1
};

// Rows whose kernel name passes a filter (matchesKernelFilter), sorted by the numbers behind the cells.
class MeasuredFilter : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit MeasuredFilter(QObject* parent = nullptr);
    void setPattern(const QString&);
    const QString& pattern() const { return m_pattern; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    QString m_pattern;
    std::string m_text;
};

} // namespace roofline::widgets
