// SPDX-License-Identifier: GPL-3.0-or-later
// Session files and --set: the shipped examples load, overrides apply, bad files are located, saving round-trips.
#include "files/scenario.h"
#include "roofline/evaluate.h"
#include "roofline/solver.h"
#include "scenario_fixture.h"
#include "session/analysis.h"

#include <QTest>

using namespace roofline;
using roofline::testing::library;
using roofline::testing::parse;

class TestScenario : public QObject {
    Q_OBJECT
private slots:
    void everyShippedScenarioLoadsAndEvaluates()
    {
        int count = 0;
        for (const EmbeddedFile& f : embeddedFiles()) {
            if (f.name.rfind("scenarios/", 0) != 0)
                continue;
            ++count;
            const Expected<Session, Diagnostics> s = parseScenario(f.text, std::string(f.name), library());
            QVERIFY2(s, s ? "" : toString(s.error()).c_str());
            QVERIFY2(!s->name.empty(), f.name.data());
            QVERIFY2(!s->operations.empty() || s->model, f.name.data());
            // A model's operations are made by the analysis; they all evaluate on the scenario's chip.
            QVERIFY2(analyse(*s).modelProblem.empty(), analyse(*s).modelProblem.c_str());
            for (const Operation& op : s->operations)
                QVERIFY2(evaluate(op.op, s->hardware()), op.name.c_str());
        }
        QVERIFY(count >= 6);
    }

    void theInt8ExampleReproducesQuestion1()
    {
        const EmbeddedFile* file = nullptr;
        for (const EmbeddedFile& f : embeddedFiles())
            if (f.name == "scenarios/int8-matmul-v5e.yaml")
                file = &f;
        QVERIFY(file);
        const Session s = parse(std::string(file->text));
        QCOMPARE(*s.hardware().peakFor(Dtype::int8), 3.94e14);
        QCOMPARE(s.hardware().memories[0].bandwidth, 8.1e11);
        QCOMPARE(s.dtype, std::optional<Dtype>(Dtype::int8));
    }

    void presetWithDefaultWorkload()
    {
        const Session s = parse("preset: tpu-v5e\n");
        QCOMPARE(s.presetId, std::string("tpu-v5e"));
        QVERIFY(s.operations.size() >= 10);
        std::vector<std::string> kinds;
        for (const Operation& op : s.operations)
            kinds.emplace_back(kindName(op.op));
        for (const char* k :
            { "dot", "layernorm", "matmul", "batched_matmul", "sharded_matmul", "allreduce", "data_parallel_step" })
            QVERIFY2(std::find(kinds.begin(), kinds.end(), k) != kinds.end(), k);
        QCOMPARE(std::count(kinds.begin(), kinds.end(), "matmul"), 5); // B = 32, 256, 1024, int8, int8 weights
    }

    void overridesAndOperations()
    {
        const Session s = parse("name: mine\n"
                                "preset: h100-sxm\n"
                                "set:\n"
                                "  bandwidth.NVLink: 900 GB/s\n"
                                "  peak.bf16: 1e15\n"
                                "operations:\n"
                                "  - op: matmul\n"
                                "    B: 64\n"
                                "    w: int8\n"
                                "  - op: allreduce\n"
                                "    name: gradients\n"
                                "    link: IB\n"
                                "    P: 16\n");
        QCOMPARE(s.hardware().link("NVLink")->bandwidth, 9e11);
        QCOMPARE(*s.hardware().peakFor(Dtype::bf16), 1e15);
        QCOMPARE(s.overrides.size(), std::size_t(2));
        QCOMPARE(s.operations.size(), std::size_t(2));
        QCOMPARE(s.operations[0].name, std::string("int8-weight matmul B=64"));
        QCOMPARE(*numberParam(s.operations[0].op, "B"), 64.0);
        QCOMPARE(s.operations[1].name, std::string("gradients"));
        QCOMPARE(*textParam(s.operations[1].op, "link"), std::string("IB"));
    }

    void inlineHardware()
    {
        const Session s = parse("hardware:\n"
                                "  name: Blackboard chip\n"
                                "  sources: [a lecture]\n"
                                "  compute: {bf16: 1e14}\n"
                                "  memory: [{name: HBM, bandwidth: 1e12}]\n"
                                "operations:\n"
                                "  - {op: dot, N: 1000}\n");
        QCOMPARE(s.hardware().name, std::string("Blackboard chip"));
        QVERIFY(s.presetId.empty());
    }

    void badScenario_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("located");
        QTest::newRow("unknown preset") << "preset: tpu-v9\n"
                                        << "test.yaml:1:9: preset: no preset with id 'tpu-v9'";
        QTest::newRow("no chip") << "name: x\n"
                                 << "test.yaml:1:1: preset: missing";
        QTest::newRow("both") << "preset: tpu-v5e\nhardware: {}\n"
                              << "test.yaml:2:11: hardware: give either";
        QTest::newRow("inline chip's calibration")
            << "hardware:\n  name: X\n  compute: {bf16: 1e15}\n  memory: [{name: HBM, bandwidth: 1e12}]\n"
               "  sources: [x]\n  calibration: c.yaml\n"
            << "test.yaml:6:16: hardware.calibration: a chip given inline has no calibration of its own";
        QTest::newRow("unknown op") << "preset: tpu-v5e\noperations:\n  - op: conv\n"
                                    << "test.yaml:3:9: operations[0].op: unknown operation 'conv'";
        QTest::newRow("B = 0") << "preset: tpu-v5e\noperations:\n  - op: matmul\n    B: 0\n"
                               << "test.yaml:4:8: operations[0].B: expected a whole number from 1 to 2^53";
        QTest::newRow("D = 2^63") << "preset: tpu-v5e\noperations:\n  - op: matmul\n    D: 9223372036854775808\n"
                                  << "test.yaml:4:8: operations[0].D: expected a whole number from 1 to 2^53";
        QTest::newRow("fractional B") << "preset: tpu-v5e\noperations:\n  - {op: matmul, B: 2.5}\n"
                                      << "operations[0].B: expected a whole number";
        QTest::newRow("NaN B") << "preset: tpu-v5e\noperations:\n  - {op: matmul, B: .nan}\n"
                               << "operations[0].B: expected a finite number";
        QTest::newRow("string B") << "preset: tpu-v5e\noperations:\n  - {op: matmul, B: many}\n"
                                  << "operations[0].B: expected a number, found 'many'";
        QTest::newRow("unknown param") << "preset: tpu-v5e\noperations:\n  - {op: dot, B: 4}\n"
                                       << "operations[0].B: unknown key for dot";
        QTest::newRow("duplicate param") << "preset: tpu-v5e\noperations:\n  - {op: dot, N: 4, N: 5}\n"
                                         << "operations[0].N: duplicate key";
        QTest::newRow("bad dtype") << "preset: tpu-v5e\noperations:\n  - {op: matmul, w: int7}\n"
                                   << "operations[0].w: unknown dtype 'int7'";
        QTest::newRow("missing link") << "preset: tpu-v5e\noperations:\n  - {op: allreduce, link: NVLink}\n"
                                      << "operations[0].link: Google TPU v5e has no link named 'NVLink'";
        QTest::newRow("no such peak") << "preset: tpu-v5e\noperations:\n  - {op: matmul, compute: fp8}\n"
                                      << "test.yaml:3:5: operations[0]: Google TPU v5e has no fp8 peak";
        QTest::newRow("bad override") << "preset: tpu-v5e\nset:\n  bandwidth.NVLink: 1e12\n"
                                      << "test.yaml:3:3: set.bandwidth.NVLink: no memory level or link named 'NVLink'";
        QTest::newRow("NaN override") << "preset: tpu-v5e\nset:\n  bandwidth.HBM: .nan\n"
                                      << "test.yaml:3:18: set.bandwidth.HBM: expected a finite number";
        QTest::newRow("inline error") << "hardware:\n  name: x\n  sources: [y]\n  compute: {bf16: 0}\n  memory: []\n"
                                      << "test.yaml:4:19: hardware.compute.bf16: expected a positive value";
        QTest::newRow("operations not a list") << "preset: tpu-v5e\noperations: 5\n"
                                               << "test.yaml:2:13: operations: expected a list";
    }
    void badScenario()
    {
        QFETCH(QString, text);
        QFETCH(QString, located);
        const Expected<Session, Diagnostics> s = parseScenario(text.toStdString(), "test.yaml", library());
        QVERIFY(!s);
        const QString all = QString::fromStdString(toString(s.error()));
        QVERIFY2(all.contains(located), qPrintable(all));
    }

    void settings()
    {
        Session s = defaultSession(*library().find("tpu-v5e"));
        QVERIFY(!applySetting(s, "B=512"));
        for (const Operation& op : s.operations)
            if (auto b = numberParam(op.op, "B"))
                QCOMPARE(*b, 512.0);
        QVERIFY(!applySetting(s, "ops[2].B=64"));
        QCOMPARE(*numberParam(s.operations[2].op, "B"), 64.0);
        QCOMPARE(s.operations[2].name, std::string("matmul B=64"));
        QVERIFY(!applySetting(s, "bandwidth.HBM=8.1e11"));
        QCOMPARE(s.hardware().memories[0].bandwidth, 8.1e11);
        QVERIFY(!applySetting(s, "bandwidth.ICI=90 GB/s"));
        QCOMPARE(s.hardware().link("ICI")->bandwidth, 9e10);
        QVERIFY(!applySetting(s, "peak.bf16=1.97e14"));
        QVERIFY(!applySetting(s, "chart.dtype=int8"));
        QCOMPARE(s.dtype, std::optional<Dtype>(Dtype::int8));
    }

    void badSettingsChangeNothing_data()
    {
        QTest::addColumn<QString>("setting");
        QTest::addColumn<QString>("message");
        QTest::newRow("no equals") << "B512"
                                   << "expected KEY=VALUE";
        QTest::newRow("zero") << "B=0"
                              << "whole number";
        QTest::newRow("unknown") << "Q=3"
                                 << "unknown key 'Q'";
        QTest::newRow("index out of range") << "ops[99].B=3"
                                            << "there are";
        QTest::newRow("bad index") << "ops[x].B=3"
                                   << "expected ops[INDEX].PARAM";
        QTest::newRow("param the op lacks") << "ops[0].D=3"
                                            << "dot has no parameter 'D'";
        QTest::newRow("NaN bandwidth") << "bandwidth.HBM=nan"
                                       << "expected a finite number";
        QTest::newRow("zero bandwidth") << "bandwidth.HBM=0"
                                        << "1e3 to 1e20";
        QTest::newRow("unknown link") << "bandwidth.NVLink=1e11"
                                      << "no memory level or link named 'NVLink'";
        QTest::newRow("unsupported dtype") << "compute=fp8"
                                           << "no fp8 peak";
        QTest::newRow("chart dtype missing") << "chart.dtype=fp8"
                                             << "has no peak for 'fp8'";
    }
    void badSettingsChangeNothing()
    {
        QFETCH(QString, setting);
        QFETCH(QString, message);
        Session s = defaultSession(*library().find("tpu-v5e"));
        const std::string before = writeScenario(s);
        const std::optional<std::string> error = applySetting(s, setting.toStdString());
        QVERIFY(error);
        QVERIFY2(QString::fromStdString(*error).contains(message), error->c_str());
        QCOMPARE(writeScenario(s), before);
    }

    void writingRoundTrips()
    {
        Session s = defaultSession(*library().find("h100-sxm"));
        QVERIFY(!applySetting(s, "bandwidth.HBM=2.5e12"));
        QVERIFY(!applySetting(s, "ops[3].B=100"));
        const Session back = parse(writeScenario(s));
        QCOMPARE(back.hardware().memories[0].bandwidth, 2.5e12);
        QCOMPARE(back.operations.size(), s.operations.size());
        for (std::size_t i = 0; i < s.operations.size(); ++i) {
            QCOMPARE(back.operations[i].name, s.operations[i].name);
            QCOMPARE(cost(back.operations[i].op).flops, cost(s.operations[i].op).flops);
        }
        s.presetId.clear(); // inline hardware
        const Session inlined = parse(writeScenario(s));
        QCOMPARE(inlined.hardware().memories[0].bandwidth, 2.5e12);
        QCOMPARE(inlined.hardware().links.size(), s.hardware().links.size());
    }

    // What the program writes, it opens: a session at the operation limit, each operation of the kind with the most
    // parameters and every field at its longest (a name and a group of kMaxNameBytes, an id of kMaxIdBytes, each
    // number with seventeen significant digits), saved and read back to the same operations.
    void aSaveAtTheLimitsReopens()
    {
        Session s = defaultSession(*library().find("h100-sxm"));
        s.operations.clear();
        std::string_view widest;
        std::size_t most = 0;
        for (const std::string_view kind : allKindNames())
            if (const std::size_t n = params(*makeOperation(kind)).size(); n > most) {
                most = n;
                widest = kind;
            }
        for (std::size_t i = 0; i < kMaxOperations; ++i) {
            Operation op;
            op.op = *makeOperation(widest);
            const std::string number = std::to_string(i);
            op.id = std::string(kMaxIdBytes - number.size(), 'i') + number;
            op.name = std::string(kMaxNameBytes - number.size(), 'n') + number;
            op.group = std::string(kMaxNameBytes, 'g');
            op.colour = "#a0b1c2";
            op.hidden = true;
            for (const ParamInfo& p : params(op.op)) {
                if (p.type != ParamType::Count && p.type != ParamType::Real)
                    continue;
                // Seventeen digits where the range holds them: the longest a saved number is written.
                const double value = p.type == ParamType::Count
                    ? std::min(p.max, std::max(p.min, std::floor(p.max * 0.123456789012345678)))
                    : p.min + (p.max - p.min) * 0.123456789012345678;
                QVERIFY(!setNumberParam(op.op, p.name, value));
            }
            s.operations.push_back(std::move(op));
        }
        const std::string text = writeScenario(s);
        QVERIFY(!unopenableScenario(text));
        const auto back = parseScenario(text, "saved.yaml", library());
        QVERIFY2(back, back ? "" : qPrintable(QString::fromStdString(back.error().front().toString())));
        QCOMPARE(back->operations.size(), s.operations.size());
        QVERIFY(back->operations == s.operations);

        // An inline chip with a hundred sources of 10,000 bytes on top: past what a scenario may hold, so a save
        // refuses it rather than write what it could not open again.
        s.presetId.clear();
        const std::string source(kMaxTextBytes, 's');
        s.chip.sources.insert(s.chip.sources.end(), 100, source);
        const std::string larger = writeScenario(s);
        const std::optional<std::string> why = unopenableScenario(larger);
        QVERIFY2(
            why && why->find("past the 8 MiB a scenario may hold, and could not be opened again") != std::string::npos,
            why ? why->c_str() : "taken");
        QVERIFY(!parseScenario(larger, "larger.yaml", library()));
    }

    // The nodes a text holds are counted from its events: a megabyte of one-byte list items is past 400,000 nodes
    // though within 8 MiB.
    void nodesAreCountedBeforeASave()
    {
        std::string items = "name: many\nlist: [";
        for (int i = 0; i < 450000; ++i)
            items += i ? ",1" : "1";
        items += "]\n";
        const std::optional<std::string> why = unopenableScenario(items);
        QVERIFY2(
            why && why->find("450005 YAML nodes, past the 400000") != std::string::npos, why ? why->c_str() : "taken");
        QVERIFY(!unopenableScenario("name: few\n"));
    }
};

QTEST_APPLESS_MAIN(TestScenario)
#include "test_scenario.moc"
