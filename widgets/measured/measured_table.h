// SPDX-License-Identifier: GPL-3.0-or-later
// The measured kernels under the chart: a filter field above a table of their figures. The filter hides rows and the
// chart's points alike; the current row is the kernel the chart rings.
#pragma once

#include "measured/error_histogram_chart.h"
#include "measured/measured_model.h"
#include "session/analysis.h"

#include <QWidget>

#include <memory>
#include <optional>
#include <string>
#include <vector>

class QComboBox;
class QLabel;
class QLineEdit;
class QSplitter;
class QTableView;

namespace roofline::widgets {

class MeasuredTable : public QWidget {
    Q_OBJECT
public:
    using Column = MeasuredModel::Column;

    explicit MeasuredTable(QWidget* parent = nullptr);
    void setAnalysis(std::shared_ptr<const Analysis>);

    QLineEdit* filterField() const { return m_filter; }
    // The operation the current row's kernel is linked to: choosing one links it (linkChosen).
    QComboBox* linkBox() const { return m_link; }
    QTableView* view() const { return m_view; }
    // The reader's and the placement's warnings about the measured set on this chip: hidden when there are none.
    QLabel* warningsLabel() const { return m_warnings; }
    MeasuredModel* measuredModel() const { return m_model; }
    // The calibration's error over the kernels the filter shows, beside the table: hidden without a calibration.
    ErrorHistogramChart* errorHistogram() const { return m_histogram; }
    void setTheme(const ChartTheme&);
    // Rows as shown: filtered and sorted.
    int rowCount() const;
    QString cellText(int row, Column) const;
    // The kernel (index into the measured set) a shown row holds.
    std::size_t kernelAt(int row) const;

signals:
    void filterChanged(const QString& pattern);
    // The current row's kernel, or nothing when no row is current.
    void kernelChosen(std::optional<std::size_t> kernel);
    // The user chose an operation (its id; empty: none of its own) for a kernel.
    void linkChosen(std::size_t kernel, const std::string& operationId);

protected:
    void showEvent(QShowEvent*) override;
    void resizeEvent(QResizeEvent*) override;

private:
    // Each column as wide as its contents, the names' at most a third of the table: the figures stay in view.
    void fitColumns();
    void updateCount();
    // Bins the errors again, while the histogram shows; hidden behind another tab, it is binned when it shows.
    void updateHistogram();
    void showWarnings();
    // The link choices: "no link of its own" and every operation of the session, refilled when they change.
    void fillLinks();
    // Shows the current kernel's link in the choices.
    void showLink();

    MeasuredModel* m_model;
    MeasuredFilter* m_proxy;
    QLineEdit* m_filter;
    QLabel* m_count;
    QLabel* m_warnings;
    QTableView* m_view;
    ErrorHistogramChart* m_histogram;
    int m_fittedWidth = 0; // the table's width the columns were last fitted to
    bool m_histogramStale = false; // an analysis came while the histogram did not show
    QSplitter* m_split;
    QComboBox* m_link;
    struct LinkOption {
        std::string id;
        std::string name;
    };
    std::vector<LinkOption> m_linkOps; // the operations m_link lists after its first entry
};

} // namespace roofline::widgets
