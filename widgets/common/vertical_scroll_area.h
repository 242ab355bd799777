// SPDX-License-Identifier: GPL-3.0-or-later
// A scroll area for a column of controls: it scrolls up and down only, and is never narrower than its contents.
#pragma once

#include <QScrollArea>

namespace roofline::widgets {

// Sideways the contents keep their least width (a clipped field or a button cut in half helps nobody); downwards
// they scroll. The area asks its dock or splitter for that width, and asks again whenever the contents' layout
// changes (an operation with more parameters, a larger font after a zoom).
class VerticalScrollArea : public QScrollArea {
    Q_OBJECT
public:
    explicit VerticalScrollArea(QWidget* contents, QWidget* parent = nullptr);

    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    int contentsWidth() const;
};

} // namespace roofline::widgets
