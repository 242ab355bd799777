#include "yaml_reader.h"

#include "presets.h"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/parser.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>
#include <vector>

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

// Why anchors and aliases are refused outright, not followed with care: yaml-cpp 0.7 resolves an alias to the very
// node its anchor names, so `a: &x [*x]` (or a `<<: *x` merge key inside the anchored map) loads into a node that
// contains itself, and every recursive walk of it overflows the stack; an alias bomb (each list holding the last
// ten times) expands a few hundred bytes into billions of nodes. No preset or scenario needs either, and refusing
// the first anchor or alias while the file is parsed, before any node exists, takes time linear in the file and
// gives the user its line, column and field. Once refused, every node is reached exactly once, so the node walk
// below needs no list of visited nodes; it is still iterative and capped in depth and count.
struct AnchorFound {
    YAML::Mark mark;
    std::string field;
    std::string what; // "&x", or "an alias"
};

// Follows the parser's events for the field path of each node, and throws AnchorFound at the first anchor or alias.
class AnchorFinder final : public YAML::EventHandler {
public:
    void OnDocumentStart(const YAML::Mark&) override { }
    void OnDocumentEnd() override { }
    void OnAnchor(const YAML::Mark& mark, const std::string& name) override
    {
        throw AnchorFound { mark, nextField(), "&" + name };
    }
    void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override
    {
        throw AnchorFound { mark, nextField(), "an alias" };
    }
    void OnNull(const YAML::Mark&, YAML::anchor_t) override
    {
        beginNode("~");
        endNode();
    }
    void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t, const std::string& value) override
    {
        beginNode(value);
        endNode();
    }
    void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override
    {
        push(false);
    }
    void OnSequenceEnd() override { pop(); }
    void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override
    {
        push(true);
    }
    void OnMapEnd() override { pop(); }

private:
    struct Level {
        std::string field;
        bool map = false;
        bool atKey = true; // in a map: the next node is a key
        std::string key; // in a map: the last key read
        std::size_t index = 0; // in a list: the next item's index
    };

    // The field of the node about to start: a key is reported as its map.
    std::string nextField() const
    {
        if (m_levels.empty())
            return {};
        const Level& l = m_levels.back();
        if (!l.map)
            return YamlReader::index(l.field, l.index);
        return l.atKey ? l.field : YamlReader::join(l.field, l.key);
    }
    void beginNode(const std::string& key)
    {
        if (!m_levels.empty() && m_levels.back().map && m_levels.back().atKey)
            m_levels.back().key = key;
    }
    void endNode()
    {
        if (m_levels.empty())
            return;
        Level& l = m_levels.back();
        if (l.map)
            l.atKey = !l.atKey;
        else
            ++l.index;
    }
    void push(bool map)
    {
        std::string field = nextField();
        beginNode("?");
        m_levels.push_back({ std::move(field), map, true, {}, 0 });
    }
    void pop()
    {
        m_levels.pop_back();
        endNode();
    }

    std::vector<Level> m_levels;
};

// The most levels of lists and maps the walk goes down; presets and scenarios use four.
constexpr std::size_t kMaxDepth = 100;

struct WalkProblem {
    YAML::Node at; // a null node, with no mark, when the whole file is to blame
    std::string message;
};

// Visits every node of `root` with an explicit stack, no recursion: refuses more than kMaxNodes nodes in all
// (counting those waiting to be visited, so the stack stays bounded too) and nesting deeper than kMaxDepth.
std::optional<WalkProblem> walkNodes(const YAML::Node& root)
{
    std::vector<std::pair<YAML::Node, std::size_t>> pending { { root, 1 } };
    std::size_t visited = 0;
    while (!pending.empty()) {
        const auto [node, depth] = std::move(pending.back());
        pending.pop_back();
        ++visited;
        if (depth > kMaxDepth)
            return WalkProblem { node, "nested too deeply (more than " + std::to_string(kMaxDepth) + " levels)" };
        if (node.IsMap()) {
            for (const auto& entry : node) {
                pending.emplace_back(entry.first, depth + 1);
                pending.emplace_back(entry.second, depth + 1);
            }
        } else if (node.IsSequence()) {
            for (const auto& item : node)
                pending.emplace_back(item, depth + 1);
        }
        if (visited + pending.size() > kMaxNodes)
            return WalkProblem { {}, "more than " + std::to_string(kMaxNodes) + " YAML nodes" };
    }
    return std::nullopt;
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
    const std::string copy(text);
    YAML::Node root;
    try {
        // First the parser's events alone, to refuse anchors and aliases before they make a node (see AnchorFinder),
        // then the same text again into nodes. Both parse only the first document.
        std::istringstream events(copy);
        YAML::Parser parser(events);
        AnchorFinder finder;
        parser.HandleNextDocument(finder);
        root = YAML::Load(copy);
    } catch (const AnchorFound& found) {
        m_diagnostics.push_back({ m_file, found.mark.line + 1, found.mark.column + 1, found.field,
            "anchors and aliases are not supported (found " + found.what + "): write the value out in full" });
        return std::nullopt;
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
    if (const std::optional<WalkProblem> problem = walkNodes(root)) {
        error(problem->at, {}, problem->message); // too many nodes: no one node to blame, so no line
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
