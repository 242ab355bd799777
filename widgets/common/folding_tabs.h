// SPDX-License-Identifier: GPL-3.0-or-later
// Tabs that fold down to their tab bar, for the pages under the chart on a small screen.
#pragma once

#include <QElapsedTimer>
#include <QTabWidget>

namespace roofline::widgets {

// Folded, only the tab bar shows and the splitter above gives the rest to the chart. Clicking the current tab folds
// or unfolds; clicking another tab, or showing a page from the program, unfolds.
class FoldingTabs : public QTabWidget {
    Q_OBJECT
public:
    explicit FoldingTabs(QWidget* parent = nullptr);

    bool isFolded() const { return m_folded; }
    void setFolded(bool);
    // Makes `page` current and unfolds.
    void showPage(QWidget* page);
    // A bar of controls beside the tabs (the top right corner), that can be hidden: hidden, the tabs take its room.
    void setCornerBar(QWidget* bar);

    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

signals:
    void foldedChanged(bool folded);

private:
    int foldedHeight() const;
    // How much wider QTabWidget's hint is for its corner widgets than they need, by `hint` (minimum or wanted).
    int cornerWidthsOver(QSize (QWidget::*hint)() const) const;

    bool m_folded = false;
    QWidget* m_cornerBar = nullptr;
    QElapsedTimer m_sinceClick; // since the last click on a tab
};

} // namespace roofline::widgets
