// SPDX-License-Identifier: GPL-3.0-or-later
// The window's Energy tab: the energy roofline drawn from the core's layout (curves, the board-power roofline, each
// operation's band), the model's constants as fields that edit the chip in undoable steps, a bad constant named and
// refused, and the sentence that says what the chip does not state.
#include "chart/energy_chart.h"
#include "common/compared_style.h"
#include "common/folding_tabs.h"
#include "common/si_log_ticker.h"
#include "document/document.h"
#include "energy/energy_chart.h"
#include "energy/energy_view.h"
#include "test_util.h"
#include "window/main_window.h"
#include "window_fixture.h"

#include <QLabel>
#include <QLineEdit>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <qcustomplot.h>

#include <cmath>
#include <memory>

using namespace roofline;
using namespace roofline::widgets;

namespace {

// The visible operations' evaluations, as the view hands them to the core.
std::vector<const Evaluation*> shownEvaluations(const Analysis& a)
{
    std::vector<const Evaluation*> out;
    for (std::size_t op : a.shown())
        if (a.operations[op].evaluation)
            out.push_back(&a.operations[op].evaluation.value());
    return out;
}

// Every point of a graph, in order.
std::vector<chart::Point> pointsOf(const QCPGraph* g)
{
    std::vector<chart::Point> out;
    for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
        out.push_back({ it->key, it->value });
    return out;
}

void typeInto(QLineEdit* field, const QString& text)
{
    field->setFocus();
    field->selectAll();
    QTest::keyClicks(field, text);
    QTest::keyClick(field, Qt::Key_Return);
}

} // namespace

class TestEnergyView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        testing::keepSettingsIn(m_dir.filePath(QStringLiteral("settings")));
    }
    void init()
    {
        m_window = testing::showWindow(QSize(1400, 900));
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }
    void cleanup() { m_window.reset(); }

    void drawsTheCoresLayout();
    void fieldsEditTheChipAsUndoableSteps();
    void aBadConstantIsNamedAndRefused();
    void boardPowerAloneAndWhatIsMissing();
    void hoverTellsTheTerms();
    void eachBandJoinsItsOperationsPoints();
    void hiddenItWaitsAndShownItFollows();
    void comparedChipsShareTheFrame();

private:
    // The tab in front, after opening `scenario` (none: the session as it is).
    EnergyView* open(const QString& scenario)
    {
        const QString error = scenario.isEmpty() ? QString() : m_window->openEmbeddedScenario(scenario);
        if (!error.isEmpty())
            qWarning("%s", qPrintable(error));
        m_window->bottomTabs()->setCurrentWidget(m_window->energyView());
        return m_window->energyView();
    }

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
};

// The TPU v5e lesson: the HBM's 31.76 pJ a byte alone, so every operation sits on the dashed line I / ε_HBM, each
// marker where the core places it.
void TestEnergyView::drawsTheCoresLayout()
{
    EnergyView* view = open(QStringLiteral("scenarios/tpu-v5e-critical-intensity.yaml"));
    QTabWidget* tabs = m_window->bottomTabs();
    QCOMPARE(tabs->tabText(tabs->indexOf(view)), QStringLiteral("Ener&gy"));
    const Analysis& a = *m_window->document()->analysis();
    const chart::EnergyLayout core = chart::energyLayout(a.hardware, a.dtype, shownEvaluations(a));
    const chart::EnergyLayout& drawn = view->chart()->layout();
    QCOMPARE(drawn.markers.size(), core.markers.size());
    QCOMPARE(drawn.markers.size(), std::size_t(5));
    QCOMPARE(drawn.axes, core.axes);
    QCOMPARE(view->chart()->curveGraphs().size(), std::size_t(1));
    const std::vector<chart::Point> curve = pointsOf(view->chart()->curveGraphs()[0]);
    QCOMPARE(curve.size(), core.curves[0].points.size());
    for (std::size_t i = 0; i < curve.size(); ++i) {
        QCOMPARE(curve[i].x, core.curves[0].points[i].x);
        QCOMPARE(curve[i].y, core.curves[0].points[i].y);
    }
    QCOMPARE(view->chart()->curveGraphs()[0]->pen().style(), Qt::DashLine); // not every constant stated
    QVERIFY(!view->chart()->boardGraph()); // Google states no board power
    // The intensity axis as the roofline's: 0.01 and 0.1, not "10 m" and "100 m" (read as metres).
    const auto ticker = view->chart()->xAxis->ticker().dynamicCast<SiLogTicker>();
    QVERIFY(ticker);
    QCOMPARE(ticker->label(0.01), QStringLiteral("0.01"));
    QCOMPARE(ticker->label(0.1), QStringLiteral("0.1"));
    QCOMPARE(ticker->label(1e4), QStringLiteral("10 k"));
    // The filled points, gathered over the colours, are the core's markers: the bytes' energy alone, Q · 31.76 pJ.
    std::vector<chart::Point> filled;
    for (const QCPGraph* g : view->chart()->modelPointGraphs())
        for (const chart::Point& p : pointsOf(g))
            filled.push_back(p);
    QCOMPARE(filled.size(), core.markers.size());
    for (const chart::EnergyMarker& m : core.markers) {
        QVERIFY(std::any_of(
            filled.begin(), filled.end(), [&](const chart::Point& p) { return p.x == m.intensity && p.y == m.model; }));
        // By hand: an operation of W FLOPs moving Q bytes across the HBM at 31.76 pJ a byte does W / (Q · 31.76 pJ)
        // FLOPs per joule, its intensity over 31.76 pJ.
        QVERIFY(std::fabs(m.model / (m.intensity / 31.76e-12) - 1) < 1e-12);
    }
    QCOMPARE(view->perByteField()->text(), QStringLiteral("31.76 pJ"));
    QVERIFY(view->perFlopField()->text().isEmpty());
    QCOMPARE(view->perFlopField()->placeholderText(), QStringLiteral("not stated"));
    QVERIFY2(view->captionLabel()->text().contains(
                 QStringLiteral("Google TPU v5e states no energy per bf16 FLOP or constant power")),
        qPrintable(view->captionLabel()->text()));
}

// Typed constants set the chip through the document, one undo step each; with every one stated the curve is the
// model's, drawn solid, and the caption says so.
void TestEnergyView::fieldsEditTheChipAsUndoableSteps()
{
    EnergyView* view = open(QStringLiteral("scenarios/tpu-v5e-critical-intensity.yaml"));
    Document* document = m_window->document();
    const int steps = document->undoStack()->count();
    typeInto(view->perFlopField(), QStringLiteral("0.5 pJ"));
    QCOMPARE(document->hardware().energyFor(Dtype::bf16), std::optional<double>(5e-13));
    QCOMPARE(document->undoStack()->count(), steps + 1);
    typeInto(view->constantPowerField(), QStringLiteral("60"));
    QCOMPARE(document->hardware().constantPower, 60.0);
    QCOMPARE(document->undoStack()->count(), steps + 2);
    const chart::EnergyLayout& l = view->chart()->layout();
    QVERIFY(l.curves[0].complete);
    QCOMPARE(view->chart()->curveGraphs()[0]->pen().style(), Qt::SolidLine);
    QVERIFY(l.missing.empty());
    // The ceiling by hand: 1 / (0.5 pJ + 60 W / 197 TFLOP/s) = 1 / (0.5 + 0.30457) pJ = 1.2430 TFLOPs per joule.
    QVERIFY(std::fabs(l.ceiling / (1 / (0.5e-12 + 60 / 1.97e14)) - 1) < 1e-12);
    QVERIFY2(view->captionLabel()->text().contains(QStringLiteral("the model's figure")),
        qPrintable(view->captionLabel()->text()));
    // The same value again is no step; undo takes each back.
    typeInto(view->constantPowerField(), QStringLiteral("60"));
    QCOMPARE(document->undoStack()->count(), steps + 2);
    document->undoStack()->undo();
    document->undoStack()->undo();
    QVERIFY(!document->hardware().energyFor(Dtype::bf16));
    QCOMPARE(document->hardware().constantPower, 0.0);
    QVERIFY(view->perFlopField()->text().isEmpty());
}

void TestEnergyView::aBadConstantIsNamedAndRefused()
{
    EnergyView* view = open(QStringLiteral("scenarios/tpu-v5e-critical-intensity.yaml"));
    Document* document = m_window->document();
    const int steps = document->undoStack()->count();
    typeInto(view->perByteField(), QStringLiteral("5 s"));
    QVERIFY2(view->problemLabel()->text().startsWith(QStringLiteral("energy_per_byte.HBM: unexpected unit")),
        qPrintable(view->problemLabel()->text()));
    QCOMPARE(document->undoStack()->count(), steps);
    QCOMPARE(document->hardware().memories[0].energyPerByte, 31.76e-12);
    typeInto(view->perByteField(), QStringLiteral("2 mJ"));
    QVERIFY2(view->problemLabel()->text().contains(QStringLiteral("1e-16 to 1e-6 J")),
        qPrintable(view->problemLabel()->text()));
    QCOMPARE(document->undoStack()->count(), steps);
}

// The H100 states its board power and no constant of the model: the board-power roofline, each operation's hollow
// point on it, and the three keys to give.
void TestEnergyView::boardPowerAloneAndWhatIsMissing()
{
    EnergyView* view = open(QStringLiteral("scenarios/h100-matmul.yaml"));
    const Analysis& a = *m_window->document()->analysis();
    const chart::EnergyLayout& l = view->chart()->layout();
    QVERIFY(view->chart()->curveGraphs().empty());
    QVERIFY(view->chart()->boardGraph());
    const std::vector<chart::Point> board = pointsOf(view->chart()->boardGraph());
    QCOMPARE(board.size(), l.board.size());
    // On the flat: 989 TFLOP/s over 700 W, 1.413 TFLOPs per joule.
    QVERIFY(std::any_of(board.begin(), board.end(),
        [](const chart::Point& p) { return std::fabs(p.y / (9.89e14 / 700) - 1) < 1e-12; }));
    for (const chart::EnergyMarker& m : l.markers) {
        const Evaluation& e = a.operations[view->chart()->sessionOperation(&m - l.markers.data())].evaluation.value();
        QVERIFY(std::fabs(m.board / (e.flops / (700 * e.tLower)) - 1) < 1e-12);
        QCOMPARE(m.model, 0.0);
    }
    QVERIFY2(view->captionLabel()->text().contains(QStringLiteral(
                 "NVIDIA H100 SXM states no energy per bf16 FLOP, energy per HBM byte or constant power")),
        qPrintable(view->captionLabel()->text()));
}

void TestEnergyView::hoverTellsTheTerms()
{
    EnergyView* view = open(QStringLiteral("scenarios/tpu-v5e-critical-intensity.yaml"));
    EnergyChart* chart = view->chart();
    chart->replot();
    const chart::EnergyMarker& m = chart->layout().markers.front();
    const QPointF at(chart->xAxis->coordToPixel(m.intensity), chart->yAxis->coordToPixel(m.model));
    const QString text = chart->hoverText(at);
    QVERIFY2(text.contains(QStringLiteral("dot product")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("≥ 133 µJ")), qPrintable(text)); // 4,194,306 B · 31.76 pJ = 133.2 µJ
    QVERIFY2(text.contains(QStringLiteral("not stated: energy_per_flop.bf16, power.constant")), qPrintable(text));
    // The top left corner is far from every marker: the line of markers rises to the right.
    QCOMPARE(chart->hoverText(QPointF(chart->axisRect()->left() + 2, chart->axisRect()->top() + 2)), QString());
}

// With the model's constants stated and board power, each operation is a hollow point at board power joined by its band
// to the filled one of the model, the same operation's: the bands follow the points in the order a graph keeps them.
void TestEnergyView::eachBandJoinsItsOperationsPoints()
{
    // The default workload: operations of one colour come in no order of intensity.
    Document* document = m_window->document();
    document->load(defaultSession(*document->library().find("h100-sxm")));
    EnergyView* view = open(QString());
    QVERIFY(!document->setHardwareValue("energy_per_flop.bf16", 0.5e-12));
    QVERIFY(!document->setHardwareValue("energy_per_byte.HBM", 31.76e-12));
    QVERIFY(!document->setHardwareValue("power.constant", 100));
    EnergyChart* chart = view->chart();
    const chart::EnergyLayout& l = chart->layout();
    QVERIFY(l.markers.size() >= 8);
    std::size_t bands = 0;
    for (int p = 0; p < chart->plottableCount(); ++p) {
        const auto* bars = qobject_cast<QCPErrorBars*>(chart->plottable(p));
        if (!bars)
            continue;
        const auto* hollow = qobject_cast<QCPGraph*>(bars->dataPlottable());
        QVERIFY(hollow);
        QCOMPARE(bars->dataCount(), hollow->dataCount());
        for (int i = 0; i < bars->dataCount(); ++i) {
            const double x = hollow->dataMainKey(i);
            const double board = hollow->dataMainValue(i);
            const double model = board + bars->data()->at(i).errorPlus - bars->data()->at(i).errorMinus;
            QVERIFY(std::any_of(l.markers.begin(), l.markers.end(), [&](const chart::EnergyMarker& m) {
                return m.intensity == x && m.board == board && std::fabs(m.model / model - 1) < 1e-12;
            }));
            ++bands;
        }
    }
    QCOMPARE(bands, l.markers.size());
}

// Behind another tab the view lays nothing out, whatever the edits; brought to the front it shows the last of them,
// fields and caption included.
void TestEnergyView::hiddenItWaitsAndShownItFollows()
{
    EnergyView* view = open(QStringLiteral("scenarios/tpu-v5e-critical-intensity.yaml"));
    m_window->bottomTabs()->setCurrentIndex(0);
    QVERIFY(!view->isVisible());
    Document* document = m_window->document();
    QVERIFY(!document->setHardwareValue("energy_per_flop.bf16", 2e-12));
    QVERIFY(!document->setHardwareValue("power.constant", 40));
    QCOMPARE(view->chart()->layout().curves.front().roof.perFlop, 0.0); // not laid out again while hidden
    QVERIFY(view->perFlopField()->text().isEmpty());
    m_window->bottomTabs()->setCurrentWidget(view);
    QVERIFY(view->isVisible());
    QCOMPARE(view->chart()->layout().curves.front().roof.perFlop, 2e-12);
    QCOMPARE(view->perFlopField()->text(), QStringLiteral("2 pJ"));
    QCOMPARE(view->constantPowerField()->text(), QStringLiteral("40"));
    QVERIFY(view->captionLabel()->text().contains(QStringLiteral("the model's figure")));
    // 1 / (2 pJ + 40 W / 197 TFLOP/s) = 1 / 2.20305 pJ.
    QVERIFY(std::fabs(view->chart()->layout().ceiling * (2e-12 + 40 / 1.97e14) - 1) < 1e-12);
}

// Four chips on one energy roofline (the Llama 3.1 70B decode on an H100, an H200, a B200 and an MI300X): each
// compared chip's layout is the core's, all in one frame that holds every chip's markers; each chip's points are
// drawn in its own shape, named in the legend, and its hover says which chip it is.
void TestEnergyView::comparedChipsShareTheFrame()
{
    EnergyView* view = open(QStringLiteral("scenarios/llama-3.1-70b-decode-four-chips.yaml"));
    const Analysis& a = *m_window->document()->analysis();
    QCOMPARE(a.compared.size(), std::size_t(3));
    // The core's layouts, the chips given as the view gives them: the session's runnable operations, then each
    // compared chip's evaluations of every visible operation.
    const std::vector<const Evaluation*> own = shownEvaluations(a);
    std::vector<std::vector<const Evaluation*>> others(a.compared.size());
    std::vector<chart::EnergyChip> chips { { &a.hardware, a.dtype, own } };
    for (std::size_t k = 0; k < a.compared.size(); ++k) {
        for (std::size_t op : a.shown())
            others[k].push_back(a.compared[k].evaluations[op] ? &a.compared[k].evaluations[op].value() : nullptr);
        chips.push_back({ &a.compared[k].hardware, a.compared[k].dtype, others[k] });
    }
    const std::vector<chart::EnergyLayout> core = chart::energyLayouts(chips);
    EnergyChart* chart = view->chart();
    QCOMPARE(chart->comparedLayouts().size(), a.compared.size());
    QCOMPARE(chart->layout().axes, core[0].axes);
    QCOMPARE(chart->layout().markers.size(), core[0].markers.size());
    const chart::Axes frame = chart->layout().axes;
    auto inside = [&frame](double x, double y) {
        return x >= frame.x.lower() && x <= frame.x.upper() && y >= frame.y.lower() && y <= frame.y.upper();
    };
    std::size_t comparedMarkers = 0;
    for (std::size_t k = 0; k < a.compared.size(); ++k) {
        const chart::EnergyLayout& drawn = chart->comparedLayouts()[k];
        QCOMPARE(drawn.axes, frame);
        QCOMPARE(drawn.markers.size(), core[k + 1].markers.size());
        for (std::size_t i = 0; i < drawn.markers.size(); ++i) {
            QCOMPARE(drawn.markers[i].model, core[k + 1].markers[i].model);
            QCOMPARE(drawn.markers[i].board, core[k + 1].markers[i].board);
            // By hand, for a chip that states only its board power P: an operation of W FLOPs taking T_lower spends
            // P · T_lower, so its figure is W / (P · T_lower).
            const chart::EnergyMarker& m = drawn.markers[i];
            const Evaluation& e = a.compared[k].evaluations[a.shown()[m.operation]].value();
            if (a.compared[k].hardware.boardPower > 0)
                QCOMPARE(m.board, e.flops / (a.compared[k].hardware.boardPower * e.tLower));
            for (double y : { m.model, m.board })
                if (y > 0)
                    QVERIFY(inside(m.intensity, y));
        }
        comparedMarkers += drawn.markers.size();
        QVERIFY2(!drawn.markers.empty(), qPrintable(QString::fromStdString(a.compared[k].hardware.name)));
    }
    // The session's markers fit the same frame.
    for (const chart::EnergyMarker& m : chart->layout().markers)
        for (double y : { m.model, m.board })
            if (y > 0)
                QVERIFY(inside(m.intensity, y));
    // Drawn: each chip's points in graphs of its own shape, the legend naming every chip.
    std::size_t drawnPoints = 0;
    for (const QCPGraph* g : chart->comparedPointGraphs()) {
        QVERIFY(g->scatterStyle().shape() != QCPScatterStyle::ssDisc
            && g->scatterStyle().shape() != QCPScatterStyle::ssCircle);
        drawnPoints += static_cast<std::size_t>(g->dataCount());
    }
    QVERIFY(drawnPoints > 0 && drawnPoints <= 2 * comparedMarkers);
    QStringList legend;
    for (int i = 0; i < chart->legend->itemCount(); ++i)
        if (auto* item = qobject_cast<QCPPlottableLegendItem*>(chart->legend->item(i)))
            legend << item->plottable()->name();
    for (const ComparedAnalysis& c : a.compared)
        QVERIFY2(
            legend.contains(QString::fromStdString(c.hardware.name)), qPrintable(legend.join(QLatin1String(", "))));
    // A compared chip's marker, hovered, names its chip and its operation: the one whose board figure stands
    // apart from every other chip's, so that the pointer is over it alone.
    chart->replot();
    bool hovered = false;
    for (std::size_t k = 0; k < a.compared.size() && !hovered; ++k)
        for (const chart::EnergyMarker& m : chart->comparedLayouts()[k].markers) {
            const QPointF at(chart->xAxis->coordToPixel(m.intensity), chart->yAxis->coordToPixel(m.board));
            const QString hover = chart->hoverText(at);
            if (!hover.contains(QStringLiteral("<br>on ")))
                continue; // another chip's marker is as near
            QVERIFY2(hover.contains(QStringLiteral("<br>on ") + QString::fromStdString(a.compared[k].hardware.name)),
                qPrintable(hover));
            QVERIFY2(hover.contains(QString::fromStdString(a.session.operations[a.shown()[m.operation]].name)),
                qPrintable(hover));
            hovered = true;
            break;
        }
    QVERIFY(hovered);
    // The session's board-power roofline is solid beside the chips' dashes and dots, each chip's its own pattern.
    QVERIFY(chart->boardGraph());
    QCOMPARE(chart->boardGraph()->pen().style(), Qt::SolidLine);

    // A chip stating an energy per byte (the TPU v5e's HBM2, 31.76 pJ) brings its curve, in its dashes.
    QVERIFY(!m_window->document()->setCompared({ "tpu-v5e" }));
    const Analysis& b = *m_window->document()->analysis();
    QCOMPARE(chart->comparedLayouts().size(), std::size_t(1));
    const chart::EnergyLayout& tpu = chart->comparedLayouts()[0];
    QCOMPARE(tpu.curves.size(), std::size_t(1));
    QCOMPARE(tpu.curves[0].name, std::string("HBM"));
    bool drawn = false;
    for (int i = 0; i < chart->graphCount(); ++i) {
        const std::vector<chart::Point> points = pointsOf(chart->graph(i));
        if (points.size() == tpu.curves[0].points.size() && points.front().y == tpu.curves[0].points.front().y) {
            QCOMPARE(chart->graph(i)->pen().dashPattern(), comparedPen(0, Qt::black, 1).dashPattern());
            drawn = true;
        }
    }
    QVERIFY(drawn);
    QVERIFY(
        std::any_of(tpu.markers.begin(), tpu.markers.end(), [](const chart::EnergyMarker& m) { return m.model > 0; }));
    QCOMPARE(b.compared.front().hardware.name, std::string("Google TPU v5e"));
}

ROOFLINE_GUI_TEST_MAIN(TestEnergyView)
#include "test_energy_view.moc"
