// SPDX-License-Identifier: GPL-3.0-or-later
// Measured data against the model: the H100 Nsight Compute capture and cold-cache sweep in
// tests/fixtures/data/measured/ read as a performance engineer reads them, and every class of bad input refused or
// skipped with a located message.
#include "base/csv_reader.h"
#include "files/presets.h"
#include "files/scenario.h"
#include "files/scenario_measured.h"
#include "measured/placement.h"
#include "measured_fixture.h"
#include "report/measured.h"
#include "session/analysis.h"

#include <QTest>

#include <QDir>
#include <QTemporaryDir>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <future>
#include <sstream>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <thread>
#include <tuple>
#include <unistd.h>

using namespace roofline;
using roofline::testing::h100;
using roofline::testing::h100Model;

namespace {

// The kernels of `set` placed on the analysis's chip and linked to its operations.
MeasuredAnalysis placeOn(const MeasuredSet& set, const Analysis& a, const std::vector<LinkRule>& links = {})
{
    return analyseMeasured(set, a.placementChip(), a.session.operations, links);
}

const std::string kData = ROOFLINE_TEST_DATA "/measured/";

std::string slurp(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

const ColumnMapping& sweepMapping()
{
    static const ColumnMapping m = parseColumnMapping(
        "name=op+params,group=op,flops=flops,bytes=bytes,seconds=t_median_s,params=params,where=cold:1")
                                       .value();
    return m;
}

QString diagnostics(const Diagnostics& ds)
{
    return QString::fromStdString(toString(ds));
}

// The text with its first `from` replaced by `to`.
std::string replaced(std::string text, const std::string& from, const std::string& to)
{
    const std::size_t at = text.find(from);
    Q_ASSERT(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

// An Nsight Compute export with the cell of `column` on 1-based `line` set to `value`: every cell there is quoted, so
// '","' separates them.
std::string withCell(const std::string& text, int line, const std::string& column, const std::string& value)
{
    std::vector<std::size_t> starts { 0 };
    for (std::size_t i = 0; (i = text.find('\n', i)) != std::string::npos; ++i)
        starts.push_back(i + 1);
    const std::string headerLine = text.substr(starts[3], starts[4] - starts[3]);
    const std::size_t at = headerLine.find("\"" + column + "\"");
    Q_ASSERT(at != std::string::npos);
    const long index = std::count(headerLine.begin(), headerLine.begin() + static_cast<long>(at), ',');
    std::size_t cell = starts[line - 1] + 1; // past the opening quote
    for (long i = 0; i < index; ++i)
        cell = text.find("\",\"", cell) + 3;
    const std::size_t end = text.find('"', cell);
    return text.substr(0, cell) + value + text.substr(end);
}

// What no reader may produce: a kernel on the chart at a non-finite or non-positive place.
void checkPlaceable(const MeasuredSet& set, const MeasuredAnalysis& a)
{
    QCOMPARE(a.points.size(), set.kernels.size());
    for (const MeasuredPoint& p : a.points) {
        const MeasuredKernel& k = set.kernels[p.kernel];
        QVERIFY(std::isfinite(k.seconds) && k.seconds > 0);
        QVERIFY(std::isfinite(k.flops) && k.flops >= 0);
        if (!p.onChart) {
            QVERIFY(!p.why.empty());
            continue;
        }
        QVERIFY(std::isfinite(p.intensity) && p.intensity > 0);
        QVERIFY(std::isfinite(p.achieved) && p.achieved > 0);
        QVERIFY(std::isfinite(p.fraction()) && p.fraction() > 0);
    }
}

} // namespace

class TestMeasured : public QObject {
    Q_OBJECT

private slots:
    void csvReaderHandlesQuotesSeparatorsAndLines()
    {
        CsvReader r = CsvReader::fromText("a,\"b,c\",\"say \"\"hi\"\"\"\r\n\"multi\nline\",,x\n\nlast");
        QVERIFY(r.next());
        QCOMPARE(r.fields().size(), std::size_t(3));
        QCOMPARE(std::string(r.fields()[1]), std::string("b,c"));
        QCOMPARE(std::string(r.fields()[2]), std::string("say \"hi\""));
        QVERIFY(r.next());
        QCOMPARE(r.line(), 2);
        QCOMPARE(std::string(r.fields()[0]), std::string("multi\nline"));
        QCOMPARE(r.fields().size(), std::size_t(3));
        QVERIFY(r.next()); // the blank line
        QCOMPARE(r.line(), 4);
        QVERIFY(r.next());
        QCOMPARE(r.line(), 5);
        QCOMPARE(std::string(r.fields()[0]), std::string("last"));
        QVERIFY(!r.next());
        QVERIFY(r.error().empty());

        QCOMPARE(parseMeasuredNumber("\"1,234.5\"").has_value(), false); // quotes are the reader's job
        QCOMPARE(*parseMeasuredNumber("1,234.5"), 1234.5);
        QCOMPARE(*parseMeasuredNumber("1,808,556,206.00"), 1808556206.0);
        QCOMPARE(*parseMeasuredNumber("-2.5e-3"), -2.5e-3);
        QVERIFY(!parseMeasuredNumber("1,23"));
        QVERIFY(!parseMeasuredNumber("12,3456"));
        QVERIFY(!parseMeasuredNumber("n/a"));
        QVERIFY(!parseMeasuredNumber("inf"));
        QVERIFY(!parseMeasuredNumber("nan"));
        QVERIFY(!parseMeasuredNumber(""));
    }

    // The three nvjet bf16 kernels of the capture are X[B,D]·W[D,F] at D = F = 4096 with B = 32, 256 and 1024: their
    // durations (15.8, 20.6, 45.7 µs) and DRAM traffic (35, 38, 45 MB, about the 33.5 MB weight plus the activations)
    // match the sweep's rows of those shapes, and no other shape with these FLOPs moves so few bytes (D = F = 8192
    // would read a 134 MB weight). 2·B·D·F: 2·32·4096² = 1,073,741,824; ·8 = 8,589,934,592; ·32 = 34,359,738,368.
    void ncuMatmulFlopsAreTwoBDF()
    {
        const auto set = readMeasured(kData + "ncu-raw.csv");
        QVERIFY2(set, qPrintable(set ? QString() : diagnostics(set.error())));
        QCOMPARE(set->kernels.size(), std::size_t(8));
        QVERIFY(set->skipped.empty());
        const double D = 4096, F = 4096;
        const double batches[] = { 32, 256, 1024 };
        for (int i = 0; i < 3; ++i) {
            const MeasuredKernel& k = set->kernels[i];
            QVERIFY(k.name.starts_with("nvjet_sm90"));
            QCOMPARE(k.flops, 2 * batches[i] * D * F);
            QVERIFY(k.dtype == Dtype::bf16);
            QCOMPARE(k.byPrecision.size(), std::size_t(1));
        }
        // The int8 cutlass kernel: int8 tensor ops, 8,589,934,592 = 2·256·4096·4096.
        QVERIFY(set->kernels[7].dtype == Dtype::int8);
        QCOMPARE(set->kernels[7].flops, 8589934592.0);
        // The FP32 dot kernel has no tensor work: (fadd + fmul + 2·ffma) per cycle × its own clock × its duration =
        // (14.19 + 0 + 2·294.35) · 1,972,531,586.63 Hz · 28,896 ns = 34.36 MFLOP, to the 4 digits the file prints.
        const MeasuredKernel& dot = set->kernels[3];
        QVERIFY(dot.byPrecision.size() == 1 && dot.byPrecision[0].precision == "fp32");
        QVERIFY(std::fabs(dot.flops - (14.19 + 2 * 294.35) * 1972531586.63 * 28896e-9) < 1e-9 * dot.flops);
        QVERIFY(std::fabs(dot.clockHz - 1972531586.63) < 1e-3);
    }

    // Achieved FLOP/s = FLOPs / duration, checked against the file's own rate metric for the B = 1024 kernel:
    // sm__ops_path_tensor_src_bf16_dst_fp32.sum.per_second = 751,920,044,817,927.12 (34,359,738,368 / 45,696 ns).
    void achievedIsFlopsOverDuration()
    {
        const auto set = readMeasured(kData + "ncu-raw.csv");
        QVERIFY(set);
        const MeasuredAnalysis a = placeOn(*set, h100Model());
        QCOMPARE(set->kernels[2].seconds, 45696e-9);
        QVERIFY(std::fabs(a.points[2].achieved - 751920044817927.12) < 1e-9 * 751920044817927.12);
        for (const MeasuredPoint& p : a.points)
            QCOMPARE(p.achieved, set->kernels[p.kernel].flops / set->kernels[p.kernel].seconds);
        checkPlaceable(*set, a);
    }

    // DRAM bytes (rate × duration) against the sweep's textbook bytes for the same shapes, s·(BD + DF + BF) with
    // s = 2. Nsight Compute flushes the caches before each kernel, so X and W come from DRAM in full; the output may
    // still sit in the write-back L2 (50 MiB) when the kernel ends, so up to B·F·2 bytes may be missing; tile re-reads
    // may add a little. Tolerance: textbook − output ≤ DRAM ≤ 1.05 · textbook.
    void dramBytesAgreeWithTheSweepWithinCaching()
    {
        const auto ncu = readMeasured(kData + "ncu-raw.csv");
        const auto sweep = readMeasured(kData + "sweep.csv", MeasuredFormat::PlainCsv, &sweepMapping());
        QVERIFY(ncu && sweep);
        const char* shapes[] = { "matmul_bf16 B=32 D=4096 F=4096", "matmul_bf16 B=256 D=4096 F=4096",
            "matmul_bf16 B=1024 D=4096 F=4096" };
        const double batches[] = { 32, 256, 1024 };
        for (int i = 0; i < 3; ++i) {
            std::optional<MeasuredKernel> row;
            for (const MeasuredKernel& k : sweep->kernels)
                if (k.name == shapes[i])
                    row = k;
            QVERIFY(row);
            const double textbook = row->level("DRAM")->bytes;
            QCOMPARE(textbook, 2 * (batches[i] * 4096 + 4096.0 * 4096 + batches[i] * 4096));
            QCOMPARE(row->flops, ncu->kernels[i].flops);
            const double dram = ncu->kernels[i].level("DRAM")->bytes;
            QVERIFY2(dram >= textbook - 2 * batches[i] * 4096 && dram <= 1.05 * textbook,
                qPrintable(QString("%1: DRAM %2 B, textbook %3 B").arg(i).arg(dram).arg(textbook)));
        }
    }

    // The sweep's bf16 matmul at D = F = 8192 against the model on the H100 preset (989 TFLOP/s, 3.35 TB/s). At
    // B = 256: FLOPs 2·256·8192² = 34,359,738,368, bytes 2·(256·8192 + 8192² + 256·8192) = 142,606,336; T_math =
    // 34.74 µs, T_HBM = 42.57 µs, so T_lower = 42.57 µs and T_upper = 77.31 µs; measured 62.24 µs = 552 TFLOP/s lies
    // between. At B = 32 the measured 58.2 µs (launch and ramp-up) is above T_upper = 44.7 µs: not bracketed.
    void sweepMatmulAtB256LiesBetweenTheBounds()
    {
        const auto sweep = readMeasured(kData + "sweep.csv", MeasuredFormat::PlainCsv, &sweepMapping());
        QVERIFY(sweep);
        QVERIFY(sweep->skipped.empty());
        const Analysis model = h100Model();
        const MeasuredAnalysis a
            = placeOn(*sweep, model, { parseLinkRule("matmul_bf16 B=* D=8192 F=8192=op1").value() });
        const MeasuredLink* at256 = nullptr;
        const MeasuredLink* at32 = nullptr;
        for (const MeasuredLink& l : a.links) {
            const std::string_view name = sweep->kernels[l.kernel].name;
            if (name == "matmul_bf16 B=256 D=8192 F=8192")
                at256 = &l;
            if (name == "matmul_bf16 B=32 D=8192 F=8192")
                at32 = &l;
        }
        QVERIFY(at256 && at32 && at256->predicted() && at32->predicted());
        QCOMPARE(at256->operation(), std::string("matmul B=256"));
        QVERIFY(std::fabs(at256->predicted()->tLower - 142606336 / 3.35e12) < 1e-12);
        QVERIFY(std::fabs(at256->predicted()->tUpper - (142606336 / 3.35e12 + 34359738368 / 989e12)) < 1e-12);
        QVERIFY(at256->bracketed);
        const double achieved = sweep->kernels[at256->kernel].flops / at256->measured;
        QVERIFY(std::fabs(achieved - 552e12) < 0.001 * 552e12);
        QVERIFY(!at32->bracketed);
        QVERIFY(at32->measured > at32->predicted()->tUpper);
        checkPlaceable(*sweep, a);
    }

    // Measured ceilings derived from the sweep: the best HBM bandwidth among memory-bound kernels is the batched
    // matmul with one row per batch, 2,148,532,224 B in 703.36 µs = 3.055 TB/s, 91% of 3.35 TB/s; with only the bf16
    // matmuls read as bf16, the best compute-bound one is B = 4096, 2·4096·8192² / 673.2 µs = 816.6 TFLOP/s, 83%.
    void ceilingsDerivedFromTheSweep()
    {
        ColumnMapping m = sweepMapping();
        const auto all = readMeasured(kData + "sweep.csv", MeasuredFormat::PlainCsv, &m);
        QVERIFY(all);
        const MeasuredAnalysis a = placeOn(*all, h100Model());
        QVERIFY(a.ceilingsDerived);
        const CeilingComparison* hbm = nullptr;
        for (const CeilingComparison& c : a.ceilings)
            if (c.name == "HBM")
                hbm = &c;
        QVERIFY(hbm);
        QVERIFY(std::fabs(hbm->measured - 2148532224 / 7.033600211143494e-04) < 1e3);
        QVERIFY(std::fabs(hbm->fraction - 0.912) < 0.001);
        QCOMPARE(hbm->overrideKey, std::string("bandwidth.HBM"));
        // The sweep states no dtype: its fp8 matmul (1.49 PFLOP/s) must not pass for a bf16 roof.
        QVERIFY(
            std::none_of(a.ceilings.begin(), a.ceilings.end(), [](const CeilingComparison& c) { return c.compute; }));

        m.where.emplace_back("op", "matmul_bf16");
        m.fields.emplace_back("dtype", "bf16");
        const auto bf16 = readMeasured(kData + "sweep.csv", MeasuredFormat::PlainCsv, &m);
        QVERIFY(bf16);
        const MeasuredAnalysis b = placeOn(*bf16, h100Model());
        const CeilingComparison* peak = nullptr;
        for (const CeilingComparison& c : b.ceilings)
            if (c.name == "bf16")
                peak = &c;
        QVERIFY(peak);
        QCOMPARE(peak->source, std::string("matmul_bf16 B=4096 D=8192 F=8192"));
        QVERIFY(std::fabs(peak->measured - 816611348948468.2) < 1e-6 * 816611348948468.2);
        QVERIFY(std::fabs(peak->fraction - 0.8257) < 0.0005);
    }

    // rocprof-compute's roofline.csv from an MI200 (omniperf's test workload): the first device's peaks in GB/s and
    // GFLOP/s, HBM 1388.0558 GB/s and MFMA bf16 170339.44 GFLOP/s.
    void rocprofRooflineReadsMeasuredPeaks()
    {
        const auto set = readMeasured(kData + "rocprof-mi200-roofline.csv");
        QVERIFY2(set, qPrintable(set ? QString() : diagnostics(set.error())));
        QCOMPARE(set->format, MeasuredFormat::RocprofRoofline);
        QCOMPARE(set->device, std::string("0"));
        QCOMPARE(set->rowsRead, 4);
        bool sawHbm = false, sawBf16 = false;
        for (const MeasuredCeiling& c : set->ceilings) {
            if (c.name == "HBM")
                sawHbm = std::fabs(c.value - 1388.0558e9) < 1;
            if (c.name == "bf16")
                sawBf16 = c.compute && std::fabs(c.value - 170339.44e9) < 1;
        }
        QVERIFY(sawHbm && sawBf16);
    }

    void plainCsvAndJsonRead()
    {
        const auto csv = parseMeasured("name,flops,bytes.HBM,bytes.L2,seconds,dtype,group\n"
                                       "gemm,\"2,000,000\",1000,4000,1e-6,bf16,attn\n",
            "k.csv");
        QVERIFY2(csv, qPrintable(csv ? QString() : diagnostics(csv.error())));
        QCOMPARE(csv->kernels[0].flops, 2e6);
        QCOMPARE(csv->kernels[0].level("L2")->bytes, 4000.0);
        QCOMPARE(csv->kernels[0].group, std::string("attn"));
        const auto json = parseMeasured(
            R"({"kernels": [{"name": "gemm", "flops": 2e6, "bytes": {"HBM": 1000}, "seconds": 1e-6, "dtype": "bf16"}]})",
            "k.json");
        QVERIFY2(json, qPrintable(json ? QString() : diagnostics(json.error())));
        QCOMPARE(json->format, MeasuredFormat::PlainJson);
        // 2e6 FLOPs over 1000 B of HBM: intensity 2000, above the H100's ridge of 295, so compute-bound at 989 T;
        // achieved 2e12 FLOP/s is 0.2% of it.
        const MeasuredAnalysis a = placeOn(*json, h100Model());
        QCOMPARE(a.points[0].intensity, 2000.0);
        QCOMPARE(a.points[0].bound, std::string("compute"));
        QVERIFY(std::fabs(a.points[0].fraction() - 2e12 / 989e12) < 1e-12);
    }

    // Bad input, class by class: a message with line and column name, what was read and what skipped; no crash.
    void truncatedFileKeepsTheWholeRows()
    {
        const std::string text = slurp(kData + "ncu-raw.csv");
        const std::string cut = text.substr(0, text.rfind("\",\"", text.size() - 5000) + 2); // the last row cut
        const auto set = parseMeasured(cut, "cut.csv");
        QVERIFY(set);
        QCOMPARE(set->kernels.size(), std::size_t(7));
        QCOMPARE(set->skipped.size(), std::size_t(1));
        QCOMPARE(set->skipped[0].line, 13);
        QVERIFY(set->skipped[0].message.find("fields") != std::string::npos);
        // Cut inside a quoted number: the reader reports the unterminated quote with its line.
        const auto inQuote = parseMeasured(cut + "\"12", "cut.csv");
        QVERIFY(inQuote);
        QVERIFY(diagnostics(inQuote->skipped).contains("runs to the end of the file"));
        // Cut after the units row: a capture of no kernel, refused as such.
        const std::size_t units = text.find('\n', text.find("\"ns\"")) + 1;
        const auto none = parseMeasured(text.substr(0, units), "cut.csv");
        QVERIFY(!none);
        QVERIFY(diagnostics(none.error()).contains("the capture profiled no kernel"));
    }

    void missingColumnNamesItAndTheNcuOptions()
    {
        const std::string text = replaced(slurp(kData + "ncu-raw.csv"), "\"gpu__time_duration.sum\"", "\"x\"");
        const auto set = parseMeasured(text, "raw.csv");
        QVERIFY(!set);
        const QString why = diagnostics(set.error());
        QVERIFY2(why.contains("raw.csv:4:") && why.contains("gpu__time_duration.sum") && why.contains("--set full"),
            qPrintable(why));
        std::string noFlops = slurp(kData + "ncu-raw.csv");
        for (std::size_t at; (at = noFlops.find("sm__ops_path_tensor")) != std::string::npos;)
            noFlops.replace(at, 19, "renamed_metric_xx");
        for (std::size_t at; (at = noFlops.find("smsp__sass_thread_inst")) != std::string::npos;)
            noFlops.replace(at, 22, "renamed_metric_xxxxxxx");
        const auto flopless = parseMeasured(noFlops, "raw.csv");
        QVERIFY(!flopless);
        QVERIFY(diagnostics(flopless.error()).contains("FLOP counts"));
        const auto plain = parseMeasured("name,flops,seconds\na,1,1\n", "p.csv");
        QVERIFY(!plain);
        QVERIFY2(diagnostics(plain.error()).contains("p.csv:1: missing column 'bytes'"),
            qPrintable(diagnostics(plain.error())));
    }

    void unitsRowThatDisagreesIsRefused()
    {
        const std::string text = slurp(kData + "ncu-raw.csv");
        // The duration's unit replaced by a byte count's.
        const auto set = parseMeasured(withCell(text, 5, "gpu__time_duration.sum", "byte"), "raw.csv");
        QVERIFY(!set);
        QVERIFY2(diagnostics(set.error()).contains("raw.csv:5: gpu__time_duration.sum: the units row says 'byte'"),
            qPrintable(diagnostics(set.error())));
        // No units row at all: its place holds the first kernel's numbers.
        const std::size_t unitsStart = text.find("\n\"\"") + 1;
        const std::string noUnits = text.substr(0, unitsStart) + text.substr(text.find('\n', unitsStart) + 1);
        const auto missing = parseMeasured(noUnits, "raw.csv");
        QVERIFY(!missing);
        QVERIFY2(
            diagnostics(missing.error()).contains("expected the units row"), qPrintable(diagnostics(missing.error())));
    }

    void nonNumberInAMetricSkipsTheKernel()
    {
        const std::string text = withCell(slurp(kData + "ncu-raw.csv"), 6, "gpu__time_duration.sum", "n/a");
        const auto set = parseMeasured(text, "raw.csv");
        QVERIFY(set);
        QCOMPARE(set->kernels.size(), std::size_t(7));
        QCOMPARE(set->rowsRead, 8);
        QCOMPARE(set->skipped.size(), std::size_t(1));
        const QString why = diagnostics(set->skipped);
        QVERIFY2(why.contains("raw.csv:6: gpu__time_duration.sum: expected a number, found 'n/a'"), qPrintable(why));
        const auto plain = parseMeasured("name,flops,bytes,seconds\na,1e9,1e6,fast\nb,1e9,1e6,1e-3\n", "p.csv");
        QVERIFY(plain);
        QCOMPARE(plain->kernels.size(), std::size_t(1));
        QVERIFY(diagnostics(plain->skipped).contains("p.csv:2: seconds: expected a number, found 'fast'"));
        // 300 bad rows and no good one: the first messages and a count of the rest, never more than the limit.
        std::string many = "name,flops,bytes,seconds\n";
        for (int i = 0; i < 300; ++i)
            many += "k,1,1,slow\n";
        const auto refused = parseMeasured(many, "p.csv");
        QVERIFY(!refused);
        QVERIFY(refused.error().size() <= kMaxDiagnostics + 1);
        QVERIFY(diagnostics(refused.error()).contains("more rows skipped"));
    }

    void filesFromAnotherPageOrToolAreRefused()
    {
        const auto details = readMeasured(kData + "ncu-details.csv");
        QVERIFY(!details);
        QVERIFY2(diagnostics(details.error()).contains("details page")
                && diagnostics(details.error()).contains("--page raw"),
            qPrintable(diagnostics(details.error())));
        const auto peaksAsNcu = readMeasured(kData + "rocprof-mi200-roofline.csv", MeasuredFormat::NcuRaw);
        QVERIFY(!peaksAsNcu);
        QVERIFY(diagnostics(peaksAsNcu.error()).contains("rocprof-roofline"));
        const auto ncuAsPeaks = readMeasured(kData + "ncu-raw.csv", MeasuredFormat::RocprofRoofline);
        QVERIFY(!ncuAsPeaks);
        QVERIFY(diagnostics(ncuAsPeaks.error()).contains("not a rocprof-compute roofline.csv"));
        const auto sweepAsNcu = readMeasured(kData + "sweep.csv", MeasuredFormat::NcuRaw);
        QVERIFY(!sweepAsNcu);
        QVERIFY(diagnostics(sweepAsNcu.error()).contains("no 'Kernel Name' column"));
        const auto binary = parseMeasured(std::string("\x00\x01\x02,\xff\n1,2\n", 9), "bin.csv");
        QVERIFY(!binary);
        // A mapping is text (the CSV fuzzer found messages that echoed its bytes), and a field is named printably
        // where its column is missing.
        for (const std::string_view bad :
            { "name=k,flops=f\x01,seconds=s,bytes=b", "name=k\xff,flops=f,seconds=s,bytes=b",
                "name=k,flops=f,seconds=s\r,bytes=b", "name=k,\tflops=f,seconds=s,bytes=b" }) {
            const auto refused = parseColumnMapping(bad);
            QVERIFY(!refused);
            QVERIFY2(!firstNonTextByte(refused.error()) && refused.error().find_first_of("\t\r") == std::string::npos,
                refused.error().c_str());
        }
        const ColumnMapping odd = parseColumnMapping("name=k,flops=f,seconds=s,bytes.L2=nowhere").value();
        const auto unmapped = parseMeasured("k,f,s\na,1,1\n", "m.csv", MeasuredFormat::PlainCsv, &odd);
        QVERIFY(!unmapped);
        const std::string message = diagnostics(unmapped.error()).toStdString();
        QVERIFY2(message.find("'nowhere' (for bytes.L2)") != std::string::npos, message.c_str());
        QVERIFY2(std::none_of(message.begin(), message.end(),
                     [](char c) { return c == '\x01' || static_cast<unsigned char>(c) == 0xff; }),
            message.c_str());
        // A field mapped twice is refused, and a mapping of many missing columns is named by its first six (the CSV
        // fuzzer found a 2,300-character message). Here 12 are missing: eight name columns, f, s, b and the mapping
        // for bytes as a whole.
        const auto twice = parseColumnMapping("name=k,flops=f,flops=g,seconds=s,bytes=b");
        QVERIFY(!twice);
        QCOMPARE(twice.error(), std::string("field 'flops' is mapped twice"));
        const ColumnMapping many = parseColumnMapping("name=a+b+c+d+e+f+g+h,flops=f,seconds=s,bytes=b").value();
        const auto absent = parseMeasured("x,y\n1,2\n", "w.csv", MeasuredFormat::PlainCsv, &many);
        QVERIFY(!absent);
        const std::string named = diagnostics(absent.error()).toStdString();
        QVERIFY2(named.find("'a' (for name), 'b' (for name), 'c' (for name), 'd' (for name), 'e' (for name), 'f' (for "
                            "name) and 6 more; the header has 2 columns")
                != std::string::npos,
            named.c_str());
    }

    // The two shipped measured scenarios read their built-in data, link their matmuls, and write back the same block.
    void shippedScenariosReadTheirMeasuredData()
    {
        int count = 0;
        for (const EmbeddedFile& f : embeddedFiles()) {
            if (!f.name.starts_with("scenarios/h100-measured"))
                continue;
            ++count;
            const auto session = parseScenario(f.text, "embedded:" + std::string(f.name), loadPresetLibrary({}));
            QVERIFY2(session, session ? "" : toString(session.error()).c_str());
            QVERIFY(session->measured);
            const auto again = parseScenario(writeScenario(*session), "again.yaml", loadPresetLibrary({}));
            QVERIFY(again && again->measured == session->measured);
            const MeasuredSource& source = *session->measured;
            const std::optional<ColumnMapping> mapping
                = source.columns.empty() ? std::nullopt : std::optional(parseColumnMapping(source.columns).value());
            const auto set = openMeasured(measuredPath(source, "embedded:" + std::string(f.name)),
                parseFormatHint(source.format), mapping ? &*mapping : nullptr);
            QVERIFY2(set, set ? "" : toString(set.error()).c_str());
            const MeasuredAnalysis a = placeOn(*set, analyse(*session), source.links);
            QVERIFY(!a.links.empty());
            for (const MeasuredLink& l : a.links)
                QVERIFY2(l.predicted(), l.problem().c_str());
            checkPlaceable(*set, a);
        }
        QCOMPARE(count, 2);
    }

    // The analysis of a session carries its measured kernels placed on its chip, as analyseMeasured places them, and
    // an edit to the chip moves none of them. By hand, a memory-bound kernel's fraction is achieved / (bandwidth ·
    // intensity): with HBM at half of 3.35 TB/s it doubles, and its point stays where it was measured.
    void analysisCarriesTheMeasuredResult()
    {
        Session session = h100Model().session;
        session.measured = MeasuredSource { kData + "sweep.csv", "csv",
            "name=op+params,group=op,flops=flops,bytes=bytes,seconds=t_median_s,params=params,where=cold:1",
            { parseLinkRule("matmul_bf16 B=* D=8192 F=8192=op1").value() } };
        const auto read = loadMeasuredSource(*session.measured, "");
        QVERIFY2(read, read ? "" : toString(read.error()).c_str());
        const auto set = std::make_shared<const MeasuredSet>(std::move(read).value());
        const Analysis a = analyse(session, set);
        QVERIFY(a.measured && a.measuredSet == set);
        const MeasuredAnalysis direct = placeOn(*set, a, session.measured->links);
        QCOMPARE(a.measured->points.size(), direct.points.size());
        QCOMPARE(a.measured->links.size(), direct.links.size());
        QVERIFY(!direct.links.empty());
        for (std::size_t i = 0; i < direct.points.size(); ++i) {
            QCOMPARE(a.measured->points[i].fraction(), direct.points[i].fraction());
            QCOMPARE(a.measured->points[i].bound, direct.points[i].bound);
        }
        QVERIFY(!analyse(session).measured); // no set read: nothing measured

        QVERIFY(!setOverride(session, "bandwidth.HBM", 3.35e12 / 2));
        const Analysis slower = analyse(session, set);
        int memoryBound = 0;
        for (std::size_t i = 0; i < direct.points.size(); ++i) {
            const MeasuredPoint& p = a.measured->points[i];
            const MeasuredPoint& q = slower.measured->points[i];
            QCOMPARE(q.intensity, p.intensity);
            QCOMPARE(q.achieved, p.achieved);
            if (p.onChart && p.bound == "HBM") {
                ++memoryBound;
                QCOMPARE(q.bound, std::string("HBM"));
                QVERIFY(std::fabs(q.fraction() - 2 * p.fraction()) < 1e-12 * q.fraction());
            }
        }
        QVERIFY(memoryBound > 5);
        // An analysis after an edit takes the kernels its links matched from the one before, with the same result.
        const Analysis edited = analyse(session, set, &a);
        QCOMPARE(edited.measured->ruleOf, a.measured->ruleOf);
        QCOMPARE(edited.measured->links.size(), slower.measured->links.size());
        for (std::size_t i = 0; i < edited.measured->links.size(); ++i)
            QCOMPARE(edited.measured->links[i].ratioToLower, slower.measured->links[i].ratioToLower);
        // The links compare with the slower chip's bounds: B = 256's T_lower doubles to 85.1 µs.
        for (const MeasuredLink& l : slower.measured->links)
            if (set->kernels[l.kernel].name == "matmul_bf16 B=256 D=8192 F=8192")
                QVERIFY(std::fabs(l.predicted()->tLower - 142606336 / (3.35e12 / 2)) < 1e-12);
    }

    // The window's filter: text the name holds, or a whole-name glob; case ignored.
    void kernelFilterMatchesTextOrGlob()
    {
        QVERIFY(matchesKernelFilter("", "anything"));
        QVERIFY(matchesKernelFilter("gemm", "ampere_bf16_GEMM_128x64"));
        QVERIFY(!matchesKernelFilter("gemv", "ampere_bf16_gemm_128x64"));
        QVERIFY(matchesKernelFilter("matmul_bf16 B=1*", "matmul_bf16 B=16 D=8192 F=8192"));
        QVERIFY(!matchesKernelFilter("B=1*", "matmul_bf16 B=16 D=8192 F=8192")); // a glob matches the whole name
    }

    // A kernel linked in the window: a rule of its own that matches its whole name and nothing else, wildcard
    // characters and all, ahead of the scenario's patterns; choosing none takes it away again.
    void linkingOneKernelMatchesItsNameAlone()
    {
        const std::string name = "void gemm<float*, 2>[bf16] ?";
        std::vector<LinkRule> rules { { "*gemm*", "op1" } };
        linkKernel(rules, name, "op2");
        QCOMPARE(rules.size(), std::size_t(2));
        QCOMPARE(rules.front().operationId, std::string("op2"));
        QCOMPARE(rules.front().pattern, std::string("void gemm<float\\*, 2>\\[bf16] \\?"));
        MeasuredSet set;
        for (const std::string& n :
            { name, std::string("void gemm<floatX, 2>b ?"), std::string("void gemm<float*, 2>[bf16] !") }) {
            KernelRow k;
            k.name = n;
            k.seconds = 1e-4;
            k.flops = 1e9;
            set.kernels.push_back(k);
        }
        Session s = h100Model().session;
        addOperation(s, Operation { "matmul", Matmul {}, {}, {}, {}, false });
        s.operations[0].id = "op1";
        s.operations[1].id = "op2";
        const Analysis model = analyse(s);
        const MeasuredAnalysis a = placeOn(set, model, rules);
        QCOMPARE(a.links.size(), std::size_t(3));
        QCOMPARE(a.links[0].operationId, std::string("op2")); // the exact name
        QCOMPARE(a.links[1].operationId, std::string("op1")); // the others fall to the pattern
        QCOMPARE(a.links[2].operationId, std::string("op1"));
        linkKernel(rules, name, "op1"); // chosen again: its one rule changes
        QCOMPARE(rules.size(), std::size_t(2));
        linkKernel(rules, name, "");
        QCOMPARE(rules, (std::vector<LinkRule> { { "*gemm*", "op1" } }));
    }

    void scenarioMeasuredBlockIsChecked()
    {
        const std::string head = "preset: h100-sxm\noperations:\n  - {op: matmul, id: mm}\nmeasured:\n";
        const auto badLink = parseScenario(head + "  file: k.csv\n  links:\n    - {kernels: 'mm*', operation: nope}\n",
            "s.yaml", loadPresetLibrary({}));
        QVERIFY(!badLink);
        QVERIFY2(diagnostics(badLink.error()).contains("s.yaml:7:")
                && diagnostics(badLink.error()).contains("measured.links[0].operation: no operation with id 'nope'"),
            qPrintable(diagnostics(badLink.error())));
        const auto badFormat = parseScenario(head + "  file: k.csv\n  format: nsys\n", "s.yaml", loadPresetLibrary({}));
        QVERIFY(!badFormat);
        QVERIFY(diagnostics(badFormat.error()).contains("unknown format 'nsys'"));
        const auto noFile = parseScenario(head + "  format: csv\n", "s.yaml", loadPresetLibrary({}));
        QVERIFY(!noFile);
        QVERIFY(diagnostics(noFile.error()).contains("measured.file: missing"));
        QCOMPARE(measuredPath({ "data/k.csv", {}, {}, {} }, "/home/u/s.yaml"), std::string("/home/u/data/k.csv"));
    }

    // A measured file that is not a regular file is refused by its kind before it is opened, in every format: a FIFO
    // never blocks, a device is never read without end, a JSON file over its limit is refused by its size.
    void measuredFilesThatAreNotFiles()
    {
        QTemporaryDir dir;
        const std::string base = dir.path().toStdString();
        QCOMPARE(mkfifo((base + "/pipe.csv").c_str(), 0600), 0);
        QVERIFY(QDir(dir.path()).mkdir("folder.csv"));
        const int sock = ::socket(AF_UNIX, SOCK_STREAM, 0);
        sockaddr_un address {};
        address.sun_family = AF_UNIX;
        const std::string socketPath = base + "/socket.csv";
        QVERIFY(socketPath.size() < sizeof address.sun_path);
        std::copy(socketPath.begin(), socketPath.end(), address.sun_path);
        QCOMPARE(::bind(sock, reinterpret_cast<const sockaddr*>(&address), sizeof address), 0);
        const std::pair<std::string, const char*> cases[] = {
            { base + "/pipe.csv", "a FIFO (named pipe), not a file" },
            { base + "/folder.csv", "a directory, not a file" },
            { socketPath, "a socket, not a file" },
            { "/dev/zero", "a device, not a file" },
            { "/dev/null", "a device, not a file" },
            { base + "/absent.csv", "no such file" },
        };
        const std::optional<MeasuredFormat> hints[] = { std::nullopt, MeasuredFormat::PlainJson,
            MeasuredFormat::PlainCsv, MeasuredFormat::NcuRaw, MeasuredFormat::RocprofRoofline };
        for (const auto& [path, what] : cases)
            for (const std::optional<MeasuredFormat> hint : hints) {
                // On a thread, so that a read that blocks fails the test instead of hanging it.
                auto done = std::make_shared<std::promise<QString>>();
                std::future<QString> result = done->get_future();
                std::thread([done, path = path, hint] {
                    const auto set = readMeasured(path, hint);
                    done->set_value(set ? QString("read") : diagnostics(set.error()));
                }).detach();
                QVERIFY2(result.wait_for(std::chrono::seconds(10)) == std::future_status::ready, path.c_str());
                const QString message = result.get();
                QVERIFY2(message.contains(what), qPrintable(QString::fromStdString(path) + ": " + message));
            }
        ::close(sock);

        // A JSON file is refused by its size, before it is read: a sparse gigabyte costs no time and no memory.
        const std::string big = base + "/big.json";
        {
            std::ofstream out(big, std::ios::binary);
            out << "{\"kernels\": [";
        }
        QCOMPARE(::truncate(big.c_str(), off_t(1) << 30), 0);
        const auto set = readMeasured(big);
        QVERIFY(!set);
        QVERIFY2(diagnostics(set.error()).contains("a JSON measured file larger than 1 MiB"),
            qPrintable(diagnostics(set.error())));
        QCOMPARE(::truncate(big.c_str(), (off_t(1) << 30) + 1), 0);
        QVERIFY(diagnostics(readMeasured(big).error()).contains("the file is larger than 1 GiB"));
    }

    // A UTF-8 byte-order mark, as spreadsheets write it, is skipped in every format; dtypes are read in any case, as
    // column names are.
    void byteOrderMarkAndDtypeCase()
    {
        const std::string bom = "\xEF\xBB\xBF";
        const auto csv = parseMeasured(bom + "Name,FLOPS,bytes,seconds,dtype\nk1,1e9,1e6,1e-3,BF16\n", "k.csv");
        QVERIFY2(csv, qPrintable(csv ? QString() : diagnostics(csv.error())));
        QCOMPARE(csv->kernels.size(), std::size_t(1));
        QVERIFY(csv->kernels[0].dtype == Dtype::bf16);
        const auto json = parseMeasured(
            bom + R"({"kernels": [{"name": "k", "flops": 1e9, "bytes": 1e6, "seconds": 1e-3, "dtype": "Fp8"}]})",
            "k.json");
        QVERIFY2(json, qPrintable(json ? QString() : diagnostics(json.error())));
        QCOMPARE(json->format, MeasuredFormat::PlainJson);
        QVERIFY(json->kernels[0].dtype == Dtype::fp8);
        ColumnMapping mapping = sweepMapping();
        mapping.fields.emplace_back("dtype", "BF16");
        std::ifstream sweep(kData + "sweep.csv", std::ios::binary);
        const std::string sweepText((std::istreambuf_iterator<char>(sweep)), std::istreambuf_iterator<char>());
        const auto mapped = parseMeasured(bom + sweepText, "sweep.csv", MeasuredFormat::PlainCsv, &mapping);
        QVERIFY2(mapped, qPrintable(mapped ? QString() : diagnostics(mapped.error())));
        QVERIFY(mapped->kernels.front().dtype == Dtype::bf16);
        for (const std::string name : { "ncu-raw.csv", "rocprof-mi200-roofline.csv" }) {
            std::ifstream in(kData + name, std::ios::binary);
            const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
            const auto plain = parseMeasured(text, name);
            const auto marked = parseMeasured(bom + text, name);
            QVERIFY2(marked, name.c_str());
            QCOMPARE(marked->format, plain->format);
            QCOMPARE(marked->kernels.size(), plain->kernels.size());
            QCOMPARE(marked->ceilings.size(), plain->ceilings.size());
        }
    }

    // A measured peak the model could not take as a roof (1e300 GFLOP/s) skips its device, with the range named.
    void measuredPeaksAreInRange()
    {
        std::ifstream in(kData + "rocprof-mi200-roofline.csv", std::ios::binary);
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        const std::string header = text.substr(0, text.find('\n') + 1);
        const std::string device = text.substr(header.size(), text.find('\n', header.size()) - header.size() + 1);
        std::string huge = device;
        const std::size_t comma = huge.find(',');
        const std::size_t next = huge.find(',', comma + 1);
        huge.replace(comma + 1, next - comma - 1, "1e300");
        const auto set = parseMeasured(header + huge + device, "roofline.csv");
        QVERIFY2(set, qPrintable(set ? QString() : diagnostics(set.error())));
        QCOMPARE(set->skipped.size(), std::size_t(1));
        QVERIFY2(set->skipped[0].message.find("'1e300' (in G) is out of range") != std::string::npos,
            set->skipped[0].message.c_str());
        const auto only = parseMeasured(header + huge, "roofline.csv");
        QVERIFY(!only);
    }

    void zeroFlopKernelsStayOffTheChart()
    {
        const auto set = parseMeasured("name,flops,bytes,seconds\ncopy,0,1e9,1e-3\nempty,1e6,0,1e-3\n", "p.csv");
        QVERIFY(set);
        const MeasuredAnalysis a = placeOn(*set, h100Model());
        QVERIFY(!a.points[0].onChart && !a.points[1].onChart);
        checkPlaceable(*set, a);
    }

    // Each number finite, their quotients not: 1e300 FLOPs in 1e-20 s is past the largest double, 1e-300 FLOPs per
    // byte is 300 decades left of any ridge, 1e-40 s is 37 decades under any prediction (found by the measured CSV
    // fuzzer). The readers refuse each figure outside its range (tests/core/test_measured_ranges.cpp); a set made
    // otherwise still lists such a kernel off the chart, with no measured ceiling, and a link to it says it cannot
    // be compared.
    void kernelsWhoseRatesOverflowStayOffTheChart()
    {
        const auto read = parseMeasured("name,flops,bytes,seconds\nhuge,1e300,1e300,1e-20\ntiny,1e-300,1,1e10\n"
                                        "instant,1e3,1e3,1e-40\nfine,1e12,1e9,1e-3\n",
            "p.csv");
        QVERIFY(read);
        QCOMPARE(read->kernels.size(), std::size_t(1));
        QCOMPARE(read->skipped.size(), std::size_t(3));
        for (int i : { 0, 1, 2 }) {
            QCOMPARE(read->skipped[i].line, i + 2);
            QCOMPARE(read->skipped[i].field, std::string("seconds"));
        }
        MeasuredSet made = *read;
        made.kernels = {};
        for (const auto& [name, flops, bytes, seconds] :
            { std::tuple { "huge", 1e300, 1e300, 1e-20 }, std::tuple { "tiny", 1e-300, 1.0, 1e10 },
                std::tuple { "instant", 1e3, 1e3, 1e-40 }, std::tuple { "fine", 1e12, 1e9, 1e-3 } }) {
            KernelRow k;
            k.name = name;
            k.seconds = seconds;
            k.byPrecision.push_back({ {}, flops });
            k.bytes.push_back({ "DRAM", bytes });
            (void)settlePrecisions(k);
            made.kernels.push_back(k);
        }
        const MeasuredSet* set = &made;
        const MeasuredAnalysis a = placeOn(*set, h100Model(), { { "*", "op1" } });
        for (int i : { 0, 1, 2 }) {
            QVERIFY(!a.points[i].onChart);
            QCOMPARE(a.points[i].why, SharedName("FLOPs, bytes and seconds too far apart to place on the chart"));
        }
        QVERIFY(a.points[3].onChart);
        checkPlaceable(*set, a);
        for (const CeilingComparison& c : a.ceilings)
            QVERIFY2(std::isfinite(c.measured) && c.measured > 0, c.name.c_str());
        QCOMPARE(a.links.size(), std::size_t(4));
        QVERIFY(!a.links[2].predicted() && a.links[2].problem().find("too far apart to compare") != std::string::npos);
        QVERIFY(a.links[3].predicted() && std::isfinite(a.links[3].ratioToLower));
    }
};

QTEST_GUILESS_MAIN(TestMeasured)
#include "test_measured.moc"
