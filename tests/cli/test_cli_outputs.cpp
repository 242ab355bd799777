// SPDX-License-Identifier: GPL-3.0-or-later
// Inputs are never outputs: a command refuses an --output that is one of the files it reads (by the same name, by
// another path, or through a link), with a message naming both, before anything is written; the file keeps every
// byte. Saving a scenario in place stays allowed.
#include "cli_run.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace roofline::test;

namespace {

// Two kernels, enough for nothing but to be read: the tests end before any fit.
constexpr char kKernels[] = "name,flops,bytes,seconds\nmatmul,34359738368,142606336,1.8e-4\ndot,2097152,4194304,2e-6\n";

QByteArray contentsOf(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool write(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

} // namespace

class TestCliOutputs : public QObject {
    Q_OBJECT
    QTemporaryDir m_home;
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QVERIFY(m_home.isValid() && m_dir.isValid());
        QVERIFY(write(m_dir.filePath("kernels.csv"), kKernels));
        QVERIFY(QFile::link(m_dir.filePath("kernels.csv"), m_dir.filePath("link.json")));
        QVERIFY(write(m_dir.filePath("scenario.yaml"), "preset: h100-sxm\nmeasured:\n  file: kernels.csv\n"));
        QVERIFY(write(m_dir.filePath("cal.yaml"), "not read before the refusal\n"));
    }

    void anOutputThatIsAnInputIsRefused_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("file"); // the input the output would replace
        QTest::addColumn<QString>("names"); // how the message names it
        QTest::newRow("calibrate over its measured FILE")
            << QStringList { "calibrate", "kernels.csv", "--preset", "h100-sxm", "-o", "kernels.csv" } << "kernels.csv"
            << "the measured FILE 'kernels.csv'";
        QTest::newRow("calibrate over it by another path")
            << QStringList { "calibrate", "kernels.csv", "--preset", "h100-sxm", "-o", "./sub/../kernels.csv" }
            << "kernels.csv"
            << "the measured FILE 'kernels.csv'";
        QTest::newRow("export over --measured through a link")
            << QStringList { "export", "--preset", "h100-sxm", "--measured", "kernels.csv", "-o", "link.json" }
            << "kernels.csv"
            << "--measured 'kernels.csv'";
        QTest::newRow("export over the scenario's measured file")
            << QStringList { "export", "--scenario", "scenario.yaml", "-o", "link.json" } << "kernels.csv"
            << "the scenario's measured file";
        QTest::newRow("save over the scenario's measured file")
            << QStringList { "save", "--scenario", "scenario.yaml", "-o", "kernels.csv" } << "kernels.csv"
            << "the scenario's measured file";
        QTest::newRow("save over --calibration")
            << QStringList { "save", "--preset", "h100-sxm", "--calibration", "cal.yaml", "-o", "cal.yaml" }
            << "cal.yaml"
            << "--calibration 'cal.yaml'";
    }

    // Refused with exit code 2, both files named, nothing on standard output, the input as it was.
    void anOutputThatIsAnInputIsRefused()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, file);
        QFETCH(QString, names);
        QVERIFY(QDir(m_dir.path()).mkpath("sub"));
        const QByteArray before = contentsOf(m_dir.filePath(file));
        QVERIFY(!before.isEmpty());
        const CliOutcome r = runCli(args, m_home.path(), m_dir.path());
        QCOMPARE(r.code, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.err.contains(names.toUtf8()) && r.err.contains("which this command reads"), r.err.constData());
        QCOMPARE(contentsOf(m_dir.filePath(file)), before);
    }

    // Saving a scenario over itself is what saving is: allowed, and it reads back.
    void aScenarioMaySaveOverItself()
    {
        const CliOutcome saved
            = runCli({ "save", "--scenario", "scenario.yaml", "-o", "scenario.yaml" }, m_home.path(), m_dir.path());
        QVERIFY2(saved.code == 0, saved.err.constData());
        const CliOutcome read = runCli({ "report", "--scenario", "scenario.yaml" }, m_home.path(), m_dir.path());
        QVERIFY2(read.code == 0, read.err.constData());
        QCOMPARE(contentsOf(m_dir.filePath("kernels.csv")), QByteArray(kKernels));
    }
};

QTEST_GUILESS_MAIN(TestCliOutputs)
#include "test_cli_outputs.moc"
