// SPDX-License-Identifier: GPL-3.0-or-later
// Reading untrusted YAML into plain values, with every complaint located by file, line, column and field.
// Internal to the core: no YAML::Node leaves the loaders.
#pragma once

#include "base/diagnostic.h"
#include "base/limits.h"
#include "base/units.h"

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/yaml.h>

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofline {

class YamlReader {
public:
    // JSON is read as YAML (YAML 1.2 takes every JSON text), with JSON's own rules checked on top (see load).
    enum class Syntax { Yaml, Json };
    explicit YamlReader(std::string file, Syntax syntax = Syntax::Yaml)
        : m_file(std::move(file))
        , m_syntax(syntax)
    { }

    // Parses a document whose root must be a mapping. Refuses binary text, syntax errors, any anchor or alias (an
    // alias can make a node contain itself, or multiply a small file), nesting too deep, an empty document and
    // documents with more than kMaxNodes nodes. JSON must be JSON besides: every map and list in braces and brackets,
    // every bare value null, true, false or a number, every key in quotes and none twice in one object (where JSON
    // readers silently keep the first or the last), no control character made by an escape ("\u001b") anywhere.
    // Then `plain` tells a bare value from a quoted one: a JSON count or flag is never a string.
    // A file's bounds: a scenario's are larger than other files' (base/limits.h).
    struct Bounds {
        std::size_t bytes = kMaxFileBytes;
        std::size_t nodes = kMaxNodes;
    };
    std::optional<YAML::Node> load(std::string_view text, Bounds bounds);
    std::optional<YAML::Node> load(std::string_view text) { return load(text, Bounds {}); }
    // Why a text the program wrote would be refused by load for its size: "7610051 bytes, past the 8 MiB", "410000 YAML
    // nodes, past the 400000"; nothing when it fits. Counts nodes from the parser's events, building none.
    static std::optional<std::string> outOfBounds(std::string_view text, Bounds bounds);

    void error(const YAML::Node& at, std::string_view field, std::string message);
    void error(std::string_view field, std::string message); // for the whole file
    const Diagnostics& diagnostics() const { return m_diagnostics; }
    bool failed() const { return !m_diagnostics.empty(); }

    // Reports keys that are not in `allowed` and keys that appear twice. Returns false if `node` is not a map.
    bool checkMap(const YAML::Node& node, std::string_view field, std::initializer_list<std::string_view> allowed);
    bool checkMap(const YAML::Node& node, std::string_view field, const std::vector<std::string_view>& allowed);
    // The child `key` of a map, reporting it as missing when `required`.
    std::optional<YAML::Node> child(const YAML::Node& map, std::string_view field, std::string_view key, bool required);

    // Text of at most `maxBytes`; an empty value is an error, never a silent reset to the default.
    std::optional<std::string> text(
        const YAML::Node& node, std::string_view field, std::size_t maxBytes = kMaxTextBytes);
    // A name, label or group: one line of text (notOneLineOfText) of at most kMaxNameBytes.
    std::optional<std::string> name(const YAML::Node& node, std::string_view field);
    // An id (see identifierProblem).
    std::optional<std::string> identifier(const YAML::Node& node, std::string_view field);
    std::optional<double> number(const YAML::Node& node, std::string_view field); // finite, any sign
    std::optional<bool> boolean(const YAML::Node& node, std::string_view field); // true or false
    // A whole number from `min` to `max` (`max` at most 2^53), read as every count is (parseWholeNumber): plain, with
    // an exponent or a prefix from k up; no unit, no sub-unit prefix ("1500m"), nothing past 2^53, decided on the
    // digits as written. 0 where `min` is 0.
    std::optional<double> count(const YAML::Node& node, std::string_view field, double min, double max);
    // Whether a scalar was written bare, not in quotes: in JSON, a number, true, false or null.
    static bool plain(const YAML::Node& node) { return node.IsScalar() && node.Tag() == "?"; }
    // A quantity with an optional SI prefix and one of `units` (Unit::None always allowed); `unitSeen` tells which.
    std::optional<double> quantity(
        const YAML::Node& node, std::string_view field, std::initializer_list<Unit> units, Unit* unitSeen = nullptr);

    static std::string join(std::string_view parent, std::string_view key);
    static std::string index(std::string_view parent, std::size_t i);

    // How a node reads in a message: "a map", "a list", 'text'.
    std::string describe(const YAML::Node& node) const;

private:
    void add(Diagnostic);
    std::string_view syntaxName() const { return m_syntax == Syntax::Json ? "JSON" : "YAML"; }

    std::string m_file;
    Syntax m_syntax;
    Diagnostics m_diagnostics;
    std::size_t m_errorCount = 0;
};

// Why `id` is no id (a preset's id, an operation's): nothing when it is 1 to kMaxIdBytes ASCII letters, digits, '-',
// '_' or '.', which reads the same in a file, on a command line and in a report, with no space to split on.
std::optional<std::string> identifierProblem(std::string_view id);

} // namespace roofline
