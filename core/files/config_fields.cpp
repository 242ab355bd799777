// SPDX-License-Identifier: GPL-3.0-or-later
#include "files/config_fields.h"

#include "base/limits.h"
#include "files/model_presets.h"
#include "llm/model.h"

#include <algorithm>

namespace roofline {

namespace {

std::string listed(std::initializer_list<std::string_view> known)
{
    std::string list;
    for (const std::string_view k : known)
        list += (list.empty() ? "" : ", ") + std::string(k);
    return list;
}

} // namespace

std::optional<YAML::Node> configField(YamlReader& r, const ConfigObject& object, std::string_view key, bool required)
{
    std::optional<YAML::Node> n = r.child(object.node, object.at, key, required);
    if (n && n->IsNull()) {
        if (required)
            r.error(*n, object.field(key), "expected a number, found null");
        return std::nullopt;
    }
    return n;
}

std::optional<double> jsonCount(YamlReader& r, const YAML::Node& n, const std::string& field, double min, double max)
{
    if (!YamlReader::plain(n)) {
        r.error(
            n, field, "expected a number, found " + r.describe(n) + " (text: a count in config.json has no quotes)");
        return std::nullopt;
    }
    const std::string& v = n.Scalar();
    if (v.find_first_not_of("0123456789") != std::string::npos) {
        r.error(n, field,
            "expected a whole number from " + wholeText(min) + " to " + wholeText(max) + ", found " + quoteInput(v));
        return std::nullopt;
    }
    return r.count(n, field, min, max);
}

std::optional<double> configCount(YamlReader& r, const ConfigObject& object, std::string_view key, bool required)
{
    const std::optional<YAML::Node> n = configField(r, object, key, required);
    return n ? jsonCount(r, *n, object.field(key), 1, kMaxModelCount) : std::nullopt;
}

std::optional<bool> configFlag(YamlReader& r, const ConfigObject& object, std::string_view key)
{
    const std::optional<YAML::Node> n = configField(r, object, key, false);
    if (n && !YamlReader::plain(*n)) {
        r.error(
            *n, object.field(key), "expected true or false, found " + r.describe(*n) + " (text: a flag has no quotes)");
        return std::nullopt;
    }
    return n ? r.boolean(*n, object.field(key)) : std::nullopt;
}

std::optional<std::string> configChoice(
    YamlReader& r, const ConfigObject& object, std::string_view key, std::initializer_list<std::string_view> known)
{
    const std::optional<YAML::Node> n = configField(r, object, key, false);
    if (!n)
        return std::nullopt;
    std::optional<std::string> v = r.text(*n, object.field(key));
    if (v && std::find(known.begin(), known.end(), *v) == known.end()) {
        r.error(*n, object.field(key), "expected one of " + listed(known) + ", found " + quoteInput(*v));
        return std::nullopt;
    }
    return v;
}

std::optional<double> configLayerCount(YamlReader& r, const ConfigObject& object, std::string_view key, double layers,
    std::initializer_list<std::string_view> known, std::string_view counted)
{
    const std::optional<YAML::Node> list = configField(r, object, key, false);
    if (!list)
        return std::nullopt;
    const std::string field = object.field(key);
    if (!list->IsSequence()) {
        r.error(*list, field, "expected a list of " + listed(known) + ", one a layer, found " + r.describe(*list));
        return std::nullopt;
    }
    const std::size_t errorsBefore = r.diagnostics().size();
    double count = 0;
    for (std::size_t i = 0; i < list->size(); ++i) {
        const std::string at = YamlReader::index(field, i);
        const std::optional<std::string> entry = r.text((*list)[i], at);
        if (entry && std::find(known.begin(), known.end(), *entry) == known.end())
            r.error((*list)[i], at, "expected one of " + listed(known) + ", found " + quoteInput(*entry));
        count += entry == counted;
    }
    if (static_cast<double>(list->size()) != layers)
        r.error(*list, field,
            std::to_string(list->size()) + " layers named, and num_hidden_layers is " + wholeText(layers));
    if (r.diagnostics().size() != errorsBefore)
        return std::nullopt;
    return count;
}

} // namespace roofline
