// SPDX-License-Identifier: GPL-3.0-or-later
// What no user input may do: extreme but legal numbers reach the chart finite; refused text changes nothing; a
// write that fails (full disk, bad path) leaves the earlier file intact and the program running.
#include "chart/chart.h"
#include "chart/roofline_chart.h"
#include "common/log_slider.h"
#include "common/power_slider.h"
#include "document/document.h"
#include "files/scenario.h"
#include "panels/hardware_panel.h"
#include "panels/workload_panel.h"
#include "report/report.h"
#include "test_util.h"
#include "window/main_window.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QProcess>
#include <QSettings>
#include <QSlider>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <csignal>
#include <memory>
#include <sys/resource.h>

using namespace roofline;
using namespace roofline::widgets;

namespace {

bool positiveFinite(double v)
{
    return std::isfinite(v) && v > 0;
}

// Every coordinate QCustomPlot holds is a positive finite number or a NaN gap, and both axes are valid log ranges.
void checkChartIsDrawable(const QCustomPlot& plot)
{
    for (const QCPAxis* axis : { plot.xAxis, plot.yAxis }) {
        QVERIFY(positiveFinite(axis->range().lower));
        QVERIFY(positiveFinite(axis->range().upper));
        QVERIFY(axis->range().lower < axis->range().upper);
    }
    for (int i = 0; i < plot.graphCount(); ++i)
        for (const QCPGraphData& d : *plot.graph(i)->data()) {
            QVERIFY2(positiveFinite(d.key) || std::isnan(d.key), qPrintable(plot.graph(i)->name()));
            QVERIFY2(positiveFinite(d.value) || std::isnan(d.value), qPrintable(plot.graph(i)->name()));
        }
}

// Writes files of at most `bytes` for as long as it lives, as a full disk would: writes beyond fail with EFBIG.
class FileSizeLimit {
public:
    explicit FileSizeLimit(rlim_t bytes)
    {
        std::signal(SIGXFSZ, SIG_IGN);
        getrlimit(RLIMIT_FSIZE, &m_saved);
        rlimit limit = m_saved;
        limit.rlim_cur = bytes;
        setrlimit(RLIMIT_FSIZE, &limit);
    }
    ~FileSizeLimit() { setrlimit(RLIMIT_FSIZE, &m_saved); }

private:
    rlimit m_saved {};
};

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Every value of a JSON document is a finite number, a string, a boolean or a container of such: no null (what
// the writer puts for inf and NaN).
bool allFinite(const QJsonValue& v, QString& where, const QString& path = QStringLiteral("$"))
{
    where = path;
    if (v.isNull() || v.isUndefined() || (v.isDouble() && !std::isfinite(v.toDouble())))
        return false;
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            if (!allFinite(it.value(), where, path + QLatin1Char('.') + it.key()))
                return false;
    }
    if (v.isArray()) {
        const QJsonArray a = v.toArray();
        for (qsizetype i = 0; i < a.size(); ++i)
            if (!allFinite(a[i], where, path + QStringLiteral("[%1]").arg(i)))
                return false;
    }
    return true;
}

void writeAll(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

} // namespace

class TestRobustness : public QObject {
    Q_OBJECT
    std::unique_ptr<MainWindow> m_window;
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_dir.filePath(QStringLiteral("config"))));
    }
    void init()
    {
        m_window = std::make_unique<MainWindow>(loadPresetLibrary({}), builtInModels());
        m_window->resize(1200, 800);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QVERIFY(m_window->document()->selectPreset(QStringLiteral("h100-sxm")));
    }
    void cleanup() { m_window.reset(); }

    void extremeValuesStayOnAFiniteChart_data()
    {
        QTest::addColumn<QStringList>("settings");
        QTest::newRow("peak 1e20") << QStringList { "peak.bf16=1e20" };
        QTest::newRow("bandwidth 1e3") << QStringList { "bandwidth.HBM=1e3" };
        QTest::newRow("B = 1") << QStringList { "B=1" };
        QTest::newRow("all links 1e3") << QStringList { "bandwidth.NVLink=1e3", "bandwidth.IB=1e3",
            "bandwidth.PCIe=1e3" };
        QTest::newRow("everything at once") << QStringList { "peak.bf16=1e20", "peak.int8=1e20", "bandwidth.HBM=1e3",
            "bandwidth.L2=1e20", "B=1", "D=1", "F=1", "N=1" };
        QTest::newRow("tiny peak, huge bandwidth")
            << QStringList { "peak.bf16=1e3", "bandwidth.HBM=1e20", "B=9007199254740992" };
    }
    void extremeValuesStayOnAFiniteChart()
    {
        QFETCH(QStringList, settings);
        Session s = defaultSession(*m_window->document()->library().find("h100-sxm"));
        for (const QString& setting : settings)
            QVERIFY2(!applySetting(s, setting.toStdString()), qPrintable(setting));

        std::vector<Evaluation> evaluations;
        for (const Operation& op : s.operations)
            evaluations.push_back(*evaluate(op.op, s.hardware()));
        const chart::Layout layout = chart::layout(s.hardware(), Dtype::bf16, evaluations, s.hardware());
        auto inView = [&](chart::Point p) {
            return positiveFinite(p.x) && positiveFinite(p.y) && p.x >= layout.x.lower() * 0.999
                && p.x <= layout.x.upper() * 1.001 && p.y >= layout.y.lower() * 0.999
                && p.y <= layout.y.upper() * 1.001;
        };
        for (const chart::RoofSegment& roof : layout.roofs)
            QVERIFY2(inView(roof.from) && inView(roof.to), roof.name.c_str());
        for (const chart::Point& p : layout.envelope)
            QVERIFY(inView(p));
        for (const chart::Marker& m : layout.markers)
            QVERIFY2(inView(m.at), s.operations[m.operation].name.c_str());

        m_window->document()->load(s);
        m_window->chart()->replot();
        checkChartIsDrawable(*m_window->chart());
    }

    void refusedTextChangesNothing_data()
    {
        QTest::addColumn<QString>("text");
        for (const char* bad : { "nan", "inf", "-3 TB/s", "0", "1e400", "abc", "5 TFLOP/s", "1e25 B/s", "" })
            QTest::newRow(bad) << QString::fromUtf8(bad);
    }
    void refusedTextChangesNothing()
    {
        QFETCH(QString, text);
        Document* state = m_window->document();
        const double before = state->hardware().memory("HBM")->bandwidth;
        const auto ranges = std::pair(m_window->chart()->xAxis->range(), m_window->chart()->yAxis->range());
        QLineEdit* field = m_window->hardwarePanel()->bandwidthSlider(QStringLiteral("HBM"))->field();
        field->selectAll();
        QTest::keyClicks(field, text);
        QTest::keyClick(field, Qt::Key_Return);
        QCOMPARE(state->hardware().memory("HBM")->bandwidth, before);
        QCOMPARE(m_window->chart()->xAxis->range(), ranges.first);
        QCOMPARE(m_window->chart()->yAxis->range(), ranges.second);
        QVERIFY(!state->chipModified());
        checkChartIsDrawable(*m_window->chart());
    }

    void aFullDiskKeepsTheEarlierExport_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("png") << "full.png";
        QTest::newRow("svg") << "full.svg";
        QTest::newRow("pdf") << "full.pdf";
    }
    void aFullDiskKeepsTheEarlierExport()
    {
        QFETCH(QString, name);
        const QString path = m_dir.filePath(name);
        const QByteArray earlier("an export the user made yesterday");
        writeAll(path, earlier);
        QString error;
        {
            const FileSizeLimit full(1024);
            error = m_window->exportTo(path, { QSize(1600, 1000), 2 });
        }
        QVERIFY2(!error.isEmpty(), "the export should have failed");
        QCOMPARE(readAll(path), earlier);
        QCOMPARE(QDir(m_dir.path()).entryList({ name + QStringLiteral("*") }, QDir::Files).size(), 1); // no leftovers
        QVERIFY(m_window->isVisible());
        QCOMPARE(m_window->exportTo(path, { QSize(800, 500), 1 }), QString()); // and with room, it works again
        QVERIFY(readAll(path) != earlier);
    }

    void theExportCommandOnAFullDisk()
    {
        const QString path = m_dir.filePath(QStringLiteral("cli-full.png"));
        const QByteArray earlier("the slide from last week");
        writeAll(path, earlier);
        QProcess p;
        // An ignored SIGXFSZ is inherited across exec, so writes past the limit fail with EFBIG.
        p.start(QStringLiteral("/bin/bash"),
            { QStringLiteral("-c"),
                QStringLiteral("trap '' XFSZ; ulimit -f 2; exec \"$0\" export --preset h100-sxm --output \"$1\""),
                QStringLiteral(ROOFLINE_CLI), path });
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 1);
        QVERIFY(p.readAllStandardOutput().isEmpty());
        QVERIFY2(p.readAllStandardError().contains("roofline-lab"), "an error message");
        QCOMPARE(readAll(path), earlier);
    }

    void aSavedScenarioOpensAsItWasSaved()
    {
        Document* state = m_window->document();
        QVERIFY(!state->setHardwareValue("bandwidth.HBM", 2.5e12));
        QVERIFY(!state->setOperationParam(2, "B", 96));
        const QString path = m_dir.filePath(QStringLiteral("mine.yaml"));
        QCOMPARE(m_window->saveScenario(path), QString());
        const std::string saved = writeScenario(state->session());

        QVERIFY(state->selectPreset(QStringLiteral("tpu-v5e")));
        QCOMPARE(m_window->openScenario(path), QString());
        QCOMPARE(state->hardware().memory("HBM")->bandwidth, 2.5e12);
        QCOMPARE(*numberParam(state->operations()[2].op, "B"), 96.0);
        QCOMPARE(writeScenario(state->session()), saved);
    }

    // File ▸ Save never writes over a file the scenario reads: saving over its measured kernels, by their name or
    // through a link, is refused with both named, and the kernels keep every byte.
    void aSaveNeverReplacesTheFilesTheScenarioReads()
    {
        const QByteArray kernels = "name,flops,bytes,seconds\nmatmul,34359738368,142606336,1.8e-4\n";
        writeAll(m_dir.filePath(QStringLiteral("kernels.csv")), kernels);
        QVERIFY(QFile::link(m_dir.filePath(QStringLiteral("kernels.csv")), m_dir.filePath(QStringLiteral("k.yaml"))));
        const QString scenario = m_dir.filePath(QStringLiteral("measured.yaml"));
        writeAll(scenario, "preset: h100-sxm\nmeasured:\n  file: kernels.csv\n");
        QCOMPARE(m_window->openScenario(scenario), QString());
        for (const QString& over : { QStringLiteral("kernels.csv"), QStringLiteral("k.yaml") }) {
            const QString error = m_window->saveScenario(m_dir.filePath(over));
            QVERIFY2(error.contains(over) && error.contains(QStringLiteral("measured kernels")), qPrintable(error));
            QCOMPARE(readAll(m_dir.filePath(QStringLiteral("kernels.csv"))), kernels);
        }
        QCOMPARE(m_window->saveScenario(scenario), QString()); // over itself: a save in place
    }

    void aFullDiskKeepsTheEarlierScenario()
    {
        const QString path = m_dir.filePath(QStringLiteral("kept.yaml"));
        const QByteArray earlier = QByteArray("name: kept\npreset: tpu-v5e\n# ") + QByteArray(200, 'x') + "\n";
        writeAll(path, earlier);
        QString error;
        {
            const FileSizeLimit full(64);
            error = m_window->saveScenario(path);
        }
        QVERIFY(!error.isEmpty());
        QCOMPARE(readAll(path), earlier);
    }

    void anUnwritablePathIsReported()
    {
        const QString file = m_dir.filePath(QStringLiteral("a-file"));
        writeAll(file, "x");
        const QString error = m_window->exportTo(file + QStringLiteral("/chart.png"), { QSize(800, 500), 1 });
        QVERIFY(!error.isEmpty());
        QVERIFY2(error.contains(QStringLiteral("a-file")), qPrintable(error)); // names the path
        QVERIFY(m_window->isVisible());
    }

    // Every kind at its defaults, with all its numbers at the smallest legal value, at the largest, and with each
    // number alone at either end, on a chip whose peaks and bandwidths are all at one end of their range: the JSON
    // report, a sweep over each main parameter included, holds only finite numbers. A subnormal bytes per gradient
    // element once made an infinite intensity, and a sweep wrote null for each operation without its parameter.
    void theJsonReportHoldsNoInfNanOrNull_data()
    {
        QTest::addColumn<double>("peak");
        QTest::addColumn<double>("bandwidth");
        QTest::newRow("slow chip") << 1e3 << 1e3;
        QTest::newRow("fast chip") << 1e20 << 1e20;
        QTest::newRow("fast math, slow memory") << 1e20 << 1e3;
        QTest::newRow("slow math, fast memory") << 1e3 << 1e20;
    }
    void theJsonReportHoldsNoInfNanOrNull()
    {
        QFETCH(double, peak);
        QFETCH(double, bandwidth);
        const Hardware chip = *m_window->document()->library().find("h100-sxm");
        Session s = defaultSession(chip);
        s.operations.clear();
        for (Dtype d : kAllDtypes)
            if (chip.peakFor(d))
                QVERIFY(!setOverride(s, "peak." + std::string(dtypeName(d)), peak));
        for (const MemoryLevel& m : chip.memories)
            QVERIFY(!setOverride(s, "bandwidth." + m.name, bandwidth));
        for (const Link& l : chip.links)
            QVERIFY(!setOverride(s, "bandwidth." + l.name, bandwidth));
        std::vector<std::string> mains;
        for (std::string_view kind : allKindNames()) {
            const OperationVariant fresh = *makeOperation(kind);
            std::vector<OperationVariant> ops { fresh, fresh, fresh }; // defaults, all smallest, all largest
            for (const ParamInfo& p : params(fresh))
                if (p.type == ParamType::Count || p.type == ParamType::Real)
                    for (const double v : { p.min, p.max }) {
                        QVERIFY(!setNumberParam(ops[v == p.min ? 1 : 2], p.name, v));
                        QVERIFY(!setNumberParam(ops.emplace_back(fresh), p.name, v)); // this one alone
                    }
            for (const OperationVariant& op : ops)
                addOperation(s, Operation { describe(op), op, {}, {}, {}, false });
            if (std::find(mains.begin(), mains.end(), mainParam(fresh)) == mains.end())
                mains.emplace_back(mainParam(fresh));
        }
        const Analysis a = analyse(s);
        std::vector<std::optional<SweepRange>> sweeps { std::nullopt };
        for (const std::string& param : mains)
            sweeps.push_back(SweepRange { param, 1, kMaxCount });
        for (const std::optional<SweepRange>& range : sweeps) {
            const Expected<std::string> json = reportJson(a, range);
            QVERIFY2(json, json ? "" : json.error().c_str());
            QJsonParseError error;
            const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(*json), &error);
            QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
            QString where;
            QVERIFY2(allFinite(doc.object(), where), qPrintable(where));
        }
    }

    // The panel's sliders reach only values the core takes (a collective's P starts at 2, not 1) and say the unit
    // and range, both read from the kind's description: the lowest and highest handle positions are accepted.
    void paramSlidersOfferOnlyLegalValues()
    {
        Document* document = m_window->document();
        WorkloadPanel* panel = m_window->workloadPanel();
        for (std::string_view kind : allKindNames()) {
            document->addOperation(*makeOperation(kind));
            const std::size_t index = document->operations().size() - 1;
            panel->selectOperation(static_cast<int>(index));
            for (const ParamInfo& p : params(document->operations()[index].op)) {
                if (p.type != ParamType::Count)
                    continue;
                const QString name = QString::fromUtf8(p.name.data(), static_cast<qsizetype>(p.name.size()));
                PowerSlider* slider = panel->paramSlider(name);
                QVERIFY2(slider, qPrintable(name));
                QCOMPARE(slider->highest(), std::ldexp(1.0, p.sliderTop));
                QCOMPARE(slider->valueAt(slider->slider()->maximum()), slider->highest());
                QVERIFY(slider->lowest() >= p.min);
                // A count whose range starts at 0 (no window) has the handle from 1 and takes 0 typed.
                QVERIFY(slider->lowest() / 2 < std::max(p.min, 1.0));
                const QString help = slider->slider()->toolTip();
                QVERIFY2(help.contains(QString::fromStdString(std::string(p.unit))), qPrintable(help));
                QVERIFY2(help.contains(QString::fromStdString(legalRange(p))), qPrintable(help));
                for (const int end : { slider->slider()->maximum(), slider->slider()->minimum() }) {
                    slider->slider()->setValue(end);
                    QCOMPARE(*numberParam(document->operations()[index].op, p.name), slider->valueAt(end));
                }
                if (p.min == 0) {
                    slider->field()->setText(QStringLiteral("0"));
                    emit slider->field()->editingFinished();
                    QCOMPARE(*numberParam(document->operations()[index].op, p.name), 0.0);
                }
            }
        }
    }
};

ROOFLINE_GUI_TEST_MAIN(TestRobustness)
#include "test_robustness.moc"
