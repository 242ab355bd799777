// SPDX-License-Identifier: GPL-3.0-or-later
#include "files/scenario_model.h"

#include "base/units.h"
#include "base/yaml_reader.h"
#include "files/hf_config.h"
#include "files/scenario_paths.h"
#include "llm/generate.h"
#include "session/edit.h"

#include <set>

namespace roofline {

namespace {

// The model a `config:` key names: its config.json as whoever opened the scenario read it, from the path relative to
// the scenario's folder. Nothing, with the config's own messages at the key, when it could not be read.
std::optional<Model> configModel(
    YamlReader& r, const YAML::Node& at, const std::string& path, const std::string& file, const NamedFiles& files)
{
    if (file.starts_with("embedded:")) {
        r.error(at, "model.config", "an example built into the program names its model by id");
        return std::nullopt;
    }
    Expected<Model, Diagnostics> model = namedConfig(files, path);
    if (!model) {
        // The config's first problem at its own line and field; the path once, quoted (and cut when it is long).
        const Diagnostic& d = model.error().front();
        const std::string where = d.line > 0
            ? "line " + std::to_string(d.line) + (d.column > 0 ? ", column " + std::to_string(d.column) : "") + ": "
            : std::string();
        const std::string field = d.field.empty() ? std::string() : d.field + ": ";
        r.error(
            at, "model.config", "cannot read the model from " + quoteInput(path) + ": " + where + field + d.message);
        return std::nullopt;
    }
    return std::move(model).value();
}

} // namespace

std::optional<ModelSettings> readModelBlock(YamlReader& r, const YAML::Node& node, const Hardware& hw,
    const ModelLibrary& library, const std::string& file, const NamedFiles& files)
{
    if (!node.IsMap()) {
        r.error(node, "model", "expected a mapping with the model's id and settings (id: llama-2-7b, batch: 16)");
        return std::nullopt;
    }
    // The model: the library's by its id, or a Hugging Face config.json's, which joins the library for this block.
    const std::optional<YAML::Node> config = r.child(node, "model", "config", false);
    const std::optional<YAML::Node> id = r.child(node, "model", "id", !config);
    if (!id && !config)
        return std::nullopt;
    if (id && config) {
        r.error(*config, "model.config", "give the model by its id or by a config.json, not both");
        return std::nullopt;
    }
    ModelLibrary withConfig;
    const ModelLibrary* models = &library;
    std::string configPath;
    std::string configId;
    if (config) {
        const std::optional<std::string> path = r.text(*config, "model.config");
        if (!path)
            return std::nullopt;
        std::optional<Model> model = configModel(r, *config, *path, file, files);
        if (!model)
            return std::nullopt;
        configPath = *path;
        configId = model->id;
        withConfig = library.with(std::move(*model));
        models = &withConfig;
    }
    ModelSettings settings;
    bool ok = true;
    std::set<std::string> seen;
    // The model first: the other settings are checked against it.
    for (const bool idPass : { true, false })
        for (const auto& entry : node) {
            const std::string key = entry.first.IsScalar() ? entry.first.Scalar() : std::string();
            const bool names = key == "id" || key == "config";
            if (names != idPass)
                continue;
            const std::string field = YamlReader::join("model", key);
            if (!seen.insert(key).second) {
                r.error(entry.first, field, "duplicate key");
                ok = false;
                continue;
            }
            if (key == "config") {
                if (std::optional<std::string> error = setModelSetting(settings, "id", configId, hw, *models)) {
                    r.error(entry.second, field, *error);
                    return std::nullopt;
                }
                settings.config = configPath;
                continue;
            }
            const std::optional<std::string> value = r.text(entry.second, field);
            if (!value) {
                ok = false;
                continue;
            }
            if (std::optional<std::string> error = setModelSetting(settings, key, *value, hw, *models)) {
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
        if (std::optional<std::string> why = settingNotApplying(key, settings)) {
            r.error(entry.first, YamlReader::join("model", key), why->substr(key.size() + 2));
            ok = false;
        }
    }
    if (!ok)
        return std::nullopt;
    if (std::optional<std::string> problem = modelProblem(settings, hw)) {
        const std::size_t colon = problem->find(": ");
        const std::string key = problem->substr(0, colon);
        const std::string written = key == "id" && config ? "config" : key;
        const YAML::Node at = node[written].IsDefined() ? node[written] : node;
        r.error(at, YamlReader::join("model", written), problem->substr(colon + 2));
        return std::nullopt;
    }
    return settings;
}

void writeModelBlock(YAML::Emitter& out, const ModelSettings& settings)
{
    out << YAML::BeginMap;
    for (const auto& [key, value] : modelSettingTexts(settings))
        if (key == "id" && !settings.config.empty())
            out << YAML::Key << "config" << YAML::Value << settings.config;
        else
            out << YAML::Key << key << YAML::Value << value;
    out << YAML::EndMap;
}

} // namespace roofline
