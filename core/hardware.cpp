#include "hardware.h"

#include "units.h"

#include <cmath>

namespace roofline {

namespace {
constexpr std::string_view kScopeNames[] = { "intra-node", "inter-node", "intra-pod", "inter-pod", "host" };

std::string rateError(double value)
{
    if (!std::isfinite(value))
        return "expected a finite number";
    if (value < kMinRate || value > kMaxRate)
        return "expected a value from 1e3 to 1e20";
    return {};
}
} // namespace

std::string_view scopeName(LinkScope scope)
{
    return kScopeNames[static_cast<std::size_t>(scope)];
}

std::optional<LinkScope> parseScope(std::string_view name)
{
    for (std::size_t i = 0; i < std::size(kScopeNames); ++i)
        if (kScopeNames[i] == name)
            return static_cast<LinkScope>(i);
    return std::nullopt;
}

const MemoryLevel* Hardware::memory(std::string_view levelName) const
{
    if (levelName.empty())
        return memories.empty() ? nullptr : &memories.front();
    for (const MemoryLevel& m : memories)
        if (m.name == levelName)
            return &m;
    return nullptr;
}

const Link* Hardware::link(std::string_view linkName) const
{
    if (linkName.empty())
        return links.empty() ? nullptr : &links.front();
    for (const Link& l : links)
        if (l.name == linkName)
            return &l;
    return nullptr;
}

Dtype Hardware::defaultDtype() const
{
    if (peakFor(Dtype::bf16))
        return Dtype::bf16;
    for (Dtype d : kAllDtypes)
        if (peakFor(d))
            return d;
    return Dtype::bf16;
}

std::vector<Roof> bandwidthRoofs(const Hardware& hw)
{
    std::vector<Roof> roofs;
    roofs.reserve(hw.memories.size() + hw.links.size());
    for (const MemoryLevel& m : hw.memories)
        roofs.push_back({ RoofKind::Memory, m.name, m.bandwidth });
    for (const Link& l : hw.links)
        roofs.push_back({ RoofKind::Network, l.name, l.bandwidth });
    return roofs;
}

std::string formatRoofBandwidth(const Hardware& hw, RoofKind kind, std::string_view name, double bytesPerSecond)
{
    const Link* link = kind == RoofKind::Network ? hw.link(name) : nullptr;
    return link && link->specifiedInBits ? formatBitRate(bytesPerSecond) : formatBandwidth(bytesPerSecond);
}

std::optional<double> hardwareValue(const Hardware& hw, std::string_view key)
{
    const std::size_t dot = key.find('.');
    if (dot == std::string_view::npos)
        return std::nullopt;
    const std::string_view group = key.substr(0, dot);
    const std::string_view name = key.substr(dot + 1);
    if (group == "peak") {
        const std::optional<Dtype> dtype = parseDtype(name);
        return dtype ? hw.peakFor(*dtype) : std::nullopt;
    }
    if (group == "bandwidth") {
        if (const MemoryLevel* m = hw.memory(name))
            return m->bandwidth;
        if (const Link* l = hw.link(name))
            return l->bandwidth;
    }
    if (group == "capacity")
        if (const MemoryLevel* m = hw.memory(name))
            return m->capacity;
    return std::nullopt;
}

std::optional<std::string> setHardwareValue(Hardware& hw, std::string_view key, double value)
{
    const std::size_t dot = key.find('.');
    if (dot == std::string_view::npos)
        return "unknown hardware key '" + std::string(key) + "' (expected peak.DTYPE, bandwidth.NAME or capacity.NAME)";
    const std::string_view group = key.substr(0, dot);
    const std::string_view name = key.substr(dot + 1);

    if (group == "peak") {
        const std::optional<Dtype> dtype = parseDtype(name);
        if (!dtype)
            return "unknown dtype '" + std::string(name) + "' in '" + std::string(key) + "'";
        if (std::string error = rateError(value); !error.empty())
            return std::string(key) + ": " + error;
        hw.setPeak(*dtype, value);
        return std::nullopt;
    }
    if (group == "bandwidth") {
        if (std::string error = rateError(value); !error.empty())
            return std::string(key) + ": " + error;
        for (MemoryLevel& m : hw.memories)
            if (m.name == name) {
                m.bandwidth = value;
                return std::nullopt;
            }
        for (Link& l : hw.links)
            if (l.name == name) {
                l.bandwidth = value;
                return std::nullopt;
            }
        return "no memory level or link named '" + std::string(name) + "' on " + hw.name;
    }
    if (group == "capacity") {
        if (!std::isfinite(value) || value < 0)
            return std::string(key) + ": expected a finite number of bytes, 0 or more";
        for (MemoryLevel& m : hw.memories)
            if (m.name == name) {
                m.capacity = value;
                return std::nullopt;
            }
        return "no memory level named '" + std::string(name) + "' on " + hw.name;
    }
    return "unknown hardware key '" + std::string(key) + "' (expected peak.DTYPE, bandwidth.NAME or capacity.NAME)";
}

std::vector<std::string> hardwareKeys(const Hardware& hw)
{
    std::vector<std::string> keys;
    for (Dtype d : kAllDtypes)
        keys.push_back("peak." + std::string(dtypeName(d)));
    for (const MemoryLevel& m : hw.memories)
        keys.push_back("bandwidth." + m.name);
    for (const Link& l : hw.links)
        keys.push_back("bandwidth." + l.name);
    for (const MemoryLevel& m : hw.memories)
        keys.push_back("capacity." + m.name);
    return keys;
}

} // namespace roofline
