// SPDX-License-Identifier: GPL-3.0-or-later
#include "files/named_files.h"

#include "base/limits.h"
#include "base/yaml_reader.h"
#include "files/calibration_file.h"
#include "files/hf_config.h"
#include "files/scenario_paths.h"

namespace roofline {

namespace {

// The text at `key` of a mapping, when the node is a mapping and the value is text; what else it is, the parser says.
std::optional<std::string> scalarAt(const YAML::Node& map, const char* key)
{
    if (!map.IsDefined() || !map.IsMap()) // a key that is absent gives a node whose IsMap throws
        return std::nullopt;
    const YAML::Node value = map[key];
    if (!value.IsDefined() || !value.IsScalar())
        return std::nullopt;
    return value.Scalar();
}

template <typename T> Expected<T, Diagnostics> notRead(const std::string& path)
{
    return Expected<T, Diagnostics>::failure(
        { { path, 0, 0, {}, "was not read with the scenario that names it (open the scenario with openScenario)" } });
}

} // namespace

NamedFiles readNamedFiles(std::string_view text, const std::string& file)
{
    YamlReader r(file);
    const std::optional<YAML::Node> root = r.load(text, { kMaxScenarioBytes, kMaxScenarioNodes });
    return root ? readNamedFiles(*root, file) : NamedFiles {};
}

NamedFiles readNamedFiles(const YAML::Node& root, const std::string& file)
{
    NamedFiles files;
    if (const std::optional<std::string> path = scalarAt(root, "calibration"); path && *path != "none")
        files.calibrations.emplace(*path, readCalibration(scenarioRelativePath(*path, file)));
    if (root.IsMap())
        if (const std::optional<std::string> path = scalarAt(root["model"], "config"))
            files.configs.emplace(*path, readModelConfig(scenarioRelativePath(*path, file)));
    return files;
}

Expected<Calibration, Diagnostics> namedCalibration(const NamedFiles& files, const std::string& path)
{
    if (path.starts_with("embedded:"))
        return readCalibration(path); // built into the program: no file to open
    if (const auto found = files.calibrations.find(path); found != files.calibrations.end())
        return found->second;
    return notRead<Calibration>(path);
}

Expected<Model, Diagnostics> namedConfig(const NamedFiles& files, const std::string& path)
{
    if (const auto found = files.configs.find(path); found != files.configs.end())
        return found->second;
    return notRead<Model>(path);
}

} // namespace roofline
