// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/yaml_reader.h"

#include "base/file_reader.h"
#include "base/json_rules.h"
#include "base/limits.h"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/parser.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <set>
#include <sstream>
#include <vector>

namespace roofline {

namespace {

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
    std::string what; // "anchor 'x'", or "an alias"
};

// Follows the parser's events for the field path of each node, and throws AnchorFound at the first anchor or alias.
// Also keeps where the last document started, and the field of the scalar at a line and offset asked for.
class AnchorFinder final : public YAML::EventHandler {
public:
    // Asks for the field of the last scalar that starts on `line` (0-based) at or before `offset`.
    void findFieldAt(int line, std::size_t offset)
    {
        m_targetLine = line;
        m_targetOffset = offset;
    }
    const std::string& fieldFound() const { return m_fieldFound; }
    const YAML::Mark& documentStart() const { return m_documentStart; }

    void OnDocumentStart(const YAML::Mark& mark) override { m_documentStart = mark; }
    void OnDocumentEnd() override { }
    void OnAnchor(const YAML::Mark& mark, const std::string& name) override
    {
        throw AnchorFound { mark, nextField(), "anchor " + quoteInput(name) }; // the name may hold any byte
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
    void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t, const std::string& value) override
    {
        if (mark.line == m_targetLine && static_cast<std::size_t>(mark.pos) <= m_targetOffset) {
            const bool key = !m_levels.empty() && m_levels.back().map && m_levels.back().atKey;
            m_fieldFound = key ? YamlReader::join(m_levels.back().field, value) : nextField();
        }
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
    YAML::Mark m_documentStart;
    int m_targetLine = -1;
    std::size_t m_targetOffset = 0;
    std::string m_fieldFound;
};

// Counts the nodes of a document from the parser's events, building none.
class NodeCounter final : public YAML::EventHandler {
public:
    std::size_t nodes = 0;
    void OnDocumentStart(const YAML::Mark&) override { }
    void OnDocumentEnd() override { }
    void OnNull(const YAML::Mark&, YAML::anchor_t) override { ++nodes; }
    void OnAlias(const YAML::Mark&, YAML::anchor_t) override { ++nodes; }
    void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t, const std::string&) override { ++nodes; }
    void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override
    {
        ++nodes;
    }
    void OnSequenceEnd() override { }
    void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override
    {
        ++nodes;
    }
    void OnMapEnd() override { }
};

// The field whose scalar holds the byte at `offset` on `line`, found in a copy of the text with every byte that is
// not text replaced by '?'; empty when the copy does not parse or the byte lies outside any scalar on its line.
std::string fieldAtByte(std::string text, int line, std::size_t offset)
{
    for (std::size_t i = offset; i < text.size();) {
        const std::optional<std::size_t> next = firstNonTextByte(std::string_view(text).substr(i));
        if (!next)
            break;
        i += *next;
        text[i] = '?';
    }
    AnchorFinder finder;
    finder.findFieldAt(line, offset);
    try {
        std::istringstream events(text);
        YAML::Parser parser(events);
        parser.HandleNextDocument(finder);
    } catch (...) { // an anchor, a syntax error: the field found so far is still the best guess
    }
    return finder.fieldFound();
}

// The longest field path a message names: a path through many nested maps (each key quoted up to 80 bytes) is cut,
// so that a message stays short whatever the file.
constexpr std::size_t kMaxFieldBytes = 240;

// The most levels of lists and maps the walk goes down; presets and scenarios use four.
constexpr std::size_t kMaxDepth = 100;

struct WalkProblem {
    YAML::Node at; // a null node, with no mark, when the whole file is to blame
    std::string message;
};

// Visits every node of `root` with an explicit stack, no recursion: refuses more than `maxNodes` nodes in all
// (counting those waiting to be visited, so the stack stays bounded too) and nesting deeper than kMaxDepth.
std::optional<WalkProblem> walkNodes(const YAML::Node& root, std::size_t maxNodes, std::string_view nodes)
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
        if (visited + pending.size() > maxNodes)
            return WalkProblem { {}, "more than " + std::to_string(maxNodes) + " " + std::string(nodes) };
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
    case Unit::Joules:
        return "J";
    }
    return "";
}

} // namespace

std::optional<std::string> YamlReader::outOfBounds(std::string_view text, Bounds bounds)
{
    if (text.size() > bounds.bytes)
        return std::to_string(text.size()) + " bytes, past the " + formatByteLimit(bounds.bytes);
    // A text holds at most one node more than it has bytes ("a:" is a map, a key and a null): only a text nearly as
    // long as the bound can hold more nodes.
    if (text.size() < bounds.nodes)
        return std::nullopt;
    NodeCounter counter;
    try {
        std::istringstream events { std::string(text) };
        YAML::Parser parser(events);
        parser.HandleNextDocument(counter);
    } catch (const YAML::Exception& e) {
        return std::string("not YAML: ") + e.what();
    }
    if (counter.nodes > bounds.nodes)
        return std::to_string(counter.nodes) + " YAML nodes, past the " + std::to_string(bounds.nodes);
    return std::nullopt;
}

std::optional<YAML::Node> YamlReader::load(std::string_view text, Bounds bounds)
{
    if (text.size() > bounds.bytes) {
        error({},
            "the file is larger than " + formatByteLimit(bounds.bytes) + " (" + std::to_string(text.size())
                + " bytes)");
        return std::nullopt;
    }
    if (const std::optional<std::size_t> bad = firstNonTextByte(text)) {
        const std::size_t lineStart = text.rfind('\n', *bad) == std::string_view::npos ? 0 : text.rfind('\n', *bad) + 1;
        const int line
            = static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(*bad), '\n'));
        m_diagnostics.push_back({ m_file, line + 1, static_cast<int>(*bad - lineStart) + 1,
            shortened(fieldAtByte(std::string(text), line, *bad), kMaxFieldBytes),
            "not a text file: " + describeByte(static_cast<unsigned char>(text[*bad]))
                + " (expected UTF-8 text with no control characters but tabs and line breaks)" });
        return std::nullopt;
    }
    const std::string copy(text);
    YAML::Node root;
    try {
        // First the parser's events alone, to refuse anchors and aliases before they make a node (see AnchorFinder)
        // and a second document, which Load would skip unread; then the first document again into nodes.
        std::istringstream events(copy);
        YAML::Parser parser(events);
        AnchorFinder finder;
        parser.HandleNextDocument(finder);
        if (parser.HandleNextDocument(finder)) {
            const YAML::Mark& at = finder.documentStart();
            m_diagnostics.push_back({ m_file, at.line + 1, at.column + 1, {},
                m_syntax == Syntax::Json
                    ? std::string("more than one JSON value: a config.json holds one object")
                    : std::string(
                        "a second YAML document (after '---') is not read: a file holds one preset or one scenario") });
            return std::nullopt;
        }
        root = YAML::Load(copy);
    } catch (const AnchorFound& found) {
        m_diagnostics.push_back(
            { m_file, found.mark.line + 1, found.mark.column + 1, shortened(found.field, kMaxFieldBytes),
                "anchors and aliases are not supported (found " + found.what + "): write the value out in full" });
        return std::nullopt;
    } catch (const YAML::DeepRecursion& e) {
        m_diagnostics.push_back({ m_file, e.mark.line + 1, e.mark.column + 1, {}, "nested too deeply" });
        return std::nullopt;
    } catch (const YAML::Exception& e) {
        const bool located = e.mark.line >= 0;
        // yaml-cpp's messages are ASCII but may echo one byte of the input ("unknown escape character: "): shown
        // as '?' unless printable ASCII, so that the message stays text.
        std::string message = e.msg;
        for (char& c : message)
            if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f)
                c = '?';
        m_diagnostics.push_back({ m_file, located ? e.mark.line + 1 : 0, located ? e.mark.column + 1 : 0, {},
            std::string(syntaxName()) + " syntax error: " + message });
        return std::nullopt;
    }
    if (!root.IsDefined() || root.IsNull()) {
        error({}, "the file is empty");
        return std::nullopt;
    }
    if (const std::optional<WalkProblem> problem
        = walkNodes(root, bounds.nodes, m_syntax == Syntax::Json ? "JSON values" : "YAML nodes")) {
        error(problem->at, {}, problem->message); // too many nodes: no one node to blame, so no line
        return std::nullopt;
    }
    if (m_syntax == Syntax::Json)
        if (const std::optional<JsonProblem> problem = jsonProblem(root)) {
            error(problem->at, problem->field, problem->message);
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
    // A key the map lacks (a const map's operator[] gives an invalid node, whose Mark() throws): named, not located.
    if (!at.IsDefined()) {
        error(field, std::move(message));
        return;
    }
    const YAML::Mark mark = at.Mark();
    const bool located = mark.line >= 0;
    add({ m_file, located ? mark.line + 1 : 0, located ? mark.column + 1 : 0, std::string(field), std::move(message) });
}

void YamlReader::error(std::string_view field, std::string message)
{
    add({ m_file, 0, 0, std::string(field), std::move(message) });
}

void YamlReader::add(Diagnostic d)
{
    // A file with a hundred thousand bad keys gets a readable list, not a hundred thousand lines.
    ++m_errorCount;
    if (m_diagnostics.size() < kMaxDiagnostics) {
        m_diagnostics.push_back(std::move(d));
        return;
    }
    if (m_diagnostics.size() == kMaxDiagnostics)
        m_diagnostics.push_back({ m_file, 0, 0, {}, {} });
    m_diagnostics.back().message = "more errors not shown: " + std::to_string(m_errorCount - kMaxDiagnostics);
}

std::string YamlReader::describe(const YAML::Node& node) const
{
    if (node.IsMap())
        return "a mapping";
    if (node.IsSequence())
        return "a list";
    if (node.IsNull())
        return "nothing";
    return quoteInput(node.Scalar());
}

bool YamlReader::checkMap(
    const YAML::Node& node, std::string_view field, std::initializer_list<std::string_view> allowed)
{
    return checkMap(node, field, std::vector<std::string_view>(allowed));
}

bool YamlReader::checkMap(const YAML::Node& node, std::string_view field, const std::vector<std::string_view>& allowed)
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

std::optional<std::string> YamlReader::text(const YAML::Node& node, std::string_view field, std::size_t maxBytes)
{
    if (!node.IsScalar()) {
        error(node, field, "expected text, found " + describe(node));
        return std::nullopt;
    }
    if (node.Scalar().empty()) {
        error(node, field, "expected text, found an empty value (leave the key out instead)");
        return std::nullopt;
    }
    if (node.Scalar().size() > maxBytes) {
        error(node, field,
            "longer than " + std::to_string(maxBytes) + " bytes (" + std::to_string(node.Scalar().size()) + ")");
        return std::nullopt;
    }
    // The file's bytes are text, but an escape in a quoted scalar ("\e", "\x07", "\0", "\ud800") makes any byte.
    if (const std::optional<std::string> problem = textProblem(node.Scalar())) {
        error(node, field, "not text: " + *problem);
        return std::nullopt;
    }
    return node.Scalar();
}

std::optional<std::string> YamlReader::name(const YAML::Node& node, std::string_view field)
{
    std::optional<std::string> t = text(node, field, kMaxNameBytes);
    if (!t)
        return std::nullopt;
    if (const std::optional<std::string> problem = notOneLineOfText(*t)) {
        error(node, field, "not one line of text: " + *problem);
        return std::nullopt;
    }
    return t;
}

std::optional<bool> YamlReader::boolean(const YAML::Node& node, std::string_view field)
{
    const std::optional<std::string> t = text(node, field);
    if (!t)
        return std::nullopt;
    if (*t != "true" && *t != "false") {
        error(node, field, "expected true or false, found " + quoteInput(*t));
        return std::nullopt;
    }
    return *t == "true";
}

std::optional<std::string> YamlReader::identifier(const YAML::Node& node, std::string_view field)
{
    std::optional<std::string> t = text(node, field);
    if (t) {
        if (std::optional<std::string> problem = identifierProblem(*t)) {
            error(node, field, *problem);
            return std::nullopt;
        }
    }
    return t;
}

std::optional<double> YamlReader::number(const YAML::Node& node, std::string_view field)
{
    Unit unit = Unit::None;
    return quantity(node, field, {}, &unit);
}

std::optional<double> YamlReader::count(const YAML::Node& node, std::string_view field, double min, double max)
{
    if (!node.IsScalar()) {
        error(node, field, "expected a whole number, found " + describe(node));
        return std::nullopt;
    }
    char range[64];
    std::snprintf(range, sizeof range, "expected a whole number from %.0f to %.0f", min, max);
    const std::string& scalar = node.Scalar();
    const Expected<double> n = min == 0 && scalar == "0" ? Expected<double>(0.0) : parseWholeNumber(scalar);
    if (!n) {
        // parseWholeNumber's message without its own range: ", found '1500m' (a count takes no prefix below k)".
        const std::size_t found = n.error().find(", found ");
        error(node, field,
            range + (found == std::string::npos ? ", found " + quoteInput(scalar) : n.error().substr(found)));
        return std::nullopt;
    }
    if (*n < min || *n > max) {
        error(node, field, range + std::string(", found ") + quoteInput(scalar));
        return std::nullopt;
    }
    return *n;
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
        error(node, field, "expected a finite number, found " + quoteInput(scalar));
        return std::nullopt;
    }
    const std::optional<ParsedQuantity> parsed = parseQuantity(scalar);
    if (!parsed) {
        error(node, field, "expected a number, found " + describe(node));
        return std::nullopt;
    }
    if (parsed->unit != Unit::None && std::find(units.begin(), units.end(), parsed->unit) == units.end()) {
        error(node, field, "unexpected unit " + std::string(unitName(parsed->unit)) + " in " + quoteInput(scalar));
        return std::nullopt;
    }
    if (unitSeen)
        *unitSeen = parsed->unit;
    return parsed->value;
}

std::string YamlReader::join(std::string_view parent, std::string_view key)
{
    // A key of a megabyte, or one holding a line break, is quoted short, as any input in a message.
    std::string shown(key);
    if (key.size() > kMaxQuoted || firstNonTextByte(key) || key.find_first_of("\t\n\r") != std::string_view::npos)
        shown = quoteInput(key);
    return parent.empty() ? shown : std::string(parent) + "." + shown;
}

std::string YamlReader::index(std::string_view parent, std::size_t i)
{
    return std::string(parent) + "[" + std::to_string(i) + "]";
}

std::optional<std::string> identifierProblem(std::string_view id)
{
    const bool plain = !id.empty() && std::all_of(id.begin(), id.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
    });
    if (plain && id.size() <= kMaxIdBytes)
        return std::nullopt;
    return "expected an id without spaces: 1 to " + std::to_string(kMaxIdBytes)
        + " ASCII letters, digits, '-', '_' or '.', found " + quoteInput(id);
}

} // namespace roofline
