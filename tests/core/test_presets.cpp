// SPDX-License-Identifier: GPL-3.0-or-later
// Presets: every shipped one loads with its sources; every kind of bad file gets a located message.
#include "files/presets.h"
#include "files/scenario.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

#include <filesystem>
#include <fstream>

using namespace roofline;

namespace {

// A valid preset, line by line, so a case can say which line its error is on.
const std::string kValid = "name: Test chip\n" // 1
                           "sources: [hand-written]\n" // 2
                           "compute:\n" // 3
                           "  bf16: 1e14\n" // 4
                           "memory:\n" // 5
                           "  - name: HBM\n" // 6
                           "    bandwidth: 1e12\n" // 7
                           "links:\n" // 8
                           "  - name: NET\n" // 9
                           "    bandwidth: 400 Gb/s\n" // 10
                           "    scope: inter-node\n"; // 11

std::string replaceLine(const std::string& text, int line, const std::string& with)
{
    std::string out;
    int n = 1;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = text.find('\n', start);
        out += n == line ? with : text.substr(start, end - start);
        out += '\n';
        start = end + 1;
        ++n;
    }
    return out;
}

// `levels` lists, each holding its predecessor ten times: 10^levels nodes once the aliases are expanded.
std::string aliasBomb(int levels, const std::string& indent)
{
    std::string text = indent + "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
    for (int i = 1; i < levels; ++i) {
        const std::string previous = "*a" + std::to_string(i - 1);
        text += indent + "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [" + previous;
        for (int k = 1; k < 10; ++k)
            text += ", " + previous;
        text += "]\n";
    }
    return text;
}

void writeFile(const QString& path, const std::string& text)
{
    std::ofstream(path.toStdString(), std::ios::binary) << text;
}

} // namespace

class TestPresets : public QObject {
    Q_OBJECT
private slots:
    void everyShippedPresetLoads()
    {
        const PresetLibrary library = loadPresetLibrary({});
        QVERIFY(library.presets().size() >= 10);
        QVERIFY2(library.errors().empty(), toString(library.errors()).c_str());
        for (const char* id : { "a100-sxm", "h100-sxm", "h100-pcie", "h200-sxm", "b200", "mi300x", "tpu-v4", "tpu-v5e",
                 "tpu-v5p", "tpu-v6e" })
            QVERIFY2(library.find(id), id);
        for (const Hardware& hw : library.presets()) {
            QVERIFY2(!hw.sources.empty(), hw.id.c_str());
            QVERIFY2(!hw.memories.empty(), hw.id.c_str());
            QVERIFY2(hw.peakFor(hw.defaultDtype()), hw.id.c_str());
        }
        // Sorted for the chooser: by vendor, then name.
        for (std::size_t i = 1; i < library.presets().size(); ++i)
            QVERIFY(library.presets()[i - 1].vendor <= library.presets()[i].vendor);
    }

    // The chips of 2026, each with its sources and a dense peak; the figures a datasheet states twice over are read
    // as the dense one (the B300's fp4 "18 | 14 PFLOPS" is 14, its int8 307 TOPS with sparsity 153.5 dense), the
    // GeForce card's bf16 at fp32 accumulate (half its fp16-accumulate rate), and the B200's HBM by its bus and clock:
    // 7,680 bits × 7.992 Gb/s / 8 = 7.67232e12 B/s.
    void theChipsOf2026Load()
    {
        const PresetLibrary library = loadPresetLibrary({});
        for (const char* id : { "b300", "gb300", "rtx-pro-6000", "rtx-5090", "h20", "tpu7x", "mi350x", "trainium2" }) {
            const Hardware* hw = library.find(id);
            QVERIFY2(hw && hw->sources.size() >= 3, id);
            QVERIFY2(hw->peakFor(Dtype::bf16), id);
        }
        QCOMPARE(*library.find("b300")->peakFor(Dtype::fp4), 1.4e16);
        QCOMPARE(*library.find("b300")->peakFor(Dtype::int8), 307e12 / 2);
        QCOMPARE(*library.find("rtx-5090")->peakFor(Dtype::bf16), 209.5e12);
        QCOMPARE(*library.find("tpu7x")->peakFor(Dtype::bf16), 2.307e15);
        QVERIFY(!library.find("tpu7x")->peakFor(Dtype::int8)); // JAX marks it unavailable; Google states none
        QCOMPARE(library.find("b200")->memories.front().bandwidth, 7680.0 / 8 * 7.992e9);
    }

    // The block-scaled formats at the rate of their elements where the chip computes in them: NVIDIA's FP4 row is
    // the NVFP4 and MXFP4 rate, AMD's FP4 and FP6 rows the MXFP4 and MXFP6 one; Hopper has no block-scaled peak.
    void blockScaledPeaksAreTheirElementsRates()
    {
        const PresetLibrary library = loadPresetLibrary({});
        for (const char* id : { "b200", "b300", "gb300" }) {
            const Hardware& hw = *library.find(id);
            QCOMPARE(hw.peakFor(Dtype::nvfp4), hw.peakFor(Dtype::fp4));
            QCOMPARE(hw.peakFor(Dtype::mxfp4), hw.peakFor(Dtype::fp4));
            QCOMPARE(hw.peakFor(Dtype::mxfp8), hw.peakFor(Dtype::fp8));
            QCOMPARE(hw.peakFor(Dtype::mxfp6), hw.peakFor(Dtype::fp6));
        }
        QCOMPARE(*library.find("b300")->peakFor(Dtype::nvfp4), 1.4e16);
        for (const char* id : { "mi350x", "mi355x" }) {
            const Hardware& hw = *library.find(id);
            QCOMPARE(hw.peakFor(Dtype::mxfp4), hw.peakFor(Dtype::fp4));
            QCOMPARE(hw.peakFor(Dtype::mxfp6), hw.peakFor(Dtype::fp6));
            QCOMPARE(hw.peakFor(Dtype::mxfp8), hw.peakFor(Dtype::fp8));
            QVERIFY(!hw.peakFor(Dtype::nvfp4));
        }
        QVERIFY(!library.find("h100-sxm")->peakFor(Dtype::mxfp8));
    }

    void theTextsNumbersAreThePresets()
    {
        const PresetLibrary library = loadPresetLibrary({});
        const Hardware& v5e = *library.find("tpu-v5e");
        QCOMPARE(*v5e.peakFor(Dtype::bf16), 1.97e14);
        QCOMPARE(*v5e.peakFor(Dtype::int8), 3.94e14);
        QCOMPARE(v5e.memories[0].bandwidth, 8.2e11);
        QCOMPARE(v5e.link("ICI")->bandwidth, 4.5e10);
        const Hardware& h100 = *library.find("h100-sxm");
        QCOMPARE(*h100.peakFor(Dtype::bf16), 9.89e14);
        QCOMPARE(h100.memories[0].bandwidth, 3.35e12);
        QCOMPARE(h100.link("NVLink")->bandwidth, 4.5e11);
        QCOMPARE(h100.link("IB")->bandwidth, 5e10);
    }

    void readsAValidPreset()
    {
        const Expected<Hardware, Diagnostics> hw = parsePreset(kValid, "test.yaml", "test");
        QVERIFY2(hw, hw ? "" : toString(hw.error()).c_str());
        QCOMPARE(hw->id, std::string("test"));
        QCOMPARE(hw->link("NET")->bandwidth, 5e10);
        QVERIFY(hw->link("NET")->specifiedInBits);
        QCOMPARE(hw->link("NET")->scope, LinkScope::InterNode);
    }

    // The keys of --set read back what they write; a link given in bits per second is shown so.
    void hardwareKeysReadBack()
    {
        const Expected<Hardware, Diagnostics> parsed = parsePreset(kValid, "test.yaml", "test");
        QVERIFY(parsed);
        Hardware hw = *parsed;
        for (const std::string& key : hardwareKeys(hw)) {
            // A value inside each quantity's range: factors up to 1, latencies up to 0.1 s, powers up to 100 kW, a
            // price per chip-hour, energies up to 1 µJ.
            const HardwareQuantity q = *quantityOfKey(key);
            const bool energy = q == HardwareQuantity::FlopEnergy || q == HardwareQuantity::ByteEnergy;
            const double value = q == HardwareQuantity::Efficiency ? 0.75
                : q == HardwareQuantity::Latency                   ? 2.5e-6
                : q == HardwareQuantity::Power                     ? 700
                : q == HardwareQuantity::Price                     ? 2.49
                : energy                                           ? 3.2e-11
                                                                   : 2.5e12;
            QVERIFY2(!setHardwareValue(hw, key, value), key.c_str());
            QCOMPARE(hardwareValue(hw, key), std::optional<double>(value));
        }
        QCOMPARE(hardwareValue(hw, "bandwidth.NET"), std::optional<double>(2.5e12));
        QCOMPARE(hardwareValue(hw, "bandwidth.NONE"), std::nullopt);
        QCOMPARE(hardwareValue(hw, "peak.nonsense"), std::nullopt);
        QCOMPARE(hardwareValue(hw, "HBM"), std::nullopt);
        QCOMPARE(formatRoofBandwidth(hw, RoofKind::Network, "NET", 5e10), std::string("400 Gb/s")); // 50 GB/s
        QCOMPARE(formatRoofBandwidth(hw, RoofKind::Memory, "HBM", 5e10), std::string("50 GB/s"));
    }

    void badInput_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("message");
        auto row = [](const char* name, const std::string& text, int line, int column, const char* field,
                       const char* message) {
            QTest::newRow(name) << QByteArray::fromStdString(text) << line << column << field << message;
        };
        row("empty file", "", 0, 0, "", "empty");
        row("10 MB file", kValid + "notes: " + std::string(10 << 20, 'x') + "\n", 0, 0, "", "larger than 1 MiB");
        row("only a comment", "# nothing\n", 0, 0, "", "empty");
        row("binary",
            std::string("\x7f"
                        "ELF\x02\x01\x00\x00",
                8),
            1, 1, "", "not a text file: control character 0x7F");
        row("invalid UTF-8", "name: \xff\xfe\n", 1, 7, "name", "not a text file: invalid UTF-8 (byte 0xFF)");
        row("a list at the top", "- 1\n- 2\n", 1, 1, "", "expected a mapping");
        row("syntax error", "name: [unclosed\n", 2, 1, "", "YAML syntax error");
        row("unknown key", kValid + "colour: red\n", 12, 1, "colour", "unknown key");
        row("a clock in GHz", kValid + "peak_clock: 1.83\n", 12, 13, "peak_clock",
            "expected a clock from 1e6 to 1e11 Hz, found 1.83 Hz");
        row("a clock as text", kValid + "peak_clock: fast\n", 12, 13, "peak_clock", "expected a number");
        row("duplicate key", kValid + "name: Again\n", 12, 1, "name", "duplicate key");
        row("missing memory", "name: Test chip\nsources: [x]\ncompute:\n  bf16: 1e14\n", 1, 1, "memory", "missing");
        row("compute not a map", replaceLine(replaceLine(kValid, 3, "compute: 5"), 4, ""), 3, 10, "compute",
            "expected a mapping");
        row("unknown dtype", replaceLine(kValid, 4, "  bf17: 1e14"), 4, 3, "compute.bf17", "unknown key");
        row("no dtype", replaceLine(replaceLine(kValid, 3, "compute: {}"), 4, ""), 3, 10, "compute",
            "no dtype has a peak");
        row("string for a number", replaceLine(kValid, 7, "    bandwidth: fast"), 7, 16, "memory[0].bandwidth",
            "expected a number, found 'fast'");
        row("zero", replaceLine(kValid, 7, "    bandwidth: 0"), 7, 16, "memory[0].bandwidth", "positive");
        row("negative", replaceLine(kValid, 4, "  bf16: -1e14"), 4, 9, "compute.bf16", "positive");
        row("NaN", replaceLine(kValid, 4, "  bf16: .nan"), 4, 9, "compute.bf16", "finite");
        row("infinity", replaceLine(kValid, 7, "    bandwidth: .inf"), 7, 16, "memory[0].bandwidth", "finite");
        row("1e400", replaceLine(kValid, 4, "  bf16: 1e400"), 4, 9, "compute.bf16", "expected a number");
        row("above 1e20", replaceLine(kValid, 4, "  bf16: 1e21"), 4, 9, "compute.bf16", "1e3 to 1e20");
        row("below 1e3", replaceLine(kValid, 7, "    bandwidth: 10"), 7, 16, "memory[0].bandwidth", "1e3 to 1e20");
        row("hexadecimal", replaceLine(kValid, 4, "  bf16: 0x10"), 4, 9, "compute.bf16", "expected a number");
        row("wrong unit", replaceLine(kValid, 7, "    bandwidth: 5 TFLOP/s"), 7, 16, "memory[0].bandwidth",
            "unexpected unit: a bandwidth is in B/s or b/s or a plain number, found '5 TFLOP/s'");
        row("list where a number belongs", replaceLine(kValid, 4, "  bf16: [1, 2]"), 4, 9, "compute.bf16",
            "found a list");
        row("memory without bandwidth", replaceLine(kValid, 7, "    label: fast"), 6, 5, "memory[0].bandwidth",
            "missing");
        row("link without bandwidth", replaceLine(kValid, 10, "    label: slow"), 9, 5, "links[0].bandwidth",
            "missing");
        row("duplicate names", replaceLine(kValid, 9, "  - name: HBM"), 9, 11, "links[0].name", "duplicate name");
        row("bad scope", replaceLine(kValid, 11, "    scope: nearby"), 11, 12, "links[0].scope", "intra-node");
        row("name with a space", replaceLine(kValid, 6, "  - name: H B M"), 6, 11, "memory[0].name", "short name");
        row("missing sources", replaceLine(kValid, 2, ""), 1, 1, "sources", "missing");
        row("10,000-deep nesting", "name: " + std::string(10000, '[') + std::string(10000, ']') + "\n", 1, 0, "",
            "nested too deeply");
        std::string bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n";
        for (char c = 'b'; c <= 'h'; ++c)
            bomb += std::string(1, c) + ": &" + c + " [*" + char(c - 1) + ", *" + char(c - 1) + ", *" + char(c - 1)
                + ", *" + char(c - 1) + ", *" + char(c - 1) + ", *" + char(c - 1) + ", *" + char(c - 1) + ", *"
                + char(c - 1) + ", *" + char(c - 1) + ", *" + char(c - 1) + "]\n";
        // Anchors and aliases are refused where the first one stands: a cycle made the node count recurse until
        // the stack overflowed, and an alias bomb expands a small file into billions of nodes.
        const char* noAliases = "anchors and aliases are not supported";
        row("alias bomb", bomb, 1, 4, "a", noAliases);
        row("self alias", kValid + "extra: &x [*x]\n", 12, 8, "extra", noAliases);
        row("alias cycle through two nodes", kValid + "extra:\n  - &a {k: &b [*a, *b]}\n", 13, 5, "extra[0]",
            noAliases);
        row("merge-key cycle", kValid + "extra: &m\n  <<: *m\n", 12, 8, "extra", noAliases);
        row("merge-key cycle at the top", "&top\n" + kValid + "<<: *top\n", 1, 1, "", noAliases);
        row("anchor without an alias", replaceLine(kValid, 7, "    bandwidth: &bw 1e12"), 7, 16, "memory[0].bandwidth",
            noAliases);
        row("alias of a list", kValid + "notes: &n [a]\nextra: *n\n", 12, 8, "notes", noAliases);
        // Found by the fuzzer: yaml-cpp hands over an anchor's name with the carriage returns after it, which the
        // message quoted raw.
        row("escape cut by the end of the file", "\"\\", 1, 4, "", "unknown escape character: ?");
        row("anchor name with carriage returns", "&eslin\r\r\r\r\r\r\r\r# AMD Inst", 1, 1, "", noAliases);
        std::string wide = "name: [";
        for (int i = 0; i < 200000; ++i)
            wide += "0,";
        row("200,000 nodes", wide + "0]\n", 0, 0, "", "more than 100000 YAML nodes");
        row("150-deep nesting", "name: " + std::string(150, '[') + std::string(150, ']') + "\n", 1, 106, "",
            "nested too deeply (more than 100 levels)");
    }
    void badInput()
    {
        QFETCH(QByteArray, text);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, field);
        QFETCH(QString, message);
        const Expected<Hardware, Diagnostics> hw = parsePreset(text.toStdString(), "bad.yaml", "bad");
        QVERIFY(!hw);
        const Diagnostic& d = hw.error().front();
        const QString all = QString::fromStdString(toString(hw.error()));
        QCOMPARE(QString::fromStdString(d.file), QStringLiteral("bad.yaml"));
        QVERIFY2(QString::fromStdString(d.message).contains(message), qPrintable(all));
        // Whatever the input, a message is printable text: no byte of it reaches a terminal as a control.
        const std::string shown = toString(hw.error());
        QVERIFY2(std::none_of(shown.begin(), shown.end(),
                     [](char c) { return (static_cast<unsigned char>(c) < 0x20 && c != '\n') || c == 0x7f; }),
            qPrintable(all));
        QCOMPARE(QString::fromStdString(d.field), field);
        QCOMPARE(d.line, line);
        if (column > 0)
            QCOMPARE(d.column, column);
    }

    void oneBadUserPresetHidesNothing()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        writeFile(dir.filePath("mine.yaml"), replaceLine(kValid, 1, "name: My chip"));
        writeFile(dir.filePath("broken.yaml"), replaceLine(kValid, 7, "    bandwidth: .nan"));
        writeFile(dir.filePath("big.yaml"), std::string(kMaxFileBytes + 1, '#'));
        writeFile(dir.filePath("notes.txt"), "not a preset");
        const PresetLibrary library = loadPresetLibrary({ dir.path().toStdString() });
        QVERIFY(library.find("mine"));
        QVERIFY(library.find("h100-sxm"));
        QCOMPARE(library.errors().size(), std::size_t(2));
        const QString errors = QString::fromStdString(toString(library.errors()));
        QVERIFY2(
            errors.contains("broken.yaml:7:16: memory[0].bandwidth: expected a finite number"), qPrintable(errors));
        QVERIFY2(errors.contains("big.yaml: the file is larger than 1 MiB"), qPrintable(errors));
    }

    void aUserPresetOverridesABuiltInOne()
    {
        QTemporaryDir dir;
        writeFile(dir.filePath("h100.yaml"), "id: h100-sxm\n" + replaceLine(kValid, 1, "name: My H100"));
        const PresetLibrary library = loadPresetLibrary({ dir.path().toStdString() });
        QCOMPARE(library.find("h100-sxm")->name, std::string("My H100"));
        QVERIFY(library.errors().empty());
    }

    // A command that names one preset parses its file alone: each shipped file's `id:` line leads to it. A broken
    // file beside it stays unread, so no message says it was read.
    void aLookUpParsesTheOneBuiltInFileItNames()
    {
        const std::string broken = "id: zz-broken\n" + replaceLine(kValid, 7, "    bandwidth: fast");
        int shipped = 0;
        for (const EmbeddedFile& file : embeddedFiles()) {
            if (file.name.find('/') != std::string_view::npos)
                continue;
            ++shipped;
            const std::string stem = std::filesystem::path(file.name).stem().string();
            const auto parsed = parsePreset(file.text, std::string(file.name), stem);
            QVERIFY2(parsed.ok(), std::string(file.name).c_str());
            const EmbeddedFile files[] = { { "zz-broken.yaml", broken }, file };
            const PresetLibrary library = loadPresetLibrary({}, files);
            const Hardware* found = library.find(parsed->id);
            QVERIFY2(found && found->name == parsed->name, parsed->id.c_str());
            QVERIFY2(library.errors().empty(), toString(library.errors()).c_str());
            // Listed, the broken file is read and named with its line.
            QCOMPARE(library.presets().size(), std::size_t(1));
            QVERIFY2(toString(library.errors()).find("zz-broken.yaml:8:16: memory[0].bandwidth") != std::string::npos,
                toString(library.errors()).c_str());
        }
        QVERIFY(shipped >= 10);
    }

    // Asked for, a broken built-in preset gives its located message; one whose `id:` line does not say its id (an id in
    // a flow map, none at all) is still found.
    void aBuiltInPresetReadLaterKeepsItsMessagesAndIds()
    {
        const std::string broken = "id: broken\n" + replaceLine(kValid, 4, "  bf16: fast");
        const std::string flow = "{id: flowing, name: Flow chip, sources: [s], compute: {bf16: 1e14}, "
                                 "memory: [{name: HBM, bandwidth: 1e12}]}\n";
        const std::string stemmed = "# no id line: the file's name is its id\n" + kValid;
        const EmbeddedFile files[] = { { "broken.yaml", broken }, { "flow.yaml", flow }, { "stem-id.yaml", stemmed } };
        {
            const PresetLibrary library = loadPresetLibrary({}, files);
            QVERIFY(!library.find("broken"));
            QVERIFY2(toString(library.errors()).find("embedded:broken.yaml:5:9: compute.bf16") != std::string::npos,
                toString(library.errors()).c_str());
        }
        {
            const PresetLibrary library = loadPresetLibrary({}, files);
            QVERIFY(library.find("stem-id"));
            QVERIFY(library.errors().empty());
            QVERIFY(library.find("flowing"));
            QCOMPARE(library.find("flowing")->name, std::string("Flow chip"));
            QCOMPARE(library.presets().size(), std::size_t(2));
            QCOMPARE(library.errors().size(), std::size_t(1));
        }
        // A user's preset replaces a built-in one whenever that is read.
        QTemporaryDir dir;
        writeFile(dir.filePath("mine.yaml"), "id: stem-id\n" + replaceLine(kValid, 1, "name: Mine"));
        const PresetLibrary library = loadPresetLibrary({ dir.path().toStdString() }, files);
        QCOMPARE(library.presets().size(), std::size_t(2));
        QCOMPARE(library.find("stem-id")->name, std::string("Mine"));
    }

    void duplicateIdsInOneFolder()
    {
        QTemporaryDir dir;
        writeFile(dir.filePath("a.yaml"), "id: same\n" + kValid);
        writeFile(dir.filePath("b.yaml"), "id: same\n" + kValid);
        const PresetLibrary library = loadPresetLibrary({ dir.path().toStdString() });
        QCOMPARE(library.errors().size(), std::size_t(1));
        QVERIFY(QString::fromStdString(library.errors()[0].message).contains("duplicate preset id 'same'"));
        QVERIFY(library.find("same"));
    }

    void missingFolderIsSkipped()
    {
        const PresetLibrary library = loadPresetLibrary({ "/nonexistent/roofline-lab" });
        QVERIFY(library.errors().empty());
        QVERIFY(library.find("tpu-v5e"));
    }

    // The preset and scenario loaders share the YAML reader: a scenario's aliases are refused the same way.
    void scenarioAliasesAreRefused_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("field");
        auto row = [](const char* name, const std::string& text, int line, int column, const char* field) {
            QTest::newRow(name) << QByteArray::fromStdString(text) << line << column << field;
        };
        row("self alias", "preset: h100-sxm\noperations: &ops [*ops]\n", 2, 13, "operations");
        row("alias cycle through two nodes", "preset: h100-sxm\noperations:\n  - &op\n    op: dot\n    N: [*op]\n", 3,
            5, "operations[0]");
        row("merge-key cycle", "preset: h100-sxm\nset: &s\n  <<: *s\n", 2, 6, "set");
        row("billion laughs", "preset: h100-sxm\nset:\n" + aliasBomb(40, "  "), 3, 7, "set.a0");
        row("alias bomb of a thousand levels", "preset: h100-sxm\n" + aliasBomb(1000, ""), 2, 5, "a0");
    }
    void scenarioAliasesAreRefused()
    {
        QFETCH(QByteArray, text);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, field);
        static const PresetLibrary library = loadPresetLibrary({});
        QElapsedTimer timer;
        timer.start();
        const auto s = parseScenario(text.toStdString(), "bad.yaml", library);
        QVERIFY2(timer.elapsed() < 5000, "an alias is refused in time linear in the file");
        QVERIFY(!s);
        const Diagnostic& d = s.error().front();
        const QString all = QString::fromStdString(toString(s.error()));
        QVERIFY2(QString::fromStdString(d.message).contains("anchors and aliases are not supported"), qPrintable(all));
        QCOMPARE(QString::fromStdString(d.file), QStringLiteral("bad.yaml"));
        QCOMPARE(QString::fromStdString(d.field), field);
        QCOMPARE(d.line, line);
        QCOMPARE(d.column, column);
    }

    // A user preset whose aliases form a cycle is listed as broken, with its file and line; everything else loads.
    void aCyclicUserPresetHidesNothing()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        writeFile(dir.filePath("good.yaml"), replaceLine(kValid, 1, "name: My chip"));
        writeFile(dir.filePath("cyclic.yaml"), kValid + "extra: &x [*x]\n");
        writeFile(dir.filePath("merge.yaml"), "&top\n" + kValid + "<<: *top\n");
        const PresetLibrary library = loadPresetLibrary({ dir.path().toStdString() });
        QVERIFY(library.find("good"));
        QVERIFY(library.find("h100-sxm"));
        QVERIFY(!library.find("cyclic"));
        QCOMPARE(library.errors().size(), std::size_t(2));
        const QString errors = QString::fromStdString(toString(library.errors()));
        QVERIFY2(errors.contains("cyclic.yaml:12:8: extra: anchors and aliases are not supported"), qPrintable(errors));
        QVERIFY2(errors.contains("merge.yaml:1:1: anchors and aliases are not supported"), qPrintable(errors));
        // An unrelated scenario still loads against the library.
        const auto s = parseScenario("preset: good\n", "s.yaml", library);
        QVERIFY2(s, s ? "" : toString(s.error()).c_str());
        QCOMPARE(s->presetId, std::string("good"));
    }
};

QTEST_APPLESS_MAIN(TestPresets)
#include "test_presets.moc"
