// SPDX-License-Identifier: GPL-3.0-or-later
// The window's theme and zoom applied to the application palette, the window's font and the charts.
#include "window/theme_controller.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QEvent>
#include <QMenu>
#include <QSettings>
#include <QStyle>

#include <algorithm>
#include <cmath>

namespace roofline::widgets {

namespace {

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x31);
    const QColor base(0x1e, 0x1f, 0x22);
    const QColor text(0xe6, 0xe6, 0xe6);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::Highlight, QColor(0x00, 0x72, 0xB2));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x56, 0xB4, 0xE9));
    p.setColor(QPalette::PlaceholderText, QColor(0x9a, 0x9a, 0x9a));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x80, 0x80, 0x80));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x80, 0x80, 0x80));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x80, 0x80, 0x80));
    return p;
}

} // namespace

ThemeController::ThemeController(QWidget* window)
    : QObject(window)
    , m_window(window)
{
    window->installEventFilter(this);
}

void ThemeController::setMode(Mode mode)
{
    m_mode = mode;
    apply();
}

void ThemeController::setZoom(double zoom)
{
    if (!std::isfinite(zoom))
        return;
    m_zoom = std::clamp(zoom, kMinZoom, kMaxZoom);
    apply();
}

void ThemeController::setExtraScale(double scale)
{
    m_extraScale = scale;
    apply();
}

void ThemeController::addZoomActions(QMenu* view)
{
    QAction* zoomIn = view->addAction(tr("Zoom &in"), this, [this] { setZoom(m_zoom * 1.25); });
    zoomIn->setShortcuts({ QKeySequence(Qt::CTRL | Qt::Key_Equal), QKeySequence(Qt::CTRL | Qt::Key_Plus) });
    QAction* zoomOut = view->addAction(tr("Zoom &out"), this, [this] { setZoom(m_zoom / 1.25); });
    zoomOut->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Minus));
    QAction* zoomReset = view->addAction(tr("&Actual size"), this, [this] { setZoom(1); });
    zoomReset->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
}

void ThemeController::addThemeActions(QMenu* view)
{
    auto* themes = new QActionGroup(view);
    struct Choice {
        Mode mode;
        QString label;
        Qt::Key key;
    };
    const Choice choices[] = { { Mode::System, tr("Syste&m theme"), Qt::Key_S },
        { Mode::Light, tr("Lig&ht theme"), Qt::Key_L }, { Mode::Dark, tr("&Dark theme"), Qt::Key_D } };
    for (const auto& [mode, label, key] : choices) {
        QAction* a = view->addAction(label, this, [this, m = mode] { setMode(m); });
        a->setCheckable(true);
        a->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | key));
        a->setData(static_cast<int>(mode));
        themes->addAction(a);
    }
    connect(view, &QMenu::aboutToShow, this, [this, themes] {
        for (QAction* a : themes->actions())
            a->setChecked(a->data().toInt() == static_cast<int>(m_mode));
    });
}

void ThemeController::restore(const QSettings& settings)
{
    m_mode = static_cast<Mode>(std::clamp(settings.value(QStringLiteral("view/theme"), 0).toInt(), 0, 2));
    // A value that is not a finite number (a hand-edited "nan", "inf", text) is the default: std::clamp lets NaN
    // through, and a NaN zoom draws no text at all.
    bool number = false;
    const double zoom = settings.value(QStringLiteral("view/zoom"), 1.0).toDouble(&number);
    m_zoom = number && std::isfinite(zoom) ? std::clamp(zoom, kMinZoom, kMaxZoom) : 1.0;
    apply();
}

void ThemeController::save(QSettings& settings) const
{
    settings.setValue(QStringLiteral("view/theme"), static_cast<int>(m_mode));
    settings.setValue(QStringLiteral("view/zoom"), m_zoom);
}

void ThemeController::apply()
{
    static const QPalette systemPalette = QApplication::palette();
    m_applying = true;
    bool dark = false;
    switch (m_mode) {
    case Mode::System:
        QApplication::setPalette(systemPalette);
        dark = systemPalette.color(QPalette::Window).lightness() < 128;
        break;
    case Mode::Light:
        QApplication::setPalette(QApplication::style()->standardPalette());
        break;
    case Mode::Dark:
        QApplication::setPalette(darkPalette());
        dark = true;
        break;
    }
    m_applying = false;
    ChartTheme theme = dark ? ChartTheme::darkTheme() : ChartTheme::light();
    theme.zoom = m_zoom * m_extraScale;
    // The whole window follows the zoom: panels, labels, the table and the explanation, not only the chart.
    QFont font = QApplication::font();
    if (font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * theme.zoom);
    else
        font.setPixelSize(std::max(1, static_cast<int>(std::lround(font.pixelSize() * theme.zoom))));
    m_window->setFont(font);
    emit themeChanged(theme);
}

bool ThemeController::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_window && event->type() == QEvent::ApplicationPaletteChange && !m_applying
        && m_mode == Mode::System)
        apply();
    return QObject::eventFilter(watched, event);
}

} // namespace roofline::widgets

#include "moc_theme_controller.cpp"
