// What the test executables share: golden-file comparison, and for widget tests (ROOFLINE_GUI_TEST_MAIN) an
// offscreen application with a fixed font and pixel density, so that pixels and text widths are the same on every
// machine.
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

#ifdef QT_WIDGETS_LIB
#include <QApplication>
#include <QFont>
#include <QSlider>
#include <QStyle>
#include <QStyleOptionSlider>

namespace roofline::testing {

// The font every GUI test draws with: shipped by the set-up (fonts-dejavu-core), so that text widths, and the label
// placement that depends on them, are the same on every machine.
inline QFont testFont()
{
    return QFont(QStringLiteral("DejaVu Sans"), 9);
}

// Before the application exists: the offscreen platform unless the caller chose one (to watch a test on a display),
// 96 dpi and no scaling whatever the machine's settings.
inline void prepareGuiEnvironment()
{
    if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    qputenv("QT_FONT_DPI", "96");
    qputenv("QT_SCALE_FACTOR", "1");
    qunsetenv("QT_SCREEN_SCALE_FACTORS");
    qunsetenv("QT_AUTO_SCREEN_SCALE_FACTOR");
    QCoreApplication::setAttribute(Qt::AA_Use96Dpi);
}

// The centre of a slider's handle, for dragging it as a user does (a click on the groove only pages).
inline QPoint handleCentre(QSlider* slider)
{
    QStyleOptionSlider option;
    option.initFrom(slider);
    option.orientation = slider->orientation();
    option.minimum = slider->minimum();
    option.maximum = slider->maximum();
    option.sliderPosition = slider->sliderPosition();
    option.sliderValue = slider->value();
    return slider->style()->subControlRect(QStyle::CC_Slider, &option, QStyle::SC_SliderHandle, slider).center();
}

} // namespace roofline::testing

// QTEST_MAIN for widget tests, with the fixed environment above and the test font as the application's.
#define ROOFLINE_GUI_TEST_MAIN(TestObject)                                                                             \
    int main(int argc, char** argv)                                                                                    \
    {                                                                                                                  \
        roofline::testing::prepareGuiEnvironment();                                                                    \
        QApplication app(argc, argv);                                                                                  \
        QApplication::setFont(roofline::testing::testFont());                                                          \
        TestObject test;                                                                                               \
        QTEST_SET_MAIN_SOURCE_PATH                                                                                     \
        return QTest::qExec(&test, argc, argv);                                                                        \
    }
#endif

#define ROOFLINE_COMPARE_GOLDEN(actual, name)                                                                          \
    do {                                                                                                               \
        QString goldenMessage_;                                                                                        \
        QVERIFY2(roofline::testing::compareGolden((actual), (name), &goldenMessage_), qPrintable(goldenMessage_));     \
    } while (false)
