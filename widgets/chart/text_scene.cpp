// SPDX-License-Identifier: GPL-3.0-or-later
#include "chart/text_scene.h"

#include <QFontMetrics>

#include <cmath>
#include <numbers>

namespace roofline::widgets {

namespace {

chart::Point toPoint(QPointF p)
{
    return { p.x(), p.y() };
}

QPointF toQPoint(chart::Point p)
{
    return { p.x, p.y };
}

} // namespace

TextScene::TextScene(QRectF plot, double gap, double lift, SizeCache& sizes)
    : m_sizes(sizes)
{
    m_content.plot = { plot.left(), plot.top(), plot.width(), plot.height() };
    m_content.gap = gap;
    m_content.lift = lift;
}

std::size_t TextScene::addLine(QPointF from, QPointF to, bool leadersMayCross)
{
    m_content.lines.push_back({ toPoint(from), toPoint(to), leadersMayCross });
    return m_content.lines.size() - 1;
}

std::size_t TextScene::addMark(QPointF centre, double radius)
{
    m_content.marks.push_back({ toPoint(centre), radius });
    return m_content.marks.size() - 1;
}

void TextScene::keepOut(const QRectF& r)
{
    if (r.isValid())
        m_content.keepOut.push_back({ r.left(), r.top(), r.width(), r.height() });
}

void TextScene::addText(chart::TextRequest request, QCPItemText* item, Meaning meaning, QCPItemLine* leader)
{
    // The font and padding the item draws with: the layout measures each pair once per text.
    int font = -1;
    for (std::size_t i = 0; i < m_fonts.size(); ++i)
        if (m_fonts[i] == item->font() && m_paddings[i] == item->padding())
            font = int(i);
    if (font < 0) {
        m_fonts.push_back(item->font());
        m_paddings.push_back(item->padding());
        font = int(m_fonts.size() - 1);
    }
    request.font = font;
    m_entries.push_back({ std::move(request), std::move(meaning), item, leader, {} });
}

void TextScene::addBox(chart::TextRequest request, Meaning meaning, PlaceBox place)
{
    request.kind = chart::TextRequest::Kind::Free;
    m_entries.push_back({ std::move(request), std::move(meaning), nullptr, nullptr, std::move(place) });
}

namespace {

// A text's key in the memory: what it names, and for a note, which names nothing, its words.
QString memoryKey(const TextScene::Meaning& m, const chart::TextRequest& r)
{
    QString key
        = m.kind + QLatin1Char('|') + m.of + QLatin1Char('|') + QString::number(m.chip) + QLatin1Char('|') + m.role;
    if (m.of.isEmpty() && !r.texts.empty())
        key += QLatin1Char('|') + QString::fromStdString(r.texts.front());
    return key;
}

} // namespace

void TextScene::layOut(Memory* memory, bool hold)
{
    hold = hold && memory;
    const QRectF plot(m_content.plot.left, m_content.plot.top, m_content.plot.width, m_content.plot.height);
    m_content.holdOrder = hold ? std::optional<std::size_t>(memory->order) : std::nullopt;
    std::vector<chart::TextRequest> requests;
    requests.reserve(m_entries.size());
    std::vector<QString> keys;
    if (memory)
        keys.reserve(m_entries.size());
    for (const Entry& e : m_entries) {
        requests.push_back(e.request);
        if (!memory)
            continue;
        keys.push_back(memoryKey(e.meaning, e.request));
        if (const auto it = memory->spots.constFind(keys.back()); hold && it != memory->spots.constEnd()
            && (*it != chart::TextRequest::kStaysOut || (memory->held && memory->plot == plot)))
            requests.back().preferred = *it;
    }
    // As QCPItemText measures and draws itself: the text's bounding rectangle at its alignment, and its padding.
    const chart::MeasureText measure = [this](const std::string& text, int font) {
        const QFont& f = m_fonts[std::size_t(font)];
        QHash<QString, QSizeF>& sizes = m_sizes[f];
        const QString key = QString::fromStdString(text);
        auto it = sizes.constFind(key);
        if (it == sizes.constEnd()) {
            if (sizes.size() > 4096)
                sizes.clear(); // slider steps change numbers in names: keep the cache bounded
            const QRect r
                = QFontMetrics(f).boundingRect(0, 0, 0, 0, Qt::TextDontClip | Qt::AlignTop | Qt::AlignHCenter, key);
            it = sizes.insert(key, QSizeF(r.size()));
        }
        const QMargins& pad = m_paddings[std::size_t(font)];
        return chart::Size { it->width() + pad.left() + pad.right(), it->height() + pad.top() + pad.bottom() };
    };
    const chart::TextLayout layout = chart::layOutTexts(m_content, requests, measure);
    if (memory) {
        if (!hold)
            memory->order = layout.order;
        memory->plot = plot;
        memory->held = hold;
        memory->spots.clear();
        for (std::size_t i = 0; i < layout.texts.size(); ++i)
            memory->spots.insert(keys[i], layout.texts[i] ? layout.texts[i]->spot : chart::TextRequest::kStaysOut);
    }
    m_placed.clear();
    for (std::size_t i = 0; i < m_entries.size(); ++i) {
        const Entry& e = m_entries[i];
        const std::optional<chart::PlacedText>& p = layout.texts[i];
        if (e.place) {
            std::optional<QRectF> box;
            if (p) {
                const chart::Box b = p->box.bounds();
                box = QRectF(b.left, b.top, b.width, b.height);
            }
            e.place(box, p ? p->spot : -1);
            if (p)
                m_placed.push_back({ e.meaning, QString(), QPolygonF(*box), std::nullopt, p->spot });
            continue;
        }
        QCPItemText* item = e.item;
        item->setVisible(p.has_value());
        if (e.leader)
            e.leader->setVisible(p && p->leader);
        if (!p)
            continue;
        const QString text = QString::fromStdString(e.request.texts[p->text]);
        item->setText(text);
        item->setPositionAlignment(Qt::AlignCenter);
        item->setRotation(p->box.angle * 180 / std::numbers::pi);
        item->position->setPixelPosition(toQPoint(p->box.centre));
        QPolygonF outline;
        for (const chart::Point& c : p->box.corners())
            outline << toQPoint(c);
        Placed placed { e.meaning, text, outline, std::nullopt, p->spot };
        if (p->leader && e.leader) {
            e.leader->start->setPixelPosition(toQPoint(p->leader->first));
            e.leader->end->setPixelPosition(toQPoint(p->leader->second));
            placed.leader = QLineF(toQPoint(p->leader->first), toQPoint(p->leader->second));
        }
        m_placed.push_back(std::move(placed));
    }
}

chart::TextRequest lineName(std::vector<std::string> texts, std::size_t line, int rank)
{
    chart::TextRequest r;
    r.kind = chart::TextRequest::Kind::Line;
    r.texts = std::move(texts);
    r.lines = { line };
    r.rank = rank;
    return r;
}

chart::TextRequest markLabel(
    std::string text, std::vector<std::size_t> marks, chart::TextRequest::Spots spots, int rank)
{
    chart::TextRequest r;
    r.kind = chart::TextRequest::Kind::Mark;
    r.spots = spots;
    r.texts = { std::move(text) };
    r.marks = std::move(marks);
    r.rank = rank;
    return r;
}

} // namespace roofline::widgets
