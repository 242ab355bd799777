// SPDX-License-Identifier: GPL-3.0-or-later
// Hostile input, class by class: numbers whose unit does not fit their key (in --set, a scenario's set: block and a
// preset), counts that a double would round, names that read as something else, files that are not files, bytes that
// are not text, and inputs sized to make reading cost more than linear time. Each is refused with a located message
// that quotes little of the input and says what would be accepted, and nothing is changed.
#include "base/json.h"
#include "files/model_presets.h"
#include "files/open_scenario.h"
#include "files/presets.h"
#include "files/save_target.h"
#include "files/scenario.h"
#include "files/scenario_measured.h"
#include "measured/measured.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace roofline;

namespace {

const PresetLibrary& library()
{
    static const PresetLibrary lib = loadPresetLibrary({});
    return lib;
}

// A valid preset; `extra` goes at the end of the top level, `memory` replaces its one memory level.
std::string preset(const std::string& peak = "1e14", const std::string& memory = "  - {name: HBM, bandwidth: 1e12}\n",
    const std::string& extra = "")
{
    return "name: Test chip\nsources: [hand-written]\ncompute:\n  bf16: " + peak + "\nmemory:\n" + memory
        + "links:\n  - {name: NET, bandwidth: 400 Gb/s, scope: inter-node}\n" + extra;
}

// Every diagnostic, one a line.
QString errorsOf(const Expected<Hardware, Diagnostics>& hw)
{
    return hw ? QString() : QString::fromStdString(toString(hw.error()));
}
template <typename T> QString errorsOf(const Expected<T, Diagnostics>& s)
{
    return s ? QString() : QString::fromStdString(toString(s.error()));
}

void writeFile(const QString& path, const std::string& text)
{
    std::ofstream(path.toStdString(), std::ios::binary) << text;
}

// A scenario on tpu-v5e with `n` dot products, each with its own id.
std::string manyOperations(std::size_t n)
{
    std::string text = "preset: tpu-v5e\noperations:\n";
    for (std::size_t i = 0; i < n; ++i)
        text += "  - {op: dot, id: d" + std::to_string(i) + ", N: " + std::to_string(i + 1) + "}\n";
    return text;
}

} // namespace

class TestBadInput : public QObject {
    Q_OBJECT
private slots:
    // --set, set: and a preset check a value against its key the same way.
    void unitsMustFitTheirKey_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");
        QTest::addColumn<bool>("accepted");
        QTest::newRow("bit rate as a peak") << "peak.bf16"
                                            << "400 Gb/s" << false;
        QTest::newRow("bytes as a peak") << "peak.bf16"
                                         << "80 GB" << false;
        QTest::newRow("FLOP/s as a bandwidth") << "bandwidth.HBM"
                                               << "989 TFLOP/s" << false;
        QTest::newRow("seconds as a bandwidth") << "bandwidth.HBM"
                                                << "3 s" << false;
        QTest::newRow("rate as a capacity") << "capacity.HBM"
                                            << "3 TB/s" << false;
        QTest::newRow("bit rate as a capacity") << "capacity.HBM"
                                                << "400 Gb/s" << false;
        QTest::newRow("seconds as a capacity") << "capacity.HBM"
                                               << "2 ms" << false;
        QTest::newRow("capacity above 1e18") << "capacity.HBM"
                                             << "2e18" << false;
        QTest::newRow("capacity 0") << "capacity.HBM"
                                    << "0" << false;
        QTest::newRow("empty bandwidth") << "bandwidth.HBM"
                                         << "" << false;
        QTest::newRow("peak in FLOP/s") << "peak.bf16"
                                        << "989 TFLOP/s" << true;
        QTest::newRow("peak in OP/s") << "peak.bf16"
                                      << "394 TOPS" << true;
        QTest::newRow("bandwidth in B/s") << "bandwidth.HBM"
                                          << "3.35 TB/s" << true;
        QTest::newRow("bandwidth in b/s") << "bandwidth.HBM"
                                          << "400 Gb/s" << true;
        QTest::newRow("capacity in GiB") << "capacity.HBM"
                                         << "16 GiB" << true;
        QTest::newRow("plain capacity") << "capacity.HBM"
                                        << "1e15" << true;
    }
    void unitsMustFitTheirKey()
    {
        QFETCH(QString, key);
        QFETCH(QString, value);
        QFETCH(bool, accepted);
        const std::string k = key.toStdString();
        const std::string v = value.toStdString();

        Session s = defaultSession(*library().find("tpu-v5e"));
        const std::string before = writeScenario(s);
        const std::optional<std::string> setError = applySetting(s, k + "=" + v);
        QCOMPARE(!setError, accepted);
        if (setError) {
            QCOMPARE(writeScenario(s), before);
            QVERIFY2(setError->find("expected") != std::string::npos, setError->c_str()); // says what would do
        }

        const auto scenario = parseScenario("preset: tpu-v5e\nset:\n  " + k + ": \"" + v + "\"\n", "s.yaml", library());
        QVERIFY2(scenario.ok() == accepted, qPrintable(errorsOf(scenario)));
        if (!accepted)
            QVERIFY2(errorsOf(scenario).startsWith(QStringLiteral("s.yaml:3:")), qPrintable(errorsOf(scenario)));

        // The same value in a preset, where the key has a place: compute.bf16, memory[0].bandwidth or .capacity.
        const std::string quoted = "\"" + v + "\"";
        const std::string text = k == "peak.bf16" ? preset(quoted)
            : k == "bandwidth.HBM"                ? preset("1e14", "  - {name: HBM, bandwidth: " + quoted + "}\n")
                                   : preset("1e14", "  - {name: HBM, bandwidth: 1e12, capacity: " + quoted + "}\n");
        const auto hw = parsePreset(text, "p.yaml", "p");
        QVERIFY2(hw.ok() == accepted, qPrintable(errorsOf(hw)));
    }

    // A count is decided on its digits: no value that a double rounds into range slips through.
    void countsAreWholeNumbersAsWritten_data()
    {
        QTest::addColumn<QString>("value");
        QTest::addColumn<double>("expected"); // 0: refused
        QTest::newRow("2^53 + 1") << "9007199254740993" << 0.0;
        QTest::newRow("2^53 + 1 with an exponent") << "9.007199254740993e15" << 0.0;
        QTest::newRow("fraction a double rounds away") << "4503599627370496.5" << 0.0;
        QTest::newRow("sub-unit prefix") << "1500m" << 0.0;
        QTest::newRow("micro") << "2000000u" << 0.0;
        QTest::newRow("fraction") << "2.5" << 0.0;
        QTest::newRow("fraction of a k") << "1.0005k" << 0.0;
        QTest::newRow("a unit") << "512 B" << 0.0;
        QTest::newRow("negative") << "-4" << 0.0;
        QTest::newRow("empty") << "" << 0.0;
        QTest::newRow("1e16") << "1e16" << 0.0;
        QTest::newRow("2^53") << "9007199254740992" << 9007199254740992.0;
        QTest::newRow("k") << "4k" << 4000.0;
        QTest::newRow("a fraction of a k that is whole") << "1.5k" << 1500.0;
        QTest::newRow("Ki") << "2 Ki" << 2048.0;
        QTest::newRow("exponent") << "1e6" << 1e6;
        QTest::newRow("trailing zeros after the point") << "512.000" << 512.0;
    }
    void countsAreWholeNumbersAsWritten()
    {
        QFETCH(QString, value);
        QFETCH(double, expected);
        const std::string v = value.toStdString();
        Session s = defaultSession(*library().find("tpu-v5e"));
        const std::string before = writeScenario(s);
        const std::optional<std::string> error = applySetting(s, "ops[2].B=" + v);
        if (expected == 0) {
            QVERIFY2(error, "refused");
            QVERIFY2(error->find("whole number from 1 to 2^53") != std::string::npos, error->c_str());
            QCOMPARE(writeScenario(s), before);
        } else {
            QVERIFY2(!error, error ? error->c_str() : "");
            QCOMPARE(*numberParam(s.operations[2].op, "B"), expected);
        }
        const auto scenario
            = parseScenario("preset: tpu-v5e\noperations:\n  - {op: matmul, B: \"" + v + "\"}\n", "s.yaml", library());
        QVERIFY2(scenario.ok() == (expected != 0), qPrintable(errorsOf(scenario)));
        if (!scenario)
            QVERIFY2(errorsOf(scenario).startsWith("s.yaml:3:"), qPrintable(errorsOf(scenario)));
    }

    // An empty value is an error, never a silent return to the default.
    void emptyValuesAreErrors_data()
    {
        QTest::addColumn<QString>("setting");
        QTest::addColumn<QString>("scenario");
        QTest::newRow("memory") << "memory="
                                << "  - {op: dot, memory: \"\"}\n";
        QTest::newRow("link") << "link="
                              << "  - {op: allreduce, link: \"\"}\n";
        QTest::newRow("count") << "B="
                               << "  - {op: matmul, B: \"\"}\n";
        QTest::newRow("count, nothing at all") << "ops[2].B="
                                               << "  - {op: matmul, B: }\n";
        QTest::newRow("dtype") << "compute="
                               << "  - {op: matmul, compute: \"\"}\n";
        QTest::newRow("name") << "peak.bf16="
                              << "  - {op: dot, name: \"\"}\n";
        QTest::newRow("group") << "chart.dtype="
                               << "  - {op: dot, group: \"\"}\n";
    }
    void emptyValuesAreErrors()
    {
        QFETCH(QString, setting);
        QFETCH(QString, scenario);
        Session s = defaultSession(*library().find("tpu-v5e"));
        QVERIFY(!applySetting(s, "ops[0].memory=HBM")); // not the default spelling, so a reset would show
        const std::string before = writeScenario(s);
        QVERIFY(applySetting(s, setting.toStdString()));
        QCOMPARE(writeScenario(s), before);
        const auto parsed
            = parseScenario("preset: tpu-v5e\noperations:\n" + scenario.toStdString(), "s.yaml", library());
        QVERIFY(!parsed);
        QVERIFY2(errorsOf(parsed).startsWith("s.yaml:3:"), qPrintable(errorsOf(parsed)));
    }

    // Hardware values have ranges, the same from --set and from the window's double API.
    void hardwareRanges()
    {
        Hardware hw = *library().find("h100-sxm");
        QVERIFY(setHardwareValue(hw, "capacity.HBM", 1e19));
        QVERIFY(setHardwareValue(hw, "capacity.HBM", 10));
        QVERIFY(!setHardwareValue(hw, "capacity.HBM", 1e18));
        QVERIFY(setHardwareValue(hw, "peak.bf16", 1e21));
        QVERIFY(setHardwareValue(hw, "bandwidth.HBM", std::nan("")));
        QVERIFY(!setHardwareValue(hw, "bandwidth.HBM", 1e20));
    }

    void namesThatReadAsSomethingElse_data()
    {
        QTest::addColumn<QString>("memory");
        QTest::addColumn<QString>("message");
        QTest::newRow("a dtype") << "  - {name: bf16, bandwidth: 1e12}\n"
                                 << "reads as a compute roof";
        QTest::newRow("a dtype in capitals") << "  - {name: FP8, bandwidth: 1e12}\n"
                                             << "reads as a compute roof";
        QTest::newRow("compute") << "  - {name: compute, bandwidth: 1e12}\n"
                                 << "reads as a compute roof";
        QTest::newRow("same name but case") << "  - {name: HBM, bandwidth: 1e12}\n  - {name: hbm, bandwidth: 1e13}\n"
                                            << "duplicate name 'hbm'";
        QTest::newRow("a link named like the memory") << "  - {name: NET, bandwidth: 1e12}\n"
                                                      << "duplicate name 'NET'";
        QTest::newRow("a space") << "  - {name: H B M, bandwidth: 1e12}\n"
                                 << "short name";
        QTest::newRow("a no-break space") << "  - {name: \"H\xC2\xA0"
                                             "B\", bandwidth: 1e12}\n"
                                          << "short name";
        QTest::newRow("a tab") << "  - {name: \"H\\tB\", bandwidth: 1e12}\n"
                               << "short name";
        QTest::newRow("a dot") << "  - {name: HBM.0, bandwidth: 1e12}\n"
                               << "short name";
    }
    void namesThatReadAsSomethingElse()
    {
        QFETCH(QString, memory);
        QFETCH(QString, message);
        const auto hw = parsePreset(preset("1e14", memory.toStdString()), "p.yaml", "p");
        QVERIFY(!hw);
        QVERIFY2(errorsOf(hw).contains(message), qPrintable(errorsOf(hw)));
        QVERIFY2(errorsOf(hw).contains(QRegularExpression("p.yaml:\\d+:\\d+: (memory|links)\\[\\d\\]\\.name: ")),
            qPrintable(errorsOf(hw)));
    }

    void idsAreOneWord_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<bool>("accepted");
        QTest::newRow("a space") << "a b" << false;
        QTest::newRow("a no-break space") << "a\xC2\xA0"
                                             "b"
                                          << false;
        QTest::newRow("an ideographic space") << "a\xE3\x80\x80"
                                                 "b"
                                              << false;
        QTest::newRow("an equals sign") << "x=1" << false;
        QTest::newRow("brackets") << "ops[1]" << false;
        QTest::newRow("65 characters") << QString(65, 'a') << false;
        QTest::newRow("letters, digits, dot, dash, underscore") << "attn.q-proj_1" << true;
        QTest::newRow("64 characters") << QString(64, 'a') << true;
    }
    void idsAreOneWord()
    {
        QFETCH(QString, id);
        QFETCH(bool, accepted);
        const std::string quoted = "\"" + id.toStdString() + "\"";
        const auto s
            = parseScenario("preset: tpu-v5e\noperations:\n  - {op: dot, id: " + quoted + "}\n", "s.yaml", library());
        QVERIFY2(s.ok() == accepted, qPrintable(errorsOf(s)));
        const auto hw = parsePreset(preset() + "id: " + quoted + "\n", "p.yaml", "p");
        QVERIFY2(hw.ok() == accepted, qPrintable(errorsOf(hw)));
        if (!accepted) {
            QVERIFY2(errorsOf(s).contains("s.yaml:3:") && errorsOf(s).contains("operations[0].id: expected an id"),
                qPrintable(errorsOf(s)));
            QVERIFY2(errorsOf(hw).contains(": id: expected an id"), qPrintable(errorsOf(hw)));
        }
    }

    void presetFoldersReadEveryYamlSpelling()
    {
        QTemporaryDir dir;
        writeFile(dir.filePath("upper.YAML"), preset() + "id: upper\n");
        writeFile(dir.filePath("mixed.Yml"), preset() + "id: mixed\n");
        writeFile(dir.filePath("My Chip.yaml"), preset()); // no id, and the file's name is none
        writeFile(dir.filePath("README.txt"), "not a preset");
        const PresetLibrary lib = loadPresetLibrary({ dir.path().toStdString() });
        QVERIFY(lib.find("upper"));
        QVERIFY(lib.find("mixed"));
        QVERIFY(!lib.find("My Chip"));
        QCOMPARE(lib.errors().size(), std::size_t(1));
        QVERIFY2(lib.errors()[0].toString().find("My Chip.yaml: id: missing, and the file's name is no id")
                != std::string::npos,
            lib.errors()[0].toString().c_str());
    }

    void aSecondDocumentIsRefused_data()
    {
        QTest::addColumn<QString>("second");
        QTest::newRow("one that parses") << "---\nname: Other chip\n";
        QTest::newRow("one that does not") << "---\nname: [unclosed\n";
        QTest::newRow("an empty one") << "---\n";
    }
    void aSecondDocumentIsRefused()
    {
        QFETCH(QString, second);
        const std::string text = preset() + second.toStdString();
        const int line
            = static_cast<int>(std::count(text.begin(), text.end(), '\n')) - static_cast<int>(second.count('\n')) + 1;
        const auto hw = parsePreset(text, "p.yaml", "p");
        QVERIFY(!hw);
        QVERIFY2(hw.error().front().line >= line, qPrintable(errorsOf(hw)));
        const auto s = parseScenario("preset: tpu-v5e\n" + second.toStdString(), "s.yaml", library());
        QVERIFY2(!s, "a scenario with a second document");
        QVERIFY2(s.error().front().line >= 2, qPrintable(errorsOf(s)));
    }

    // Bytes that are not text are located to the line, column and field, like any other error.
    void bytesThatAreNotText_data()
    {
        QTest::addColumn<QByteArray>("bad");
        QTest::addColumn<QString>("what");
        QTest::newRow("NUL") << QByteArray("\0", 1) << "a NUL byte";
        QTest::newRow("escape") << QByteArray("\x1b[31m") << "control character 0x1B";
        QTest::newRow("DEL") << QByteArray("\x7f") << "control character 0x7F";
        QTest::newRow("lone continuation byte") << QByteArray("\x80") << "invalid UTF-8 (byte 0x80)";
        QTest::newRow("overlong slash") << QByteArray("\xC0\xAF") << "invalid UTF-8 (byte 0xC0)";
        QTest::newRow("overlong three bytes") << QByteArray("\xE0\x80\xAF") << "invalid UTF-8 (byte 0xE0)";
        QTest::newRow("surrogate") << QByteArray("\xED\xA0\x80") << "invalid UTF-8 (byte 0xED)";
        QTest::newRow("above U+10FFFF") << QByteArray("\xF4\x90\x80\x80") << "invalid UTF-8 (byte 0xF4)";
        QTest::newRow("truncated") << QByteArray("\xE2\x82") << "invalid UTF-8 (byte 0xE2)";
    }
    void bytesThatAreNotText()
    {
        QFETCH(QByteArray, bad);
        QFETCH(QString, what);
        const std::string text = "preset: tpu-v5e\nname: my" + bad.toStdString() + "scenario\n";
        const auto s = parseScenario(text, "s.yaml", library());
        QVERIFY(!s);
        QCOMPARE(QString::fromStdString(s.error().front().toString()).left(40),
            QStringLiteral("s.yaml:2:9: name: not a text file: ") + what.left(5));
        QVERIFY2(errorsOf(s).contains(what), qPrintable(errorsOf(s)));
    }

    // A bad byte deep in nested maps with long keys is named by a shortened field path: forty levels of 60-byte keys
    // would make a path of 2,600 bytes (found by fuzz_preset). The message stays within 2,000 bytes.
    void aDeepFieldPathIsShortened()
    {
        std::string text = "preset: tpu-v5e\n";
        for (int level = 0; level < 40; ++level)
            text += std::string(static_cast<std::size_t>(2 * level), ' ') + std::string(60, 'k') + std::to_string(level)
                + ":\n";
        text += std::string(80, ' ') + "leaf: \xff\n";
        const auto s = parseScenario(text, "s.yaml", library());
        QVERIFY(!s);
        const std::string message = s.error().front().toString();
        QVERIFY2(message.size() < 2000, message.c_str());
        QVERIFY2(message.find("...: not a text file: invalid UTF-8 (byte 0xFF)") != std::string::npos, message.c_str());
    }

    // Text from every reader passes the same check: a YAML or JSON escape that makes a control character is refused
    // like the byte itself, and a kernel's name in a CSV file is one line of text or its row is skipped.
    void textFromEveryReader_data()
    {
        QTest::addColumn<QByteArray>("bad"); // the bytes themselves
        QTest::addColumn<QString>("escape"); // a YAML and JSON escape that makes them; empty where none does
        QTest::addColumn<QString>("what");
        QTest::newRow("NUL") << QByteArray("\0", 1) << "\\u0000"
                             << "a NUL byte";
        QTest::newRow("bell") << QByteArray("\x07") << "\\u0007"
                              << "control character 0x07";
        QTest::newRow("escape") << QByteArray("\x1b[31m") << "\\u001b[31m"
                                << "control character 0x1B";
        QTest::newRow("DEL") << QByteArray("\x7f") << "\\u007f"
                             << "control character 0x7F";
        QTest::newRow("not UTF-8") << QByteArray("\xff") << ""
                                   << "invalid UTF-8 (byte 0xFF)";
        QTest::newRow("cut character") << QByteArray("\xE2\x82") << ""
                                       << "invalid UTF-8 (byte 0xE2)";
        QTest::newRow("line break") << QByteArray("\n") << ""
                                    << "a line break";
    }
    void textFromEveryReader()
    {
        QFETCH(QByteArray, bad);
        QFETCH(QString, escape);
        QFETCH(QString, what);
        const std::string raw = bad.toStdString();
        if (!escape.isEmpty()) {
            const std::string e = escape.toStdString();
            const auto s = parseScenario("preset: tpu-v5e\nname: \"my" + e + "scenario\"\n", "s.yaml", library());
            QVERIFY(!s);
            QVERIFY2(errorsOf(s).contains("s.yaml:2:7: name: not text: " + what), qPrintable(errorsOf(s)));
            const auto lesson = parseScenario("preset: tpu-v5e\nlesson:\n  source: \"a" + e
                    + "\"\n  question: q\n  claim: c\n  answer: {ridge: HBM}\n",
                "s.yaml", library());
            QVERIFY(!lesson);
            QVERIFY2(errorsOf(lesson).contains("s.yaml:3:11: lesson.source: not text: " + what),
                qPrintable(errorsOf(lesson)));
            const auto json = parseMeasured(
                R"({"kernels": [{"name": "k)" + e + R"(", "flops": 1, "bytes": {"L)" + e + R"(": 1}, "seconds": 1}]})",
                "k.json");
            QVERIFY(!json);
            QVERIFY2(
                toString(json.error()).find("kernels[0].name: not text: " + what.toStdString()) != std::string::npos,
                toString(json.error()).c_str());
            QVERIFY2(
                toString(json.error()).find("kernels[0].bytes: not text: " + what.toStdString()) != std::string::npos,
                toString(json.error()).c_str());
        }
        const auto csv = parseMeasured(
            "name,flops,bytes,seconds,group\n\"k" + raw + "\",1,1,1,g\ngood,1,1,1,\"g" + raw + "\"\ngood,1,1,1,g\n",
            "k.csv");
        QVERIFY(csv);
        QCOMPARE(csv->kernels.size(), std::size_t(1));
        QCOMPARE(csv->skipped.size(), std::size_t(2));
        QVERIFY2(csv->skipped[0].toString().find("k.csv:2: name: not one line of text: " + what.toStdString())
                != std::string::npos,
            toString(csv->skipped).c_str());
        QVERIFY2(csv->skipped[1].toString().find(": group: not one line of text") != std::string::npos,
            toString(csv->skipped).c_str());

        std::ifstream in(ROOFLINE_TEST_DATA "/measured/ncu-raw.csv", std::ios::binary);
        std::string ncu((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        const std::string name = "nvjet_sm90_tst_64x16_64x16_1x2_h_bz_NNT";
        QVERIFY(ncu.find(name) != std::string::npos);
        ncu.replace(ncu.find(name), name.size(), name + raw);
        const auto capture = parseMeasured(ncu, "ncu.csv");
        QVERIFY(capture);
        QVERIFY(!capture->skipped.empty());
        QVERIFY2(capture->skipped[0].toString().find("Kernel Name: not one line of text: " + what.toStdString())
                != std::string::npos,
            toString(capture->skipped).c_str());
    }

    // The JSON writer escapes every control character (C0, DEL and C1) and writes a byte that is not UTF-8 as
    // U+FFFD, so that a report is valid JSON whatever reached it; a name cut short is cut between characters.
    void outputEscapesWhatItMust()
    {
        JsonWriter w;
        w.value(std::string_view("a\0b\x07\x1b\x7f\xc2\x85\xff\xc3\xa9\"\\\n", 14));
        QCOMPARE(w.str(), std::string("\"a\\u0000b\\u0007\\u001b\\u007f\\u0085\\ufffd\xc3\xa9\\\"\\\\\\n\""));
        QCOMPARE(shortened("\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9", 6), std::string("\xc3\xa9..."));
        QCOMPARE(shortened("\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9", 7), std::string("\xc3\xa9\xc3\xa9..."));
        QCOMPARE(shortened("\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9", 8), std::string("\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"));
        QCOMPARE(shortened("abcdef", 5), std::string("ab..."));
    }

    // A model setting's key is echoed quoted, with or without a model in the session: the setting fuzzer sent
    // "model.\x06\xe7\xf0M8=0 GiB" to a session with none.
    void modelSettingKeysAreQuoted()
    {
        const std::string key = "model.\x06\xe7\xf0M8";
        Session session = defaultSession(*library().find("tpu-v5e"));
        for (int withModel = 0; withModel < 2; ++withModel) {
            if (withModel)
                session.model = ModelSettings {};
            const std::optional<std::string> error = applySetting(session, key + "=0 GiB");
            QVERIFY(error);
            QVERIFY2(std::none_of(error->begin(), error->end(),
                         [](char c) { return (static_cast<unsigned char>(c) < 0x20) || c == 0x7f; }),
                error->c_str());
            QVERIFY2(error->starts_with("'model.???M8': "), error->c_str());
        }
    }

    // What a message quotes of the input is short, whatever the input's size.
    void messagesQuoteLittle()
    {
        const std::string huge(100000, 'x');
        Session session = defaultSession(*library().find("tpu-v5e"));
        for (const std::string& setting : { "B=" + huge, "peak.bf16=" + huge, "bandwidth." + huge + "=1e12",
                 "chart.dtype=" + huge, huge + "=1", "ops[0].N=" + huge, "memory=" + huge })
            if (const std::optional<std::string> error = applySetting(session, setting))
                QVERIFY2(error->size() < 400, error->substr(0, 400).c_str());
            else
                QFAIL("accepted");
        for (const std::string& text : { "preset: " + huge + "\n", "preset: tpu-v5e\nset:\n  " + huge + ": 1\n",
                 "preset: tpu-v5e\noperations:\n  - {op: " + huge + "}\n",
                 "preset: tpu-v5e\noperations:\n  - {op: dot, " + huge + ": 1}\n",
                 "preset: tpu-v5e\ndtype: " + huge + "\n", "preset: tpu-v5e\nname: " + huge + "\n" }) {
            const auto s = parseScenario(text, "s.yaml", library());
            QVERIFY(!s);
            for (const Diagnostic& d : s.error())
                QVERIFY2(d.toString().size() < 400, d.toString().substr(0, 400).c_str());
        }
    }

    void filesThatAreNotFiles()
    {
        QTemporaryDir dir;
        const std::string base = dir.path().toStdString();
        QVERIFY(QDir(dir.path()).mkdir("folder.yaml"));
        QCOMPARE(mkfifo((base + "/pipe.yaml").c_str(), 0600), 0);
        QCOMPARE(symlink("loop-b.yaml", (base + "/loop-a.yaml").c_str()), 0);
        QCOMPARE(symlink("loop-a.yaml", (base + "/loop-b.yaml").c_str()), 0);
        QCOMPARE(symlink("gone.yaml", (base + "/dangling.yaml").c_str()), 0);
        const std::pair<const char*, const char*> cases[] = {
            { "folder.yaml", "a directory" },
            { "pipe.yaml", "a FIFO (named pipe)" },
            { "loop-a.yaml", "a symbolic link loop" },
            { "dangling.yaml", "a symbolic link to nothing" },
            { "absent.yaml", "no such file" },
        };
        for (const auto& [name, what] : cases) {
            const auto s = openScenario(base + "/" + name, library(), builtInModels());
            QVERIFY(!s);
            QVERIFY2(errorsOf(s).contains(QString::fromUtf8(what)), qPrintable(errorsOf(s)));
        }
        // What a scenario names is opened by the same reader: a FIFO at its calibration, its model's config.json or
        // its measured file is refused by name, at the key that names it, without blocking.
        const std::pair<const char*, const char*> named[] = {
            { "calibration", "preset: h100-sxm\ncalibration: ../pipe.yaml\n" },
            { "model.config", "preset: h100-sxm\nmodel:\n  config: ../pipe.yaml\n" },
            { "pipe.yaml", "preset: h100-sxm\nmeasured:\n  file: ../pipe.yaml\n" },
        };
        QVERIFY(QDir(dir.path()).mkdir("scenarios")); // not in the preset folder, where it would be read as a preset
        for (const auto& [where, text] : named) {
            writeFile(dir.filePath("scenarios/names.yaml"), text);
            const auto s = openScenario(base + "/scenarios/names.yaml", library(), builtInModels());
            QVERIFY(!s);
            QVERIFY2(errorsOf(s).contains(QString::fromUtf8(where)) && errorsOf(s).contains("a FIFO (named pipe)"),
                qPrintable(errorsOf(s)));
        }
        // In a preset folder each is reported by its name, and the good files still load.
        writeFile(dir.filePath("good.yaml"), preset() + "id: good\n");
        const PresetLibrary lib = loadPresetLibrary({ base });
        QVERIFY(lib.find("good"));
        QCOMPARE(lib.errors().size(), std::size_t(5)); // the folder, the FIFO, both ends of the loop, the dangling link
        QVERIFY(QString::fromStdString(toString(lib.errors())).contains("dangling.yaml: a symbolic link to nothing"));
    }

    // Saving replaces the file a symbolic link ends at, keeps its mode, and refuses what is not a regular file.
    void saveTargetsFollowLinksAndRefuseSpecialFiles()
    {
        namespace fs = std::filesystem;
        QTemporaryDir dir;
        const std::string base = dir.path().toStdString();
        writeFile(dir.filePath("real.yaml"), "preset: tpu-v5e\n");
        QCOMPARE(::chmod((base + "/real.yaml").c_str(), 0600), 0);
        QCOMPARE(symlink("real.yaml", (base + "/link.yaml").c_str()), 0);
        QCOMPARE(symlink((base + "/link.yaml").c_str(), (base + "/link-to-link.yaml").c_str()), 0);
        QVERIFY(QDir(dir.path()).mkdir("sub"));
        QCOMPARE(symlink("../real.yaml", (base + "/sub/up.yaml").c_str()), 0);
        QCOMPARE(symlink("new.yaml", (base + "/dangling.yaml").c_str()), 0);
        for (const char* name : { "real.yaml", "link.yaml", "link-to-link.yaml", "sub/up.yaml" }) {
            const Expected<SaveTarget> t = saveTarget(base + "/" + name, "a scenario file");
            QVERIFY2(t, name);
            QCOMPARE(fs::weakly_canonical(t->path), fs::path(base + "/real.yaml"));
            QVERIFY(t->mode);
            QCOMPARE(*t->mode & fs::perms::all, fs::perms::owner_read | fs::perms::owner_write);
        }
        const Expected<SaveTarget> created = saveTarget(base + "/dangling.yaml", "a scenario file");
        QVERIFY(created);
        QCOMPARE(created->path, fs::path(base + "/new.yaml"));
        QVERIFY(!created->mode);

        QCOMPARE(mkfifo((base + "/pipe.yaml").c_str(), 0600), 0);
        QCOMPARE(symlink("pipe.yaml", (base + "/to-pipe.yaml").c_str()), 0);
        QCOMPARE(symlink("loop-b.yaml", (base + "/loop-a.yaml").c_str()), 0);
        QCOMPARE(symlink("loop-a.yaml", (base + "/loop-b.yaml").c_str()), 0);
        const std::pair<std::string, const char*> refused[] = {
            { base + "/pipe.yaml", "a FIFO (named pipe), not a file" },
            { base + "/to-pipe.yaml", "a FIFO (named pipe), not a file" },
            { base + "/sub", "a directory, not a file" },
            { "/dev/null", "a device, not a file" },
            { base + "/loop-a.yaml", "a symbolic link loop" },
        };
        for (const auto& [path, what] : refused) {
            const Expected<SaveTarget> t = saveTarget(path, "a scenario file");
            QVERIFY2(!t, path.c_str());
            QVERIFY2(t.error().find(what) != std::string::npos, t.error().c_str());
        }
    }

    // A scenario saved into another folder names its measured file from there; an absolute or built-in path and a
    // scenario saved beside the one it was read from keep the path as written.
    void measuredPathsAreRebasedOnSave()
    {
        namespace fs = std::filesystem;
        QTemporaryDir dir;
        const std::string base = fs::weakly_canonical(dir.path().toStdString()).string();
        QVERIFY(QDir(dir.path()).mkpath("a/data") && QDir(dir.path()).mkpath("b/c") && QDir(dir.path()).mkpath("x"));
        const MeasuredSource source { "data/../data/k.csv", {}, {}, {} };
        const std::string from = base + "/a/s.yaml";
        QCOMPARE(rebasedMeasuredPath(source, from, base + "/a/t.yaml"), source.file);
        QCOMPARE(rebasedMeasuredPath(source, from, base + "/b/c/t.yaml"), std::string("../../a/data/k.csv"));
        QCOMPARE(rebasedMeasuredPath(source, from, base + "/a/data/t.yaml"), std::string("k.csv"));
        // Through a linked folder, ".." leads where the system takes it, not where the link's name suggests.
        QCOMPARE(symlink((base + "/b/c").c_str(), (base + "/x/link").c_str()), 0);
        QCOMPARE(rebasedMeasuredPath(source, from, base + "/x/link/t.yaml"), std::string("../../a/data/k.csv"));
        // Read from the working folder (standard input), saved elsewhere; and saved to standard output.
        const fs::path working = fs::current_path();
        fs::current_path(base + "/a");
        QCOMPARE(rebasedMeasuredPath(source, "-", base + "/b/t.yaml"), std::string("../a/data/k.csv"));
        QCOMPARE(rebasedMeasuredPath({ "k.csv", {}, {}, {} }, base + "/b/s.yaml", "-"), std::string("../b/k.csv"));
        fs::current_path(working);
        for (const std::string& kept : { base + "/a/data/k.csv", std::string("embedded:measured/sweep.csv") })
            QCOMPARE(rebasedMeasuredPath({ kept, {}, {}, {} }, from, base + "/b/t.yaml"), kept);
    }

    // Nsight Compute's counters are each below the largest double, but two fp8 paths summed, or instructions per
    // cycle times the clock times the duration, can pass it: that kernel is skipped with its line, the others read.
    void countersPastTheLargestDouble_data()
    {
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("value");
        QTest::newRow("fp8 paths summed") << 8 << "1e308"; // fp8 with sparsity off, and on (column 9) also 1e308
        QTest::newRow("per-cycle instructions") << 13 << "1e308"; // dadd: × 1.81e9 Hz × 15.84e-6 s = 2.9e312
        // 1e308 byte/s × 15.84e-6 s is finite, but out of the range of a count of bytes
        QTest::newRow("a rate over the duration") << 2 << "1e308";
    }
    void countersPastTheLargestDouble()
    {
        QFETCH(int, column);
        QFETCH(QString, value);
        std::ifstream in(ROOFLINE_TEST_DATA "/../../fuzz/seeds/ncu/two-kernels", std::ios::binary);
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        QVERIFY(!text.empty());
        // The first kernel's row is the file's third line; its fields are quoted and separated by ",".
        const std::size_t row = text.find("\"0\",");
        QVERIFY(row != std::string::npos);
        auto setField = [&](int at, const std::string& v) {
            std::size_t start = row;
            for (int i = 0; i < at; ++i)
                start = text.find("\",\"", start) + 3;
            text.replace(start, text.find('"', start) - start, v);
        };
        setField(column, value.toStdString());
        if (column == 8)
            setField(9, value.toStdString());
        const auto set = parseMeasured(text, "ncu.csv", MeasuredFormat::NcuRaw);
        QVERIFY(set);
        // Past the largest double, or past 1e24: the first kernel is skipped with its line, the second read.
        QCOMPARE(set->kernels.size(), std::size_t(1));
        for (const MeasuredKernel& k : set->kernels) {
            QVERIFY(std::isfinite(k.flops) && std::isfinite(k.seconds));
            for (const LevelBytes& b : k.bytes)
                QVERIFY(std::isfinite(b.bytes));
        }
        QCOMPARE(set->kernels[0].line, 4);
        QCOMPARE(set->skipped.size(), std::size_t(1));
        QCOMPARE(set->skipped[0].line, 3);
        QVERIFY2(
            set->skipped[0].message.find("are out of range: expected 0 or a count from 1 to 1e24") != std::string::npos,
            set->skipped[0].toString().c_str());
    }

    void limits()
    {
        const std::string tooMany = manyOperations(kMaxOperations + 1);
        QVERIFY(tooMany.size() < kMaxFileBytes);
        QVERIFY2(errorsOf(parseScenario(tooMany, "s.yaml", library())).contains("more than 10000 operations"),
            "the operation limit");
        QVERIFY(parseScenario(manyOperations(kMaxOperations), "s.yaml", library()));

        std::string levels;
        for (std::size_t i = 0; i <= kMaxLevels; ++i)
            levels += "  - {name: M" + std::to_string(i) + ", bandwidth: 1e12}\n";
        QVERIFY(errorsOf(parsePreset(preset("1e14", levels), "p.yaml", "p")).contains("more than 32 memory levels"));

        QVERIFY(errorsOf(parsePreset(preset() + "vendor: " + std::string(kMaxNameBytes + 1, 'v') + "\n", "p.yaml", "p"))
                    .contains("vendor: longer than 200 bytes"));
        QVERIFY(parsePreset(preset() + "notes: " + std::string(kMaxTextBytes, 'n') + "\n", "p.yaml", "p"));
        QVERIFY(!parsePreset(preset() + "notes: " + std::string(kMaxTextBytes + 1, 'n') + "\n", "p.yaml", "p"));

        // A file with a hundred thousand errors lists a hundred and counts the rest.
        std::string unknown = "preset: tpu-v5e\noperations:\n  - op: dot\n";
        for (int i = 0; i < 20000; ++i)
            unknown += "    k" + std::to_string(i) + ": 1\n";
        const auto s = parseScenario(unknown, "s.yaml", library());
        QVERIFY(!s);
        QCOMPARE(s.error().size(), kMaxDiagnostics + 1);
        QCOMPARE(s.error().back().message, std::string("more errors not shown: 19900"));
    }

    void presetFolderLimit()
    {
        QTemporaryDir dir;
        for (std::size_t i = 0; i <= kMaxPresetFiles; ++i)
            writeFile(dir.filePath(QString("p%1.yaml").arg(i)), preset());
        const PresetLibrary lib = loadPresetLibrary({ dir.path().toStdString() });
        QCOMPARE(lib.errors().size(), std::size_t(1));
        QVERIFY(lib.errors()[0].message.find("more than 1000 preset files") != std::string::npos);
        QVERIFY(!lib.find("p0"));
        QVERIFY(lib.find("h100-sxm"));
    }
};

QTEST_MAIN(TestBadInput)
#include "test_bad_input.moc"
