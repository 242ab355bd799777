#include "files/scenario_model.h"

#include "base/yaml_reader.h"
#include "files/model_presets.h"

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
    if (std::optional<std::string> problem = settingsProblem(settings)) {
        const std::size_t colon = problem->find(": ");
        const std::string key = problem->substr(0, colon);
        const YAML::Node at = node[key].IsDefined() ? node[key] : node;
        r.error(at, YamlReader::join("model", key), problem->substr(colon + 2));
        return std::nullopt;
    }
    return settings;
}

std::optional<std::string> applyModelSetting(
    Session& session, const std::string& key, const std::string& value, const Hardware& hw)
{
    return applyModelSettings(session, { { key, value } }, hw);
}

std::optional<std::string> applyModelSettings(
    Session& session, const std::vector<std::pair<std::string, std::string>>& settings, const Hardware& hw)
{
    ModelSettings changed = session.model.value_or(ModelSettings {});
    for (const auto& [key, value] : settings) {
        // The key as typed, quoted when it is not plain text: messages echo no control characters.
        const std::string shown = YamlReader::join({}, "model." + key);
        if (!session.model)
            return shown + ": the scenario has no model (give one in its model: block, or --model)";
        const ModelLibrary models = key == "id" ? defaultModelLibrary() : ModelLibrary {};
        if (std::optional<std::string> error = setModelSetting(changed, key, value, hw, models))
            return error->starts_with(key + ":") ? shown + error->substr(key.size()) : "model." + *error;
    }
    if (std::optional<std::string> problem = settingsProblem(changed))
        return "model." + *problem;
    session.model = std::move(changed);
    return std::nullopt;
}

void writeModelBlock(YAML::Emitter& out, const ModelSettings& settings)
{
    out << YAML::BeginMap;
    for (const auto& [key, value] : modelSettingTexts(settings))
        out << YAML::Key << key << YAML::Value << value;
    out << YAML::EndMap;
}

} // namespace roofline
