// SPDX-License-Identifier: GPL-3.0-or-later
#include "roofline/hardware.h"

#include "base/units.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <initializer_list>

namespace roofline {

namespace {
constexpr std::string_view kScopeNames[] = { "intra-node", "inter-node", "intra-pod", "inter-pod", "host" };

struct QuantityInfo {
    std::string_view group; // the keys' prefix
    std::string_view description;
    std::string_view units; // for messages
    double min;
    double max;
    std::initializer_list<Unit> accepted; // besides a bare number
    std::string_view range = {}; // for messages, where the bounds are not powers of ten from 1e3 up
    bool prefixes = true; // false: a plain decimal number, no SI prefix
};

const QuantityInfo& info(HardwareQuantity q)
{
    static const QuantityInfo infos[] = {
        { "peak", "a compute peak", "FLOP/s (OP/s)", kMinRate, kMaxRate, { Unit::FlopsPerSecond } },
        { "bandwidth", "a bandwidth", "B/s or b/s", kMinRate, kMaxRate, { Unit::BytesPerSecond, Unit::BitsPerSecond } },
        { "capacity", "a capacity", "B", kMinCapacity, kMaxCapacity, { Unit::Bytes } },
        { "efficiency", "an efficiency factor", "a plain number", kMinEfficiency, kMaxEfficiency, {},
            "an efficiency factor from 0.01 to 1", false },
        { "latency", "a latency", "s", kMinLatency, kMaxLatency, { Unit::Seconds }, "a latency from 0 to 0.1 s" },
        { "power", "a power", "a plain number of watts", kMinPower, kMaxPower, {}, "a power from 1 to 100000 W",
            false },
        { "price", "a price per chip-hour", "a plain number", kMinPrice, kMaxPrice, {},
            "a price per chip-hour from 0.0001 to 1000000, a plain number in your currency", false },
        { "energy_per_flop", "an energy per operation", "J", kMinEnergy, kMaxEnergy, { Unit::Joules },
            "an energy per operation from 1e-16 to 1e-6 J (0.1 fJ to 1 µJ; \"0.5 pJ\")" },
        { "energy_per_byte", "an energy per byte", "J", kMinEnergy, kMaxEnergy, { Unit::Joules },
            "an energy per byte from 1e-16 to 1e-6 J (0.1 fJ to 1 µJ; \"31.76 pJ\")" },
    };
    return infos[static_cast<std::size_t>(q)];
}

std::string_view unitKind(Unit unit)
{
    switch (unit) {
    case Unit::None:
        return "a plain number";
    case Unit::FlopsPerSecond:
        return "a compute rate (FLOP/s)";
    case Unit::BytesPerSecond:
        return "a bandwidth (B/s)";
    case Unit::BitsPerSecond:
        return "a bit rate (b/s)";
    case Unit::Bytes:
        return "a size (B)";
    case Unit::Seconds:
        return "a time (s)";
    case Unit::Joules:
        return "an energy (J)";
    }
    return "";
}

// "a bandwidth from 1e3 to 1e20 B/s"; every bound is a power of ten.
std::string rangeText(const QuantityInfo& i)
{
    if (!i.range.empty())
        return std::string(i.range);
    auto power = [](double v) { return "1e" + std::to_string(std::lround(std::log10(v))); };
    return std::string(i.description) + " from " + power(i.min) + " to " + power(i.max) + " "
        + std::string(i.units.substr(0, i.units.find(' ')));
}

// "0.8", "8e-1": a decimal number alone, as a factor is written; not "800m" or "0.8 k".
bool plainNumber(std::string_view text)
{
    const std::size_t first = text.find_first_not_of(" \t");
    const std::size_t last = text.find_last_not_of(" \t");
    if (first == std::string_view::npos)
        return false;
    const char* end = text.data() + last + 1;
    double value = 0;
    const auto [stop, error] = std::from_chars(text.data() + first, end, value);
    return error == std::errc() && stop == end;
}

// Why `text` is no value of the quantity: the first thing wrong, then what would be accepted.
std::string valueError(const QuantityInfo& i, std::string_view text, const std::optional<ParsedQuantity>& parsed)
{
    const std::string found = ", found " + quoteInput(text);
    if (!parsed) {
        std::string lower(text);
        std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
        const bool nonFinite = lower.find("nan") != std::string::npos || lower.find("inf") != std::string::npos;
        const bool empty = text.find_first_not_of(" \t") == std::string_view::npos;
        return std::string(nonFinite ? "expected a finite number"
                       : empty       ? "expected a value, not an empty one"
                                     : "expected a number")
            + found + " (" + rangeText(i) + ")";
    }
    if (parsed->unit != Unit::None && std::find(i.accepted.begin(), i.accepted.end(), parsed->unit) == i.accepted.end())
        return "unexpected unit: " + std::string(i.description) + " is "
            + (i.accepted.size() == 0 ? std::string(i.units) : "in " + std::string(i.units) + " or a plain number")
            + found + ", " + std::string(unitKind(parsed->unit));
    if (!i.prefixes && !plainNumber(text))
        return "expected a plain number without an SI prefix" + found + " (" + rangeText(i) + ")";
    if (parsed->value <= 0 && i.min > 0)
        return "expected a positive value" + found + " (" + rangeText(i) + ")";
    return "expected " + rangeText(i) + found;
}
// The number of the memory level or link named exactly `name` that a key sets (a member of either, or null where
// the key has none for that kind), or null when there is no such level or link. H is Hardware or const Hardware.
template <typename H>
auto levelField(H& hw, std::string_view name, double MemoryLevel::*memoryField, double Link::*linkField)
    -> decltype(&hw.launchFloor)
{
    if (memoryField)
        for (auto& m : hw.memories)
            if (m.name == name)
                return &(m.*memoryField);
    if (linkField)
        for (auto& l : hw.links)
            if (l.name == name)
                return &(l.*linkField);
    return nullptr;
}

// The number behind a key of any quantity but a peak (peaks are optional per dtype), or null.
template <typename H> auto fieldOf(H& hw, HardwareQuantity q, std::string_view name) -> decltype(&hw.launchFloor)
{
    switch (q) {
    case HardwareQuantity::Bandwidth:
        return levelField(hw, name, &MemoryLevel::bandwidth, &Link::bandwidth);
    case HardwareQuantity::Capacity:
        return levelField(hw, name, &MemoryLevel::capacity, nullptr);
    case HardwareQuantity::Efficiency:
        return name == "compute" ? &hw.computeEfficiency
                                 : levelField(hw, name, &MemoryLevel::efficiency, &Link::efficiency);
    case HardwareQuantity::Latency:
        return name == "launch" ? &hw.launchFloor : levelField(hw, name, nullptr, &Link::latency);
    case HardwareQuantity::Power:
        return name == "board" ? &hw.boardPower : name == "constant" ? &hw.constantPower : nullptr;
    case HardwareQuantity::Price:
        return name == "hour" ? &hw.pricePerHour : nullptr;
    case HardwareQuantity::ByteEnergy:
        return levelField(hw, name, &MemoryLevel::energyPerByte, &Link::energyPerByte);
    case HardwareQuantity::Peak:
    case HardwareQuantity::FlopEnergy:
        break;
    }
    return nullptr;
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

std::string peakDtypeNames(const Hardware& hw)
{
    std::string names;
    for (const Dtype d : kAllDtypes)
        if (hw.peakFor(d))
            names += (names.empty() ? "" : ", ") + std::string(dtypeName(d));
    return names;
}

std::string shortChipName(const Hardware& hw)
{
    const std::string prefix = hw.vendor + " ";
    return !hw.vendor.empty() && hw.name.size() > prefix.size() && hw.name.starts_with(prefix)
        ? hw.name.substr(prefix.size())
        : hw.name;
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
    const std::optional<HardwareQuantity> quantity = quantityOfKey(key);
    if (!quantity)
        return std::nullopt;
    const std::string_view name = key.substr(key.find('.') + 1);
    if (*quantity == HardwareQuantity::Peak || *quantity == HardwareQuantity::FlopEnergy) {
        const std::optional<Dtype> dtype = parseDtype(name);
        if (!dtype)
            return std::nullopt;
        return *quantity == HardwareQuantity::Peak ? hw.peakFor(*dtype) : hw.energyFor(*dtype);
    }
    const double* field = fieldOf(hw, *quantity, name);
    return field ? std::optional<double>(*field) : std::nullopt;
}

std::optional<HardwareQuantity> quantityOfKey(std::string_view key)
{
    const std::string_view group = key.substr(0, key.find('.'));
    for (HardwareQuantity q : { HardwareQuantity::Peak, HardwareQuantity::Bandwidth, HardwareQuantity::Capacity,
             HardwareQuantity::Efficiency, HardwareQuantity::Latency, HardwareQuantity::Power, HardwareQuantity::Price,
             HardwareQuantity::FlopEnergy, HardwareQuantity::ByteEnergy })
        if (key.size() > group.size() && info(q).group == group)
            return q;
    return std::nullopt;
}

std::string_view describeQuantity(HardwareQuantity q)
{
    return info(q).description;
}

std::optional<std::string> checkHardwareValue(HardwareQuantity q, double value)
{
    const QuantityInfo& i = info(q);
    if (!std::isfinite(value) || value < i.min || value > i.max)
        return "expected " + rangeText(i) + ", found " + formatSI(value, {}, 6);
    return std::nullopt;
}

Expected<ParsedQuantity> parseHardwareValue(HardwareQuantity q, std::string_view text)
{
    const QuantityInfo& i = info(q);
    const std::optional<ParsedQuantity> parsed = parseQuantity(text);
    const bool unitFits = parsed
        && (parsed->unit == Unit::None
            || std::find(i.accepted.begin(), i.accepted.end(), parsed->unit) != i.accepted.end());
    if (!unitFits || checkHardwareValue(q, parsed->value) || (!i.prefixes && !plainNumber(text)))
        return Expected<ParsedQuantity>::failure(valueError(i, text, parsed));
    return *parsed;
}

std::optional<std::string> hardwareKeyProblem(const Hardware& hw, std::string_view key)
{
    const std::optional<HardwareQuantity> quantity = quantityOfKey(key);
    if (!quantity)
        return "unknown hardware key " + quoteInput(key)
            + " (expected peak.DTYPE, bandwidth.NAME, capacity.NAME, efficiency.NAME, latency.NAME, power.board, "
              "price.hour, energy_per_flop.DTYPE, energy_per_byte.NAME or power.constant)";
    const std::string_view name = key.substr(key.find('.') + 1);
    if (*quantity == HardwareQuantity::Peak || *quantity == HardwareQuantity::FlopEnergy) {
        const std::optional<Dtype> dtype = parseDtype(name);
        if (!dtype)
            return "unknown dtype " + quoteInput(name) + " in " + quoteInput(key) + " (expected " + dtypeChoices()
                + ")";
        // A peak may add a dtype to the chip; an energy per operation in a dtype it has no peak for would price
        // operations it never runs.
        if (*quantity == HardwareQuantity::FlopEnergy && !hw.peakFor(*dtype)) {
            const std::string peaks = peakDtypeNames(hw);
            return hw.name + " has no peak for " + std::string(name)
                + ": no operation runs in it to take an energy (its " + "dtypes: "
                + (peaks.empty() ? std::string("none") : peaks) + "; peak." + std::string(name) + " adds it)";
        }
        return std::nullopt;
    }
    if (fieldOf(hw, *quantity, name))
        return std::nullopt;
    if (*quantity == HardwareQuantity::Power)
        return "unknown power " + quoteInput(key)
            + " (expected power.board, the board's rated power, or power.constant, the energy model's constant power, "
              "in W)";
    if (*quantity == HardwareQuantity::Price)
        return "unknown price " + quoteInput(key)
            + " (expected price.hour, the price of one chip for one hour: a month's or a token's is not a rate per "
              "hour)";
    static constexpr std::string_view missing[] = { "", "no memory level or link named ", "no memory level named ",
        "no memory level or link named ", "no link named ", "", "", "", "no memory level or link named " };
    static constexpr std::string_view alternative[]
        = { "", "", "", " (or efficiency.compute)", " (or latency.launch, the launch floor)", "", "", "", "" };
    const auto q = static_cast<std::size_t>(*quantity);
    return std::string(missing[q]) + quoteInput(name) + " on " + hw.name + std::string(alternative[q]);
}

std::optional<std::string> setHardwareValue(Hardware& hw, std::string_view key, double value)
{
    if (std::optional<std::string> problem = hardwareKeyProblem(hw, key))
        return problem;
    const HardwareQuantity quantity = *quantityOfKey(key);
    if (std::optional<std::string> error = checkHardwareValue(quantity, value))
        return (key.size() <= kMaxQuoted ? std::string(key) : quoteInput(key)) + ": " + *error;
    const std::string_view name = key.substr(key.find('.') + 1);
    if (quantity == HardwareQuantity::Peak)
        hw.setPeak(*parseDtype(name), value);
    else if (quantity == HardwareQuantity::FlopEnergy)
        hw.energyPerFlop[static_cast<std::size_t>(*parseDtype(name))] = value;
    else
        *fieldOf(hw, quantity, name) = value;
    return std::nullopt;
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
    keys.push_back("efficiency.compute");
    for (const MemoryLevel& m : hw.memories)
        keys.push_back("efficiency." + m.name);
    for (const Link& l : hw.links)
        keys.push_back("efficiency." + l.name);
    keys.push_back("latency.launch");
    for (const Link& l : hw.links)
        keys.push_back("latency." + l.name);
    keys.push_back("power.board");
    keys.push_back("price.hour");
    for (Dtype d : kAllDtypes)
        keys.push_back("energy_per_flop." + std::string(dtypeName(d)));
    for (const MemoryLevel& m : hw.memories)
        keys.push_back("energy_per_byte." + m.name);
    for (const Link& l : hw.links)
        keys.push_back("energy_per_byte." + l.name);
    keys.push_back("power.constant");
    return keys;
}

} // namespace roofline
