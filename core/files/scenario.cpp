// SPDX-License-Identifier: GPL-3.0-or-later
#include "files/scenario.h"
#include "files/hardware_reader.h"
#include "files/operation_text.h"
#include "files/scenario_measured.h"
#include "files/scenario_reader.h"
#include "session/edit.h"

#include "base/yaml_reader.h"
#include "files/scenario_lesson.h"
#include "files/scenario_model.h"
#include "llm/generate.h"
#include "roofline/evaluate.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <set>

namespace roofline {

namespace {

bool validColour(const std::string& c)
{
    return c.size() == 7 && c[0] == '#'
        && std::all_of(c.begin() + 1, c.end(), [](char ch) { return std::isxdigit(static_cast<unsigned char>(ch)); });
}

std::optional<Operation> readOperation(
    YamlReader& r, const YAML::Node& node, const std::string& field, const Hardware& hw)
{
    if (!node.IsMap()) {
        r.error(node, field, "expected a mapping with an 'op' key");
        return std::nullopt;
    }
    const std::optional<YAML::Node> kindNode = r.child(node, field, "op", true);
    if (!kindNode)
        return std::nullopt;
    const std::optional<std::string> kind = r.text(*kindNode, field + ".op");
    if (!kind)
        return std::nullopt;
    std::optional<OperationVariant> op = makeOperation(*kind);
    if (!op) {
        std::string kinds;
        for (std::string_view k : allKindNames())
            kinds += (kinds.empty() ? "" : ", ") + std::string(k);
        r.error(
            *kindNode, field + ".op", "unknown operation " + quoteInput(*kind) + " (expected one of: " + kinds + ")");
        return std::nullopt;
    }
    Operation result;
    bool ok = true;
    std::set<std::string> seen;
    for (const auto& entry : node) {
        const std::string key = entry.first.IsScalar() ? entry.first.Scalar() : std::string();
        const std::string keyField = YamlReader::join(field, key);
        if (!seen.insert(key).second) {
            r.error(entry.first, keyField, "duplicate key");
            ok = false;
            continue;
        }
        if (key == "op")
            continue;
        if (key == "name" || key == "id" || key == "colour" || key == "group") {
            const std::optional<std::string> t
                = key == "id" ? r.identifier(entry.second, keyField) : r.name(entry.second, keyField);
            if (!t) {
                ok = false;
            } else if (key == "name") {
                result.name = *t;
            } else if (key == "id" && reservedOperationId(*t)) {
                r.error(entry.second, keyField,
                    quoteInput(*t) + " is reserved: a model's generated operations have the ids model.PART");
                ok = false;
            } else if (key == "id") {
                result.id = *t;
            } else if (key == "colour") {
                if (!validColour(*t)) {
                    r.error(entry.second, keyField, "expected a colour as #rrggbb, found " + quoteInput(*t));
                    ok = false;
                }
                result.colour = *t;
                std::transform(result.colour.begin(), result.colour.end(), result.colour.begin(),
                    [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
            } else {
                result.group = *t;
            }
            continue;
        }
        if (key == "hidden") {
            const std::optional<std::string> t = r.text(entry.second, keyField);
            if (t && (*t == "true" || *t == "false"))
                result.hidden = *t == "true";
            else {
                r.error(entry.second, keyField, "expected true or false");
                ok = false;
            }
            continue;
        }
        const ParamInfo* info = findParam(*op, key);
        if (!info) {
            std::string names = "op, name, id, colour, group, hidden";
            for (const ParamInfo& p : params(*op))
                names += ", " + std::string(p.name);
            r.error(entry.first, keyField, "unknown key for " + *kind + " (expected one of: " + names + ")");
            ok = false;
            continue;
        }
        if (!entry.second.IsScalar()) {
            r.error(entry.second, keyField,
                entry.second.IsNull() ? "expected a value, found nothing"
                                      : "expected a value, found a mapping or list");
            ok = false;
            continue;
        }
        if (info->type == ParamType::Count || info->type == ParamType::Real) {
            const std::optional<double> v = r.number(entry.second, keyField);
            if (!v) {
                ok = false;
                continue;
            }
        }
        if (std::optional<std::string> error = setFromText(*op, *info, entry.second.Scalar(), hw)) {
            r.error(entry.second, keyField, withoutField(*error));
            ok = false;
        }
    }
    if (!ok)
        return std::nullopt;
    if (const Expected<Evaluation> e = evaluate(*op, hw); !e) {
        r.error(node, field, e.error());
        return std::nullopt;
    }
    if (result.name.empty())
        result.name = describe(*op);
    result.op = std::move(*op);
    return result;
}

// A `set:` mapping of hardware keys to numbers: each key checked against the chip as `hardware` gives it with the
// overrides read so far, then handed to `set`, whose error is reported at the key.
template <class HardwareOf, class Set>
void readOverrides(YamlReader& r, const YAML::Node& n, const std::string& field, HardwareOf hardware, Set set)
{
    if (!n.IsMap()) {
        r.error(n, field, "expected a mapping of keys such as bandwidth.HBM to numbers");
        return;
    }
    std::set<std::string> seen;
    for (const auto& entry : n) {
        const std::string key = entry.first.IsScalar() ? entry.first.Scalar() : std::string();
        const std::string keyField = YamlReader::join(field, key);
        if (!seen.insert(key).second) {
            r.error(entry.first, keyField, "duplicate key");
            continue;
        }
        const std::optional<HardwareQuantity> quantity = quantityOfKey(key);
        if (!quantity) {
            // What --set takes beside the chip's numbers has a place of its own in a scenario.
            const std::string_view elsewhere = key.starts_with("model.") ? "a model setting goes in the model: block"
                : key == "latency"                                       ? "the latency switch is the latency: key"
                                   : "an operation's parameter goes in operations:";
            r.error(entry.first, keyField,
                "unknown key (expected peak.DTYPE, bandwidth.NAME, capacity.NAME, efficiency.NAME, "
                "latency.NAME, power.board, price.hour, energy_per_flop.DTYPE, energy_per_byte.NAME or "
                "power.constant: set: holds the chip's numbers; "
                    + std::string(elsewhere) + ")");
            continue;
        }
        if (std::optional<std::string> problem = hardwareKeyProblem(hardware(), key)) {
            r.error(entry.first, keyField, *problem);
            continue;
        }
        const std::optional<double> v = readHardwareValue(r, entry.second, keyField, *quantity);
        if (!v)
            continue;
        if (std::optional<std::string> error = set(key, *v))
            r.error(entry.first, keyField, *error);
    }
}

// The `compare:` list: chips drawn beside the session's, each a preset id or a mapping of `preset` and `set`.
std::vector<ComparedChip> readCompared(
    YamlReader& r, const YAML::Node& n, const Session& session, const PresetLibrary& library)
{
    std::vector<ComparedChip> chips;
    if (!n.IsSequence()) {
        r.error(n, "compare", "expected a list of preset ids, or of mappings with 'preset' and 'set'");
        return chips;
    }
    for (std::size_t i = 0; i < n.size(); ++i) {
        const std::string field = YamlReader::index("compare", i);
        const YAML::Node entry = n[i];
        if (entry.IsMap() && !r.checkMap(entry, field, { "preset", "set" }))
            continue;
        // Made once, never assigned: assigning a YAML::Node writes through to the node it refers to.
        const std::optional<YAML::Node> idNode
            = entry.IsMap() ? r.child(entry, field, "preset", true) : std::optional<YAML::Node>(entry);
        if (!idNode)
            continue;
        const std::string idField = entry.IsMap() ? field + ".preset" : field;
        const std::optional<std::string> id = r.text(*idNode, idField);
        if (!id)
            continue;
        const Hardware* chip = library.find(*id);
        if (!chip) {
            r.error(*idNode, idField, "no preset with id " + quoteInput(*id) + " (roofline-lab presets lists them)");
            continue;
        }
        ComparedChip compared { *id, *chip, {} };
        if (entry.IsMap())
            if (auto set = r.child(entry, field, "set", false))
                readOverrides(
                    r, *set, field + ".set", [&] { return compared.hardware(false); },
                    [&](const std::string& key, double v) { return setOverride(compared, key, v); });
        chips.push_back(std::move(compared));
    }
    if (std::optional<std::string> problem = comparedChipsProblem(session, chips))
        r.error(n, "compare", *problem);
    return chips;
}

// The `prices:` mapping: the price of one chip-hour of other chips, by preset id.
std::map<std::string, double> readPrices(
    YamlReader& r, const YAML::Node& n, const Session& session, const PresetLibrary& library)
{
    std::map<std::string, double> prices;
    if (!n.IsMap()) {
        r.error(n, "prices", "expected a mapping of preset ids to prices per chip-hour (b200: 5.99)");
        return prices;
    }
    for (const auto& entry : n) {
        const std::string id = entry.first.IsScalar() ? entry.first.Scalar() : std::string();
        const std::string field = YamlReader::join("prices", id);
        if (!library.find(id)) {
            r.error(entry.first, field, "no preset with id " + quoteInput(id) + " (roofline-lab presets lists them)");
            continue;
        }
        if (id == session.presetId) {
            r.error(entry.first, field, "the session's own chip: its price is set: price.hour");
            continue;
        }
        if (prices.contains(id)) {
            r.error(entry.first, field, "duplicate key");
            continue;
        }
        if (const std::optional<double> v = readHardwareValue(r, entry.second, field, HardwareQuantity::Price))
            prices.emplace(id, *v);
    }
    return prices;
}

} // namespace

Expected<Session, Diagnostics> parseScenario(
    std::string_view text, const std::string& file, const PresetLibrary& library)
{
    return parseScenario(text, file, library, builtInModels());
}

Expected<Session, Diagnostics> parseScenario(std::string_view text, const std::string& file,
    const PresetLibrary& library, const ModelLibrary& models, const NamedFiles& files)
{
    YamlReader r(file);
    const std::optional<YAML::Node> root = r.load(text, { kMaxScenarioBytes, kMaxScenarioNodes });
    if (!root)
        return Expected<Session, Diagnostics>::failure(r.diagnostics());
    return readScenario(r, *root, file, library, models, files);
}

Expected<Session, Diagnostics> readScenario(YamlReader& r, const YAML::Node& root, const std::string& file,
    const PresetLibrary& library, const ModelLibrary& models, const NamedFiles& files)
{
    using Result = Expected<Session, Diagnostics>;
    if (!r.checkMap(root, {},
            { "name", "description", "preset", "hardware", "set", "latency", "dtype", "model", "operations", "measured",
                "calibration", "lesson", "compare", "prices" }))
        return Result::failure(r.diagnostics());

    Session session;
    if (auto n = r.child(root, {}, "name", false))
        if (auto v = r.name(*n, "name"))
            session.name = *v;
    if (auto n = r.child(root, {}, "description", false))
        if (auto v = r.text(*n, "description"))
            session.description = *v;

    const std::optional<YAML::Node> presetNode = r.child(root, {}, "preset", false);
    const std::optional<YAML::Node> hardwareNode = r.child(root, {}, "hardware", false);
    if (presetNode && hardwareNode) {
        r.error(*hardwareNode, "hardware", "give either 'preset' or 'hardware', not both");
    } else if (presetNode) {
        if (auto id = r.text(*presetNode, "preset")) {
            if (const Hardware* hw = library.find(*id)) {
                session.presetId = *id;
                session.chip = *hw;
            } else {
                std::string ids;
                for (const Hardware& h : library.presets())
                    ids += (ids.empty() ? "" : ", ") + h.id;
                r.error(*presetNode, "preset", "no preset with id " + quoteInput(*id) + " (known: " + ids + ")");
            }
        }
    } else if (hardwareNode) {
        session.chip = readHardware(r, *hardwareNode, "hardware", "inline");
    } else {
        r.error(root, "preset", "missing (give a preset id, or the chip inline under 'hardware')");
    }
    if (r.failed())
        return Result::failure(r.diagnostics());

    // Hardware overrides come before the operations, which are checked against the chip they will run on.
    // Each through the edit the window's sliders make, as --set's are.
    if (auto n = r.child(root, {}, "set", false))
        readOverrides(
            r, *n, "set", [&] { return session.hardware(); },
            [&](const std::string& key, double v) -> std::optional<std::string> {
                Expected<Session> next = applyEdit(session, edits::HardwareValue { key, v }, models);
                if (!next)
                    return next.error();
                session = std::move(next).value();
                return std::nullopt;
            });
    if (auto n = r.child(root, {}, "latency", false))
        if (auto t = r.text(*n, "latency")) {
            if (const std::optional<bool> on = parseSwitch(*t))
                session.latency = *on;
            else
                r.error(*n, "latency", "expected on or off, found " + quoteInput(*t));
        }
    const Hardware hw = session.hardware();

    if (auto n = r.child(root, {}, "dtype", false))
        if (auto t = r.text(*n, "dtype")) {
            const std::optional<Dtype> d = parseDtype(*t);
            if (!d)
                r.error(*n, "dtype", "unknown dtype " + quoteInput(*t) + " (expected " + dtypeChoices() + ")");
            else if (!hw.peakFor(*d))
                r.error(*n, "dtype", hw.name + " has no " + *t + " peak");
            else
                session.dtype = d;
        }

    if (auto n = r.child(root, {}, "model", false))
        session.model = readModelBlock(r, *n, hw, models, file, files);

    if (auto n = r.child(root, {}, "operations", false)) {
        if (!n->IsSequence()) {
            r.error(*n, "operations", "expected a list of operations");
        } else if (n->size() > kMaxOperations) {
            r.error(*n, "operations",
                "more than " + std::to_string(kMaxOperations) + " operations (" + std::to_string(n->size()) + ")");
        } else {
            std::set<std::string> ids;
            for (std::size_t i = 0; i < n->size(); ++i) {
                const std::string field = YamlReader::index("operations", i);
                auto op = readOperation(r, (*n)[i], field, hw);
                if (!op)
                    continue;
                if (!op->id.empty() && !ids.insert(op->id).second)
                    r.error((*n)[i]["id"], field + ".id", "duplicate id " + quoteInput(op->id));
                session.operations.push_back(std::move(*op));
            }
        }
    } else if (!r.failed() && !session.model) {
        session.operations = defaultWorkload(hw);
    }

    if (r.failed())
        return Result::failure(r.diagnostics());
    assignIdentities(session);
    if (auto n = r.child(root, {}, "measured", false))
        session.measured = readMeasuredSource(r, *n, session);
    if (auto n = r.child(root, {}, "calibration", false)) {
        session.noCalibration = n->IsScalar() && n->Scalar() == "none"; // not the preset's either
        if (!session.noCalibration)
            session.calibration = readCalibrationKey(r, *n, file, files);
    } else
        session.calibration = library.calibration(session.presetId);
    if (auto n = r.child(root, {}, "lesson", false))
        session.lesson = readLessonBlock(r, *n, session);
    if (auto n = r.child(root, {}, "compare", false))
        session.compare = readCompared(r, *n, session, library);
    if (auto n = r.child(root, {}, "prices", false))
        session.prices = readPrices(r, *n, session, library);
    if (r.failed())
        return Result::failure(r.diagnostics());
    return session;
}

} // namespace roofline
