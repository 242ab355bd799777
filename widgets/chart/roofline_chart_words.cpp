// SPDX-License-Identifier: GPL-3.0-or-later
// The roofline chart's words: every layer's lines, marks and texts gathered into one TextScene, laid out by the core
// (chart/text_layout.h) and drawn where it says: a text that cannot name its own line or mark unambiguously is left
// out, by rank, never placed where it would name something else.
#include "chart/roofline_chart.h"

#include <algorithm>

namespace roofline::widgets {

QSize RooflineChart::legendSize()
{
    if (m_legendSize.isEmpty())
        m_legendSize = legend->minimumOuterSizeHint();
    return m_legendSize;
}

// Runs after every layout, the chart's own and an export's: every text's place depends on pixels.
void RooflineChart::placeLabels()
{
    const LayerContext ctx = context();
    const QRect plot = axisRect()->rect();
    // On screen the operation being dragged, else the selected one, is drawn wherever it meets others, so that it
    // follows the pointer; a file draws the same picture whatever is selected.
    std::optional<std::size_t> preferred;
    const std::optional<std::size_t> held
        = m_markerDragging && m_pressed ? std::optional<std::size_t>(m_pressed->operation) : m_selected;
    if (held && !ctx.file)
        if (const auto it = std::find(m_shown.begin(), m_shown.end(), *held); it != m_shown.end())
            preferred = std::size_t(it - m_shown.begin());
    m_operations.stack(ctx, preferred);
    // The compared chips' markers one per pixel and colour, their arrows from the session's binding markers.
    std::vector<std::optional<chart::Point>> from(m_shown.size());
    for (const chart::Marker& m : m_layout.markers)
        if (m.binding && m.operation < from.size())
            from[m.operation] = m.at;
    m_compared.place(ctx, from);

    // A name stands clear of its marker's disc and a little air; a roof's name a line's width off its roof, so that
    // its veil leaves the line whole.
    TextScene scene { QRectF(plot), ctx.markerRoom() / 2 + 3 * m_theme.zoom, 2.5 * m_theme.zoom, m_textSizes.items() };
    // What no text may cover: the axes' names and tick labels inside the plot, and the legend, which steps aside when
    // it would hide a fifth of the plot (a small window, a projector zoom): the names are beside the markers, in the
    // list and in the table too. A file has no table beside it: there the legend stays up to nearly a third, so that
    // a slide of a whole model, which names few of its operations on the chart, still names them.
    for (const QRectF& box : m_frame.keepOut(ctx))
        scene.keepOut(box);
    const QSize legendSize = this->legendSize();
    const double legendShare = ctx.file ? 0.3 : 0.2;
    const bool legendShown
        = double(legendSize.width()) * legendSize.height() < legendShare * plot.width() * plot.height();
    if (legendShown != legend->visible()) {
        legend->setVisible(legendShown);
        axisRect()->insetLayout()->update(QCPLayoutElement::upLayout); // its place in this layout, not the last
    }
    if (legend->visible())
        scene.keepOut(QRectF(legend->outerRect()));

    // Every line drawn and every mark a text must name or keep off, in pixels, by layer.
    LineFamilies families;
    const RoofLayer::Marks roofs = m_roofs.addLinesAndMarks(scene, ctx, families);
    const CalibratedLayer::Marks calibrated = m_calibrated.addLines(scene, ctx, families);
    std::vector<std::optional<std::size_t>> measured;
    m_measured.addLines(scene, families, measured);
    const std::vector<std::optional<std::size_t>> markers = m_operations.addMarks(scene, ctx);
    std::vector<std::vector<std::size_t>> comparedLines;
    std::vector<std::vector<std::optional<std::size_t>>> comparedRidges;
    m_compared.addLinesAndMarks(scene, ctx, comparedLines, comparedRidges);
    // And every text, each layer's by its ranks.
    m_roofs.addTexts(scene, ctx, roofs, families);
    m_calibrated.addTexts(scene, ctx, calibrated, families);
    m_operations.addTexts(scene, ctx, markers);
    m_compared.addTexts(scene, ctx, comparedLines, comparedRidges);
    m_measured.addTexts(scene, measured, families, kRankSecondary);
    m_compared.addKey(scene, ctx, legend->visible());
    m_roofs.addCaptions(scene, ctx);
    m_frame.addAnswer(scene, ctx);
    // Through a drag or a play each word keeps the spot it took in the frame before while that is free, the operations'
    // names in the order that won at rest, so that words hold still; at rest, and in a file, every word takes the first
    // free spot: the same chart gives the same picture.
    scene.layOut(ctx.file ? nullptr : &m_textMemory, m_redraw.fastOnScreen());
    m_placedTexts = scene.placed();
}

} // namespace roofline::widgets
