// What the test executables share: golden-file comparison, and for GUI tests an offscreen application with a fixed
// font and pixel density, so that pixels and text widths are the same on every machine.
#pragma once

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QSaveFile>
#include <QString>
#include <QTest>

namespace roofline::testing {

// The folder of golden files in the source tree.
inline QString goldenDir()
{
    return QStringLiteral(ROOFLINE_SOURCE_DIR "/tests/golden");
}

// Whether golden files are rewritten rather than compared: ROOFLINE_UPDATE_GOLDEN=1.
inline bool updatingGolden()
{
    return qEnvironmentVariableIntValue("ROOFLINE_UPDATE_GOLDEN") == 1;
}

// Compares `actual` with the golden file `name`, or rewrites the file when updating. On a difference the message
// names the first line that differs and how to update.
inline bool compareGolden(const QString& actual, const QString& name, QString* message)
{
    const QString path = goldenDir() + QLatin1Char('/') + name;
    if (updatingGolden()) {
        QDir().mkpath(goldenDir());
        QSaveFile out(path);
        if (!out.open(QIODevice::WriteOnly) || out.write(actual.toUtf8()) < 0 || !out.commit()) {
            *message = QStringLiteral("cannot write %1: %2").arg(path, out.errorString());
            return false;
        }
        return true;
    }
    QFile in(path);
    if (!in.open(QIODevice::ReadOnly)) {
        *message = QStringLiteral("no golden file %1: run the test with ROOFLINE_UPDATE_GOLDEN=1").arg(path);
        return false;
    }
    const QString expected = QString::fromUtf8(in.readAll());
    if (expected == actual)
        return true;
    const QStringList a = actual.split(QLatin1Char('\n'));
    const QStringList e = expected.split(QLatin1Char('\n'));
    qsizetype line = 0;
    while (line < a.size() && line < e.size() && a[line] == e[line])
        ++line;
    *message = QStringLiteral("%1 differs at line %2:\n  expected: %3\n  actual:   %4\n"
                              "If the change is meant, run the test with ROOFLINE_UPDATE_GOLDEN=1 and read the diff.")
                   .arg(path)
                   .arg(line + 1)
                   .arg(line < e.size() ? e[line] : QStringLiteral("(end of file)"),
                       line < a.size() ? a[line] : QStringLiteral("(end of file)"));
    return false;
}

} // namespace roofline::testing

#define ROOFLINE_COMPARE_GOLDEN(actual, name)                                                                          \
    do {                                                                                                               \
        QString goldenMessage_;                                                                                        \
        QVERIFY2(roofline::testing::compareGolden((actual), (name), &goldenMessage_), qPrintable(goldenMessage_));     \
    } while (false)
