// SPDX-License-Identifier: GPL-3.0-or-later
// The roofline chart's words gathered from the parts that draw them, laid out by the core (chart/text_layout.h) and
// handed back: each part adds its lines and marks in pixels and asks for its texts, each text tied to the item that
// draws it; layOut() places them all at once and shows, moves, turns or hides each item as the layout says.
#pragma once

#include "chart/text_layout.h"

#include <qcustomplot.h>

#include <QColor>
#include <QFont>
#include <QHash>
#include <QLineF>
#include <QPointF>
#include <QPolygonF>
#include <QRectF>
#include <QSizeF>
#include <QString>

#include <functional>
#include <optional>
#include <vector>

namespace roofline::widgets {

class TextScene {
public:
    // What a text names, for the chart's geometry and its tests: a roof's name ("roof", of "HBM"), a ridge's, an
    // operation's name or a count ("operation", "count", of its id, `operation` its index in the session), a note (a
    // caption), the chips' key ("key"); `chip` is the chip it belongs to (0 for the session's, k + 1 for
    // Analysis::compared[k]); `role` a roof other than the datasheet's: "practical", "calibrated", "measured".
    struct Meaning {
        QString kind;
        QString of;
        std::optional<std::size_t> operation;
        std::size_t chip = 0;
        QString role;
    };
    // A text as placed: what it names, its words, its outline (four corners) and its leader.
    struct Placed {
        Meaning meaning;
        QString text;
        QPolygonF outline;
        std::optional<QLineF> leader;
        int spot = 0;
    };

    // Texts' sizes as QCPItemText measures them (without padding), by font and text: kept by the chart from one
    // layout to the next, since a slider step changes few of its words.
    using SizeCache = QHash<QFont, QHash<QString, QSizeF>>;

    // `gap`: from a mark's centre to a text beside it; `lift`: from a line to a name along it.
    TextScene(QRectF plot, double gap, double lift, SizeCache& sizes);

    std::size_t addLine(QPointF from, QPointF to, bool leadersMayCross = false);
    std::size_t addMark(QPointF centre, double radius);
    void keepOut(const QRectF&);

    // A text drawn by `item` in its font: shown at its place, turned along its line, or hidden when dropped; a leader,
    // when the layout gives one, drawn by `leader` (hidden otherwise). The request's texts are the words to try.
    void addText(chart::TextRequest, QCPItemText* item, Meaning, QCPItemLine* leader = nullptr);
    // A box with no words of its own (the chips' key), at one of the request's places: `place` is told which and
    // where, or nothing.
    using PlaceBox = std::function<void(const std::optional<QRectF>&, int place)>;
    void addBox(chart::TextRequest, Meaning, PlaceBox place);

    // Lays every text out, the operations' names in `holdOrder` when given, and applies the result to the items.
    void layOut(std::optional<std::size_t> holdOrder = std::nullopt);

    const std::vector<Placed>& placed() const { return m_placed; }
    std::size_t order() const { return m_order; }
    // The spot each operation's name took (PlacedText::spot), by operation index.
    std::optional<int> spotOf(std::size_t operation) const;

private:
    struct Entry {
        chart::TextRequest request;
        Meaning meaning;
        QCPItemText* item = nullptr;
        QCPItemLine* leader = nullptr;
        PlaceBox place;
    };

    SizeCache& m_sizes;
    chart::TextContent m_content;
    std::vector<Entry> m_entries;
    std::vector<QFont> m_fonts;
    std::vector<QMargins> m_paddings;
    std::vector<Placed> m_placed;
    std::size_t m_order = 0;
};

// A line's name, and a mark's label, as the chart's parts ask for them: the words to try, what each names, its rank.
chart::TextRequest lineName(std::vector<std::string> texts, std::size_t line, int rank);
chart::TextRequest markLabel(std::string text, std::vector<std::size_t> marks, chart::TextRequest::Spots, int rank);

} // namespace roofline::widgets
