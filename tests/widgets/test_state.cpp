// SPDX-License-Identifier: GPL-3.0-or-later
// The window tells the truth and teaches: "(modified)" and the save prompt appear only when the session differs
// from the one opened or saved, a first launch opens the first lesson, Help lists the keys and the texts, and the
// examples are named one way. (The wheel over the side panel: test_screen.cpp, at each small screen.)
#include "chart/chart_probe.h"
#include "chart/roofline_chart.h"
#include "document/document.h"
#include "files/presets.h"
#include "files/scenario.h"
#include "panels/workload_panel.h"
#include "test_util.h"
#include "window/file_commands.h"
#include "window/help_menu.h"
#include "window/main_window.h"
#include "window_fixture.h"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QRegularExpression>
#include <QSettings>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <algorithm>
#include <climits>
#include <memory>

using namespace roofline;
using namespace roofline::widgets;

namespace {

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

QAction* findAction(const QMenuBar* bar, const QString& objectName)
{
    for (QAction* top : bar->actions())
        if (top->menu())
            for (QAction* a : top->menu()->actions())
                if (a->objectName() == objectName)
                    return a;
    return nullptr;
}

} // namespace

class TestState : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanup();

    void modifiedOnlyWhenTheSessionDiffers();
    void untouchedExamplesAreNotModified_data();
    void untouchedExamplesAreNotModified();
    void savingClearsTheMark();
    void firstLaunchOpensTheFirstLesson();
    void helpListsTheKeysAndTheSources();
    void examplesAreNamedTopicThenChip();
    void recentFilesFollowOpensAndSaves();
    void saveAsAddsTheExtension();
    void aDroppedScenarioOpens();
    void earlierSettingsAreAdoptedOnce();
    void aZoomThatIsNoNumberIsTheDefault_data();
    void aZoomThatIsNoNumberIsTheDefault();

private:
    // The window's marks, and whether the unsaved-changes question would be asked (it is answered Discard).
    bool marked() const;
    bool prompts();

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
    int m_prompts = 0;
};

void TestState::initTestCase()
{
    QVERIFY(m_dir.isValid());
    testing::keepSettingsIn(m_dir.filePath(QStringLiteral("settings")));
}

void TestState::cleanup()
{
    m_window.reset();
}

bool TestState::marked() const
{
    const bool window = m_window->isWindowModified();
    const bool chart = ChartProbe(*m_window->chart()).titleText().contains(QStringLiteral("(modified)"));
    return window || chart;
}

bool TestState::prompts()
{
    const int before = m_prompts;
    m_window->setUnsavedChangesPrompt([this](const QString&) {
        ++m_prompts;
        return QMessageBox::Discard;
    });
    [[maybe_unused]] const bool discarded = m_window->confirmDiscard();
    return m_prompts > before;
}

void TestState::modifiedOnlyWhenTheSessionDiffers()
{
    m_window = testing::showWindow(QSize(1400, 900));
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    Document* doc = m_window->document();
    QCOMPARE(m_window->openEmbeddedScenario(QStringLiteral("scenarios/int8-matmul-v5e.yaml")), QString());
    QVERIFY(!doc->session().overrides.empty()); // the example sets the chip's numbers of the text
    QVERIFY(!marked());
    QVERIFY(!prompts());

    // A number of the chip: the window and the chart's title say so, and closing would ask.
    const double hbm = doc->hardware().memories.front().bandwidth;
    const std::string key = "bandwidth." + doc->hardware().memories.front().name;
    QVERIFY(!doc->setHardwareValue(key, hbm * 0.9));
    QVERIFY(m_window->isWindowModified());
    QVERIFY(ChartProbe(*m_window->chart()).titleText().contains(QStringLiteral("(modified)")));
    QVERIFY(prompts());

    // Reset puts back what was opened: no mark, no question, and switching examples asks nothing.
    QAction* reset = nullptr;
    for (QAction* a : m_window->findChildren<QAction*>())
        if (a->text() == QStringLiteral("Reset &values"))
            reset = a;
    QVERIFY(reset);
    reset->trigger();
    QCOMPARE(doc->hardware().memories.front().bandwidth, hbm);
    QVERIFY(!marked());
    QVERIFY(!prompts());

    // An operation's parameter marks the window, not the chip; undoing it takes the mark away.
    QVERIFY(!doc->setOperationParam(0, "B", 300.0));
    QVERIFY(m_window->isWindowModified());
    QVERIFY(!ChartProbe(*m_window->chart()).titleText().contains(QStringLiteral("(modified)")));
    QVERIFY(prompts());
    doc->undoStack()->undo();
    QVERIFY(!marked());
    QVERIFY(!prompts());

    // Going there and back by hand is no change either.
    const double b = *numberParam(doc->operations()[1].op, "B");
    QVERIFY(!doc->setOperationParam(1, "B", b + 1));
    QVERIFY(!doc->setOperationParam(1, "B", b));
    QVERIFY(!marked());

    const int before = m_prompts;
    QAction* next = m_window->examplesMenu()->actions().front();
    next->trigger();
    QCOMPARE(m_prompts, before);
    QCOMPARE(q(doc->session().name), next->text());
}

void TestState::untouchedExamplesAreNotModified_data()
{
    QTest::addColumn<QString>("name");
    for (const EmbeddedFile& f : embeddedFiles())
        if (f.name.starts_with("scenarios/"))
            QTest::newRow(std::string(f.name).c_str()) << q(std::string(f.name));
}

void TestState::untouchedExamplesAreNotModified()
{
    QFETCH(QString, name);
    if (!m_window) {
        m_window = testing::showWindow(QSize(1024, 768));
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }
    QCOMPARE(m_window->openEmbeddedScenario(name), QString());
    QVERIFY(!marked());
    QVERIFY(!prompts());
    QVERIFY(!ChartProbe(*m_window->chart()).titleText().contains(QStringLiteral("modified")));
}

void TestState::savingClearsTheMark()
{
    m_window = testing::showWindow(QSize(1400, 900));
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    Document* doc = m_window->document();
    QCOMPARE(m_window->openEmbeddedScenario(QStringLiteral("scenarios/h100-matmul.yaml")), QString());
    QVERIFY(!doc->setHardwareValue("bandwidth.HBM", 2.0e12));
    QVERIFY(marked());
    const QString path = m_dir.filePath(QStringLiteral("saved.yaml"));
    QCOMPARE(m_window->saveScenario(path), QString());
    QVERIFY(!marked());
    QVERIFY(!prompts());
    // The saved numbers are the ones compared with now: going back to the opened ones is a change.
    doc->undoStack()->undo();
    QVERIFY(m_window->isWindowModified());
    QVERIFY(ChartProbe(*m_window->chart()).titleText().contains(QStringLiteral("(modified)")));
    doc->undoStack()->redo();
    QVERIFY(!marked());
    // The saved file opens unmarked, with the saved number.
    QCOMPARE(m_window->openScenario(path), QString());
    QVERIFY(!marked());
    QCOMPARE(doc->hardware().memories.front().bandwidth, 2.0e12);
}

void TestState::firstLaunchOpensTheFirstLesson()
{
    QSettings().clear(); // nothing saved: a first launch
    m_window = testing::showWindow(QSize(1024, 768));
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QVERIFY(m_window->welcome());
    const Session& s = m_window->document()->session();
    QVERIFY(s.lesson);
    int first = INT_MAX;
    for (const BuiltInExample& e : builtInExamples(m_window->document()->library()))
        first = std::min(first, e.order);
    QCOMPARE(s.lesson->order, first);
    QCOMPARE(q(s.name), m_window->examplesMenu()->actions().front()->text());
    QVERIFY(m_window->explanationDock()->isVisible());
    QVERIFY(m_window->statusBar()->currentMessage().contains(QStringLiteral("File ▸ Examples")));
    QVERIFY(!marked());
    QVERIFY(!m_window->welcome()); // once

    // The next launch opens as the window was left, not on the lesson again.
    QVERIFY(m_window->close());
    m_window = testing::showWindow(QSize(1024, 768));
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QVERIFY(!m_window->welcome());
    QVERIFY(!m_window->document()->session().lesson);
}

void TestState::helpListsTheKeysAndTheSources()
{
    m_window = testing::showWindow(QSize(1024, 768));
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QVERIFY(findAction(m_window->menuBar(), QStringLiteral("helpShortcuts")));
    QVERIFY(findAction(m_window->menuBar(), QStringLiteral("helpSources")));

    // Every command on a menu that has a key is listed with it.
    const QString keys = shortcutsHtml(*m_window);
    int listed = 0;
    for (QAction* top : m_window->menuBar()->actions())
        for (QAction* a : top->menu()->actions())
            if (!a->shortcut().isEmpty()) {
                QString name = a->text();
                name.remove(QLatin1Char('&')).remove(QStringLiteral("…"));
                QVERIFY2(keys.contains(name.toHtmlEscaped()), qPrintable(name));
                QVERIFY2(
                    keys.contains(a->shortcut().toString(QKeySequence::NativeText).toHtmlEscaped()), qPrintable(name));
                ++listed;
            }
    QVERIFY(listed > 10);
    QVERIFY(keys.contains(QStringLiteral("Reset values")) && keys.contains(QStringLiteral("F5")));

    // The texts, their chapters, and the section every worked example follows.
    const QString sources = sourcesHtml(m_window->document()->library());
    for (const char* text :
        { "How to Scale Your Model", "All About Rooflines", "The Extended Roofline", "jax-ml.github.io/scaling-book" })
        QVERIFY2(sources.contains(QLatin1String(text)), text);
    int lessons = 0;
    for (const BuiltInExample& e : builtInExamples(m_window->document()->library()))
        if (!e.source.isEmpty()) {
            QVERIFY2(sources.contains(e.title.toHtmlEscaped()), qPrintable(e.title));
            QVERIFY2(sources.contains(e.source.toHtmlEscaped()), qPrintable(e.source));
            ++lessons;
        }
    QVERIFY(lessons >= 13);

    // About names the version and the licence the program is under, and why.
    const QString about = aboutHtml(QStringLiteral("1.2.3"));
    for (const char* text : { "Roofline Lab 1.2.3", "GPL-3.0-or-later", "QCustomPlot", "no warranty" })
        QVERIFY2(about.contains(QLatin1String(text)), text);
}

void TestState::examplesAreNamedTopicThenChip()
{
    const PresetLibrary library = loadPresetLibrary({});
    const QString dash = QStringLiteral(" — ");
    for (const EmbeddedFile& f : embeddedFiles()) {
        if (!f.name.starts_with("scenarios/"))
            continue;
        const auto parsed = parseScenario(f.text, std::string(f.name), library, builtInModels());
        QVERIFY2(parsed.ok(), std::string(f.name).c_str());
        const QString name = q(parsed.value().name);
        // "Topic, detail — chip": one dash, a topic before it, after it the short name of the session's chip, then
        // those of the chips it compares ("— TPU v5e and H100", "— H100, H200, B200 and MI300X"), in their order.
        QCOMPARE(name.count(dash), 1);
        const QString topic = name.section(dash, 0, 0);
        const QStringList chips = name.section(dash, 1).split(QRegularExpression(QStringLiteral(", | and ")));
        QVERIFY2(!topic.isEmpty() && !chips.front().isEmpty(), qPrintable(name));
        std::vector<std::string> names { parsed.value().chip.name };
        for (const ComparedChip& c : parsed.value().compare)
            names.push_back(c.chip.name);
        QCOMPARE(std::size_t(chips.size()), names.size());
        for (qsizetype i = 0; i < chips.size(); ++i) {
            QVERIFY2(!chips[i].isEmpty(), qPrintable(name));
            QVERIFY2(q(names[std::size_t(i)]).contains(chips[i]),
                qPrintable(name + QStringLiteral(" on ") + q(names[std::size_t(i)])));
            QVERIFY2(!topic.contains(chips[i]), qPrintable(name)); // each chip is named once, at the end
        }
    }
}

// File ▸ Open Recent: the scenarios opened and saved, newest first, ten at most; a file that is gone is shown
// disabled; "Clear list" empties it; the list outlives the window.
void TestState::recentFilesFollowOpensAndSaves()
{
    FileCommands::clearRecentFiles();
    m_window = testing::showWindow(QSize(1400, 900));
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QCOMPARE(m_window->openEmbeddedScenario(QStringLiteral("scenarios/int8-matmul-v5e.yaml")), QString());
    QVERIFY(FileCommands::recentFiles().isEmpty()); // a built-in example is no file of the user's
    const QString folder = m_dir.filePath(QStringLiteral("recent"));
    QVERIFY(QDir().mkpath(folder));
    QStringList saved;
    for (int i = 0; i < FileCommands::kRecentFiles + 2; ++i) {
        saved << QDir(folder).filePath(QStringLiteral("s%1.yaml").arg(i));
        QCOMPARE(m_window->saveScenario(saved.back()), QString());
    }
    QStringList expected;
    for (int i = int(saved.size()) - 1; i >= 2; --i)
        expected << saved[i];
    QCOMPARE(FileCommands::recentFiles(), expected);
    // Opening one brings it to the front, once.
    QCOMPARE(m_window->openScenario(saved[5]), QString());
    QCOMPARE(FileCommands::recentFiles().front(), saved[5]);
    QCOMPARE(FileCommands::recentFiles().count(saved[5]), 1);
    QCOMPARE(FileCommands::recentFiles().size(), FileCommands::kRecentFiles);
    // The menu as it is about to show: one entry a file, a gone one disabled, then "Clear list".
    QVERIFY(QFile::remove(saved[7]));
    QMenu* recent = m_window->recentMenu();
    emit recent->aboutToShow();
    QStringList entries;
    for (const QAction* a : recent->actions())
        if (!a->isSeparator() && a->data().isValid()) {
            entries << a->data().toString();
            QCOMPARE(a->isEnabled(), a->data().toString() != saved[7]);
        }
    QCOMPARE(entries, FileCommands::recentFiles());
    // Choosing an entry opens it.
    m_window->setUnsavedChangesPrompt([](const QString&) { return QMessageBox::Discard; });
    for (QAction* a : recent->actions())
        if (a->data().toString() == saved[3])
            a->trigger();
    QCOMPARE(m_window->document()->filePath(), saved[3]);
    QCOMPARE(FileCommands::recentFiles().front(), saved[3]);
    // The list is kept for the next launch, until cleared.
    m_window.reset();
    m_window = testing::showWindow(QSize(1400, 900));
    QCOMPARE(FileCommands::recentFiles().front(), saved[3]);
    QAction* clear = m_window->recentMenu()->actions().back();
    QVERIFY(clear->isEnabled());
    clear->trigger();
    QVERIFY(FileCommands::recentFiles().isEmpty());
    QVERIFY(!m_window->recentMenu()->actions().back()->isEnabled());
}

// A name chosen without an extension is saved with ".yaml", so that the Open dialog and the command line find it;
// a name with one keeps it.
void TestState::saveAsAddsTheExtension()
{
    QCOMPARE(FileCommands::scenarioSavePath(QStringLiteral("/tmp/lesson")), QStringLiteral("/tmp/lesson.yaml"));
    QCOMPARE(FileCommands::scenarioSavePath(QStringLiteral("/tmp/lesson.yml")), QStringLiteral("/tmp/lesson.yml"));
    QCOMPARE(
        FileCommands::scenarioSavePath(QStringLiteral("/tmp/v1.2/lesson")), QStringLiteral("/tmp/v1.2/lesson.yaml"));
    QCOMPARE(FileCommands::scenarioSavePath(QStringLiteral("/tmp/lesson.YAML")), QStringLiteral("/tmp/lesson.YAML"));
    // Dots of a scenario's own name are no extension.
    QCOMPARE(FileCommands::scenarioSavePath(QStringLiteral("/tmp/llama-3.1-70b-tp16")),
        QStringLiteral("/tmp/llama-3.1-70b-tp16.yaml"));
    QCOMPARE(FileCommands::scenarioSavePath(QString()), QString()); // the dialog cancelled
}

// A scenario file dropped on the window opens as File ▸ Open opens it; anything else is not taken.
void TestState::aDroppedScenarioOpens()
{
    m_window = testing::showWindow(QSize(1400, 900));
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    const QString path = m_dir.filePath(QStringLiteral("dropped.yaml"));
    QCOMPARE(m_window->openEmbeddedScenario(QStringLiteral("scenarios/int8-matmul-v5e.yaml")), QString());
    QCOMPARE(m_window->saveScenario(path), QString());
    QCOMPARE(m_window->openEmbeddedScenario(QStringLiteral("scenarios/dot-product-v5e.yaml")), QString());
    QVERIFY(m_window->document()->filePath().isEmpty());
    auto drop = [this](const QList<QUrl>& urls) {
        QMimeData mime;
        mime.setUrls(urls);
        const QPoint at = m_window->rect().center();
        QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(m_window.get(), &enter);
        if (!enter.isAccepted())
            return false;
        QDropEvent dropped(QPointF(at), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(m_window.get(), &dropped);
        return dropped.isAccepted();
    };
    QVERIFY(!drop({ QUrl::fromLocalFile(m_dir.filePath(QStringLiteral("kernels.csv"))) }));
    QVERIFY(!drop({ QUrl(QStringLiteral("https://example.org/a.yaml")) }));
    QVERIFY(!drop({ QUrl::fromLocalFile(path), QUrl::fromLocalFile(path) }));
    QVERIFY(drop({ QUrl::fromLocalFile(path) }));
    TRY_COMPARE(m_window->document()->filePath(), path);
}

// The settings an earlier version kept in ~/.config/RooflineLab/ move beside the presets, once: a folder that already
// has settings keeps its own, and the old file stays as it was.
void TestState::earlierSettingsAreAdoptedOnce()
{
    QSettings earlier(m_dir.filePath(QStringLiteral("RooflineLab/roofline-lab.conf")), QSettings::IniFormat);
    earlier.setValue(QStringLiteral("view/zoom"), 1.5);
    earlier.setValue(QStringLiteral("files/recent"), QStringList { QStringLiteral("/lessons/a.yaml") });
    earlier.sync();
    QSettings now(m_dir.filePath(QStringLiteral("roofline-lab/roofline-lab.conf")), QSettings::IniFormat);
    QVERIFY(adoptEarlierSettings(now, earlier));
    QCOMPARE(now.value(QStringLiteral("view/zoom")).toDouble(), 1.5);
    QCOMPARE(
        now.value(QStringLiteral("files/recent")).toStringList(), QStringList { QStringLiteral("/lessons/a.yaml") });
    // Once: the new folder's own settings win from then on.
    now.setValue(QStringLiteral("view/zoom"), 1.0);
    earlier.setValue(QStringLiteral("view/zoom"), 2.0);
    QVERIFY(!adoptEarlierSettings(now, earlier));
    QCOMPARE(now.value(QStringLiteral("view/zoom")).toDouble(), 1.0);
    QCOMPARE(earlier.value(QStringLiteral("view/zoom")).toDouble(), 2.0);
}

void TestState::aZoomThatIsNoNumberIsTheDefault_data()
{
    QTest::addColumn<QString>("zoom");
    QTest::newRow("nan") << QStringLiteral("nan");
    QTest::newRow("inf") << QStringLiteral("inf");
    QTest::newRow("text") << QStringLiteral("large");
    QTest::newRow("too large") << QStringLiteral("1e300");
}

// A settings file edited by hand: a zoom that is not a finite number is the default (a NaN zoom drew no text at all),
// one out of range the nearest the window allows.
void TestState::aZoomThatIsNoNumberIsTheDefault()
{
    QFETCH(QString, zoom);
    QSettings().setValue(QStringLiteral("view/zoom"), zoom);
    m_window = testing::showWindow(QSize(1024, 768));
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QVERIFY(std::isfinite(m_window->zoom()));
    if (zoom != QLatin1String("1e300"))
        QCOMPARE(m_window->zoom(), 1.0);
    const double points = m_window->chart()->xAxis->tickLabelFont().pointSizeF();
    QVERIFY2(std::isfinite(points) && points > 4, qPrintable(QString::number(points)));
    m_window.reset();
    QSettings().remove(QStringLiteral("view/zoom"));
}

ROOFLINE_GUI_TEST_MAIN(TestState)
#include "test_state.moc"
