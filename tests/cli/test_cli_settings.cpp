// SPDX-License-Identifier: GPL-3.0-or-later
// Settings on the command line that do not apply, numbers past the rules and the messages that name what is wrong:
// each is refused with exit code 2 and the option as the user spelled it, never silently ignored.
#include "cli_run.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

namespace {

using Outcome = roofline::test::CliOutcome;

// The program run in `folder` with a configuration home of its own.
Outcome runIn(const QStringList& args, const QString& folder)
{
    return roofline::test::runCli(args, folder + "/config", folder);
}

void write(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QCOMPARE(file.write(bytes), bytes.size());
}

// A model preset of GPT-2's shape under another id.
QByteArray modelFile(const QByteArray& id)
{
    QFile gpt2(QStringLiteral(ROOFLINE_SOURCE_DIR "/presets/models/gpt2.yaml"));
    if (!gpt2.open(QIODevice::ReadOnly))
        return {};
    QByteArray text = gpt2.readAll();
    const qsizetype start = text.indexOf("\nid: ") + 1;
    const qsizetype end = start > 0 ? text.indexOf('\n', start) : -1;
    return start > 0 && end > start ? text.replace(start, end - start, "id: " + id) : "id: " + id + "\n" + text;
}

const QStringList kModel = { "report", "--preset", "h100-sxm", "--model", "llama-2-7b" };

} // namespace

class TestCliSettings : public QObject {
    Q_OBJECT
    QTemporaryDir m_folder;

private slots:
    void settingsThatDoNotApplyAreRefused_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("named");
        QTest::newRow("dp in a decode step") << (kModel + QStringList { "--dp", "2" }) << "--dp:";
        QTest::newRow("pp in a prefill") << (kModel + QStringList { "--phase", "prefill", "--pp", "2" }) << "--pp:";
        QTest::newRow("microbatches in a decode step")
            << (kModel + QStringList { "--microbatches", "4" }) << "--microbatches:";
        QTest::newRow("dp-link in a prefill")
            << (kModel + QStringList { "--phase", "prefill", "--dp-link", "IB" }) << "--dp-link:";
        QTest::newRow("pp-link in a decode step") << (kModel + QStringList { "--pp-link", "NVLink" }) << "--pp-link:";
        QTest::newRow("prompt in a decode step") << (kModel + QStringList { "--prompt", "512" }) << "--prompt:";
        QTest::newRow("context in a prefill")
            << (kModel + QStringList { "--phase", "prefill", "--context", "512" }) << "--context:";
        QTest::newRow("context in a training step")
            << (kModel + QStringList { "--phase", "train", "--context", "512" }) << "--context:";
        QTest::newRow("kv in a training step")
            << (kModel + QStringList { "--phase", "train", "--kv", "fp8" }) << "--kv:";
        QTest::newRow("attention in a training step")
            << (kModel + QStringList { "--phase", "train", "--attention", "fused" }) << "--attention:";
        QTest::newRow("--set model.dp in a decode step")
            << (kModel + QStringList { "--set", "model.dp=2" }) << "--set model.dp:";
        QTest::newRow("--set model.context after --set model.phase=prefill")
            << (kModel + QStringList { "--set", "model.context=64", "--set", "model.phase=prefill" })
            << "--set model.context:";
        QTest::newRow("--dp before --set model.phase=decode")
            << (kModel + QStringList { "--phase", "train", "--set", "model.phase=decode", "--dp", "1" }) << "--dp:";
    }

    void settingsThatDoNotApplyAreRefused()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, named);
        for (const char* format : { "table", "json" }) {
            const Outcome r = runIn(args + QStringList { "--format", format }, m_folder.path());
            QCOMPARE(r.code, 2);
            QVERIFY(r.out.isEmpty());
            QVERIFY2(r.err.startsWith("roofline-lab: " + named.toUtf8()), r.err.constData());
            QVERIFY2(r.err.contains("applies to"), r.err.constData());
        }
        // save refuses them alike: a file that says what it does not do is never written.
        QStringList save = args;
        save[0] = "save";
        const Outcome saved = runIn(save + QStringList { "-o", "-" }, m_folder.path());
        QCOMPARE(saved.code, 2);
        QVERIFY(saved.out.isEmpty());
    }

    void settingsThatApplyAreRead()
    {
        const Outcome train = runIn(kModel
                + QStringList { "--phase", "train", "--batch", "8", "--dp", "2", "--pp", "2", "--microbatches", "2",
                    "--dp-link", "IB", "--pp-link", "NVLink", "--prompt", "512", "--format", "json" },
            m_folder.path());
        QCOMPARE(train.code, 0);
        QVERIFY2(train.err.isEmpty(), train.err.constData());
        const Outcome decode = runIn(
            kModel + QStringList { "--context", "512", "--kv", "fp8", "--attention", "materialised" }, m_folder.path());
        QCOMPARE(decode.code, 0);
        const Outcome prefill
            = runIn(kModel + QStringList { "--phase", "prefill", "--prompt", "512" }, m_folder.path());
        QCOMPARE(prefill.code, 0);
    }

    void aScenarioSwitchedToAnotherPhaseKeepsItsOwnSettingsUnused()
    {
        // The shipped training scenario holds dp, pp and their links; --phase decode leaves them unused, not wrong.
        const QString scenario
            = QStringLiteral(ROOFLINE_SOURCE_DIR "/presets/scenarios/llama-2-7b-training-64-h100.yaml");
        const Outcome r = runIn({ "save", "--scenario", scenario, "--phase", "decode", "-o", "-" }, m_folder.path());
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("phase: decode"));
        for (const char* key : { "dp:", "pp:", "microbatches:", "dp_link:", "pp_link:", "prompt:" })
            QVERIFY2(!r.out.contains(key), key);
        QVERIFY(r.out.contains("context:"));
    }

    void modelMessagesUseTheOptionsSpelling()
    {
        const Outcome r = runIn(kModel + QStringList { "--phase", "train", "--dp-link", "Foo" }, m_folder.path());
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.startsWith("roofline-lab: --dp-link: "), r.err.constData());
        QVERIFY(!r.err.contains("dp_link"));
        const Outcome pp = runIn(kModel + QStringList { "--phase", "train", "--pp-link", "Foo" }, m_folder.path());
        QVERIFY2(pp.err.startsWith("roofline-lab: --pp-link: "), pp.err.constData());
        const Outcome noModel = runIn({ "report", "--preset", "h100-sxm", "--dp-link", "IB" }, m_folder.path());
        QCOMPARE(noModel.code, 2);
        QVERIFY2(noModel.err.startsWith("roofline-lab: --dp-link sets a model's setting"), noModel.err.constData());
    }

    void aSweepOverAParameterNoOperationHasIsRefused()
    {
        const Outcome r
            = runIn({ "report", "--preset", "h100-sxm", "--format", "json", "--sweep", "Q=1:100" }, m_folder.path());
        QCOMPARE(r.code, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.err.contains("--sweep: no operation has a count parameter 'Q'"), r.err.constData());
        QVERIFY2(r.err.contains("B, D, F"), r.err.constData());
        // A dtype is no count to sweep along.
        const Outcome dtype
            = runIn({ "report", "--preset", "h100-sxm", "--format", "json", "--sweep", "x=1:100" }, m_folder.path());
        QCOMPARE(dtype.code, 2);
        // A parameter some operation has still draws its curves.
        const Outcome b
            = runIn({ "report", "--preset", "h100-sxm", "--format", "json", "--sweep", "P=2:64" }, m_folder.path());
        QCOMPARE(b.code, 0);
        QVERIFY(b.out.contains("\"sweep\""));
    }

    void sweepBoundsAreCounts_data()
    {
        QTest::addColumn<QString>("range");
        QTest::newRow("sub-unit prefix") << "B=2000m:4096";
        QTest::newRow("above 2^53") << "B=1:9007199254740993";
        QTest::newRow("a fraction") << "B=1.5:4096";
    }

    void sweepBoundsAreCounts()
    {
        QFETCH(QString, range);
        const Outcome r
            = runIn({ "report", "--preset", "h100-sxm", "--format", "json", "--sweep", range }, m_folder.path());
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("is not a whole number from 1 to 2^53"), r.err.constData());
    }

    void efficiencyTakesAPlainNumber()
    {
        const Outcome r = runIn({ "report", "--preset", "h100-sxm", "--set", "efficiency.HBM=800m" }, m_folder.path());
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--set efficiency.HBM: expected a plain number"), r.err.constData());
        QCOMPARE(runIn({ "report", "--preset", "h100-sxm", "--set", "efficiency.HBM=8e-1" }, m_folder.path()).code, 0);
    }

    void aWrongKeyIsNamedWhateverTheValue()
    {
        const Outcome level
            = runIn({ "report", "--preset", "h100-sxm", "--set", "efficiency.foo=800m" }, m_folder.path());
        QCOMPARE(level.code, 2);
        QVERIFY2(level.err.startsWith("roofline-lab: --set efficiency.foo: no memory level or link named 'foo'"),
            level.err.constData());
        const Outcome bandwidth
            = runIn({ "report", "--preset", "h100-sxm", "--set", "bandwidth.L9=1T" }, m_folder.path());
        QVERIFY2(bandwidth.err.startsWith("roofline-lab: --set bandwidth.L9: no memory level or link named 'L9'"),
            bandwidth.err.constData());
        const Outcome dtype = runIn({ "report", "--preset", "h100-sxm", "--set", "peak.fp7=1" }, m_folder.path());
        QVERIFY2(dtype.err.startsWith("roofline-lab: --set peak.fp7: unknown dtype 'fp7'"), dtype.err.constData());
    }

    void savedNumbersAreTheShortestThatReadBack()
    {
        const Outcome r = runIn({ "save", "--preset", "h100-sxm", "--set", "efficiency.HBM=0.8", "--set",
                                    "latency.NVLink=6e-7", "--set", "bandwidth.HBM=3.3e12", "-o", "-" },
            m_folder.path());
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("efficiency.HBM: 0.8\n"), r.out.constData());
        QVERIFY2(r.out.contains("latency.NVLink: 6e-07\n"), r.out.constData());
        QVERIFY2(r.out.contains("bandwidth.HBM: 3300000000000\n"), r.out.constData());
        write(m_folder.filePath("saved.yaml"), r.out);
        const Outcome again = runIn({ "save", "--scenario", "saved.yaml", "-o", "-" }, m_folder.path());
        QCOMPARE(again.code, 0);
        QCOMPARE(again.out, r.out);
    }

    void modelFoldersReadAsPresetFoldersDo()
    {
        const QString dir = m_folder.filePath("models");
        QVERIFY(QDir().mkpath(dir));
        write(dir + "/short.yml", modelFile("short-extension"));
        write(dir + "/LOUD.YAML", modelFile("loud-extension"));
        write(dir + "/Mixed.Yml", modelFile("mixed-extension"));
        write(dir + "/notes.txt", modelFile("not-a-model"));
        const Outcome r = runIn({ "models", "--model-dir", dir }, m_folder.path());
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        for (const char* id : { "short-extension", "loud-extension", "mixed-extension" })
            QVERIFY2(r.out.contains(id), id);
        QVERIFY(!r.out.contains("not-a-model"));
        // --set model.id= names a model of --model-dir, as --model does.
        const Outcome set = runIn({ "save", "--preset", "h100-sxm", "--model-dir", dir, "--model", "gpt2", "--set",
                                      "model.id=loud-extension", "-o", "-" },
            m_folder.path());
        QCOMPARE(set.code, 0);
        QVERIFY2(set.out.contains("id: loud-extension"), set.out.constData());
    }

    void twoModelFilesOfOneFolderWithOneIdAreNamed()
    {
        const QString dir = m_folder.filePath("twins");
        QVERIFY(QDir().mkpath(dir));
        write(dir + "/a.yaml", modelFile("twin"));
        write(dir + "/b.yml", modelFile("twin"));
        const Outcome r = runIn({ "models", "--model-dir", dir }, m_folder.path());
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.contains("warning: skipped a model: ") && r.err.contains("duplicate model id 'twin'"),
            r.err.constData());
    }

    void aModelFolderOverTheLimitIsRefusedWhole()
    {
        const QString dir = m_folder.filePath("many");
        QVERIFY(QDir().mkpath(dir));
        const QByteArray text = modelFile("many-0");
        for (int i = 0; i <= 1000; ++i)
            write(QStringLiteral("%1/m%2.yaml").arg(dir).arg(i, 4, 10, QLatin1Char('0')),
                QByteArray(text).replace("id: many-0", "id: many-" + QByteArray::number(i)));
        const Outcome r = runIn({ "models", "--model-dir", dir }, m_folder.path());
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.contains("more than 1000 model files (*.yaml, *.yml) in one folder; none of them is loaded"),
            r.err.constData());
        QVERIFY(!r.out.contains("many-"));
    }

    void aColumnMappingOnAFileWithItsOwnNamesIsRefused_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("kind");
        QTest::newRow("Nsight Compute") << ROOFLINE_TEST_DATA "/measured/ncu-raw.csv"
                                        << "Nsight Compute";
        QTest::newRow("rocprof roofline") << ROOFLINE_TEST_DATA "/measured/rocprof-mi200-roofline.csv"
                                          << "rocprof";
        QTest::newRow("JSON") << "kernels.json"
                              << "JSON";
    }

    void aColumnMappingOnAFileWithItsOwnNamesIsRefused()
    {
        QFETCH(QString, file);
        QFETCH(QString, kind);
        write(m_folder.filePath("kernels.json"),
            R"({"kernels": [{"name": "k", "flops": 1e9, "bytes": 1e6, "seconds": 1e-5}]})");
        const QString mapping = "name=k,flops=f,bytes=b,seconds=s";
        for (const QStringList& args : { QStringList { "import", file, "--preset", "mi300x" },
                 QStringList { "report", "--preset", "mi300x", "--measured", file } }) {
            const Outcome r = runIn(args + QStringList { "--columns", mapping }, m_folder.path());
            QCOMPARE(r.code, 2);
            QVERIFY(r.out.isEmpty());
            QVERIFY2(r.err.startsWith("roofline-lab: --columns: "), r.err.constData());
            QVERIFY2(r.err.contains(kind.toUtf8()) && r.err.contains("leave the mapping out"), r.err.constData());
            // Without the mapping the same file is read.
            QCOMPARE(runIn(args, m_folder.path()).code, 0);
        }
    }

    void aMatchOnAFileOfMeasuredPeaksIsRefused()
    {
        const QString peaks = ROOFLINE_TEST_DATA "/measured/rocprof-mi200-roofline.csv";
        const Outcome r = runIn({ "import", peaks, "--preset", "mi300x", "--match", "gemm*=op1" }, m_folder.path());
        QCOMPARE(r.code, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.err.startsWith("roofline-lab: --match links measured kernels") && r.err.contains("measured peaks"),
            r.err.constData());
        QCOMPARE(runIn({ "import", peaks, "--preset", "mi300x" }, m_folder.path()).code, 0);
    }

    void aCaptureThatProfiledNothingIsSaidAsSuch()
    {
        write(m_folder.filePath("nothing.csv"),
            "==PROF== Connected to process 4242 (/usr/bin/python3)\n==PROF== Disconnected from process 4242\n"
            "==WARNING== No kernels were profiled.\n");
        const Outcome r = runIn({ "import", "nothing.csv", "--preset", "h100-sxm" }, m_folder.path());
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("the capture profiled no kernel"), r.err.constData());
        QVERIFY(!r.err.contains("empty file"));
    }
};

QTEST_GUILESS_MAIN(TestCliSettings)
#include "test_cli_settings.moc"
