// SPDX-License-Identifier: GPL-3.0-or-later
// Measured kernels in the window, driven through its real widgets offscreen: the H100 sweep scenario's kernels on the
// chart at their measured places, the measured table against the core, the filter, the ring, the ceilings, and the
// export command drawing them.
#include "base/units.h"
#include "chart/chart_probe.h"
#include "chart/measured.h"
#include "chart/roofline_chart.h"
#include "common/chart_text.h"
#include "common/folding_tabs.h"
#include "common/log_slider.h"
#include "document/document.h"
#include "files/calibration_file.h"
#include "files/scenario.h"
#include "files/scenario_measured.h"
#include "measured/error_histogram.h"
#include "measured/measured_table.h"
#include "measured/off_roof.h"
#include "measured/placement.h"
#include "panels/hardware_panel.h"
#include "report/measured.h"
#include "report/report.h"
#include "session/analysis.h"
#include "test_util.h"
#include "window/main_window.h"
#include "window_fixture.h"

#include <QFile>
#include <QImage>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSlider>
#include <QTableView>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace roofline;
using namespace roofline::widgets;

namespace {

// The kernels of `set` placed on the analysis's chip and linked to its operations.
MeasuredAnalysis placeOn(const MeasuredSet& set, const Analysis& a, const std::vector<LinkRule>& links = {})
{
    return analyseMeasured(set, a.placementChip(), a.session.operations, links);
}

const QString kScenario = QStringLiteral("scenarios/h100-measured-sweep.yaml");

// The sweep's kernels read here, apart from the window, the way the scenario names them.
std::shared_ptr<const MeasuredSet> sweepSet(const Session& session)
{
    auto set = loadMeasuredSource(*session.measured, "embedded:scenarios/h100-measured-sweep.yaml");
    return set ? std::make_shared<const MeasuredSet>(std::move(set).value()) : nullptr;
}

std::vector<QPointF> sorted(QVector<QPointF> points)
{
    std::vector<QPointF> out(points.begin(), points.end());
    std::sort(out.begin(), out.end(),
        [](const QPointF& a, const QPointF& b) { return a.x() != b.x() ? a.x() < b.x() : a.y() < b.y(); });
    return out;
}

// The on-chart points of a measured analysis whose names contain `text` (everything for an empty one), or with
// `prefix`, begin with it.
std::vector<QPointF> corePoints(
    const MeasuredSet& set, const MeasuredAnalysis& a, const std::string& text = {}, bool prefix = false)
{
    QVector<QPointF> out;
    for (const MeasuredPoint& p : a.points)
        if (p.onChart
            && (prefix ? set.kernels[p.kernel].name.starts_with(text)
                       : set.kernels[p.kernel].name.find(text) != std::string::npos))
            out.append(QPointF(p.intensity, p.achieved));
    return sorted(out);
}

} // namespace

class TestMeasuredWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        roofline::testing::keepSettingsIn(m_dir.filePath(QStringLiteral("settings")));
    }

    void init()
    {
        m_window = roofline::testing::showWindow(QSize(1400, 900));
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QCOMPARE(m_window->openEmbeddedScenario(kScenario), QString());
        m_window->bottomTabs()->setCurrentWidget(m_window->measuredTable());
        m_set = sweepSet(m_window->document()->session());
        QVERIFY(m_set);
    }

    void cleanup() { m_window.reset(); }

    // Nsight Compute's kernels at 1920 × 1080: each name cut to a third of the table at most (whole in its tooltip),
    // every figure in view without scrolling, and no Group column, since the file gives none.
    void aCaptureReadsAtAScreensWidth()
    {
        m_window->resize(1920, 1080);
        QCOMPARE(m_window->openEmbeddedScenario(QStringLiteral("scenarios/h100-measured-ncu.yaml")), QString());
        m_window->bottomTabs()->setCurrentWidget(m_window->measuredTable());
        MeasuredTable* table = m_window->measuredTable();
        QTableView* view = table->view();
        TRY_VERIFY(view->isVisible());
        QVERIFY(view->isColumnHidden(MeasuredModel::Group));
        const int width = view->viewport()->width();
        QVERIFY2(width > 1000, qPrintable(QString::number(width)));
        QVERIFY(
            view->columnWidth(MeasuredModel::Name) <= std::max(40 * view->fontMetrics().averageCharWidth(), width / 3));
        int longest = 0;
        for (int row = 0; row < table->rowCount(); ++row)
            longest
                = std::max(longest, view->fontMetrics().horizontalAdvance(table->cellText(row, MeasuredModel::Name)));
        QVERIFY2(longest > view->columnWidth(MeasuredModel::Name), "a name the column cuts, as the test means");
        for (int c = 0; c < MeasuredModel::ColumnCount; ++c)
            if (!view->isColumnHidden(c))
                QVERIFY2(view->columnViewportPosition(c) + view->columnWidth(c) <= width,
                    qPrintable(m_window->measuredTable()->measuredModel()->headerData(c, Qt::Horizontal).toString()));
        const QModelIndex first = view->model()->index(0, MeasuredModel::Name);
        QVERIFY(
            view->model()->data(first, Qt::ToolTipRole).toString().contains(table->cellText(0, MeasuredModel::Name)));
    }

    // One point per kernel the core places on the chart, exactly at its measured intensity and achieved FLOP/s. By
    // hand, B = 256 (D = F = 8192): 2·256·8192² = 34,359,738,368 FLOPs over 142,606,336 bytes is 240.94 FLOPs/byte.
    void chartHoldsEachKernelAtItsMeasuredPlace()
    {
        const Analysis& a = *m_window->document()->analysis();
        QVERIFY(a.measured && a.measuredSet);
        QCOMPARE(a.measuredSet->kernels.size(), m_set->kernels.size());
        const MeasuredAnalysis core = placeOn(*m_set, a, a.session.measured->links);
        const std::vector<QPointF> expected = corePoints(*m_set, core);
        QVERIFY(expected.size() > 20);
        QCOMPARE(sorted(ChartProbe(*m_window->chart()).measuredPoints()), expected);

        const auto at256 = std::find_if(m_set->kernels.begin(), m_set->kernels.end(),
            [](const MeasuredKernel& k) { return k.name == "matmul_bf16 B=256 D=8192 F=8192"; });
        QVERIFY(at256 != m_set->kernels.end());
        const QPointF byHand(34359738368.0 / 142606336.0, 34359738368.0 / at256->seconds);
        const QVector<QPointF> drawn = ChartProbe(*m_window->chart()).measuredPoints();
        QVERIFY(std::any_of(drawn.begin(), drawn.end(), [&](const QPointF& p) {
            return std::fabs(p.x() - byHand.x()) < 1e-9 * byHand.x()
                && std::fabs(p.y() - byHand.y()) < 1e-9 * byHand.y();
        }));
        // Measured kernels are drawn unlike any operation: a cross for a plain file.
        const auto style = ChartProbe(*m_window->chart()).measuredStyle(std::size_t(at256 - m_set->kernels.begin()));
        QVERIFY(style);
        QCOMPARE(style->second, int(QCPScatterStyle::ssCross));
    }

    // A slider step moves no measured point, and the table's fractions become what the core computes on the new chip.
    // By hand for a memory-bound kernel: achieved / (bandwidth · intensity), so a lower bandwidth raises it.
    void hardwareSlidersLeavePointsAndChangeFractions_data()
    {
        QTest::addColumn<QString>("slider");
        QTest::newRow("HBM bandwidth") << QStringLiteral("HBM");
        QTest::newRow("bf16 peak") << QStringLiteral("peak");
    }

    void hardwareSlidersLeavePointsAndChangeFractions()
    {
        QFETCH(QString, slider);
        const std::vector<QPointF> before = sorted(ChartProbe(*m_window->chart()).measuredPoints());
        MeasuredTable* table = m_window->measuredTable();
        QStringList fractionsBefore;
        for (int row = 0; row < table->rowCount(); ++row)
            fractionsBefore.append(table->cellText(row, MeasuredModel::Fraction));
        LogSlider* control = slider == QStringLiteral("peak") ? m_window->hardwarePanel()->peakSlider()
                                                              : m_window->hardwarePanel()->bandwidthSlider(slider);
        QVERIFY(control);
        QSignalSpy redrawn(m_window->chart(), &RooflineChart::redrawn);
        control->slider()->setFocus();
        QTest::keyClick(control->slider(), Qt::Key_PageDown);
        QVERIFY(m_window->document()->chipModified());
        TRY_VERIFY(redrawn.count() > 0);

        QCOMPARE(sorted(ChartProbe(*m_window->chart()).measuredPoints()), before);
        const Analysis& a = *m_window->document()->analysis();
        const MeasuredAnalysis core = placeOn(*m_set, a, a.session.measured->links);
        int changed = 0;
        for (int row = 0; row < table->rowCount(); ++row) {
            const MeasuredPoint& p = core.points[table->kernelAt(row)];
            QCOMPARE(table->cellText(row, MeasuredModel::Fraction),
                p.onChart ? QString::fromStdString(formatPercent(p.fraction())) : QStringLiteral("—"));
            QCOMPARE(table->cellText(row, MeasuredModel::Bound),
                p.onChart ? QString::fromStdString(p.bound.str()) : QStringLiteral("off the chart"));
            changed += table->cellText(row, MeasuredModel::Fraction) != fractionsBefore[row] ? 1 : 0;
            if (p.onChart && p.bound == "HBM") {
                const double bandwidth = a.hardware.memory("HBM")->bandwidth;
                QVERIFY(std::fabs(p.fraction() - p.achieved / (bandwidth * p.intensity)) < 1e-12 * p.fraction());
            }
        }
        QVERIFY(changed > 0);
    }

    // The filter hides the rows and the points of the kernels whose names do not hold it; wildcards match the whole
    // name, as --match reads them.
    void filterHidesRowsAndPoints()
    {
        MeasuredTable* table = m_window->measuredTable();
        const int all = table->rowCount();
        QCOMPARE(std::size_t(all), m_set->kernels.size());
        const MeasuredAnalysis& core = *m_window->document()->analysis()->measured;

        QTest::keyClicks(table->filterField(), QStringLiteral("B=256 "));
        int expectedRows = 0;
        for (const MeasuredKernel& k : m_set->kernels)
            expectedRows += k.name.find("B=256 ") != std::string::npos ? 1 : 0;
        QVERIFY(expectedRows > 0 && expectedRows < all);
        QCOMPARE(table->rowCount(), expectedRows);
        for (int row = 0; row < table->rowCount(); ++row)
            QVERIFY(table->cellText(row, MeasuredModel::Name).contains(QStringLiteral("B=256 ")));
        QCOMPARE(sorted(ChartProbe(*m_window->chart()).measuredPoints()), corePoints(*m_set, core, "B=256 "));

        table->filterField()->setText(QStringLiteral("matmul_bf16 B=1*"));
        int globbed = 0;
        for (const MeasuredKernel& k : m_set->kernels)
            globbed += k.name.starts_with("matmul_bf16 B=1") ? 1 : 0;
        QVERIFY(globbed > 1);
        QCOMPARE(table->rowCount(), globbed);
        QCOMPARE(ChartProbe(*m_window->chart()).measuredPoints().size(),
            qsizetype(corePoints(*m_set, core, "matmul_bf16 B=1", true).size()));
        for (const QPointF& p : ChartProbe(*m_window->chart()).measuredLinkLines()) // lines only of the kernels shown
            QVERIFY(p.x() > 0);

        table->filterField()->clear();
        QCOMPARE(table->rowCount(), all);
        QCOMPARE(sorted(ChartProbe(*m_window->chart()).measuredPoints()), corePoints(*m_set, core));
    }

    // With a calibration, each kernel's calibrated time and error are the core's; without one, the columns hide.
    // The scenario is the shipped sweep's with the calibration built into the program fitted on the same sweep.
    void calibratedColumnsEqualTheCore()
    {
        MeasuredTable* table = m_window->measuredTable();
        QVERIFY(table->view()->isColumnHidden(MeasuredModel::Calibrated));
        const QString path = m_dir.filePath(QStringLiteral("calibrated.yaml"));
        {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(QByteArray(writeScenario(m_window->document()->session()).c_str())
                + "calibration: embedded:calibrations/h100-sxm-sweep.yaml\n");
        }
        QCOMPARE(m_window->openScenario(path), QString());
        const Analysis& a = *m_window->document()->analysis();
        QVERIFY(a.calibration());
        QCOMPARE(a.measured->predicted.size(), a.measuredSet->kernels.size());
        QVERIFY(!table->view()->isColumnHidden(MeasuredModel::Calibrated));
        QCOMPARE(table->rowCount(), int(a.measured->points.size()));
        for (int row = 0; row < table->rowCount(); ++row) {
            const std::size_t k = table->kernelAt(row);
            const double t = a.measured->predictedSeconds(std::uint32_t(k));
            QVERIFY(t > 0);
            QCOMPARE(table->cellText(row, MeasuredModel::Calibrated), QString::fromStdString(formatSeconds(t)));
            QCOMPARE(table->cellText(row, MeasuredModel::CalibrationError),
                QString::fromStdString(formatSignedPercent(t / a.measuredSet->kernels[k].seconds - 1)));
        }
        QCOMPARE(a.measured->predictedError.kernels, table->rowCount());

        // The histogram beside the table holds the core's counts, bin by bin, over the kernels the filter shows.
        const auto barsEqualTheCore = [&](const std::string& filter) {
            const Analysis& now = *m_window->document()->analysis();
            const ErrorHistogram core = errorHistogram(*now.measuredSet, *now.measured, filter);
            const ErrorHistogramChart* chart = table->errorHistogram();
            QVERIFY(chart->isVisible());
            const QCPBarsDataContainer& bars = *chart->bars()->data();
            QCOMPARE(bars.size(), int(core.counts.size()));
            int counted = 0;
            for (int i = 0; i < bars.size(); ++i) {
                QCOMPARE(bars.at(i)->key, 100 * core.binCentre(std::size_t(i)));
                QCOMPARE(bars.at(i)->value, double(core.counts[std::size_t(i)]));
                counted += core.counts[std::size_t(i)];
            }
            QCOMPARE(counted + core.below + core.above, core.kernels);
            QVERIFY2(chart->titleText().contains(QStringLiteral("\n%1 kernels, in-sample").arg(core.kernels)),
                qPrintable(chart->titleText()));
        };
        // The chart draws the calibration's roofs at its bf16 and HBM ceilings, and the curved roof of the matmul's
        // work passes through its calibrated time at its own intensity: two paths of the core meet there.
        const RooflineChart* chart = m_window->chart();
        QCOMPARE(ChartProbe(*chart).calibratedRoofLabels().size(), 2);
        const chart::CalibratedRoofs core = ChartProbe(*chart).calibratedRoofs();
        QCOMPARE(core.ceilings[0].value, 989e12 * a.calibration()->curve("bf16")->ceiling);
        QCOMPARE(core.ceilings[1].value, 3.35e12 * a.calibration()->curve("HBM")->ceiling);
        const OperationAnalysis& matmul = a.operations.at(0);
        QVERIFY(matmul.calibrated);
        const double intensity = matmul.evaluation->resources.at(0).intensity;
        const QVector<QPointF> curve = ChartProbe(*chart).calibratedCurve();
        QCOMPARE(curve.size(), qsizetype(core.work.size()));
        const auto at = std::find_if(curve.begin(), curve.end(), [&](const QPointF& p) { return p.x() == intensity; });
        QVERIFY(at != curve.end());
        QVERIFY(std::fabs(at->y() / (matmul.evaluation->flops / matmul.calibrated->seconds) - 1) < 1e-12);

        barsEqualTheCore({});
        QCOMPARE(table->errorHistogram()->histogram().kernels, table->rowCount());
        QTest::keyClicks(table->filterField(), QStringLiteral("matmul_bf16"));
        barsEqualTheCore("matmul_bf16");
        QCOMPARE(table->errorHistogram()->histogram().kernels, table->rowCount());
        // Behind another tab the histogram is not binned at each step; shown again, it holds the step's errors:
        // HBM at 1.5 TB/s predicts the memory-bound kernels slower and moves them to other bins.
        m_window->bottomTabs()->setCurrentIndex(0);
        QVERIFY(!table->errorHistogram()->isVisible());
        const std::vector<int> before = table->errorHistogram()->histogram().counts;
        m_window->document()->setHardwareValue("bandwidth.HBM", 1.5e12);
        QCOMPARE(table->errorHistogram()->histogram().counts, before);
        m_window->bottomTabs()->setCurrentWidget(table);
        barsEqualTheCore("matmul_bf16");
        QVERIFY(table->errorHistogram()->histogram().counts != before);
    }

    // The off-roof column names what the core's checks found for each kernel, and the row's tooltip gives their
    // sentences. On the sweep the cold matmuls at D = F = 1024 are too small: at B = 32 their 2·(32·1024 + 1024² +
    // 32·1024) = 2,228,224 bytes take 0.67 µs at 3.35 TB/s, under the H100's 3 µs launch floor.
    void offRoofColumnNamesTheCoresChecks()
    {
        MeasuredTable* table = m_window->measuredTable();
        QVERIFY(!table->view()->isColumnHidden(MeasuredModel::OffRoof));
        const Analysis& a = *m_window->document()->analysis();
        const std::vector<OffRoof> core = explainOffRoof({ *a.measuredSet, *a.measured, a.hardware, a.calibration() });
        QCOMPARE(core.size(), std::size_t(table->rowCount()));
        int tooSmall = 0;
        bool tooltipChecked = false;
        for (int row = 0; row < table->rowCount(); ++row) {
            const std::size_t k = table->kernelAt(row);
            const OffRoof& o = core[k];
            const QString cell = table->cellText(row, MeasuredModel::OffRoof);
            for (const OffRoofReason& r : o.reasons) {
                QVERIFY2(
                    cell.contains(QString::fromStdString(std::string(offRoofCheckName(r.check)))), qPrintable(cell));
                tooSmall += r.check == OffRoofCheck::TooSmall;
            }
            if (o.reasons.empty()) {
                const QString expected = o.standing == RoofStanding::Near
                    ? QStringLiteral("—")
                    : QString::fromStdString(std::string(standingName(o.standing))) + QStringLiteral(": not explained");
                QCOMPARE(cell, expected);
            }
            if (!o.reasons.empty() && !tooltipChecked) {
                const QString tip
                    = table->view()
                          ->model()
                          ->data(table->view()->model()->index(row, MeasuredModel::OffRoof), Qt::ToolTipRole)
                          .toString();
                const QString sentence
                    = QString::fromStdString(offRoofText(o.reasons[0], a.measured->points[k].roof)).toHtmlEscaped();
                QVERIFY2(tip.contains(sentence), qPrintable(tip + "\n" + sentence));
                tooltipChecked = true;
            }
        }
        QVERIFY(tooSmall > 0);
        QVERIFY(tooltipChecked);
        // Sorted by the column, the kernels no check explains come first (descending), then the explained ones.
        table->view()->sortByColumn(MeasuredModel::OffRoof, Qt::DescendingOrder);
        int previous = 4;
        for (int row = 0; row < table->rowCount(); ++row) {
            const OffRoof& o = core[table->kernelAt(row)];
            const int rank = o.standing == RoofStanding::Near ? (o.reasons.empty() ? 0 : 1) : explained(o) ? 2 : 3;
            QVERIFY(rank <= previous);
            previous = rank;
        }
    }

    // File ▸ Open calibration makes a calibration the session's as one undo step: the kernels get its predictions and
    // the chart its roofs; undone, both go. Another chip's is refused with the reason, and nothing changes.
    void openCalibrationIsOneUndoStep()
    {
        Document* document = m_window->document();
        QVERIFY(!document->analysis()->calibration());
        QCOMPARE(m_window->openCalibration(QStringLiteral("embedded:calibrations/h100-sxm-sweep.yaml")), QString());
        QVERIFY(document->analysis()->calibration());
        QCOMPARE(document->analysis()->measured->predicted.size(), m_set->kernels.size());
        QCOMPARE(ChartProbe(*m_window->chart()).calibratedRoofLabels().size(), 2);
        QVERIFY(!m_window->measuredTable()->view()->isColumnHidden(MeasuredModel::Calibrated));
        document->undoStack()->undo();
        QVERIFY(!document->analysis()->calibration());
        QVERIFY(ChartProbe(*m_window->chart()).calibratedRoofLabels().isEmpty());

        const Expected<Calibration, Diagnostics> h100 = readCalibration("embedded:calibrations/h100-sxm-sweep.yaml");
        QVERIFY(h100);
        Calibration other = *h100;
        other.chip = "h200-sxm";
        other.chipName = "NVIDIA H200 SXM";
        const QString path = m_dir.filePath(QStringLiteral("h200.yaml"));
        {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(QByteArray::fromStdString(writeCalibration(other)));
        }
        const QString refused = m_window->openCalibration(path);
        QVERIFY2(refused.contains(QStringLiteral("a calibration of NVIDIA H200 SXM")), qPrintable(refused));
        QVERIFY(!document->session().calibration);
    }

    // The model's columns equal the core's links. By hand for B = 256: T_lower = 142,606,336 B / 3.35 TB/s = 42.57 µs,
    // T_upper = that + 34,359,738,368 / 989 TFLOP/s = 77.31 µs, and 62.2 µs measured lies between them.
    void linkedColumnsEqualTheCoreLinks()
    {
        const Analysis& a = *m_window->document()->analysis();
        const MeasuredAnalysis core = placeOn(*m_set, a, a.session.measured->links);
        QVERIFY(core.links.size() > 10);
        MeasuredTable* table = m_window->measuredTable();
        QCOMPARE(core.links.size(), a.measured->links.size());
        for (const MeasuredLink& l : core.links) {
            int row = 0;
            while (row < table->rowCount() && table->kernelAt(row) != l.kernel)
                ++row;
            QVERIFY(row < table->rowCount());
            QVERIFY2(l.predicted(), l.problem().c_str());
            QCOMPARE(table->cellText(row, MeasuredModel::Predicted), predictedText(*l.predicted()));
            QCOMPARE(table->cellText(row, MeasuredModel::Ratio), QString::number(l.ratioToLower, 'f', 2));
            QCOMPARE(table->cellText(row, MeasuredModel::Bracketed),
                l.bracketed ? QStringLiteral("yes") : QStringLiteral("no"));
            if (m_set->kernels[l.kernel].name == "matmul_bf16 B=256 D=8192 F=8192") {
                QVERIFY(std::fabs(l.predicted()->tLower - 142606336 / 3.35e12) < 1e-12);
                QVERIFY(std::fabs(l.predicted()->tUpper - (142606336 / 3.35e12 + 34359738368 / 989e12)) < 1e-12);
                QCOMPARE(table->cellText(row, MeasuredModel::Bracketed), QStringLiteral("yes"));
            }
        }
        // Each shown linked kernel is joined to the model's place for it.
        const QVector<QPointF> lines = ChartProbe(*m_window->chart()).measuredLinkLines();
        QCOMPARE(lines.size(), qsizetype(2 * core.links.size()));
        for (std::size_t i = 0; i < core.links.size(); ++i) {
            const MeasuredPoint& p = core.points[core.links[i].kernel];
            const auto to = chart::predictedPoint(*core.links[i].predicted());
            QVERIFY(to);
            QCOMPARE(lines[qsizetype(2 * i)], QPointF(p.intensity, p.achieved));
            QCOMPARE(lines[qsizetype(2 * i + 1)], QPointF(to->x, to->y));
        }
    }

    // Choosing an operation for a kernel links it, as one undo step, and the table and the core compare the two. By
    // hand for B = 1, D = F = 1024 on the H100: the modeled matmul reads and writes 2·(1024 + 1024² + 1024) =
    // 2,101,248 bytes in 2,101,248 / 3.35e12 = 627 ns (its 2,097,152 FLOPs take 2.1 ns), against 8.03 µs measured.
    void choosingAnOperationLinksTheKernel()
    {
        MeasuredTable* table = m_window->measuredTable();
        Document* document = m_window->document();
        int row = 0;
        while (row < table->rowCount() && m_set->kernels[table->kernelAt(row)].name != "matmul_bf16 B=1 D=1024 F=1024")
            ++row;
        QVERIFY(row < table->rowCount());
        const std::size_t kernel = table->kernelAt(row);
        QVERIFY(!table->linkBox()->isEnabled());
        table->view()->setCurrentIndex(table->view()->model()->index(row, MeasuredModel::Name));
        QVERIFY(table->linkBox()->isEnabled());
        QCOMPARE(table->linkBox()->currentIndex(), 0); // no pattern of the scenario matches D = 1024
        QCOMPARE(table->linkBox()->itemText(1), QStringLiteral("matmul B=256"));

        table->linkBox()->setCurrentIndex(1);
        emit table->linkBox()->activated(1);
        QCOMPARE(document->undoStack()->count(), 1);
        const Analysis& a = *document->analysis();
        QCOMPARE(a.session.measured->links.front().pattern, std::string("matmul_bf16 B=1 D=1024 F=1024"));
        const auto link = std::find_if(a.measured->links.begin(), a.measured->links.end(),
            [kernel](const MeasuredLink& l) { return l.kernel == kernel; });
        QVERIFY(link != a.measured->links.end());
        QCOMPARE(link->operationId, std::string("matmul"));
        QVERIFY2(link->predicted(), link->problem().c_str());
        QVERIFY2(std::fabs(link->predicted()->tLower - 2101248 / 3.35e12) < 1e-15,
            (link->operation() + " " + std::to_string(link->predicted()->tLower)).c_str());
        QCOMPARE(table->cellText(row, MeasuredModel::Ratio), QString::number(link->ratioToLower, 'f', 2));
        QCOMPARE(table->linkBox()->currentIndex(), 1);

        document->undoStack()->undo();
        const Analysis& undone = *document->analysis();
        QVERIFY(std::none_of(undone.measured->links.begin(), undone.measured->links.end(),
            [kernel](const MeasuredLink& l) { return l.kernel == kernel; }));
        QCOMPARE(table->linkBox()->currentIndex(), 0);
    }

    void clickingARowRingsItsPoint()
    {
        MeasuredTable* table = m_window->measuredTable();
        QTableView* view = table->view();
        TRY_VERIFY(view->isVisible());
        const int row = 5;
        const QRect cell = view->visualRect(view->model()->index(row, MeasuredModel::Name));
        QVERIFY(cell.isValid());
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, cell.center());
        const std::size_t kernel = table->kernelAt(row);
        QCOMPARE(ChartProbe(*m_window->chart()).markedMeasured(), std::optional(kernel));
        const MeasuredPoint& p = m_window->document()->analysis()->measured->points[kernel];
        QCOMPARE(ChartProbe(*m_window->chart()).measuredMark(), QVector<QPointF>({ QPointF(p.intensity, p.achieved) }));
    }

    // The derived HBM ceiling, 3.06 TB/s, 91% of the datasheet's (tests/test_measured.cpp derives it by hand), is
    // drawn under the roofs with its fraction.
    void measuredCeilingIsLabelledWithItsFraction()
    {
        const Analysis& a = *m_window->document()->analysis();
        const auto roofs = chart::measuredRoofs(*a.measured, a.hardware, a.dtype,
            ChartProbe(*m_window->chart()).layout().x, ChartProbe(*m_window->chart()).layout().y);
        QVERIFY(!roofs.empty());
        // Each with its fraction, or where that has no room its measured value alone.
        const QStringList shown = ChartProbe(*m_window->chart()).measuredRoofLabels();
        QCOMPARE(shown.size(), qsizetype(roofs.size()));
        for (qsizetype i = 0; i < shown.size(); ++i) {
            const QString full = measuredRoofLabel(roofs[std::size_t(i)], a.dtype);
            QVERIFY2(shown[i] == full || shown[i] == full.section(QStringLiteral(" · "), 0, 0), qPrintable(shown[i]));
        }
        QVERIFY2(shown.join(QLatin1Char('|')).contains(QStringLiteral("HBM measured 3.05 TB/s · 91% of datasheet")),
            qPrintable(shown.join(QLatin1Char('|'))));
    }

    // A scenario whose measured file cannot be read is refused with the file's name; the window keeps what it showed.
    void unreadableMeasuredFileKeepsTheView()
    {
        const QString path = m_dir.filePath(QStringLiteral("missing-data.yaml"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("preset: h100-sxm\noperations:\n  - {op: matmul, id: mm}\nmeasured:\n  file: nowhere.csv\n");
        file.close();
        const std::string nameBefore = m_window->document()->session().name;
        const QString error = m_window->openScenario(path);
        QVERIFY2(error.contains(QStringLiteral("nowhere.csv")), qPrintable(error));
        QCOMPARE(m_window->document()->session().name, nameBefore);
        QVERIFY(m_window->document()->analysis()->measured);
        QCOMPARE(sorted(ChartProbe(*m_window->chart()).measuredPoints()).size(),
            corePoints(*m_set, *m_window->document()->analysis()->measured).size());
    }

    // Warnings about the measured set on this chip are shown above the table, the same as the report's: here bytes at
    // a level the chip does not have and a precision it has no roof for. The shipped sweep has none.
    void warningsAreShownAboveTheTable()
    {
        MeasuredTable* table = m_window->measuredTable();
        QVERIFY(table->warningsLabel()->isHidden());
        QVERIFY(m_window->document()->analysis()->measured->warnings.empty());

        QFile data(m_dir.filePath(QStringLiteral("vmem.csv")));
        QVERIFY(data.open(QIODevice::WriteOnly));
        data.write(
            "name,flops,bytes.HBM,bytes.VMEM,seconds,dtype\na,1e12,1e9,1e9,1e-3,bf16\nb,1e12,1e9,1e9,1e-3,fp64\n");
        data.close();
        const QString path = m_dir.filePath(QStringLiteral("vmem.yaml"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("preset: h100-sxm\noperations:\n  - {op: matmul, id: mm}\nmeasured:\n  file: vmem.csv\n");
        file.close();
        QCOMPARE(m_window->openScenario(path), QString());
        const Analysis& a = *m_window->document()->analysis();
        QVERIFY(a.measured && a.measuredSet);
        QStringList expected;
        for (const Diagnostics* list : { &a.measuredSet->warnings, &a.measured->warnings })
            for (const Diagnostic& d : *list)
                expected << QString::fromStdString(d.toString());
        QCOMPARE(expected.size(), 2);
        QVERIFY2(expected.join(QLatin1Char('|')).contains(QStringLiteral("'VMEM'")), qPrintable(expected.join('|')));
        QVERIFY(!table->warningsLabel()->isHidden());
        QCOMPARE(table->warningsLabel()->text(),
            QStringLiteral("Warning: %1 (and 1 more: hover for them)").arg(expected.front()));
        QCOMPARE(table->warningsLabel()->toolTip(), expected.join(QLatin1Char('\n')));
        const std::string report = measuredTable(*a.measuredSet, *a.measured);
        for (const QString& w : expected)
            QVERIFY2(report.find("warning: " + w.toStdString()) != std::string::npos, report.c_str());
    }

    // `export --measured` draws the kernels: the same chart without them differs.
    void exportCommandDrawsMeasuredKernels()
    {
        const QString with = m_dir.filePath(QStringLiteral("with.png"));
        const QString without = m_dir.filePath(QStringLiteral("without.png"));
        const QStringList common { QStringLiteral("export"), QStringLiteral("--preset"), QStringLiteral("h100-sxm"),
            QStringLiteral("--size"), QStringLiteral("800x500"), QStringLiteral("--scale"), QStringLiteral("1") };
        const auto a = roofline::testing::runCli(common
            + QStringList { QStringLiteral("-o"), with, QStringLiteral("--measured"),
                QStringLiteral(ROOFLINE_SOURCE_DIR "/presets/measured/h100-sweep.csv"), QStringLiteral("--columns"),
                QStringLiteral("name=op+params,group=op,flops=flops,bytes=bytes,seconds=t_median_s,where=cold:1") });
        QVERIFY2(a.exitCode == 0, qPrintable(a.err));
        const auto b = roofline::testing::runCli(common + QStringList { QStringLiteral("-o"), without });
        QVERIFY2(b.exitCode == 0, qPrintable(b.err));
        const QImage drawn(with);
        const QImage plain(without);
        QCOMPARE(drawn.size(), QSize(800, 500));
        QVERIFY(drawn != plain);
    }

private:
    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
    std::shared_ptr<const MeasuredSet> m_set;
};

ROOFLINE_GUI_TEST_MAIN(TestMeasuredWindow)
#include "test_measured_window.moc"
