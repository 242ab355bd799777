#include "yaml_reader.h"

#include "presets.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace roofline {

namespace {

// Valid UTF-8 with no NUL and no control characters but tab, newline and carriage return.
bool looksLikeText(std::string_view text)
{
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            if (c < 0x20 && c != '\t' && c != '\n' && c != '\r')
                return false;
            ++i;
            continue;
        }
        int length = c >= 0xF0 && c < 0xF5 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 0;
        if (length == 0 || i + static_cast<std::size_t>(length) > text.size())
            return false;
        for (int k = 1; k < length; ++k)
            if ((static_cast<unsigned char>(text[i + static_cast<std::size_t>(k)]) & 0xC0) != 0x80)
                return false;
        i += static_cast<std::size_t>(length);
    }
    return true;
}

std::size_t countNodes(const YAML::Node& node, std::size_t budget)
{
    std::size_t count = 1;
    if (node.IsMap() || node.IsSequence()) {
        for (auto it = node.begin(); it != node.end() && count <= budget; ++it) {
            if (node.IsMap()) {
                count += countNodes(it->first, budget - count);
                count += countNodes(it->second, budget - std::min(count, budget));
            } else {
                count += countNodes(*it, budget - count);
            }
        }
    }
    return count;
}

std::string_view unitName(Unit unit)
{
    switch (unit) {
    case Unit::None:
        return "a plain number";
    case Unit::FlopsPerSecond:
        return "FLOP/s";
    case Unit::BytesPerSecond:
        return "B/s";
    case Unit::BitsPerSecond:
        return "b/s";
    case Unit::Bytes:
        return "B";
    case Unit::Seconds:
        return "s";
    }
    return "";
}

} // namespace

std::optional<YAML::Node> YamlReader::load(std::string_view text)
{
    if (text.size() > kMaxFileBytes) {
        error({}, "the file is larger than 1 MiB (" + std::to_string(text.size()) + " bytes)");
        return std::nullopt;
    }
    if (!looksLikeText(text)) {
        error({}, "not a text file (binary data or invalid UTF-8)");
        return std::nullopt;
    }
    YAML::Node root;
    try {
        root = YAML::Load(std::string(text));
    } catch (const YAML::DeepRecursion& e) {
        m_diagnostics.push_back({ m_file, e.mark.line + 1, e.mark.column + 1, {}, "nested too deeply" });
        return std::nullopt;
    } catch (const YAML::Exception& e) {
        const bool located = e.mark.line >= 0;
        m_diagnostics.push_back({ m_file, located ? e.mark.line + 1 : 0, located ? e.mark.column + 1 : 0, {},
            "YAML syntax error: " + e.msg });
        return std::nullopt;
    }
    if (!root.IsDefined() || root.IsNull()) {
        error({}, "the file is empty");
        return std::nullopt;
    }
    if (countNodes(root, kMaxNodes) > kMaxNodes) {
        error({}, "more than " + std::to_string(kMaxNodes) + " YAML nodes (aliases expanding?)");
        return std::nullopt;
    }
    if (!root.IsMap()) {
        error(root, {}, "expected a mapping of keys to values at the top, found " + describe(root));
        return std::nullopt;
    }
    return root;
}

void YamlReader::error(const YAML::Node& at, std::string_view field, std::string message)
{
    const YAML::Mark mark = at.Mark();
    const bool located = mark.line >= 0;
    m_diagnostics.push_back(
        { m_file, located ? mark.line + 1 : 0, located ? mark.column + 1 : 0, std::string(field), std::move(message) });
}

void YamlReader::error(std::string_view field, std::string message)
{
    m_diagnostics.push_back({ m_file, 0, 0, std::string(field), std::move(message) });
}

std::string YamlReader::describe(const YAML::Node& node) const
{
    if (node.IsMap())
        return "a mapping";
    if (node.IsSequence())
        return "a list";
    if (node.IsNull())
        return "nothing";
    std::string scalar = node.Scalar();
    if (scalar.size() > 40)
        scalar = scalar.substr(0, 40) + "...";
    return "'" + scalar + "'";
}

bool YamlReader::checkMap(
    const YAML::Node& node, std::string_view field, std::initializer_list<std::string_view> allowed)
{
    if (!node.IsMap()) {
        error(node, field, "expected a mapping, found " + describe(node));
        return false;
    }
    std::set<std::string> seen;
    for (const auto& entry : node) {
        if (!entry.first.IsScalar()) {
            error(entry.first, field, "expected a key, found " + describe(entry.first));
            continue;
        }
        const std::string key = entry.first.Scalar();
        if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
            std::string list;
            for (std::string_view a : allowed)
                list += (list.empty() ? "" : ", ") + std::string(a);
            error(entry.first, join(field, key), "unknown key (expected one of: " + list + ")");
        }
        if (!seen.insert(key).second)
            error(entry.first, join(field, key), "duplicate key");
    }
    return true;
}

std::optional<YAML::Node> YamlReader::child(
    const YAML::Node& map, std::string_view field, std::string_view key, bool required)
{
    // Look the key up by iterating: operator[] on a const node would not tell a duplicate from the first.
    for (const auto& entry : map)
        if (entry.first.IsScalar() && entry.first.Scalar() == key)
            return entry.second;
    if (required)
        error(map, join(field, key), "missing");
    return std::nullopt;
}

std::optional<std::string> YamlReader::text(const YAML::Node& node, std::string_view field)
{
    if (!node.IsScalar()) {
        error(node, field, "expected text, found " + describe(node));
        return std::nullopt;
    }
    return node.Scalar();
}

std::optional<double> YamlReader::number(const YAML::Node& node, std::string_view field)
{
    Unit unit = Unit::None;
    return quantity(node, field, {}, &unit);
}

std::optional<double> YamlReader::quantity(
    const YAML::Node& node, std::string_view field, std::initializer_list<Unit> units, Unit* unitSeen)
{
    if (!node.IsScalar()) {
        error(node, field, "expected a number, found " + describe(node));
        return std::nullopt;
    }
    const std::string& scalar = node.Scalar();
    std::string lower = scalar;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    if (lower.find("nan") != std::string::npos || lower.find("inf") != std::string::npos) {
        error(node, field, "expected a finite number, found '" + scalar + "'");
        return std::nullopt;
    }
    const std::optional<ParsedQuantity> parsed = parseQuantity(scalar);
    if (!parsed) {
        error(node, field, "expected a number, found " + describe(node));
        return std::nullopt;
    }
    if (parsed->unit != Unit::None && std::find(units.begin(), units.end(), parsed->unit) == units.end()) {
        error(node, field, "unexpected unit " + std::string(unitName(parsed->unit)) + " in '" + scalar + "'");
        return std::nullopt;
    }
    if (unitSeen)
        *unitSeen = parsed->unit;
    return parsed->value;
}

std::string YamlReader::join(std::string_view parent, std::string_view key)
{
    return parent.empty() ? std::string(key) : std::string(parent) + "." + std::string(key);
}

std::string YamlReader::index(std::string_view parent, std::size_t i)
{
    return std::string(parent) + "[" + std::to_string(i) + "]";
}

} // namespace roofline
