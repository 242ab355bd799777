// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/compared.h"

#include "base/units.h"
#include "report/report.h"

#include <vector>

namespace roofline {

std::string comparedText(const Analysis& a)
{
    if (a.compared.empty())
        return {};
    std::vector<std::string> header { "operation", "T on " + a.hardware.name };
    for (const ComparedAnalysis& c : a.compared) {
        header.push_back("T on " + c.hardware.name);
        header.push_back("bound");
    }
    std::vector<std::vector<std::string>> table { header };
    for (std::size_t i = 0; i < a.operations.size(); ++i) {
        if (a.session.operations[i].hidden)
            continue;
        const Expected<Evaluation>& own = a.operations[i].evaluation;
        std::vector<std::string> row { a.session.operations[i].name, own ? formatSeconds(own->tLower) : "-" };
        for (const ComparedAnalysis& c : a.compared) {
            const Expected<Evaluation>& there = c.evaluations[i];
            row.push_back(there ? formatSeconds(there->tLower) : "-");
            row.push_back(there ? there->bound() : "cannot run");
        }
        table.push_back(std::move(row));
    }
    std::string out = "\nCompared chips (each operation moved onto each chip, its own peaks and bandwidths):\n";
    out += renderTable(table, 1, header.size());
    for (const std::string& line : a.explanation.chips)
        out += "  " + line + "\n";
    return out;
}

void writeComparedJson(JsonWriter& j, const Analysis& a)
{
    if (a.compared.empty())
        return;
    j.key("compared").beginObject();
    j.key("chips").beginArray();
    for (const ComparedAnalysis& c : a.compared) {
        j.beginObject();
        j.key("preset").value(c.presetId);
        j.key("name").value(c.hardware.name);
        j.key("dtype").value(std::string(dtypeName(c.dtype)));
        j.key("peak").value(c.peak);
        j.key("operations").beginArray();
        for (std::size_t i = 0; i < c.evaluations.size(); ++i) {
            j.beginObject();
            j.key("id").value(a.session.operations[i].id);
            if (const Expected<Evaluation>& e = c.evaluations[i]) {
                j.key("t_lower_s").value(e->tLower);
                j.key("t_upper_s").value(e->tUpper);
                j.key("bound").value(e->bound());
            } else {
                j.key("problem").value(e.error());
            }
            j.endObject();
        }
        j.endArray().endObject();
    }
    j.endArray();
    j.key("verdict").beginArray();
    for (const std::string& line : a.explanation.chips)
        j.value(line);
    j.endArray().endObject();
}

} // namespace roofline
