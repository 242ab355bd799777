// SPDX-License-Identifier: GPL-3.0-or-later
// A chip's keys read from YAML, for a preset file and for a scenario's inline hardware block.
#include "files/hardware_reader.h"

#include "base/limits.h"
#include "base/units.h"

#include <algorithm>
#include <cctype>
#include <initializer_list>
#include <set>

namespace roofline {

namespace {

// Why `name` cannot name a memory level or link, or nothing. Names are keys on the command line
// (bandwidth.NAME), roof labels beside the compute roofs (named by dtype) and rows of the report (where "compute"
// is the compute roof), so a name must not read as any of those.
// Whether `name` is made of the characters a name may have, and short: one a message can name as it is.
bool isPlainName(std::string_view name)
{
    return !name.empty() && name.size() <= kMaxIdBytes && std::all_of(name.begin(), name.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
    });
}

std::optional<std::string> levelNameProblem(std::string_view name)
{
    if (!isPlainName(name))
        return "expected a short name of at most " + std::to_string(kMaxIdBytes)
            + " ASCII letters, digits, '-' or '_', found " + quoteInput(name);
    std::string lower(name);
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    if (lower == "launch")
        return "the name " + quoteInput(name)
            + " is the launch floor's key (latency.launch): call the level or link by its technology (HBM, NVLink)";
    if (lower == "compute" || parseDtype(lower))
        return "the name " + quoteInput(name)
            + " reads as a compute roof (a dtype, or 'compute'): call the level or link by its technology (HBM, L2, "
              "NVLink)";
    return std::nullopt;
}

void readCompute(YamlReader& r, const YAML::Node& node, const std::string& prefix, Hardware& hw)
{
    if (!node.IsMap())
        return;
    std::set<std::string> seen;
    for (const auto& entry : node) {
        const std::string key = entry.first.Scalar();
        const std::string field = YamlReader::join(prefix, "compute." + key);
        const std::optional<Dtype> dtype = parseDtype(key);
        if (!dtype)
            continue; // reported by checkMap as unknown
        if (!seen.insert(key).second)
            continue; // reported as duplicate
        if (const std::optional<double> v = readHardwareValue(r, entry.second, field, HardwareQuantity::Peak))
            hw.setPeak(*dtype, *v);
    }
}

// The energy model's maps, read once the levels and links are known: energy_per_flop by dtype, energy_per_byte by
// the name of a memory level or link of the chip.
void readEnergies(YamlReader& r, const YAML::Node& root, const std::string& prefix, Hardware& hw)
{
    auto at = [&prefix](std::string_view field) { return YamlReader::join(prefix, field); };
    auto entries = [&](std::string_view key, HardwareQuantity quantity, auto&& store) {
        const std::optional<YAML::Node> n = r.child(root, prefix, key, false);
        if (!n)
            return;
        if (!n->IsMap()) {
            r.error(*n, at(key), "expected a map of names to energies, found " + r.describe(*n));
            return;
        }
        std::set<std::string> seen;
        for (const auto& entry : *n) {
            const std::string name = entry.first.Scalar();
            // The field names the entry only when its name is made of a name's characters; any other text (a control
            // character, a line of YAML) is quoted in the message, cut short, never copied into the field.
            const std::string field = isPlainName(name) ? at(std::string(key) + "." + name) : at(key);
            if (!seen.insert(name).second) {
                r.error(entry.first, field, "duplicate name " + quoteInput(name));
                continue;
            }
            const std::string settingKey = std::string(key) + "." + name;
            if (std::optional<std::string> problem = hardwareKeyProblem(hw, settingKey)) {
                r.error(entry.first, field, *problem);
                continue;
            }
            if (const std::optional<double> v = readHardwareValue(r, entry.second, field, quantity))
                store(settingKey, *v);
        }
    };
    auto set = [&hw](const std::string& key, double value) { setHardwareValue(hw, key, value); };
    entries("energy_per_flop", HardwareQuantity::FlopEnergy, set);
    entries("energy_per_byte", HardwareQuantity::ByteEnergy, set);
}

} // namespace

std::optional<double> readHardwareValue(
    YamlReader& r, const YAML::Node& node, std::string_view field, HardwareQuantity quantity, Unit* unitSeen)
{
    if (!node.IsScalar()) {
        r.error(node, field, "expected " + std::string(describeQuantity(quantity)) + ", found " + r.describe(node));
        return std::nullopt;
    }
    const Expected<ParsedQuantity> parsed = parseHardwareValue(quantity, node.Scalar());
    if (!parsed) {
        r.error(node, field, parsed.error());
        return std::nullopt;
    }
    if (unitSeen)
        *unitSeen = parsed->unit;
    return parsed->value;
}

Hardware readHardware(YamlReader& r, const YAML::Node& rootNode, const std::string& prefix, std::string_view defaultId)
{
    const std::optional<YAML::Node> root = rootNode;
    auto at = [&prefix](std::string_view field) { return YamlReader::join(prefix, field); };
    if (!r.checkMap(*root, prefix,
            { "id", "name", "vendor", "compute", "memory", "links", "launch_floor", "board_power", "peak_clock",
                "energy_per_flop", "energy_per_byte", "constant_power", "calibration", "sources", "notes" }))
        return {};
    if (auto n = r.child(*root, prefix, "calibration", false); n && !prefix.empty())
        r.error(*n, at("calibration"),
            "a chip given inline has no calibration of its own: the scenario's "
            "calibration: key names one");
    Hardware hw;
    hw.id = std::string(defaultId);
    if (auto n = r.child(*root, prefix, "id", false)) {
        if (auto v = r.identifier(*n, at("id")))
            hw.id = *v;
    } else if (std::optional<std::string> problem = identifierProblem(hw.id)) {
        r.error(at("id"), "missing, and the file's name is no id: " + *problem);
    }
    if (auto n = r.child(*root, prefix, "name", true))
        if (auto v = r.name(*n, at("name")))
            hw.name = *v;
    if (auto n = r.child(*root, prefix, "vendor", false))
        if (auto v = r.name(*n, at("vendor")))
            hw.vendor = *v;
    if (auto n = r.child(*root, prefix, "notes", false))
        if (auto v = r.text(*n, at("notes")))
            hw.notes = *v;
    if (auto n = r.child(*root, prefix, "launch_floor", false))
        if (auto v = readHardwareValue(r, *n, at("launch_floor"), HardwareQuantity::Latency))
            hw.launchFloor = *v;
    if (auto n = r.child(*root, prefix, "board_power", false))
        if (auto v = readHardwareValue(r, *n, at("board_power"), HardwareQuantity::Power))
            hw.boardPower = *v;
    if (auto n = r.child(*root, prefix, "constant_power", false))
        if (auto v = readHardwareValue(r, *n, at("constant_power"), HardwareQuantity::Power))
            hw.constantPower = *v;
    if (auto n = r.child(*root, prefix, "peak_clock", false))
        if (auto v = r.number(*n, at("peak_clock"))) {
            if (*v >= kMinPeakClock && *v <= kMaxPeakClock)
                hw.peakClock = *v;
            else
                r.error(*n, at("peak_clock"), "expected a clock from 1e6 to 1e11 Hz, found " + formatSI(*v, "Hz", 6));
        }
    if (auto n = r.child(*root, prefix, "sources", true)) {
        if (!n->IsSequence() || n->size() == 0)
            r.error(*n, at("sources"), "expected a list of sources");
        else
            for (std::size_t i = 0; i < n->size(); ++i)
                if (auto v = r.text((*n)[i], YamlReader::index(at("sources"), i)))
                    hw.sources.push_back(*v);
    }

    // compute: a map of dtype to dense peak.
    if (auto n = r.child(*root, prefix, "compute", true)) {
        std::vector<std::string_view> dtypes;
        for (const Dtype d : kAllDtypes)
            dtypes.push_back(dtypeName(d));
        if (r.checkMap(*n, at("compute"), dtypes)) {
            readCompute(r, *n, prefix, hw);
            if (std::none_of(hw.peak.begin(), hw.peak.end(), [](const auto& p) { return p.has_value(); })
                && !r.failed())
                r.error(*n, at("compute"), "no dtype has a peak");
        }
    }

    std::set<std::string> names; // in lower case: "HBM" and "hbm" would be one key to a reader
    auto uniqueName = [&](const YAML::Node& node, const std::string& field, const std::string& name) {
        if (std::optional<std::string> problem = levelNameProblem(name)) {
            r.error(node, field, *problem);
            return false;
        }
        std::string lower = name;
        std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
        if (!names.insert(lower).second) {
            r.error(node, field,
                "duplicate name " + quoteInput(name)
                    + " (memory levels and links need names that differ in more than case)");
            return false;
        }
        return true;
    };
    auto levelList = [&](const YAML::Node& node, const std::string& field, std::string_view what) {
        if (node.size() <= kMaxLevels)
            return true;
        r.error(node, field,
            "more than " + std::to_string(kMaxLevels) + " " + std::string(what) + " (" + std::to_string(node.size())
                + ")");
        return false;
    };

    if (auto n = r.child(*root, prefix, "memory", true)) {
        if (!n->IsSequence() || n->size() == 0) {
            r.error(*n, at("memory"), "expected a list of at least one memory level");
        } else if (levelList(*n, at("memory"), "memory levels")) {
            for (std::size_t i = 0; i < n->size(); ++i) {
                const YAML::Node level = (*n)[i];
                const std::string field = YamlReader::index(at("memory"), i);
                if (!r.checkMap(level, field, { "name", "label", "bandwidth", "capacity" }))
                    continue;
                MemoryLevel m;
                if (auto v = r.child(level, field, "name", true))
                    if (auto t = r.text(*v, field + ".name"); t && uniqueName(*v, field + ".name", *t))
                        m.name = *t;
                if (auto v = r.child(level, field, "label", false))
                    if (auto t = r.name(*v, field + ".label"))
                        m.label = *t;
                if (auto v = r.child(level, field, "bandwidth", true))
                    if (auto b = readHardwareValue(r, *v, field + ".bandwidth", HardwareQuantity::Bandwidth))
                        m.bandwidth = *b;
                if (auto v = r.child(level, field, "capacity", false))
                    if (auto c = readHardwareValue(r, *v, field + ".capacity", HardwareQuantity::Capacity))
                        m.capacity = *c;
                hw.memories.push_back(std::move(m));
            }
        }
    }

    if (auto n = r.child(*root, prefix, "links", false)) {
        if (!n->IsSequence() && !n->IsNull()) {
            r.error(*n, at("links"), "expected a list of links");
        } else if (n->IsSequence() && levelList(*n, at("links"), "links")) {
            for (std::size_t i = 0; i < n->size(); ++i) {
                const YAML::Node node = (*n)[i];
                const std::string field = YamlReader::index(at("links"), i);
                if (!r.checkMap(node, field, { "name", "label", "bandwidth", "scope", "latency" }))
                    continue;
                Link l;
                if (auto v = r.child(node, field, "name", true))
                    if (auto t = r.text(*v, field + ".name"); t && uniqueName(*v, field + ".name", *t))
                        l.name = *t;
                if (auto v = r.child(node, field, "label", false))
                    if (auto t = r.name(*v, field + ".label"))
                        l.label = *t;
                if (auto v = r.child(node, field, "bandwidth", true)) {
                    Unit unit = Unit::None;
                    if (auto b = readHardwareValue(r, *v, field + ".bandwidth", HardwareQuantity::Bandwidth, &unit)) {
                        l.bandwidth = *b;
                        l.specifiedInBits = unit == Unit::BitsPerSecond;
                    }
                }
                if (auto v = r.child(node, field, "latency", false))
                    if (auto a = readHardwareValue(r, *v, field + ".latency", HardwareQuantity::Latency))
                        l.latency = *a;
                if (auto v = r.child(node, field, "scope", true))
                    if (auto t = r.text(*v, field + ".scope")) {
                        if (auto scope = parseScope(*t))
                            l.scope = *scope;
                        else
                            r.error(*v, field + ".scope",
                                "expected intra-node, inter-node, intra-pod, inter-pod or host, found "
                                    + quoteInput(*t));
                    }
                hw.links.push_back(std::move(l));
            }
        }
    }

    readEnergies(r, *root, prefix, hw);
    return hw;
}

} // namespace roofline
