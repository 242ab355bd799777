#include "scenario.h"

#include "evaluate.h"
#include "yaml_reader.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

namespace roofline {

namespace {

const Link* firstLink(const Hardware& hw, std::initializer_list<LinkScope> scopes)
{
    for (LinkScope scope : scopes)
        for (const Link& l : hw.links)
            if (l.scope == scope)
                return &l;
    return nullptr;
}

// Sets one parameter from its text form, checking names of memory levels and links against the chip.
std::optional<std::string> setParamFromText(
    OperationVariant& op, const ParamInfo& info, const std::string& value, const Hardware& hw)
{
    switch (info.type) {
    case ParamType::Count:
    case ParamType::Real: {
        const std::optional<ParsedQuantity> q = parseQuantity(value);
        if (!q || q->unit != Unit::None)
            return std::string(info.name) + ": expected a number, found '" + value + "'";
        return setNumberParam(op, info.name, q->value);
    }
    case ParamType::Dtype: {
        const std::optional<Dtype> d = parseDtype(value);
        if (!d)
            return std::string(info.name) + ": unknown dtype '" + value
                + "' (expected fp32, tf32, bf16, fp16, fp8, fp6, int8, fp4 or int4)";
        return setDtypeParam(op, info.name, *d);
    }
    case ParamType::Memory:
        if (!value.empty() && !hw.memory(value))
            return "memory: " + hw.name + " has no memory level named '" + value + "'";
        return setTextParam(op, info.name, value);
    case ParamType::Link:
        if (!value.empty() && !hw.link(value))
            return "link: " + hw.name + " has no link named '" + value + "'";
        return setTextParam(op, info.name, value);
    }
    return std::nullopt;
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
        r.error(*kindNode, field + ".op", "unknown operation '" + *kind + "' (expected one of: " + kinds + ")");
        return std::nullopt;
    }
    Operation result;
    bool ok = true;
    std::vector<std::string> seen;
    for (const auto& entry : node) {
        const std::string key = entry.first.IsScalar() ? entry.first.Scalar() : std::string();
        const std::string keyField = field + "." + key;
        if (std::find(seen.begin(), seen.end(), key) != seen.end()) {
            r.error(entry.first, keyField, "duplicate key");
            ok = false;
            continue;
        }
        seen.push_back(key);
        if (key == "op")
            continue;
        if (key == "name") {
            if (auto t = r.text(entry.second, keyField))
                result.name = *t;
            continue;
        }
        const ParamInfo* info = findParam(*op, key);
        if (!info) {
            std::string names = "op, name";
            for (const ParamInfo& p : params(*op))
                names += ", " + std::string(p.name);
            r.error(entry.first, keyField, "unknown key for " + *kind + " (expected one of: " + names + ")");
            ok = false;
            continue;
        }
        if (!entry.second.IsScalar()) {
            r.error(entry.second, keyField, "expected a value, found a mapping or list");
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
        if (std::optional<std::string> error = setParamFromText(*op, *info, entry.second.Scalar(), hw)) {
            const std::size_t colon = error->find(": ");
            r.error(entry.second, keyField, colon == std::string::npos ? *error : error->substr(colon + 2));
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

} // namespace

Expected<Scenario, Diagnostics> parseScenario(
    std::string_view text, const std::string& file, const PresetLibrary& library)
{
    using Result = Expected<Scenario, Diagnostics>;
    YamlReader r(file);
    const std::optional<YAML::Node> root = r.load(text);
    if (!root)
        return Result::failure(r.diagnostics());
    if (!r.checkMap(*root, {}, { "name", "description", "preset", "hardware", "set", "dtype", "operations" }))
        return Result::failure(r.diagnostics());

    Scenario scenario;
    if (auto n = r.child(*root, {}, "name", false))
        if (auto v = r.text(*n, "name"))
            scenario.name = *v;
    if (auto n = r.child(*root, {}, "description", false))
        if (auto v = r.text(*n, "description"))
            scenario.description = *v;

    const std::optional<YAML::Node> presetNode = r.child(*root, {}, "preset", false);
    const std::optional<YAML::Node> hardwareNode = r.child(*root, {}, "hardware", false);
    if (presetNode && hardwareNode) {
        r.error(*hardwareNode, "hardware", "give either 'preset' or 'hardware', not both");
    } else if (presetNode) {
        if (auto id = r.text(*presetNode, "preset")) {
            if (const Hardware* hw = library.find(*id)) {
                scenario.presetId = *id;
                scenario.hardware = *hw;
            } else {
                std::string ids;
                for (const Hardware& h : library.presets)
                    ids += (ids.empty() ? "" : ", ") + h.id;
                r.error(*presetNode, "preset", "no preset with id '" + *id + "' (known: " + ids + ")");
            }
        }
    } else if (hardwareNode) {
        scenario.hardware = readHardware(r, *hardwareNode, "hardware", "inline");
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
            std::vector<std::string> seen;
            for (const auto& entry : *n) {
                const std::string key = entry.first.Scalar();
                const std::string field = "set." + key;
                if (std::find(seen.begin(), seen.end(), key) != seen.end()) {
                    r.error(entry.first, field, "duplicate key");
                    continue;
                }
                seen.push_back(key);
                const std::optional<double> v = r.quantity(entry.second, field,
                    { Unit::FlopsPerSecond, Unit::BytesPerSecond, Unit::BitsPerSecond, Unit::Bytes });
                if (!v)
                    continue;
                if (std::optional<std::string> error = setHardwareValue(scenario.hardware, key, *v))
                    r.error(entry.first, field, *error);
                else
                    scenario.overrides.emplace_back(key, *v);
            }
        }
    }

    if (auto n = r.child(*root, {}, "dtype", false))
        if (auto t = r.text(*n, "dtype")) {
            const std::optional<Dtype> d = parseDtype(*t);
            if (!d)
                r.error(*n, "dtype", "unknown dtype '" + *t + "'");
            else if (!scenario.hardware.peakFor(*d))
                r.error(*n, "dtype", scenario.hardware.name + " has no " + *t + " peak");
            else
                scenario.dtype = d;
        }

    if (auto n = r.child(*root, {}, "operations", false)) {
        if (!n->IsSequence()) {
            r.error(*n, "operations", "expected a list of operations");
        } else {
            for (std::size_t i = 0; i < n->size(); ++i)
                if (auto op = readOperation(r, (*n)[i], YamlReader::index("operations", i), scenario.hardware))
                    scenario.operations.push_back(std::move(*op));
        }
    } else if (!r.failed()) {
        scenario.operations = defaultWorkload(scenario.hardware);
    }

    if (r.failed())
        return Result::failure(r.diagnostics());
    return scenario;
}

Expected<Scenario, Diagnostics> loadScenario(const std::filesystem::path& path, const PresetLibrary& library)
{
    Expected<std::string, Diagnostics> text = readTextFile(path);
    if (!text)
        return Expected<Scenario, Diagnostics>::failure(text.error());
    return parseScenario(*text, path.string(), library);
}

std::vector<Operation> defaultWorkload(const Hardware& hw)
{
    std::vector<OperationVariant> ops;
    ops.push_back(Dot {});
    ops.push_back(LayerNorm {});
    for (double b : { 32.0, 256.0, 1024.0 }) {
        Matmul m;
        m.B = b;
        ops.push_back(m);
    }
    Matmul int8;
    int8.x = int8.w = int8.out = int8.compute = Dtype::int8;
    ops.push_back(int8);
    Matmul int8Weights;
    int8Weights.w = Dtype::int8;
    ops.push_back(int8Weights);
    ops.push_back(BatchedMatmul {});

    const Link* scaleUp = firstLink(hw, { LinkScope::IntraNode, LinkScope::IntraPod });
    const Link* scaleOut = firstLink(hw, { LinkScope::InterNode, LinkScope::InterPod });
    if (scaleUp) {
        ShardedMatmul sharded;
        sharded.link = scaleUp->name;
        ops.push_back(sharded);
        Collective allReduce;
        allReduce.link = scaleUp->name;
        ops.push_back(allReduce);
    }
    if (scaleOut || scaleUp) {
        DataParallelStep step;
        step.link = (scaleOut ? scaleOut : scaleUp)->name;
        ops.push_back(step);
    }

    std::vector<Operation> workload;
    for (OperationVariant& op : ops)
        if (evaluate(op, hw)) // leaves out what the chip cannot run: int8 on a chip with no int8 peak
            workload.push_back({ describe(op), std::move(op) });
    return workload;
}

Scenario defaultScenario(const Hardware& hw)
{
    Scenario s;
    s.name = hw.name;
    s.presetId = hw.id;
    s.hardware = hw;
    s.operations = defaultWorkload(hw);
    return s;
}

std::optional<std::string> applySetting(Scenario& scenario, std::string_view assignment)
{
    const std::size_t eq = assignment.find('=');
    if (eq == std::string_view::npos || eq == 0)
        return "expected KEY=VALUE, found '" + std::string(assignment) + "'";
    const std::string key(assignment.substr(0, eq));
    const std::string value(assignment.substr(eq + 1));

    if (key.rfind("peak.", 0) == 0 || key.rfind("bandwidth.", 0) == 0 || key.rfind("capacity.", 0) == 0) {
        const std::optional<ParsedQuantity> q = parseQuantity(value);
        if (!q)
            return key + ": expected a number, found '" + value + "'";
        Hardware changed = scenario.hardware;
        if (std::optional<std::string> error = setHardwareValue(changed, key, q->value))
            return error;
        scenario.hardware = std::move(changed);
        scenario.overrides.emplace_back(key, q->value);
        return std::nullopt;
    }
    if (key == "chart.dtype") {
        const std::optional<Dtype> d = parseDtype(value);
        if (!d || !scenario.hardware.peakFor(*d))
            return "chart.dtype: " + scenario.hardware.name + " has no peak for '" + value + "'";
        scenario.dtype = d;
        return std::nullopt;
    }

    std::vector<Operation> ops = scenario.operations;
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
            return "expected ops[INDEX].PARAM, found '" + key + "'";
        if (index >= ops.size())
            return key + ": there are " + std::to_string(ops.size()) + " operations (ops[0] to ops["
                + std::to_string(ops.size() == 0 ? 0 : ops.size() - 1) + "])";
        only = index;
        param = key.substr(close + 2);
    }
    bool applied = false;
    for (std::size_t i = 0; i < ops.size(); ++i) {
        if (only && i != *only)
            continue;
        const ParamInfo* info = findParam(ops[i].op, param);
        if (!info) {
            if (only)
                return key + ": " + std::string(kindName(ops[i].op)) + " has no parameter '" + param + "'";
            continue;
        }
        const std::string before = describe(ops[i].op);
        if (std::optional<std::string> error = setParamFromText(ops[i].op, *info, value, scenario.hardware))
            return key + ": "
                + (error->find(": ") != std::string::npos ? error->substr(error->find(": ") + 2) : *error);
        if (const Expected<Evaluation> e = evaluate(ops[i].op, scenario.hardware); !e)
            return key + ": " + e.error();
        if (ops[i].name == before) // a name that was only the default description follows the parameters
            ops[i].name = describe(ops[i].op);
        applied = true;
    }
    if (!applied)
        return "unknown key '" + key + "': no operation has a parameter '" + param
            + "' and it is not peak.DTYPE, bandwidth.NAME, capacity.NAME or chart.dtype";
    scenario.operations = std::move(ops);
    return std::nullopt;
}

std::string writeScenario(const Scenario& s)
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
        const Hardware& hw = s.hardware;
        out << YAML::Key << "hardware" << YAML::Value << YAML::BeginMap;
        out << YAML::Key << "name" << YAML::Value << hw.name;
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
            out << YAML::Key << "bandwidth" << YAML::Value << number(l.bandwidth);
            out << YAML::Key << "scope" << YAML::Value << std::string(scopeName(l.scope)) << YAML::EndMap;
        }
        out << YAML::EndSeq;
        out << YAML::Key << "sources" << YAML::Value << YAML::BeginSeq;
        for (const std::string& src : hw.sources)
            out << src;
        if (hw.sources.empty())
            out << "written by Roofline Lab";
        out << YAML::EndSeq << YAML::EndMap;
    }
    if (!s.presetId.empty()) {
        // Every number of the chip, so the scenario reproduces what was on screen even if the preset changes.
        out << YAML::Key << "set" << YAML::Value << YAML::BeginMap;
        for (Dtype d : kAllDtypes)
            if (auto p = s.hardware.peakFor(d))
                out << YAML::Key << "peak." + std::string(dtypeName(d)) << YAML::Value << number(*p);
        for (const Roof& roof : bandwidthRoofs(s.hardware))
            out << YAML::Key << "bandwidth." + roof.name << YAML::Value << number(roof.value);
        out << YAML::EndMap;
    }
    if (s.dtype)
        out << YAML::Key << "dtype" << YAML::Value << std::string(dtypeName(*s.dtype));
    out << YAML::Key << "operations" << YAML::Value << YAML::BeginSeq;
    for (const Operation& op : s.operations) {
        out << YAML::BeginMap << YAML::Key << "op" << YAML::Value << std::string(kindName(op.op));
        out << YAML::Key << "name" << YAML::Value << op.name;
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
    out << YAML::EndSeq << YAML::EndMap;
    return std::string(out.c_str()) + "\n";
}

} // namespace roofline
