// SPDX-License-Identifier: GPL-3.0-or-later
// JSON's own rules on a document YAML has read (YAML 1.2 takes every JSON text, and more): what JSON refuses, and what
// a JSON reader would resolve silently. Internal to the core, as YamlReader is.
#pragma once

#include <yaml-cpp/yaml.h>

#include <optional>
#include <string>

namespace roofline {

struct JsonProblem {
    YAML::Node at;
    std::string message;
    std::string field; // the key's path
};

// The first of: a map or list not in braces or brackets, a bare value other than null, true, false or a number, a key
// not in quotes, a key twice in one object, a control character made by an escape in any text. The walk is not
// bounded here: YamlReader::load has counted the document's nodes and depth first.
std::optional<JsonProblem> jsonProblem(const YAML::Node& root);

} // namespace roofline
