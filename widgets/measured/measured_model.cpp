// SPDX-License-Identifier: GPL-3.0-or-later
#include "measured/measured_model.h"

#include "base/units.h"
#include "common/chart_text.h"
#include "measured/placement.h"
#include "report/measured.h"
#include "report/report.h"

#include <QCoreApplication>

namespace roofline::widgets {

namespace {

// The context this file's words are translated in (lupdate reads the name from the macro).
struct MeasuredModelWords {
    Q_DECLARE_TR_FUNCTIONS(MeasuredModelWords)
};

} // namespace

namespace {

// "above: padding", "far below: too small", "clock" for a kernel near its roof with a check that holds,
// "far below: not explained", "—".
QString offRoofSummary(const roofline::OffRoof& o)
{
    QStringList checks;
    for (const OffRoofReason& r : o.reasons)
        if (explainsStanding(r, o.standing))
            checks << qs(std::string(offRoofCheckName(r.check)));
    if (checks.isEmpty() && o.standing != RoofStanding::Near)
        checks << MeasuredModelWords::tr("not explained");
    for (const OffRoofReason& r : o.reasons) // what holds without explaining the standing, after
        if (!explainsStanding(r, o.standing))
            checks << qs(std::string(offRoofCheckName(r.check)));
    if (checks.isEmpty())
        return QStringLiteral("—");
    const QString list = checks.join(QStringLiteral(", "));
    return o.standing == RoofStanding::Near ? list
                                            : qs(std::string(standingName(o.standing))) + QStringLiteral(": ") + list;
}

} // namespace

MeasuredModel::MeasuredModel(QObject* parent)
    : QAbstractTableModel(parent)
    , m_analysis(std::make_shared<const Analysis>())
{ }

void MeasuredModel::setAnalysis(std::shared_ptr<const Analysis> analysis)
{
    const bool sameSet = analysis->measuredSet == m_analysis->measuredSet;
    if (!sameSet)
        beginResetModel();
    m_analysis = std::move(analysis);
    m_links.assign(m_analysis->measuredSet ? m_analysis->measuredSet->kernels.size() : 0, -1);
    if (m_analysis->measured)
        for (std::size_t i = 0; i < m_analysis->measured->links.size(); ++i)
            m_links[m_analysis->measured->links[i].kernel] = static_cast<int>(i);
    if (!sameSet) {
        endResetModel();
        return;
    }
    if (rowCount() > 0)
        emit dataChanged(index(0, Achieved), index(rowCount() - 1, ColumnCount - 1));
}

const MeasuredLink* MeasuredModel::linkOf(std::size_t kernel) const
{
    const int link = m_links[kernel];
    return link < 0 ? nullptr : &m_analysis->measured->links[static_cast<std::size_t>(link)];
}

int MeasuredModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_analysis->measured ? 0 : static_cast<int>(m_analysis->measured->points.size());
}

int MeasuredModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString MeasuredModel::text(std::size_t row, int column) const
{
    const MeasuredPoint& p = m_analysis->measured->points[row];
    const MeasuredKernel& k = m_analysis->measuredSet->kernels[p.kernel];
    const MeasuredLink* link = linkOf(p.kernel);
    const QString none = QStringLiteral("—");
    switch (column) {
    case Name:
        return qs(k.name);
    case Group:
        return qs(k.group);
    case Time:
        return qs(formatSeconds(k.seconds));
    case Share:
        return qs(formatPercent(m_analysis->measured->timeShare(k)));
    case Achieved:
        return qs(formatRate(p.achieved, p.roof));
    case Intensity:
        return p.onChart ? qs(formatIntensity(p.intensity)) : none;
    case Fraction:
        return p.onChart ? qs(formatPercent(p.fraction())) : none;
    case Bound:
        return p.onChart ? boundText(p.bound.str()) : tr("off the chart");
    case Predicted:
        return link && link->predicted() ? predictedText(*link->predicted()) : link ? tr("cannot run") : none;
    case Ratio:
        return link && link->predicted() ? QString::number(link->ratioToLower, 'f', 2) : none;
    case Bracketed:
        return link && link->predicted() ? (link->bracketed ? tr("yes") : tr("no")) : none;
    case Calibrated: {
        const double t = m_analysis->measured->predictedSeconds(p.kernel);
        return t > 0 ? qs(formatSeconds(t)) : none;
    }
    case CalibrationError: {
        const double t = m_analysis->measured->predictedSeconds(p.kernel);
        return t > 0 ? qs(formatSignedPercent(t / k.seconds - 1)) : none;
    }
    case OffRoof:
        return offRoofSummary(offRoof(p));
    default:
        return {};
    }
}

roofline::OffRoof MeasuredModel::offRoof(const MeasuredPoint& p) const
{
    return explainOffRoof(
        { *m_analysis->measuredSet, *m_analysis->measured, m_analysis->hardware, m_analysis->calibration() }, p,
        linkOf(p.kernel));
}

QVariant MeasuredModel::number(std::size_t row, int column) const
{
    const MeasuredPoint& p = m_analysis->measured->points[row];
    const MeasuredKernel& k = m_analysis->measuredSet->kernels[p.kernel];
    const MeasuredLink* link = linkOf(p.kernel);
    const bool predicted = link && link->predicted();
    switch (column) {
    case Time:
    case Share:
        return k.seconds;
    case Achieved:
        return p.achieved;
    case Intensity:
        return p.intensity;
    case Fraction:
        return p.fraction();
    case Predicted:
        return predicted ? link->predicted()->tLower : 0.0;
    case Ratio:
        return predicted ? link->ratioToLower : 0.0;
    case Bracketed:
        return predicted ? int(link->bracketed) : -1;
    case Calibrated:
        return m_analysis->measured->predictedSeconds(p.kernel);
    case CalibrationError: {
        const double t = m_analysis->measured->predictedSeconds(p.kernel);
        return t > 0 ? t / k.seconds - 1 : 0.0;
    }
    case OffRoof: { // unexplained first, then explained, then near with a note, then nothing: a number, not a text
        const roofline::OffRoof o = offRoof(p);
        if (o.standing == RoofStanding::Near)
            return o.reasons.empty() ? 0 : 1;
        return explained(o) ? 2 : 3;
    }
    default:
        return text(row, column);
    }
}

QVariant MeasuredModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const auto row = static_cast<std::size_t>(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return text(row, index.column());
    case SortRole:
        return number(row, index.column());
    case KernelRole:
        return QVariant::fromValue(static_cast<qulonglong>(m_analysis->measured->points[row].kernel));
    case Qt::TextAlignmentRole:
        return index.column() >= Time && index.column() != Bound && index.column() != Bracketed
                && index.column() != OffRoof
            ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
            : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::ToolTipRole: {
        const MeasuredPoint& p = m_analysis->measured->points[row];
        const MeasuredLink* link = linkOf(p.kernel);
        const MeasuredKernel k = m_analysis->measuredSet->kernels[p.kernel];
        const roofline::OffRoof o = offRoof(p);
        return measuredTooltip(k, p, m_analysis->measured->timeShare(k), link, &o);
    }
    default:
        return {};
    }
}

QVariant MeasuredModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    static const char* const names[] = { QT_TRANSLATE_NOOP("MeasuredModelWords", "Kernel"),
        QT_TRANSLATE_NOOP("MeasuredModelWords", "Group"), QT_TRANSLATE_NOOP("MeasuredModelWords", "Time"),
        QT_TRANSLATE_NOOP("MeasuredModelWords", "Share"), QT_TRANSLATE_NOOP("MeasuredModelWords", "Achieved"),
        QT_TRANSLATE_NOOP("MeasuredModelWords", "Intensity"), QT_TRANSLATE_NOOP("MeasuredModelWords", "Of attainable"),
        QT_TRANSLATE_NOOP("MeasuredModelWords", "Bound"),
        QT_TRANSLATE_NOOP("MeasuredModelWords", "Model T_lower – T_upper"),
        QT_TRANSLATE_NOOP("MeasuredModelWords", "Measured / T_lower"),
        QT_TRANSLATE_NOOP("MeasuredModelWords", "Bracketed"), QT_TRANSLATE_NOOP("MeasuredModelWords", "Calibrated"),
        QT_TRANSLATE_NOOP("MeasuredModelWords", "Calibration error"),
        QT_TRANSLATE_NOOP("MeasuredModelWords", "Off the roof") };
    static const char* const tips[] = { QT_TRANSLATE_NOOP("MeasuredModelWords", "The kernel's name in the file"),
        QT_TRANSLATE_NOOP("MeasuredModelWords", "Its group or operator, when the file gives one"),
        QT_TRANSLATE_NOOP("MeasuredModelWords", "Measured duration"),
        QT_TRANSLATE_NOOP("MeasuredModelWords", "Of the file's total time"),
        QT_TRANSLATE_NOOP("MeasuredModelWords", "FLOPs over the measured time"),
        QT_TRANSLATE_NOOP("MeasuredModelWords", "FLOPs per byte of main memory: the chart's x"),
        QT_TRANSLATE_NOOP("MeasuredModelWords", "Achieved over what the roofline allows at its intensity"),
        QT_TRANSLATE_NOOP("MeasuredModelWords", "The roof that holds it down on this chip"),
        QT_TRANSLATE_NOOP("MeasuredModelWords", "The linked operation's time bounds, with the kernel's shape"),
        QT_TRANSLATE_NOOP("MeasuredModelWords", "Measured time over the model's lower bound"),
        QT_TRANSLATE_NOOP("MeasuredModelWords", "Whether the measured time lies between the model's bounds"),
        QT_TRANSLATE_NOOP("MeasuredModelWords",
            "The time the session's calibration predicts for the kernel (roofline-lab calibrate)"),
        QT_TRANSLATE_NOOP("MeasuredModelWords", "The calibration's time over the measured time, less one"),
        QT_TRANSLATE_NOOP("MeasuredModelWords",
            "Above its roof, or below half of it, and what the program checked: FLOPs with padding beyond the linked "
            "operation's, bytes below or above its compulsory traffic, a clock other than the peak's, a size too "
            "small to fill the chip (hover for the figures)") };
    if (role == Qt::DisplayRole && section >= 0 && section < ColumnCount)
        return MeasuredModelWords::tr(names[section]);
    if (role == Qt::ToolTipRole && section >= 0 && section < ColumnCount)
        return MeasuredModelWords::tr(tips[section]);
    return {};
}

MeasuredFilter::MeasuredFilter(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(MeasuredModel::SortRole);
    // A slider step changes figures, not which rows pass: the rows keep their order until the user sorts again.
    setDynamicSortFilter(false);
}

void MeasuredFilter::setPattern(const QString& pattern)
{
    // Qt 6.10 replaces invalidateFilter() by a change bracketed in begin/endFilterChange (the first from 6.9).
#if QT_VERSION >= QT_VERSION_CHECK(6, 10, 0)
    beginFilterChange();
#endif
    m_pattern = pattern;
    m_text = pattern.toStdString();
#if QT_VERSION >= QT_VERSION_CHECK(6, 10, 0)
    endFilterChange(QSortFilterProxyModel::Direction::Rows);
#else
    invalidateFilter();
#endif
}

bool MeasuredFilter::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    const QModelIndex name = sourceModel()->index(sourceRow, MeasuredModel::Name, sourceParent);
    return matchesKernelFilter(m_text, sourceModel()->data(name).toString().toStdString().c_str());
}

} // namespace roofline::widgets

#include "moc_measured_model.cpp"
