// SPDX-License-Identifier: GPL-3.0-or-later
// Small things a class notices: Reset puts the scenario's values back, the Add and Remove buttons stay put, the
// export dialog reads cleanly and offers themes, the README's --set example does what it says, and a normal launch
// prints nothing on stderr.
#include "chart/roofline_chart.h"
#include "document/document.h"
#include "export/export_dialog.h"
#include "files/presets.h"
#include "panels/workload_panel.h"
#include "readout/readout_table.h"
#include "test_util.h"
#include "window/main_window.h"
#include "window_fixture.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QListWidget>
#include <QProcessEnvironment>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace roofline;
using namespace roofline::widgets;

class TestDetails : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();

    void resetPutsTheScenarioBack();
    void resetAfterAnotherChipRestoresItsPreset();
    void addAndRemoveStayPut();
    void exportDialogReadsCleanly();
    void exportDialogOffersSlides();
    void eachLessonExportsUnderItsOwnName();
    void exportsInAThemeOfItsOwn();
    void setNamesOneOperationById();
    void launchPrintsNothingOnStderr();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
};

void TestDetails::initTestCase()
{
    QVERIFY(m_dir.isValid());
    testing::keepSettingsIn(m_dir.filePath(QStringLiteral("settings")));
}

void TestDetails::init()
{
    m_window = testing::showWindow(QSize(1400, 900));
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestDetails::cleanup()
{
    m_window.reset();
}

void TestDetails::resetPutsTheScenarioBack()
{
    QCOMPARE(m_window->openEmbeddedScenario(QStringLiteral("scenarios/int8-matmul-v5e.yaml")), QString());
    Document* document = m_window->document();
    const Session opened = document->session();
    QVERIFY(!opened.overrides.empty()); // the file sets the text's HBM bandwidth and int8 peak
    QVERIFY(!document->chipModified());
    // An operation's value alone is something Reset puts back: its button is offered at once.
    QVERIFY(!document->canReset());
    QVERIFY(!document->setOperationParam(1, "B", 1000));
    QVERIFY(!document->chipModified() && document->canReset());
    QVERIFY(!document->setHardwareValue("bandwidth.HBM", 5e11));
    QVERIFY(document->chipModified());
    QVERIFY(document->session() != opened);
    QAction* reset = nullptr;
    for (QAction* action : m_window->findChildren<QAction*>())
        if (action->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_R))
            reset = action;
    QVERIFY(reset);
    reset->trigger();
    QCOMPARE(document->session(), opened);
    QVERIFY(!document->chipModified());
    // One step: undo brings both edits back.
    document->undoStack()->undo();
    QVERIFY(document->chipModified());
    QVERIFY(document->session().operations[1] != opened.operations[1]);
}

void TestDetails::resetAfterAnotherChipRestoresItsPreset()
{
    QCOMPARE(m_window->openEmbeddedScenario(QStringLiteral("scenarios/int8-matmul-v5e.yaml")), QString());
    Document* document = m_window->document();
    QVERIFY(document->selectPreset(QStringLiteral("tpu-v5p")));
    QVERIFY(!document->setHardwareValue("bandwidth.HBM", 5e11));
    document->resetToPreset();
    QVERIFY(document->session().overrides.empty());
    QCOMPARE(document->hardware(), *document->library().find("tpu-v5p"));
}

// The buttons sit above the list: choosing operations of other kinds, adding and removing leave them where they are.
void TestDetails::addAndRemoveStayPut()
{
    WorkloadPanel* panel = m_window->workloadPanel();
    const auto where = [&](const QWidget* w) { return w->mapTo(m_window.get(), QPoint(0, 0)); };
    const QPoint add = where(panel->addButton());
    const QPoint remove = where(panel->removeButton());
    const auto check = [&] {
        QApplication::processEvents();
        QCOMPARE(where(panel->addButton()), add);
        QCOMPARE(where(panel->removeButton()), remove);
    };
    for (int row = 0; row < panel->operationList()->count(); ++row) {
        panel->selectOperation(row);
        check();
    }
    for (int i = 0; i < 6; ++i) {
        QTest::mouseClick(panel->addButton(), Qt::LeftButton);
        check();
    }
    for (int i = 0; i < 8; ++i) {
        QTest::mouseClick(panel->removeButton(), Qt::LeftButton);
        check();
    }
}

void TestDetails::exportDialogReadsCleanly()
{
    ExportDialog dialog(m_dir.filePath(QStringLiteral("chart.png")), ExportOptions {});
    // A label shows '&' as an underline only when it has a buddy; without one the '&' itself shows.
    for (const QLabel* label : dialog.findChildren<QLabel*>())
        QVERIFY2(!label->text().contains(QLatin1Char('&')) || label->buddy(), qPrintable(label->text()));
    const QComboBox* theme = dialog.findChild<QComboBox*>(QStringLiteral("theme"));
    QVERIFY(theme);
    QVERIFY(theme->findText(QStringLiteral("Light")) >= 0);
    QVERIFY(theme->findText(QStringLiteral("Dark")) >= 0);
    QVERIFY(dialog.findChild<QCheckBox*>());
}

// One slide per lesson: Export proposes each example's own name, in the folder and format of the last export, so that
// the slide of one lesson never proposes to overwrite another's.
void TestDetails::eachLessonExportsUnderItsOwnName()
{
    QVERIFY(m_window->openEmbeddedScenario(QStringLiteral("scenarios/tpu-v5e-critical-intensity.yaml")).isEmpty());
    QCOMPARE(m_window->suggestedExportPath(), QDir::home().filePath(QStringLiteral("tpu-v5e-critical-intensity.png")));
    const QString slide = m_dir.filePath(QStringLiteral("tpu-v5e-critical-intensity.svg"));
    QCOMPARE(m_window->exportTo(slide, { QSize(800, 500), 1 }), QString());
    QVERIFY(m_window->openEmbeddedScenario(QStringLiteral("scenarios/int8-matmul-v5e.yaml")).isEmpty());
    QCOMPARE(m_window->suggestedExportPath(), m_dir.filePath(QStringLiteral("int8-matmul-v5e.svg")));
    // A scenario from a file: the file's name.
    const QString saved = m_dir.filePath(QStringLiteral("my-lesson.yaml"));
    QCOMPARE(m_window->saveScenario(saved), QString());
    QVERIFY(m_window->openScenario(saved).isEmpty());
    QCOMPARE(m_window->suggestedExportPath(), m_dir.filePath(QStringLiteral("my-lesson.svg")));
}

// A slide size in the dialog fixes the size, the scale and the zoom; the window writes a slide of 1920 × 1080 pixels.
void TestDetails::exportDialogOffersSlides()
{
    ExportDialog dialog(m_dir.filePath(QStringLiteral("slide.png")), ExportOptions {});
    auto* size = dialog.findChild<QComboBox*>(QStringLiteral("size"));
    QVERIFY(size);
    QCOMPARE(dialog.options().zoom, std::nullopt);
    size->setCurrentIndex(size->findData(QStringLiteral("slide")));
    const ExportOptions options = dialog.options();
    QCOMPARE(options.size, QSize(960, 540));
    QCOMPARE(options.scale, kSlideScale);
    QCOMPARE(options.zoom, std::optional<double>(kSlideZoom));
    const double zoom = m_window->chart()->theme().zoom;
    QCOMPARE(m_window->exportTo(dialog.path(), options), QString());
    QCOMPARE(QImage(dialog.path()).size(), QSize(1920, 1080));
    QCOMPARE(m_window->chart()->theme().zoom, zoom);
    // Options that came from a slide open the dialog on it again; Custom hands the size back.
    ExportDialog again(dialog.path(), options);
    auto* sizeAgain = again.findChild<QComboBox*>(QStringLiteral("size"));
    QCOMPARE(sizeAgain->currentData().toString(), QStringLiteral("slide"));
    sizeAgain->setCurrentIndex(0);
    QCOMPARE(again.options().zoom, std::nullopt);
}

void TestDetails::exportsInAThemeOfItsOwn()
{
    const QColor shownBackground = m_window->chart()->theme().background;
    const auto corner = [](const QString& path) { return QImage(path).pixelColor(1, 1); };
    ExportOptions options;
    options.size = QSize(400, 300);
    options.scale = 1;
    options.theme = ExportTheme::Dark;
    const QString dark = m_dir.filePath(QStringLiteral("dark.png"));
    QCOMPARE(m_window->exportTo(dark, options), QString());
    QCOMPARE(corner(dark), ChartTheme::darkTheme().background);
    options.theme = ExportTheme::Light;
    options.transparent = true;
    const QString clear = m_dir.filePath(QStringLiteral("clear.png"));
    QCOMPARE(m_window->exportTo(clear, options), QString());
    QCOMPARE(corner(clear).alpha(), 0);
    QVERIFY(QImage(clear).hasAlphaChannel());
    // The window keeps its own colours.
    QCOMPARE(m_window->chart()->theme().background, shownBackground);
}

// The README's example: one operation of the int8 scenario moved to the critical batch size, the others as they were.
void TestDetails::setNamesOneOperationById()
{
    const auto report = [](const QString& setting) {
        return testing::runCli({ QStringLiteral("report"), QStringLiteral("--scenario"),
            QStringLiteral(ROOFLINE_SOURCE_DIR "/presets/scenarios/int8-matmul-v5e.yaml"), QStringLiteral("--set"),
            setting });
    };
    const testing::CliRun moved = report(QStringLiteral("op2.B=246"));
    QVERIFY2(moved.exitCode == 0, qPrintable(moved.err));
    for (const char* name : { "int8 matmul B=128", "int8 matmul B=246", "int8 matmul B=256", "int8 matmul B=512" })
        QVERIFY2(moved.out.contains(QLatin1String(name)), qPrintable(moved.out));
    QVERIFY(!moved.out.contains(QStringLiteral("B=243")));

    const testing::CliRun unknown = report(QStringLiteral("op9.B=246"));
    QCOMPARE(unknown.exitCode, 2);
    QVERIFY2(unknown.err.contains(QStringLiteral("op1, op2, op3 and op4")), qPrintable(unknown.err));
}

// The window opened as a user opens it, on a desktop session's environment (a runtime folder of its own), drawn once
// and closed: stderr stays empty.
void TestDetails::launchPrintsNothingOnStderr()
{
    const QString runtime = m_dir.filePath(QStringLiteral("runtime"));
    QVERIFY(QDir().mkpath(runtime));
    QVERIFY(QFile::setPermissions(runtime, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), runtime);
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("ROOFLINE_LAB_FIRST_FRAME_EXIT"), QStringLiteral("1"));
    const testing::CliRun window = testing::runCli({}, env);
    QCOMPARE(window.exitCode, 0);
    QCOMPARE(window.out, QStringLiteral("first-frame\n"));
    QCOMPARE(window.err, QString());
}

ROOFLINE_GUI_TEST_MAIN(TestDetails)
#include "test_details.moc"
