// SPDX-License-Identifier: GPL-3.0-or-later
// The Compare tab's prices: typed into its Price column, one undoable edit each, they give each chip its cost per
// million tokens, rank the chips by it, name the chips still without one, and are saved with the scenario.
#include "common/folding_tabs.h"
#include "document/document.h"
#include "files/scenario.h"
#include "report/compare.h"
#include "test_util.h"
#include "window/compare_page.h"
#include "window/main_window.h"
#include "window_fixture.h"

#include <QApplication>
#include <QComboBox>
#include <QLineEdit>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <cmath>
#include <map>
#include <memory>

using namespace roofline;
using namespace roofline::widgets;

class TestComparePage : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        testing::keepSettingsIn(m_dir.filePath(QStringLiteral("settings")));
    }
    void init()
    {
        m_window = testing::showWindow(QSize(1400, 900));
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }
    void cleanup() { m_window.reset(); }

    void fourPricesRankFourChipsByCost();
    void figuresAndBoundsAreWords();

private:
    // Llama-3.1-70B decoding at batch 64 over 8 chips, context 1024, on the Compare tab shown.
    void openSeventyBOverEightChips()
    {
        QVERIFY(m_window->openEmbeddedScenario(QStringLiteral("scenarios/llama-2-7b-decode-h100.yaml")).isEmpty());
        QVERIFY(!m_window->document()->setModelSettings(
            { { "id", std::string("llama-3.1-70b") }, { "tp", 8.0 }, { "batch", 64.0 }, { "context", 1024.0 } }));
        m_window->bottomTabs()->setFolded(false);
        m_window->bottomTabs()->showPage(m_window->comparePage());
        TRY_VERIFY(m_window->comparePage()->isVisible());
    }
    // Types `text` into the Price cell of the chip `id`, as a user does: the cell's editor, the keys, Return. The
    // delegate commits the editor by a posted call, and the page fills its table again by another: both run here.
    void typePrice(const std::string& id, const QString& text)
    {
        ComparePage* page = m_window->comparePage();
        int row = -1;
        for (std::size_t i = 0; i < page->rows().size(); ++i)
            if (page->rows()[i].presetId == id)
                row = static_cast<int>(i);
        QVERIFY2(row >= 0, id.c_str());
        QTableWidgetItem* cell = page->table()->item(row, ComparePage::kPriceColumn);
        page->table()->setCurrentItem(cell);
        page->table()->editItem(cell);
        auto* editor = qobject_cast<QLineEdit*>(QApplication::focusWidget());
        QVERIFY(editor);
        editor->selectAll();
        QTest::keyClicks(editor, text);
        QTest::keyClick(editor, Qt::Key_Return);
        QCoreApplication::processEvents(); // the commit: the edit
        QCoreApplication::processEvents(); // the table filled again
    }

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
};

// Llama-3.1-70B decoding at batch 64 over 8 chips; prices typed for the H100, H200, B200 and MI300X. Each priced row's
// cost is its price over its own step, price / 3600 · 8 · T_step / 64 · 10^6 a million tokens, the cheapest first;
// every other chip after them, named under the table; Undo takes the last price away; Save writes them.
void TestComparePage::fourPricesRankFourChipsByCost()
{
    openSeventyBOverEightChips();
    if (QTest::currentTestFailed())
        return;
    Document* document = m_window->document();
    ComparePage* page = m_window->comparePage();
    // No price yet: the chips are listed, and the page says why they are not ranked by cost.
    page->rankBy(QStringLiteral("cost_per_million_tokens"));
    QCOMPARE(page->table()->rowCount(), static_cast<int>(document->library().presets().size()));
    QVERIFY2(page->note().contains("none of the chips compared has a price per chip-hour"), qPrintable(page->note()));

    const std::map<std::string, double> prices { { "h100-sxm", 2.49 }, { "h200-sxm", 3.79 }, { "b200", 5.99 },
        { "mi300x", 3.2 } };
    const int steps = document->undoStack()->count();
    for (const auto& [id, price] : prices)
        typePrice(id, QString::number(price));
    QCOMPARE(document->undoStack()->count(), steps + 4);
    QCOMPARE(document->hardware().pricePerHour, 2.49); // the session's own chip: its price.hour
    QCOMPARE(document->session().prices.size(), std::size_t(3));

    const std::vector<ChipComparison>& rows = page->rows();
    double last = 0;
    for (std::size_t i = 0; i < prices.size(); ++i) {
        const ChipComparison& r = rows[i];
        QVERIFY2(prices.contains(r.presetId), r.presetId.c_str());
        const double byHand = prices.at(r.presetId) / 3600 * 8 * r.tLower / 64 * 1e6;
        QVERIFY2(std::fabs(r.costPerMillionTokens / byHand - 1) < 1e-12, r.presetId.c_str());
        QVERIFY(r.costPerMillionTokens >= last);
        last = r.costPerMillionTokens;
        QCOMPARE(page->table()->item(static_cast<int>(i), ComparePage::kPriceColumn)->text(),
            QString::number(prices.at(r.presetId)));
    }
    for (std::size_t i = prices.size(); i < rows.size(); ++i)
        QVERIFY(std::isnan(rows[i].costPerMillionTokens));
    QVERIFY2(page->note().startsWith("No price for "), qPrintable(page->note()));
    // Many chips without a price are counted rather than listed.
    const std::size_t unpriced = std::count_if(rows.begin(), rows.end(),
        [](const ChipComparison& r) { return r.problem.empty() && std::isnan(r.costPerMillionTokens); });
    QVERIFY(unpriced > 4);
    QVERIFY2(page->note().startsWith(QStringLiteral("No price for %1 chips:").arg(unpriced)), qPrintable(page->note()));

    // What the window ranks is what compare ranks, with the same prices.
    std::vector<std::string> chips;
    for (const Hardware& h : document->library().presets())
        chips.push_back(h.id);
    const auto core = compareChips(
        document->analysis()->session, chips, document->library(), document->models(), "cost_per_million_tokens");
    QVERIFY(core);
    for (std::size_t i = 0; i < prices.size(); ++i)
        QCOMPARE(rows[i].presetId, (*core)[i].presetId);

    // Saved and read back, the prices stay.
    const std::string saved = writeScenario(document->session());
    QVERIFY2(saved.find("prices:") != std::string::npos, saved.c_str());
    const auto reread = parseScenario(saved, "saved.yaml", document->library(), document->models());
    QVERIFY2(reread, reread ? "" : toString(reread.error()).c_str());
    QCOMPARE(reread->prices, document->session().prices);

    // Undo takes the last price typed away: the MI300X's, whose row then has no cost.
    document->undoStack()->undo();
    QVERIFY(!document->session().prices.contains("mi300x"));
    const auto mi300x = std::find_if(
        page->rows().begin(), page->rows().end(), [](const ChipComparison& r) { return r.presetId == "mi300x"; });
    QVERIFY(mi300x != page->rows().end() && std::isnan(mi300x->costPerMillionTokens));

    // A price that is no rate per hour is refused in the note, and nothing changes.
    const std::size_t before = document->undoStack()->count();
    typePrice("b200", QStringLiteral("5.99$"));
    QCOMPARE(static_cast<std::size_t>(document->undoStack()->count()), before);
    QVERIFY2(page->note().contains("Price of b200: expected a number"), qPrintable(page->note()));
}

// Rank by lists each figure in words, the report's key its data; the Bound column names the memory level or link the
// most time goes to. Llama-3.1-70B decoding at batch 64 over 8 H100s spends most of its time reading HBM.
void TestComparePage::figuresAndBoundsAreWords()
{
    openSeventyBOverEightChips();
    if (QTest::currentTestFailed())
        return;
    ComparePage* page = m_window->comparePage();
    const std::vector<std::string_view> figures = comparisonFigures();
    QCOMPARE(page->rankBy()->count(), static_cast<int>(figures.size()));
    for (int i = 0; i < page->rankBy()->count(); ++i) {
        QCOMPARE(page->rankBy()->itemData(i).toString(), QString::fromStdString(std::string(figures[i])));
        QVERIFY2(!page->rankBy()->itemText(i).contains('_'), qPrintable(page->rankBy()->itemText(i)));
    }
    page->rankBy(QStringLiteral("tokens_per_s"));
    QCOMPARE(page->rankBy()->currentText(), QStringLiteral("Tokens per second"));
    QCOMPARE(page->figure(), QStringLiteral("tokens_per_s"));
    int bound = -1;
    for (int c = 0; c < page->table()->columnCount(); ++c)
        if (page->table()->horizontalHeaderItem(c)->text() == QStringLiteral("Bound"))
            bound = c;
    QVERIFY(bound > 0);
    const auto h100 = std::find_if(
        page->rows().begin(), page->rows().end(), [](const ChipComparison& r) { return r.presetId == "h100-sxm"; });
    QVERIFY(h100 != page->rows().end());
    QCOMPARE(h100->bound, std::string("memory"));
    QCOMPARE(h100->boundBy, std::string("HBM"));
    QCOMPARE(page->table()->item(static_cast<int>(h100 - page->rows().begin()), bound)->text(), QStringLiteral("HBM"));
}

QTEST_MAIN(TestComparePage)
#include "test_compare_page.moc"
