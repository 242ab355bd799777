// SPDX-License-Identifier: GPL-3.0-or-later
// Operation colours against the roofs and the background: in every shipped example and every chip's default workload,
// in the light and the dark theme, no operation is drawn in (or near) a roof's or the envelope's colour; the
// operations of one series (differing only in their main parameter) share colour and shape, and different series
// differ in one of them; and every text drawn in an operation's colour has a contrast of at least 4.5 to 1 with the
// background (WCAG 2), computed here from the formula.
#include "chart/chart_probe.h"
#include "chart/roofline_chart.h"
#include "common/chart_theme.h"
#include "common/contrast.h"
#include "files/presets.h"
#include "files/scenario.h"
#include "readout/readout_model.h"
#include "session/analysis.h"
#include "session/session.h"
#include "sweep/sweep_chart.h"
#include "test_util.h"

#include <QTest>

#include <cmath>
#include <map>
#include <memory>
#include <set>

using namespace roofline;
using namespace roofline::widgets;

namespace {

constexpr double kMinDistance = kMinOperationDistance;

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

// WCAG 2.x relative luminance and contrast ratio, written out from the recommendation's definition
// (https://www.w3.org/TR/WCAG21/#dfn-relative-luminance), independently of common/contrast.h.
double wcagLuminance(const QColor& c)
{
    const auto channel = [](int v8) {
        const double v = v8 / 255.0;
        return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(c.red()) + 0.7152 * channel(c.green()) + 0.0722 * channel(c.blue());
}

double wcagContrast(const QColor& a, const QColor& b)
{
    const double la = wcagLuminance(a);
    const double lb = wcagLuminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// Whether two operations are one series: the same group and kind with every parameter but the main one equal.
bool sameSeries(const Operation& a, const Operation& b)
{
    if (a.group != b.group || a.op.index() != b.op.index())
        return false;
    OperationVariant moved = a.op;
    const std::string_view main = mainParam(a.op);
    if (const auto value = numberParam(b.op, main))
        assignNumberParam(moved, main, *value);
    return moved == b.op;
}

Session loadExample(const QString& scenario, const QString& preset)
{
    const PresetLibrary library = loadPresetLibrary({});
    if (!scenario.isEmpty()) {
        for (const EmbeddedFile& f : embeddedFiles())
            if (q(std::string(f.name)) == scenario) {
                auto parsed = parseScenario(f.text, std::string(f.name), library);
                return parsed.ok() ? parsed.value() : Session {};
            }
        return {};
    }
    const Hardware* hw = library.find(preset.toStdString());
    return hw ? defaultSession(*hw) : Session {};
}

void addExampleRows()
{
    QTest::addColumn<QString>("scenario"); // an embedded scenario, or empty for a preset's default workload
    QTest::addColumn<QString>("preset");
    QTest::addColumn<bool>("dark");
    const PresetLibrary library = loadPresetLibrary({});
    for (const bool dark : { false, true }) {
        const char* theme = dark ? "dark" : "light";
        for (const EmbeddedFile& f : embeddedFiles())
            if (f.name.starts_with("scenarios/"))
                QTest::addRow("%s %s", std::string(f.name).c_str(), theme)
                    << q(std::string(f.name)) << QString() << dark;
        for (const Hardware& hw : library.presets())
            QTest::addRow("%s default %s", hw.id.c_str(), theme) << QString() << q(hw.id) << dark;
    }
}

} // namespace

class TestColours : public QObject {
    Q_OBJECT
private slots:
    void paletteKeepsAwayFromTheRoofs_data();
    void paletteKeepsAwayFromTheRoofs();
    void examplesAreDrawnApartFromTheRoofs_data();
    void examplesAreDrawnApartFromTheRoofs();
    void colourStaysWithTheOperation();
    void shapesDifferPastThePalette();
    void coloursOfTheRoofsAreRedrawn();
    void contrastFollowsWcag();
    void operationTextIsReadable_data();
    void operationTextIsReadable();
    void aSeriesKeepsItsColour();

private:
    // Draws the session and checks every shown operation's colour and shape.
    // Draws the session and checks every shown operation's colour and shape. A file may colour the operations of a
    // series differently (`coloursGiven`): then operations of one series and one given colour are one look.
    void checkChart(const Session&, const ChartTheme&, bool coloursGiven = false);
};

void TestColours::paletteKeepsAwayFromTheRoofs_data()
{
    QTest::addColumn<bool>("dark");
    QTest::newRow("light") << false;
    QTest::newRow("dark") << true;
}

void TestColours::paletteKeepsAwayFromTheRoofs()
{
    QFETCH(bool, dark);
    const ChartTheme theme = dark ? ChartTheme::darkTheme() : ChartTheme::light();
    for (const std::string& colour : operationPalette()) {
        const QColor drawn = theme.operationColour(colour);
        for (const QColor& ink : theme.roofInks()) {
            const double distance = perceptualDistance(drawn, ink);
            QVERIFY2(distance >= kMinDistance,
                qPrintable(QStringLiteral("%1 drawn as %2 is %3 from the roof ink %4")
                               .arg(q(colour), drawn.name())
                               .arg(distance)
                               .arg(ink.name())));
        }
        QVERIFY2(perceptualDistance(drawn, theme.background) >= kMinDistance, qPrintable(drawn.name()));
        for (const std::string& other : operationPalette())
            QVERIFY2(other == colour || perceptualDistance(drawn, theme.operationColour(other)) >= kMinDistance,
                qPrintable(QStringLiteral("%1 and %2 are hard to tell apart").arg(q(colour), q(other))));
    }
}

void TestColours::examplesAreDrawnApartFromTheRoofs_data()
{
    addExampleRows();
}

void TestColours::examplesAreDrawnApartFromTheRoofs()
{
    QFETCH(QString, scenario);
    QFETCH(QString, preset);
    QFETCH(bool, dark);
    const Session session = loadExample(scenario, preset);
    QVERIFY(!session.operations.empty() || session.model); // a model's operations are made by the analysis
    checkChart(session, dark ? ChartTheme::darkTheme() : ChartTheme::light());
}

void TestColours::checkChart(const Session& session, const ChartTheme& theme, bool coloursGiven)
{
    RooflineChart chart;
    chart.setTheme(theme);
    const auto analysis = std::make_shared<const Analysis>(analyse(session));
    chart.setAnalysis(analysis);
    chart.resize(1000, 700);
    chart.refresh();
    QVERIFY(!ChartProbe(chart).shown().empty());
    // One series, one colour and one shape; different series differ in one of them while there are styles enough:
    // past the palette's colours times the marker shapes, some must repeat.
    struct Drawn {
        const Operation* op;
        QString name;
        QRgb colour;
        int shape;
    };
    std::vector<Drawn> series; // the first operation of each series
    std::vector<Drawn> drawn;
    for (const std::size_t op : ChartProbe(chart).shown()) {
        const auto style = ChartProbe(chart).markerStyle(op);
        QVERIFY(style);
        const auto& [colour, shape] = *style;
        const Operation& operation = analysis->session.operations[op];
        const QString name = q(operation.name);
        for (const QColor& ink : theme.roofInks())
            QVERIFY2(perceptualDistance(colour, ink) >= kMinDistance,
                qPrintable(
                    QStringLiteral("%1 is drawn in %2, near the roof ink %3").arg(name, colour.name(), ink.name())));
        drawn.push_back({ &operation, name, colour.rgb(), shape });
        const auto first = std::find_if(series.begin(), series.end(), [&](const Drawn& d) {
            return sameSeries(*d.op, operation) && (!coloursGiven || d.op->colour == operation.colour);
        });
        if (first == series.end())
            series.push_back(drawn.back());
        else
            QVERIFY2(first->colour == colour.rgb() && first->shape == shape,
                qPrintable(QStringLiteral("%1 is drawn unlike %2, of the same series").arg(name, first->name)));
    }
    if (series.size() > operationPalette().size() * RooflineChart::kMarkerShapes)
        return;
    // A model's operations take their group's colour: a group of more series than shapes (a training step's
    // attention, its projections' ∂X and ∂W beside them) must repeat shapes within its colour, and only there.
    std::map<QRgb, std::size_t> perColour;
    for (const Drawn& d : series)
        ++perColour[d.colour];
    std::set<std::pair<QRgb, int>> seen;
    for (const Drawn& d : series)
        QVERIFY2(seen.insert({ d.colour, d.shape }).second || perColour[d.colour] > RooflineChart::kMarkerShapes,
            qPrintable(QStringLiteral("%1 shares colour %2 and shape %3 with another series")
                           .arg(d.name, QColor(d.colour).name())
                           .arg(d.shape)));
}

// Removing an operation recolours none of the others, and a new series takes the colour fewest series have.
void TestColours::colourStaysWithTheOperation()
{
    const PresetLibrary library = loadPresetLibrary({});
    Session session = defaultSession(*library.find("tpu-v5e"));
    QVERIFY(session.operations.size() > 3);
    std::vector<std::pair<std::string, std::string>> before; // id, colour
    for (const Operation& op : session.operations)
        before.emplace_back(op.id, op.colour);
    session.operations.erase(session.operations.begin() + 1);
    std::reverse(session.operations.begin(), session.operations.end());
    assignIdentities(session);
    for (const Operation& op : session.operations) {
        const auto it = std::find_if(before.begin(), before.end(), [&](const auto& b) { return b.first == op.id; });
        QVERIFY(it != before.end());
        QCOMPARE(op.colour, it->second);
    }
    // The palette's first colour among those fewest series have.
    const std::vector<std::string>& palette = operationPalette();
    std::vector<int> uses(palette.size(), 0);
    std::vector<const Operation*> series;
    for (const Operation& op : session.operations)
        if (std::none_of(series.begin(), series.end(), [&](const Operation* s) { return sameSeries(*s, op); })) {
            series.push_back(&op);
            ++uses[static_cast<std::size_t>(std::find(palette.begin(), palette.end(), op.colour) - palette.begin())];
        }
    const std::string least
        = palette[static_cast<std::size_t>(std::min_element(uses.begin(), uses.end()) - uses.begin())];
    Operation added;
    Matmul unlikeAny;
    unlikeAny.D = 12288;
    unlikeAny.F = 3072;
    added.op = unlikeAny;
    added.name = describe(added.op);
    addOperation(session, added);
    QCOMPARE(session.operations.back().colour, least);
}

// Matmuls that differ only in B are one series: one colour, and a matmul added at another B takes it; a matmul of
// other sizes or dtypes is a series of its own.
void TestColours::aSeriesKeepsItsColour()
{
    const PresetLibrary library = loadPresetLibrary({});
    Session session = defaultSession(*library.find("h100-sxm"));
    std::vector<const Operation*> bf16;
    for (const Operation& op : session.operations)
        if (const auto* m = std::get_if<Matmul>(&op.op); m && m->x == Dtype::bf16 && m->w == Dtype::bf16)
            bf16.push_back(&op);
    QCOMPARE(bf16.size(), std::size_t(3)); // B = 32, 256 and 1024
    for (const Operation* op : bf16)
        QCOMPARE(op->colour, bf16.front()->colour);
    QCOMPARE(seriesKey(*bf16.front()), seriesKey(*bf16.back()));
    const std::string colour = bf16.front()->colour;

    Operation more;
    Matmul b64 = std::get<Matmul>(bf16.front()->op);
    b64.B = 64;
    more.op = b64;
    addOperation(session, more);
    QCOMPARE(session.operations.back().colour, colour);

    Operation wider = more;
    std::get<Matmul>(wider.op).D *= 2;
    QVERIFY(seriesKey(wider) != seriesKey(more));
    Operation int8 = more;
    std::get<Matmul>(int8.op).w = Dtype::int8;
    QVERIFY(seriesKey(int8) != seriesKey(more));
    Operation grouped = more;
    grouped.group = "mlp";
    QVERIFY(seriesKey(grouped) != seriesKey(more));
}

// The contrast maths against the formula written out above, and the shades it picks.
void TestColours::contrastFollowsWcag()
{
    QCOMPARE(contrastRatio(Qt::black, Qt::white), 21.0);
    QCOMPARE(contrastRatio(Qt::white, Qt::white), 1.0);
    std::vector<QColor> colours { Qt::black, Qt::white, QColor(QRgb(0x777777)), QColor(QRgb(0xf0e442)) };
    for (const bool dark : { false, true }) {
        const ChartTheme theme = dark ? ChartTheme::darkTheme() : ChartTheme::light();
        colours.push_back(theme.background);
        colours.push_back(theme.foreground);
        for (const std::string& c : operationPalette())
            colours.push_back(theme.operationColour(c));
    }
    for (const QColor& a : colours)
        for (const QColor& b : colours) {
            QVERIFY(std::abs(contrastRatio(a, b) - wcagContrast(a, b)) < 1e-9);
            QVERIFY(std::abs(relativeLuminance(a) - wcagLuminance(a)) < 1e-12);
        }
    // #777 on white is the classic just-too-light grey: 4.48.
    QVERIFY(std::abs(wcagContrast(QColor(QRgb(0x777777)), Qt::white) - 4.48) < 0.01);

    for (const QColor& background : { ChartTheme::light().background, ChartTheme::darkTheme().background })
        for (const QColor& ink : colours) {
            const QColor shaded = readableOn(ink, background);
            QVERIFY2(wcagContrast(shaded, background) >= kMinTextContrast,
                qPrintable(QStringLiteral("%1 on %2 became %3").arg(ink.name(), background.name(), shaded.name())));
            if (wcagContrast(ink, background) >= kMinTextContrast)
                QCOMPARE(shaded, ink); // already readable: unchanged
            else if (ink.hsvSaturation() > 60) // a hue worth keeping keeps it
                QVERIFY2(std::abs(shaded.hsvHue() - ink.hsvHue()) <= 12 || shaded.hsvSaturation() < 40,
                    qPrintable(QStringLiteral("%1 became %2").arg(ink.name(), shaded.name())));
        }
    // Sky blue and yellow, which a projector washes out on white, are darkened; on the dark theme they stay.
    QVERIFY(readableOn(QColor(QRgb(0x56b4e9)), Qt::white).lightness() < QColor(QRgb(0x56b4e9)).lightness());
    QCOMPARE(readableOn(QColor(QRgb(0xf0e442)), ChartTheme::darkTheme().background), QColor(QRgb(0xf0e442)));
}

void TestColours::operationTextIsReadable_data()
{
    addExampleRows();
}

// Every text drawn in an operation's colour, over every example in both themes: the names beside the markers, the
// sweep's critical values and the table's names.
void TestColours::operationTextIsReadable()
{
    QFETCH(QString, scenario);
    QFETCH(QString, preset);
    QFETCH(bool, dark);
    const Session session = loadExample(scenario, preset);
    const ChartTheme theme = dark ? ChartTheme::darkTheme() : ChartTheme::light();
    const auto analysis = std::make_shared<const Analysis>(analyse(session));
    const auto check = [&](const QColor& ink, const QString& what) {
        const double contrast = wcagContrast(ink, theme.background);
        QVERIFY2(contrast >= kMinTextContrast,
            qPrintable(QStringLiteral("%1 in %2 on %3: %4 to 1")
                           .arg(what, ink.name(), theme.background.name())
                           .arg(contrast, 0, 'f', 2)));
    };

    RooflineChart chart;
    chart.setTheme(theme);
    chart.setAnalysis(analysis);
    chart.resize(1400, 900);
    chart.show(); // laid out at its size, as the window shows it
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    chart.replot();
    const QStringList names = ChartProbe(chart).visibleOperationLabels();
    QVERIFY(!names.isEmpty());
    int checked = 0;
    for (int i = 0; i < chart.itemCount(); ++i)
        if (const auto* text = qobject_cast<QCPItemText*>(chart.item(i));
            text && text->visible() && names.contains(text->text())) {
            check(text->color(), text->text());
            ++checked;
        }
    QVERIFY(checked > 0);

    SweepChart sweep;
    sweep.setTheme(theme);
    sweep.setAnalysis(analysis);
    sweep.resize(1024, 400);
    sweep.draw();
    for (int i = 0; i < sweep.itemCount(); ++i)
        if (const auto* text = qobject_cast<QCPItemText*>(sweep.item(i));
            text && text->text().contains(QStringLiteral(" ≥ ")) && text->color() != theme.foreground)
            check(text->color(), text->text());

    ReadoutModel table;
    table.setTheme(theme);
    table.setAnalysis(analysis);
    for (int row = 0; row < table.rowCount(); ++row) {
        const QModelIndex name = table.index(row, ReadoutModel::Name);
        check(table.data(name, Qt::ForegroundRole).value<QColor>(), table.data(name).toString());
    }
}

// As many series as the palette's colours times the marker shapes (matmuls of as many sizes): each colour comes in
// every shape, and no pair repeats.
void TestColours::shapesDifferPastThePalette()
{
    const PresetLibrary library = loadPresetLibrary({});
    Session session = defaultSession(*library.find("h100-sxm"));
    session.operations.clear();
    for (std::size_t i = 0; i < operationPalette().size() * RooflineChart::kMarkerShapes; ++i) {
        Matmul m;
        m.D = 1024 + 64 * double(i);
        Operation op;
        op.op = m;
        op.name = describe(op.op);
        addOperation(session, op);
    }
    for (const bool dark : { false, true }) {
        checkChart(session, dark ? ChartTheme::darkTheme() : ChartTheme::light());
        if (QTest::currentTestFailed())
            return;
    }
}

// A file may give any colour: one that reads as a roof or the envelope (black, white, a roof's grey) is drawn in a
// palette colour, and operations still differ in colour or shape where the file coloured them apart.
void TestColours::coloursOfTheRoofsAreRedrawn()
{
    const PresetLibrary library = loadPresetLibrary({});
    Session session = defaultSession(*library.find("h100-sxm"));
    const std::vector<std::string> inks { "#000000", "#ffffff", "#202020", "#e6e6e6", "#5b6b7d", "#9fb0c2", "#7d6e5b",
        "#c4b49c", "#0d0d0d" };
    for (std::size_t i = 0; i < session.operations.size(); ++i)
        session.operations[i].colour = inks[i % inks.size()];
    for (const bool dark : { false, true }) {
        checkChart(session, dark ? ChartTheme::darkTheme() : ChartTheme::light(), true);
        if (QTest::currentTestFailed())
            return;
    }
}

ROOFLINE_GUI_TEST_MAIN(TestColours)
#include "test_colours.moc"
