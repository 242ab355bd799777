// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/shared_name.h"

#include <deque>
#include <mutex>
#include <unordered_map>

namespace roofline {

SharedName::SharedName(std::string_view text)
{
    if (text.empty())
        return;
    // Every name given, once: a deque keeps each where it is as more are added. Names are memory levels and
    // precisions (at most 32 levels a measured file) and the program's own words, so the table stays small however
    // many records share them; a file's names stay after it is closed (a few dozen a file).
    static std::mutex mutex;
    static std::deque<std::string> names;
    static std::unordered_map<std::string_view, const std::string*> known; // keys view `names`
    const std::lock_guard lock(mutex);
    if (const auto it = known.find(text); it != known.end()) {
        m_text = it->second;
        return;
    }
    m_text = &names.emplace_back(text);
    known.emplace(*m_text, m_text);
}

} // namespace roofline
