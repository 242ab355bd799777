// SPDX-License-Identifier: GPL-3.0-or-later
#include "chart/redraw_policy.h"

namespace roofline::widgets {

RedrawPolicy::RedrawPolicy(std::function<void()> rested)
{
    m_settle.setSingleShot(true);
    m_settle.setInterval(kSettleMs);
    // The timer as the context: the project builds with QT_NO_CONTEXTLESS_CONNECT, which Qt 6.7 and later enforce.
    QObject::connect(&m_settle, &QTimer::timeout, &m_settle, std::move(rested));
}

void RedrawPolicy::setDragging(bool dragging)
{
    m_dragging = dragging;
    if (!dragging)
        m_settle.stop(); // the handle let go: input rests
}

bool RedrawPolicy::turn()
{
    const bool fast = followingInput();
    if (fast == m_fast)
        return false;
    m_fast = fast;
    m_settling = !fast;
    if (fast)
        m_fullWhileFast = false;
    return true;
}

RedrawPolicy::Redraw RedrawPolicy::ask(bool full)
{
    if (full || m_fullQueued) {
        m_fullQueued = true;
        return Redraw::Full;
    }
    if (m_liveQueued)
        return Redraw::Queued;
    m_liveQueued = true;
    return Redraw::Live;
}

bool RedrawPolicy::liveRuns()
{
    m_liveQueued = false;
    return !m_fullQueued;
}

void RedrawPolicy::replotStarts(const QString& frame)
{
    m_fullQueued = false;
    m_frame = frame;
    m_fullWhileFast = m_fullWhileFast || m_fast;
}

bool RedrawPolicy::finished()
{
    if (!m_fast)
        m_fullWhileFast = false;
    if (!m_settling || m_fast)
        return false;
    m_settling = false;
    return true;
}

} // namespace roofline::widgets
