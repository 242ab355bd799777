// SPDX-License-Identifier: GPL-3.0-or-later
// The readout under the chart: one row per visible operation with the core's figures for it.
#pragma once

#include "common/chart_theme.h"
#include "readout/readout_model.h"
#include "session/analysis.h"

#include <QTableView>
#include <QTimer>

#include <memory>
#include <string>

namespace roofline::widgets {

class ReadoutTable : public QTableView {
    Q_OBJECT
public:
    using Column = ReadoutModel::Column;
    static constexpr Column Name = ReadoutModel::Name;
    static constexpr Column Intensity = ReadoutModel::Intensity;
    static constexpr Column TMath = ReadoutModel::TMath;
    static constexpr Column TComms = ReadoutModel::TComms;
    static constexpr Column Bound = ReadoutModel::Bound;
    static constexpr Column Attainable = ReadoutModel::Attainable;
    static constexpr Column FractionOfPeak = ReadoutModel::FractionOfPeak;
    static constexpr Column CriticalValue = ReadoutModel::CriticalValue;
    static constexpr int ColumnCount = ReadoutModel::ColumnCount;

    explicit ReadoutTable(QWidget* parent = nullptr);
    void setTheme(const ChartTheme&);
    void setAnalysis(std::shared_ptr<const Analysis>);
    ReadoutModel* readoutModel() const { return m_model; }

    // The row showing an operation, or -1 when it is hidden.
    int rowOf(std::size_t operation) const;
    int rowCount() const;
    QString cellText(int row, Column) const;
    // The selected rows (every row when none is selected) with the header, tab-separated: what Ctrl+C copies.
    QString selectedText() const;
    // Every row with the header, as CSV.
    QString csvText() const;
    void copySelection() const;

protected:
    void keyPressEvent(QKeyEvent*) override;

private:
    ReadoutModel* m_model;
    std::string m_fitted; // the chip and rows the columns were last fitted for
    QTimer m_refit; // fits the columns once a drag pauses, so that longer values are not cut off
};

} // namespace roofline::widgets
