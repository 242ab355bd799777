// SPDX-License-Identifier: GPL-3.0-or-later
// The window starts whatever its settings file is: one that is not a regular file (a FIFO, which a read would wait on
// for ever; a folder) is left alone and named on standard error, and the window comes up with its defaults.
#include "cli_run.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

class TestCliStart : public QObject {
    Q_OBJECT

private slots:
    void anIrregularSettingsFileIsLeftAlone_data()
    {
        QTest::addColumn<bool>("fifo");
        QTest::newRow("a FIFO") << true;
        QTest::newRow("a folder") << false;
    }

    void anIrregularSettingsFileIsLeftAlone()
    {
        QFETCH(bool, fifo);
        QTemporaryDir home;
        QVERIFY(home.isValid());
        QVERIFY(QDir(home.path()).mkpath(QStringLiteral("roofline-lab")));
        const QString settings = home.filePath(QStringLiteral("roofline-lab/roofline-lab.conf"));
        if (fifo)
            QCOMPARE(::mkfifo(QFile::encodeName(settings).constData(), 0600), 0);
        else
            QVERIFY(QDir().mkpath(settings));
        const QString runtime = home.filePath(QStringLiteral("runtime"));
        QVERIFY(QDir().mkpath(runtime));
        QVERIFY(QFile::setPermissions(runtime, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("XDG_CONFIG_HOME", home.path());
        env.insert("XDG_RUNTIME_DIR", runtime);
        env.insert("ROOFLINE_LAB_FIRST_FRAME_EXIT", "1");
        env.insert("QT_QPA_PLATFORM", "offscreen");
        QProcess p;
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(ROOFLINE_CLI), QStringList {});
        p.closeWriteChannel();
        const bool finished = p.waitForFinished(60000);
        if (!finished)
            p.kill();
        QVERIFY2(finished, "the window did not come up");
        const QByteArray err = p.readAllStandardError();
        if (err.contains("this build has no window"))
            QSKIP("built without the window");
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(p.readAllStandardOutput().contains("first-frame"));
        QVERIFY2(err.contains(settings.toUtf8()) && err.contains("not a regular file"), err.constData());
        // Left as it was: still a FIFO, or a folder.
        const QFileInfo after(settings);
        QVERIFY(after.exists() && !after.isFile());
    }
};

QTEST_GUILESS_MAIN(TestCliStart)
#include "test_cli_start.moc"
