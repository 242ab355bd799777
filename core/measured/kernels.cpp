// SPDX-License-Identifier: GPL-3.0-or-later
#include "measured/kernels.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <stdexcept>

namespace roofline {

namespace {

constexpr std::size_t kRecentGroups = 16;

// An offset or count the table keeps in 32 bits. A measured set's limits (a file of at most 1 GiB, at most 2^20
// kernels of at most 32 levels) keep every one far below 2^32; this guards the table's own promise.
std::uint32_t narrow(std::size_t n)
{
    if (n > std::numeric_limits<std::uint32_t>::max())
        throw std::length_error("a measured set beyond 4 GiB of names or 2^32 entries");
    return static_cast<std::uint32_t>(n);
}

} // namespace

const LevelBytes* MeasuredKernel::level(std::string_view levelName) const
{
    for (const LevelBytes& b : bytes)
        if (b.level == levelName)
            return &b;
    return nullptr;
}

std::string_view MeasuredKernels::text(std::uint32_t at) const
{
    const char* start = m_text.data() + at;
    return { start, std::strlen(start) };
}

template <typename T>
std::span<const T> MeasuredKernels::entries(
    const std::vector<T>& all, std::size_t index, std::uint32_t Row::*first) const
{
    const std::size_t begin = m_rows[index].*first;
    const std::size_t end = index + 1 < m_rows.size() ? m_rows[index + 1].*first : all.size();
    return std::span<const T>(all).subspan(begin, end - begin);
}

MeasuredKernel MeasuredKernels::operator[](std::size_t index) const
{
    const Row& r = m_rows[index];
    MeasuredKernel k;
    k.name = text(r.name);
    k.group = text(r.group);
    k.line = r.line;
    if (r.dtype >= 0)
        k.dtype = static_cast<Dtype>(r.dtype);
    k.seconds = r.seconds;
    k.flops = r.flops;
    k.byPrecision = entries(m_precisions, index, &Row::precisions);
    k.bytes = entries(m_bytes, index, &Row::bytes);
    if (!m_firstParam.empty()) {
        const std::size_t begin = m_firstParam[index];
        const std::size_t end = index + 1 < m_firstParam.size() ? m_firstParam[index + 1] : m_params.size();
        k.params = std::span<const KernelParam>(m_params).subspan(begin, end - begin);
    }
    if (!m_clockHz.empty())
        k.clockHz = m_clockHz[index];
    return k;
}

void MeasuredKernels::push_back(const KernelRow& k)
{
    Row r;
    r.name = narrow(m_text.size());
    m_text.append(k.name).push_back('\0');
    if (!k.group.empty()) {
        const auto held = std::find_if(m_recentGroups.begin(), m_recentGroups.end(),
            [&k](const std::pair<std::string, std::uint32_t>& g) { return g.first == k.group; });
        if (held != m_recentGroups.end()) {
            r.group = held->second;
            std::rotate(m_recentGroups.begin(), held, held + 1);
        } else {
            r.group = narrow(m_text.size());
            m_text.append(k.group).push_back('\0');
            if (m_recentGroups.size() == kRecentGroups)
                m_recentGroups.pop_back();
            m_recentGroups.insert(m_recentGroups.begin(), { k.group, r.group });
        }
    }
    r.bytes = narrow(m_bytes.size());
    m_bytes.insert(m_bytes.end(), k.bytes.begin(), k.bytes.end());
    r.precisions = narrow(m_precisions.size());
    m_precisions.insert(m_precisions.end(), k.byPrecision.begin(), k.byPrecision.end());
    r.line = k.line;
    r.seconds = k.seconds;
    r.flops = k.flops;
    if (k.dtype)
        r.dtype = static_cast<std::int8_t>(*k.dtype);
    // The sparse columns start with the first kernel that fills them; the kernels before it had none.
    if (!k.params.empty() || !m_firstParam.empty()) {
        m_firstParam.resize(m_rows.size(), 0);
        m_firstParam.push_back(narrow(m_params.size()));
        m_params.insert(m_params.end(), k.params.begin(), k.params.end());
    }
    if (k.clockHz != 0 || !m_clockHz.empty()) {
        m_clockHz.resize(m_rows.size(), 0);
        m_clockHz.push_back(k.clockHz);
    }
    m_rows.push_back(r);
}

std::size_t MeasuredKernels::bytesHeld() const
{
    std::size_t params = m_params.capacity() * sizeof(KernelParam);
    for (const KernelParam& p : m_params)
        if (p.first.capacity() > 15)
            params += p.first.capacity() + 1;
    return m_rows.capacity() * sizeof(Row) + m_text.capacity() + m_bytes.capacity() * sizeof(LevelBytes)
        + m_precisions.capacity() * sizeof(PrecisionFlops) + params + m_firstParam.capacity() * sizeof(std::uint32_t)
        + m_clockHz.capacity() * sizeof(double);
}

} // namespace roofline
