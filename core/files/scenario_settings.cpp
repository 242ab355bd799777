// SPDX-License-Identifier: GPL-3.0-or-later
// Settings from the command line: --set KEY=VALUE read into typed edits (session/edit.h), applied by the same
// applyEdit as the window's controls.
#include "files/operation_text.h"
#include "files/scenario.h"
#include "llm/generate.h"
#include "llm/settings.h"

#include "base/units.h"
#include "base/yaml_reader.h"
#include "session/edit.h"

#include <cctype>

namespace roofline {

namespace {

// "op1, op2 and op3", or "op1 … op40" for many.
std::string idList(const Session& s)
{
    if (s.operations.empty())
        return "none";
    if (s.operations.size() > 8)
        return s.operations.front().id + " … " + s.operations.back().id;
    std::string list;
    for (std::size_t i = 0; i < s.operations.size(); ++i)
        list += (i == 0 ? "" : i + 1 == s.operations.size() ? " and " : ", ") + s.operations[i].id;
    return list;
}

} // namespace

std::optional<std::string> applySetting(Session& session, std::string_view assignment)
{
    return applySetting(session, assignment, builtInModels());
}

Expected<std::vector<SessionEdit>> settingEdits(const Session& session, std::string_view assignment)
{
    using Result = Expected<std::vector<SessionEdit>>;
    const std::size_t eq = assignment.find('=');
    if (eq == std::string_view::npos || eq == 0)
        return Result::failure("expected KEY=VALUE, found " + quoteInput(assignment));
    const std::string key(assignment.substr(0, eq));
    const std::string value(assignment.substr(eq + 1));
    const std::string shownKey = YamlReader::join({}, key); // quoted short when it is long or not plain text

    if (const std::optional<HardwareQuantity> quantity = quantityOfKey(key)) {
        // The key first: a level the chip does not have is what is wrong, whatever the value.
        if (std::optional<std::string> problem = hardwareKeyProblem(session.hardware(), key))
            return Result::failure(shownKey + ": " + *problem);
        const Expected<ParsedQuantity> q = parseHardwareValue(*quantity, value);
        if (!q)
            return Result::failure(shownKey + ": " + q.error());
        return std::vector<SessionEdit> { edits::HardwareValue { key, q->value } };
    }
    if (key == "latency") {
        const std::optional<bool> on = parseSwitch(value);
        if (!on)
            return Result::failure("latency: expected on or off, found " + quoteInput(value));
        return std::vector<SessionEdit> { edits::Latency { *on } };
    }
    // model.PART.PARAM: a generated operation's parameter, which only the model's settings change.
    if (key.starts_with(kGeneratedIdPrefix) && key.find('.', kGeneratedIdPrefix.size()) != std::string::npos)
        return Result::failure(shownKey
            + ": the operations a model generates take their sizes from its settings (model.batch, model.prompt, "
              "model.tp, ...); set those instead");
    if (key.starts_with("model.")) {
        const std::string setting = key.substr(6);
        Expected<ParamValue> typed = parseModelSetting(setting, value);
        if (!typed)
            return Result::failure(typed.error().starts_with(setting + ":")
                    ? YamlReader::join({}, key) + typed.error().substr(setting.size())
                    : "model." + typed.error());
        return std::vector<SessionEdit> { edits::ModelChange { { { setting, std::move(typed).value() } } } };
    }
    if (key == "chart.dtype") {
        const std::optional<Dtype> d = parseDtype(value);
        if (!d || !session.hardware().peakFor(*d))
            return Result::failure("chart.dtype: " + session.chip.name + " has no peak for " + quoteInput(value));
        return std::vector<SessionEdit> { edits::ChartDtype { *d } };
    }

    const std::vector<Operation>& ops = session.operations;
    std::string param = key;
    std::optional<std::size_t> only;
    if (key.rfind("ops[", 0) == 0) {
        const std::size_t close = key.find("].");
        std::size_t index = 0;
        bool digits = close != std::string::npos && close > 4;
        for (std::size_t i = 4; digits && i < close; ++i) {
            digits = std::isdigit(static_cast<unsigned char>(key[i])) && index < 1000000;
            index = index * 10 + static_cast<std::size_t>(key[i] - '0');
        }
        if (!digits)
            return Result::failure("expected ops[INDEX].PARAM, found " + quoteInput(key));
        if (index >= ops.size())
            return Result::failure(shownKey + ": there are " + std::to_string(ops.size())
                + " operations (ops[0] to ops[" + std::to_string(ops.size() == 0 ? 0 : ops.size() - 1) + "])");
        only = index;
        param = key.substr(close + 2);
    } else if (const std::size_t dot = key.rfind('.'); dot != std::string::npos) {
        // ID.PARAM: one operation by its id, as a saved scenario names it or as the window numbers it (op1, op2…).
        // An id may hold dots, a parameter's name none.
        Session numbered = session;
        assignIdentities(numbered);
        const std::string id = key.substr(0, dot);
        only = numbered.indexOf(id);
        if (!only)
            return Result::failure("unknown key " + quoteInput(key) + ": no operation has the id " + quoteInput(id)
                + " (they are " + idList(numbered) + ") and it is not peak.DTYPE, bandwidth.NAME, capacity.NAME or "
                + "chart.dtype");
        param = key.substr(dot + 1);
    }
    std::vector<SessionEdit> edits;
    for (std::size_t i = 0; i < ops.size(); ++i) {
        if (only && i != *only)
            continue;
        const ParamInfo* info = findParam(ops[i].op, param);
        if (!info) {
            if (only)
                return Result::failure(
                    shownKey + ": " + std::string(kindName(ops[i].op)) + " has no parameter " + quoteInput(param));
            continue;
        }
        Expected<ParamValue> typed = parseParamText(*info, value);
        if (!typed)
            return Result::failure(shownKey + ": " + withoutField(typed.error()));
        edits.push_back(edits::OperationParam { i, param, std::move(typed).value() });
    }
    if (edits.empty())
        return Result::failure("unknown key " + quoteInput(key) + ": no operation has a parameter " + quoteInput(param)
            + " and it is not a key of the chip (peak., bandwidth., capacity., efficiency., latency., power., price., "
              "energy_per_flop., energy_per_byte.), latency or chart.dtype");
    return edits;
}

std::optional<std::string> applySetting(Session& session, std::string_view assignment, const ModelLibrary& models)
{
    Expected<std::vector<SessionEdit>> edits = settingEdits(session, assignment);
    if (!edits)
        return edits.error();
    Session changed = session;
    for (const SessionEdit& edit : *edits) {
        Expected<Session> next = applyEdit(std::move(changed), edit, models);
        if (!next)
            // An operation's parameter says what is wrong without its name: the key names it.
            return std::holds_alternative<edits::OperationParam>(edit)
                ? YamlReader::join({}, assignment.substr(0, assignment.find('='))) + ": " + next.error()
                : next.error();
        changed = std::move(next).value();
    }
    session = std::move(changed);
    return std::nullopt;
}

} // namespace roofline
