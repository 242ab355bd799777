// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/frontier.h"

#include "base/json.h"
#include "base/units.h"
#include "llm/model.h"
#include "report/report.h"

#include <algorithm>

namespace roofline {

std::string frontierTable(const Session& s, const Frontier& f)
{
    if (!s.model)
        return "the scenario has no model: the frontier is a model's\n";
    std::vector<std::vector<std::string>> rows { { "tp", "chips", "batch", "step", "tokens/s per chip",
        "tokens/s per sequence", "fits", "frontier" } };
    for (const FrontierPoint& p : f.points)
        rows.push_back({ wholeText(p.tp), wholeText(p.chips), wholeText(p.batch), formatSeconds(p.tLower),
            formatSI(p.tokensPerSecondPerChip, "", 4), formatSI(p.tokensPerSecondPerSequence, "", 4),
            p.fits ? "yes" : "no", p.onFrontier ? "*" : "" });
    const std::size_t onFrontier = static_cast<std::size_t>(
        std::count_if(f.points.begin(), f.points.end(), [](const FrontierPoint& p) { return p.onFrontier; }));
    return s.model->model.name + " " + std::string(phaseName(s.model->phase)) + " on " + s.hardware().name
        + ": tokens/s per chip against tokens/s per sequence; * marks the " + std::to_string(onFrontier)
        + " points no other that fits beats on both\n" + renderTable(rows, 0, 6);
}

std::string frontierJson(const Session& s, const Frontier& f)
{
    JsonWriter j;
    j.beginObject();
    j.key("chip").value(s.hardware().id);
    if (s.model) {
        j.key("model").value(s.model->model.id);
        j.key("phase").value(phaseName(s.model->phase));
    }
    j.key("frontier").beginArray();
    for (const FrontierPoint& p : f.points) {
        j.beginObject();
        j.key("tp").value(p.tp);
        j.key("batch").value(p.batch);
        j.key("chips").value(p.chips);
        j.key("t_lower_s").value(p.tLower);
        j.key("tokens_per_s_per_chip").value(p.tokensPerSecondPerChip);
        j.key("tokens_per_s_per_sequence").value(p.tokensPerSecondPerSequence);
        j.key("fits").value(p.fits);
        j.key("on_frontier").value(p.onFrontier);
        j.endObject();
    }
    j.endArray();
    j.endObject();
    return j.str() + "\n";
}

} // namespace roofline
