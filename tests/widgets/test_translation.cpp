// SPDX-License-Identifier: GPL-3.0-or-later
// The window in the user's language. CTest runs this test under LANG=de_DE.UTF-8: the German translation and Qt's own
// load from the system locale, English stops the search, and figures keep the C locale's point. With a translator
// that marks every text it is asked for, the words of the window's own making (menus, tabs, labels, buttons, tool
// tips, accessible names, table headers, axis titles) all come back marked: none was left out of the translation.
#include "base/units.h"
#include "common/chart_text.h"
#include "common/folding_tabs.h"
#include "document/document.h"
#include "roofline/operations.h"
#include "test_util.h"
#include "window/main_window.h"
#include "window/translations.h"
#include "window_fixture.h"

#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QAction>
#include <QComboBox>
#include <qcustomplot.h>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QSet>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTranslator>

#include <clocale>
#include <memory>

using namespace roofline;
using namespace roofline::widgets;

namespace {

// Translates every text that the German translation holds into itself between ⟦ and ⟧: a text that reaches the screen
// unmarked either never went through tr(), or went through it in a context the translation does not know (a
// QT_TRANSLATE_NOOP's context unlike the one it is translated in, a class that lupdate named otherwise).
class MarkingTranslator : public QTranslator {
public:
    bool loadGerman() { return m_german.load(QStringLiteral(":/i18n/roofline-lab_de.qm")); }
    QString translate(const char* context, const char* source, const char* disambiguation, int n) const override
    {
        if (m_german.translate(context, source, disambiguation, n).isEmpty())
            return {};
        return QStringLiteral("\u27E6%1\u27E7").arg(QString::fromUtf8(source));
    }
    bool isEmpty() const override { return false; }

private:
    QTranslator m_german;
};

// Whether `text` holds a word: two letters or more (not a lone "×" or "B").
bool hasWords(const QString& text)
{
    return std::count_if(text.begin(), text.end(), [](QChar c) { return c.isLetter(); }) >= 2;
}

} // namespace

class TestTranslation : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void theWindowsSentencesReadAsTheCoresInEnglish();
    void englishAndUntranslatedLanguagesStayEnglish();
    void theSystemLocaleLoadsGerman();
    void theWindowSpeaksGermanWithFiguresInOneConvention();
    void everyWordOfTheWindowIsMarked();

private:
    QTemporaryDir m_dir;
};

void TestTranslation::initTestCase()
{
    QVERIFY(m_dir.isValid());
    testing::keepSettingsIn(m_dir.path());
    // This test is meaningful under the German locale CTest gives it, and not elsewhere.
    QCOMPARE(QLocale::system().language(), QLocale::German);
    useFigureLocale(); // as the window starts (theWindowSpeaksGerman… tries the C library's German numbers itself)
}

// The sentences the window builds from the core's figures, so that a translation can reorder them, read in English
// exactly as the core's own (the report's, the command line's), for each kind of critical value.
void TestTranslation::theWindowsSentencesReadAsTheCoresInEnglish()
{
    Critical at;
    at.kind = Critical::Kind::At;
    at.param = "B";
    at.value = 246;
    at.threshold = 245.03;
    Critical approximate = at;
    approximate.approximate = 243.21;
    approximate.approximateWhen = "B \u226A D";
    Critical large = at;
    large.value = 1048576;
    Critical always;
    always.kind = Critical::Kind::Always;
    always.param = "N";
    Critical never;
    never.resource = "HBM";
    for (const Critical& c : { at, approximate, large, always, never })
        QCOMPARE(criticalText(c), QString::fromStdString(describeWithApproximation(c)));
    QCOMPARE(criticalText(approximate), QStringLiteral("compute-bound for B \u2265 246 (243.21 if B \u226A D)"));
    Evaluation ev;
    ev.resources.push_back(ResourceUse { .name = "HBM" });
    for (int index : { -1, 0 }) {
        ev.boundIndex = index;
        QCOMPARE(boundText(ev), QString::fromStdString(ev.bound()));
    }
    ev.latencyBound = true;
    QCOMPARE(boundText(ev), QString::fromStdString(ev.bound()));
}

// The program is written in English: a user who prefers it, or a language with no translation, gets the source text,
// and nothing is installed. (The order matters: German is installed by the next test, for the rest of the run.)
void TestTranslation::englishAndUntranslatedLanguagesStayEnglish()
{
    QCOMPARE(installTranslations(*qApp, QLocale(QLocale::English, QLocale::UnitedKingdom)), QString());
    QCOMPARE(installTranslations(*qApp, QLocale(QLocale::Japanese, QLocale::Japan)), QString());
    QCOMPARE(QCoreApplication::translate("roofline::widgets::MainWindow", "&File"), QStringLiteral("&File"));
}

void TestTranslation::theSystemLocaleLoadsGerman()
{
    QCOMPARE(installTranslations(*qApp), QStringLiteral("de"));
    QCOMPARE(QCoreApplication::translate("roofline::widgets::MainWindow", "&File"), QStringLiteral("&Datei"));
    // Qt's own words in the same language: its dialogs' buttons (Debian's qt6-translations-l10n).
    QCOMPARE(QCoreApplication::translate("QPlatformTheme", "Cancel"), QStringLiteral("Abbrechen"));
    // A sentence about the core's figures, in German word order around them.
    Critical never;
    never.resource = "HBM";
    QCOMPARE(criticalText(never), QStringLiteral("nie rechengebunden (HBM)"));
}

void TestTranslation::theWindowSpeaksGermanWithFiguresInOneConvention()
{
    // QApplication has set the C library's numbers from the environment: with a German C locale installed (Debian's
    // `locales`, de_DE.UTF-8 generated) the core's snprintf would write "3,35 TB/s". The figure locale puts them back.
    const bool germanNumbers = std::setlocale(LC_NUMERIC, "de_DE.UTF-8") != nullptr;
    if (germanNumbers)
        QVERIFY(formatSI(3.35e12, "B/s").find(',') != std::string::npos);
    else
        qInfo("No de_DE.UTF-8 C locale on this machine: the decimal comma is not tried.");
    useFigureLocale();
    QCOMPARE(QByteArray(std::setlocale(LC_NUMERIC, nullptr)), QByteArray("C"));
    QCOMPARE(QString::fromStdString(formatSI(3.35e12, "B/s")), QStringLiteral("3.35 TB/s"));
    const std::unique_ptr<MainWindow> window = testing::showWindow(QSize(1400, 900));
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QStringList bar;
    for (QAction* menu : window->menuBar()->actions())
        bar << menu->text();
    QVERIFY2(bar.contains(QStringLiteral("&Datei")) && bar.contains(QStringLiteral("&Bearbeiten"))
            && bar.contains(QStringLiteral("&Hilfe")),
        qPrintable(bar.join(QLatin1Char(' '))));
    // Every figure in the C locale's convention, as core writes the others: a point, no group separator.
    int spinBoxes = 0;
    for (QAbstractSpinBox* box : window->findChildren<QAbstractSpinBox*>()) {
        QCOMPARE(box->locale().decimalPoint(), QStringLiteral("."));
        QVERIFY2(!box->text().contains(QLatin1Char(',')), qPrintable(box->text()));
        ++spinBoxes;
    }
    QVERIFY(spinBoxes > 0);
    QCOMPARE(QLocale().toString(1234.5, 'f', 2), QStringLiteral("1234.50"));
}

void TestTranslation::everyWordOfTheWindowIsMarked()
{
    MarkingTranslator marking;
    QVERIFY(marking.loadGerman());
    QCoreApplication::installTranslator(&marking);
    const std::unique_ptr<MainWindow> window = testing::showWindow(QSize(1400, 900));
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QStringList unmarked;
    int checked = 0;
    QSet<QString> coreWords;
    auto check = [&](const QString& where, const QString& text) {
        if (!hasWords(text) || coreWords.contains(text))
            return;
        ++checked;
        if (!text.contains(QChar(0x27E6)) && !unmarked.contains(QStringLiteral("%1: %2").arg(where, text.left(120))))
            unmarked << QStringLiteral("%1: %2").arg(where, text.left(120));
    };
    // What the window shows now: its menus, tabs, labels, controls, table headers and chart axes.
    auto scan = [&] {
        for (QAction* menu : window->menuBar()->actions())
            check(QStringLiteral("menu bar"), menu->text());
        for (QMenu* menu : window->findChildren<QMenu*>()) {
            if (menu->title() == QStringLiteral("\u27E6E&xamples\u27E7"))
                continue; // the examples' titles, which their scenario files hold (presets/scenarios/, in English)
            for (QAction* action : menu->actions()) {
                if (action->isSeparator() || action->objectName().startsWith(QLatin1String("_q_")))
                    continue;
                check(QStringLiteral("menu %1").arg(menu->title()), action->text());
                if (action->toolTip() != QString(action->text()).remove(QLatin1Char('&')))
                    check(QStringLiteral("tool tip of %1").arg(action->text()), action->toolTip());
            }
        }
        for (QTabWidget* tabs : window->findChildren<QTabWidget*>())
            for (int i = 0; i < tabs->count(); ++i) {
                check(QStringLiteral("tab"), tabs->tabText(i));
                check(QStringLiteral("tab tool tip"), tabs->tabToolTip(i));
            }
        for (QGroupBox* box : window->findChildren<QGroupBox*>())
            check(QStringLiteral("group"), box->title());
        for (QLabel* label : window->findChildren<QLabel*>())
            if (label->buddy())
                check(QStringLiteral("label"), label->text());
        for (QWidget* w : window->findChildren<QWidget*>()) {
            const bool control = qobject_cast<QAbstractButton*>(w) || qobject_cast<QAbstractSlider*>(w)
                || qobject_cast<QLineEdit*>(w) || qobject_cast<QComboBox*>(w) || qobject_cast<QAbstractSpinBox*>(w)
                || qobject_cast<QAbstractItemView*>(w);
            if (!control || w->window() != window.get() || w->objectName().startsWith(QLatin1String("qt_"))
                || qobject_cast<QTabBar*>(w->parentWidget()))
                continue; // Qt's own buttons (a dock's, a tab bar's arrows) speak Qt's translation
            const QString name = QString::fromLatin1(w->metaObject()->className()) + QLatin1Char(' ') + w->objectName();
            check(QStringLiteral("tool tip of %1").arg(name), w->toolTip());
            check(QStringLiteral("accessible name of %1").arg(name), w->accessibleName());
            if (auto* edit = qobject_cast<QLineEdit*>(w))
                check(QStringLiteral("placeholder of %1").arg(name), edit->placeholderText());
            if (auto* view = qobject_cast<QAbstractItemView*>(w); view && view->model())
                for (int c = 0; c < view->model()->columnCount(); ++c)
                    check(QStringLiteral("header of %1").arg(name),
                        view->model()->headerData(c, Qt::Horizontal).toString());
        }
        for (QCustomPlot* plot : window->findChildren<QCustomPlot*>())
            for (QCPAxis* axis : plot->axisRect()->axes())
                check(QStringLiteral("axis of %1").arg(QString::fromLatin1(plot->metaObject()->className())),
                    axis->label());
    };
    // Examples that show every page: a model on four chips (Model, Compare, Energy), measured kernels (Measured);
    // each page brought to the front, as the views draw only while they show.
    for (const char* scenario :
        { "scenarios/llama-3.1-70b-decode-four-chips.yaml", "scenarios/h100-measured-ncu.yaml" }) {
        QVERIFY(window->openEmbeddedScenario(QString::fromLatin1(scenario)).isEmpty());
        // The core's own words stay English, in the window as in the report: the descriptions of an operation's
        // parameters, which the workload panel gives its fields as tool tips.
        for (const Operation& op : window->document()->operations())
            for (const ParamInfo& p : params(op.op))
                coreWords.insert(QString::fromStdString(std::string(p.description)));
        FoldingTabs* tabs = window->bottomTabs();
        for (int i = 0; i < tabs->count(); ++i) {
            if (!tabs->isTabVisible(i))
                continue;
            tabs->setCurrentIndex(i);
            QCoreApplication::processEvents();
            scan();
        }
    }
    QCoreApplication::removeTranslator(&marking);
    QVERIFY2(unmarked.isEmpty(),
        qPrintable(QStringLiteral("%1 of %2 texts unmarked:\n").arg(unmarked.size()).arg(checked)
            + unmarked.join(QLatin1Char('\n'))));
    QVERIFY(checked > 1000);
}

ROOFLINE_GUI_TEST_MAIN(TestTranslation)
#include "test_translation.moc"
