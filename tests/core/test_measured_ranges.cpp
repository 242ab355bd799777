// SPDX-License-Identifier: GPL-3.0-or-later
// Measured figures against their stated ranges, and measured data that means something other than the file says:
// every figure that enters is within docs/file-formats.md's ranges, every figure derived from it is finite, every
// --set the report suggests is one the program takes, and what the chip cannot explain (a level it lacks, a dtype
// it has no peak for, a kernel far above its roof, a ceiling far above the datasheet) is a located warning in the
// text and JSON reports. Columns a reader would read one of, given twice, refuse the file.
#include "files/presets.h"
#include "files/scenario.h"
#include "measured/placement.h"
#include "measured_fixture.h"
#include "report/measured.h"
#include "report/practical.h"
#include "session/analysis.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

using namespace roofline;
using roofline::testing::h100;

namespace {

Analysis h100Model()
{
    return analyse(defaultSession(h100()));
}

MeasuredAnalysis placeOnH100(const MeasuredSet& set)
{
    static const Analysis model = h100Model();
    return analyseMeasured(set, model.placementChip(), model.session.operations);
}

std::string slurp(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// A plain CSV of one kernel after a header, its fields as given.
std::string oneKernel(const std::string& flops, const std::string& bytes, const std::string& seconds)
{
    return "name,flops,bytes,seconds\nk," + flops + "," + bytes + "," + seconds + "\n";
}

bool holds(const std::string& text, const std::string& part)
{
    return text.find(part) != std::string::npos;
}

// Every warning of the set and of its placement, as the reports print them.
std::string allWarnings(const MeasuredSet& set, const MeasuredAnalysis& a)
{
    std::string out;
    for (const Diagnostics* list : { &set.warnings, &a.warnings })
        for (const Diagnostic& d : *list)
            out += d.toString() + "\n";
    return out;
}

// The NCU seed of two kernels with field `at` of the first kernel's row replaced by `value`.
std::string ncuWith(int at, const std::string& value)
{
    std::string text = slurp(ROOFLINE_TEST_DATA "/../../fuzz/seeds/ncu/two-kernels");
    std::size_t start = text.find("\"0\",");
    for (int i = 0; i < at; ++i)
        start = text.find("\",\"", start) + 3;
    text.replace(start, text.find('"', start) - start, value);
    return text;
}

} // namespace

class TestMeasuredRanges : public QObject {
    Q_OBJECT
private slots:
    // A figure outside its range skips its row with the line, the column and the range; the other rows are read.
    void plainFiguresOutOfRange_data()
    {
        QTest::addColumn<QString>("flops");
        QTest::addColumn<QString>("bytes");
        QTest::addColumn<QString>("seconds");
        QTest::addColumn<QString>("column");
        QTest::newRow("seconds near the smallest double") << "1e12"
                                                          << "1e9"
                                                          << "5e-324"
                                                          << "seconds";
        QTest::newRow("seconds of a picosecond") << "1e12"
                                                 << "1e9"
                                                 << "1e-12"
                                                 << "seconds";
        QTest::newRow("seconds of a year") << "1e12"
                                           << "1e9"
                                           << "3.2e7"
                                           << "seconds";
        QTest::newRow("FLOPs near the largest double") << "1.7e308"
                                                       << "1e9"
                                                       << "1e-3"
                                                       << "flops";
        QTest::newRow("half a FLOP") << "0.5"
                                     << "1e9"
                                     << "1e-3"
                                     << "flops";
        QTest::newRow("bytes of 1e300") << "1e12"
                                        << "1e300"
                                        << "1e-3"
                                        << "bytes";
        QTest::newRow("bytes near the smallest double") << "1e12"
                                                        << "4.9e-324"
                                                        << "1e-3"
                                                        << "bytes";
    }
    void plainFiguresOutOfRange()
    {
        QFETCH(QString, flops);
        QFETCH(QString, bytes);
        QFETCH(QString, seconds);
        QFETCH(QString, column);
        const std::string text
            = oneKernel(flops.toStdString(), bytes.toStdString(), seconds.toStdString()) + "good,1e12,1e9,1e-3\n";
        const auto set = parseMeasured(text, "k.csv", MeasuredFormat::PlainCsv);
        QVERIFY(set);
        QCOMPARE(set->kernels.size(), std::size_t(1));
        QCOMPARE(set->kernels[0].name, std::string("good"));
        QCOMPARE(set->skipped.size(), std::size_t(1));
        const Diagnostic& d = set->skipped[0];
        QCOMPARE(d.line, 2);
        QCOMPARE(QString::fromStdString(d.field), column);
        QVERIFY2(holds(d.message, "out of range: expected"), d.toString().c_str());

        // The same figure in a JSON file refuses it, at the figure.
        const std::string json = "{\"kernels\": [{\"name\": \"k\", \"flops\": " + flops.toStdString()
            + ", \"bytes\": " + bytes.toStdString() + ", \"seconds\": " + seconds.toStdString() + "}]}";
        const auto fromJson = parseMeasured(json, "k.json", MeasuredFormat::PlainJson);
        QVERIFY(!fromJson);
        QVERIFY2(holds(fromJson.error().front().field, column.toStdString())
                && holds(fromJson.error().front().message, "out of range"),
            toString(fromJson.error()).c_str());
    }

    // Figures within their ranges whose totals are not: precisions summed, a rate times the duration.
    void totalsOutOfRange()
    {
        const auto set = parseMeasured("name,flops,bytes.DRAM,bytes.L2,seconds,dtype\nk,1e24,1e9,1e9,1e-3,bf16\n"
                                       "ok,1e12,1e9,1e9,1e-3,bf16\n",
            "k.csv", MeasuredFormat::PlainCsv);
        QVERIFY(set);
        QCOMPARE(set->kernels.size(), std::size_t(2)); // 1e24 is the largest count

        // An Nsight Compute rate of bytes over the duration past 1e24 bytes: 1e308 byte/s for 15.84 us.
        const auto ncu = parseMeasured(ncuWith(2, "1e308"), "ncu.csv", MeasuredFormat::NcuRaw);
        QVERIFY(ncu);
        QCOMPARE(ncu->kernels.size(), std::size_t(1));
        QCOMPARE(ncu->skipped.size(), std::size_t(1));
        QVERIFY2(holds(ncu->skipped[0].message, "bytes at DRAM are out of range"), ncu->skipped[0].toString().c_str());
    }

    // A 0 Hz clock, or one no chip runs at, skips the kernel at the clock's column.
    void clockOutOfRange_data()
    {
        QTest::addColumn<QString>("clock");
        QTest::newRow("0 Hz") << "0";
        QTest::newRow("1 Hz") << "1";
        QTest::newRow("1 THz") << "1e12";
    }
    void clockOutOfRange()
    {
        QFETCH(QString, clock);
        const auto set = parseMeasured(ncuWith(4, clock.toStdString()), "ncu.csv", MeasuredFormat::NcuRaw);
        QVERIFY(set);
        QCOMPARE(set->kernels.size(), std::size_t(1));
        QCOMPARE(set->skipped.size(), std::size_t(1));
        QCOMPARE(set->skipped[0].line, 3);
        QCOMPARE(set->skipped[0].field, std::string("sm__cycles_elapsed.avg.per_second"));
        QVERIFY2(holds(set->skipped[0].message, "expected a clock from 1 MHz to 100 GHz"),
            set->skipped[0].toString().c_str());
    }

    // A rocprof peak of 1e300 GB/s is refused with its column and the range, never a suggestion of infinity.
    void rocprofPeakOutOfRange()
    {
        const auto set = parseMeasured(
            "device,HBMBw,MFMABF16Flops\n0,1e300,1000\n1,3000,1000\n", "roofline.csv", MeasuredFormat::RocprofRoofline);
        QVERIFY(set);
        QCOMPARE(set->skipped.size(), std::size_t(1));
        QCOMPARE(set->skipped[0].field, std::string("HBMBw"));
        QVERIFY2(holds(set->skipped[0].message, "out of range"), set->skipped[0].toString().c_str());
        QCOMPARE(set->ceilings.size(), std::size_t(2));
        QCOMPARE(set->ceilings[0].value, 3000e9);
    }

    // Every figure derived from figures at the ends of their ranges is finite, in the JSON too (no null), and every
    // --set suggested, passed back, is taken.
    void derivedFiguresAtTheEnds_data()
    {
        QTest::addColumn<QString>("row");
        QTest::newRow("most FLOPs, fewest bytes, shortest") << "1e24,1,1e-9";
        QTest::newRow("fewest FLOPs, most bytes, longest") << "1,1e24,1e6";
        QTest::newRow("most bytes, shortest") << "0,1e24,1e-9";
        QTest::newRow("ordinary") << "1e12,1e9,1e-3";
    }
    void derivedFiguresAtTheEnds()
    {
        QFETCH(QString, row);
        const std::string text = "name,flops,bytes,seconds,dtype\nk," + row.toStdString() + ",bf16\n";
        const auto set = parseMeasured(text, "k.csv", MeasuredFormat::PlainCsv);
        QVERIFY(set);
        QCOMPARE(set->kernels.size(), std::size_t(1));
        const Analysis model = h100Model();
        const MeasuredAnalysis a = placeOnH100(*set);
        for (const MeasuredPoint& p : a.points) {
            QVERIFY(std::isfinite(p.achieved) && std::isfinite(p.intensity) && std::isfinite(p.attainable)
                && std::isfinite(p.fraction()) && std::isfinite(a.timeShare(set->kernels[p.kernel])));
            for (const MeasuredLevel& l : a.levelsOf(set->kernels[p.kernel]))
                QVERIFY(std::isfinite(l.intensity) && std::isfinite(l.bytes));
        }
        const std::string json = measuredJson(*set, a, model);
        QVERIFY2(!holds(json, "null") && !holds(json, "inf") && !holds(json, "nan"), json.c_str());
        for (const CeilingComparison& c : a.ceilings) {
            QVERIFY(std::isfinite(c.measured) && std::isfinite(c.fraction));
            if (!c.setValue.empty()) {
                QVERIFY2(c.setValue.find(' ') == std::string::npos, c.setValue.c_str()); // one shell word
                Session s = model.session;
                const std::string assignment = c.overrideKey + "=" + c.setValue;
                const std::optional<std::string> error = applySetting(s, assignment);
                QVERIFY2(!error, (assignment + ": " + error.value_or("")).c_str());
            }
            if (!c.efficiencyKey.empty()) {
                Session s = model.session;
                const std::string assignment = c.efficiencyKey + "=" + plainFactor(c.fraction);
                QVERIFY2(!applySetting(s, assignment), assignment.c_str());
            }
        }
    }

    // A measured bandwidth beyond what --set takes (1e24 bytes in 1 ns) is no suggestion but a warning.
    void suggestionOutOfRange()
    {
        const auto set = parseMeasured(oneKernel("0", "1e24", "1e-9"), "k.csv", MeasuredFormat::PlainCsv);
        QVERIFY(set);
        const MeasuredAnalysis a = placeOnH100(*set);
        QCOMPARE(a.ceilings.size(), std::size_t(1));
        QCOMPARE(a.ceilings[0].overrideKey, std::string("bandwidth.HBM"));
        QVERIFY(a.ceilings[0].setValue.empty());
        const std::string json = measuredJson(*set, a, h100Model());
        QVERIFY2(!holds(json, "\"set\""), json.c_str());
        QVERIFY2(holds(allWarnings(*set, a), "k.csv:2: the measured HBM ceiling"), allWarnings(*set, a).c_str());
        QVERIFY(holds(allWarnings(*set, a), "outside the range --set bandwidth.HBM takes"));
    }

    // Columns a reader reads one of, given twice, refuse the file and name both; a field joined from two columns
    // is what a mapping's name=A+B is for.
    void repeatedColumns_data()
    {
        QTest::addColumn<int>("format");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("mapping");
        QTest::addColumn<QString>("expected");
        const int csv = int(MeasuredFormat::PlainCsv);
        QTest::newRow("flops twice") << csv << "name,flops,bytes,seconds,FLOPS\nk,1,1,1,2\n"
                                     << ""
                                     << "a second column for the field 'flops' (columns 2 and 5)";
        QTest::newRow("name twice") << csv << "name,flops,bytes,seconds,Name\nk,1,1,1,j\n"
                                    << ""
                                    << "a second column for the field 'name' (columns 1 and 5)";
        QTest::newRow("bytes and bytes.DRAM") << csv << "name,flops,bytes,seconds,bytes.DRAM\nk,1,1,1,2\n"
                                              << ""
                                              << "a second column of bytes at the level 'DRAM' (columns 3 and 5";
        QTest::newRow("bytes.L2 in two cases") << csv << "name,flops,bytes.l2,seconds,bytes.L2\nk,1,1,1,2\n"
                                               << ""
                                               << "a second column of bytes at the level 'L2'";
        QTest::newRow("a mapped column twice") << csv << "op,f,b,t,T\nk,1,1,1,2\n"
                                               << "name=op,flops=f,bytes=b,seconds=t"
                                               << "a second column T (columns 4 and 5)";
        QTest::newRow("rocprof peak twice")
            << int(MeasuredFormat::RocprofRoofline) << "device,HBMBw,hbmbw\n0,3000,3100\n"
            << ""
            << "a second column hbmbw (columns 2 and 3)";
        QTest::newRow("json level twice") << int(MeasuredFormat::PlainJson)
                                          << "{\"kernels\": [{\"name\": \"k\", \"flops\": 1, \"seconds\": 1, "
                                             "\"bytes\": {\"L2\": 1, \"l2\": 2}}]}"
                                          << ""
                                          << "a second count of bytes at the same level";
    }
    void repeatedColumns()
    {
        QFETCH(int, format);
        QFETCH(QString, text);
        QFETCH(QString, mapping);
        QFETCH(QString, expected);
        std::optional<ColumnMapping> m;
        if (!mapping.isEmpty())
            m = parseColumnMapping(mapping.toStdString()).value();
        const auto set = parseMeasured(text.toStdString(), "m.csv", MeasuredFormat(format), m ? &*m : nullptr);
        QVERIFY(!set);
        QVERIFY2(holds(toString(set.error()), expected.toStdString()), toString(set.error()).c_str());
        QVERIFY(set.error().front().line > 0);
    }

    void repeatedNcuMetric()
    {
        std::string text = slurp(ROOFLINE_TEST_DATA "/../../fuzz/seeds/ncu/two-kernels");
        // The header names the bf16 tensor path twice: the int8 path's column (the 12th) takes its name.
        const std::string int8 = "sm__ops_path_tensor_src_int8.sum";
        const std::size_t at = text.find(int8);
        QVERIFY(at != std::string::npos);
        text.replace(at, int8.size(), "sm__ops_path_tensor_src_bf16_dst_fp32.sum");
        const auto set = parseMeasured(text, "ncu.csv", MeasuredFormat::NcuRaw);
        QVERIFY(!set);
        QVERIFY2(holds(toString(set.error()),
                     "ncu.csv:1: sm__ops_path_tensor_src_bf16_dst_fp32.sum: a second column "
                     "sm__ops_path_tensor_src_bf16_dst_fp32.sum (columns 6 and 12)"),
            toString(set.error()).c_str());
    }

    // Precisions the program has no roof for are counted and said.
    void unknownPrecision()
    {
        const auto set = parseMeasured("name,flops,bytes,seconds,dtype\na,1e12,1e9,1e-3,fp64\nb,1e12,1e9,1e-3,FP64\n"
                                       "c,1e12,1e9,1e-3,bf16\n",
            "k.csv", MeasuredFormat::PlainCsv);
        QVERIFY(set);
        QCOMPARE(set->warnings.size(), std::size_t(1));
        QCOMPARE(set->warnings[0].line, 2);
        QVERIFY2(holds(set->warnings[0].message, "2 kernels do FLOPs in 'fp64', a precision the program has no roof"),
            set->warnings[0].toString().c_str());
        const MeasuredAnalysis a = placeOnH100(*set);
        const std::string table = measuredTable(*set, a);
        QVERIFY2(holds(table, "warning: k.csv:2: 2 kernels do FLOPs in 'fp64'"), table.c_str());
    }

    // What the chip cannot explain is a located warning in the text and in the JSON report.
    void warningsOnTheChip_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("a level the chip lacks")
            << "name,flops,bytes.HBM,bytes.VMEM,seconds\na,1e12,1e9,1e9,1e-3\nb,1e12,1e9,1e9,1e-3\n"
            << "k.csv:2: 2 kernels move bytes at 'VMEM', a memory NVIDIA H100 SXM does not have";
        QTest::newRow("two names of one memory") << "name,flops,bytes.HBM,bytes.DRAM,seconds\na,1e12,1e9,2e9,1e-3\n"
                                                 << "k.csv:2: 1 kernel gives bytes at two levels that are one memory";
        QTest::newRow("a million times the roof")
            << "name,flops,bytes,seconds,dtype\nslow,1e12,1e9,1e-3,bf16\nfast,1e21,1e9,1e-3,bf16\n"
            << "k.csv:3: 1 kernel reaches more than 2 times the roof that binds it";
        QTest::newRow("a dtype without a peak") << "name,flops,bytes,seconds,dtype\na,1e12,1e9,1e-3,int4\n"
                                                << "k.csv:2: 1 kernel of int4";
        QTest::newRow("a ceiling many times the datasheet") << "device,HBMBw\n0,1e8\n"
                                                            << "k.csv:2: the measured HBM ceiling (100 PB/s";
    }
    void warningsOnTheChip()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        const auto set = parseMeasured(text.toStdString(), "k.csv");
        QVERIFY2(set, set ? "" : toString(set.error()).c_str());
        const MeasuredAnalysis a = placeOnH100(*set);
        const std::string warnings = allWarnings(*set, a);
        QVERIFY2(holds(warnings, expected.toStdString()), warnings.c_str());
        QVERIFY2(holds(measuredTable(*set, a), "warning: " + expected.toStdString()), measuredTable(*set, a).c_str());
        QVERIFY(holds(measuredJson(*set, a, h100Model()), "\"warnings\": ["));
        QVERIFY(holds(measuredJson(*set, a, h100Model()), expected.toStdString()));
    }

    // The shipped sweep says nothing the chip cannot explain.
    void shippedDataIsQuiet()
    {
        const ColumnMapping mapping = parseColumnMapping(
            "name=op+params,group=op,flops=flops,bytes=bytes,seconds=t_median_s,params=params,where=cold:1")
                                          .value();
        const auto set = readMeasured(ROOFLINE_TEST_DATA "/measured/sweep.csv", std::nullopt, &mapping);
        QVERIFY(set);
        const MeasuredAnalysis a = placeOnH100(*set);
        QVERIFY2(set->warnings.empty() && a.warnings.empty(), allWarnings(*set, a).c_str());
    }

    // A kernel is a row of its set's table and its point on a chip another: names of levels, precisions, bounds and
    // reasons are shared, a kernel's name and group are in one block of text, and a point's levels are made when
    // asked. What the memory bound of docs/file-formats.md rests on: by hand, a row of 40 bytes, one level and one
    // precision of 16 bytes each, and a name of "k" and up to five digits with its NUL (6.3 bytes on average, in a
    // block that grows by doubling to 131,072 bytes, 8 a kernel): at most 80 bytes a kernel.
    void compactRows()
    {
        QVERIFY(sizeof(SharedName) == sizeof(void*));
        QVERIFY(sizeof(LevelBytes) <= 16 && sizeof(PrecisionFlops) <= 16);
        QVERIFY(sizeof(MeasuredPoint) <= 48 && sizeof(MeasuredLink) <= 48);
        constexpr std::size_t n = 1 << 14; // vectors grown by doubling hold exactly 2^14 rows
        std::string text = "name,flops,bytes,seconds\n";
        for (std::size_t i = 0; i < n; ++i)
            text += "k" + std::to_string(i) + ",215e6,97e5,500e-6\n";
        const auto many = parseMeasured(text, "many.csv", MeasuredFormat::PlainCsv);
        QVERIFY(many);
        QCOMPARE(many->kernels.size(), n);
        QVERIFY2(many->kernels.bytesHeld() <= 80 * n, std::to_string(many->kernels.bytesHeld() / n).c_str());

        const auto set = parseMeasured("name,flops,bytes,bytes.L2,seconds,group\na,1,2,3,1,g\nb,1,2,3,1,g\n", "k.csv");
        QVERIFY(set);
        QCOMPARE(set->kernels[1].group, std::string_view("g"));
        QCOMPARE(set->kernels[0].group.data(), set->kernels[1].group.data()); // held once
        QCOMPARE(set->kernels[0].bytes[1].level.view().data(), set->kernels[1].bytes[1].level.view().data());
        const MeasuredAnalysis a = placeOnH100(*set);
        const std::vector<MeasuredLevel> levels = a.levelsOf(set->kernels[0]);
        QCOMPARE(levels.size(), std::size_t(2));
        QCOMPARE(levels[0].memory, SharedName("HBM"));
        QCOMPARE(levels[1].memory, SharedName("L2"));
        QCOMPARE(levels[1].intensity, 1.0 / 3.0);
    }

    // The table gives back each kernel as it was appended: the columns most files leave empty (shape parameters, the
    // clock) start with the first kernel that fills them, whether it is the first of the set or a later one; names end
    // with a NUL for fnmatch; a group named again after many others is still right.
    void kernelTableKeepsEveryField()
    {
        std::vector<KernelRow> rows;
        for (int i = 0; i < 40; ++i) {
            KernelRow k;
            k.name = "kernel " + std::to_string(i);
            k.group = "group " + std::to_string(i % 20); // 20 groups, more than the table remembers as recent
            k.line = i + 2;
            k.seconds = 1e-3 * (i + 1);
            k.byPrecision = { { "bf16", 2.0 * i + 1 }, { "fp32", 1 } };
            k.flops = 2.0 * i + 2;
            k.dtype = i % 3 == 0 ? std::optional<Dtype>() : Dtype::bf16;
            for (int l = 0; l < i % 4; ++l)
                k.bytes.push_back({ l == 0 ? "DRAM" : "L2", 10.0 * i + l + 1 });
            if (i % 5 == 0) // the first kernel, and others, give parameters
                k.params = { { "B", double(i) }, { "D", 4096 } };
            if (i >= 7 && i % 7 == 0) // a later kernel is the first to give its clock
                k.clockHz = 1.98e9;
            rows.push_back(k);
        }
        MeasuredKernels table;
        for (const KernelRow& k : rows)
            table.push_back(k);
        QCOMPARE(table.size(), rows.size());
        std::size_t i = 0;
        for (const MeasuredKernel& k : table) {
            const KernelRow& r = rows[i++];
            QCOMPARE(k.name, std::string_view(r.name));
            QCOMPARE(k.name.data()[k.name.size()], '\0');
            QCOMPARE(k.group, std::string_view(r.group));
            QCOMPARE(k.line, r.line);
            QCOMPARE(k.seconds, r.seconds);
            QCOMPARE(k.flops, r.flops);
            QCOMPARE(k.dtype, r.dtype);
            QCOMPARE(k.clockHz, r.clockHz);
            QCOMPARE(k.byPrecision.size(), r.byPrecision.size());
            QCOMPARE(k.byPrecision[0].precision, r.byPrecision[0].precision);
            QCOMPARE(k.byPrecision[1].flops, r.byPrecision[1].flops);
            QCOMPARE(k.bytes.size(), r.bytes.size());
            for (std::size_t l = 0; l < r.bytes.size(); ++l) {
                QCOMPARE(k.bytes[l].level, r.bytes[l].level);
                QCOMPARE(k.bytes[l].bytes, r.bytes[l].bytes);
            }
            QVERIFY(std::ranges::equal(k.params, r.params));
        }
        QCOMPARE(table.back().name, std::string_view("kernel 39"));
        QCOMPARE(table.begin()[5].params.size(), std::size_t(2));
        QCOMPARE((table.begin() + 14)->clockHz, 1.98e9);
        const MeasuredKernels copy = table; // offsets, not pointers: a copy reads the same
        QCOMPARE(copy[33].name, std::string_view("kernel 33"));
        QCOMPARE(copy[33].group, std::string_view("group 13"));
    }

    // A file of more than 2^20 kernels is refused at the line of the first beyond them, not read into memory
    // without bound; 2^20 are read.
    void kernelLimit()
    {
        std::string text = "name,flops,bytes,seconds\n";
        text.reserve(text.size() + 8 * (kMaxMeasuredKernels + 1));
        for (std::size_t i = 0; i < kMaxMeasuredKernels; ++i)
            text += "k,0,0,1\n";
        {
            const auto set = parseMeasured(text, "many.csv", MeasuredFormat::PlainCsv);
            QVERIFY(set);
            QCOMPARE(set->kernels.size(), kMaxMeasuredKernels);
        }
        text += "k,0,0,1\n";
        const auto set = parseMeasured(text, "many.csv", MeasuredFormat::PlainCsv);
        QVERIFY(!set);
        QCOMPARE(set.error().size(), std::size_t(1));
        QCOMPARE(set.error()[0].line, int(kMaxMeasuredKernels) + 2);
        QVERIFY2(holds(set.error()[0].message, "more than 1048576 kernels"), set.error()[0].toString().c_str());
    }

    // A file names at most as many memory levels as a chip has (32): more byte columns, or a 33rd level among the
    // JSON kernels, are refused where they are named, so the names a file adds to the shared table, and the searches
    // for a level named twice, stay small.
    void levelLimit()
    {
        std::string header = "name,flops,seconds";
        std::string row = "k,1,1";
        for (int i = 0; i <= 32; ++i) {
            header += ",bytes.M" + std::to_string(i);
            row += ",1";
        }
        const auto csv = parseMeasured(header + "\n" + row + "\n", "wide.csv", MeasuredFormat::PlainCsv);
        QVERIFY(!csv);
        QCOMPARE(csv.error()[0].line, 1);
        QCOMPARE(csv.error()[0].field, std::string("bytes.M32"));
        QVERIFY2(holds(csv.error()[0].message, "more than 32 columns of bytes"), csv.error()[0].toString().c_str());

        auto json = [](int levels) {
            std::string text = "{\"kernels\": [";
            for (int i = 0; i < levels; ++i)
                text += std::string(i ? "," : "") + "{\"name\": \"k\", \"flops\": 1, \"seconds\": 1, \"bytes\": {\"M"
                    + std::to_string(i) + "\": 1}}";
            return text + "]}";
        };
        QVERIFY(parseMeasured(json(32), "k.json", MeasuredFormat::PlainJson));
        const auto many = parseMeasured(json(33), "k.json", MeasuredFormat::PlainJson);
        QVERIFY(!many);
        QCOMPARE(many.error()[0].field, std::string("kernels[32].bytes.M32"));
        QVERIFY2(holds(many.error()[0].message, "beyond the file's first 32"), many.error()[0].toString().c_str());
    }

    // The limits this file holds are stated where users read them.
    void limitsAreStated()
    {
        const std::string doc = slurp(ROOFLINE_SOURCE_DIR "/docs/file-formats.md");
        QVERIFY(holds(doc, "1,048,576 kernels"));
        QVERIFY(kMaxMeasuredKernels == 1048576);
        QVERIFY(holds(doc, "1 ns to 1e6 s"));
        QVERIFY(holds(doc, "0 or 1 to 1e24"));
        QVERIFY(holds(doc, "1 MHz to 100 GHz"));
        QVERIFY(holds(doc, "92 bytes (its row 40, its point 48, the link rule"));
        QVERIFY(holds(doc, "at most 25 MB plus 164 bytes a kernel with\none level and one precision"));
    }
};

QTEST_GUILESS_MAIN(TestMeasuredRanges)
#include "test_measured_ranges.moc"
