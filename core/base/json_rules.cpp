// SPDX-License-Identifier: GPL-3.0-or-later
// JSON's own rules on a document YAML has read.
#include "base/json_rules.h"

#include "base/units.h"
#include "base/yaml_reader.h"

#include <set>
#include <utility>
#include <vector>

namespace roofline {

namespace {

// A bare JSON value: null, true, false or a number (an optional minus, digits without a leading zero, an optional
// fraction and exponent).
bool isJsonLiteral(std::string_view v)
{
    if (v == "null" || v == "true" || v == "false")
        return true;
    std::size_t i = v.starts_with('-') ? 1 : 0;
    const auto digits = [&v, &i] {
        const std::size_t from = i;
        while (i < v.size() && v[i] >= '0' && v[i] <= '9')
            ++i;
        return i - from;
    };
    const std::size_t first = i;
    const std::size_t whole = digits();
    if (whole == 0 || (whole > 1 && v[first] == '0'))
        return false;
    if (i < v.size() && v[i] == '.' && (++i, digits() == 0))
        return false;
    if (i < v.size() && (v[i] == 'e' || v[i] == 'E')) {
        ++i;
        if (i < v.size() && (v[i] == '+' || v[i] == '-'))
            ++i;
        if (digits() == 0)
            return false;
    }
    return i == v.size();
}

} // namespace

std::optional<JsonProblem> jsonProblem(const YAML::Node& root)
{
    std::vector<std::pair<YAML::Node, std::string>> pending { { root, {} } };
    while (!pending.empty()) {
        const auto [node, field] = std::move(pending.back());
        pending.pop_back();
        if ((node.IsMap() || node.IsSequence()) && node.Style() != YAML::EmitterStyle::Flow)
            return JsonProblem { node,
                std::string("not JSON: ") + (node.IsMap() ? "an object without braces" : "a list without brackets"),
                field };
        if (node.IsScalar()) {
            if (YamlReader::plain(node) && !isJsonLiteral(node.Scalar()))
                return JsonProblem { node,
                    "not JSON: " + quoteInput(node.Scalar())
                        + " is no number, true, false or null (JSON writes text in double quotes)",
                    field };
            if (const std::optional<std::string> problem = textProblem(node.Scalar()))
                return JsonProblem { node, "not text: " + *problem, field };
        }
        if (node.IsMap()) {
            std::set<std::string> seen;
            for (const auto& entry : node) {
                const std::string key = entry.first.IsScalar() ? entry.first.Scalar() : std::string();
                const std::string path = YamlReader::join(field, key);
                if (!entry.first.IsScalar() || YamlReader::plain(entry.first))
                    return JsonProblem { entry.first, "not JSON: a key is text in double quotes", path };
                if (!seen.insert(key).second)
                    return JsonProblem { entry.first, "given twice in one object", path };
                pending.emplace_back(entry.second, path);
            }
        } else if (node.IsSequence()) {
            std::size_t i = 0;
            for (const auto& item : node)
                pending.emplace_back(item, YamlReader::index(field, i++));
        }
    }
    return std::nullopt;
}

} // namespace roofline
