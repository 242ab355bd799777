// SPDX-License-Identifier: GPL-3.0-or-later
#include "readout/readout_model.h"

#include "base/units.h"
#include "chart/chart.h"
#include "common/chart_text.h"

#include <QCoreApplication>

namespace roofline::widgets {

namespace {

// The context this file's words are translated in (lupdate reads the name from the macro).
struct ReadoutModelWords {
    Q_DECLARE_TR_FUNCTIONS(ReadoutModelWords)
};

} // namespace

ReadoutModel::ReadoutModel(QObject* parent)
    : QAbstractTableModel(parent)
    , m_analysis(std::make_shared<const Analysis>())
    , m_theme(ChartTheme::light())
{ }

void ReadoutModel::setAnalysis(std::shared_ptr<const Analysis> analysis)
{
    std::vector<std::size_t> rows;
    std::vector<std::string> ids;
    const std::vector<Operation>& ops = analysis->session.operations;
    for (std::size_t i = 0; i < ops.size(); ++i)
        if (!ops[i].hidden) {
            rows.push_back(i);
            ids.push_back(ops[i].id);
        }
    // The compared columns' headers name the chips, the session's first: another chip there changes them.
    std::vector<std::string> compared;
    if (!analysis->compared.empty())
        compared.push_back(analysis->hardware.name);
    for (const ComparedAnalysis& c : analysis->compared)
        compared.push_back(c.presetId);
    if (ids != m_rowIds || compared != m_compared) {
        beginResetModel();
        m_analysis = std::move(analysis);
        m_rows = std::move(rows);
        m_rowIds = std::move(ids);
        m_compared = std::move(compared);
        endResetModel();
        return;
    }
    const bool unitsChange = isInteger(analysis->dtype) != isInteger(m_analysis->dtype);
    m_analysis = std::move(analysis);
    m_rows = std::move(rows);
    if (!m_rows.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
    if (unitsChange)
        emit headerDataChanged(Qt::Horizontal, Intensity, Attainable);
}

void ReadoutModel::setTheme(const ChartTheme& theme)
{
    m_theme = theme;
    if (!m_rows.empty())
        emit dataChanged(index(0, Name), index(rowCount() - 1, Name), { Qt::ForegroundRole });
}

int ReadoutModel::rowOf(std::size_t operation) const
{
    const auto it = std::find(m_rows.begin(), m_rows.end(), operation);
    return it == m_rows.end() ? -1 : static_cast<int>(it - m_rows.begin());
}

int ReadoutModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int ReadoutModel::columnCount(const QModelIndex& parent) const
{
    if (parent.isValid())
        return 0;
    return m_compared.empty() ? ColumnCount : ColumnCount + 1 + ChipColumns * static_cast<int>(m_compared.size() - 1);
}

std::optional<std::size_t> ReadoutModel::comparedChip(int column) const
{
    const int past = column - ColumnCount - 1;
    if (past < 0 || m_compared.empty() || past >= ChipColumns * static_cast<int>(m_compared.size() - 1))
        return std::nullopt;
    return static_cast<std::size_t>(past / ChipColumns);
}

bool ReadoutModel::isBoundColumn(int column) const
{
    return comparedChip(column) && (column - ColumnCount - 1) % ChipColumns == ChipBound;
}

QString ReadoutModel::comparedText(std::size_t op, int column) const
{
    if (column == ColumnCount + OwnTime) {
        const Expected<Evaluation>& own = m_analysis->operations[op].evaluation;
        return own ? qs(formatSeconds(own->tLower)) : tr("cannot run");
    }
    const std::optional<std::size_t> chip = comparedChip(column);
    if (!chip)
        return {};
    const Expected<Evaluation>& ev = m_analysis->compared[*chip].evaluations[op];
    if (!ev)
        return isBoundColumn(column) ? tr("cannot run") : QStringLiteral("—");
    return isBoundColumn(column) ? boundText(*ev) : qs(formatSeconds(ev->tLower));
}

QString ReadoutModel::comparedToolTip(std::size_t op, int column) const
{
    const std::optional<std::size_t> chip = comparedChip(column);
    if (!chip)
        return {};
    const Expected<Evaluation>& ev = m_analysis->compared[*chip].evaluations[op];
    return ev ? QString() : qs(m_analysis->compared[*chip].hardware.name + ": " + ev.error());
}

QString ReadoutModel::text(std::size_t op, int column) const
{
    if (column >= ColumnCount)
        return comparedText(op, column);
    const Operation& operation = m_analysis->session.operations[op];
    const OperationAnalysis& result = m_analysis->operations[op];
    if (column == Name)
        return qs(operation.name);
    if (!result.evaluation.ok())
        return column == Bound ? tr("cannot run") : QStringLiteral("—");
    const Evaluation& ev = result.evaluation.value();
    switch (column) {
    case Intensity:
        if (const auto shown = chart::bindingResource(ev))
            return QStringLiteral("%1 (%2)").arg(
                qs(formatIntensity(ev.resources[*shown].intensity)), qs(ev.resources[*shown].name));
        return QStringLiteral("—");
    case TMath:
        return qs(formatSeconds(ev.tMath));
    case TComms:
        return qs(formatSeconds(ev.tComms));
    case Bound:
        return boundText(ev);
    case Attainable:
        return qs(formatRate(ev.attainable, ev.dtype));
    case FractionOfPeak:
        return QString::number(ev.fractionOfPeak * 100, 'f', 1) + QLatin1Char('%');
    case CriticalValue:
        return result.critical ? criticalText(*result.critical) : QStringLiteral("—");
    }
    return {};
}

QString ReadoutModel::toolTip(std::size_t op, int column) const
{
    if (column >= ColumnCount)
        return comparedToolTip(op, column);
    const OperationAnalysis& result = m_analysis->operations[op];
    if (!result.evaluation.ok())
        return column == Bound ? qs(result.evaluation.error()) : QString();
    if (column == CriticalValue && result.critical && result.critical->approximate) {
        const Critical& c = *result.critical;
        return tr("Compute-bound from %1 = %2 exactly (the smallest whole value is %3); %4 if %5, the "
                  "limit the texts use")
            .arg(qs(c.param), QString::number(c.threshold, 'f', 2), QString::number(c.value, 'f', 0),
                QString::number(*c.approximate, 'f', 2), qs(c.approximateWhen));
    }
    if (column != Intensity)
        return {}; // the delegate shows the text: a figure cut off by a narrow column
    QString intensities;
    const Evaluation& ev = result.evaluation.value();
    for (const ResourceUse& r : ev.resources)
        intensities += QStringLiteral("%1: %2\n").arg(qs(r.name), intensityText(r.intensity, ev.dtype));
    return intensities.trimmed();
}

QVariant ReadoutModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const std::size_t op = m_rows[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return text(op, index.column());
    case Qt::ToolTipRole:
        return toolTip(op, index.column());
    case Qt::ForegroundRole:
        if (index.column() == Name)
            return m_theme.operationText(m_analysis->session.operations[op].colour);
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == Name || index.column() == Bound || index.column() == CriticalValue
            || isBoundColumn(index.column()))
            return int(Qt::AlignLeft | Qt::AlignVCenter);
        return int(Qt::AlignRight | Qt::AlignVCenter);
    case IdRole:
        return qs(m_analysis->session.operations[op].id);
    }
    return {};
}

QString ReadoutModel::toText(const std::vector<int>& rows, QChar separator) const
{
    const auto field = [separator](QString value) {
        if (value.contains(separator) || value.contains(QLatin1Char('"')) || value.contains(QLatin1Char('\n')))
            value = QLatin1Char('"') + value.replace(QLatin1Char('"'), QStringLiteral("\"\"")) + QLatin1Char('"');
        return value;
    };
    const auto line = [&](auto cell) {
        QStringList fields;
        for (int column = 0; column < columnCount(); ++column)
            fields.append(field(cell(column)));
        return fields.join(separator) + QLatin1Char('\n');
    };
    QString out = line([this](int column) { return headerData(column, Qt::Horizontal).toString(); });
    for (const int row : rows)
        if (row >= 0 && row < rowCount())
            out += line([this, row](int column) { return text(operationAt(row), column); });
    return out;
}

QVariant ReadoutModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return {};
    if (section >= ColumnCount) {
        const std::optional<std::size_t> chip = comparedChip(section);
        const QString name = qs(chip ? m_analysis->compared[*chip].hardware.name : m_analysis->hardware.name);
        const bool bound = isBoundColumn(section);
        if (role == Qt::DisplayRole)
            return (bound ? tr("Bound on %1") : tr("T on %1")).arg(name);
        if (role == Qt::ToolTipRole)
            return bound ? tr("What holds the operation down on %1").arg(name)
                         : tr("The operation's time on %1 with perfect overlap (T_lower)").arg(name);
        return {};
    }
    static const char* const names[] = { QT_TRANSLATE_NOOP("ReadoutModelWords", "Operation"),
        QT_TRANSLATE_NOOP("ReadoutModelWords", "Intensity"), QT_TRANSLATE_NOOP("ReadoutModelWords", "T_math"),
        QT_TRANSLATE_NOOP("ReadoutModelWords", "T_comms"), QT_TRANSLATE_NOOP("ReadoutModelWords", "Bound"),
        QT_TRANSLATE_NOOP("ReadoutModelWords", "Attainable"), QT_TRANSLATE_NOOP("ReadoutModelWords", "of peak"),
        QT_TRANSLATE_NOOP("ReadoutModelWords", "Critical value") };
    static const char* const tips[] = { QT_TRANSLATE_NOOP("ReadoutModelWords", "The operation, in its chart colour"),
        QT_TRANSLATE_NOOP("ReadoutModelWords",
            "FLOPs (OPs for integer dtypes) per byte across the resource that holds it down (the filled marker)"),
        QT_TRANSLATE_NOOP("ReadoutModelWords", "FLOPs / peak: the time if only compute mattered"),
        QT_TRANSLATE_NOOP("ReadoutModelWords", "The longest time any memory level or link needs for its bytes"),
        QT_TRANSLATE_NOOP("ReadoutModelWords", "What holds the operation down: compute, or a memory level or link"),
        QT_TRANSLATE_NOOP("ReadoutModelWords", "FLOPs / T_lower: the throughput with perfect overlap"),
        QT_TRANSLATE_NOOP("ReadoutModelWords", "Attainable as a share of the compute dtype's peak"),
        QT_TRANSLATE_NOOP(
            "ReadoutModelWords", "The smallest value of the operation's main parameter at which it is compute-bound") };
    // The chart's dtype names the units: FLOPs, or OPs for an integer dtype.
    const Dtype dtype = m_analysis->dtype;
    if (role == Qt::DisplayRole && section == Intensity)
        return tr("Intensity (%1/byte)").arg(qs(std::string(workName(dtype))));
    if (role == Qt::DisplayRole && section == Attainable)
        return tr("Attainable (%1)").arg(isInteger(dtype) ? QStringLiteral("OP/s") : QStringLiteral("FLOP/s"));
    if (role == Qt::DisplayRole)
        return ReadoutModelWords::tr(names[section]);
    if (role == Qt::ToolTipRole)
        return ReadoutModelWords::tr(tips[section]);
    return {};
}

} // namespace roofline::widgets

#include "moc_readout_model.cpp"
