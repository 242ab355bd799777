// Operation colours against the roofs: in every shipped example and every chip's default workload, in the light and
// the dark theme, no operation is drawn in (or near) a roof's or the envelope's colour, and no two operations share
// both colour and marker shape.
#include "chart/roofline_chart.h"
#include "common/chart_theme.h"
#include "files/presets.h"
#include "files/scenario.h"
#include "session/analysis.h"
#include "session/session.h"
#include "test_util.h"

#include <QTest>

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

private:
    // Draws the session and checks every shown operation's colour and shape.
    void checkChart(const Session&, const ChartTheme&);
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

void TestColours::examplesAreDrawnApartFromTheRoofs()
{
    QFETCH(QString, scenario);
    QFETCH(QString, preset);
    QFETCH(bool, dark);
    const PresetLibrary library = loadPresetLibrary({});
    Session session;
    if (!scenario.isEmpty()) {
        for (const EmbeddedFile& f : embeddedFiles())
            if (q(std::string(f.name)) == scenario) {
                auto parsed = parseScenario(f.text, std::string(f.name), library);
                if (!parsed.ok())
                    QFAIL(qPrintable(q(toString(parsed.error()))));
                session = parsed.value();
            }
    } else {
        const Hardware* hw = library.find(preset.toStdString());
        QVERIFY(hw);
        session = defaultSession(*hw);
    }
    QVERIFY(!session.operations.empty() || session.model); // a model's operations are made by the analysis
    checkChart(session, dark ? ChartTheme::darkTheme() : ChartTheme::light());
}

void TestColours::checkChart(const Session& session, const ChartTheme& theme)
{
    RooflineChart chart;
    chart.setTheme(theme);
    const auto analysis = std::make_shared<const Analysis>(analyse(session));
    chart.setAnalysis(analysis);
    chart.resize(1000, 700);
    chart.refresh();
    QVERIFY(!chart.shownOperations().empty());
    std::set<std::pair<QRgb, int>> seen;
    // Every operation looks unlike every other while there are styles enough: past the palette's colours times
    // the marker shapes, some must repeat (a training step's forward and backward passes).
    const bool styleEach = chart.shownOperations().size() <= operationPalette().size() * RooflineChart::kMarkerShapes;
    for (const std::size_t op : chart.shownOperations()) {
        const auto style = chart.markerStyle(op);
        QVERIFY(style);
        const auto& [colour, shape] = *style;
        const QString name = q(analysis->session.operations[op].name);
        for (const QColor& ink : theme.roofInks())
            QVERIFY2(perceptualDistance(colour, ink) >= kMinDistance,
                qPrintable(
                    QStringLiteral("%1 is drawn in %2, near the roof ink %3").arg(name, colour.name(), ink.name())));
        QVERIFY2(seen.insert({ colour.rgb(), shape }).second || !styleEach,
            qPrintable(QStringLiteral("%1 shares colour %2 and shape %3 with another operation")
                           .arg(name, colour.name())
                           .arg(shape)));
    }
}

// Removing an operation recolours none of the others, and a new one takes the colour least used.
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
    // The palette's first colour among the least used.
    const std::vector<std::string>& palette = operationPalette();
    std::vector<int> uses(palette.size(), 0);
    for (const Operation& op : session.operations)
        ++uses[static_cast<std::size_t>(std::find(palette.begin(), palette.end(), op.colour) - palette.begin())];
    const std::string least
        = palette[static_cast<std::size_t>(std::min_element(uses.begin(), uses.end()) - uses.begin())];
    Operation added = session.operations.front();
    added.colour.clear();
    addOperation(session, added);
    QCOMPARE(session.operations.back().colour, least);
}

// Five times the palette's size: each colour comes in five shapes, and no pair repeats.
void TestColours::shapesDifferPastThePalette()
{
    const PresetLibrary library = loadPresetLibrary({});
    Session session = defaultSession(*library.find("h100-sxm"));
    Operation first = session.operations.front();
    first.colour.clear();
    session.operations.clear();
    for (std::size_t i = 0; i < operationPalette().size() * 5; ++i)
        addOperation(session, first);
    for (const bool dark : { false, true }) {
        checkChart(session, dark ? ChartTheme::darkTheme() : ChartTheme::light());
        if (QTest::currentTestFailed())
            return;
    }
}

// A file may give any colour: one that reads as a roof or the envelope (black, white, a roof's grey) is drawn in a
// palette colour, and operations still differ in colour or shape.
void TestColours::coloursOfTheRoofsAreRedrawn()
{
    const PresetLibrary library = loadPresetLibrary({});
    Session session = defaultSession(*library.find("h100-sxm"));
    const std::vector<std::string> inks { "#000000", "#ffffff", "#202020", "#e6e6e6", "#5b6b7d", "#9fb0c2", "#7d6e5b",
        "#c4b49c", "#0d0d0d" };
    for (std::size_t i = 0; i < session.operations.size(); ++i)
        session.operations[i].colour = inks[i % inks.size()];
    for (const bool dark : { false, true }) {
        checkChart(session, dark ? ChartTheme::darkTheme() : ChartTheme::light());
        if (QTest::currentTestFailed())
            return;
    }
}

ROOFLINE_GUI_TEST_MAIN(TestColours)
#include "test_colours.moc"
