// The command line as a script uses it: exit codes, a JSON document that parses, nothing partial on failure.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run {
    int code = -1;
    QByteArray out;
    QByteArray err;
};

Run run(const QStringList& args, const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment())
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(ROOFLINE_CLI), args);
    if (!p.waitForFinished(60000))
        qFatal("roofline-lab did not finish");
    return { p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
        p.readAllStandardError() };
}

QJsonObject findOperation(const QJsonArray& ops, const QString& kind)
{
    for (const QJsonValue& v : ops)
        if (v.toObject()["op"].toString() == kind)
            return v.toObject();
    return {};
}

// A home with no user presets, so the machine's own folder cannot change what the tests see.
QProcessEnvironment cleanEnvironment(const QString& configHome)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("XDG_CONFIG_HOME", configHome);
    return env;
}

} // namespace

class TestCli : public QObject {
    Q_OBJECT
    QTemporaryDir m_config;

private slots:
    void reportJsonForTpuV5e()
    {
        const Run r = run({ "report", "--preset", "tpu-v5e", "--format", "json" }, cleanEnvironment(m_config.path()));
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(r.out, &error);
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        const QJsonObject hw = doc.object()["hardware"].toObject();
        QCOMPARE(hw["name"].toString(), QStringLiteral("Google TPU v5e"));
        bool sawHbm = false;
        for (const QJsonValue& c : hw["ceilings"].toArray()) {
            const QJsonObject ceiling = c.toObject();
            if (ceiling["name"].toString() == "HBM") {
                sawHbm = true;
                QCOMPARE(ceiling["kind"].toString(), QStringLiteral("memory"));
                QCOMPARE(ceiling["ridge_intensity"].toDouble(), 1.97e14 / 8.2e11);
            }
        }
        QVERIFY(sawHbm);

        const QJsonArray ops = doc.object()["operations"].toArray();
        QVERIFY(ops.size() >= 10);
        for (const QJsonValue& v : ops) {
            const QJsonObject op = v.toObject();
            for (const char* key : { "name", "op", "params", "flops", "resources", "t_math_s", "t_lower_s", "t_upper_s",
                     "bound", "attainable_flops_per_s", "fraction_of_peak", "critical" })
                QVERIFY2(op.contains(key), key);
            QCOMPARE(op["t_lower_s"].toDouble(), op["flops"].toDouble() / op["attainable_flops_per_s"].toDouble());
        }
        const QJsonObject sharded = findOperation(ops, "sharded_matmul");
        QCOMPARE(sharded["critical"].toObject()["param"].toString(), QStringLiteral("D"));
        QCOMPARE(sharded["critical"].toObject()["value"].toDouble(), 8756.0);
        const QJsonObject batched = findOperation(ops, "batched_matmul");
        QCOMPARE(batched["critical"].toObject()["kind"].toString(), QStringLiteral("never"));
        QCOMPARE(batched["bound"].toString(), QStringLiteral("HBM"));
    }

    void settingsReachTheReport()
    {
        const Run r = run(
            { "report", "--preset", "tpu-v5e", "--format", "json", "--set", "B=512", "--set", "bandwidth.HBM=8.1e11" },
            cleanEnvironment(m_config.path()));
        QCOMPARE(r.code, 0);
        const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
        const QJsonObject dot = findOperation(doc["operations"].toArray(), "matmul");
        QCOMPARE(dot["params"].toObject()["B"].toDouble(), 512.0);
        QCOMPARE(dot["resources"].toArray()[0].toObject()["bandwidth_bytes_per_s"].toDouble(), 8.1e11);
    }

    void reportTableFromAScenario()
    {
        const Run r
            = run({ "report", "--scenario", ROOFLINE_SOURCE_DIR "/presets/scenarios/sharded-matmul-2-tpu.yaml" },
                cleanEnvironment(m_config.path()));
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("compute-bound for D \xE2\x89\xA5 8,756"), r.out.constData());
    }

    void presetsListsEveryChip()
    {
        const Run r = run({ "presets" }, cleanEnvironment(m_config.path()));
        QCOMPARE(r.code, 0);
        for (const char* id : { "h100-sxm", "tpu-v5e", "mi300x", "b200" })
            QVERIFY2(r.out.contains(id), id);
    }

    void badArgumentsExitTwo_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("unknown command") << QStringList { "draw" };
        QTest::newRow("report with nothing") << QStringList { "report" };
        QTest::newRow("both sources") << QStringList { "report", "--preset", "h100-sxm", "--scenario", "x.yaml" };
        QTest::newRow("missing value") << QStringList { "report", "--preset" };
        QTest::newRow("bad format") << QStringList { "report", "--preset", "h100-sxm", "--format", "xml" };
        QTest::newRow("unknown option") << QStringList { "report", "--preset", "h100-sxm", "--fast" };
        QTest::newRow("bad set") << QStringList { "report", "--preset", "h100-sxm", "--set", "B=0" };
        QTest::newRow("set NaN") << QStringList { "report", "--preset", "h100-sxm", "--set", "bandwidth.HBM=nan" };
        QTest::newRow("missing preset dir")
            << QStringList { "report", "--preset", "h100-sxm", "--preset-dir", "/nope" };
    }
    void badArgumentsExitTwo()
    {
        QFETCH(QStringList, args);
        const QStringList json = args.contains("--format") ? QStringList() : QStringList { "--format", "json" };
        const Run r = run(args + json, cleanEnvironment(m_config.path()));
        QCOMPARE(r.code, 2);
        QVERIFY(r.out.isEmpty());
        QCOMPARE(r.err.count('\n'), 1);
    }

    void badFilesExitOne()
    {
        QTemporaryDir dir;
        const QString bad = dir.filePath("bad.yaml");
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("preset: tpu-v5e\noperations:\n  - op: matmul\n    B: -3\n");
        f.close();
        Run r = run({ "report", "--scenario", bad, "--format", "json" }, cleanEnvironment(m_config.path()));
        QCOMPARE(r.code, 1);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.err.contains("bad.yaml:4:8: operations[0].B: expected a whole number"), r.err.constData());

        r = run({ "report", "--scenario", dir.filePath("missing.yaml") }, cleanEnvironment(m_config.path()));
        QCOMPARE(r.code, 1);
        QVERIFY(r.err.contains("no such file"));

        r = run({ "report", "--preset", "tpu-v9" }, cleanEnvironment(m_config.path()));
        QCOMPARE(r.code, 1);
        QVERIFY(r.err.contains("no preset with id 'tpu-v9'"));
    }

    void aBadUserPresetIsAWarning()
    {
        QTemporaryDir home;
        QVERIFY(QDir(home.path()).mkpath("roofline-lab/presets"));
        QFile f(home.filePath("roofline-lab/presets/broken.yaml"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("name: broken\ncompute: {bf16: fast}\n");
        f.close();
        const Run r = run({ "report", "--preset", "h100-sxm", "--format", "json" }, cleanEnvironment(home.path()));
        QCOMPARE(r.code, 0);
        QVERIFY(!QJsonDocument::fromJson(r.out).isNull());
        QVERIFY2(r.err.contains("warning: skipped a preset:") && r.err.contains("broken.yaml:2:17: compute.bf16"),
            r.err.constData());
    }

    // `save` writes what the window would save, overrides applied; saving that file again changes nothing.
    void saveAppliesOverridesAndIsAFixedPoint()
    {
        QTemporaryDir dir;
        const QString first = dir.filePath("first.yaml");
        const QString second = dir.filePath("second.yaml");
        const auto env = cleanEnvironment(m_config.path());
        Run r = run({ "save", "--scenario", ROOFLINE_SOURCE_DIR "/presets/scenarios/int8-matmul-v5e.yaml", "--set",
                        "B=512", "--set", "bandwidth.HBM=1TB/s", "--output", first },
            env);
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        r = run({ "save", "--scenario", first, "--output", second }, env);
        QCOMPARE(r.code, 0);
        QFile a(first);
        QFile b(second);
        QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
        const QByteArray saved = a.readAll();
        QCOMPARE(b.readAll(), saved);
        QVERIFY2(saved.contains("bandwidth.HBM: 1000000000000") && saved.contains("B: 512"), saved.constData());
        QVERIFY(saved.contains("description:")); // the example's explanation is kept
        QVERIFY(saved.contains("id: op1") && saved.contains("colour: \"#e69f00\""));
        r = run({ "report", "--scenario", first, "--format", "json" }, env);
        QCOMPARE(r.code, 0);
        const QJsonArray ops = QJsonDocument::fromJson(r.out).object()["operations"].toArray();
        QVERIFY(!ops.isEmpty());
        for (const QJsonValue& op : ops)
            if (op.toObject()["params"].toObject().contains("B"))
                QCOMPARE(op.toObject()["params"].toObject()["B"].toDouble(), 512.0);
    }

    void saveFailuresKeepTheOldFile()
    {
        QTemporaryDir dir;
        const QString target = dir.filePath("kept.yaml");
        QFile f(target);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("preset: tpu-v5e\n");
        f.close();
        const auto env = cleanEnvironment(m_config.path());
        Run r = run({ "save", "--preset", "tpu-v5e", "--set", "nonsense=1", "--output", target }, env);
        QCOMPARE(r.code, 2);
        r = run({ "save", "--preset", "tpu-v5e", "--output", dir.filePath("no/such/folder/x.yaml") }, env);
        QCOMPARE(r.code, 1);
        QVERIFY2(
            r.err.contains("no/such/folder/x.yaml") && r.err.contains("No such file or directory"), r.err.constData());
        r = run({ "save", "--preset", "tpu-v5e" }, env);
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("--output"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("preset: tpu-v5e\n"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1); // no temporary left behind
    }

    // The book's batch-size figure as data: both int8-weight curves on TPU v5e, each turning compute-bound at its
    // exact critical B. D = F = 4096: 2BD²/P ≥ (2BD + D² + 2BD)/W ⇒ B ≥ D·P/(2D·W − 4P) = 136.09 → 137;
    // D = F = 1024: 226.31 → 227 (P = 1.97e14, W = 8.2e11).
    void reportSweepGivesTheCurves()
    {
        const Run r = run({ "report", "--scenario", ROOFLINE_SOURCE_DIR "/presets/scenarios/batch-size-curve-v5e.yaml",
                              "--sweep", "B=1:4096", "--format", "json" },
            cleanEnvironment(m_config.path()));
        QCOMPARE(r.code, 0);
        const QJsonArray ops = QJsonDocument::fromJson(r.out).object()["operations"].toArray();
        QVERIFY(ops.size() >= 2);
        for (const QJsonValue& v : ops) {
            const QJsonObject op = v.toObject();
            const QJsonObject sweep = op["sweep"].toObject();
            const double d = op["params"].toObject()["D"].toDouble();
            const double critical = d == 4096 ? 137 : 227;
            QCOMPARE(sweep["critical"].toObject()["value"].toDouble(), critical);
            const QJsonArray samples = sweep["samples"].toArray();
            QCOMPARE(samples.first().toObject()["B"].toDouble(), 1.0);
            QCOMPARE(samples.last().toObject()["B"].toDouble(), 4096.0);
            for (const QJsonValue& s : samples) {
                const double b = s.toObject()["B"].toDouble();
                QCOMPARE(s.toObject()["bound"].toString(),
                    b >= critical ? QStringLiteral("compute") : QStringLiteral("HBM"));
            }
        }
        const Run table
            = run({ "report", "--preset", "tpu-v5e", "--sweep", "B=1:4096" }, cleanEnvironment(m_config.path()));
        QCOMPARE(table.code, 2);
        QVERIFY(table.err.contains("--format json"));
        const Run bad = run({ "report", "--preset", "tpu-v5e", "--sweep", "B=8:2", "--format", "json" },
            cleanEnvironment(m_config.path()));
        QCOMPARE(bad.code, 2);
        QVERIFY(bad.err.contains("--sweep"));
        QVERIFY(bad.out.isEmpty());
    }

    void versionComesFromTheProject()
    {
        const Run r = run({ "--version" });
        QCOMPARE(r.code, 0);
        QCOMPARE(r.out.trimmed(), QByteArray("roofline-lab " ROOFLINE_VERSION));
    }

    void jsonReportHasTotals()
    {
        const Run r = run({ "report", "--preset", "tpu-v5e", "--format", "json" }, cleanEnvironment(m_config.path()));
        QCOMPARE(r.code, 0);
        const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
        double sum = 0;
        for (const QJsonValue& op : doc["operations"].toArray())
            sum += op.toObject()["t_lower_s"].toDouble();
        const double total = doc["total"].toObject()["t_lower_s"].toDouble();
        QVERIFY(qAbs(total / sum - 1) < 1e-12);
        QCOMPARE(doc["total"].toObject()["count"].toInt(), doc["operations"].toArray().size());
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
