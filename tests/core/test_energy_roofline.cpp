// SPDX-License-Identifier: GPL-3.0-or-later
// The energy model after Choi et al. (IPDPS 2013): an operation's joules term by term, the curve of FLOPs per joule
// against intensity, the band between the stated terms and board power, the energy chart's geometry, the presets'
// cited constants, and bad constants refused with file, line and field.
#include "chart/energy_chart.h"
#include "files/presets.h"
#include "files/scenario.h"
#include "llm/totals.h"
#include "report/report.h"
#include "roofline/energy.h"
#include "scenario_fixture.h"
#include "session/analysis.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cmath>

using namespace roofline;
using roofline::testing::library;
using roofline::testing::models;
using roofline::testing::roundChip;

namespace {

bool near(double a, double b, double relative = 1e-12)
{
    return std::fabs(a - b) <= relative * std::fabs(b);
}

// The round chip (bf16 10^14 FLOP/s, HBM 10^12 B/s) with every constant of the model: 1 pJ a FLOP, 10 pJ an HBM
// byte, 50 W constant and 100 W board power.
Hardware modelledChip()
{
    Hardware hw = roundChip();
    hw.energyPerFlop[static_cast<std::size_t>(Dtype::bf16)] = 1e-12;
    hw.memories[0].energyPerByte = 1e-11;
    hw.constantPower = 50;
    hw.boardPower = 100;
    return hw;
}

Operation dotOf(double n)
{
    Operation op;
    op.id = "dot";
    op.name = "dot";
    Dot dot;
    dot.N = n;
    op.op = dot;
    return op;
}

Evaluation evaluated(const Operation& op, const Hardware& hw)
{
    const Expected<Evaluation> e = evaluate(op.op, hw);
    if (!e)
        qFatal("%s", e.error().c_str());
    return *e;
}

} // namespace

class TestEnergyRoofline : public QObject {
    Q_OBJECT
private slots:
    // A bf16 dot product of N = 10^6: W = 2N − 1 = 1,999,999 FLOPs, Q = 2·2·10^6 + 2 = 4,000,002 B, T = Q / 10^12
    // = 4.000002 µs.
    //   W·ε_flop = 1,999,999 · 1 pJ = 1.999999 µJ;  Q·ε_HBM = 4,000,002 · 10 pJ = 40.00002 µJ;
    //   π0·T = 50 · 4.000002 µs = 200.0001 µJ.
    // E = 242.000119 µJ, 8.26446 GFLOPs per joule; at 100 W board power 400.0002 µJ.
    void anOperationsEnergyTermByTerm()
    {
        const Hardware hw = modelledChip();
        const OperationEnergy e = operationEnergy(hw, evaluated(dotOf(1e6), hw));
        QVERIFY(near(e.compute, 1.999999e-6));
        QVERIFY(near(e.data, 4.000002e-5));
        QVERIFY(near(e.constant, 2.000001e-4));
        QVERIFY(near(e.model(), 2.42000119e-4));
        QVERIFY(near(e.atBoardPower, 4.000002e-4));
        QVERIFY(e.complete());
        QVERIFY(e.missing.empty());
    }

    // Only the HBM's energy stated: the model counts Q·ε_HBM alone, a lower bound, and names the keys it lacks.
    void unstatedTermsAreNamed()
    {
        Hardware hw = roundChip();
        hw.memories[0].energyPerByte = 1e-11;
        const OperationEnergy e = operationEnergy(hw, evaluated(dotOf(1e6), hw));
        QVERIFY(near(e.model(), 4.000002e-5));
        QCOMPARE(e.compute, 0.0);
        QCOMPARE(e.constant, 0.0);
        QCOMPARE(e.atBoardPower, 0.0);
        QVERIFY(!e.complete());
        QCOMPARE(e.missing, (std::vector<std::string> { "energy_per_flop.bf16", "power.constant" }));

        // An AllReduce moves its bytes over a link whose energy is not stated.
        Session s = testing::parse("preset: tpu-v5e\n");
        const Analysis a = analyse(s);
        bool sawLink = false;
        for (const OperationAnalysis& op : a.operations)
            if (op.evaluation && op.evaluation->resources.front().name == "ICI") {
                const OperationEnergy ici = operationEnergy(a.hardware, *op.evaluation);
                QCOMPARE(ici.missing,
                    (std::vector<std::string> { "energy_per_flop.bf16", "energy_per_byte.ICI", "power.constant" }));
                QCOMPARE(ici.model(), 0.0);
                sawLink = true;
            }
        QVERIFY(sawLink);
    }

    // The curve at I = 1 (left of the ridge at 100): 1 / (1 pJ + 10 pJ/1 + 50 W / (1 · 10^12 B/s)) = 1 / 61 pJ; at
    // I = 1000: 1 / (1 pJ + 0.01 pJ + 50 / 10^14) = 1 / 1.51 pJ. The ceiling 1 / (1 pJ + 0.5 pJ) = 666.67 GFLOPs/J;
    // Choi's energy balance 10 pJ / 1 pJ = 10 FLOPs per byte.
    void theCurveOfFlopsPerJoule()
    {
        const std::optional<EnergyRoof> roof = energyRoof(modelledChip(), Dtype::bf16);
        QVERIFY(roof);
        QVERIFY(near(roof->flopsPerJouleAt(1), 1 / 61e-12));
        QVERIFY(near(roof->flopsPerJouleAt(1000), 1 / 1.51e-12));
        QVERIFY(near(roof->ceiling(), 1 / 1.5e-12));
        QVERIFY(near(roof->balance(), 10));
        // Each operation that moves its bytes across the HBM alone at the roofline's time lies on the curve: its
        // E/W is ε_flop + ε_HBM/I + π0/(I·B) exactly where the HBM binds.
        const Hardware hw = modelledChip();
        for (double n : { 1e3, 1e6, 1e9 }) {
            const Evaluation e = evaluated(dotOf(n), hw);
            QVERIFY(
                near(e.flops / operationEnergy(hw, e).model(), roof->flopsPerJouleAt(e.resources[0].intensity), 1e-9));
        }
        // With efficiency factors, the curve is of the practical peak and bandwidth, as operations' times are: at
        // 0.8 of the HBM and 0.5 of the compute, a dot product still lies on it, and the ridge moves to
        // 0.5·10^14 / (0.8·10^12) = 62.5.
        Hardware practical = hw;
        practical.memories[0].efficiency = 0.8;
        practical.computeEfficiency = 0.5;
        const std::optional<EnergyRoof> slower = energyRoof(practical, Dtype::bf16);
        QCOMPARE(slower->peak / slower->bandwidth, 62.5);
        const Evaluation e = evaluated(dotOf(1e6), practical);
        QVERIFY(near(
            e.flops / operationEnergy(practical, e).model(), slower->flopsPerJouleAt(e.resources[0].intensity), 1e-9));
        QVERIFY(!near(slower->flopsPerJouleAt(1), roof->flopsPerJouleAt(1), 1e-3));
        // At board power the time roofline over 100 W: 10^14 / 100 on the flat, 10^12·I / 100 on the slope.
        QCOMPARE(boardFlopsPerJoule(1000, 1e14, 1e12, 100), 1e12);
        QCOMPARE(boardFlopsPerJoule(1, 1e14, 1e12, 100), 1e10);
        // Nothing stated: no ceiling, no balance.
        const std::optional<EnergyRoof> bare = energyRoof(roundChip(), Dtype::bf16);
        QVERIFY(std::isinf(bare->ceiling()));
        QCOMPARE(bare->balance(), 0.0);
        QVERIFY(!energyRoof(roundChip(), Dtype::int8)); // no int8 peak
    }

    // The chart: the HBM's curve through the ridge, the board-power roofline with its kink, each operation's band.
    void theEnergyChart()
    {
        const Hardware hw = modelledChip();
        const Evaluation dot = evaluated(dotOf(1e6), hw);
        const std::vector<const Evaluation*> evals { &dot };
        const chart::EnergyLayout l = chart::energyLayout(hw, Dtype::bf16, evals);
        QCOMPARE(l.curves.size(), std::size_t(1));
        QCOMPARE(l.curves[0].name, std::string("HBM"));
        QVERIFY(l.curves[0].complete);
        QVERIFY(std::any_of(
            l.curves[0].points.begin(), l.curves[0].points.end(), [](const chart::Point& p) { return p.x == 100; }));
        for (const chart::Point& p : l.curves[0].points)
            QVERIFY(near(p.y, l.curves[0].roof.flopsPerJouleAt(p.x)));
        QCOMPARE(l.ridge, 100.0);
        QVERIFY(near(l.balance, 10));
        QVERIFY(near(l.ceiling, 1 / 1.5e-12));
        QCOMPARE(l.board.size(), std::size_t(3));
        QCOMPARE(l.board[1].x, 100.0);
        QCOMPARE(l.board[1].y, 1e12); // 10^14 FLOP/s at 100 W
        QCOMPARE(l.markers.size(), std::size_t(1));
        const chart::EnergyMarker& m = l.markers[0];
        QVERIFY(near(m.intensity, 1999999.0 / 4000002));
        QVERIFY(near(m.model, 1999999 / 2.42000119e-4));
        QVERIFY(near(m.board, 1999999 / 4.000002e-4));
        QVERIFY(m.complete);
        QVERIFY(l.missing.empty());
        // The axes hold the marker's band, the ridge and the balance.
        QVERIFY(l.axes.x.lower() <= m.intensity && m.intensity <= l.axes.x.upper());
        QVERIFY(l.axes.y.lower() <= m.board && m.model <= l.axes.y.upper());
        QVERIFY(l.axes.x.upper() >= 100);
        // Held axes stay, the curves sampled across them.
        const chart::Axes held { { -3, 6 }, { 5, 14 } };
        const chart::EnergyLayout h = chart::energyLayout(hw, Dtype::bf16, evals, held);
        QCOMPARE(h.axes, held);
        QCOMPARE(h.curves[0].points.front().x, 1e-3);
        QCOMPARE(h.curves[0].points.back().x, 1e6);
        QCOMPARE(h.natural, l.natural);
    }

    // A chip stating nothing but its board power: no curve, the board-power roofline, and the model's three keys to
    // give; a chip stating nothing at all has nothing to draw.
    void aChartFromBoardPowerAlone()
    {
        Hardware hw = roundChip();
        hw.boardPower = 100;
        const Evaluation dot = evaluated(dotOf(1e6), hw);
        const std::vector<const Evaluation*> evals { &dot };
        const chart::EnergyLayout l = chart::energyLayout(hw, Dtype::bf16, evals);
        QVERIFY(l.curves.empty());
        QCOMPARE(l.board.size(), std::size_t(3));
        QCOMPARE(l.markers.size(), std::size_t(1));
        QCOMPARE(l.markers[0].model, 0.0);
        QVERIFY(near(l.markers[0].board, 1999999 / 4.000002e-4));
        QCOMPARE(
            l.missing, (std::vector<std::string> { "energy_per_flop.bf16", "energy_per_byte.HBM", "power.constant" }));
        QVERIFY(!l.empty());
        QVERIFY(chart::energyLayout(roundChip(), Dtype::bf16, evals).empty());
    }

    // Several chips in one frame: each laid out as alone, across the union of their natural axes; a chip with nothing
    // to draw takes the frame too.
    void chipsInOneFrame()
    {
        const Hardware modelled = modelledChip();
        Hardware board = roundChip();
        board.boardPower = 100;
        const Hardware bare = roundChip();
        const Evaluation onModelled = evaluated(dotOf(1e6), modelled);
        const Evaluation onBoard = evaluated(dotOf(1e6), board);
        const std::vector<const Evaluation*> first { &onModelled };
        const std::vector<const Evaluation*> second { &onBoard };
        const std::vector<const Evaluation*> none { nullptr };
        const chart::EnergyChip chips[]
            = { { &modelled, Dtype::bf16, first }, { &board, Dtype::bf16, second }, { &bare, Dtype::bf16, none } };
        const std::vector<chart::EnergyLayout> together = chart::energyLayouts(chips);
        QCOMPARE(together.size(), std::size_t(3));
        const chart::EnergyLayout alone0 = chart::energyLayout(modelled, Dtype::bf16, first);
        const chart::EnergyLayout alone1 = chart::energyLayout(board, Dtype::bf16, second);
        const chart::Axes frame { chart::unite(alone0.natural.x, alone1.natural.x),
            chart::unite(alone0.natural.y, alone1.natural.y) };
        for (const chart::EnergyLayout& l : together) {
            QCOMPARE(l.axes, frame);
            QCOMPARE(l.natural, frame);
        }
        // The content is each chip's own: the same markers, curves sampled across the common frame.
        QCOMPARE(together[0].markers.size(), std::size_t(1));
        QCOMPARE(together[0].markers[0].model, alone0.markers[0].model);
        QCOMPARE(together[1].markers[0].board, alone1.markers[0].board);
        QCOMPARE(together[0].curves[0].points.front().x, frame.x.lower());
        QCOMPARE(together[1].board.front().x, frame.x.lower());
        QCOMPARE(together[1].board.back().x, frame.x.upper());
        QVERIFY(together[2].empty());
        // Held, the frame is the one held.
        const chart::Axes held { { -3, 6 }, { 5, 14 } };
        for (const chart::EnergyLayout& l : chart::energyLayouts(chips, held))
            QCOMPARE(l.axes, held);
        // Chips whose own ranges differ (a ridge of 10^5 FLOPs per byte beside one of 100): the frame holds every
        // curve and board-power roofline at both of its ends, though a memory-bound curve keeps falling left of the
        // range its own chip asked for.
        Hardware slow = modelledChip();
        slow.memories[0].bandwidth = 1e9; // 10^14 / 10^9: a ridge at 10^5
        // No operation on it: its own range starts a decade left of the ridge and the balance, far right of the
        // dot's 0.5 that the other chip's range reaches for.
        const chart::EnergyChip apart[] = { { &modelled, Dtype::bf16, first }, { &slow, Dtype::bf16, {} } };
        for (const chart::EnergyLayout& l : chart::energyLayouts(apart)) {
            const double lo = l.axes.y.lower();
            const double hi = l.axes.y.upper();
            for (const chart::EnergyCurve& c : l.curves)
                for (const chart::Point& p : { c.points.front(), c.points.back() })
                    QVERIFY2(lo <= p.y && p.y <= hi, qPrintable(QString::number(p.y)));
            for (const chart::Point& p : l.board)
                QVERIFY2(lo <= p.y && p.y <= hi, qPrintable(QString::number(p.y)));
            QVERIFY(l.axes.x.upper() >= 1e5 && l.axes.x.lower() <= 0.5);
        }
        // One chip: energyLayout's layout.
        const std::vector<chart::EnergyLayout> one = chart::energyLayouts(std::span(chips, 1));
        QCOMPARE(one[0].axes, alone0.axes);
        QCOMPARE(one[0].curves[0].points.size(), alone0.curves[0].points.size());
    }

    // Levels and links with an energy of their own get a curve of their own, after the main memory's.
    void aLinkWithItsOwnEnergy()
    {
        const Hardware gb200 = *library().find("gb200");
        QCOMPARE(gb200.link("C2C")->energyPerByte, 10.4e-12); // 1.3 pJ/bit, NVLink-C2C
        const chart::EnergyLayout l = chart::energyLayout(gb200, Dtype::bf16, {});
        QCOMPARE(l.curves.size(), std::size_t(1));
        QCOMPARE(l.curves[0].name, std::string("C2C"));
        QCOMPARE(l.curves[0].kind, RoofKind::Network);
        QVERIFY(!l.curves[0].complete);
    }

    // The presets' cited constants: HBM2's 3.97 pJ/bit (O'Connor et al., MICRO 2017) on the HBM2 and HBM2e chips,
    // nothing where no figure is published.
    void presetsCiteTheirConstants()
    {
        for (const char* id : { "tpu-v4", "tpu-v5e", "tpu-v5p", "a100-sxm", "h100-pcie", "gaudi3" }) {
            const Hardware* hw = library().find(id);
            QVERIFY2(hw, id);
            QVERIFY2(near(hw->memories.front().energyPerByte, 3.97e-12 * 8), id);
            QVERIFY2(std::any_of(hw->sources.begin(), hw->sources.end(),
                         [](const std::string& s) { return s.find("3.97 pJ/bit") != std::string::npos; }),
                id);
        }
        for (const char* id : { "h100-sxm", "h200-sxm", "b200", "mi300x" }) {
            const Hardware* hw = library().find(id);
            QCOMPARE(hw->memories.front().energyPerByte, 0.0);
            QVERIFY(!statesEnergyModel(*hw));
        }
    }

    // The keys --set and scenarios take, their units and ranges, and a scenario that keeps them.
    void keysUnitsAndSaving()
    {
        Hardware hw = roundChip();
        QVERIFY(!setHardwareValue(hw, "energy_per_flop.bf16", 5e-13));
        QCOMPARE(hw.energyFor(Dtype::bf16), std::optional<double>(5e-13));
        QVERIFY(!setHardwareValue(hw, "energy_per_byte.FAST", 8e-12));
        QCOMPARE(hw.link("FAST")->energyPerByte, 8e-12);
        QVERIFY(!setHardwareValue(hw, "power.constant", 60));
        QCOMPARE(hw.constantPower, 60.0);
        QVERIFY(near(parseHardwareValue(HardwareQuantity::ByteEnergy, "31.76 pJ")->value, 3.176e-11));
        QVERIFY(near(parseHardwareValue(HardwareQuantity::FlopEnergy, "0.5p")->value, 5e-13));
        QVERIFY(!parseHardwareValue(HardwareQuantity::FlopEnergy, "5 W"));
        QVERIFY(!parseHardwareValue(HardwareQuantity::FlopEnergy, "1 mJ")); // above 1 µJ
        QVERIFY(!parseHardwareValue(HardwareQuantity::ByteEnergy, "nan pJ"));
        QCOMPARE(setHardwareValue(hw, "energy_per_byte.NONE", 1e-12).value_or(""),
            std::string("no memory level or link named 'NONE' on Round"));
        QVERIFY(setHardwareValue(hw, "energy_per_flop.fp64", 1e-12).value_or("").starts_with("unknown dtype 'fp64'"));
        QVERIFY(
            setHardwareValue(hw, "energy_per_flop.bf16", 0).value_or("").find("1e-16 to 1e-6 J") != std::string::npos);
        // On the command line and in a scenario's set: as in a preset; a peak given first adds the dtype.
        Session h100 = defaultSession(*library().find("h100-sxm"));
        QVERIFY(
            applySetting(h100, "energy_per_flop.fp4=1e-12").value_or("").find("no peak for fp4") != std::string::npos);
        QVERIFY(!applySetting(h100, "peak.fp4=2e15"));
        QVERIFY(!applySetting(h100, "energy_per_flop.fp4=1e-12"));

        const auto s = parseScenario("preset: h100-sxm\nset:\n  energy_per_flop.bf16: 0.5 pJ\n  power.constant: 90\n",
            "s.yaml", library(), models());
        QVERIFY2(s, s ? "" : toString(s.error()).c_str());
        QCOMPARE(s->hardware().energyFor(Dtype::bf16), std::optional<double>(5e-13));
        const auto again = parseScenario(writeScenario(*s), "t.yaml", library(), models());
        QVERIFY(again);
        QCOMPARE(again->hardware().energyFor(Dtype::bf16), std::optional<double>(5e-13));
        QCOMPARE(again->hardware().constantPower, 90.0);

        Session inline_;
        inline_.chip = modelledChip();
        inline_.chip.links[1].energyPerByte = 2e-11;
        const std::string written = writeScenario(inline_);
        const auto read = parseScenario(written, "i.yaml", library(), models());
        QVERIFY2(read, read ? "" : (toString(read.error()) + "\n" + written).c_str());
        QCOMPARE(read->chip.energyPerFlop, inline_.chip.energyPerFlop);
        QCOMPARE(read->chip.memories[0].energyPerByte, 1e-11);
        QCOMPARE(read->chip.links[1].energyPerByte, 2e-11);
        QCOMPARE(read->chip.constantPower, 50.0);
    }

    void badConstants_data()
    {
        QTest::addColumn<QString>("block");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown level") << "energy_per_byte: { L3: 1 pJ }" << 5 << "energy_per_byte.L3"
                                       << "no memory level or link named 'L3'";
        QTest::newRow("unknown dtype") << "energy_per_flop: { fp64: 1 pJ }" << 5 << "energy_per_flop.fp64"
                                       << "unknown dtype 'fp64'";
        QTest::newRow("a dtype without a peak") << "energy_per_flop: { fp4: 1 pJ }" << 5 << "energy_per_flop.fp4"
                                                << "Round has no peak for fp4: no operation runs in it to take an "
                                                   "energy (its dtypes: bf16; peak.fp4 adds it)";
        QTest::newRow("a time") << "energy_per_flop: { bf16: 5 s }" << 5 << "energy_per_flop.bf16"
                                << "unexpected unit: an energy per operation is in J or a plain number";
        QTest::newRow("not a number") << "energy_per_byte: { HBM: .nan }" << 5 << "energy_per_byte.HBM"
                                      << "expected a finite number";
        QTest::newRow("a list") << "energy_per_byte: [ 1 pJ ]" << 5 << "energy_per_byte"
                                << "expected a map of names to energies";
        // A key that is no name a chip could have stays out of the field, quoted and cut short in the message.
        QTest::newRow("a name of control text") << "energy_per_byte: { \"H\\tB\\rM\": 1 pJ }" << 5 << "energy_per_byte"
                                                << "named 'H?B?M'";
        QTest::newRow("a long name") << "energy_per_flop: { " + QString(300, QLatin1Char('x')) + ": 1 pJ }" << 5
                                     << "energy_per_flop"
                                     << "'" + QString(80, QLatin1Char('x')) + "...'";
        // A name of a name's characters is kept in the field, reserved or not.
        QTest::newRow("a reserved name") << "energy_per_byte: { launch: 1 pJ }" << 5 << "energy_per_byte.launch"
                                         << "no memory level or link named 'launch'";
        QTest::newRow("constant power") << "constant_power: -3" << 5 << "constant_power"
                                        << "expected a positive value";
    }
    // A bad constant in a preset is refused with its file, line and field.
    void badConstants()
    {
        QFETCH(QString, block);
        QFETCH(int, line);
        QFETCH(QString, field);
        QFETCH(QString, message);
        const std::string text = "name: Round\ncompute: { bf16: 1e14 }\nmemory: [ { name: HBM, bandwidth: 1e12 } ]\n"
                                 "sources: [ round numbers ]\n"
            + block.toStdString() + "\n";
        const Expected<Hardware, Diagnostics> hw = parsePreset(text, "bad.yaml", "bad");
        QVERIFY(!hw);
        const Diagnostic& d = hw.error().front();
        const QString all = QString::fromStdString(toString(hw.error()));
        QCOMPARE(QString::fromStdString(d.file), QStringLiteral("bad.yaml"));
        QCOMPARE(d.line, line);
        QCOMPARE(QString::fromStdString(d.field), field);
        QVERIFY2(QString::fromStdString(d.message).contains(message), qPrintable(all));
        QVERIFY2(
            all.size() < 400 && !all.contains(QLatin1Char('\t')) && !all.contains(QLatin1Char('\r')), qPrintable(all));
    }

    // An operation of no FLOPs needs no energy per FLOP; stated terms that spend more than the board's whole rating
    // would in the same time are flagged: π0 = 150 W on a 100 W board.
    void noFlopsAndMoreThanTheBoard()
    {
        Hardware hw = roundChip();
        hw.memories[0].energyPerByte = 1e-11;
        hw.constantPower = 150;
        hw.boardPower = 100;
        Evaluation moves = evaluated(dotOf(1e6), hw);
        moves.flops = 0; // as a gather or a collective's copy
        const OperationEnergy e = operationEnergy(hw, moves);
        QVERIFY(e.complete());
        QVERIFY(e.missing.empty());
        // 40.00002 µJ of bytes + 150 W · 4.000002 µs = 600.0003 µJ, above 100 W · 4.000002 µs = 400.0002 µJ.
        QVERIFY(near(e.model(), 6.4000032e-4));
        QVERIFY(e.exceedsBoardPower());
        hw.constantPower = 50;
        QVERIFY(!operationEnergy(hw, moves).exceedsBoardPower());

        Session s;
        s.chip = hw;
        s.chip.constantPower = 150;
        s.presetId = s.chip.id;
        s.operations.push_back(dotOf(1e6));
        const Expected<std::string> text = reportTable(analyse(s));
        QVERIFY(text);
        QVERIFY2(text->find("the model's stated terms spend more than the 100 W board power would for 1 operation")
                != std::string::npos,
            text->c_str());
        // Without ε_flop: the model's figures are marked as bounds, and the keys to give are named.
        QVERIFY2(text->find("≥ 640 µJ") != std::string::npos, text->c_str());
        QVERIFY2(text->find("Round states no energy_per_flop.bf16 (give them with --set)") != std::string::npos,
            text->c_str());
    }

    // A model's step on one chip that moves its bytes across the HBM alone: every term of the sum taken from the
    // step's own totals, E = W·ε_flop + Q_HBM·ε_HBM + π0·T_lower, 1 pJ, 10 pJ and 50 W; two tokens a step.
    void aModelStepByTheModel()
    {
        Session s;
        s.chip = modelledChip();
        s.chip.memories[0].capacity = 1e12;
        s.presetId = s.chip.id;
        ModelSettings m;
        m.model = *models().find("llama-2-7b");
        m.batch = 2;
        s.model = m;
        const Analysis a = analyse(s);
        QVERIFY2(a.model, a.modelProblem.c_str());
        const ModelTotals& t = *a.model;
        QCOMPARE(t.chips, 1.0);
        const double byHand = t.flops * 1e-12 + t.memoryBytes * 1e-11 + 50 * t.tLower;
        QVERIFY2(near(t.modelEnergyPerStep, byHand, 1e-9), qPrintable(QString::number(t.modelEnergyPerStep / byHand)));
        QVERIFY(t.modelEnergyComplete);
        QVERIFY(near(t.modelTokensPerJoule, 2 / byHand, 1e-9));
        // At board power the same step spends more: 100 W for all of T_lower.
        QVERIFY(near(t.energyPerStep, 100 * t.tLower));
        QVERIFY(t.energyPerStep > t.modelEnergyPerStep);
        // Without the constant power, a lower bound that says so.
        s.chip.constantPower = 0;
        const Analysis b = analyse(s);
        QVERIFY(!b.model->modelEnergyComplete);
        QVERIFY(near(b.model->modelEnergyPerStep, t.flops * 1e-12 + t.memoryBytes * 1e-11, 1e-9));
    }

    // The report's JSON: the model's terms for each operation, FLOPs per joule, and the keys it lacks.
    void reportJsonCarriesTheModel()
    {
        Session s;
        s.chip = modelledChip();
        s.presetId = s.chip.id;
        s.operations.push_back(dotOf(1e6));
        const Expected<std::string> json = reportJson(analyse(s));
        QVERIFY(json);
        const QJsonObject op
            = QJsonDocument::fromJson(QByteArray::fromStdString(*json)).object()["operations"].toArray()[0].toObject();
        const QJsonObject m = op["energy_model"].toObject();
        QVERIFY(near(m["total_j"].toDouble(), 2.42000119e-4));
        QVERIFY(near(m["compute_j"].toDouble(), 1.999999e-6));
        QVERIFY(near(m["flops_per_joule"].toDouble(), 1999999 / 2.42000119e-4));
        QVERIFY(m["complete"].toBool());
        QVERIFY(m["missing"].toArray().isEmpty());
        const Expected<std::string> text = reportTable(analyse(s));
        QVERIFY(text);
        QVERIFY2(text->find("242 µJ") != std::string::npos, text->c_str());
        QVERIFY2(text->find("400 µJ") != std::string::npos, text->c_str());
    }
};

QTEST_GUILESS_MAIN(TestEnergyRoofline)
#include "test_energy_roofline.moc"
