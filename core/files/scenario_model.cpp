// SPDX-License-Identifier: GPL-3.0-or-later
#include "files/scenario_model.h"

#include "base/yaml_reader.h"
#include "llm/generate.h"
#include "session/edit.h"

#include <set>

namespace roofline {

std::optional<ModelSettings> readModelBlock(
    YamlReader& r, const YAML::Node& node, const Hardware& hw, const ModelLibrary& library)
{
    if (!node.IsMap()) {
        r.error(node, "model", "expected a mapping with the model's id and settings (id: llama-2-7b, batch: 16)");
        return std::nullopt;
    }
    const std::optional<YAML::Node> id = r.child(node, "model", "id", true);
    if (!id)
        return std::nullopt;
    ModelSettings settings;
    bool ok = true;
    std::set<std::string> seen;
    // The id first: the other settings are checked against its model.
    for (const bool idPass : { true, false })
        for (const auto& entry : node) {
            const std::string key = entry.first.IsScalar() ? entry.first.Scalar() : std::string();
            if ((key == "id") != idPass)
                continue;
            const std::string field = YamlReader::join("model", key);
            if (!seen.insert(key).second) {
                r.error(entry.first, field, "duplicate key");
                ok = false;
                continue;
            }
            const std::optional<std::string> value = r.text(entry.second, field);
            if (!value) {
                ok = false;
                continue;
            }
            if (std::optional<std::string> error = setModelSetting(settings, key, *value, hw, library)) {
                const std::size_t colon = error->find(": ");
                r.error(entry.second, field, colon == std::string::npos ? *error : error->substr(colon + 2));
                ok = false;
                if (key == "id")
                    return std::nullopt;
            }
        }
    if (!ok)
        return std::nullopt;
    // A setting the phase has no use for would be kept and silently ignored: the file says something it does not do.
    for (const auto& entry : node) {
        const std::string key = entry.first.Scalar();
        if (std::optional<std::string> why = settingNotApplying(key, settings.phase)) {
            r.error(entry.first, YamlReader::join("model", key), why->substr(key.size() + 2));
            ok = false;
        }
    }
    if (!ok)
        return std::nullopt;
    if (std::optional<std::string> problem = modelProblem(settings, hw)) {
        const std::size_t colon = problem->find(": ");
        const std::string key = problem->substr(0, colon);
        const YAML::Node at = node[key].IsDefined() ? node[key] : node;
        r.error(at, YamlReader::join("model", key), problem->substr(colon + 2));
        return std::nullopt;
    }
    return settings;
}

std::optional<std::string> applyModelSettings(Session& session,
    const std::vector<std::pair<std::string, std::string>>& settings, const Hardware& hw, const ModelLibrary& models)
{
    if (!settings.empty() && !session.model)
        return noModel(settings.front().first);
    std::vector<std::pair<std::string, ParamValue>> typed;
    typed.reserve(settings.size());
    for (const auto& [key, value] : settings) {
        Expected<ParamValue> v = parseModelSetting(key, value);
        if (!v)
            return v.error().starts_with(key + ":")
                ? YamlReader::join({}, "model." + key) + v.error().substr(key.size())
                : "model." + v.error();
        typed.emplace_back(key, std::move(v).value());
    }
    return setModelSettings(session, typed, hw, models);
}

void writeModelBlock(YAML::Emitter& out, const ModelSettings& settings)
{
    out << YAML::BeginMap;
    for (const auto& [key, value] : modelSettingTexts(settings))
        out << YAML::Key << key << YAML::Value << value;
    out << YAML::EndMap;
}

} // namespace roofline
