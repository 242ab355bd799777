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

    // What the chart keeps of one layout for the next: the spot each text took, or that it found none
    // (chart::TextRequest::kStaysOut), by what it names, and the order of the operations' names that won at rest
    // (chart::TextLayout::order).
    struct Memory {
        QHash<QString, int> spots;
        std::size_t order = 0;
        // A text that found no room stays out only through one drag, in the same plot: the layout that found none for
        // it was held too, and laid out a plot of this size.
        QRectF plot;
        bool held = false;
    };
    // Lays every text out and applies the result to the items. With `hold` (input following input on screen) each
    // text tries first the spot it took in `memory`, a text that found none stays out, and the operations' names keep
    // its order, so that words hold still through a drag; without, every text takes the first free spot: the same
    // chart gives the same picture.
    // `memory`, when given, then keeps this layout's spots, and at rest its order.
    void layOut(Memory* memory = nullptr, bool hold = false);

    const std::vector<Placed>& placed() const { return m_placed; }

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
};

// A line's name, and a mark's label, as the chart's parts ask for them: the words to try, what each names, its rank.
chart::TextRequest lineName(std::vector<std::string> texts, std::size_t line, int rank);
chart::TextRequest markLabel(std::string text, std::vector<std::size_t> marks, chart::TextRequest::Spots, int rank);

} // namespace roofline::widgets
