#include "files/scenario.h"
#include "files/hardware_reader.h"
#include "files/scenario_measured.h"
#include "session/edit.h"

#include "base/yaml_reader.h"
#include "files/scenario_lesson.h"
#include "files/scenario_model.h"
#include "roofline/evaluate.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <set>

namespace roofline {

namespace {

// A parameter's text as its typed value: "B: expected a number" and the like when it is none.
Expected<ParamValue> parseParam(const ParamInfo& info, const std::string& value)
{
    switch (info.type) {
    case ParamType::Count: {
        const Expected<double> n = parseWholeNumber(value);
        if (!n)
            return Expected<ParamValue>::failure(std::string(info.name) + ": " + n.error());
        return ParamValue(*n);
    }
    case ParamType::Real: {
        const std::optional<ParsedQuantity> q = parseQuantity(value);
        if (!q || q->unit != Unit::None)
            return Expected<ParamValue>::failure(std::string(info.name)
                + ": expected a plain number (an SI prefix allowed, no unit), found " + quoteInput(value));
        return ParamValue(q->value);
    }
    case ParamType::Dtype: {
        const std::optional<Dtype> d = parseDtype(value);
        if (!d)
            return Expected<ParamValue>::failure(
                std::string(info.name) + ": unknown dtype " + quoteInput(value) + " (expected " + dtypeChoices() + ")");
        return ParamValue(*d);
    }
    case ParamType::Memory:
    case ParamType::Link:
        break;
    }
    return ParamValue(value);
}

// Sets one parameter from its text form, checking names of memory levels and links against the chip.
std::optional<std::string> setFromText(
    OperationVariant& op, const ParamInfo& info, const std::string& value, const Hardware& hw)
{
    const Expected<ParamValue> typed = parseParam(info, value);
    if (!typed)
        return typed.error();
    return setParamValue(op, info, *typed, hw);
}

// "B: expected a number" without its "B: ", for messages that name the field themselves.
std::string withoutField(const std::string& error)
{
    const std::size_t colon = error.find(": ");
    return colon == std::string::npos ? error : error.substr(colon + 2);
}

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
                = key == "id" ? r.identifier(entry.second, keyField) : r.text(entry.second, keyField, kMaxNameBytes);
            if (!t) {
                ok = false;
            } else if (key == "name") {
                result.name = *t;
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

std::string number(double v)
{
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.17g", v);
    return buffer;
}

void writeHardware(YAML::Emitter& out, const Hardware& hw)
{
    out << YAML::BeginMap;
    if (!hw.id.empty())
        out << YAML::Key << "id" << YAML::Value << hw.id;
    out << YAML::Key << "name" << YAML::Value << hw.name;
    if (!hw.vendor.empty())
        out << YAML::Key << "vendor" << YAML::Value << hw.vendor;
    out << YAML::Key << "compute" << YAML::Value << YAML::BeginMap;
    for (Dtype d : kAllDtypes)
        if (auto p = hw.peakFor(d))
            out << YAML::Key << std::string(dtypeName(d)) << YAML::Value << number(*p);
    out << YAML::EndMap;
    out << YAML::Key << "memory" << YAML::Value << YAML::BeginSeq;
    for (const MemoryLevel& m : hw.memories) {
        out << YAML::BeginMap << YAML::Key << "name" << YAML::Value << m.name;
        if (!m.label.empty())
            out << YAML::Key << "label" << YAML::Value << m.label;
        out << YAML::Key << "bandwidth" << YAML::Value << number(m.bandwidth);
        if (m.capacity > 0)
            out << YAML::Key << "capacity" << YAML::Value << number(m.capacity);
        out << YAML::EndMap;
    }
    out << YAML::EndSeq;
    out << YAML::Key << "links" << YAML::Value << YAML::BeginSeq;
    for (const Link& l : hw.links) {
        out << YAML::BeginMap << YAML::Key << "name" << YAML::Value << l.name;
        if (!l.label.empty())
            out << YAML::Key << "label" << YAML::Value << l.label;
        // A link specified in bits stays so: ×8 and ÷8 are exact in binary floating point.
        out << YAML::Key << "bandwidth" << YAML::Value
            << (l.specifiedInBits ? number(l.bandwidth * 8) + " b/s" : number(l.bandwidth));
        out << YAML::Key << "scope" << YAML::Value << std::string(scopeName(l.scope));
        if (l.latency > 0)
            out << YAML::Key << "latency" << YAML::Value << number(l.latency);
        out << YAML::EndMap;
    }
    out << YAML::EndSeq;
    if (hw.launchFloor > 0)
        out << YAML::Key << "launch_floor" << YAML::Value << number(hw.launchFloor);
    out << YAML::Key << "sources" << YAML::Value << YAML::BeginSeq;
    for (const std::string& src : hw.sources)
        out << src;
    if (hw.sources.empty())
        out << "written by Roofline Lab";
    out << YAML::EndSeq;
    if (!hw.notes.empty())
        out << YAML::Key << "notes" << YAML::Value << hw.notes;
    out << YAML::EndMap;
}

} // namespace

Expected<Session, Diagnostics> parseScenario(
    std::string_view text, const std::string& file, const PresetLibrary& library)
{
    return parseScenario(text, file, library, builtInModels());
}

Expected<Session, Diagnostics> parseScenario(
    std::string_view text, const std::string& file, const PresetLibrary& library, const ModelLibrary& models)
{
    using Result = Expected<Session, Diagnostics>;
    YamlReader r(file);
    const std::optional<YAML::Node> root = r.load(text);
    if (!root)
        return Result::failure(r.diagnostics());
    if (!r.checkMap(*root, {},
            { "name", "description", "preset", "hardware", "set", "latency", "dtype", "model", "operations", "measured",
                "lesson" }))
        return Result::failure(r.diagnostics());

    Session session;
    if (auto n = r.child(*root, {}, "name", false))
        if (auto v = r.text(*n, "name", kMaxNameBytes))
            session.name = *v;
    if (auto n = r.child(*root, {}, "description", false))
        if (auto v = r.text(*n, "description"))
            session.description = *v;

    const std::optional<YAML::Node> presetNode = r.child(*root, {}, "preset", false);
    const std::optional<YAML::Node> hardwareNode = r.child(*root, {}, "hardware", false);
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
        r.error(*root, "preset", "missing (give a preset id, or the chip inline under 'hardware')");
    }
    if (r.failed())
        return Result::failure(r.diagnostics());

    // Hardware overrides come before the operations, which are checked against the chip they will run on.
    if (auto n = r.child(*root, {}, "set", false)) {
        if (!n->IsMap()) {
            r.error(*n, "set", "expected a mapping of keys such as bandwidth.HBM to numbers");
        } else {
            std::set<std::string> seen;
            for (const auto& entry : *n) {
                const std::string key = entry.first.IsScalar() ? entry.first.Scalar() : std::string();
                const std::string field = YamlReader::join("set", key);
                if (!seen.insert(key).second) {
                    r.error(entry.first, field, "duplicate key");
                    continue;
                }
                const std::optional<HardwareQuantity> quantity = quantityOfKey(key);
                if (!quantity) {
                    r.error(entry.first, field,
                        "unknown key (expected peak.DTYPE, bandwidth.NAME, capacity.NAME, efficiency.NAME or "
                        "latency.NAME)");
                    continue;
                }
                const std::optional<double> v = readHardwareValue(r, entry.second, field, *quantity);
                if (!v)
                    continue;
                if (std::optional<std::string> error = setOverride(session, key, *v))
                    r.error(entry.first, field, *error);
            }
        }
    }
    if (auto n = r.child(*root, {}, "latency", false))
        if (auto t = r.text(*n, "latency")) {
            if (const std::optional<bool> on = parseSwitch(*t))
                session.latency = *on;
            else
                r.error(*n, "latency", "expected on or off, found " + quoteInput(*t));
        }
    const Hardware hw = session.hardware();

    if (auto n = r.child(*root, {}, "dtype", false))
        if (auto t = r.text(*n, "dtype")) {
            const std::optional<Dtype> d = parseDtype(*t);
            if (!d)
                r.error(*n, "dtype", "unknown dtype " + quoteInput(*t) + " (expected " + dtypeChoices() + ")");
            else if (!hw.peakFor(*d))
                r.error(*n, "dtype", hw.name + " has no " + *t + " peak");
            else
                session.dtype = d;
        }

    if (auto n = r.child(*root, {}, "model", false))
        session.model = readModelBlock(r, *n, hw, models);

    if (auto n = r.child(*root, {}, "operations", false)) {
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
    if (auto n = r.child(*root, {}, "measured", false))
        session.measured = readMeasuredSource(r, *n, session);
    if (auto n = r.child(*root, {}, "lesson", false))
        session.lesson = readLessonBlock(r, *n, session);
    if (r.failed())
        return Result::failure(r.diagnostics());
    return session;
}

Expected<Session, Diagnostics> loadScenario(
    const std::filesystem::path& path, const PresetLibrary& library, const ModelLibrary& models)
{
    Expected<std::string, Diagnostics> text = readTextFile(path);
    if (!text)
        return Expected<Session, Diagnostics>::failure(text.error());
    return parseScenario(*text, path.string(), library, models);
}

Expected<Session, Diagnostics> loadScenario(const std::filesystem::path& path, const PresetLibrary& library)
{
    return loadScenario(path, library, builtInModels());
}

std::optional<std::string> setParamFromText(
    Operation& op, std::string_view param, const std::string& value, const Hardware& hw)
{
    const ParamInfo* info = findParam(op.op, param);
    if (!info)
        return std::string(kindName(op.op)) + " has no parameter " + quoteInput(param);
    const Expected<ParamValue> typed = parseParam(*info, value);
    if (!typed)
        return withoutField(typed.error());
    return setOperationParam(op, param, *typed, hw);
}

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

std::optional<std::string> applySetting(Session& session, std::string_view assignment, const ModelLibrary& models)
{
    const std::size_t eq = assignment.find('=');
    if (eq == std::string_view::npos || eq == 0)
        return "expected KEY=VALUE, found " + quoteInput(assignment);
    const std::string key(assignment.substr(0, eq));
    const std::string value(assignment.substr(eq + 1));
    const std::string shownKey = YamlReader::join({}, key); // quoted short when it is long or not plain text

    if (const std::optional<HardwareQuantity> quantity = quantityOfKey(key)) {
        const Expected<ParsedQuantity> q = parseHardwareValue(*quantity, value);
        if (!q)
            return shownKey + ": " + q.error();
        return setOverride(session, key, q->value);
    }
    if (key == "latency") {
        const std::optional<bool> on = parseSwitch(value);
        if (!on)
            return "latency: expected on or off, found " + quoteInput(value);
        session.latency = *on;
        return std::nullopt;
    }
    const Hardware hw = session.hardware();
    if (key.starts_with("model."))
        return applyModelSettings(session, { { key.substr(6), value } }, hw, models);
    if (key == "chart.dtype") {
        const std::optional<Dtype> d = parseDtype(value);
        if (!d || !hw.peakFor(*d))
            return "chart.dtype: " + hw.name + " has no peak for " + quoteInput(value);
        session.dtype = d;
        return std::nullopt;
    }

    std::vector<Operation> ops = session.operations;
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
            return "expected ops[INDEX].PARAM, found " + quoteInput(key);
        if (index >= ops.size())
            return shownKey + ": there are " + std::to_string(ops.size()) + " operations (ops[0] to ops["
                + std::to_string(ops.size() == 0 ? 0 : ops.size() - 1) + "])";
        only = index;
        param = key.substr(close + 2);
    } else if (const std::size_t dot = key.find('.'); dot != std::string::npos) {
        // ID.PARAM: one operation by its id, as a saved scenario names it or as the window numbers it (op1, op2…).
        Session numbered = session;
        assignIdentities(numbered);
        const std::string id = key.substr(0, dot);
        only = numbered.indexOf(id);
        if (!only)
            return "unknown key " + quoteInput(key) + ": no operation has the id " + quoteInput(id) + " (they are "
                + idList(numbered) + ") and it is not peak.DTYPE, bandwidth.NAME, capacity.NAME or chart.dtype";
        param = key.substr(dot + 1);
    }
    bool applied = false;
    for (std::size_t i = 0; i < ops.size(); ++i) {
        if (only && i != *only)
            continue;
        if (!findParam(ops[i].op, param)) {
            if (only)
                return shownKey + ": " + std::string(kindName(ops[i].op)) + " has no parameter " + quoteInput(param);
            continue;
        }
        if (std::optional<std::string> error = setParamFromText(ops[i], param, value, hw))
            return shownKey + ": " + *error;
        applied = true;
    }
    if (!applied)
        return "unknown key " + quoteInput(key) + ": no operation has a parameter " + quoteInput(param)
            + " and it is not peak.DTYPE, bandwidth.NAME, capacity.NAME, efficiency.NAME, latency.NAME, latency or "
              "chart.dtype";
    session.operations = std::move(ops);
    return std::nullopt;
}

std::string writeScenario(const Session& s)
{
    YAML::Emitter out;
    out << YAML::BeginMap;
    if (!s.name.empty())
        out << YAML::Key << "name" << YAML::Value << s.name;
    if (!s.description.empty())
        out << YAML::Key << "description" << YAML::Value << s.description;
    if (!s.presetId.empty()) {
        out << YAML::Key << "preset" << YAML::Value << s.presetId;
    } else {
        out << YAML::Key << "hardware" << YAML::Value;
        writeHardware(out, s.chip);
    }
    if (!s.overrides.empty()) {
        out << YAML::Key << "set" << YAML::Value << YAML::BeginMap;
        for (const Override& o : s.overrides)
            out << YAML::Key << o.key << YAML::Value << number(o.value);
        out << YAML::EndMap;
    }
    if (s.latency)
        out << YAML::Key << "latency" << YAML::Value << "on";
    if (s.dtype)
        out << YAML::Key << "dtype" << YAML::Value << std::string(dtypeName(*s.dtype));
    if (s.model) {
        out << YAML::Key << "model" << YAML::Value;
        writeModelBlock(out, *s.model);
    }
    out << YAML::Key << "operations" << YAML::Value << YAML::BeginSeq;
    for (const Operation& op : s.operations) {
        if (op.generated)
            continue; // made anew from the model settings
        out << YAML::BeginMap << YAML::Key << "op" << YAML::Value << std::string(kindName(op.op));
        if (!op.id.empty())
            out << YAML::Key << "id" << YAML::Value << op.id;
        out << YAML::Key << "name" << YAML::Value << op.name;
        if (!op.colour.empty())
            out << YAML::Key << "colour" << YAML::Value << op.colour;
        if (!op.group.empty())
            out << YAML::Key << "group" << YAML::Value << op.group;
        if (op.hidden)
            out << YAML::Key << "hidden" << YAML::Value << "true";
        for (const ParamInfo& p : params(op.op)) {
            if (auto n = numberParam(op.op, p.name))
                out << YAML::Key << std::string(p.name) << YAML::Value << number(*n);
            else if (auto d = dtypeParam(op.op, p.name))
                out << YAML::Key << std::string(p.name) << YAML::Value << std::string(dtypeName(*d));
            else if (auto t = textParam(op.op, p.name); t && !t->empty())
                out << YAML::Key << std::string(p.name) << YAML::Value << *t;
        }
        out << YAML::EndMap;
    }
    out << YAML::EndSeq;
    if (s.measured)
        writeMeasuredSource(out, *s.measured);
    if (s.lesson) {
        out << YAML::Key << "lesson" << YAML::Value;
        writeLessonBlock(out, *s.lesson);
    }
    out << YAML::EndMap;
    return std::string(out.c_str()) + "\n";
}

} // namespace roofline
