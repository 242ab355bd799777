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
#include <set>

namespace roofline {

namespace {

// Why `name` cannot name a memory level or link, or nothing. Names are keys on the command line
// (bandwidth.NAME), roof labels beside the compute roofs (named by dtype) and rows of the report (where "compute"
// is the compute roof), so a name must not read as any of those.
// *.yaml and *.yml in any case: a file saved as CHIP.YAML is a preset too, not skipped unread.
bool isPresetFile(const std::filesystem::path& path)
{
    std::string extension = path.extension().string();
    std::transform(
        extension.begin(), extension.end(), extension.begin(), [](unsigned char c) { return std::tolower(c); });
    return extension == ".yaml" || extension == ".yml";
}

std::optional<std::string> levelNameProblem(std::string_view name)
{
    const bool plain = !name.empty() && name.size() <= kMaxIdBytes && std::all_of(name.begin(), name.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
    });
    if (!plain)
        return "expected a short name of at most " + std::to_string(kMaxIdBytes)
            + " ASCII letters, digits, '-' or '_', found " + quoteInput(name);
    std::string lower(name);
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    if (lower == "launch")
        return "the name " + quoteInput(name)
            + " is the launch floor's key (latency.launch): call the level or link by its technology (HBM, NVLink)";
    if (lower == "compute" || parseDtype(lower))
        return "the name " + quoteInput(name)
            + " reads as a compute roof (a dtype, or 'compute'): call the level or link by its technology (HBM, L2, "
              "NVLink)";
    return std::nullopt;
}

void readCompute(YamlReader& r, const YAML::Node& node, const std::string& prefix, Hardware& hw)
{
    if (!node.IsMap())
        return;
    std::set<std::string> seen;
    for (const auto& entry : node) {
        const std::string key = entry.first.Scalar();
        const std::string field = YamlReader::join(prefix, "compute." + key);
        const std::optional<Dtype> dtype = parseDtype(key);
        if (!dtype)
            continue; // reported by checkMap as unknown
        if (!seen.insert(key).second)
            continue; // reported as duplicate
        if (const std::optional<double> v = readHardwareValue(r, entry.second, field, HardwareQuantity::Peak))
            hw.setPeak(*dtype, *v);
    }
}

// The energy model's maps, read once the levels and links are known: energy_per_flop by dtype, energy_per_byte by
// the name of a memory level or link of the chip.
void readEnergies(YamlReader& r, const YAML::Node& root, const std::string& prefix, Hardware& hw)
{
    auto at = [&prefix](std::string_view field) { return YamlReader::join(prefix, field); };
    auto entries = [&](std::string_view key, HardwareQuantity quantity, auto&& store) {
        const std::optional<YAML::Node> n = r.child(root, prefix, key, false);
        if (!n)
            return;
        if (!n->IsMap()) {
            r.error(*n, at(key), "expected a map of names to energies, found " + r.describe(*n));
            return;
        }
        std::set<std::string> seen;
        for (const auto& entry : *n) {
            const std::string name = entry.first.Scalar();
            const std::string field = at(std::string(key) + "." + name);
            if (!seen.insert(name).second) {
                r.error(entry.first, field, "duplicate name " + quoteInput(name));
                continue;
            }
            const std::string settingKey = std::string(key) + "." + name;
            if (std::optional<std::string> problem = hardwareKeyProblem(hw, settingKey)) {
                r.error(entry.first, field, *problem);
                continue;
            }
            if (const std::optional<double> v = readHardwareValue(r, entry.second, field, quantity))
                store(settingKey, *v);
        }
    };
    auto set = [&hw](const std::string& key, double value) { setHardwareValue(hw, key, value); };
    entries("energy_per_flop", HardwareQuantity::FlopEnergy, set);
    entries("energy_per_byte", HardwareQuantity::ByteEnergy, set);
}

} // namespace

std::optional<double> readHardwareValue(
    YamlReader& r, const YAML::Node& node, std::string_view field, HardwareQuantity quantity, Unit* unitSeen)
{
    if (!node.IsScalar()) {
        r.error(node, field, "expected " + std::string(describeQuantity(quantity)) + ", found " + r.describe(node));
        return std::nullopt;
    }
    const Expected<ParsedQuantity> parsed = parseHardwareValue(quantity, node.Scalar());
    if (!parsed) {
        r.error(node, field, parsed.error());
        return std::nullopt;
    }
    if (unitSeen)
        *unitSeen = parsed->unit;
    return parsed->value;
}

Hardware readHardware(YamlReader& r, const YAML::Node& rootNode, const std::string& prefix, std::string_view defaultId)
{
    const std::optional<YAML::Node> root = rootNode;
    auto at = [&prefix](std::string_view field) { return YamlReader::join(prefix, field); };
    if (!r.checkMap(*root, prefix,
            { "id", "name", "vendor", "compute", "memory", "links", "launch_floor", "board_power", "peak_clock",
                "energy_per_flop", "energy_per_byte", "constant_power", "calibration", "sources", "notes" }))
        return {};
    if (auto n = r.child(*root, prefix, "calibration", false); n && !prefix.empty())
        r.error(*n, at("calibration"),
            "a chip given inline has no calibration of its own: the scenario's "
            "calibration: key names one");
    Hardware hw;
    hw.id = std::string(defaultId);
    if (auto n = r.child(*root, prefix, "id", false)) {
        if (auto v = r.identifier(*n, at("id")))
            hw.id = *v;
    } else if (std::optional<std::string> problem = identifierProblem(hw.id)) {
        r.error(at("id"), "missing, and the file's name is no id: " + *problem);
    }
    if (auto n = r.child(*root, prefix, "name", true))
        if (auto v = r.text(*n, at("name"), kMaxNameBytes))
            hw.name = *v;
    if (auto n = r.child(*root, prefix, "vendor", false))
        if (auto v = r.text(*n, at("vendor"), kMaxNameBytes))
            hw.vendor = *v;
    if (auto n = r.child(*root, prefix, "notes", false))
        if (auto v = r.text(*n, at("notes")))
            hw.notes = *v;
    if (auto n = r.child(*root, prefix, "launch_floor", false))
        if (auto v = readHardwareValue(r, *n, at("launch_floor"), HardwareQuantity::Latency))
            hw.launchFloor = *v;
    if (auto n = r.child(*root, prefix, "board_power", false))
        if (auto v = readHardwareValue(r, *n, at("board_power"), HardwareQuantity::Power))
            hw.boardPower = *v;
    if (auto n = r.child(*root, prefix, "constant_power", false))
        if (auto v = readHardwareValue(r, *n, at("constant_power"), HardwareQuantity::Power))
            hw.constantPower = *v;
    if (auto n = r.child(*root, prefix, "peak_clock", false))
        if (auto v = r.number(*n, at("peak_clock"))) {
            if (*v >= kMinPeakClock && *v <= kMaxPeakClock)
                hw.peakClock = *v;
            else
                r.error(*n, at("peak_clock"), "expected a clock from 1e6 to 1e11 Hz, found " + formatSI(*v, "Hz", 6));
        }
    if (auto n = r.child(*root, prefix, "sources", true)) {
        if (!n->IsSequence() || n->size() == 0)
            r.error(*n, at("sources"), "expected a list of sources");
        else
            for (std::size_t i = 0; i < n->size(); ++i)
                if (auto v = r.text((*n)[i], YamlReader::index(at("sources"), i)))
                    hw.sources.push_back(*v);
    }

    // compute: a map of dtype to dense peak.
    if (auto n = r.child(*root, prefix, "compute", true)) {
        std::initializer_list<std::string_view> dtypes
            = { "fp32", "tf32", "bf16", "fp16", "fp8", "fp6", "int8", "fp4", "int4" };
        if (r.checkMap(*n, at("compute"), dtypes)) {
            readCompute(r, *n, prefix, hw);
            if (std::none_of(hw.peak.begin(), hw.peak.end(), [](const auto& p) { return p.has_value(); })
                && !r.failed())
                r.error(*n, at("compute"), "no dtype has a peak");
        }
    }

    std::set<std::string> names; // in lower case: "HBM" and "hbm" would be one key to a reader
    auto uniqueName = [&](const YAML::Node& node, const std::string& field, const std::string& name) {
        if (std::optional<std::string> problem = levelNameProblem(name)) {
            r.error(node, field, *problem);
            return false;
        }
        std::string lower = name;
        std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
        if (!names.insert(lower).second) {
            r.error(node, field,
                "duplicate name " + quoteInput(name)
                    + " (memory levels and links need names that differ in more than case)");
            return false;
        }
        return true;
    };
    auto levelList = [&](const YAML::Node& node, const std::string& field, std::string_view what) {
        if (node.size() <= kMaxLevels)
            return true;
        r.error(node, field,
            "more than " + std::to_string(kMaxLevels) + " " + std::string(what) + " (" + std::to_string(node.size())
                + ")");
        return false;
    };

    if (auto n = r.child(*root, prefix, "memory", true)) {
        if (!n->IsSequence() || n->size() == 0) {
            r.error(*n, at("memory"), "expected a list of at least one memory level");
        } else if (levelList(*n, at("memory"), "memory levels")) {
            for (std::size_t i = 0; i < n->size(); ++i) {
                const YAML::Node level = (*n)[i];
                const std::string field = YamlReader::index(at("memory"), i);
                if (!r.checkMap(level, field, { "name", "label", "bandwidth", "capacity" }))
                    continue;
                MemoryLevel m;
                if (auto v = r.child(level, field, "name", true))
                    if (auto t = r.text(*v, field + ".name"); t && uniqueName(*v, field + ".name", *t))
                        m.name = *t;
                if (auto v = r.child(level, field, "label", false))
                    if (auto t = r.text(*v, field + ".label", kMaxNameBytes))
                        m.label = *t;
                if (auto v = r.child(level, field, "bandwidth", true))
                    if (auto b = readHardwareValue(r, *v, field + ".bandwidth", HardwareQuantity::Bandwidth))
                        m.bandwidth = *b;
                if (auto v = r.child(level, field, "capacity", false))
                    if (auto c = readHardwareValue(r, *v, field + ".capacity", HardwareQuantity::Capacity))
                        m.capacity = *c;
                hw.memories.push_back(std::move(m));
            }
        }
    }

    if (auto n = r.child(*root, prefix, "links", false)) {
        if (!n->IsSequence() && !n->IsNull()) {
            r.error(*n, at("links"), "expected a list of links");
        } else if (n->IsSequence() && levelList(*n, at("links"), "links")) {
            for (std::size_t i = 0; i < n->size(); ++i) {
                const YAML::Node node = (*n)[i];
                const std::string field = YamlReader::index(at("links"), i);
                if (!r.checkMap(node, field, { "name", "label", "bandwidth", "scope", "latency" }))
                    continue;
                Link l;
                if (auto v = r.child(node, field, "name", true))
                    if (auto t = r.text(*v, field + ".name"); t && uniqueName(*v, field + ".name", *t))
                        l.name = *t;
                if (auto v = r.child(node, field, "label", false))
                    if (auto t = r.text(*v, field + ".label", kMaxNameBytes))
                        l.label = *t;
                if (auto v = r.child(node, field, "bandwidth", true)) {
                    Unit unit = Unit::None;
                    if (auto b = readHardwareValue(r, *v, field + ".bandwidth", HardwareQuantity::Bandwidth, &unit)) {
                        l.bandwidth = *b;
                        l.specifiedInBits = unit == Unit::BitsPerSecond;
                    }
                }
                if (auto v = r.child(node, field, "latency", false))
                    if (auto a = readHardwareValue(r, *v, field + ".latency", HardwareQuantity::Latency))
                        l.latency = *a;
                if (auto v = r.child(node, field, "scope", true))
                    if (auto t = r.text(*v, field + ".scope")) {
                        if (auto scope = parseScope(*t))
                            l.scope = *scope;
                        else
                            r.error(*v, field + ".scope",
                                "expected intra-node, inter-node, intra-pod, inter-pod or host, found "
                                    + quoteInput(*t));
                    }
                hw.links.push_back(std::move(l));
            }
        }
    }

    readEnergies(r, *root, prefix, hw);
    return hw;
}

Expected<Hardware, Diagnostics> parsePreset(std::string_view text, const std::string& file, std::string_view defaultId,
    std::optional<SessionCalibration>* calibration)
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
        named = readCalibrationKey(r, *n, file);
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

Expected<std::string, Diagnostics> readTextFile(const std::filesystem::path& path)
{
    Expected<std::string> text = readFileBounded(path, kMaxFileBytes, "a YAML file");
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
            Expected<Hardware, Diagnostics> hw = parsePreset(text, file, stem, &calibration);
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
