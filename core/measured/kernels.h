// SPDX-License-Identifier: GPL-3.0-or-later
// The kernels of a measured set, held in columns: a row of fixed size per kernel, its names in one block of text and
// its levels, precisions and shape parameters in arrays shared by every kernel. A reader fills a KernelRow and appends
// it; everyone else reads a kernel as a MeasuredKernel, a view into the table. A million short kernels (a plain CSV
// of 23 bytes a row) cost about 90 bytes each here, where a struct of strings and vectors per kernel cost 216.
#pragma once

#include "base/shared_name.h"
#include "roofline/dtype.h"

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace roofline {

// Bytes a kernel moved across one memory level. Nsight Compute's levels are "DRAM", "L2" and "L1"; a plain file may
// name any level of the chip ("HBM", "L2", "VMEM"). "DRAM", "HBM" and "main" are the chip's main memory.
struct LevelBytes {
    SharedName level;
    double bytes = 0;
};

// FLOPs (OPs for integers) a kernel did in one precision: "bf16", "fp16", "tf32", "fp8", "int8", "fp32", "fp64".
struct PrecisionFlops {
    SharedName precision; // empty when the file gives none
    double flops = 0;
};

using KernelParam = std::pair<std::string, double>; // a shape parameter the file states ("B" = 256), for linking

// One kernel as a reader assembles it, before it is appended to a set.
struct KernelRow {
    std::string name;
    std::string group; // empty when the file gives none
    int line = 0; // where the file holds it
    std::optional<Dtype> dtype; // the precision of most FLOPs when the program knows it (fp64 it does not)
    double seconds = 0; // > 0
    double flops = 0; // the sum over precisions, >= 0
    std::vector<PrecisionFlops> byPrecision; // the precisions with non-zero FLOPs, largest first
    std::vector<LevelBytes> bytes; // in the file's order; each > 0
    std::vector<KernelParam> params;
    double clockHz = 0; // the SM clock during the kernel, when the file gives it
};

// One kernel of a set: a view into its table, valid while the table lives and is not appended to. `name` is followed
// by a NUL byte in the table, so that name.data() may be given to C functions (fnmatch).
struct MeasuredKernel {
    std::string_view name;
    std::string_view group; // empty when the file gives none
    int line = 0;
    std::optional<Dtype> dtype;
    double seconds = 0;
    double flops = 0;
    std::span<const PrecisionFlops> byPrecision;
    std::span<const LevelBytes> bytes;
    std::span<const KernelParam> params;
    double clockHz = 0;

    const LevelBytes* level(std::string_view levelName) const;
};

class MeasuredKernels {
public:
    class const_iterator {
    public:
        using iterator_category = std::random_access_iterator_tag;
        using value_type = MeasuredKernel;
        using difference_type = std::ptrdiff_t;
        using pointer = void;
        using reference = MeasuredKernel;

        const_iterator() = default;
        const_iterator(const MeasuredKernels* table, std::size_t index)
            : m_table(table)
            , m_index(index)
        { }
        MeasuredKernel operator*() const { return (*m_table)[m_index]; }
        struct Arrow { // it->name: the view made, and kept for the expression
            MeasuredKernel kernel;
            const MeasuredKernel* operator->() const { return &kernel; }
        };
        Arrow operator->() const { return { **this }; }
        MeasuredKernel operator[](difference_type n) const { return (*m_table)[m_index + std::size_t(n)]; }
        const_iterator& operator++() { return ++m_index, *this; }
        const_iterator operator++(int) { return { m_table, m_index++ }; }
        const_iterator& operator--() { return --m_index, *this; }
        const_iterator operator--(int) { return { m_table, m_index-- }; }
        const_iterator& operator+=(difference_type n) { return m_index += std::size_t(n), *this; }
        const_iterator& operator-=(difference_type n) { return m_index -= std::size_t(n), *this; }
        friend const_iterator operator+(const_iterator i, difference_type n) { return i += n; }
        friend const_iterator operator+(difference_type n, const_iterator i) { return i += n; }
        friend const_iterator operator-(const_iterator i, difference_type n) { return i -= n; }
        friend difference_type operator-(const_iterator a, const_iterator b)
        {
            return difference_type(a.m_index) - difference_type(b.m_index);
        }
        friend bool operator==(const_iterator a, const_iterator b) { return a.m_index == b.m_index; }
        friend auto operator<=>(const_iterator a, const_iterator b) { return a.m_index <=> b.m_index; }

    private:
        const MeasuredKernels* m_table = nullptr;
        std::size_t m_index = 0;
    };

    std::size_t size() const { return m_rows.size(); }
    bool empty() const { return m_rows.empty(); }
    MeasuredKernel operator[](std::size_t index) const;
    MeasuredKernel front() const { return (*this)[0]; }
    MeasuredKernel back() const { return (*this)[size() - 1]; }
    const_iterator begin() const { return { this, 0 }; }
    const_iterator end() const { return { this, size() }; }

    void push_back(const KernelRow&);
    // Bytes held per kernel on average, for the memory bound of docs/file-formats.md (tests and benchmarks).
    std::size_t bytesHeld() const;

private:
    // The fixed part of a kernel: where its text and its entries start (each ends where the next kernel's start).
    struct Row {
        std::uint32_t name = 0; // offset in m_text of a name followed by NUL
        std::uint32_t group = 0; // offset in m_text of a group followed by NUL (that of "" for none)
        std::uint32_t bytes = 0; // first in m_bytes
        std::uint32_t precisions = 0; // first in m_precisions
        std::int32_t line = 0;
        std::int8_t dtype = -1; // none; here, where the row would be padded to the doubles
        double seconds = 0;
        double flops = 0;
    };

    std::string_view text(std::uint32_t at) const;
    template <typename T>
    std::span<const T> entries(const std::vector<T>& all, std::size_t index, std::uint32_t Row::*first) const;

    std::vector<Row> m_rows;
    std::string m_text = std::string(1, '\0'); // the empty group at offset 0
    std::vector<LevelBytes> m_bytes;
    std::vector<PrecisionFlops> m_precisions;
    // Columns most files leave empty, empty until a kernel fills them: the first of each kernel's parameters in
    // m_params, and each kernel's clock.
    std::vector<KernelParam> m_params;
    std::vector<std::uint32_t> m_firstParam;
    std::vector<double> m_clockHz;
    // The groups already held, most recent first, so that a file naming a few groups for many kernels holds each
    // once: a bounded list, so that one giving each row a group of its own costs its text and no more.
    std::vector<std::pair<std::string, std::uint32_t>> m_recentGroups;
};

} // namespace roofline
