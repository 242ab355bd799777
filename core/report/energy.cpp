// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/energy.h"

#include "base/units.h"
#include "report/report.h"
#include "roofline/energy.h"

#include <algorithm>
#include <vector>

namespace roofline {

namespace {

// "energy_per_flop.bf16, power.constant": each key once, in the order met.
std::string missingKeys(const Analysis& a)
{
    std::vector<std::string> keys;
    for (const OperationAnalysis& op : a.operations)
        if (op.evaluation)
            for (const std::string& key : operationEnergy(a.hardware, *op.evaluation).missing)
                if (std::find(keys.begin(), keys.end(), key) == keys.end())
                    keys.push_back(key);
    return joinWithOr(keys);
}

} // namespace

std::string energyText(const Analysis& a)
{
    const Hardware& hw = a.hardware;
    const bool model = statesEnergyModel(hw);
    if (!model && hw.boardPower <= 0)
        return {};
    const std::string perJoule = std::string(workName(a.dtype)) + "/J";
    std::vector<std::string> header { "operation" };
    if (model)
        header.insert(header.end(), { "E (model)", perJoule });
    if (hw.boardPower > 0)
        header.insert(header.end(), { "E at " + savedNumber(hw.boardPower) + " W", perJoule });
    std::vector<std::vector<std::string>> table { header };
    std::size_t exceeding = 0;
    for (std::size_t i = 0; i < a.operations.size(); ++i) {
        const Evaluation& e = a.operations[i].evaluation.value();
        const OperationEnergy energy = operationEnergy(hw, e);
        const Operation& op = a.session.operations[i];
        std::vector<std::string> row { op.name + (op.repeat != 1 ? " ×" + formatSI(op.repeat) : std::string()) };
        exceeding += energy.exceedsBoardPower() ? 1 : 0;
        if (model) {
            const bool any = energy.model() > 0;
            row.push_back(!any ? "-" : (energy.complete() ? "" : "≥ ") + formatSI(energy.model(), "J"));
            row.push_back(
                !any || e.flops <= 0 ? "-" : (energy.complete() ? "" : "≤ ") + formatSI(e.flops / energy.model()));
        }
        if (hw.boardPower > 0) {
            row.push_back(formatSI(energy.atBoardPower, "J"));
            row.push_back(e.flops > 0 ? formatSI(e.flops / energy.atBoardPower) : "-");
        }
        table.push_back(std::move(row));
    }
    std::string out = "\nEnergy";
    if (model)
        out += " (model after Choi et al., IPDPS 2013: E = W·ε_flop + Σ Q·ε_byte + π0·T";
    if (hw.boardPower > 0)
        out += std::string(model ? "; " : " (") + "at board power, an estimate and no bound: P_board·T_lower";
    out += "), each operation once (a row ×N runs N times):\n";
    out += renderTable(table, 1, header.size());
    if (model) {
        if (const std::string missing = missingKeys(a); !missing.empty())
            out += "  " + hw.name + " states no " + missing
                + " (give them with --set): the model counts the stated terms alone, a lower bound on the energy (≥) "
                  "and an upper bound on "
                + std::string(workName(a.dtype)) + " per joule (≤)\n";
    }
    if (exceeding > 0)
        out += "  the model's stated terms spend more than the " + savedNumber(hw.boardPower)
            + " W board power would for " + std::to_string(exceeding) + (exceeding == 1 ? " operation" : " operations")
            + ": a constant may be too large (no chip within its rating draws more)\n";
    return out;
}

void writeEnergyJson(JsonWriter& j, const Hardware& hw, const Evaluation& e)
{
    if (!statesEnergyModel(hw))
        return;
    const OperationEnergy energy = operationEnergy(hw, e);
    j.key("energy_model").beginObject();
    j.key("compute_j").value(energy.compute);
    j.key("data_j").value(energy.data);
    j.key("constant_j").value(energy.constant);
    j.key("total_j").value(energy.model());
    if (energy.model() > 0 && e.flops > 0)
        j.key("flops_per_joule").value(e.flops / energy.model());
    j.key("complete").value(energy.complete());
    j.key("exceeds_board_power").value(energy.exceedsBoardPower());
    j.key("missing").beginArray();
    for (const std::string& key : energy.missing)
        j.value(key);
    j.endArray();
    j.endObject();
}

} // namespace roofline
