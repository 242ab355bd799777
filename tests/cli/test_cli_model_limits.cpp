// SPDX-License-Identifier: GPL-3.0-or-later
// Whole models from the command line: settings that each are legal but cannot run together are refused by report,
// export and save alike, at the file's line or the option that gives them, with nothing printed or written; and links
// name generated operations by the rule the scenario files follow.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include "cli_run.h"
#include "test_util.h"

namespace {

using Outcome = roofline::test::CliOutcome;

// The program run with `args` and a home without user presets or models.
Outcome runIn(const QString& home, const QStringList& args)
{
    return roofline::test::runCli(args, home);
}

} // namespace

class TestCliModelLimits : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    QString write(const QString& name, const QByteArray& text)
    {
        return roofline::testing::writeTestFile(m_dir.filePath(name), text);
    }

    Outcome run(const QStringList& args) { return runIn(m_dir.filePath("home"), args); }

private slots:
    // A scenario whose model cannot run: every command refuses it the same way, at the setting's line, and neither
    // prints nor writes anything.
    void everyCommandRefusesAModelThatCannotRun_data()
    {
        QTest::addColumn<QByteArray>("scenario");
        QTest::addColumn<QString>("message");
        QTest::newRow("too many tokens")
            << QByteArray("preset: h100-sxm\nmodel:\n  id: llama-2-7b\n  phase: prefill\n  batch: 16777216\n"
                          "  prompt: 1073741824\n")
            << ":6:11: model.prompt: 18014398509481984 tokens in one pass (16777216 sequences of 1073741824 tokens)";
        QTest::newRow("a chip without links")
            << QByteArray(
                   "hardware:\n  name: Lonely\n  compute: {bf16: 1e14}\n  memory: [{name: HBM, bandwidth: 1e12}]\n"
                   "  sources: [test]\nmodel:\n  id: llama-2-7b\n  tp: 2\n")
            << ":8:7: model.tp: 2 needs a link for the tensor-parallel all-reduces, and Lonely has none";
        QTest::newRow("activations without a peak")
            << QByteArray("preset: h100-sxm\nmodel:\n  id: llama-2-7b\n  activations: int4\n")
            << ":4:16: model.activations: NVIDIA H100 SXM has no int4 peak to compute in";
    }
    void everyCommandRefusesAModelThatCannotRun()
    {
        QFETCH(QByteArray, scenario);
        QFETCH(QString, message);
        const QString file = write("impossible.yaml", scenario);
        const QString png = m_dir.filePath("chart.png");
        const QString saved = m_dir.filePath("saved.yaml");
        for (const QStringList& args : { QStringList { "report", "--scenario", file },
                 QStringList { "report", "--scenario", file, "--format", "json" },
                 QStringList { "export", "--scenario", file, "--output", png },
                 QStringList { "save", "--scenario", file, "--output", saved } }) {
            const Outcome r = run(args);
            QCOMPARE(r.code, 1);
            QVERIFY(r.out.isEmpty());
            QVERIFY2(r.err.contains((file + message).toUtf8()), r.err.constData());
            QVERIFY2(!r.err.contains("projection") && !r.err.contains("gather:"), r.err.constData());
        }
        QVERIFY(!QFile::exists(png));
        QVERIFY(!QFile::exists(saved));
    }

    // The same from options: exit 2 naming the option, for every command.
    void optionsThatCannotRunNameTheOption_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QString>("message");
        QTest::newRow("prompt") << QStringList { "--phase", "prefill", "--batch", "16777216", "--prompt", "1073741824" }
                                << "--prompt: 18014398509481984 tokens in one pass";
        QTest::newRow("activations") << QStringList { "--activations", "int4" }
                                     << "--activations: NVIDIA H100 SXM has no int4 peak to compute in";
        QTest::newRow("--set") << QStringList { "--phase", "prefill", "--batch", "16777216", "--set",
            "model.prompt=1073741824" }
                               << "--set model.prompt: 18014398509481984 tokens in one pass";
    }
    void optionsThatCannotRunNameTheOption()
    {
        QFETCH(QStringList, options);
        QFETCH(QString, message);
        const QString png = m_dir.filePath("options.png");
        const QStringList model { "--preset", "h100-sxm", "--model", "llama-2-7b" };
        for (const QStringList& command : { QStringList { "report" }, QStringList { "export", "--output", png },
                 QStringList { "save", "--output", "-" } }) {
            const Outcome r = run(command + model + options);
            QCOMPARE(r.code, 2);
            QVERIFY(r.out.isEmpty());
            QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
        }
        QVERIFY(!QFile::exists(png));
    }

    // A setting of the scenario's own that an option makes impossible is named as the file's key, not as an option
    // the user did not give.
    void aScenarioSettingThatAnOptionMakesImpossibleIsTheFiles()
    {
        const QString file = write("long-prompt.yaml",
            "preset: h100-sxm\nmodel:\n  id: llama-2-7b\n  phase: prefill\n  batch: 1\n  prompt: 1073741824\n");
        QCOMPARE(run({ "report", "--scenario", file }).code, 0);
        const Outcome r = run({ "report", "--scenario", file, "--batch", "16777216" });
        QCOMPARE(r.code, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.err.contains((file + ": model.prompt: 18014398509481984 tokens in one pass").toUtf8()),
            r.err.constData());
        QVERIFY2(!r.err.contains("--prompt"), r.err.constData());
    }

    // --match takes what a scenario's links take: any part the model generates (also one its settings do not make
    // now), and not a part it never has; a link saved by `save` reads back.
    void matchNamesGeneratedOperations()
    {
        const QString measured = QStringLiteral(ROOFLINE_SOURCE_DIR "/presets/measured/h100-sweep.csv");
        const QStringList base { "report", "--preset", "h100-sxm", "--model", "llama-2-7b", "--measured", measured,
            "--columns", "name=op+params,flops=flops,bytes=bytes,seconds=t_median_s", "--format", "json" };
        const Outcome now = run(base + QStringList { "--match", "*=model.q_proj" });
        QCOMPARE(now.code, 0);
        const Outcome notNow = run(base + QStringList { "--match", "*=model.attn_allreduce" });
        QVERIFY2(notNow.code == 0, notNow.err.constData());
        const Outcome never = run(base + QStringList { "--match", "*=model.router" });
        QCOMPARE(never.code, 2);
        QVERIFY2(never.err.contains("--match: no operation 'model.router' (they are a part of the model: "
                                    "model.embedding, model.attn_norm, "),
            never.err.constData());

        // A scenario whose link names a generated operation: saved, it reads back with the link.
        const QString scenario = write("linked.yaml",
            "preset: h100-sxm\nmodel: {id: llama-2-7b, tp: 2}\nmeasured:\n  file: " + measured.toUtf8()
                + "\n  columns: name=op+params,flops=flops,bytes=bytes,seconds=t_median_s\n  links:\n    - {kernels: "
                  "\"*\", operation: model.attn_allreduce}\n"
                  "lesson:\n  source: s\n  question: q\n  claim: c\n  answer: {time: model.attn_allreduce}\n");
        const QString saved = m_dir.filePath("linked-saved.yaml");
        const Outcome save = run({ "save", "--scenario", scenario, "--tp", "1", "--output", saved });
        QVERIFY2(save.code == 0, save.err.constData());
        const Outcome reread = run({ "report", "--scenario", saved, "--format", "json" });
        QVERIFY2(reread.code == 0, reread.err.constData());
        QFile file(saved);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.readAll().contains("operation: model.attn_allreduce"));
    }

    // A user operation cannot take a generated operation's id.
    void aUserOperationCannotTakeAGeneratedId()
    {
        const QString file = write("taken.yaml",
            "preset: h100-sxm\nmodel: {id: llama-2-7b}\noperations:\n  - op: dot\n    id: "
            "model.q_proj\n    N: 1024\n");
        const Outcome r = run({ "report", "--scenario", file });
        QCOMPARE(r.code, 1);
        QVERIFY2(
            r.err.contains((file + ":5:9: operations[0].id: 'model.q_proj' is reserved").toUtf8()), r.err.constData());
    }

    // --set ID.PARAM with an id that holds a dot.
    void setReachesAnIdWithADot()
    {
        const QString file
            = write("dotted.yaml", "preset: h100-sxm\noperations:\n  - op: dot\n    id: my.dot\n    N: 1024\n");
        const Outcome r = run({ "report", "--scenario", file, "--set", "my.dot.N=4096", "--format", "json" });
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonArray ops = QJsonDocument::fromJson(r.out).object()["operations"].toArray();
        QCOMPARE(ops.size(), 1);
        QCOMPARE(ops[0].toObject()["params"].toObject()["N"].toDouble(), 4096.0);
    }
};

QTEST_GUILESS_MAIN(TestCliModelLimits)
#include "test_cli_model_limits.moc"
