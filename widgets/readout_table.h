// The readout under the chart: one row per shown operation with the core's figures for it.
#pragma once

#include "chart_theme.h"

#include <QTableWidget>
#include <QTimer>

#include <string>
#include <vector>

namespace roofline::widgets {

class RooflineState;

class ReadoutTable : public QTableWidget {
    Q_OBJECT
public:
    enum Column { Name, Intensity, TMath, TComms, Bound, Attainable, FractionOfPeak, CriticalValue, ColumnCount };

    explicit ReadoutTable(const RooflineState* state, QWidget* parent = nullptr);

    void setTheme(const ChartTheme&);
    // The row showing an operation, or -1 when it is hidden.
    int rowOf(std::size_t operation) const;
    QString cellText(int row, Column) const;

public slots:
    void refresh();

private:
    void setCell(int row, Column, const QString& text, const QString& tooltip = {});

    const RooflineState* m_state;
    ChartTheme m_theme;
    std::vector<std::size_t> m_rows;
    std::string m_fitted; // the chip and counts the columns were last fitted for
    QTimer m_refit; // fits the columns once a drag pauses, so that longer values are not cut off
};

} // namespace roofline::widgets
