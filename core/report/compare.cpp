// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/compare.h"

#include "base/json.h"
#include "base/units.h"
#include "report/report.h"
#include "session/analysis.h"
#include "session/edit.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace roofline {

namespace {

// A figure a ranking can be by: its JSON name, whether smaller ranks first, and where a row keeps it.
struct Figure {
    std::string_view name;
    bool smallerFirst;
    double ChipComparison::*value;
    bool model = false; // a whole model's figure
};

constexpr std::array kFigures { Figure { "t_lower_s", true, &ChipComparison::tLower },
    Figure { "t_upper_s", true, &ChipComparison::tUpper },
    Figure { "tokens_per_s", false, &ChipComparison::tokensPerSecond, true },
    Figure { "tokens_per_s_per_sequence", false, &ChipComparison::tokensPerSecondPerSequence, true },
    Figure { "time_to_first_token_s", true, &ChipComparison::timeToFirstToken, true },
    Figure { "mfu", false, &ChipComparison::mfu, true },
    Figure { "memory_bandwidth_utilisation", false, &ChipComparison::mbu, true },
    Figure { "max_batch", false, &ChipComparison::maxBatch, true },
    Figure { "energy_j", true, &ChipComparison::energy },
    Figure { "joules_per_token", true, &ChipComparison::joulesPerToken, true },
    Figure { "cost_per_million_tokens", true, &ChipComparison::costPerMillionTokens, true } };

// Where the time of a kind of roof goes, the memory level or link that takes most of it, counted as the totals count
// (each operation once per repeat): "HBM", "NVLink". Empty for the compute bound.
std::string boundBy(const Analysis& a, std::string_view bound)
{
    if (bound != "memory" && bound != "network")
        return {};
    const RoofKind kind = bound == "memory" ? RoofKind::Memory : RoofKind::Network;
    std::vector<std::pair<std::string, double>> times;
    for (std::size_t i = 0; i < a.operations.size(); ++i) {
        const Operation& op = a.session.operations[i];
        // A model's step is its generated operations, hidden or not; otherwise the visible operations.
        if (!a.operations[i].evaluation.ok() || (a.session.model ? !op.generated : op.hidden))
            continue;
        for (const ResourceUse& use : a.operations[i].evaluation.value().resources) {
            if (use.kind != kind)
                continue;
            auto it = std::find_if(times.begin(), times.end(), [&](const auto& t) { return t.first == use.name; });
            if (it == times.end())
                it = times.insert(times.end(), { use.name, 0.0 });
            it->second += op.repeat * use.time;
        }
    }
    const auto most = std::max_element(
        times.begin(), times.end(), [](const auto& x, const auto& y) { return x.second < y.second; });
    return most == times.end() ? std::string() : most->first;
}

ChipComparison onChip(const Session& session, const Hardware& chip, const PresetLibrary& library,
    const ModelLibrary& models, const std::optional<SessionCalibration>& given, std::optional<double> price)
{
    ChipComparison row;
    row.presetId = chip.id;
    row.name = chip.name;
    // The session's own chip as it is, overrides and all; another moved as the window's chip menu moves it: the
    // overrides stay with the chip they were made for, a model keeps its settings where the new chip can run them.
    Expected<Session> there = chip.id == session.presetId
        ? Expected<Session>(session)
        : applyEdit(session, edits::Preset { chip, library.calibration(chip.id) }, models);
    if (!there) {
        row.problem = there.error();
        return row;
    }
    Session moved = std::move(there).value();
    if (price) {
        Expected<Session> priced = applyEdit(moved, edits::HardwareValue { "price.hour", *price }, models);
        if (!priced) {
            row.problem = priced.error();
            return row;
        }
        moved = std::move(priced).value();
    }
    // A calibration given for this chip alone takes the place of the one the session or its preset has.
    if (given && given->calibration && given->calibration->chip == chip.id)
        moved.calibration = given;
    moved.compare.clear(); // the row is this chip's alone
    const Analysis a = analyse(moved);
    if (moved.model) {
        if (!a.model) {
            row.problem = a.modelProblem.empty() ? std::string("the model cannot run here") : a.modelProblem;
            return row;
        }
        const ModelTotals& t = *a.model;
        row.model = true;
        row.tLower = t.tLower;
        row.tUpper = t.tUpper;
        row.bound = std::string(mostTimeOn(t.tMath, t.tMemory, t.tNetwork));
        row.boundBy = boundBy(a, row.bound);
        row.tokensPerSecond = t.tokensPerSecond;
        row.tokensPerSecondPerSequence = t.tokensPerSecondPerSequence;
        row.timeToFirstToken = t.timeToFirstToken;
        row.mfu = t.mfu;
        row.mbu = t.mbu;
        row.fits = t.fits;
        row.maxBatch = t.maxBatch;
        if (t.energyPerStep > 0) {
            row.energy = t.energyPerStep;
            row.joulesPerToken = 1 / t.tokensPerJoule;
        }
        if (t.costPerStep > 0)
            row.costPerMillionTokens = t.costPerMillionTokens;
        if (t.calibrated) {
            row.tCalibrated = t.calibrated->tStep;
            row.calibratedTokensPerSecond = t.calibrated->tokensPerSecond;
        }
        // Not fitting is not running: ranked with the chips that cannot, its figures kept for what it would take.
        if (!t.fits) {
            // What a chip holds, counted as the explanation counts it: a training step's gradients and optimizer
            // state where inference has its KV cache.
            const double held = t.weightsBytes + t.activationBytes
                + (t.training ? t.training->gradientsBytes + t.training->optimizerBytes : t.kvCacheBytes);
            row.problem = "does not fit: " + formatBytes(held) + " per chip, in " + formatBytes(t.capacityBytes);
        }
        return row;
    }
    if (const std::optional<std::string> error = a.firstError()) {
        row.problem = *error;
        return row;
    }
    row.tLower = a.total.tLower;
    row.tUpper = a.total.tUpper;
    row.bound = std::string(mostTimeOn(a.total.tMath, a.total.tMemory, a.total.tNetwork));
    row.boundBy = boundBy(a, row.bound);
    if (a.hardware.boardPower > 0)
        row.energy = a.hardware.boardPower * a.total.tLower;
    if (a.calibration())
        row.tCalibrated = a.total.tCalibrated;
    return row;
}

} // namespace

std::vector<std::string_view> comparisonFigures()
{
    std::vector<std::string_view> out;
    for (const Figure& f : kFigures)
        out.push_back(f.name);
    return out;
}

Expected<std::vector<ChipComparison>> compareChips(const Session& session, const std::vector<std::string>& chips,
    const PresetLibrary& library, const ModelLibrary& models, std::string_view by,
    const std::optional<SessionCalibration>& calibration, const std::map<std::string, double>& prices)
{
    using Result = Expected<std::vector<ChipComparison>>;
    const auto figure = std::find_if(kFigures.begin(), kFigures.end(), [by](const Figure& f) { return f.name == by; });
    if (figure == kFigures.end()) {
        std::string names;
        for (const Figure& f : kFigures)
            names += (names.empty() ? "" : ", ") + std::string(f.name);
        return Result::failure("no figure '" + std::string(by) + "' to rank by (one of " + names + ")");
    }
    if (figure->model && !session.model)
        return Result::failure("ranking by " + std::string(by) + " needs a model (--model ID)");
    if (figure->value == &ChipComparison::timeToFirstToken && session.model && session.model->phase != Phase::Prefill)
        return Result::failure("time_to_first_token_s is a prefill's: give --phase prefill");
    for (const auto& [id, price] : prices)
        if (std::find(chips.begin(), chips.end(), id) == chips.end())
            return Result::failure("a price for '" + id + "', which is not among the chips compared");
    std::vector<ChipComparison> rows;
    for (std::size_t i = 0; i < chips.size(); ++i) {
        if (std::find(chips.begin(), chips.begin() + static_cast<std::ptrdiff_t>(i), chips[i])
            != chips.begin() + static_cast<std::ptrdiff_t>(i))
            return Result::failure("the chip '" + chips[i] + "' is named twice");
        const Hardware* chip = library.find(chips[i]);
        if (!chip) {
            std::string ids;
            for (const Hardware& h : library.presets())
                ids += (ids.empty() ? "" : ", ") + h.id;
            return Result::failure("no preset with id '" + chips[i] + "' (known: " + ids + ")");
        }
        const auto price = prices.find(chips[i]);
        rows.push_back(onChip(session, *chip, library, models, calibration,
            price == prices.end() ? std::nullopt : std::optional<double>(price->second)));
    }

    // A ranking by a figure no chip has would be the order given, presented as a ranking.
    if (std::none_of(rows.begin(), rows.end(),
            [figure](const ChipComparison& r) { return r.problem.empty() && !std::isnan(r.*(figure->value)); })) {
        const std::string why = figure->name == std::string_view("cost_per_million_tokens")
            ? "none of the chips compared has a price per chip-hour"
            : "no chip compared has it with this workload";
        return Result::failure("cannot rank by " + std::string(by) + ": " + why);
    }
    // A chip that cannot run the workload ranks last; among the rest the figure decides, ties in the order given.
    std::stable_sort(rows.begin(), rows.end(), [figure](const ChipComparison& a, const ChipComparison& b) {
        if (a.problem.empty() != b.problem.empty())
            return a.problem.empty();
        if (!a.problem.empty())
            return false;
        const double x = a.*(figure->value);
        const double y = b.*(figure->value);
        if (std::isnan(x) || std::isnan(y)) // after every number, so that the order stays strict
            return !std::isnan(x) && std::isnan(y);
        return figure->smallerFirst ? x < y : x > y;
    });
    return rows;
}

std::string comparisonTable(const std::vector<ChipComparison>& rows)
{
    const bool model = std::any_of(rows.begin(), rows.end(), [](const ChipComparison& r) { return r.model; });
    const bool prefill
        = std::any_of(rows.begin(), rows.end(), [](const ChipComparison& r) { return r.timeToFirstToken > 0; });
    std::vector<std::vector<std::string>> table;
    // A column for a figure some printed row has (the rows with a problem are listed under the table).
    const bool energy = std::any_of(
        rows.begin(), rows.end(), [](const ChipComparison& r) { return r.problem.empty() && r.energy > 0; });
    const bool cost = std::any_of(rows.begin(), rows.end(),
        [](const ChipComparison& r) { return r.problem.empty() && r.costPerMillionTokens > 0; });
    const bool calibrated = std::any_of(rows.begin(), rows.end(),
        [](const ChipComparison& r) { return r.problem.empty() && !std::isnan(r.tCalibrated); });
    std::vector<std::string> header { "chip", "bound", "T_lower", "T_upper" };
    if (calibrated)
        header.emplace_back("calibrated");
    if (model) {
        header.insert(header.end(), { "tokens/s", "per sequence" });
        if (prefill)
            header.emplace_back("first token");
        header.insert(header.end(), { "MFU", "MBU", "fits", "max batch" });
    }
    if (energy)
        header.emplace_back(model ? "J/token" : "energy");
    if (cost)
        header.emplace_back("per M tokens");
    table.push_back(header);
    std::string problems;
    for (const ChipComparison& r : rows) {
        if (!r.problem.empty()) {
            problems += r.presetId + " cannot run it: " + r.problem + "\n";
            continue;
        }
        std::vector<std::string> line { r.presetId, r.boundBy.empty() ? r.bound : r.bound + " (" + r.boundBy + ")",
            formatSeconds(r.tLower), formatSeconds(r.tUpper) };
        // The chip a calibration is of: its calibrated time, and a model's tokens per second at it beside the
        // datasheet's.
        if (calibrated)
            line.push_back(std::isnan(r.tCalibrated) ? "—" : formatSeconds(r.tCalibrated));
        if (model) {
            line.insert(line.end(),
                { formatSI(r.tokensPerSecond, "", 4)
                        + (std::isnan(r.calibratedTokensPerSecond)
                                ? std::string()
                                : " (" + formatSI(r.calibratedTokensPerSecond, "", 4) + " calibrated)"),
                    formatSI(r.tokensPerSecondPerSequence, "", 4) });
            if (prefill)
                line.push_back(formatSeconds(r.timeToFirstToken));
            line.insert(line.end(),
                { formatPercent(r.mfu), formatPercent(r.mbu), r.fits ? "yes" : "no",
                    groupThousands(std::to_string(static_cast<long long>(r.maxBatch))) });
        }
        // A figure the chip's preset or overrides do not give: "—", not a zero that would read as free.
        auto figure = [](double v, std::string_view unit) { return std::isnan(v) ? "—" : formatSI(v, unit, 4); };
        if (energy)
            line.push_back(model ? figure(r.joulesPerToken, "J") : figure(r.energy, "J"));
        if (cost)
            line.push_back(std::isnan(r.costPerMillionTokens) ? "—" : formatDecimal(r.costPerMillionTokens));
        table.push_back(std::move(line));
    }
    return renderTable(table, 2, table.front().size()) + problems;
}

std::string unpricedNote(const std::vector<ChipComparison>& rows)
{
    const std::vector<std::string> unpriced = unpricedChips(rows);
    if (unpriced.empty())
        return {};
    std::string ids;
    for (const std::string& id : unpriced)
        ids += (ids.empty() ? "" : ", ") + id;
    return "no price for " + ids
        + (unpriced.size() == 1 ? ": its cost is —, and it ranks after the priced chips\n"
                                : ": their cost is —, and they rank after the priced chips\n");
}

std::vector<std::string> unpricedChips(const std::vector<ChipComparison>& rows)
{
    std::vector<std::string> out;
    for (const ChipComparison& r : rows)
        if (r.problem.empty() && r.model && std::isnan(r.costPerMillionTokens))
            out.push_back(r.presetId);
    return out;
}

std::string comparisonJson(const std::vector<ChipComparison>& rows, std::string_view by)
{
    JsonWriter j;
    j.beginObject();
    j.key("by").value(by);
    j.key("chips").beginArray();
    for (const ChipComparison& r : rows) {
        j.beginObject();
        j.key("preset").value(r.presetId);
        j.key("name").value(r.name);
        if (!r.problem.empty())
            j.key("problem").value(r.problem);
        if (r.bound.empty()) { // nothing was analysed
            j.endObject();
            continue;
        }
        j.key("t_lower_s").value(r.tLower);
        j.key("t_upper_s").value(r.tUpper);
        j.key("bound").value(r.bound);
        if (!r.boundBy.empty())
            j.key("bound_by").value(r.boundBy);
        if (r.model) {
            j.key("tokens_per_s").value(r.tokensPerSecond);
            j.key("tokens_per_s_per_sequence").value(r.tokensPerSecondPerSequence);
            if (r.timeToFirstToken > 0)
                j.key("time_to_first_token_s").value(r.timeToFirstToken);
            j.key("mfu").value(r.mfu);
            j.key("memory_bandwidth_utilisation").value(r.mbu);
            j.key("fits").value(r.fits);
            j.key("max_batch").value(r.maxBatch);
        }
        // Left out where the chip's preset states no board power, or no price was given for it.
        for (const auto& [key, v] :
            { std::pair { "energy_j", r.energy }, std::pair { "joules_per_token", r.joulesPerToken },
                std::pair { "cost_per_million_tokens", r.costPerMillionTokens },
                std::pair { "t_calibrated_s", r.tCalibrated },
                std::pair { "calibrated_tokens_per_s", r.calibratedTokensPerSecond } })
            if (!std::isnan(v))
                j.key(key).value(v);
        j.endObject();
    }
    j.endArray();
    j.endObject();
    return j.str() + "\n";
}

std::string comparisonCsv(const std::vector<ChipComparison>& rows)
{
    // Numbers as saved files write them (the shortest text that reads back), a problem quoted as CSV quotes.
    auto quoted = [](const std::string& text) {
        std::string out = "\"";
        for (const char c : text)
            out += c == '"' ? std::string("\"\"") : std::string(1, c);
        return out + "\"";
    };
    std::string out = "preset,t_lower_s,t_upper_s,bound,tokens_per_s,tokens_per_s_per_sequence,time_to_first_token_s,"
                      "mfu,memory_bandwidth_utilisation,fits,max_batch,energy_j,joules_per_token,"
                      "cost_per_million_tokens,t_calibrated_s,calibrated_tokens_per_s,problem\n";
    auto optional = [](double v) { return std::isnan(v) ? std::string() : savedNumber(v); };
    for (const ChipComparison& r : rows) {
        if (r.bound.empty()) { // nothing was analysed
            out += r.presetId + ",,,,,,,,,,,,,,,," + quoted(r.problem) + "\n";
            continue;
        }
        out += r.presetId + "," + savedNumber(r.tLower) + "," + savedNumber(r.tUpper) + "," + r.bound;
        if (r.model)
            out += "," + savedNumber(r.tokensPerSecond) + "," + savedNumber(r.tokensPerSecondPerSequence) + ","
                + (r.timeToFirstToken > 0 ? savedNumber(r.timeToFirstToken) : std::string()) + "," + savedNumber(r.mfu)
                + "," + savedNumber(r.mbu) + "," + (r.fits ? "true" : "false") + "," + savedNumber(r.maxBatch);
        else
            out += ",,,,,,,";
        out += "," + optional(r.energy) + "," + optional(r.joulesPerToken) + "," + optional(r.costPerMillionTokens)
            + "," + optional(r.tCalibrated) + "," + optional(r.calibratedTokensPerSecond);
        out += "," + (r.problem.empty() ? std::string() : quoted(r.problem)) + "\n";
    }
    return out;
}

} // namespace roofline
