// SPDX-License-Identifier: GPL-3.0-or-later
// SI formatting and parsing: what every field, label and table cell shows.
#include "base/units.h"
#include "roofline/dtype.h"

#include <QTest>

#include <cmath>
#include <limits>

using namespace roofline;

class TestUnits : public QObject {
    Q_OBJECT
private slots:
    void textHelpersExistOnce()
    {
        // The one percent, grouping and dtype list of the reports, the explanation, the window and the messages.
        QCOMPARE(formatPercent(0.832), std::string("83.2%"));
        QCOMPARE(formatPercent(1), std::string("100.0%"));
        QCOMPARE(groupThousands("6738415616"), std::string("6,738,415,616"));
        QCOMPARE(groupThousands("-19780"), std::string("-19,780"));
        QCOMPARE(groupThousands("999"), std::string("999"));
        QCOMPARE(groupThousands("-100"), std::string("-100"));
        QCOMPARE(dtypeChoices(),
            std::string("fp32, tf32, bf16, fp16, fp8, fp6, int8, fp4, int4, mxfp8, mxfp6, mxfp4 or nvfp4"));
    }

    // A block-scaled format's element with its share of the scale, in bits as the OCP MX specification and NVIDIA
    // state them: MXFP8 8 + 8/32 = 8.25, MXFP6 6.25, MXFP4 4.25 (one E8M0 byte per 32), NVFP4 4 + 8/16 = 4.5 (one E4M3
    // byte per 16).
    void blockScaledFormatsCountTheirScales()
    {
        QCOMPARE(bytesPerElement(Dtype::mxfp8) * 8, 8.25);
        QCOMPARE(bytesPerElement(Dtype::mxfp6) * 8, 6.25);
        QCOMPARE(bytesPerElement(Dtype::mxfp4) * 8, 4.25);
        QCOMPARE(bytesPerElement(Dtype::nvfp4) * 8, 4.5);
        QCOMPARE(blockScaling(Dtype::nvfp4)->blockSize, 16);
        QVERIFY(blockScaling(Dtype::mxfp4)->element == Dtype::fp4);
        QVERIFY(!blockScaling(Dtype::fp4));
        QVERIFY(!isInteger(Dtype::mxfp8));
        QCOMPARE(parseDtype("nvfp4"), std::optional<Dtype>(Dtype::nvfp4));
    }

    void formatsWithPrefixes_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("unit");
        QTest::addColumn<QString>("expected");
        QTest::newRow("H100 bf16") << 9.89e14 << "FLOP/s"
                                   << "989 TFLOP/s";
        QTest::newRow("H100 HBM") << 3.35e12 << "B/s"
                                  << "3.35 TB/s";
        QTest::newRow("v5e HBM") << 8.2e11 << "B/s"
                                 << "820 GB/s";
        QTest::newRow("rounds up a prefix") << 999.7e9 << "B/s"
                                            << "1 TB/s";
        QTest::newRow("milliseconds") << 1.0111e-3 << "s"
                                      << "1.01 ms";
        QTest::newRow("microseconds") << 4.25e-5 << "s"
                                      << "42.5 \u00b5s";
        QTest::newRow("no prefix") << 240.0 << ""
                                   << "240";
        QTest::newRow("zero") << 0.0 << "B"
                              << "0 B";
        QTest::newRow("negative") << -2.5e6 << "B"
                                  << "-2.5 MB";
        QTest::newRow("beyond Q") << 3e33 << ""
                                  << "3000 Q";
    }
    void formatsWithPrefixes()
    {
        QFETCH(double, value);
        QFETCH(QString, unit);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(formatSI(value, unit.toStdString())), expected);
    }

    void formatsNonFinite()
    {
        QCOMPARE(formatSI(std::nan("")), std::string("nan"));
        QCOMPARE(formatSI(std::numeric_limits<double>::infinity()), std::string("inf"));
    }

    void formatsBitRatesFromBytes() { QCOMPARE(formatBitRate(5e10), std::string("400 Gb/s")); }

    // Integer dtypes count operations, not floating-point ones: the texts' 1.97e14 bf16 and 3.94e14 int8 of a v5e.
    void formatsRatesByDtype()
    {
        QCOMPARE(formatRate(1.97e14, Dtype::bf16), std::string("197 TFLOP/s"));
        QCOMPARE(formatRate(3.94e14, Dtype::int8), std::string("394 TOP/s"));
        QCOMPARE(formatRate(1.98e15, Dtype::int4), std::string("1.98 POP/s"));
    }

    void formatsIntensitiesAsTheTextsDo_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("v5e ridge") << 1.97e14 / 8.2e11 << "240";
        QTest::newRow("NVLink 900 ridge") << 9.89e14 / 9e11 << "1,099";
        QTest::newRow("IB ridge") << 9.89e14 / 5e10 << "19,780";
        QTest::newRow("dot product") << 0.5 << "0.5";
        QTest::newRow("below 100") << 31.75 << "31.8";
        QTest::newRow("huge") << 3.2e9 << "3.2 G";
    }
    void formatsIntensitiesAsTheTextsDo()
    {
        QFETCH(double, value);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(formatIntensity(value)), expected);
    }

    void parses_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<double>("value");
        QTest::addColumn<int>("unit");
        QTest::newRow("plain") << "1.97e14" << 1.97e14 << int(Unit::None);
        QTest::newRow("prefix only") << "989 T" << 989e12 << int(Unit::None);
        QTest::newRow("prefix glued") << "989T" << 989e12 << int(Unit::None);
        QTest::newRow("bytes per second") << "3.35 TB/s" << 3.35e12 << int(Unit::BytesPerSecond);
        QTest::newRow("bits per second") << "400 Gb/s" << 5e10 << int(Unit::BitsPerSecond);
        QTest::newRow("bps") << "200Gbps" << 2.5e10 << int(Unit::BitsPerSecond);
        QTest::newRow("flops") << "989 TFLOP/s" << 989e12 << int(Unit::FlopsPerSecond);
        QTest::newRow("ops") << "394 TOPS" << 394e12 << int(Unit::FlopsPerSecond);
        QTest::newRow("binary prefix") << "16 GiB" << 17179869184.0 << int(Unit::Bytes);
        QTest::newRow("micro") << "5 us" << 5e-6 << int(Unit::Seconds);
        QTest::newRow("leading plus and spaces") << "  +8.2e11  " << 8.2e11 << int(Unit::None);
    }
    void parses()
    {
        QFETCH(QString, text);
        QFETCH(double, value);
        QFETCH(int, unit);
        const std::optional<ParsedQuantity> q = parseQuantity(text.toStdString());
        QVERIFY(q);
        QCOMPARE(q->value, value);
        QCOMPARE(int(q->unit), unit);
    }

    void refuses_data()
    {
        QTest::addColumn<QString>("text");
        for (const char* bad :
            { "", "abc", "nan", "inf", "-inf", "1e400", "3.35 TB/x", "0x10", "1_000", "T", "1.2.3", "5 GB/s extra" })
            QTest::newRow(bad) << QString::fromUtf8(bad);
    }
    void refuses()
    {
        QFETCH(QString, text);
        QVERIFY(!parseQuantity(text.toStdString()));
    }

    void roundTripsWhatItFormats()
    {
        for (double v : { 9.89e14, 3.35e12, 5e10, 4.5e10, 1.97e14 }) {
            const std::optional<ParsedQuantity> q = parseQuantity(formatBandwidth(v));
            QVERIFY(q);
            QCOMPARE(q->value, v);
        }
    }
};

QTEST_APPLESS_MAIN(TestUnits)
#include "test_units.moc"
