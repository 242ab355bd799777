// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/frontier.h"

#include "base/json.h"
#include "base/units.h"
#include "llm/model.h"
#include "report/report.h"

#include <algorithm>

namespace roofline {

namespace {

std::string frontierTableOn(const std::string& model, const std::string& chip, const Frontier& f)
{
    std::vector<std::vector<std::string>> rows { { "tp", "chips", "batch", "step", "tokens/s per chip",
        "tokens/s per sequence", "fits", "frontier" } };
    for (const FrontierPoint& p : f.points)
        rows.push_back({ wholeText(p.tp), wholeText(p.chips), wholeText(p.batch), formatSeconds(p.tLower),
            formatSI(p.tokensPerSecondPerChip, "", 4), formatSI(p.tokensPerSecondPerSequence, "", 4),
            p.fits ? "yes" : "no", p.onFrontier ? "*" : "" });
    if (f.points.empty())
        return model + " on " + chip
            + ": no configuration to sweep (the model cannot run there, or a group of its experts needs more sequences "
              "than the largest batch)\n";
    const std::size_t onFrontier = static_cast<std::size_t>(
        std::count_if(f.points.begin(), f.points.end(), [](const FrontierPoint& p) { return p.onFrontier; }));
    return model + " on " + chip + ": tokens/s per chip against tokens/s per sequence; * marks the "
        + std::to_string(onFrontier) + " points no other that fits beats on both\n" + renderTable(rows, 0, 6);
}

void writeFrontierPoints(JsonWriter& j, const Frontier& f)
{
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
}

} // namespace

std::string frontierTable(const Session& s, const Frontier& f, const std::vector<Frontier>& compared)
{
    if (!s.model)
        return "the scenario has no model: the frontier is a model's\n";
    const std::string model = s.model->model.name + " " + std::string(phaseName(s.model->phase));
    std::string out = frontierTableOn(model, s.hardware().name, f);
    for (std::size_t k = 0; k < compared.size() && k < s.compare.size(); ++k)
        out += "\n" + frontierTableOn(model, s.compare[k].chip.name, compared[k]);
    return out;
}

std::string frontierJson(const Session& s, const Frontier& f, const std::vector<Frontier>& compared)
{
    JsonWriter j;
    j.beginObject();
    j.key("chip").value(s.hardware().id);
    if (s.model) {
        j.key("model").value(s.model->model.id);
        j.key("phase").value(phaseName(s.model->phase));
    }
    writeFrontierPoints(j, f);
    if (!compared.empty()) {
        j.key("compared").beginArray();
        for (std::size_t k = 0; k < compared.size() && k < s.compare.size(); ++k) {
            j.beginObject();
            j.key("chip").value(s.compare[k].presetId);
            writeFrontierPoints(j, compared[k]);
            j.endObject();
        }
        j.endArray();
    }
    j.endObject();
    return j.str() + "\n";
}

} // namespace roofline
