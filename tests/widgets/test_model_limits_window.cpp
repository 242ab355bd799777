// SPDX-License-Identifier: GPL-3.0-or-later
// The window and whole models: a chip or a setting the model cannot run with is refused with the setting's name and
// leaves the session, and the controls, as they were; and every operation the Link to list offers can be linked,
// saved and opened again.
#include "document/document.h"
#include "measured/measured_table.h"
#include "panels/hardware_panel.h"
#include "test_util.h"
#include "window/main_window.h"
#include "window_fixture.h"

#include <QComboBox>
#include <QFile>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace roofline;
using namespace roofline::widgets;

class TestModelLimitsWindow : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;

    QString write(const QString& name, const QByteArray& text)
    {
        return roofline::testing::writeTestFile(m_dir.filePath(name), text);
    }

private slots:
    void initTestCase()
    {
        testing::keepSettingsIn(m_dir.filePath("settings"));
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_dir.filePath("home")));
        m_window = testing::showWindow(QSize(1400, 900));
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }

    // H100 computes in fp8, TPU v5e does not: choosing it is refused with the setting that needs it, the status bar
    // says so, and the chooser goes back to the chip the session still has.
    void aChipTheModelCannotRunOnIsRefused()
    {
        const QString file
            = write("fp8.yaml", "preset: h100-sxm\nmodel: {id: llama-2-7b, activations: fp8, weights: fp8}\n");
        QCOMPARE(m_window->openScenario(file), QString());
        Document* document = m_window->document();
        const Session before = document->session();
        QSignalSpy refused(document, &Document::editRefused);

        QComboBox* chooser = m_window->hardwarePanel()->presetChooser();
        int v5e = -1;
        for (int i = 0; i < chooser->count(); ++i)
            if (chooser->itemText(i).contains("v5e"))
                v5e = i;
        QVERIFY(v5e >= 0);
        const QString shown = chooser->currentText();
        QVERIFY(shown.contains("H100"));
        chooser->setCurrentIndex(v5e); // as a user's choice: the chooser's signal reaches the document
        QCOMPARE(refused.count(), 1);
        const QString message = refused.front().front().toString();
        QVERIFY2(message.startsWith("model.activations: Google TPU v5e has no fp8 peak"), qPrintable(message));
        QVERIFY2(m_window->statusBar()->currentMessage().startsWith("model.activations:"),
            qPrintable(m_window->statusBar()->currentMessage()));
        QCOMPARE(chooser->currentText(), shown);
        QVERIFY(document->session() == before);
        QVERIFY(!document->selectPreset("tpu-v5e"));

        // A setting that would make the step impossible: refused, nothing changes.
        const std::optional<std::string> error = document->setModelSettings(
            { { "phase", std::string("prefill") }, { "batch", 16777216.0 }, { "prompt", 1073741824.0 } });
        QVERIFY(error);
        QVERIFY2(QString::fromStdString(*error).startsWith("model.prompt: 18014398509481984 tokens in one pass"),
            error->c_str());
        QVERIFY(document->session() == before);
    }

    // Every entry of the Link to list linked to a kernel, the settings then changed so that some of them are no
    // longer generated, the user's operation removed: the saved file opens again with the same links.
    void everyLinkTheWindowOffersReadsBack()
    {
        const QByteArray measured = ROOFLINE_SOURCE_DIR "/presets/measured/h100-sweep.csv";
        const QString file = write("linked.yaml",
            "preset: h100-sxm\nmodel: {id: llama-2-7b, tp: 2}\noperations:\n  - {op: dot, id: mine, N: 1024}\n"
            "measured:\n  file: "
                + measured + "\n  columns: name=op+params,flops=flops,bytes=bytes,seconds=t_median_s\n");
        QCOMPARE(m_window->openScenario(file), QString());
        MeasuredTable* table = m_window->measuredTable();
        QComboBox* links = table->linkBox();
        QTableView* view = table->view();
        QVERIFY(table->rowCount() > 20);
        table->view()->setCurrentIndex(view->model()->index(0, 0));
        const int offered = links->count() - 1; // after "no link of its own"
        QVERIFY(offered >= 19); // 18 generated operations at tp 2 and the user's
        QStringList linked;
        for (int i = 1; i <= offered; ++i) {
            view->setCurrentIndex(view->model()->index(i - 1, 0));
            emit links->activated(i);
            linked << links->itemText(i);
        }
        const auto& rules = m_window->document()->session().measured->links;
        QCOMPARE(static_cast<int>(rules.size()), offered);
        QVERIFY(std::any_of(rules.begin(), rules.end(), [](const LinkRule& r) { return r.operationId == "mine"; }));
        QVERIFY(std::any_of(
            rules.begin(), rules.end(), [](const LinkRule& r) { return r.operationId == "model.attn_allreduce"; }));

        QCOMPARE(m_window->document()->setModelSetting("tp", 1.0), std::optional<std::string>());
        const std::size_t mine = *m_window->document()->session().indexOf("mine");
        m_window->document()->removeOperation(mine);
        const std::vector<LinkRule> kept = m_window->document()->session().measured->links;
        QCOMPARE(static_cast<int>(kept.size()), offered - 1);

        const QString saved = m_dir.filePath("saved.yaml");
        QCOMPARE(m_window->saveScenario(saved), QString());
        QCOMPARE(m_window->openScenario(saved), QString());
        QVERIFY(m_window->document()->session().measured->links == kept);
    }

    // The operation a lesson's answer names stays: removing it is refused and said, so that the lesson saved reads
    // back.
    void theLessonsOperationStays()
    {
        const QString file = write("lesson.yaml",
            "preset: h100-sxm\noperations:\n  - {op: dot, id: asked, N: 1024}\nlesson:\n  source: s\n  question: q\n"
            "  claim: c\n  answer: {time: asked}\n");
        QCOMPARE(m_window->openScenario(file), QString());
        Document* document = m_window->document();
        const Session before = document->session();
        QSignalSpy refused(document, &Document::editRefused);
        document->removeOperation(0);
        QCOMPARE(refused.count(), 1);
        QVERIFY2(refused.front().front().toString().contains("lesson's answer is about asked"),
            qPrintable(refused.front().front().toString()));
        QVERIFY(document->session() == before);
    }
};

ROOFLINE_GUI_TEST_MAIN(TestModelLimitsWindow)
#include "test_model_limits_window.moc"
