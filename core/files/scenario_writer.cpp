// SPDX-License-Identifier: GPL-3.0-or-later
// Scenario files written: the session as YAML, in the schema of docs/file-formats.md.
#include "files/scenario.h"
#include "files/scenario_lesson.h"
#include "files/scenario_measured.h"
#include "files/scenario_model.h"

#include "base/units.h"
#include "base/yaml_reader.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <utility>
#include <vector>

namespace roofline {

namespace {

// The energy model's constants, in joules and watts as every number of a saved chip is in its base unit.
void writeEnergies(YAML::Emitter& out, const Hardware& hw)
{
    if (std::any_of(hw.energyPerFlop.begin(), hw.energyPerFlop.end(), [](const auto& e) { return e.has_value(); })) {
        out << YAML::Key << "energy_per_flop" << YAML::Value << YAML::BeginMap;
        for (Dtype d : kAllDtypes)
            if (const std::optional<double> e = hw.energyFor(d))
                out << YAML::Key << std::string(dtypeName(d)) << YAML::Value << savedNumber(*e);
        out << YAML::EndMap;
    }
    std::vector<std::pair<std::string, double>> perByte;
    for (const MemoryLevel& m : hw.memories)
        if (m.energyPerByte > 0)
            perByte.emplace_back(m.name, m.energyPerByte);
    for (const Link& l : hw.links)
        if (l.energyPerByte > 0)
            perByte.emplace_back(l.name, l.energyPerByte);
    if (!perByte.empty()) {
        out << YAML::Key << "energy_per_byte" << YAML::Value << YAML::BeginMap;
        for (const auto& [name, e] : perByte)
            out << YAML::Key << name << YAML::Value << savedNumber(e);
        out << YAML::EndMap;
    }
    if (hw.constantPower > 0)
        out << YAML::Key << "constant_power" << YAML::Value << savedNumber(hw.constantPower);
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
            out << YAML::Key << std::string(dtypeName(d)) << YAML::Value << savedNumber(*p);
    out << YAML::EndMap;
    out << YAML::Key << "memory" << YAML::Value << YAML::BeginSeq;
    for (const MemoryLevel& m : hw.memories) {
        out << YAML::BeginMap << YAML::Key << "name" << YAML::Value << m.name;
        if (!m.label.empty())
            out << YAML::Key << "label" << YAML::Value << m.label;
        out << YAML::Key << "bandwidth" << YAML::Value << savedNumber(m.bandwidth);
        if (m.capacity > 0)
            out << YAML::Key << "capacity" << YAML::Value << savedNumber(m.capacity);
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
            << (l.specifiedInBits ? savedNumber(l.bandwidth * 8) + " b/s" : savedNumber(l.bandwidth));
        out << YAML::Key << "scope" << YAML::Value << std::string(scopeName(l.scope));
        if (l.latency > 0)
            out << YAML::Key << "latency" << YAML::Value << savedNumber(l.latency);
        out << YAML::EndMap;
    }
    out << YAML::EndSeq;
    if (hw.launchFloor > 0)
        out << YAML::Key << "launch_floor" << YAML::Value << savedNumber(hw.launchFloor);
    if (hw.boardPower > 0)
        out << YAML::Key << "board_power" << YAML::Value << savedNumber(hw.boardPower);
    if (hw.peakClock > 0)
        out << YAML::Key << "peak_clock" << YAML::Value << savedNumber(hw.peakClock);
    writeEnergies(out, hw);
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
    auto writeOverrides = [&out](const std::vector<Override>& overrides) {
        if (overrides.empty())
            return;
        out << YAML::Key << "set" << YAML::Value << YAML::BeginMap;
        for (const Override& o : overrides)
            out << YAML::Key << o.key << YAML::Value << savedNumber(o.value);
        out << YAML::EndMap;
    };
    writeOverrides(s.overrides);
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
                out << YAML::Key << std::string(p.name) << YAML::Value << savedNumber(*n);
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
    if (s.noCalibration && !s.calibration)
        out << YAML::Key << "calibration" << YAML::Value << "none";
    if (s.calibration && !s.calibration->fromPreset) // the preset names its own again
        out << YAML::Key << "calibration" << YAML::Value << s.calibration->file;
    if (s.lesson) {
        out << YAML::Key << "lesson" << YAML::Value;
        writeLessonBlock(out, *s.lesson);
    }
    if (!s.compare.empty()) {
        out << YAML::Key << "compare" << YAML::Value << YAML::BeginSeq;
        for (const ComparedChip& c : s.compare) {
            if (c.overrides.empty()) {
                out << c.presetId;
                continue;
            }
            out << YAML::BeginMap << YAML::Key << "preset" << YAML::Value << c.presetId;
            writeOverrides(c.overrides);
            out << YAML::EndMap;
        }
        out << YAML::EndSeq;
    }
    if (!s.prices.empty()) {
        out << YAML::Key << "prices" << YAML::Value << YAML::BeginMap;
        for (const auto& [id, price] : s.prices)
            out << YAML::Key << id << YAML::Value << savedNumber(price);
        out << YAML::EndMap;
    }
    out << YAML::EndMap;
    return std::string(out.c_str()) + "\n";
}

std::optional<std::string> unopenableScenario(std::string_view text)
{
    if (const std::optional<std::string> why = YamlReader::outOfBounds(text, { kMaxScenarioBytes, kMaxScenarioNodes }))
        return "the scenario would be written as " + *why
            + " a scenario may hold, and could not be opened again: remove operations or long texts (the chip's "
              "sources, notes, descriptions) and save again";
    return std::nullopt;
}

} // namespace roofline
