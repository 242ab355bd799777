// SPDX-License-Identifier: GPL-3.0-or-later
// The readout table as a class uses it: copied and exported, kinds in words, integer dtypes in OPs, and the same
// figures as the command line's report of the same scenario.
#include "base/units.h"
#include "chart/roofline_chart.h"
#include "document/document.h"
#include "files/presets.h"
#include "files/scenario.h"
#include "panels/workload_panel.h"
#include "readout/readout_table.h"
#include "roofline/operations.h"
#include "session/analysis.h"
#include "test_util.h"
#include "window/main_window.h"
#include "window_fixture.h"

#include <QClipboard>
#include <QComboBox>
#include <QFile>
#include <QItemSelectionModel>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace roofline;
using namespace roofline::widgets;

namespace {

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

// Reads CSV as RFC 4180 writes it: quoted fields may hold commas, quotes (doubled) and line breaks.
QList<QStringList> parseCsv(const QString& text)
{
    QList<QStringList> rows;
    QStringList row;
    QString field;
    bool quoted = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == QLatin1Char('"') && i + 1 < text.size() && text[i + 1] == QLatin1Char('"'))
                field += text[++i];
            else if (c == QLatin1Char('"'))
                quoted = false;
            else
                field += c;
        } else if (c == QLatin1Char('"')) {
            quoted = true;
        } else if (c == QLatin1Char(',')) {
            row.append(field);
            field.clear();
        } else if (c == QLatin1Char('\n')) {
            row.append(field);
            rows.append(row);
            row.clear();
            field.clear();
        } else {
            field += c;
        }
    }
    return rows;
}

} // namespace

class TestTable : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();

    void ctrlCCopiesTheSelectedRows();
    void exportsEveryRowAsCsv();
    void kindsReadAsWords();
    void integerDtypesCountOps();
    void windowAndReportAgree_data();
    void windowAndReportAgree();

private:
    QStringList rowCells(int row) const;

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
};

void TestTable::initTestCase()
{
    QVERIFY(m_dir.isValid());
    testing::keepSettingsIn(m_dir.filePath(QStringLiteral("settings")));
}

void TestTable::init()
{
    m_window = testing::showWindow(QSize(1400, 900));
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QVERIFY(m_window->document()->selectPreset(QStringLiteral("tpu-v5e")));
}

void TestTable::cleanup()
{
    m_window.reset();
}

QStringList TestTable::rowCells(int row) const
{
    QStringList cells;
    for (int column = 0; column < ReadoutTable::ColumnCount; ++column)
        cells.append(m_window->table()->cellText(row, static_cast<ReadoutTable::Column>(column)));
    return cells;
}

void TestTable::ctrlCCopiesTheSelectedRows()
{
    ReadoutTable* table = m_window->table();
    QVERIFY(table->rowCount() >= 4);
    table->setFocus();
    table->selectionModel()->select(
        table->model()->index(1, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    table->selectionModel()->select(
        table->model()->index(3, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
    QApplication::clipboard()->clear();
    QTest::keySequence(table, QKeySequence::Copy);
    const QStringList lines = QApplication::clipboard()->text().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 3);
    QCOMPARE(lines[0].split(QLatin1Char('\t')).size(), ReadoutTable::ColumnCount);
    QVERIFY(lines[0].startsWith(QStringLiteral("Operation\t")));
    QCOMPARE(lines[1].split(QLatin1Char('\t')), rowCells(1));
    QCOMPARE(lines[2].split(QLatin1Char('\t')), rowCells(3));
}

void TestTable::exportsEveryRowAsCsv()
{
    const QString path = m_dir.filePath(QStringLiteral("table.csv"));
    QCOMPARE(m_window->exportTable(path), QString());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QList<QStringList> rows = parseCsv(QString::fromUtf8(file.readAll()));
    ReadoutTable* table = m_window->table();
    QCOMPARE(rows.size(), table->rowCount() + 1);
    for (int column = 0; column < ReadoutTable::ColumnCount; ++column)
        QCOMPARE(rows[0][column], table->model()->headerData(column, Qt::Horizontal).toString());
    for (int row = 0; row < table->rowCount(); ++row)
        QCOMPARE(rows[row + 1], rowCells(row));
    // A folder that cannot be written to is an error, not a crash or a half file.
    QVERIFY(!m_window->exportTable(m_dir.filePath(QStringLiteral("missing/table.csv"))).isEmpty());
}

// No identifier of the file format (sharded_matmul, allreduce) shows in the chooser or the table.
void TestTable::kindsReadAsWords()
{
    const QComboBox* kinds = m_window->workloadPanel()->kindChooser();
    QCOMPARE(kinds->count(), static_cast<int>(allKindNames().size()));
    for (int i = 0; i < kinds->count(); ++i)
        QVERIFY2(!kinds->itemText(i).contains(QLatin1Char('_')) && kinds->itemText(i) != QStringLiteral("allreduce"),
            qPrintable(kinds->itemText(i)));
    QCOMPARE(kinds->itemText(kinds->findData(QStringLiteral("sharded_matmul"))), QStringLiteral("sharded matmul"));
    const PresetLibrary library = loadPresetLibrary({});
    for (const Hardware& hw : library.presets()) {
        QVERIFY(m_window->document()->selectPreset(q(hw.id)));
        for (int row = 0; row < m_window->table()->rowCount(); ++row) {
            const QString name = m_window->table()->cellText(row, ReadoutTable::Name);
            for (std::string_view kind : allKindNames())
                if (!kindTitle(kind).starts_with(kind)) // "dot" reads as the word it is
                    QVERIFY2(!name.contains(q(std::string(kind))), qPrintable(name));
        }
    }
}

void TestTable::integerDtypesCountOps()
{
    QCOMPARE(m_window->openEmbeddedScenario(QStringLiteral("scenarios/int8-matmul-v5e.yaml")), QString());
    const RooflineChart* chart = m_window->chart();
    QCOMPARE(chart->xAxis->label(), QStringLiteral("Arithmetic intensity (OPs per byte)"));
    QCOMPARE(chart->yAxis->label(), QStringLiteral("Attainable OP/s"));
    const QAbstractItemModel* model = m_window->table()->model();
    QCOMPARE(
        model->headerData(ReadoutTable::Intensity, Qt::Horizontal).toString(), QStringLiteral("Intensity (OPs/byte)"));
    QCOMPARE(
        model->headerData(ReadoutTable::Attainable, Qt::Horizontal).toString(), QStringLiteral("Attainable (OP/s)"));
    for (int row = 0; row < m_window->table()->rowCount(); ++row) {
        QVERIFY(m_window->table()->cellText(row, ReadoutTable::Attainable).endsWith(QStringLiteral("OP/s")));
        QVERIFY(!m_window->table()->cellText(row, ReadoutTable::Attainable).contains(QStringLiteral("FLOP")));
        const QString tip
            = m_window->table()->model()->index(row, ReadoutTable::Intensity).data(Qt::ToolTipRole).toString();
        QVERIFY2(
            tip.contains(QStringLiteral("OPs per byte")) && !tip.contains(QStringLiteral("FLOP")), qPrintable(tip));
    }
    const testing::CliRun report = testing::runCli({ QStringLiteral("report"), QStringLiteral("--scenario"),
        QStringLiteral(ROOFLINE_SOURCE_DIR "/presets/scenarios/int8-matmul-v5e.yaml") });
    QCOMPARE(report.exitCode, 0);
    // Past the line of every dtype's peak, the report counts the int8 chart's OPs.
    const QString& text = report.out;
    const QString roofs = text.mid(text.indexOf(QStringLiteral("Roofs against")));
    QVERIFY2(roofs.startsWith(QStringLiteral("Roofs against int8 394 TOP/s")), qPrintable(text));
    QVERIFY2(!roofs.contains(QStringLiteral("FLOP")), qPrintable(text));
    QVERIFY2(roofs.contains(QStringLiteral("OPs/B")), qPrintable(text));
    // A floating-point chart keeps FLOPs.
    QVERIFY(m_window->document()->selectPreset(QStringLiteral("h100-sxm")));
    QCOMPARE(chart->xAxis->label(), QStringLiteral("Arithmetic intensity (FLOPs per byte)"));
    QCOMPARE(
        model->headerData(ReadoutTable::Attainable, Qt::Horizontal).toString(), QStringLiteral("Attainable (FLOP/s)"));
}

void TestTable::windowAndReportAgree_data()
{
    QTest::addColumn<QString>("scenario");
    for (const EmbeddedFile& f : embeddedFiles())
        if (f.name.starts_with("scenarios/"))
            QTest::newRow(std::string(f.name).c_str()) << q(std::string(f.name));
}

// The command line reads the file, the window its built-in copy: the figures the table shows are the report's.
void TestTable::windowAndReportAgree()
{
    QFETCH(QString, scenario);
    QCOMPARE(m_window->openEmbeddedScenario(scenario), QString());
    const testing::CliRun report = testing::runCli({ QStringLiteral("report"), QStringLiteral("--scenario"),
        QStringLiteral(ROOFLINE_SOURCE_DIR "/presets/") + scenario, QStringLiteral("--format"),
        QStringLiteral("json") });
    QCOMPARE(report.exitCode, 0);
    const QJsonArray operations
        = QJsonDocument::fromJson(report.out.toUtf8()).object().value(QStringLiteral("operations")).toArray();
    const Analysis& analysis = *m_window->document()->analysis();
    QCOMPARE(operations.size(), static_cast<qsizetype>(analysis.operations.size()));
    ReadoutTable* table = m_window->table();
    for (qsizetype i = 0; i < operations.size(); ++i) {
        const QJsonObject op = operations[i].toObject();
        const auto index = static_cast<std::size_t>(i);
        QCOMPARE(op.value(QStringLiteral("name")).toString(), q(analysis.session.operations[index].name));
        const Evaluation& ev = analysis.operations[index].evaluation.value();
        const double attainable = op.value(QStringLiteral("attainable_flops_per_s")).toDouble();
        QVERIFY(qFuzzyCompare(attainable, ev.attainable));
        QVERIFY(qFuzzyCompare(op.value(QStringLiteral("t_math_s")).toDouble(), ev.tMath));
        QCOMPARE(op.value(QStringLiteral("bound")).toString(), q(ev.bound()));
        const int row = table->rowOf(index);
        if (row < 0)
            continue; // hidden in the window
        QCOMPARE(table->cellText(row, ReadoutTable::Attainable), q(formatRate(attainable, ev.dtype)));
        QCOMPARE(table->cellText(row, ReadoutTable::TMath),
            q(formatSeconds(op.value(QStringLiteral("t_math_s")).toDouble())));
        QCOMPARE(table->cellText(row, ReadoutTable::Bound), op.value(QStringLiteral("bound")).toString());
    }
}

ROOFLINE_GUI_TEST_MAIN(TestTable)
#include "test_table.moc"
