// SPDX-License-Identifier: GPL-3.0-or-later
// The session and its analysis: files round-trip to an equal session, ids and colours stay with their operations,
// and the analysis holds what the core computes for each operation, once.
#include "files/scenario.h"
#include "report/report.h"
#include "scenario_fixture.h"
#include "session/analysis.h"
#include "test_util.h"

#include <QTest>

#include <algorithm>
#include <set>

using namespace roofline;
using roofline::testing::library;
using roofline::testing::parse;

namespace {

std::vector<const EmbeddedFile*> shippedScenarios()
{
    std::vector<const EmbeddedFile*> out;
    for (const EmbeddedFile& f : embeddedFiles())
        if (f.name.starts_with("scenarios/"))
            out.push_back(&f);
    return out;
}

// The golden reports of the shipped scenario `name` ("scenarios/NAME.yaml"): NAME.txt as printed, NAME.json.
QStringList goldenFiles(const QString& name)
{
    const QString stem = QString(name).remove(QStringLiteral("scenarios/")).remove(QStringLiteral(".yaml"));
    return { stem + QStringLiteral(".txt"), stem + QStringLiteral(".json") };
}

// Every field a file can hold, set away from its default.
Session everyField()
{
    Session s = defaultSession(*library().find("h100-sxm"));
    s.name = "Everything: a name with a colon";
    s.description = "Two lines,\nwith \"quotes\" and # a hash";
    for (const auto& [key, value] :
        { std::pair("bandwidth.HBM", 2.5e12), std::pair("peak.bf16", 1.2345678901234567e15) })
        if (const auto error = setOverride(s, key, value))
            qFatal("%s", error->c_str());
    s.dtype = Dtype::fp8;
    s.operations[1].hidden = true;
    s.operations[2].colour = "#123abc";
    s.operations[2].group = "attention";
    s.operations[3].group = "attention";
    s.operations[4].name = "my matmul";
    assignNumberParam(s.operations.back().op, "s", 0.1 + 0.2); // a value "%.6g" would not give back
    return s;
}

} // namespace

class TestSession : public QObject {
    Q_OBJECT
private slots:
    void everyShippedScenarioRoundTrips_data()
    {
        QTest::addColumn<QString>("name");
        for (const EmbeddedFile* f : shippedScenarios())
            QTest::newRow(std::string(f->name).c_str()) << QString::fromStdString(std::string(f->name));
    }
    void everyShippedScenarioRoundTrips()
    {
        QFETCH(QString, name);
        const EmbeddedFile* file = nullptr;
        for (const EmbeddedFile* f : shippedScenarios())
            if (f->name == name.toStdString())
                file = f;
        QVERIFY(file);
        const Session opened = parse(std::string(file->text));
        const std::string saved = writeScenario(opened);
        const Session again = parse(saved);
        QVERIFY(again == opened);
        QCOMPARE(writeScenario(again), saved); // saving what was saved changes nothing
        QVERIFY(!opened.description.empty()); // the examples explain themselves; a save keeps that
        QCOMPARE(again.description, opened.description);
    }

    void everyFieldRoundTrips()
    {
        const Session s = everyField();
        const Session back = parse(writeScenario(s));
        QCOMPARE(back.name, s.name);
        QCOMPARE(back.description, s.description);
        QCOMPARE(back.overrides, s.overrides);
        QCOMPARE(back.dtype, s.dtype);
        QCOMPARE(back.operations[1].hidden, true);
        QCOMPARE(back.operations[2].colour, std::string("#123abc"));
        QCOMPARE(back.operations[3].group, std::string("attention"));
        QCOMPARE(back.operations[4].name, std::string("my matmul"));
        QCOMPARE(*numberParam(back.operations.back().op, "s"), 0.1 + 0.2);
        QVERIFY(back == s);
    }

    void inlineChipRoundTrips()
    {
        Session s = everyField();
        s.presetId.clear();
        s.chip.notes = "measured on our cluster";
        s.chip.links.push_back({ "RoCE", "RoCE 2×200 Gb/s", 5e10, LinkScope::InterNode, true });
        const Session back = parse(writeScenario(s));
        QVERIFY(back.chip == s.chip); // the bit-rate link stays one, capacities and labels included
        QVERIFY(back == s);
    }

    void overridesAreKeptApartFromTheChip()
    {
        const Hardware& v5e = *library().find("tpu-v5e");
        Session s = defaultSession(v5e);
        QVERIFY(!setOverride(s, "bandwidth.HBM", 1e12));
        QVERIFY(!setOverride(s, "bandwidth.HBM", 2e12)); // replaces, not appends
        QCOMPARE(s.overrides.size(), std::size_t(1));
        QCOMPARE(s.hardware().memories[0].bandwidth, 2e12);
        QCOMPARE(s.chip.memories[0].bandwidth, v5e.memories[0].bandwidth); // Reset restores this
        QVERIFY(setOverride(s, "bandwidth.NoSuchLink", 1e12));
        QVERIFY(setOverride(s, "bandwidth.HBM", -1));
        QCOMPARE(s.overrides.size(), std::size_t(1));
        // A file with a set: block lists exactly those keys, in order, and nothing more.
        const Session back = parse("preset: tpu-v5e\nset: {bandwidth.ICI: 9e10, peak.bf16: 2e14}\n");
        QCOMPARE(back.overrides.size(), std::size_t(2));
        QCOMPARE(back.overrides[0].key, std::string("bandwidth.ICI"));
        QCOMPARE(back.hardware().peakFor(Dtype::bf16).value(), 2e14);
    }

    // TPU v5e has no fp8 peak; an override may give it one, and the chart then draws fp8 as chosen.
    void chartDtypeSeesTheOverrides()
    {
        const Hardware& v5e = *library().find("tpu-v5e");
        QVERIFY(!v5e.peakFor(Dtype::fp8));
        Session s = defaultSession(v5e);
        s.dtype = Dtype::fp8;
        QCOMPARE(s.chartDtype(), v5e.defaultDtype());
        QVERIFY(!setOverride(s, "peak.fp8", 3.94e14));
        QCOMPARE(s.chartDtype(), Dtype::fp8);
        const Analysis a = analyse(s);
        QCOMPARE(a.dtype, Dtype::fp8);
        QCOMPARE(a.peak, 3.94e14);
    }

    void idsAndColoursStayWithTheirOperations()
    {
        Session s = defaultSession(*library().find("h100-sxm"));
        std::set<std::string> ids;
        for (const Operation& op : s.operations) {
            QVERIFY(!op.id.empty());
            QVERIFY(!op.colour.empty());
            ids.insert(op.id);
        }
        QCOMPARE(ids.size(), s.operations.size());
        // Each new series takes the palette's next colour while it lasts; the operations of one series (the matmuls
        // at B = 32, 256 and 1024) share their series' colour.
        std::vector<std::pair<std::string, std::string>> series; // key, colour
        for (const Operation& op : s.operations) {
            const auto known
                = std::find_if(series.begin(), series.end(), [&](const auto& k) { return k.first == seriesKey(op); });
            if (known != series.end()) {
                QCOMPARE(op.colour, known->second);
                continue;
            }
            if (series.size() < operationPalette().size())
                QCOMPARE(op.colour, operationPalette()[series.size()]);
            series.emplace_back(seriesKey(op), op.colour);
        }
        QCOMPARE(series.size() + 2, s.operations.size()); // three matmuls, one series

        const Operation third = s.operations[3];
        const Operation last = s.operations.back();
        s.operations.erase(s.operations.begin() + 1);
        assignIdentities(s);
        QVERIFY(s.operations[2] == third); // nothing renamed or recoloured
        QVERIFY(s.operations.back() == last);
        Operation added;
        added.op = Dot {};
        added.name = "another dot";
        const std::string id = addOperation(s, added);
        QVERIFY(!ids.contains(id) || id == last.id); // a removed id is not handed out again while higher ones live
        QVERIFY(s.find(id));
        QCOMPARE(s.indexOf(id), std::optional<std::size_t>(s.operations.size() - 1));
    }

    void filesMayNameIdsAndColours()
    {
        const Session s = parse("preset: tpu-v5e\noperations:\n"
                                "  - {op: dot, id: first, colour: '#ABCDEF'}\n"
                                "  - {op: dot}\n"
                                "  - {op: dot, id: op1}\n");
        QCOMPARE(s.operations[0].id, std::string("first"));
        QCOMPARE(s.operations[0].colour, std::string("#abcdef"));
        QCOMPARE(s.operations[1].id, std::string("op2")); // after the highest opN the file holds
        QCOMPARE(s.operations[2].id, std::string("op1"));
    }

    void badIdentitiesAreLocated_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("duplicate id") << "preset: tpu-v5e\noperations:\n  - {op: dot, id: a}\n  - {op: dot, id: a}\n"
                                      << "test.yaml:4:19: operations[1].id: duplicate id 'a'";
        QTest::newRow("id with a space") << "preset: tpu-v5e\noperations:\n  - {op: dot, id: a b}\n"
                                         << "operations[0].id: expected an id without spaces";
        QTest::newRow("colour by name") << "preset: tpu-v5e\noperations:\n  - {op: dot, colour: red}\n"
                                        << "test.yaml:3:23: operations[0].colour: expected a colour as #rrggbb";
        QTest::newRow("hidden yes") << "preset: tpu-v5e\noperations:\n  - {op: dot, hidden: yes}\n"
                                    << "operations[0].hidden: expected true or false";
    }
    void badIdentitiesAreLocated()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        const auto s = parseScenario(text.toStdString(), "test.yaml", library());
        QVERIFY(!s);
        const QString all = QString::fromStdString(toString(s.error()));
        QVERIFY2(all.contains(message), qPrintable(all));
    }

    // The analysis holds, for each operation, what the core's evaluate and solveCritical give on the session's
    // hardware, and the totals add up the visible ones.
    void analysisHoldsTheCoresFigures()
    {
        Session s = everyField();
        s.dtype.reset();
        const Analysis a = analyse(s);
        QVERIFY(a.session == s);
        QVERIFY(a.hardware == s.hardware());
        QVERIFY(a.frame() == s.chip);
        QCOMPARE(a.operations.size(), s.operations.size());
        double tLower = 0;
        double attention = 0;
        for (std::size_t i = 0; i < s.operations.size(); ++i) {
            const Expected<Evaluation> e = evaluate(s.operations[i].op, a.hardware);
            QVERIFY(e);
            QCOMPARE(a.operations[i].evaluation.value().tLower, e->tLower);
            QCOMPARE(a.operations[i].evaluation.value().boundIndex, e->boundIndex);
            const Expected<Critical> c = solveCritical(s.operations[i].op, a.hardware, mainParam(s.operations[i].op));
            QCOMPARE(a.operations[i].critical.has_value(), c.ok());
            if (c)
                QCOMPARE(a.operations[i].critical->threshold, c->threshold);
            if (!s.operations[i].hidden)
                tLower += e->tLower;
            if (s.operations[i].group == "attention")
                attention += e->tLower;
        }
        QCOMPARE(a.total.count, s.operations.size() - 1); // one is hidden
        QCOMPARE(a.total.tLower, tLower);
        QCOMPARE(a.groups.size(), std::size_t(1));
        QCOMPARE(a.groups[0].group, std::string("attention"));
        QCOMPARE(a.groups[0].count, std::size_t(2));
        QCOMPARE(a.groups[0].tLower, attention);
        QCOMPARE(a.shown().size(), s.operations.size() - 1);
    }

    // One number by hand: the bf16 matmul B = 128, D = F = 8192 on TPU v5e (1.97e14 FLOP/s, HBM 8.2e11 B/s).
    // FLOPs 2·128·8192² = 1.7179869184e10, T_math = 8.720746e-5 s; bytes 2·(128·8192 + 8192² + 128·8192) =
    // 138,412,032, T_HBM = 1.687952e-4 s > T_math: HBM-bound, T_lower = 1.687952e-4 s, T_upper = 2.560026e-4 s.
    void oneMatmulByHand()
    {
        const Session s = parse("preset: tpu-v5e\noperations:\n  - {op: matmul, B: 128, D: 8192, F: 8192}\n");
        const Analysis a = analyse(s);
        const Evaluation& e = a.operations[0].evaluation.value();
        QVERIFY(qAbs(e.tMath / 8.720746e-5 - 1) < 1e-6);
        QVERIFY(qAbs(e.tLower / 1.687952e-4 - 1) < 1e-6);
        QVERIFY(qAbs(e.tUpper / 2.560026e-4 - 1) < 1e-6);
        QCOMPARE(e.bound(), std::string("HBM"));
        QCOMPARE(a.total.tLower, e.tLower);
        QCOMPARE(a.total.tUpper, e.tUpper);
    }

    void anOperationTheChipCannotRunIsReported()
    {
        Session s = defaultSession(*library().find("tpu-v5e"));
        Operation fp8;
        Matmul m;
        m.compute = Dtype::fp8; // TPU v5e has no fp8 peak
        fp8.op = m;
        fp8.name = "fp8 matmul";
        addOperation(s, fp8);
        const Analysis a = analyse(s);
        QVERIFY(!a.operations.back().evaluation.ok());
        QVERIFY(a.firstError()->starts_with("fp8 matmul: "));
        QCOMPARE(a.total.count, s.operations.size() - 1);
        QVERIFY(!reportTable(a)); // the report refuses, printing nothing partial
    }

    // Golden dumps: the report of every shipped scenario, readable and as JSON at full precision, so that a formula
    // change shows as a readable diff and a change in the last digit is still seen. ROOFLINE_UPDATE_GOLDEN=1 rewrites
    // them.
    void goldenReports_data() { everyShippedScenarioRoundTrips_data(); }
    void goldenReports()
    {
        QFETCH(QString, name);
        for (const EmbeddedFile* f : shippedScenarios()) {
            if (f->name != name.toStdString())
                continue;
            const Analysis a = analyse(parse(std::string(f->text)));
            const Expected<std::string> table = reportTable(a);
            QVERIFY(table);
            const Expected<std::string> json = reportJson(a);
            QVERIFY(json);
            const QStringList files = goldenFiles(name);
            ROOFLINE_COMPARE_GOLDEN(QString::fromStdString(*table), files[0]);
            ROOFLINE_COMPARE_GOLDEN(QString::fromStdString(*json), files[1]);
        }
    }

    // Each golden file is one that goldenReports reads: a file left behind by a renamed or removed scenario fails.
    void everyGoldenFileIsRead()
    {
        QStringList read;
        for (const EmbeddedFile* f : shippedScenarios())
            read += goldenFiles(QString::fromStdString(std::string(f->name)));
        const QStringList unread = roofline::testing::unreadGoldenFiles(read);
        QVERIFY2(unread.isEmpty(),
            qPrintable(QStringLiteral("no test reads these files of %1; remove them: %2")
                           .arg(roofline::testing::goldenDir(), unread.join(QStringLiteral(", ")))));
    }
};

QTEST_APPLESS_MAIN(TestSession)
#include "test_session.moc"
