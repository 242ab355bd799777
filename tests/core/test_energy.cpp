// SPDX-License-Identifier: GPL-3.0-or-later
// Which chip, at what energy and cost: the presets' board power, energy as power × time for one operation and one
// model step, the cost at a price per chip-hour, the ranking by joules per token, and the throughput–interactivity
// frontier point by point against single analyses.
#include "files/scenario.h"
#include "llm/totals.h"
#include "report/compare.h"
#include "report/report.h"
#include "scenario_fixture.h"
#include "session/analysis.h"
#include "session/model_sweep.h"

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

Session modelOn(const Hardware& chip, const std::string& id, double batch, double tp)
{
    Session s;
    s.chip = chip;
    s.presetId = chip.id;
    ModelSettings m;
    m.model = *models().find(id);
    m.batch = batch;
    m.tp = tp;
    s.model = m;
    return s;
}

} // namespace

class TestEnergy : public QObject {
    Q_OBJECT
private slots:
    // The datasheets' ratings as the presets cite them; Google states none for its TPUs.
    void presetsStateTheirBoardPower()
    {
        QCOMPARE(library().find("h100-sxm")->boardPower, 700.0);
        QCOMPARE(library().find("h100-pcie")->boardPower, 350.0);
        QCOMPARE(library().find("b200")->boardPower, 1000.0);
        QCOMPARE(library().find("gb200")->boardPower, 1200.0);
        QCOMPARE(library().find("mi300x")->boardPower, 750.0);
        QCOMPARE(library().find("gaudi3")->boardPower, 900.0);
        for (const char* tpu : { "tpu-v4", "tpu-v5e", "tpu-v5p", "tpu-v6e" })
            QCOMPARE(library().find(tpu)->boardPower, 0.0);
    }

    // A bf16 dot product of N = 10^6 on the round chip reads 2·2·10^6 bytes and writes 2: 4,000,002 B at 10^12 B/s
    // is 4.000002 µs; at 100 W, 400.0002 µJ.
    void anOperationsEnergyIsPowerTimesTime()
    {
        Session s;
        s.chip = roundChip();
        s.chip.boardPower = 100;
        s.presetId = s.chip.id;
        Operation op;
        op.id = "dot";
        op.name = "dot";
        Dot dot;
        dot.N = 1e6;
        op.op = dot;
        s.operations.push_back(op);
        const Expected<std::string> json = reportJson(analyse(s));
        QVERIFY(json);
        const QJsonObject first
            = QJsonDocument::fromJson(QByteArray::fromStdString(*json)).object()["operations"].toArray()[0].toObject();
        QVERIFY(std::fabs(first["energy_j"].toDouble() / 4.000002e-4 - 1) < 1e-12);
        s.chip.boardPower = 0; // not stated: no energy, rather than none
        const Expected<std::string> without = reportJson(analyse(s));
        QVERIFY(!QJsonDocument::fromJson(QByteArray::fromStdString(*without))
                     .object()["operations"]
                     .toArray()[0]
                     .toObject()
                     .contains("energy_j"));
    }

    // Llama-2-7B decoding B = 2 over tp = 2 round chips at 100 W and 3.6 per chip-hour (0.001 a chip-second): a step
    // of T seconds takes 100 · 2 · T J and costs 0.001 · 2 · T; it gives 2 tokens, so 1/(100·T) tokens per joule and
    // 0.001·T per token, 1000·T per million.
    void aModelStepsEnergyAndCost()
    {
        Hardware chip = roundChip();
        chip.boardPower = 100;
        chip.pricePerHour = 3.6;
        const ModelTotals t = *analyse(modelOn(chip, "llama-2-7b", 2, 2)).model;
        const double T = t.tLower;
        QCOMPARE(t.chips, 2.0);
        QCOMPARE(t.tokensPerStep, 2.0);
        QCOMPARE(t.energyPerStep, 200 * T);
        QVERIFY(std::fabs(t.tokensPerJoule * 100 * T - 1) < 1e-12);
        QVERIFY(std::fabs(t.costPerStep / (0.002 * T) - 1) < 1e-12);
        QVERIFY(std::fabs(t.costPerMillionTokens / (1000 * T) - 1) < 1e-12);

        // A training step's deployment is dp·tp·pp chips and its tokens B·P.
        Session train = modelOn(chip, "llama-2-7b", 8, 2);
        train.model->phase = Phase::Train;
        train.model->prompt = 128;
        train.model->dp = 2;
        train.model->pp = 2;
        const ModelTotals tr = *analyse(train).model;
        QCOMPARE(tr.chips, 8.0);
        QCOMPARE(tr.tokensPerStep, 8.0 * 128);
        QCOMPARE(tr.energyPerStep, 100 * 8 * tr.tLower);
    }

    // Keys and values the user gives: a power in watts, a price per chip-hour and nothing else.
    void powerAndPriceKeys()
    {
        Hardware hw = roundChip();
        QVERIFY(!setHardwareValue(hw, "price.hour", 2.49));
        QCOMPARE(hw.pricePerHour, 2.49);
        QVERIFY(!setHardwareValue(hw, "power.board", 700));
        QCOMPARE(hw.boardPower, 700.0);
        QCOMPARE(setHardwareValue(hw, "price.month", 1000).value_or(""),
            std::string("unknown price 'price.month' (expected price.hour, the price of one chip for one hour: a "
                        "month's or a token's is not a rate per hour)"));
        QVERIFY(setHardwareValue(hw, "power.board", 0).value_or("").starts_with("power.board: expected a power"));
        QVERIFY(!parseHardwareValue(HardwareQuantity::Price, "2.49$/h"));
        QVERIFY(!parseHardwareValue(HardwareQuantity::Price, "2k"));
        QCOMPARE(parseHardwareValue(HardwareQuantity::Price, "2.49")->value, 2.49);
    }

    // Ranked by joules per token, each chip's figure is its own report's, smallest first; a chip whose preset states
    // no board power ranks after those that do.
    void rankingByJoulesPerToken()
    {
        Session s = modelOn(*library().find("h100-sxm"), "llama-3.1-8b", 16, 1);
        const auto rows = compareChips(
            s, { "tpu-v5p", "h100-sxm", "h200-sxm", "b200", "mi300x" }, library(), models(), "joules_per_token");
        QVERIFY(rows);
        QCOMPARE(rows->back().presetId, std::string("tpu-v5p"));
        QVERIFY(std::isnan(rows->back().joulesPerToken));
        double last = 0;
        for (std::size_t i = 0; i + 1 < rows->size(); ++i) {
            const ChipComparison& r = (*rows)[i];
            QVERIFY2(r.problem.empty(), r.problem.c_str());
            QVERIFY(r.joulesPerToken >= last);
            last = r.joulesPerToken;
            const ModelTotals own = *analyse(modelOn(*library().find(r.presetId), "llama-3.1-8b", 16, 1)).model;
            QCOMPARE(r.joulesPerToken, 1 / own.tokensPerJoule);
            QCOMPARE(r.energy, own.energyPerStep);
        }
    }

    // Four chips, three prices: each priced chip's cost per million tokens is its price over its own step, by hand
    // price / 3600 · chips · T_step / tokens · 10^6, the cheapest first; the unpriced one after them, and named.
    void rankingByCostWithAPriceEach()
    {
        Session s = modelOn(*library().find("h100-sxm"), "llama-3.1-70b", 64, 8);
        const std::map<std::string, double> prices { { "h100-sxm", 2.49 }, { "b200", 5.99 }, { "mi300x", 3.2 } };
        const auto rows = compareChips(s, { "h100-sxm", "h200-sxm", "b200", "mi300x" }, library(), models(),
            "cost_per_million_tokens", std::nullopt, prices);
        QVERIFY2(rows, rows ? "" : rows.error().c_str());
        QCOMPARE(rows->back().presetId, std::string("h200-sxm"));
        QVERIFY(std::isnan(rows->back().costPerMillionTokens));
        QCOMPARE(unpricedChips(*rows), std::vector<std::string> { "h200-sxm" });
        double last = 0;
        for (std::size_t i = 0; i + 1 < rows->size(); ++i) {
            const ChipComparison& r = (*rows)[i];
            const ModelTotals own = *analyse(modelOn(*library().find(r.presetId), "llama-3.1-70b", 64, 8)).model;
            const double byHand = prices.at(r.presetId) / 3600 * 8 * own.tLower / 64 * 1e6;
            QVERIFY2(std::fabs(r.costPerMillionTokens / byHand - 1) < 1e-12, r.presetId.c_str());
            QVERIFY(r.costPerMillionTokens >= last);
            last = r.costPerMillionTokens;
        }
        QCOMPARE(unpricedNote(*rows),
            std::string("no price for h200-sxm: its cost is —, and it ranks after the priced "
                        "chips\n"));
        // A price for a chip not compared is refused, not dropped.
        QVERIFY(!compareChips(s, { "h100-sxm" }, library(), models(), "t_lower_s", std::nullopt, { { "b200", 1.0 } }));
    }

    // compare --all for a 70B decode step over 8 chips: every chip of 2026 runs it and is ranked among the rest.
    void theChipsOf2026AreRanked()
    {
        std::vector<std::string> chips;
        for (const Hardware& h : library().presets())
            chips.push_back(h.id);
        const auto rows = compareChips(
            modelOn(*library().find("h100-sxm"), "llama-3.1-70b", 64, 8), chips, library(), models(), "tokens_per_s");
        QVERIFY2(rows, rows ? "" : rows.error().c_str());
        for (const char* id : { "b300", "gb300", "rtx-pro-6000", "rtx-5090", "h20", "tpu7x", "mi350x", "trainium2" }) {
            const auto row
                = std::find_if(rows->begin(), rows->end(), [id](const ChipComparison& r) { return r.presetId == id; });
            QVERIFY2(row != rows->end() && row->problem.empty() && row->tokensPerSecond > 0, id);
        }
    }

    // Each point of Llama-3.1-8B's frontier on an H100 is a single analysis at its batch and tp; a point on the
    // frontier is beaten on both rates by none that fits, and every other point that fits is.
    void frontierPointsAreSingleAnalyses()
    {
        const Session s = modelOn(*library().find("h100-sxm"), "llama-3.1-8b", 1, 1);
        const Frontier f = sweepFrontier(s, 256);
        QCOMPARE(f.tps, (std::vector<double> { 1, 2, 4, 8 }));
        QCOMPARE(f.points.size(), std::size_t(4 * 9)); // batches 1, 2, 4, ... 256 at each tp
        auto beats = [](const FrontierPoint& q, const FrontierPoint& p) {
            return q.fits && q.tokensPerSecondPerChip >= p.tokensPerSecondPerChip
                && q.tokensPerSecondPerSequence >= p.tokensPerSecondPerSequence
                && (q.tokensPerSecondPerChip > p.tokensPerSecondPerChip
                    || q.tokensPerSecondPerSequence > p.tokensPerSecondPerSequence);
        };
        std::size_t onFrontier = 0;
        for (const FrontierPoint& p : f.points) {
            const ModelTotals t = *analyse(modelOn(*library().find("h100-sxm"), "llama-3.1-8b", p.batch, p.tp)).model;
            QCOMPARE(p.tLower, t.tLower);
            QCOMPARE(p.tokensPerSecondPerChip, t.tokensPerSecond / p.tp);
            QCOMPARE(p.tokensPerSecondPerSequence, t.tokensPerSecondPerSequence);
            QCOMPARE(p.fits, t.fits);
            const bool beaten
                = std::any_of(f.points.begin(), f.points.end(), [&](const FrontierPoint& q) { return beats(q, p); });
            QCOMPARE(p.onFrontier, p.fits && !beaten);
            onFrontier += p.onFrontier;
        }
        // One chip serves the most tokens a chip at the largest batch; eight chips the fastest sequence at B = 1.
        QVERIFY(onFrontier >= 2);
        const auto best
            = std::max_element(f.points.begin(), f.points.end(), [](const FrontierPoint& a, const FrontierPoint& b) {
                  return a.tokensPerSecondPerSequence < b.tokensPerSecondPerSequence;
              });
        QVERIFY(best->onFrontier);
        QCOMPARE(best->tp, 8.0);
        QCOMPARE(best->batch, 1.0);
        Session train = s;
        train.model->phase = Phase::Train;
        QVERIFY(sweepFrontier(train, 64).points.empty());
    }

    // Under expert parallelism a point's chips are ep, whatever its tp, and its batches whole groups: DeepSeek-V3 over
    // 8 H200s by experts, B = 8·1 … 64 at tp 1 (8 groups of one chip), 4·1 … 64 at tp 2, and so on; a sweep to B = 4
    // leaves out tp 1, whose eight groups need eight sequences.
    void frontierUnderExpertParallelism()
    {
        Session s = modelOn(*library().find("h200-sxm"), "deepseek-v3", 8, 1);
        s.model->weights = Dtype::fp8;
        s.model->ep = 8;
        const Frontier f = sweepFrontier(s, 64);
        QCOMPARE(f.tps, (std::vector<double> { 1, 2, 4, 8 }));
        QCOMPARE(f.points.size(), std::size_t(4 + 5 + 6 + 7));
        for (const FrontierPoint& p : f.points) {
            QCOMPARE(p.chips, 8.0);
            QCOMPARE(std::fmod(p.batch, 8 / p.tp), 0.0);
            Session one = s;
            one.model->tp = p.tp;
            one.model->batch = p.batch;
            const ModelTotals t = *analyse(one).model;
            QCOMPARE(p.tokensPerSecondPerChip, t.tokensPerSecond / 8);
        }
        QCOMPARE(sweepFrontier(s, 4).tps, (std::vector<double> { 2, 4, 8 }));
    }

    // The board power and the price travel with the scenario: set: keys written back, an inline chip's board_power.
    void powerAndPriceAreSaved()
    {
        const auto s = parseScenario(
            "preset: h100-sxm\nset:\n  power.board: 650\n  price.hour: 2.49\n", "s.yaml", library(), models());
        QVERIFY(s);
        QCOMPARE(s->hardware().boardPower, 650.0);
        QCOMPARE(s->hardware().pricePerHour, 2.49);
        const auto again = parseScenario(writeScenario(*s), "t.yaml", library(), models());
        QVERIFY(again);
        QCOMPARE(again->hardware().boardPower, 650.0);
        QCOMPARE(again->hardware().pricePerHour, 2.49);

        Session inline_;
        inline_.chip = roundChip();
        inline_.chip.boardPower = 123;
        const std::string written = writeScenario(inline_);
        QVERIFY2(written.find("board_power: 123") != std::string::npos, written.c_str());
        const auto read = parseScenario(written, "i.yaml", library(), models());
        QVERIFY2(read, read ? "" : toString(read.error()).c_str());
        QCOMPARE(read->chip.boardPower, 123.0);
    }

    // Every CSV row has the header's fields, the figures a chip lacks left empty.
    void comparisonCsvKeepsItsColumns()
    {
        Session s = modelOn(*library().find("h100-sxm"), "llama-3.1-8b", 16, 1);
        s.overrides.push_back({ "price.hour", 2.5 });
        const auto rows = compareChips(s, { "h100-sxm", "tpu-v5e", "l40s" }, library(), models(), "t_lower_s");
        QVERIFY(rows);
        const std::string csv = comparisonCsv(*rows);
        std::size_t fields = 0;
        std::size_t line = 0;
        for (std::size_t start = 0; start < csv.size(); ++line) {
            const std::size_t end = csv.find('\n', start);
            const std::string row = csv.substr(start, end - start);
            const std::size_t commas = static_cast<std::size_t>(std::count(row.begin(), row.end(), ','));
            if (line == 0)
                fields = commas;
            else if (row.find('"') == std::string::npos) // a quoted problem may hold commas of its own
                QCOMPARE(commas, fields);
            start = end + 1;
        }
        QCOMPARE(line, std::size_t(4));
        QVERIFY(csv.find("h100-sxm,") != std::string::npos);
        // The H100 has its price; the others keep theirs empty.
        QVERIFY(!std::isnan(rows->front().costPerMillionTokens));
    }
};

QTEST_GUILESS_MAIN(TestEnergy)
#include "test_energy.moc"
