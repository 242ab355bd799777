// SPDX-License-Identifier: GPL-3.0-or-later
// The Compare tab: the session's workload on every known chip, one row a chip as `roofline-lab compare --all` gives
// it (core/report/compare.h), ranked by the figure chosen. A double click on a row moves the session to that chip.
#pragma once

#include "report/compare.h"
#include "session/analysis.h"

#include <QWidget>

#include <memory>
#include <vector>

class QComboBox;
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

protected:
    void showEvent(QShowEvent*) override;

private:
    void rank();

    Document* m_document;
    QComboBox* m_by;
    QTableWidget* m_table;
    std::shared_ptr<const Analysis> m_analysis;
    std::vector<ChipComparison> m_rows;
    bool m_stale = true;
    bool m_holding = false; // a drag or a play is under way (Document::gestureStarted)
};

} // namespace roofline::widgets
