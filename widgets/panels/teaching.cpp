// SPDX-License-Identifier: GPL-3.0-or-later
// The teaching controls, bound to the document and the views.
#include "panels/teaching.h"

#include "chart/roofline_chart.h"
#include "document/document.h"
#include "panels/play_bar.h"
#include "panels/workload_panel.h"
#include "readout/readout_table.h"
#include "roofline/solver.h"
#include "session/operation_names.h"
#include "sweep/sweep_chart.h"

#include <QAction>
#include <QComboBox>
#include <QItemSelectionModel>
#include <QListWidget>
#include <QSettings>
#include <QToolBar>

#include <algorithm>
#include <cmath>

namespace roofline::widgets {

TeachingControls::TeachingControls(Document* document, RooflineChart* chart, ReadoutTable* table,
    WorkloadPanel* workload, SweepChart* sweep, QComboBox* sweepParamChooser, QWidget* window)
    : QObject(window)
    , m_document(document)
    , m_chart(chart)
    , m_table(table)
    , m_workload(workload)
    , m_sweepParam(sweepParamChooser)
    , m_lockAxes(new QAction(tr("&Lock axes"), this))
    , m_fitAxes(new QAction(tr("Fi&t axes"), this))
    , m_toolBar(new QToolBar(tr("Play"), window))
    , m_playBar(new PlayBar(document, m_toolBar))
{
    // Axes that hold still: the roofs move under a fixed frame.
    m_lockAxes->setCheckable(true);
    m_lockAxes->setToolTip(tr("Keep the chart's axes while a slider is dragged or a parameter plays; "
                              "afterwards they change only if something would leave them"));
    m_lockAxes->setChecked(QSettings().value(QString::fromLatin1(kLockAxesKey), true).toBool());
    m_chart->setAxesLocked(m_lockAxes->isChecked());
    connect(m_lockAxes, &QAction::toggled, this, [this](bool locked) {
        m_chart->setAxesLocked(locked);
        QSettings().setValue(QString::fromLatin1(kLockAxesKey), locked);
    });
    m_lockAxes->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    m_fitAxes->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_F));
    m_fitAxes->setToolTip(tr("Fit the chart's axes to what it shows now"));
    connect(m_fitAxes, &QAction::triggered, m_chart, &RooflineChart::fitAxes);

    m_toolBar->setObjectName(QStringLiteral("playToolBar"));
    m_toolBar->addWidget(m_playBar);
    // The sweep chart runs along the parameter that plays, so that its cursor follows the play.
    connect(m_playBar, &PlayBar::paramChosen, this, [this](const QString& param) {
        if (const int i = m_sweepParam->findText(param); i >= 0)
            m_sweepParam->setCurrentIndex(i);
    });
    Q_UNUSED(sweep);

    // One selection, three views.
    connect(m_chart, &RooflineChart::operationClicked, this, &TeachingControls::selectOperation);
    connect(
        m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
            if (current.isValid())
                selectOperation(m_table->readoutModel()->operationAt(current.row()));
        });
    connect(m_workload->operationList(), &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0)
            selectOperation(static_cast<std::size_t>(row));
    });
    // New rows (the first analysis, operations shown or hidden): the selected operation's row is selected again.
    connect(m_table->readoutModel(), &QAbstractItemModel::modelReset, this, [this] {
        if (const auto op = m_chart->selectedOperation(); op && m_table->rowOf(*op) >= 0)
            m_table->selectRow(m_table->rowOf(*op));
    });
    connect(m_document, &Document::operationsChanged, this, [this] {
        const int row = m_workload->selectedOperation();
        m_chart->setSelectedOperation(row >= 0 ? std::optional<std::size_t>(row) : std::nullopt);
        m_playBar->setOperation(row >= 0 ? std::optional<std::size_t>(row) : std::nullopt);
    });

    // A marker dragged along its roof sets its operation's main parameter, one undo step per drag.
    connect(m_chart, &RooflineChart::markerDragStarted, m_document, &Document::beginGesture);
    connect(m_chart, &RooflineChart::markerDragged, this, &TeachingControls::onMarkerDragged);
    connect(m_chart, &RooflineChart::markerDragFinished, m_document, &Document::endGesture);

    if (const int row = m_workload->selectedOperation(); row >= 0)
        selectOperation(static_cast<std::size_t>(row));
    connect(m_document, &Document::loaded, this, &TeachingControls::openLesson);
}

void TeachingControls::openLesson()
{
    const Analysis& a = *m_document->analysis();
    const std::optional<LessonView>& view = a.session.lesson ? a.session.lesson->view : std::nullopt;
    m_chart->openView(view ? view->x : std::nullopt, view ? view->y : std::nullopt);
    if (const std::optional<std::size_t> op = a.session.indexOf(a.explanation.operation);
        op && !a.explanation.operation.empty())
        selectOperation(*op);
    else if (const std::optional<std::size_t> moving
        = mostMovingOperation(a.session, m_playBar->from(), m_playBar->to()))
        selectOperation(*moving); // a lesson about a ridge: Play moves the operation that moves most
    const QString param = QString::fromStdString(a.explanation.param);
    QComboBox* played = m_playBar->paramChooser();
    if (const int i = played->findText(param); i >= 0 && !param.isEmpty())
        played->setCurrentIndex(i);
    const int swept = param.isEmpty() ? -1 : m_sweepParam->findText(param);
    m_sweepParam->setCurrentIndex(swept >= 0 ? swept : 0);
}

void TeachingControls::selectOperation(std::size_t op)
{
    if (m_selecting || op >= m_document->operations().size())
        return;
    m_selecting = true;
    m_chart->setSelectedOperation(op);
    if (m_workload->selectedOperation() != static_cast<int>(op))
        m_workload->selectOperation(static_cast<int>(op));
    const int row = m_table->rowOf(op);
    if (row >= 0 && m_table->currentIndex().row() != row)
        m_table->selectRow(row);
    m_playBar->setOperation(op);
    m_selecting = false;
}

void TeachingControls::onMarkerDragged(std::size_t op, const std::string& resource, double intensity)
{
    if (op >= m_document->operations().size())
        return;
    const OperationVariant& variant = m_document->operations()[op].op;
    const std::string_view param = mainParam(variant);
    const Expected<double> value = paramForIntensity(variant, m_document->hardware(), param, resource, intensity);
    if (!value)
        return;
    // No further than the parameter's slider reaches (or its value now, when typed beyond): past the intensity a
    // matmul tends to, a drag would otherwise throw B to 2^53.
    const ParamInfo* info = findParam(variant, param);
    const double reach = std::max(std::ldexp(1.0, info->sliderTop), *numberParam(variant, param));
    m_document->setOperationParam(op, param, std::min(value.value(), reach));
}

} // namespace roofline::widgets

#include "moc_teaching.cpp"
