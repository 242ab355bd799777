// SPDX-License-Identifier: GPL-3.0-or-later
// The readers' rules for settings: a model setting the phase has no use for is a located error, counts on the newer
// fields (model presets, lesson order, sweep bounds) are read as every count is, an efficiency is a plain number, a
// saved number is the shortest text that reads back, a key the chip does not have is named before its value, a
// column mapping is refused where the format names its own columns, and model folders are listed as preset folders.
#include "base/units.h"
#include "files/model_presets.h"
#include "files/presets.h"
#include "files/scenario.h"
#include "llm/settings.h"
#include "measured/measured.h"
#include "roofline/hardware.h"
#include "roofline/sweep.h"
#include "session/session.h"

#include <QTemporaryDir>
#include <QTest>

#include <charconv>
#include <cmath>
#include <fstream>

using namespace roofline;

namespace {

const PresetLibrary& library()
{
    static const PresetLibrary lib = loadPresetLibrary({});
    return lib;
}

QString errorsOf(const Expected<Session, Diagnostics>& s)
{
    return s ? QString() : QString::fromStdString(toString(s.error()));
}

// A scenario on the H100 with GPT-2 in `phase` and the model block's other lines `settings` (two spaces in).
std::string modelScenario(const std::string& phase, const std::string& settings)
{
    return "preset: h100-sxm\nmodel:\n  id: gpt2\n  phase: " + phase + "\n" + settings + "operations: []\n";
}

// GPT-2's preset with `line` in place of its line starting with the same key.
std::string gpt2With(const std::string& line)
{
    std::ifstream in(ROOFLINE_SOURCE_DIR "/presets/models/gpt2.yaml");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string key = line.substr(0, line.find(':') + 1);
    const std::size_t at = text.find("\n" + key) + 1;
    return text.replace(at, text.find('\n', at) - at, line);
}

double readBack(const std::string& text)
{
    double v = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), v);
    return error == std::errc() && end == text.data() + text.size() ? v : std::nan("");
}

} // namespace

class TestSettingsRules : public QObject {
    Q_OBJECT

private slots:
    void modelSettingsThePhaseDoesNotUseAreLocated_data()
    {
        QTest::addColumn<QString>("phase");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");
        for (const char* key : { "dp", "pp", "microbatches" }) {
            QTest::addRow("%s in decode", key) << "decode" << key << "1";
            QTest::addRow("%s in prefill", key) << "prefill" << key << "1";
        }
        for (const char* key : { "dp_link", "pp_link" })
            QTest::addRow("%s in decode", key) << "decode" << key << "IB";
        QTest::newRow("prompt in decode") << "decode"
                                          << "prompt"
                                          << "512";
        QTest::newRow("context in prefill") << "prefill"
                                            << "context"
                                            << "512";
        QTest::newRow("context in train") << "train"
                                          << "context"
                                          << "512";
        QTest::newRow("kv in train") << "train"
                                     << "kv"
                                     << "fp8";
        QTest::newRow("attention in train") << "train"
                                            << "attention"
                                            << "fused";
    }

    void modelSettingsThePhaseDoesNotUseAreLocated()
    {
        QFETCH(QString, phase);
        QFETCH(QString, key);
        QFETCH(QString, value);
        const std::string text
            = modelScenario(phase.toStdString(), "  " + key.toStdString() + ": " + value.toStdString() + "\n");
        const Expected<Session, Diagnostics> s = parseScenario(text, "s.yaml", library());
        QVERIFY(!s);
        QCOMPARE(s.error().size(), std::size_t(1));
        const Diagnostic& d = s.error().front();
        QCOMPARE(d.line, 5);
        QCOMPARE(d.column, 3);
        QCOMPARE(QString::fromStdString(d.field), "model." + key);
        QVERIFY2(d.message.find("applies to") != std::string::npos, d.message.c_str());
        QVERIFY(settingNotApplying(key.toStdString(),
            phase == "decode"        ? Phase::Decode
                : phase == "prefill" ? Phase::Prefill
                                     : Phase::Train));
    }

    void everySettingOfItsPhaseIsRead()
    {
        const char* decode = "  context: 512\n  kv: fp8\n  attention: materialised\n  tp: 2\n";
        QVERIFY2(parseScenario(modelScenario("decode", decode), "s.yaml", library()),
            qPrintable(errorsOf(parseScenario(modelScenario("decode", decode), "s.yaml", library()))));
        QVERIFY(parseScenario(
            modelScenario("prefill", "  prompt: 512\n  kv: fp8\n  attention: fused\n"), "s.yaml", library()));
        const char* train = "  batch: 8\n  prompt: 512\n  dp: 2\n  pp: 2\n  microbatches: 2\n  dp_link: IB\n"
                            "  pp_link: NVLink\n";
        QVERIFY2(parseScenario(modelScenario("train", train), "s.yaml", library()),
            qPrintable(errorsOf(parseScenario(modelScenario("train", train), "s.yaml", library()))));
    }

    void aSavedModelHoldsOnlyTheSettingsOfItsPhase()
    {
        // Settings left from another phase stay in the session (the window switches back to them) but are not
        // written: the file would otherwise be refused when read again.
        Session s = defaultSession(*library().find("h100-sxm"));
        s.operations.clear();
        ModelSettings settings;
        settings.model = *builtInModels().find("gpt2");
        settings.context = 77;
        settings.prompt = 99;
        settings.dp = 2;
        settings.dpLink = "IB";
        settings.kvCache = Dtype::fp8;
        settings.materialiseScores = true;
        for (const Phase phase : { Phase::Decode, Phase::Prefill, Phase::Train }) {
            settings.phase = phase;
            settings.batch = phase == Phase::Train ? 2 : 1;
            s.model = settings;
            const std::string text = writeScenario(s);
            const Expected<Session, Diagnostics> back = parseScenario(text, "saved.yaml", library());
            QVERIFY2(back, qPrintable(errorsOf(back) + "\n" + QString::fromStdString(text)));
            QCOMPARE(writeScenario(*back), text);
            for (const auto& [key, value] : modelSettingTexts(settings))
                QVERIFY2(!settingNotApplying(key, phase), key.c_str());
            QCOMPARE(text.find("context:") != std::string::npos, phase == Phase::Decode);
            QCOMPARE(text.find("prompt:") != std::string::npos, phase != Phase::Decode);
            QCOMPARE(text.find("dp_link:") != std::string::npos, phase == Phase::Train);
            QCOMPARE(text.find("kv:") != std::string::npos, phase != Phase::Train);
            // What each phase reads comes back as it was.
            QCOMPARE(back->model->phase, phase);
            if (phase == Phase::Decode)
                QCOMPARE(back->model->context, 77.0);
            else
                QCOMPARE(back->model->prompt, 99.0);
            if (phase == Phase::Train)
                QCOMPARE(back->model->dpLink, std::string("IB"));
            else
                QVERIFY(back->model->kvCache == Dtype::fp8);
        }
    }

    void savedNumbersAreTheShortestThatReadBack_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("text");
        QTest::newRow("0.8") << 0.8 << "0.8";
        QTest::newRow("0.1 + 0.2") << 0.1 + 0.2 << "0.30000000000000004";
        QTest::newRow("2 µs") << 2e-6 << "2e-06";
        QTest::newRow("a peak") << 989e12 << "989000000000000";
        QTest::newRow("a bandwidth with a fraction of a byte") << 3.35e12 + 0.5 << "3350000000000.5";
        QTest::newRow("2^53") << 9007199254740992.0 << "9007199254740992";
        QTest::newRow("1e20") << 1e20 << "1e+20";
        QTest::newRow("fp6's bytes") << 0.75 << "0.75";
    }

    void savedNumbersAreTheShortestThatReadBack()
    {
        QFETCH(double, value);
        QFETCH(QString, text);
        QCOMPARE(QString::fromStdString(savedNumber(value)), text);
        QCOMPARE(readBack(savedNumber(value)), value);
        // The text of a scenario reader: what it writes, it reads as the same number.
        const std::optional<ParsedQuantity> q = parseQuantity(savedNumber(value));
        QVERIFY(q);
        QCOMPARE(q->value, value);
    }

    void aSavedEfficiencyIsWrittenShort()
    {
        Session s = defaultSession(*library().find("h100-sxm"));
        QVERIFY(!setOverride(s, "efficiency.HBM", 0.8));
        QVERIFY(!setOverride(s, "efficiency.compute", 0.7));
        const std::string text = writeScenario(s);
        QVERIFY2(text.find("efficiency.HBM: 0.8\n") != std::string::npos, text.c_str());
        QVERIFY2(text.find("efficiency.compute: 0.7\n") != std::string::npos, text.c_str());
        const Expected<Session, Diagnostics> back = parseScenario(text, "saved.yaml", library());
        QVERIFY2(back, qPrintable(errorsOf(back)));
        QVERIFY(back->overrides == s.overrides);
    }

    void modelCountsAreReadAsCounts_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("why");
        QTest::newRow("a sub-unit prefix") << "layers: 12000m"
                                           << "a count takes no prefix below k";
        QTest::newRow("a fraction written with a prefix") << "hidden_size: 0.7685k"
                                                          << "expected a whole number";
        QTest::newRow("a count past 2^53") << "parameters: 9007199254740993"
                                           << "above 2^53";
        QTest::newRow("a unit") << "vocab: 50257 B"
                                << "a count takes no unit";
        QTest::newRow("past the model range") << "heads: 17Mi"
                                              << "from 1 to 16777216";
    }

    void modelCountsAreReadAsCounts()
    {
        QFETCH(QString, line);
        QFETCH(QString, why);
        const Expected<Model, Diagnostics> m = parseModel(gpt2With(line.toStdString()), "gpt2.yaml", "gpt2");
        QVERIFY(!m);
        const std::string all = toString(m.error());
        QVERIFY2(all.find(why.toStdString()) != std::string::npos, all.c_str());
        QVERIFY2(all.find(line.left(line.indexOf(':')).toStdString() + ": ") != std::string::npos, all.c_str());
        // Prefixes from k up still read: 12 layers written as a thousandth of 12k would not.
        QVERIFY(parseModel(gpt2With("vocab: 50257"), "gpt2.yaml", "gpt2"));
    }

    void lessonOrderIsACount()
    {
        const std::string lesson = "preset: h100-sxm\noperations:\n  - {op: dot, id: a}\nlesson:\n  source: s\n"
                                   "  question: q\n  claim: c\n  answer: {critical: a}\n  order: ";
        for (const char* order : { "2000m", "1.5", "1001", "2k" }) {
            const Expected<Session, Diagnostics> s = parseScenario(lesson + order + "\n", "l.yaml", library());
            QVERIFY2(!s, order);
            QCOMPARE(s.error().front().field, std::string("lesson.order"));
            QCOMPARE(s.error().front().line, 9);
        }
        const Expected<Session, Diagnostics> ok = parseScenario(lesson + "12\n", "l.yaml", library());
        QVERIFY2(ok, qPrintable(errorsOf(ok)));
        QCOMPARE(ok->lesson->order, 12);
    }

    void sweepBoundsAreCounts()
    {
        QVERIFY(!parseSweepRange("B=2000m:4096"));
        QVERIFY(!parseSweepRange("B=1:9007199254740993"));
        QVERIFY(!parseSweepRange("B=1:4096.5"));
        const Expected<SweepRange> r = parseSweepRange("B=1:9007199254740992");
        QVERIFY(r);
        QCOMPARE(r->to, 9007199254740992.0);
        const Expected<SweepRange> k = parseSweepRange("N = 1Ki : 16Mi");
        QVERIFY(k);
        QCOMPARE(k->from, 1024.0);
        QCOMPARE(k->to, 16777216.0);
    }

    void aSweepNeedsAnOperationWithTheCount()
    {
        const Session s = defaultSession(*library().find("h100-sxm"));
        QVERIFY(!sweepParamProblem("B", s.operations));
        QVERIFY(!sweepParamProblem("P", s.operations));
        const std::optional<std::string> q = sweepParamProblem("Q", s.operations);
        QVERIFY(q);
        QVERIFY2(q->find("'Q'") != std::string::npos && q->find("B, ") != std::string::npos, q->c_str());
        QVERIFY(sweepParamProblem("x", s.operations)); // a dtype, not a count
        QVERIFY(sweepParamProblem("B", {}));
    }

    void efficiencyIsAPlainNumber()
    {
        for (const char* text : { "800m", "0.0008k", "0.8 k" }) {
            const Expected<ParsedQuantity> e = parseHardwareValue(HardwareQuantity::Efficiency, text);
            QVERIFY2(!e, text);
            QVERIFY2(e.error().find("plain number") != std::string::npos, e.error().c_str());
        }
        for (const char* text : { "0.8", "8e-1", " 1 ", "0.01" })
            QVERIFY2(parseHardwareValue(HardwareQuantity::Efficiency, text), text);
        // In a scenario's set: block too.
        const Expected<Session, Diagnostics> s
            = parseScenario("preset: h100-sxm\nset:\n  efficiency.HBM: 800m\n", "e.yaml", library());
        QVERIFY(!s);
        QCOMPARE(s.error().front().line, 3);
        QVERIFY(errorsOf(s).contains("plain number"));
    }

    void aKeyTheChipDoesNotHaveIsNamedBeforeItsValue()
    {
        const Hardware& hw = *library().find("h100-sxm");
        QVERIFY(!hardwareKeyProblem(hw, "bandwidth.HBM"));
        QVERIFY(!hardwareKeyProblem(hw, "efficiency.compute"));
        QVERIFY(!hardwareKeyProblem(hw, "latency.launch"));
        QVERIFY(!hardwareKeyProblem(hw, "peak.fp4"));
        for (const char* key : { "efficiency.foo", "bandwidth.L9", "capacity.NVLink", "latency.HBM", "peak.fp7" }) {
            QVERIFY2(hardwareKeyProblem(hw, key), key);
            // Whatever the value, legal or not, the key is what is reported.
            Session s = defaultSession(hw);
            const std::optional<std::string> error = applySetting(s, std::string(key) + "=800m");
            QVERIFY(error);
            QVERIFY2(error->starts_with(std::string(key) + ": "), error->c_str());
            QVERIFY2(
                error->find("expected") == std::string::npos || std::string_view(key) == "peak.fp7", error->c_str());
        }
        const Expected<Session, Diagnostics> file
            = parseScenario("preset: h100-sxm\nset:\n  efficiency.L9: 2\n", "k.yaml", library());
        QVERIFY(!file);
        QCOMPARE(file.error().size(), std::size_t(1));
        QVERIFY2(file.error().front().message.find("no memory level or link named 'L9'") != std::string::npos,
            file.error().front().message.c_str());
        QCOMPARE(file.error().front().column, 3); // the key, not the value
    }

    void aColumnMappingNeedsAPlainCsv()
    {
        const Expected<ColumnMapping> mapping = parseColumnMapping("name=n,flops=f,bytes=b,seconds=s");
        QVERIFY(mapping);
        const std::string json = R"({"kernels": [{"name": "k", "flops": 1e9, "bytes": 1e6, "seconds": 1e-5}]})";
        QVERIFY(parseMeasured(json, "k.json"));
        const Expected<MeasuredSet, Diagnostics> refused = parseMeasured(json, "k.json", {}, &*mapping);
        QVERIFY(!refused);
        QCOMPARE(refused.error().front().field, std::string("columns"));
        QVERIFY(refused.error().front().message.find("plain JSON") != std::string::npos);
        const std::string csv = "n,f,b,s\nk,1e9,1e6,1e-5\n";
        QVERIFY(parseMeasured(csv, "k.csv", {}, &*mapping));
        QVERIFY(!parseMeasured(csv, "k.csv", MeasuredFormat::NcuRaw, &*mapping));
        // In a scenario's measured: block the format and the mapping contradict each other where they stand.
        const Expected<Session, Diagnostics> s = parseScenario(
            "preset: h100-sxm\nmeasured:\n  file: k.csv\n  format: ncu\n  columns: name=n,flops=f,bytes=b,seconds=s\n",
            "m.yaml", library());
        QVERIFY(!s);
        QCOMPARE(s.error().front().field, std::string("measured.columns"));
        QCOMPARE(s.error().front().line, 5);
    }

    void aCaptureThatProfiledNothingIsSaidAsSuch()
    {
        const Expected<MeasuredSet, Diagnostics> only
            = parseMeasured("==PROF== Connected to process 1\n==WARNING== No kernels were profiled.\n", "n.csv",
                MeasuredFormat::NcuRaw);
        QVERIFY(!only);
        QVERIFY2(only.error().front().message.starts_with("the capture profiled no kernel"),
            only.error().front().message.c_str());
        // An empty file is still an empty file.
        const Expected<MeasuredSet, Diagnostics> empty = parseMeasured("", "e.csv", MeasuredFormat::NcuRaw);
        QVERIFY(!empty);
        QVERIFY(empty.error().front().message.find("empty file") != std::string::npos);
    }

    void modelFoldersAreListedAsPresetFolders()
    {
        QTemporaryDir dir;
        const std::filesystem::path folder = dir.path().toStdString();
        for (const char* name : { "a.yaml", "b.yml", "C.YAML", "d.Yml", "e.txt", "f.yaml~" })
            std::ofstream(folder / name) << gpt2With(std::string("id: model-") + char(name[0] | 0x20));
        const Expected<std::vector<std::filesystem::path>, Diagnostic> files = listYamlFolder(folder, "model");
        QVERIFY(files);
        QCOMPARE(files->size(), std::size_t(4));
        const ModelLibrary models = loadModelLibrary({ folder });
        QVERIFY2(models.errors.empty(), toString(models.errors).c_str());
        for (const char* id : { "model-a", "model-b", "model-c", "model-d" })
            QVERIFY2(models.find(id), id);
        QVERIFY(!models.find("model-e"));
        QVERIFY(listYamlFolder(folder / "absent", "model").value().empty());
    }
};

QTEST_GUILESS_MAIN(TestSettingsRules)
#include "test_settings_rules.moc"
