// SPDX-License-Identifier: GPL-3.0-or-later
// Edits as values (core/session/edit.h): what the window's controls do to a session, checked and applied by the core
// without a window, and the rules of Reset and "modified" against the session as it opened.
#include "files/scenario.h"
#include "scenario_fixture.h"
#include "session/edit.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace roofline;
using roofline::testing::library;
using roofline::testing::models;
using roofline::testing::parse;

namespace {

const Hardware& h100()
{
    return *library().find("h100-sxm");
}

// The default H100 session; operation 2 is the bf16 matmul at B = 32, D = F = 8192 (defaultWorkload).
Session opened()
{
    return defaultSession(h100());
}

Session applied(const Session& s, const SessionEdit& e)
{
    Expected<Session> next = applyEdit(s, e, models());
    if (!next)
        qFatal("%s", next.error().c_str());
    return std::move(next).value();
}

QString refusal(const Session& s, const SessionEdit& e)
{
    const Expected<Session> next = applyEdit(s, e, models());
    return next ? QString() : QString::fromStdString(next.error());
}

// Llama-2-7B training, 2 sequences per microbatch: B = 16 over dp 2 and 4 microbatches.
Session training()
{
    return parse("preset: h100-sxm\nmodel:\n  id: llama-2-7b\n  phase: train\n  batch: 16\n  prompt: 512\n"
                 "  dp: 2\n  microbatches: 4\n");
}

} // namespace

class TestEdits : public QObject {
    Q_OBJECT
private slots:
    void aNumberReachesTheOperationAsItWas()
    {
        // 2^53 − 1 is a whole number no shorter decimal than its 16 digits names: it arrives bit for bit.
        const double b = 9007199254740991.0;
        const Session s = applied(opened(), edits::OperationParam { 2, "B", b });
        QCOMPARE(numberParam(s.operations[2].op, "B").value(), b);
        // The default name follows the parameters; the other operations are untouched.
        QCOMPARE(s.operations[2].name, describe(s.operations[2].op));
        QVERIFY(s.operations[3] == opened().operations[3]);
    }

    // A name the user gave stays but for the value it states of the parameter set, which follows it in its own style.
    void aNameStatingTheValueFollowsIt()
    {
        Session s = parse("preset: tpu-v5e\noperations:\n  - {op: dot, name: dot product N=2^20, N: 1048576}\n"
                          "  - {op: matmul, name: \"my matmul B = 1,024, D=8192\", B: 1024, D: 8192, F: 8192}\n"
                          "  - {op: matmul, name: matmul B=32 (old), B: 64, D: 8192, F: 8192}\n");
        s = applied(s, edits::OperationParam { 0, "N", 2097152.0 });
        QCOMPARE(s.operations[0].name, std::string("dot product N=2^21"));
        s = applied(s, edits::OperationParam { 0, "N", 1000.0 });
        QCOMPARE(s.operations[0].name, std::string("dot product N=1000"));
        s = applied(s, edits::OperationParam { 1, "B", 2048.0 });
        QCOMPARE(s.operations[1].name, std::string("my matmul B = 2,048, D=8192"));
        s = applied(s, edits::OperationParam { 1, "D", 4096.0 });
        QCOMPARE(s.operations[1].name, std::string("my matmul B = 2,048, D=4096"));
        // A value that is not the parameter's stays as the user wrote it.
        s = applied(s, edits::OperationParam { 2, "B", 128.0 });
        QCOMPARE(s.operations[2].name, std::string("matmul B=32 (old)"));
    }

    // How far a parameter moves an operation's intensity, by hand: a dot product's (2N − 1)/(4N + 2) goes from 1/6 at
    // N = 1 to 32767/65538 at N = 16384; a matmul's BDF/(BD + DF + BF), D = F = 8192, from 8192²/(2·8192 + 8192²) at
    // B = 1 to 16384·8192²/(2·16384·8192 + 8192²) at B = 16384.
    void aParameterMovesTheIntensityBy()
    {
        const OperationVariant dot = *makeOperation("dot");
        QVERIFY(std::fabs(*intensitySwing(dot, "N", 1, 16384) / ((32767.0 / 65538) / (1.0 / 6)) - 1) < 1e-12);
        OperationVariant matmul = *makeOperation("matmul");
        assignNumberParam(matmul, "D", 8192);
        assignNumberParam(matmul, "F", 8192);
        const double d2 = 8192.0 * 8192;
        const double atOne = d2 / (2 * 8192 + d2);
        const double atTop = 16384 * d2 / (2 * 16384 * 8192.0 + d2);
        QVERIFY(std::fabs(*intensitySwing(matmul, "B", 1, 16384) / (atTop / atOne) - 1) < 1e-12);
        QVERIFY(!intensitySwing(matmul, "N", 1, 16384));
    }

    void anEditOutsideItsRangeIsRefusedAndNamesWhy()
    {
        QVERIFY(refusal(opened(), edits::OperationParam { 2, "B", 32.5 }).contains("whole"));
        QVERIFY(!refusal(opened(), edits::OperationParam { 2, "B", 0.0 }).isEmpty());
        QVERIFY(refusal(opened(), edits::OperationParam { 2, "nonsense", 1.0 }).contains("no parameter"));
        QVERIFY(refusal(opened(), edits::OperationParam { 2, "B", Dtype::int8 }).contains("expected a number"));
        QVERIFY(refusal(opened(), edits::OperationParam { 99, "B", 1.0 }).contains("no operation 99"));
        QVERIFY(refusal(opened(), edits::HardwareValue { "bandwidth.HBM", -1 }).contains("HBM"));
        QVERIFY(refusal(opened(), edits::HardwareValue { "bandwidth.HBM", NAN }).contains("HBM"));
        // A memory level the chip does not have, named with the ones it has.
        const QString memory = refusal(opened(), edits::OperationParam { 0, "memory", std::string("L7") });
        QVERIFY2(memory.contains("has no memory level named 'L7'") && memory.contains("HBM"), qPrintable(memory));
    }

    void aModelSettingTakesATypedValue()
    {
        const Session s = applied(training(),
            edits::ModelChange { { { "weights", Dtype::fp8 }, { "tp", 2.0 }, { "phase", std::string("decode") } } });
        QCOMPARE(s.model->weights, Dtype::fp8);
        QCOMPARE(s.model->tp, 2.0);
        QCOMPARE(s.model->phase, Phase::Decode);
        QCOMPARE(refusal(training(), edits::ModelChange { { { "batch", 16.5 } } }),
            QString("model.batch: expected a whole number of sequences from 1 to 16777216, found '16.5'"));
        QVERIFY(refusal(training(), edits::ModelChange { { { "batch", std::string("16") } } })
                    .contains("expected a whole number"));
        QVERIFY(
            refusal(training(), edits::ModelChange { { { "id", std::string("no-such-model") } } }).contains("known: "));
        QVERIFY(refusal(opened(), edits::ModelChange { { { "batch", 4.0 } } }).contains("has no model"));
    }

    // A scenario's words describe the settings it opened with; a change of them recomposes the title and description,
    // Reset puts the scenario's words back with its settings.
    void theTitleFollowsTheModelsSettings()
    {
        const Session four = parse("name: Llama-3.1-70B decode at B = 16 over 8 chips\ndescription: decoding 16\n"
                                   "preset: h100-sxm\nmodel:\n  id: llama-3.1-70b\n  batch: 16\n  context: 4096\n"
                                   "  tp: 8\n  link: NVLink\n");
        const Session wider = applied(four, edits::ModelChange { { { "batch", 64.0 } } });
        QCOMPARE(wider.name, std::string("Llama 3.1 70B decode at B = 64 over 8 chips"));
        QCOMPARE(wider.description,
            std::string("Llama 3.1 70B (bf16) decoding 64 sequences at a context of 4,096, split 8 ways by tensor "
                        "parallelism."));
        const Session prefill = applied(wider,
            edits::ModelChange {
                { { "phase", std::string("prefill") }, { "prompt", 2048.0 }, { "tp", 1.0 }, { "batch", 1.0 } } });
        QCOMPARE(prefill.name, std::string("Llama 3.1 70B prefill at B = 1 on one chip"));
        QCOMPARE(prefill.description, std::string("Llama 3.1 70B (bf16) prefilling 1 prompt of 2,048 tokens."));
        // The same settings again change nothing, the words included.
        QCOMPARE(applied(four, edits::ModelChange { { { "batch", 16.0 } } }).name, four.name);
        const Session reset = resetTarget(wider, four);
        QCOMPARE(reset.name, four.name);
        QCOMPARE(reset.description, four.description);
        QCOMPARE(reset.model, four.model);
    }

    void aSettingsTextBecomesTypedEdits()
    {
        // --set's text is read once into the values the window's controls send: numbers as numbers, dtypes as dtypes.
        const Session s = opened();
        const auto editsOf = [&s](std::string_view text) { return settingEdits(s, text).value(); };
        const std::vector<SessionEdit> every = editsOf("B=512");
        std::size_t withB = 0;
        for (const Operation& op : s.operations)
            withB += findParam(op.op, "B") != nullptr;
        QVERIFY(withB >= 2);
        QCOMPARE(every.size(), withB);
        for (const SessionEdit& e : every) {
            const auto* param = std::get_if<edits::OperationParam>(&e);
            QVERIFY(param && param->param == "B" && std::get<double>(param->value) == 512.0);
            QVERIFY(findParam(s.operations[param->operation].op, "B"));
        }
        const auto hbm = std::get<edits::HardwareValue>(editsOf("bandwidth.HBM=2 TB/s").front());
        QCOMPARE(hbm.key, std::string("bandwidth.HBM"));
        QCOMPARE(hbm.value, 2e12);
        const auto one = std::get<edits::OperationParam>(editsOf("ops[2].w=int8").front());
        QCOMPARE(one.operation, std::size_t(2));
        QCOMPARE(std::get<Dtype>(one.value), Dtype::int8);
        const auto batch = std::get<edits::ModelChange>(editsOf("model.batch=8").front());
        QCOMPARE(batch.settings.size(), std::size_t(1));
        QCOMPARE(std::get<double>(batch.settings.front().second), 8.0);
        QCOMPARE(std::get<edits::ChartDtype>(editsOf("chart.dtype=int8").front()).dtype, Dtype::int8);
        QCOMPARE(std::get<edits::Latency>(editsOf("latency=on").front()).on, true);
        // What names nothing, or holds no value of its key's type, is refused before any edit is made.
        QCOMPARE(QString::fromStdString(settingEdits(s, "B=many").error()),
            QString("B: expected a whole number from 1 to 2^53 (9007199254740992), found 'many'"));
        QVERIFY(settingEdits(s, "bandwidth.L9=1").error().starts_with("bandwidth.L9: "));
        QVERIFY(settingEdits(s, "model.batch=eight").error().starts_with("model.batch: "));
    }

    void modelSettingsGivenTogetherNeverDependOnTheirOrder()
    {
        const Session deepseek = parse("preset: h100-sxm\nmodel:\n  id: deepseek-v3\n  tp: 8\n");
        using Settings = std::vector<std::pair<std::string, ParamValue>>;
        // 8 expert-parallel groups need 8 sequences: the batch given with ep, before it or after it.
        for (const Settings& order :
            { Settings { { "ep", 8.0 }, { "batch", 8.0 } }, Settings { { "batch", 8.0 }, { "ep", 8.0 } } }) {
            const Session s = applied(deepseek, edits::ModelChange { order });
            QCOMPARE(s.model->ep, 8.0);
            QCOMPARE(s.model->batch, 8.0);
        }
        // A link with nothing to carry is refused whichever comes first, and taken with the tp that gives it work.
        const Session llama = parse("preset: h100-sxm\nmodel:\n  id: llama-2-7b\n");
        QVERIFY(refusal(llama, edits::ModelChange { { { "link", std::string("NVLink") } } })
                    .startsWith("model.link: with tp 1 there is no tensor-parallel all-reduce"));
        for (const Settings& order : { Settings { { "link", std::string("NVLink") }, { "tp", 2.0 } },
                 Settings { { "tp", 2.0 }, { "link", std::string("NVLink") } } })
            QCOMPARE(applied(llama, edits::ModelChange { order }).model->tp, 2.0);
        // An id among the settings gives a session without a model one, first, whatever its place in the list.
        const Session given
            = applied(opened(), edits::ModelChange { { { "batch", 4.0 }, { "id", std::string("llama-2-7b") } } });
        QCOMPARE(given.model->model.id, std::string("llama-2-7b"));
        QCOMPARE(given.model->batch, 4.0);
    }

    void moreReplicasKeepTheMicrobatch()
    {
        // 16 sequences over dp 2 × 4 microbatches: 2 a microbatch. dp 8 keeps 2: 2 · 8 · 4 = 64 sequences.
        const Session s = applied(training(), edits::ModelChange { keepingMicrobatch(*training().model, "dp", 8) });
        QCOMPARE(s.model->dp, 8.0);
        QCOMPARE(s.model->batch, 64.0);
        QCOMPARE(s.model->sequences(), 2.0);
        // Microbatches 1: 2 · 2 · 1 = 4.
        const Session fewer
            = applied(training(), edits::ModelChange { keepingMicrobatch(*training().model, "microbatches", 1) });
        QCOMPARE(fewer.model->batch, 4.0);
    }

    void resetPutsBackWhatOpenedAndOnlyThat()
    {
        const Session start = opened();
        Session s = applied(start, edits::HardwareValue { "bandwidth.HBM", 2e12 });
        s = applied(s, edits::OperationParam { 2, "B", 512.0 });
        s = applied(s, edits::AddOperation { Dot { .N = 1024, .dtype = Dtype::bf16, .memory = {} } });
        QVERIFY(chipModified(s, start));
        QVERIFY(canReset(s, start));
        const Session reset = resetTarget(s, start);
        QVERIFY(!chipModified(reset, start));
        QVERIFY(!canReset(reset, start));
        QVERIFY(reset.overrides.empty());
        QCOMPARE(numberParam(reset.operations[2].op, "B").value(), 32.0);
        QCOMPARE(reset.operations.size(), start.operations.size() + 1); // the added dot product stays
        // After another chip was chosen, Reset clears that chip's overrides and nothing else.
        Session other = applied(start, edits::Preset { *library().find("a100-sxm") });
        QVERIFY(!canReset(other, start));
        other = applied(other, edits::HardwareValue { "bandwidth.HBM", 1e12 });
        QVERIFY(chipModified(other, start));
        QVERIFY(resetTarget(other, start).overrides.empty());
    }

    void aScenarioReadsNoUserFolder()
    {
        // A user's model of the same id in ~/.config would replace the built-in one, were the core to look there:
        // it does not, so a scenario read without a library names the built-in Llama 2 7B whatever the folder holds.
        QTemporaryDir config;
        QVERIFY(QDir(config.path()).mkpath(QStringLiteral("roofline-lab/models")));
        std::string yaml;
        for (const EmbeddedFile& f : embeddedFiles())
            if (f.name == "models/llama-2-7b.yaml")
                yaml = std::string(f.text);
        QVERIFY(yaml.find("name: Llama 2 7B") != std::string::npos);
        yaml.replace(yaml.find("name: Llama 2 7B"), 16, "name: A user's own");
        QFile file(config.filePath(QStringLiteral("roofline-lab/models/llama-2-7b.yaml")));
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(yaml.data(), qint64(yaml.size())) > 0);
        file.close();
        const QByteArray saved = qgetenv("XDG_CONFIG_HOME");
        qputenv("XDG_CONFIG_HOME", config.path().toUtf8());
        QCOMPARE(loadModelLibrary({ userModelDir() }).find("llama-2-7b")->name, std::string("A user's own"));
        const Session s = parse("preset: h100-sxm\nmodel:\n  id: llama-2-7b\n");
        Session changed = s;
        const std::optional<std::string> error = applySetting(changed, "model.id=llama-2-7b");
        qputenv("XDG_CONFIG_HOME", saved);
        QCOMPARE(s.model->model.name, std::string("Llama 2 7B"));
        QVERIFY(!error);
        QCOMPARE(changed.model->model.name, std::string("Llama 2 7B"));
    }

    // A chip's price: the session's chip's is its price.hour, another's is kept by preset id; each follows its chip
    // when the session moves, so that the Compare tab's column reads the same after a double click.
    void aPriceFollowsItsChip()
    {
        Session s = applied(opened(), edits::ChipPrice { "h100-sxm", 2.49 });
        s = applied(s, edits::ChipPrice { "b200", 5.99 });
        QCOMPARE(s.hardware().pricePerHour, 2.49);
        QCOMPARE(s.prices, (std::map<std::string, double> { { "b200", 5.99 } }));
        QCOMPARE(chipPrice(s, "h100-sxm"), 2.49);
        QCOMPARE(chipPrice(s, "b200"), 5.99);
        QCOMPARE(chipPrice(s, "mi300x"), 0.0);
        const Session moved = applied(s, edits::Preset { *library().find("b200") });
        QCOMPARE(moved.hardware().pricePerHour, 5.99);
        QCOMPARE(moved.prices, (std::map<std::string, double> { { "h100-sxm", 2.49 } }));
        QVERIFY(applied(s, edits::ChipPrice { "b200", std::nullopt }).prices.empty());
        QVERIFY(refusal(s, edits::ChipPrice { "b200", -1.0 }).contains("price"));
        // Read from a scenario's prices: and written back.
        const Session read = parse("preset: h100-sxm\nprices: {b200: 5.99, mi300x: 3.2}\n");
        QCOMPARE(read.prices.at("mi300x"), 3.2);
        QCOMPARE(parse(writeScenario(read)).prices, read.prices);
        QVERIFY(!parseScenario("preset: h100-sxm\nprices: {h100-sxm: 2}\n", "p.yaml", library()));
        QVERIFY(!parseScenario("preset: h100-sxm\nprices: {nochip: 2}\n", "p.yaml", library()));
        QVERIFY(!parseScenario("preset: h100-sxm\nprices: {b200: 2 dollars}\n", "p.yaml", library()));
    }

    void anotherChipKeepsTheUsersOperations()
    {
        // The default workload follows the chip; a changed one stays, pointed at the new chip's memory.
        const Session tpu = applied(opened(), edits::Preset { *library().find("tpu-v5e") });
        QVERIFY(tpu == defaultSession(*library().find("tpu-v5e")));
        Session mine = applied(opened(), edits::OperationParam { 2, "B", 64.0 });
        mine = applied(mine, edits::Preset { *library().find("tpu-v5e") });
        QCOMPARE(mine.presetId, std::string("tpu-v5e"));
        QCOMPARE(numberParam(mine.operations[2].op, "B").value(), 64.0);
        QCOMPARE(mine.operations.size(), opened().operations.size());
    }
};

QTEST_GUILESS_MAIN(TestEdits)
#include "test_edits.moc"
