// SPDX-License-Identifier: GPL-3.0-or-later
#include "chart/chart_frame.h"

#include "common/chart_text.h"
#include "common/si_log_ticker.h"

#include <QCoreApplication>
#include <QFontMetricsF>

#include <algorithm>
#include <cmath>

namespace roofline::widgets {

namespace {

// The frame's words, in the window's language.
struct ChartFrameWords {
    Q_DECLARE_TR_FUNCTIONS(ChartFrameWords)
};

} // namespace

ChartFrame::ChartFrame(QCustomPlot& plot)
    : m_plot(plot)
    , m_title(new QCPTextElement(&plot))
    , m_legendInset(plot.axisRect()->insetLayout()->margins())
{
    plot.plotLayout()->insertRow(0);
    plot.plotLayout()->addElement(0, 0, m_title);
    m_title->setLayer(QStringLiteral("axes")); // outside the axis rect: it changes only with a full replot
}

void ChartFrame::applyTheme(const ChartTheme& t)
{
    m_title->setFont(t.font(12, true));
    m_title->setTextColor(t.foreground);
}

void ChartFrame::fitTo(QSize size, const ChartTheme& theme, TextSizes& sizes)
{
    // The presentation's frame gives the chart the whole screen and the band names the lesson: there the title
    // keeps to taller charts.
    showTitle(size.height() >= (m_inside ? kTitledHeightInside : kTitledHeight) * theme.zoom);
    const QSize change = m_tickViewport.isValid() ? size - m_tickViewport.size() : QSize();
    const QSizeF plot = QSizeF(m_plot.axisRect()->rect().size() + change);
    fitLogTicks(&m_plot, size, m_tickViewport);
    fitInside(plot, theme, sizes);
}

bool ChartFrame::setInside(bool inside)
{
    if (inside == m_inside)
        return false;
    m_inside = inside;
    for (QCPAxis* axis : { m_plot.xAxis, m_plot.yAxis })
        axis->setTickLabelSide(inside ? QCPAxis::lsInside : QCPAxis::lsOutside);
    return true;
}

void ChartFrame::fitInside(QSizeF plot, const ChartTheme& theme, TextSizes& sizes)
{
    QCPAxisRect* rect = m_plot.axisRect();
    auto xTicker = m_plot.xAxis->ticker().dynamicCast<SiLogTicker>();
    auto yTicker = m_plot.yAxis->ticker().dynamicCast<SiLogTicker>();
    if (!m_inside || !xTicker || !yTicker || !m_xName || !m_yName) {
        if (xTicker)
            xTicker->setKeepOut(0, 0, 0);
        if (yTicker)
            yTicker->setKeepOut(0, 0, 0);
        rect->insetLayout()->setMargins(m_legendInset);
        // On the right, room for half of the last tick label, which is centred on the axis's end ("100 k" the widest).
        const double lastTick
            = QFontMetricsF(m_plot.xAxis->tickLabelFont()).horizontalAdvance(QStringLiteral("100 k")) / 2;
        rect->setMinimumMargins(QMargins(10, 6, static_cast<int>(std::ceil(lastTick + 4 * theme.zoom)), 6));
        return;
    }
    m_insidePlot = plot;
    const int margin = static_cast<int>(std::lround(6 * theme.zoom)); // a line's width from the chart's edge
    rect->setMinimumMargins(QMargins(margin, margin, margin, margin));
    // The x labels' row along the bottom, the y labels above it: a y label stays half a line clear of the row, an x
    // label half its width from the plot's sides, and the y labels clear of the y axis's name in the top left.
    const double pad = 4 * theme.zoom;
    const double xStrip
        = keepInsideTickLabelsApart(m_plot.xAxis, m_plot.yAxis, plot, pad, pad + sizes.box(m_yName).height());
    QMargins legendInset = m_legendInset;
    legendInset.setBottom(legendInset.bottom() + static_cast<int>(std::ceil(xStrip + sizes.box(m_xName).height())));
    rect->insetLayout()->setMargins(legendInset);
}

void ChartFrame::showTitle(bool shown)
{
    if (shown == (m_title->layout() != nullptr))
        return;
    m_title->setVisible(shown); // out of the layout it would still be drawn where it last was
    if (shown) {
        m_plot.plotLayout()->insertRow(0);
        m_plot.plotLayout()->addElement(0, 0, m_title);
    } else {
        m_plot.plotLayout()->take(m_title);
        m_plot.plotLayout()->simplify();
    }
}

void ChartFrame::build(const LayerContext& ctx)
{
    const ChartTheme& t = ctx.theme;
    // A lesson's answer, written on every file of its chart (a slide carries it): bold, on the chart's veil, above
    // every line and marker.
    m_answer = ctx.addText(11, t.foreground);
    QFont bold = t.font(11);
    bold.setBold(true);
    m_answer->setFont(bold);
    m_answer->setPadding(QMargins(4, 2, 4, 2));
    m_answer->setBrush(QBrush(ctx.halo()));
    m_answer->setVisible(false);
    m_answer->setLayer(ctx.main);
    // The axes' names inside the plot change with the frame, not with a step: on the axes' layer, above the plot.
    m_xName = ctx.addText(10, t.foreground);
    m_yName = ctx.addText(10, t.foreground);
    for (QCPItemText* name : { m_xName, m_yName }) {
        name->setLayer(QStringLiteral("axes"));
        name->setBrush(ctx.halo()); // lines under a name leave its letters whole, as under every label
        name->position->setType(QCPItemPosition::ptAbsolute);
        name->setVisible(false);
    }
    m_xName->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    m_yName->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
}

void ChartFrame::forget()
{
    m_xName = nullptr;
    m_yName = nullptr;
    m_answer = nullptr;
    m_tickVeils.clear();
}

void ChartFrame::update(const LayerContext& ctx, bool chipEdited)
{
    const Dtype dtype = ctx.analysis.dtype;
    const QString yName
        = isInteger(dtype) ? ChartFrameWords::tr("Attainable OP/s") : ChartFrameWords::tr("Attainable FLOP/s");
    const QString xName
        = ChartFrameWords::tr("Arithmetic intensity (%1 per byte)").arg(qs(std::string(workName(dtype))));
    m_plot.yAxis->setLabel(m_inside ? QString() : yName);
    m_plot.xAxis->setLabel(m_inside ? QString() : xName);
    m_xName->setText(xName);
    m_yName->setText(yName);
    m_xName->setVisible(m_inside);
    m_yName->setVisible(m_inside);
    m_title->setText(composeTitle(ctx.analysis, chipEdited));
}

QString ChartFrame::composeTitle(const Analysis& a, bool modifiedMark)
{
    QString compared;
    if (a.compared.size() == 1)
        compared = ChartFrameWords::tr(" vs %1").arg(qs(a.compared.front().hardware.name));
    else if (!a.compared.empty())
        compared = ChartFrameWords::tr(" vs %1 chips").arg(a.compared.size());
    return QStringLiteral("%1 · %2%3%4")
        .arg(qs(a.hardware.name), qs(std::string(dtypeName(a.dtype))),
            modifiedMark ? ChartFrameWords::tr(" (modified)") : QString(), compared);
}

std::vector<QRectF> ChartFrame::keepOut(const LayerContext& ctx)
{
    std::vector<QRectF> boxes;
    if (!m_inside || !m_xName || !m_yName) {
        for (QCPItemRect* veil : m_tickVeils)
            veil->setVisible(false);
        return boxes;
    }
    QCPAxis* xAxis = m_plot.xAxis;
    const QRect plot = m_plot.axisRect()->rect();
    const double pad = 4 * ctx.theme.zoom;
    // The x axis's name right-aligned above its tick labels, as high as the row they take.
    double row = plot.bottom() - (std::max(xAxis->tickLengthIn(), xAxis->subTickLengthIn()) + xAxis->tickLabelPadding())
        - QFontMetricsF(xAxis->tickLabelFont()).height();
    for (const auto& [label, box] : tickLabelBoxes(xAxis)) {
        row = std::min(row, box.top());
        boxes.push_back(box);
    }
    for (const auto& [label, box] : tickLabelBoxes(m_plot.yAxis))
        boxes.push_back(box);
    // Each tick label on a veil of the background, a line's width wider, under it: a roof passes beneath it.
    const double rim = ctx.theme.width(1.5);
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        if (i == m_tickVeils.size()) {
            auto* veil = new QCPItemRect(&m_plot);
            veil->setLayer(QStringLiteral("veils"));
            veil->setPen(Qt::NoPen);
            veil->setClipToAxisRect(false);
            veil->topLeft->setType(QCPItemPosition::ptAbsolute);
            veil->bottomRight->setType(QCPItemPosition::ptAbsolute);
            m_tickVeils.push_back(veil);
        }
        m_tickVeils[i]->setBrush(QBrush(ctx.halo()));
        m_tickVeils[i]->topLeft->setPixelPosition(boxes[i].topLeft() - QPointF(rim, 0));
        m_tickVeils[i]->bottomRight->setPixelPosition(boxes[i].bottomRight() + QPointF(rim, 0));
        m_tickVeils[i]->setVisible(true);
    }
    for (std::size_t i = boxes.size(); i < m_tickVeils.size(); ++i)
        m_tickVeils[i]->setVisible(false);
    m_xName->position->setPixelPosition(QPointF(plot.right() - pad, row - pad));
    m_yName->position->setPixelPosition(QPointF(plot.left() + pad, plot.top() + pad));
    for (const QCPItemText* name : { m_xName, m_yName }) {
        const QSizeF size = ctx.sizes.box(name);
        const QPointF at = name->position->pixelPosition();
        const bool right = name->positionAlignment().testFlag(Qt::AlignRight);
        const bool bottom = name->positionAlignment().testFlag(Qt::AlignBottom);
        boxes.emplace_back(right ? at.x() - size.width() : at.x(), bottom ? at.y() - size.height() : at.y(),
            size.width(), size.height());
    }
    return boxes;
}

void ChartFrame::addAnswer(TextScene& scene, const LayerContext& ctx) const
{
    const std::string& caption = ctx.analysis.explanation.caption;
    if (!m_answer)
        return;
    if (!ctx.file || caption.empty()) {
        m_answer->setVisible(false);
        return;
    }
    m_answer->setText(qs(caption));
    const QRect plot = m_plot.axisRect()->rect();
    const QSizeF size = ctx.sizes.box(m_answer);
    const double pad = 6 * ctx.theme.zoom;
    chart::TextRequest r;
    r.kind = chart::TextRequest::Kind::Free;
    r.texts = { caption };
    r.rank = kRankLesson;
    for (const double top : { plot.top() + pad, plot.bottom() - pad - size.height() })
        for (int step = 0; step <= 8; ++step)
            r.places.push_back({ plot.left() + pad + step * (plot.width() - 2 * pad - size.width()) / 8, top,
                size.width(), size.height() });
    scene.addText(std::move(r), m_answer, { QStringLiteral("answer"), {}, {}, 0, {} });
}

std::vector<std::pair<QString, const QCPItemText*>> ChartFrame::axisNames() const
{
    if (!m_inside || !m_xName || !m_yName)
        return {};
    return { { QStringLiteral("x"), m_xName }, { QStringLiteral("y"), m_yName } };
}

QString ChartFrame::key() const
{
    return m_title->text() + QLatin1Char('|') + (m_yName ? m_yName->text() : QString()) + (m_inside ? u'^' : u'_');
}

} // namespace roofline::widgets
