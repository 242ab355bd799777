// SPDX-License-Identifier: GPL-3.0-or-later
// Which chip? One workload (a scenario's operations, or a whole model) moved onto each of several chips and analysed
// there as `report` would, one row a chip, ranked by the figure asked for. A chip that cannot run the workload is
// listed last with the reason, not dropped.
#pragma once

#include "base/expected.h"
#include "files/model_presets.h"
#include "files/presets.h"
#include "session/session.h"

#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofline {

// A chip's row: the totals `report` gives for the workload on it.
struct ChipComparison {
    std::string presetId;
    std::string name;
    std::string problem; // why the chip cannot run the workload: the figures below are 0, or a model's that does not
                         // fit, kept for what it would take
    double tLower = 0; // every visible operation, or the model's step, one after another
    double tUpper = 0;
    std::string bound; // what the most time goes to: "compute", "memory" or "network"
    std::string boundBy; // where bound is memory or network, the level or link most of that time goes to: "HBM"
    // A model's figures (a session with a model).
    bool model = false;
    double tokensPerSecond = 0;
    double tokensPerSecondPerSequence = 0;
    double timeToFirstToken = 0; // a prefill's
    double mfu = 0;
    double mbu = 0;
    bool fits = true;
    double maxBatch = 0;
    // At the chip's board power (an estimate, not a bound) and the price per chip-hour of its overrides; NaN where the
    // preset states no board power or no price was given, which ranks after every number.
    double energy = std::nan(""); // J: the workload on one chip, a model's step on every chip of its deployment
    double joulesPerToken = std::nan(""); // a model's
    double costPerMillionTokens = std::nan(""); // a model's
    // Under a calibration of this chip (roofline-lab calibrate), NaN on the other chips: the operations' time, or the
    // model's step, at the times it predicts, and the model's tokens per second at that step.
    double tCalibrated = std::nan("");
    double calibratedTokensPerSecond = std::nan("");
};

// The figures a ranking can be by, as the JSON report names them; the first is the default.
std::vector<std::string_view> comparisonFigures();

// The workload of `session` on each chip of `chips` (preset ids, in the order given), ranked by `by`: times and the
// time to first token smallest first, rates, utilisations and the largest batch largest first; chips that cannot
// run it last, in the order given. Fails for an unknown figure, or a chip named twice. Each chip follows the
// calibration the session has for it, or its preset names; `calibration` (compare --calibration), for the chip it is
// of, takes their place on that chip's row. `prices` (compare --price ID=PRICE) gives a chip its price per chip-hour,
// in place of any its row would have (the session's price.hour on its own chip, a compared chip's set: price.hour).
Expected<std::vector<ChipComparison>> compareChips(const Session& session, const std::vector<std::string>& chips,
    const PresetLibrary& library, const ModelLibrary& models, std::string_view by,
    const std::optional<SessionCalibration>& calibration = std::nullopt,
    const std::map<std::string, double>& prices = {});

// The chips of `rows` that run a model's workload and have no price per chip-hour, by id, in the rows' order.
std::vector<std::string> unpricedChips(const std::vector<ChipComparison>& rows);
// What a ranking by cost says under its table of those chips: "no price for b200: its cost is —, and it ranks after
// the priced chips", or nothing.
std::string unpricedNote(const std::vector<ChipComparison>& rows);

std::string comparisonTable(const std::vector<ChipComparison>&);
std::string comparisonJson(const std::vector<ChipComparison>&, std::string_view by);
std::string comparisonCsv(const std::vector<ChipComparison>&);

} // namespace roofline
