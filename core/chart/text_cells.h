// SPDX-License-Identifier: GPL-3.0-or-later
// The text layout's index of what lies where: things by the square cells of a grid they touch (chart/text_layout.cpp).
#pragma once

#include "chart/text_geometry.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <utility>
#include <vector>

namespace roofline::chart {

// Indices of things by the square cells they touch, so that a spot is tested against the things near it alone. The
// cells are a flat grid over the area given (a hash of cells took an eighth of the layout's instructions in bench_gui's
// four-chip drag); things and queries beyond it fall in its edge cells, which only adds candidates to test.
class TextCells {
public:
    static constexpr double kCell = 32;
    static constexpr double kMostCells = 1024; // along a side: a cell grows on a chart wider than 32,768 pixels

    explicit TextCells(const Box& area)
        : m_left(std::isfinite(area.left) ? area.left : 0)
        , m_top(std::isfinite(area.top) ? area.top : 0)
        , m_cellWidth(std::max(kCell, side(area.width) / kMostCells))
        , m_cellHeight(std::max(kCell, side(area.height) / kMostCells))
        , m_columns(std::max(1, int(std::ceil(side(area.width) / m_cellWidth))))
        , m_rows(std::max(1, int(std::ceil(side(area.height) / m_cellHeight))))
        , m_cells(std::size_t(m_columns) * std::size_t(m_rows))
    { }

    void add(std::size_t index, const Box& b)
    {
        forCells(b, [&](std::size_t cell) {
            m_cells[cell].push_back(index);
            return false;
        });
    }
    // A segment goes into the cells it passes through, column by column of cells.
    void addSegment(std::size_t index, Point a, Point b)
    {
        if (a.x > b.x)
            std::swap(a, b);
        const int firstColumn = column(a.x);
        const int lastColumn = column(b.x);
        auto yAt = [&](double x) { return b.x == a.x ? a.y : a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x); };
        for (int c = firstColumn; c <= lastColumn; ++c) {
            // The part of the segment over this column; the edge columns hold what lies beyond the area too.
            const double x0 = c == 0 ? a.x : std::max(a.x, m_left + c * m_cellWidth);
            const double x1 = c == m_columns - 1 ? b.x : std::min(b.x, m_left + (c + 1) * m_cellWidth);
            const int firstRow = row(std::min(yAt(x0), yAt(x1)));
            const int lastRow = row(std::max(yAt(x0), yAt(x1)));
            for (int r = firstRow; r <= lastRow; ++r)
                m_cells[std::size_t(r) * std::size_t(m_columns) + std::size_t(c)].push_back(index);
        }
    }
    // Calls visit with the index of each thing in a cell that `b` touches; an index may come more than once.
    template <typename Visit> void near(const Box& b, Visit visit) const
    {
        forCells(b, [&](std::size_t cell) {
            for (const std::size_t i : m_cells[cell])
                visit(i);
            return false;
        });
    }

    // Whether `test` holds for any thing in a cell that `b` touches; stops at the first.
    template <typename Test> bool any(const Box& b, Test test) const
    {
        return forCells(b, [&](std::size_t cell) {
            return std::any_of(m_cells[cell].begin(), m_cells[cell].end(), [&](std::size_t i) { return test(i); });
        });
    }

private:
    // A side of the area as the grid takes it: one cell where it is none.
    static double side(double length) { return length > 0 && length < 1e9 ? length : kCell; }
    // The column and the row of a coordinate, at the grid's edge beyond it (and for a coordinate that is no number).
    static int cellOf(double at, double origin, double size, int count)
    {
        const double k = std::floor((at - origin) / size);
        if (!(k > 0))
            return 0;
        return k >= count - 1 ? count - 1 : int(k);
    }
    int column(double x) const { return cellOf(x, m_left, m_cellWidth, m_columns); }
    int row(double y) const { return cellOf(y, m_top, m_cellHeight, m_rows); }
    // Calls visit with the index of each cell `b` touches, until it returns true; says whether it did.
    template <typename Visit> bool forCells(const Box& b, Visit visit) const
    {
        const int c0 = column(b.left);
        const int c1 = column(b.left + b.width);
        const int r0 = row(b.top);
        const int r1 = row(b.top + b.height);
        for (int r = r0; r <= r1; ++r)
            for (int c = c0; c <= c1; ++c)
                if (visit(std::size_t(r) * std::size_t(m_columns) + std::size_t(c)))
                    return true;
        return false;
    }

    double m_left;
    double m_top;
    double m_cellWidth;
    double m_cellHeight;
    int m_columns; // at least one
    int m_rows; // at least one
    std::vector<std::vector<std::size_t>> m_cells; // row by row
};

} // namespace roofline::chart
