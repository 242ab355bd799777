// SPDX-License-Identifier: GPL-3.0-or-later
// The roofline chart's words: every part's lines, marks and texts gathered into one TextScene, laid out by the core
// (chart/text_layout.h) and drawn where it says: a text that cannot name its own line or mark unambiguously is left
// out, by rank, never placed where it would name something else.
#include "chart/roofline_chart.h"

#include "chart/text_scene.h"
#include "common/chart_text.h"
#include "common/si_log_ticker.h"

#include <QFontMetricsF>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace roofline::widgets {

namespace {

// The ranks by their short names here.
constexpr int kLesson = kRankLesson;
constexpr int kKey = kRankKey;
constexpr int kBinding = kRankBinding;
constexpr int kNames = kRankNames;
constexpr int kCounts = kRankCounts;
constexpr int kTouched = kRankTouched;
constexpr int kSecondary = kRankSecondary;
constexpr int kUntouched = kRankUntouched;
constexpr int kCaptions = kRankCaptions;

int rankOf(chart::LabelPriority p)
{
    switch (p) {
    case chart::LabelPriority::Lesson:
        return kLesson;
    case chart::LabelPriority::Binding:
        return kBinding;
    case chart::LabelPriority::Touched:
        return kTouched;
    case chart::LabelPriority::Untouched:
        break;
    }
    return kUntouched;
}

std::string str(const QString& s)
{
    return s.toStdString();
}

} // namespace

QSizeF RooflineChart::textSize(const QCPItemText* text)
{
    return textSize(text->font(), text->text());
}

QSizeF RooflineChart::textSize(const QFont& font, const QString& text)
{
    QHash<QString, QSizeF>& sizes = m_textSizes[font];
    if (const auto it = sizes.constFind(text); it != sizes.constEnd())
        return *it;
    if (sizes.size() > 4096)
        sizes.clear(); // slider steps change numbers in ridge labels: keep the cache bounded
    const QRectF r = QFontMetricsF(font).boundingRect(text);
    const QSizeF size(r.width() + 6, r.height());
    sizes.insert(text, size);
    return size;
}

QSize RooflineChart::legendSize()
{
    if (m_legendSize.isEmpty())
        m_legendSize = legend->minimumOuterSizeHint();
    return m_legendSize;
}

// Runs after every layout, the chart's own and an export's: every text's place depends on pixels.
void RooflineChart::placeLabels()
{
    const QRect plot = axisRect()->rect();
    stackMarkers();
    placeCompared(); // which compared markers share a pixel, where each arrow's head stops
    // A name stands clear of its marker's disc and a little air; a roof's name a line's width off its roof, so that
    // its veil leaves the line whole.
    TextScene scene { QRectF(plot), kMarkerRoom * m_theme.zoom / 2 + 3 * m_theme.zoom, 2.5 * m_theme.zoom,
        m_itemTextSizes };
    // What no text may cover: the axes' names and tick labels inside the plot, and the legend, which steps aside when
    // it would hide a fifth of the plot (a small window, a projector zoom): the names are beside the markers, in the
    // list and in the table too. A file has no table beside it: there the legend stays up to nearly a third, so that
    // a slide of a whole model, which names few of its operations on the chart, still names them.
    for (const QRectF& box : axisNameBoxes())
        scene.keepOut(box);
    const QSize legendSize = this->legendSize();
    const double legendShare = m_smoothScopes > 0 ? 0.3 : 0.2;
    const bool legendShown
        = double(legendSize.width()) * legendSize.height() < legendShare * plot.width() * plot.height();
    if (legendShown != legend->visible()) {
        legend->setVisible(legendShown);
        axisRect()->insetLayout()->update(QCPLayoutElement::upLayout); // its place in this layout, not the last
    }
    if (legend->visible())
        scene.keepOut(QRectF(legend->outerRect()));
    const SceneMarks marks = addLinesAndMarks(scene);
    addRoofTexts(scene, marks);
    addOperationTexts(scene, marks);
    m_compared.addTexts(scene, context(), marks.comparedLines, marks.comparedRidges);
    m_measured.addTexts(
        scene, marks.measuredLines,
        [&marks](const std::string& name, std::size_t own) { return marks.familyOf(name, own); }, kSecondary);
    m_compared.addKey(scene, context(), legend->visible());
    for (QCPItemText* caption : { m_bandwidthCaption, m_computeCaption }) {
        // The regions' captions where their corners put them, else nowhere.
        const QSizeF size = textSize(caption);
        const QPointF at = caption->position->pixelPosition();
        const bool right = caption->positionAlignment().testFlag(Qt::AlignRight);
        const bool top = caption->positionAlignment().testFlag(Qt::AlignTop);
        chart::TextRequest r;
        r.kind = chart::TextRequest::Kind::Free;
        r.texts = { str(caption->text()) };
        r.rank = kCaptions;
        r.places = { { right ? at.x() - size.width() : at.x() - size.width() / 2, top ? at.y() : at.y() - size.height(),
            size.width(), size.height() } };
        scene.addText(std::move(r), caption, { QStringLiteral("note"), {}, {}, 0, {} });
    }
    addAnswer(scene);
    // Through a drag or a play each name keeps the spot it took in the frame before while that is free, in the order
    // that won at rest, so that names hold still; at rest, and in an export, every name takes the first free spot:
    // the same chart gives the same picture.
    const bool holdSpots = m_fast && m_smoothScopes == 0;
    scene.layOut(holdSpots ? std::optional<std::size_t>(m_labelOrder) : std::nullopt);
    if (m_smoothScopes == 0) {
        if (!holdSpots)
            m_labelOrder = scene.order();
        m_labelSpots.clear();
        for (const TextScene::Placed& p : scene.placed())
            if (p.meaning.kind == QLatin1String("operation") && p.meaning.operation)
                m_labelSpots[m_analysis->session.operations[*p.meaning.operation].id] = p.spot;
    }
    m_placedTexts = scene.placed();
}

// Every line drawn and every mark a text must name or keep off, in pixels: the roofs, their ridges' dots, the
// markers as drawn (one for those stacked on it), the compared chips' roofs and markers, measured and calibrated roofs.
RooflineChart::SceneMarks RooflineChart::addLinesAndMarks(TextScene& scene)
{
    SceneMarks out;
    auto pixel = [this](chart::Point p) { return QPointF(xAxis->coordToPixel(p.x), yAxis->coordToPixel(p.y)); };
    const double peak = m_layout.envelope.size() == 3 ? m_layout.envelope[1].y : m_layout.y.upper();
    const double ridgeRadius = 7 * m_theme.zoom / 2 + m_theme.width(1.5) / 2;
    for (const chart::RoofSegment& r : m_layout.roofs) {
        // A leader may cross the links' dashes and the other dtypes' peaks, which no one follows as far as a leader
        // goes; not a memory roof or the chart's own peak, which it would read as.
        const bool crossable = r.kind == RoofKind::Network || (r.kind == RoofKind::Compute && !r.selected);
        out.roofLines.push_back(scene.addLine(pixel(r.from), pixel(r.to), crossable));
        out.lineNames.emplace_back(out.roofLines.back(), r.name);
        const bool ridgeShown = r.kind != RoofKind::Compute && r.ridge > m_layout.x.lower()
            && r.ridge < m_layout.x.upper() && peak > m_layout.y.lower() && peak < m_layout.y.upper();
        out.ridgeMarks.push_back(
            ridgeShown ? std::optional(scene.addMark(pixel({ r.ridge, peak }), ridgeRadius)) : std::nullopt);
    }
    for (const chart::RoofSegment& r : m_layout.practical) {
        out.practicalLines.push_back(scene.addLine(pixel(r.from), pixel(r.to), true));
        out.lineNames.emplace_back(out.practicalLines.back(), r.name);
    }
    for (const chart::RoofSegment& r : m_calibrated.ceilings) {
        out.calibratedLines.push_back(scene.addLine(pixel(r.from), pixel(r.to), true));
        out.lineNames.emplace_back(out.calibratedLines.back(), r.name);
    }
    if (m_calibratedWork)
        for (std::size_t i = 1; i < m_calibrated.work.size(); ++i)
            out.workLines.push_back(scene.addLine(pixel(m_calibrated.work[i - 1]), pixel(m_calibrated.work[i]), true));
    m_measured.addLines(scene, out.lineNames, out.measuredLines);
    // The markers as drawn: one mark per drawn marker within reach of the plot, each marker of the layout mapped to
    // the mark it is drawn as.
    const double radius = markerDiameter() / 2;
    const QRectF reach = QRectF(axisRect()->rect()).adjusted(-50, -50, 50, 50);
    std::unordered_map<std::size_t, std::size_t> byDrawn;
    out.markerMarks.assign(m_markerPixels.size(), std::nullopt);
    for (std::size_t j = 0; j < m_markerPixels.size(); ++j) {
        const std::size_t drawn = j < m_stacks.drawnAs.size() ? m_stacks.drawnAs[j] : j;
        const QPointF at(m_markerPixels[j].x, m_markerPixels[j].y);
        if (!reach.contains(at))
            continue;
        auto [it, added] = byDrawn.try_emplace(drawn, 0);
        if (added)
            it->second = scene.addMark(at, radius);
        out.markerMarks[j] = it->second;
    }
    m_compared.addLinesAndMarks(scene, context(), out.comparedLines, out.comparedRidges);
    return out;
}

// The lines of the session's chip drawn for the resource `name` (its datasheet, practical, calibrated and measured
// roofs), but `own`.
std::vector<std::size_t> RooflineChart::SceneMarks::familyOf(const std::string& name, std::size_t own) const
{
    std::vector<std::size_t> out;
    for (const auto& [line, resource] : lineNames)
        if (resource == name && line != own)
            out.push_back(line);
    return out;
}

void RooflineChart::addRoofTexts(TextScene& scene, const SceneMarks& marks)
{
    // Roofs' names and ridges by what they mean to the chart: the lesson's roof first (with its bandwidth, never
    // shortened), then the roofs that bind an operation, then those an operation touches, last those nothing touches.
    const std::vector<chart::LabelPriority> priorities
        = chart::roofPriorities(m_layout, m_evaluations, m_analysis->explanation.roof);
    auto pixel = [this](chart::Point p) { return chart::Point { xAxis->coordToPixel(p.x), yAxis->coordToPixel(p.y) }; };
    for (std::size_t i = 0; i < m_layout.roofs.size() && i < m_roofs.size(); ++i) {
        const chart::RoofSegment& r = m_layout.roofs[i];
        const int rank = rankOf(priorities[i]);
        const QString full = roofLabel(r, m_analysis->hardware);
        // The name with its bandwidth wherever it fits along the line, else the name alone.
        std::vector<std::string> texts { str(full), r.name };
        chart::TextRequest name = lineName(std::move(texts), marks.roofLines[i], rank);
        name.family = marks.familyOf(r.name, marks.roofLines[i]);
        for (const chart::Point& p : r.labelSpots)
            name.at.push_back(pixel(p));
        scene.addText(std::move(name), m_roofs[i].label, { QStringLiteral("roof"), qs(r.name), {}, 0, {} });
        if (m_roofs[i].ridgeLabel) {
            if (marks.ridgeMarks[i]) {
                // The ridges that matter may move out, joined to their dots, when the spots beside are taken.
                // The lesson's ridge in bold, over the others.
                QFont font = m_roofs[i].ridgeLabel->font();
                font.setBold(rank == kLesson);
                m_roofs[i].ridgeLabel->setFont(font);
                chart::TextRequest ridge
                    = markLabel(str(ridgeLabel(r)), { *marks.ridgeMarks[i] }, chart::TextRequest::Spots::Below, rank);
                ridge.mayMoveOut = rank <= kBinding;
                scene.addText(std::move(ridge), m_roofs[i].ridgeLabel,
                    { QStringLiteral("ridge"), qs(r.name), {}, 0, {} }, m_roofs[i].ridgeLeader);
            } else
                m_roofs[i].ridgeLabel->setVisible(false);
        }
    }
    for (std::size_t i = 0; i < m_layout.practical.size() && i < m_practical.size(); ++i) {
        const chart::RoofSegment& r = m_layout.practical[i];
        chart::TextRequest name = lineName({ str(practicalRoofLabel(r)) }, marks.practicalLines[i], kSecondary);
        name.family = marks.familyOf(r.name, marks.practicalLines[i]);
        if (r.kind != RoofKind::Compute)
            name.at.push_back(pixel(r.label));
        scene.addText(std::move(name), m_practical[i].label,
            { QStringLiteral("roof"), qs(r.name), {}, 0, QStringLiteral("practical") });
    }
    // A calibration's names: the flat one along its line from the left, the sloped one from its spot; the curved roof
    // of one operation's work level, a corner at its right end or further back along it.
    for (std::size_t i = 0; i < m_calibrated.ceilings.size() && i < m_calibratedRoofs.size(); ++i) {
        const chart::RoofSegment& r = m_calibrated.ceilings[i];
        chart::TextRequest name
            = lineName({ str(tr("calibrated %1").arg(practicalRoofLabel(r))) }, marks.calibratedLines[i], kSecondary);
        name.family = marks.familyOf(r.name, marks.calibratedLines[i]);
        name.fromLeft = true;
        if (r.kind != RoofKind::Compute)
            name.at.push_back(pixel(r.label));
        scene.addText(std::move(name), m_calibratedRoofs[i].label,
            { QStringLiteral("roof"), qs(r.name), {}, 0, QStringLiteral("calibrated") });
    }
    if (m_calibratedWorkLabel) {
        if (m_calibratedWorkShown && !marks.workLines.empty()) {
            chart::TextRequest name;
            name.kind = chart::TextRequest::Kind::Line;
            name.spots = chart::TextRequest::Spots::Corner;
            name.texts = { str(m_calibratedWorkLabel->text()) };
            name.lines = marks.workLines;
            name.family = marks.calibratedLines; // the calibration's ceilings the curve bends under
            name.rank = kSecondary;
            const std::vector<chart::Point>& work = m_calibrated.work;
            for (int step = 20; step >= 4; --step)
                name.at.push_back(
                    pixel(work[static_cast<std::size_t>(step / 20.0 * static_cast<double>(work.size() - 1))]));
            scene.addText(std::move(name), m_calibratedWorkLabel, { QStringLiteral("note"), {}, {}, 0, {} });
        } else {
            m_calibratedWorkLabel->setVisible(false);
        }
    }
}

void RooflineChart::addOperationTexts(TextScene& scene, const SceneMarks& marks)
{
    // Each operation's name beside its binding marker (or its first) as drawn, or moved out with a leader on a chart
    // of a few operations; past kNamesMovingOut a chart is too crowded for lines across it.
    const std::string& lessonOperation = m_analysis->explanation.operation;
    std::vector<std::vector<std::size_t>> own(m_operations.size());
    for (std::size_t j = 0; j < m_layout.markers.size() && j < marks.markerMarks.size(); ++j)
        if (const auto& mark = marks.markerMarks[j])
            own[m_layout.markers[j].operation].push_back(*mark);
    std::size_t used = 0;
    for (std::size_t k = 0; k < m_operations.size() && used < m_labels.size(); ++k) {
        const OperationItems& items = m_operations[k];
        if (items.points.empty() || items.anchor >= marks.markerMarks.size() || !marks.markerMarks[items.anchor])
            continue;
        const Operation& op = m_analysis->session.operations[items.operation];
        std::vector<std::size_t> names { *marks.markerMarks[items.anchor] };
        for (const std::size_t m : own[k])
            if (m != names.front() && std::find(names.begin(), names.end(), m) == names.end())
                names.push_back(m);
        chart::TextRequest r = markLabel(op.name, std::move(names), chart::TextRequest::Spots::Beside,
            !lessonOperation.empty() && op.id == lessonOperation ? kLesson : kNames);
        r.mayMoveOut = m_operations.size() <= kNamesMovingOut;
        r.ordered = true;
        if (const auto last = m_labelSpots.find(op.id); m_fast && m_smoothScopes == 0 && last != m_labelSpots.end())
            r.preferred = last->second;
        QCPItemText* label = m_labels[used];
        QCPItemLine* leader = m_leaders[used];
        ++used;
        // The marker's hue, dark or light enough to read; its leader in the marker's own colour.
        auto ink = m_nameInks.find(op.colour);
        if (ink == m_nameInks.end())
            ink = m_nameInks.emplace(op.colour, m_theme.operationText(op.colour)).first;
        label->setColor(ink->second);
        leader->setPen(QPen(items.colour, m_theme.width(1.2)));
        scene.addText(std::move(r), label, { QStringLiteral("operation"), qs(op.id), items.operation, 0, {} }, leader);
    }
    for (; used < m_labels.size(); ++used) {
        m_labels[used]->setVisible(false);
        m_leaders[used]->setVisible(false);
    }
    // The counts beside markers that stand for several operations ("×3").
    used = 0;
    for (std::size_t j = 0; j < m_layout.markers.size() && j < m_stacks.drawnAs.size(); ++j) {
        if (m_stacks.drawnAs[j] != j || m_stacks.count[j] < 2 || used == std::size_t(kOperationLabels)
            || !marks.markerMarks[j])
            continue;
        if (used == m_counts.size()) {
            QCPItemText* text = addText(8, m_theme.foreground);
            text->setBrush(QBrush(halo()));
            text->position->setType(QCPItemPosition::ptAbsolute);
            text->setLayer(m_mainLayer);
            m_counts.push_back(text);
        }
        const std::size_t operation = m_shown[m_layout.markers[j].operation];
        scene.addText(markLabel(QStringLiteral("×%1").arg(m_stacks.count[j]).toStdString(), { *marks.markerMarks[j] },
                          chart::TextRequest::Spots::Beside, kCounts),
            m_counts[used++],
            { QStringLiteral("count"), qs(m_analysis->session.operations[operation].id), operation, 0, {} });
    }
    for (std::size_t k = used; k < m_counts.size(); ++k)
        m_counts[k]->setVisible(false);
}

void RooflineChart::addAnswer(TextScene& scene)
{
    // A file of a lesson's chart (a slide, a copy, a print) writes the lesson's answer on it, first of all its words:
    // along the top of the plot from the left, else along its foot. The window has it in the explanation beside.
    const std::string& caption = m_analysis->explanation.caption;
    if (!m_answer)
        return;
    if (m_smoothScopes == 0 || caption.empty()) {
        m_answer->setVisible(false);
        return;
    }
    m_answer->setText(qs(caption));
    const QRect plot = axisRect()->rect();
    const QSizeF size = textSize(m_answer);
    const double pad = 6 * m_theme.zoom;
    chart::TextRequest r;
    r.kind = chart::TextRequest::Kind::Free;
    r.texts = { caption };
    r.rank = kLesson;
    for (const double top : { plot.top() + pad, plot.bottom() - pad - size.height() })
        for (int step = 0; step <= 8; ++step)
            r.places.push_back({ plot.left() + pad + step * (plot.width() - 2 * pad - size.width()) / 8, top,
                size.width(), size.height() });
    scene.addText(std::move(r), m_answer, { QStringLiteral("answer"), {}, {}, 0, {} });
}

std::vector<RooflineChart::DrawnLabel> RooflineChart::drawnLabels() const
{
    std::vector<DrawnLabel> out;
    for (const TextScene::Placed& p : m_placedTexts) {
        const QString& kind = p.meaning.kind;
        if (kind == QLatin1String("operation"))
            out.push_back({ p.text, p.outline.boundingRect(), p.meaning.operation, p.leader });
        else if ((kind == QLatin1String("ridge") || kind == QLatin1String("roof")) && p.meaning.chip == 0
            && std::abs(p.outline[1].y() - p.outline[0].y()) < 0.01)
            out.push_back({ p.text, p.outline.boundingRect(), std::nullopt, std::nullopt });
    }
    return out;
}

std::vector<RooflineChart::DrawnRoofLabel> RooflineChart::drawnRoofLabels() const
{
    std::vector<DrawnRoofLabel> out;
    for (const TextScene::Placed& p : m_placedTexts) {
        const bool ridge = p.meaning.kind == QLatin1String("ridge");
        if ((ridge || p.meaning.kind == QLatin1String("roof")) && p.meaning.chip == 0 && p.meaning.role.isEmpty())
            out.push_back({ p.meaning.of, ridge, p.text, p.outline });
    }
    return out;
}

std::vector<RooflineChart::DrawnLabel> RooflineChart::drawnCounts() const
{
    std::vector<DrawnLabel> out;
    for (const TextScene::Placed& p : m_placedTexts)
        if (p.meaning.kind == QLatin1String("count"))
            out.push_back({ p.text, p.outline.boundingRect(), p.meaning.operation, std::nullopt });
    return out;
}

QStringList RooflineChart::visibleOperationLabels() const
{
    QStringList names;
    for (const TextScene::Placed& p : m_placedTexts)
        if (p.meaning.kind == QLatin1String("operation"))
            names.append(p.text);
    return names;
}

} // namespace roofline::widgets
