// SPDX-License-Identifier: GPL-3.0-or-later
#include "measured/measured_table.h"

#include "measured/error_histogram.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace roofline::widgets {

MeasuredTable::MeasuredTable(QWidget* parent)
    : QWidget(parent)
    , m_model(new MeasuredModel(this))
    , m_proxy(new MeasuredFilter(this))
    , m_filter(new QLineEdit)
    , m_count(new QLabel)
    , m_warnings(new QLabel)
    , m_view(new QTableView)
    , m_histogram(new ErrorHistogramChart)
    , m_split(new QSplitter(Qt::Horizontal))
    , m_link(new QComboBox)
{
    m_proxy->setSourceModel(m_model);
    m_view->setModel(m_proxy);
    m_view->setAccessibleName(tr("Measured kernels"));
    m_view->setTabKeyNavigation(false); // Tab leaves the table; the arrows move between its cells
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(-1, Qt::AscendingOrder); // the file's order until the user sorts
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    m_view->horizontalHeader()->setStretchLastSection(true);
    // The calibration's columns beside the measured time they are read against.
    m_view->horizontalHeader()->moveSection(MeasuredModel::Calibrated, MeasuredModel::Time + 1);
    m_view->horizontalHeader()->moveSection(MeasuredModel::CalibrationError, MeasuredModel::Time + 2);
    // Why a kernel is off its roof, beside the fraction of the roof and the roof that binds it.
    m_view->horizontalHeader()->moveSection(
        MeasuredModel::OffRoof, m_view->horizontalHeader()->visualIndex(MeasuredModel::Bound) + 1);
    m_view->setWordWrap(false);
    // A kernel's name may be a C++ template longer than the screen: cut in the middle, where its arguments are, so
    // that its start and its end stay; the whole name is in the tooltip, and the column can be widened.
    m_view->setTextElideMode(Qt::ElideMiddle);
    m_filter->setPlaceholderText(tr("Filter kernels: gemm, matmul_bf16 B=*, *[Ff]lash*"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setToolTip(tr("Kernels whose names hold this text, or match it with the wildcards * ? [..] "
                            "as --match reads them; the chart shows the same kernels"));

    auto* bar = new QHBoxLayout;
    auto* label = new QLabel(tr("&Filter"));
    label->setBuddy(m_filter);
    bar->addWidget(label);
    bar->addWidget(m_filter, 1);
    bar->addWidget(m_count);
    m_link->setToolTip(tr("The modeled operation the selected kernel is compared with: a link of its own, "
                          "before the scenario's name patterns, saved with the scenario"));
    m_link->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_link->setEnabled(false);
    auto* linkLabel = new QLabel(tr("&Link to"));
    linkLabel->setBuddy(m_link);
    bar->addWidget(linkLabel);
    bar->addWidget(m_link);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    m_warnings->setWordWrap(true);
    m_warnings->setTextFormat(Qt::PlainText);
    m_warnings->hide();
    layout->addWidget(m_warnings);
    // The table keeps what the histogram does not need: a histogram reads at 260 px, a kernel's name wants more.
    m_split->addWidget(m_view);
    m_split->addWidget(m_histogram);
    m_split->setStretchFactor(0, 3);
    m_split->setStretchFactor(1, 1);
    m_split->setChildrenCollapsible(false);
    m_histogram->hide();
    layout->addWidget(m_split, 1);

    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString& text) {
        m_proxy->setPattern(text.trimmed());
        updateCount();
        updateHistogram();
        emit filterChanged(m_proxy->pattern());
    });
    connect(
        m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
            emit kernelChosen(current.isValid() ? std::optional(kernelAt(current.row())) : std::nullopt);
            showLink();
        });
    connect(m_link, &QComboBox::activated, this, [this](int index) {
        const QModelIndex current = m_view->selectionModel()->currentIndex();
        if (!current.isValid() || index < 0)
            return;
        emit linkChosen(kernelAt(current.row()), index == 0 ? std::string() : m_linkOps[std::size_t(index - 1)].id);
        showLink(); // the kernel's link as the analysis has it: a scenario's pattern may still link it
    });
}

void MeasuredTable::fillLinks()
{
    const Analysis& a = m_model->analysis();
    const std::vector<Operation>& ops = a.session.operations;
    if (std::equal(ops.begin(), ops.end(), m_linkOps.begin(), m_linkOps.end(),
            [](const Operation& op, const LinkOption& o) { return op.id == o.id && op.name == o.name; }))
        return; // a slider step: the same operations, named as they were
    const QSignalBlocker blocker(m_link);
    m_link->clear();
    m_linkOps.clear();
    m_link->addItem(tr("no link of its own"));
    for (const Operation& op : ops) {
        m_link->addItem(QString::fromStdString(op.name));
        m_linkOps.push_back({ op.id, op.name });
    }
}

void MeasuredTable::showLink()
{
    const QModelIndex current = m_view->selectionModel()->currentIndex();
    const Analysis& a = m_model->analysis();
    m_link->setEnabled(current.isValid() && a.measured && a.session.measured);
    if (!m_link->isEnabled())
        return;
    const std::size_t kernel = kernelAt(current.row());
    int index = 0;
    for (const MeasuredLink& l : a.measured->links)
        if (l.kernel == kernel) {
            const auto it = std::find_if(
                m_linkOps.begin(), m_linkOps.end(), [&l](const LinkOption& o) { return o.id == l.operationId; });
            index = it == m_linkOps.end() ? 0 : int(it - m_linkOps.begin()) + 1;
        }
    const QSignalBlocker blocker(m_link);
    m_link->setCurrentIndex(index);
}

void MeasuredTable::setAnalysis(std::shared_ptr<const Analysis> analysis)
{
    const bool newSet = analysis->measuredSet != m_model->analysis().measuredSet;
    // The calibration's columns only with a calibration that applies to the chip.
    const bool calibrated = analysis->measured && !analysis->measured->predicted.empty();
    m_model->setAnalysis(std::move(analysis));
    m_view->setColumnHidden(MeasuredModel::Calibrated, !calibrated);
    m_view->setColumnHidden(MeasuredModel::CalibrationError, !calibrated);
    if (calibrated && m_histogram->isHidden())
        m_split->setSizes({ 3 * width() / 4, width() / 4 });
    m_histogram->setVisible(calibrated);
    updateHistogram();
    if (newSet) {
        // A set whose file gives no group has no Group column.
        const Analysis& a = m_model->analysis();
        m_view->setColumnHidden(MeasuredModel::Group,
            !a.measuredSet
                || std::all_of(a.measuredSet->kernels.begin(), a.measuredSet->kernels.end(),
                    [](const MeasuredKernel& k) { return k.group.empty(); }));
        fitColumns();
        updateCount();
    }
    fillLinks();
    showLink();
    showWarnings();
}

void MeasuredTable::showWarnings()
{
    const Analysis& a = m_model->analysis();
    QStringList lines;
    if (a.measuredSet)
        for (const Diagnostic& d : a.measuredSet->warnings)
            lines << QString::fromStdString(d.toString());
    if (a.measured)
        for (const Diagnostic& d : a.measured->warnings)
            lines << QString::fromStdString(d.toString());
    m_warnings->setVisible(!lines.isEmpty());
    if (lines.isEmpty())
        return;
    // The first in full, the rest in the tooltip: a table of thousands of kernels keeps its room.
    m_warnings->setText(lines.size() == 1
            ? tr("Warning: %1").arg(lines.front())
            : tr("Warning: %1 (and %2 more: hover for them)").arg(lines.front(), QString::number(lines.size() - 1)));
    m_warnings->setToolTip(lines.join(QLatin1Char('\n')));
}

int MeasuredTable::rowCount() const
{
    return m_proxy->rowCount();
}

QString MeasuredTable::cellText(int row, Column column) const
{
    return m_proxy->index(row, column).data().toString();
}

std::size_t MeasuredTable::kernelAt(int row) const
{
    return static_cast<std::size_t>(m_proxy->index(row, 0).data(MeasuredModel::KernelRole).toULongLong());
}

void MeasuredTable::setTheme(const ChartTheme& theme)
{
    m_histogram->setTheme(theme);
}

void MeasuredTable::updateHistogram()
{
    const Analysis& a = m_model->analysis();
    if (m_histogram->isHidden() || !a.measured || !a.measuredSet)
        return;
    // A slider step with the tab behind another bins nothing: 10,000 kernels' errors sorted, and a replot, per step.
    m_histogramStale = !m_histogram->isVisible();
    if (m_histogramStale)
        return;
    m_histogram->setHistogram(roofline::errorHistogram(*a.measuredSet, *a.measured, m_proxy->pattern().toStdString()),
        a.calibration() && fittedOn(*a.calibration(), *a.measuredSet));
}

void MeasuredTable::fitColumns()
{
    m_view->resizeColumnsToContents();
    // The names take at most a third of the table (40 characters at the least), so that the figures stay in view.
    const int width = m_view->viewport()->width() > 0 ? m_view->viewport()->width() : this->width();
    const int widest = std::max(40 * m_view->fontMetrics().averageCharWidth(), width / 3);
    if (m_view->columnWidth(MeasuredModel::Name) > widest)
        m_view->setColumnWidth(MeasuredModel::Name, widest);
    m_fittedWidth = width;
}

void MeasuredTable::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    // Shown for the first time, or on another screen: the columns fitted to the width it has now. A width the user
    // gave the names by hand stays through a drag of the window's edge.
    if (m_model->rowCount() > 0 && m_fittedWidth < 100)
        fitColumns();
}

void MeasuredTable::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_histogramStale)
        updateHistogram();
}

void MeasuredTable::updateCount()
{
    m_count->setText(tr("%1 of %2 kernels").arg(m_proxy->rowCount()).arg(m_model->rowCount()));
}

} // namespace roofline::widgets

#include "moc_measured_table.cpp"
