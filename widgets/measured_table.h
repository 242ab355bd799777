// The measured kernels under the chart: a filter field above a table of their figures. The filter hides rows and the
// chart's points alike; the current row is the kernel the chart rings.
#pragma once

#include "analysis.h"
#include "measured_model.h"

#include <QWidget>

#include <memory>
#include <optional>

class QLabel;
class QLineEdit;
class QTableView;

namespace roofline::widgets {

class MeasuredTable : public QWidget {
    Q_OBJECT
public:
    using Column = MeasuredModel::Column;

    explicit MeasuredTable(QWidget* parent = nullptr);
    void setAnalysis(std::shared_ptr<const Analysis>);

    QLineEdit* filterField() const { return m_filter; }
    QTableView* view() const { return m_view; }
    MeasuredModel* measuredModel() const { return m_model; }
    // Rows as shown: filtered and sorted.
    int rowCount() const;
    QString cellText(int row, Column) const;
    // The kernel (index into the measured set) a shown row holds.
    std::size_t kernelAt(int row) const;

signals:
    void filterChanged(const QString& pattern);
    // The current row's kernel, or nothing when no row is current.
    void kernelChosen(std::optional<std::size_t> kernel);

private:
    void updateCount();

    MeasuredModel* m_model;
    MeasuredFilter* m_proxy;
    QLineEdit* m_filter;
    QLabel* m_count;
    QTableView* m_view;
};

} // namespace roofline::widgets
