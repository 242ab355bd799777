// SPDX-License-Identifier: GPL-3.0-or-later
// The Compare tab: the session's workload on every known chip, one row a chip as `roofline-lab compare --all` gives
// it (core/report/compare.h), ranked by the figure chosen. A double click on a row moves the session to that chip; its
// Price column takes the price of one chip-hour, typed, as an undoable edit of the session.
#pragma once

#include "report/compare.h"
#include "session/analysis.h"

#include <QWidget>

#include <memory>
#include <vector>

class QComboBox;
class QLabel;
class QTableWidget;

namespace roofline::widgets {

class Document;

class ComparePage : public QWidget {
    Q_OBJECT
public:
    explicit ComparePage(Document* document, QWidget* parent = nullptr);

    // Keeps the analysis; ranks the chips again only while the page shows and no drag is under way, so that a slider
    // step costs nothing here when it is out of sight, and a drag is ranked once when it ends.
    void setAnalysis(std::shared_ptr<const Analysis> analysis);
    // The rows shown, as the core ranked them.
    const std::vector<ChipComparison>& rows() const { return m_rows; }
    QTableWidget* table() const { return m_table; }
    QComboBox* rankBy() const { return m_by; }
    // The figure ranked by, as the JSON report names it ("t_lower_s"); the list shows it in words.
    QString figure() const;
    void rankBy(const QString& figure);
    // What the page says under the table: the chips without a price when the cost is shown, or why a price typed
    // was refused.
    QString note() const;
    static constexpr int kPriceColumn = 1;

protected:
    void showEvent(QShowEvent*) override;

private:
    void rank();
    // A price typed in the Price column of `row`: given to the document as an undoable edit (the table is filled
    // again once the table's own signal has returned), or refused in the note.
    void priceTyped(int row, const QString& text);

    Document* m_document;
    QComboBox* m_by;
    QTableWidget* m_table;
    QLabel* m_note;
    QString m_refused; // why the price typed last was refused, for the note until the table is filled again
    std::shared_ptr<const Analysis> m_analysis;
    std::vector<ChipComparison> m_rows;
    bool m_stale = true;
    bool m_holding = false; // a drag or a play is under way (Document::gestureStarted)
    bool m_filling = false; // the table is being filled: its item changes are not the user's
    bool m_typing = false; // a price typed is being given to the document, inside the table's signal
};

} // namespace roofline::widgets
