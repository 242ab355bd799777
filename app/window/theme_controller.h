// SPDX-License-Identifier: GPL-3.0-or-later
// The window's theme and zoom: the application palette (the system's, light or dark), the window's type size and
// the charts' theme, remembered in QSettings.
#pragma once

#include "common/chart_theme.h"

#include <QObject>

class QMenu;
class QSettings;
class QWidget;

namespace roofline::widgets {

class ThemeController : public QObject {
    Q_OBJECT
public:
    enum class Mode { System, Light, Dark };

    // Follows `window`'s palette changes while the mode is System, and sets `window`'s font for the zoom.
    explicit ThemeController(QWidget* window);

    Mode mode() const { return m_mode; }
    double zoom() const { return m_zoom; }
    void setMode(Mode);
    // Clamped to 0.5 to 3.
    void setZoom(double);
    // A scale on top of the user's zoom, not remembered: the presentation view's large type.
    void setExtraScale(double);
    // View ▸ Zoom in, Zoom out and Actual size.
    void addZoomActions(QMenu* view);
    // View ▸ System, Light and Dark theme, checked as the mode is.
    void addThemeActions(QMenu* view);
    // The mode and zoom of the last session, applied; and saved for the next.
    void restore(const QSettings&);
    void save(QSettings&) const;

signals:
    // The charts' and tables' theme for the new mode or zoom.
    void themeChanged(const ChartTheme&);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    static constexpr double kMinZoom = 0.5;
    static constexpr double kMaxZoom = 3;

    void apply();

    QWidget* m_window;
    Mode m_mode = Mode::System;
    double m_zoom = 1;
    double m_extraScale = 1;
    bool m_applying = false;
};

} // namespace roofline::widgets
