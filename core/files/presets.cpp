// SPDX-License-Identifier: GPL-3.0-or-later
#include "files/presets.h"
#include "files/hardware_reader.h"
#include "files/scenario_measured.h"
#include "files/scenario_paths.h"

#include "base/file_reader.h"
#include "base/yaml_reader.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>

namespace roofline {

namespace {

// *.yaml and *.yml in any case: a file saved as CHIP.YAML is a preset too, not skipped unread.
bool isPresetFile(const std::filesystem::path& path)
{
    std::string extension = path.extension().string();
    std::transform(
        extension.begin(), extension.end(), extension.begin(), [](unsigned char c) { return std::tolower(c); });
    return extension == ".yaml" || extension == ".yml";
}

} // namespace

Expected<Hardware, Diagnostics> parsePreset(std::string_view text, const std::string& file, std::string_view defaultId,
    std::optional<SessionCalibration>* calibration, const NamedFiles& files)
{
    using Result = Expected<Hardware, Diagnostics>;
    YamlReader r(file);
    const std::optional<YAML::Node> root = r.load(text);
    if (!root)
        return Result::failure(r.diagnostics());
    Hardware hw = readHardware(r, *root, {}, defaultId);
    if (r.failed())
        return Result::failure(r.diagnostics());
    std::optional<SessionCalibration> named;
    if (auto n = r.child(*root, {}, "calibration", false)) {
        named = readCalibrationKey(r, *n, file, files);
        if (named) {
            if (const std::optional<std::string> mismatch = calibrationMismatch(*named->calibration, hw))
                r.error(*n, "calibration", quoteInput(named->file) + " is " + *mismatch);
            named->file = scenarioRelativePath(named->file, file);
            named->fromPreset = true;
        }
        if (r.failed())
            return Result::failure(r.diagnostics());
    }
    if (calibration)
        *calibration = std::move(named);
    return hw;
}

Expected<std::string, Diagnostics> readTextFile(
    const std::filesystem::path& path, std::size_t limit, std::string_view expected)
{
    Expected<std::string> text = readFileBounded(path, limit, expected);
    if (!text)
        return Expected<std::string, Diagnostics>::failure({ { path.string(), 0, 0, {}, text.error() } });
    return std::move(text).value();
}

std::filesystem::path userConfigDir(std::string_view folder)
{
    if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg)
        return std::filesystem::path(xdg) / "roofline-lab" / folder;
    if (const char* home = std::getenv("HOME"); home && *home)
        return std::filesystem::path(home) / ".config" / "roofline-lab" / folder;
    return {};
}

std::filesystem::path userPresetDir()
{
    return userConfigDir("presets");
}

namespace {

// Whether a line of `text` starts with `key:`, as a top-level key of a YAML map does.
bool hasTopLevelKey(std::string_view text, std::string_view key)
{
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t end = std::min(text.find('\n', at), text.size());
        const std::string_view line = text.substr(at, end - at);
        if (line.starts_with(key) && line.substr(key.size()).starts_with(':'))
            return true;
        at = end + 1;
    }
    return false;
}

// The id a built-in file's top-level `id:` line gives, or `stem` when it has none.
std::string declaredId(std::string_view text, const std::string& stem)
{
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t end = std::min(text.find('\n', at), text.size());
        std::string_view line = text.substr(at, end - at);
        at = end + 1;
        if (!line.starts_with("id:"))
            continue;
        line.remove_prefix(3);
        line = line.substr(0, line.find('#'));
        const auto first = line.find_first_not_of(" \t");
        const auto last = line.find_last_not_of(" \t\r");
        return first == std::string_view::npos ? std::string() : std::string(line.substr(first, last + 1 - first));
    }
    return stem;
}

} // namespace

void PresetLibrary::parse(BuiltIn& file) const
{
    if (file.parsed)
        return;
    file.parsed = true;
    std::optional<SessionCalibration> calibration;
    Expected<Hardware, Diagnostics> hw = parsePreset(file.text, file.file, file.stem, &calibration);
    if (!hw) {
        m_errors.insert(m_errors.end(), hw.error().begin(), hw.error().end());
        return;
    }
    if (auto [it, inserted] = m_builtInFiles.emplace(hw->id, file.file); !inserted) {
        m_errors.push_back(
            { file.file, 0, 0, "id", "duplicate preset id " + quoteInput(hw->id) + " (also in " + it->second + ")" });
        return;
    }
    if (m_userIds.contains(hw->id)) // a user's preset of the same id replaces it
        return;
    if (calibration)
        m_calibrations.emplace(hw->id, std::move(*calibration));
    m_byId.emplace(hw->id, std::move(hw).value());
}

void PresetLibrary::parseAll() const
{
    if (m_complete)
        return;
    for (BuiltIn& file : m_builtIn)
        parse(file);
    m_complete = true;
    for (const auto& [id, hw] : m_byId)
        m_sorted.push_back(hw);
    std::stable_sort(m_sorted.begin(), m_sorted.end(),
        [](const Hardware& a, const Hardware& b) { return std::tie(a.vendor, a.name) < std::tie(b.vendor, b.name); });
}

const std::vector<Hardware>& PresetLibrary::presets() const&
{
    parseAll();
    return m_sorted;
}

const Hardware* PresetLibrary::find(std::string_view id) const
{
    auto found = [&]() -> const Hardware* {
        const auto it = m_byId.find(id);
        return it == m_byId.end() ? nullptr : &it->second;
    };
    if (const Hardware* hw = found(); hw || m_complete)
        return hw;
    for (BuiltIn& file : m_builtIn)
        if (file.id == id)
            parse(file);
    if (const Hardware* hw = found())
        return hw;
    parseAll(); // no file says it holds this id: look in every one
    return found();
}

std::optional<SessionCalibration> PresetLibrary::calibration(std::string_view id) const
{
    if (id.empty() || !find(id))
        return std::nullopt;
    const auto it = m_calibrations.find(id);
    return it == m_calibrations.end() ? std::nullopt : std::optional(it->second);
}

Session presetSession(const PresetLibrary& library, const Hardware& hw)
{
    Session s = defaultSession(hw);
    s.calibration = library.calibration(hw.id);
    return s;
}

Expected<std::vector<std::filesystem::path>, Diagnostic> listYamlFolder(
    const std::filesystem::path& dir, std::string_view what)
{
    using Result = Expected<std::vector<std::filesystem::path>, Diagnostic>;
    std::vector<std::filesystem::path> paths;
    std::error_code ec;
    if (dir.empty() || !std::filesystem::is_directory(dir, ec))
        return paths;
    for (auto it = std::filesystem::directory_iterator(dir, ec); !ec && it != std::filesystem::directory_iterator();
         it.increment(ec))
        if (isPresetFile(it->path()) && paths.size() <= kMaxPresetFiles)
            paths.push_back(it->path());
    if (ec)
        return Result::failure({ dir.string(), 0, 0, {}, "cannot list the folder: " + ec.message() });
    if (paths.size() > kMaxPresetFiles)
        return Result::failure({ dir.string(), 0, 0, {},
            "more than " + std::to_string(kMaxPresetFiles) + " " + std::string(what)
                + " files (*.yaml, *.yml) in one folder; none of them is loaded" });
    std::sort(paths.begin(), paths.end());
    return paths;
}

PresetLibrary loadPresetLibrary(const std::vector<std::filesystem::path>& dirs)
{
    return loadPresetLibrary(dirs, embeddedFiles());
}

PresetLibrary loadPresetLibrary(const std::vector<std::filesystem::path>& dirs, std::span<const EmbeddedFile> builtIn)
{
    PresetLibrary library;
    for (const EmbeddedFile& f : builtIn) {
        if (f.name.find('/') != std::string_view::npos)
            continue;
        std::string stem = std::filesystem::path(f.name).stem().string();
        std::string id = declaredId(f.text, stem);
        library.m_builtIn.push_back({ "embedded:" + std::string(f.name), f.text, std::move(stem), std::move(id) });
    }

    // One folder: ids must be unique within it; a later folder overrides an earlier one, and every folder the
    // built-in presets.
    auto addLayer = [&](const std::vector<std::pair<std::string, std::string>>& files) {
        std::map<std::string, std::string> layerIds; // id -> file
        for (const auto& [file, text] : files) {
            const std::string stem = std::filesystem::path(file).stem().string();
            std::optional<SessionCalibration> calibration;
            Expected<Hardware, Diagnostics> hw
                = parsePreset(text, file, stem, &calibration, readNamedFiles(text, file));
            if (!hw && hasTopLevelKey(text, "curves") && !hasTopLevelKey(text, "compute")) {
                library.m_errors.push_back({ file, 0, 0, {},
                    "a calibration (roofline-lab calibrate), not a preset: a preset names it by its calibration: key, "
                    "from the preset's folder; keep it in a subfolder, where presets are not looked for" });
                continue;
            }
            if (!hw) {
                library.m_errors.insert(library.m_errors.end(), hw.error().begin(), hw.error().end());
                continue;
            }
            if (auto [it, inserted] = layerIds.emplace(hw->id, file); !inserted) {
                library.m_errors.push_back({ file, 0, 0, "id",
                    "duplicate preset id " + quoteInput(hw->id) + " (also in " + it->second + ")" });
                continue;
            }
            library.m_userIds.insert(hw->id);
            if (calibration)
                library.m_calibrations.insert_or_assign(hw->id, std::move(*calibration));
            else
                library.m_calibrations.erase(hw->id);
            library.m_byId.insert_or_assign(hw->id, std::move(hw).value());
        }
    };

    for (const std::filesystem::path& dir : dirs) {
        const Expected<std::vector<std::filesystem::path>, Diagnostic> paths = listYamlFolder(dir, "preset");
        if (!paths) {
            library.m_errors.push_back(paths.error());
            continue;
        }
        std::vector<std::pair<std::string, std::string>> files;
        for (const auto& path : *paths) {
            Expected<std::string, Diagnostics> text = readTextFile(path);
            if (!text) {
                library.m_errors.insert(library.m_errors.end(), text.error().begin(), text.error().end());
                continue;
            }
            files.emplace_back(path.string(), std::move(text).value());
        }
        addLayer(files);
    }
    return library;
}

} // namespace roofline
