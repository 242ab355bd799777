#include "presets.h"

#include "yaml_reader.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace roofline {

namespace {

bool inRateRange(double v)
{
    return v >= kMinRate && v <= kMaxRate;
}

std::optional<double> readRate(YamlReader& r, const YAML::Node& node, const std::string& field,
    std::initializer_list<Unit> units, Unit* unit = nullptr)
{
    const std::optional<double> v = r.quantity(node, field, units, unit);
    if (!v)
        return std::nullopt;
    if (*v <= 0) {
        r.error(node, field, "expected a positive value, found '" + node.Scalar() + "'");
        return std::nullopt;
    }
    if (!inRateRange(*v)) {
        r.error(node, field, "expected a value from 1e3 to 1e20, found '" + node.Scalar() + "'");
        return std::nullopt;
    }
    return v;
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
        if (const std::optional<double> v = readRate(r, entry.second, field, { Unit::FlopsPerSecond }))
            hw.setPeak(*dtype, *v);
    }
}

} // namespace

Hardware readHardware(YamlReader& r, const YAML::Node& rootNode, const std::string& prefix, std::string_view defaultId)
{
    const std::optional<YAML::Node> root = rootNode;
    auto at = [&prefix](std::string_view field) { return YamlReader::join(prefix, field); };
    if (!r.checkMap(*root, prefix, { "id", "name", "vendor", "compute", "memory", "links", "sources", "notes" }))
        return {};
    Hardware hw;
    hw.id = std::string(defaultId);
    if (auto n = r.child(*root, prefix, "id", false))
        if (auto v = r.text(*n, at("id")))
            hw.id = *v;
    if (auto n = r.child(*root, prefix, "name", true))
        if (auto v = r.text(*n, at("name")))
            hw.name = *v;
    if (auto n = r.child(*root, prefix, "vendor", false))
        if (auto v = r.text(*n, at("vendor")))
            hw.vendor = *v;
    if (auto n = r.child(*root, prefix, "notes", false))
        if (auto v = r.text(*n, at("notes")))
            hw.notes = *v;
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

    std::set<std::string> names;
    auto uniqueName = [&](const YAML::Node& node, const std::string& field, const std::string& name) {
        if (name.empty() || name.find_first_of(" =.[]") != std::string::npos) {
            r.error(node, field, "expected a short name without spaces, dots or brackets, found '" + name + "'");
            return false;
        }
        if (!names.insert(name).second) {
            r.error(node, field, "duplicate name '" + name + "' (memory levels and links need distinct names)");
            return false;
        }
        return true;
    };

    if (auto n = r.child(*root, prefix, "memory", true)) {
        if (!n->IsSequence() || n->size() == 0) {
            r.error(*n, at("memory"), "expected a list of at least one memory level");
        } else {
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
                    if (auto t = r.text(*v, field + ".label"))
                        m.label = *t;
                if (auto v = r.child(level, field, "bandwidth", true))
                    if (auto b = readRate(r, *v, field + ".bandwidth", { Unit::BytesPerSecond, Unit::BitsPerSecond }))
                        m.bandwidth = *b;
                if (auto v = r.child(level, field, "capacity", false))
                    if (auto c = r.quantity(*v, field + ".capacity", { Unit::Bytes })) {
                        if (*c < 0)
                            r.error(*v, field + ".capacity", "expected 0 or more bytes, found '" + v->Scalar() + "'");
                        else
                            m.capacity = *c;
                    }
                hw.memories.push_back(std::move(m));
            }
        }
    }

    if (auto n = r.child(*root, prefix, "links", false)) {
        if (!n->IsSequence() && !n->IsNull()) {
            r.error(*n, at("links"), "expected a list of links");
        } else if (n->IsSequence()) {
            for (std::size_t i = 0; i < n->size(); ++i) {
                const YAML::Node node = (*n)[i];
                const std::string field = YamlReader::index(at("links"), i);
                if (!r.checkMap(node, field, { "name", "label", "bandwidth", "scope" }))
                    continue;
                Link l;
                if (auto v = r.child(node, field, "name", true))
                    if (auto t = r.text(*v, field + ".name"); t && uniqueName(*v, field + ".name", *t))
                        l.name = *t;
                if (auto v = r.child(node, field, "label", false))
                    if (auto t = r.text(*v, field + ".label"))
                        l.label = *t;
                if (auto v = r.child(node, field, "bandwidth", true)) {
                    Unit unit = Unit::None;
                    if (auto b
                        = readRate(r, *v, field + ".bandwidth", { Unit::BytesPerSecond, Unit::BitsPerSecond }, &unit)) {
                        l.bandwidth = *b;
                        l.specifiedInBits = unit == Unit::BitsPerSecond;
                    }
                }
                if (auto v = r.child(node, field, "scope", true))
                    if (auto t = r.text(*v, field + ".scope")) {
                        if (auto scope = parseScope(*t))
                            l.scope = *scope;
                        else
                            r.error(*v, field + ".scope",
                                "expected intra-node, inter-node, intra-pod, inter-pod or host, found '" + *t + "'");
                    }
                hw.links.push_back(std::move(l));
            }
        }
    }

    return hw;
}

Expected<Hardware, Diagnostics> parsePreset(std::string_view text, const std::string& file, std::string_view defaultId)
{
    using Result = Expected<Hardware, Diagnostics>;
    YamlReader r(file);
    const std::optional<YAML::Node> root = r.load(text);
    if (!root)
        return Result::failure(r.diagnostics());
    Hardware hw = readHardware(r, *root, {}, defaultId);
    if (r.failed())
        return Result::failure(r.diagnostics());
    return hw;
}

Expected<std::string, Diagnostics> readTextFile(const std::filesystem::path& path)
{
    using Result = Expected<std::string, Diagnostics>;
    const std::string name = path.string();
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        return Result::failure({ { name, 0, 0, {}, "no such file" } });
    const auto size = std::filesystem::file_size(path, ec);
    if (ec)
        return Result::failure({ { name, 0, 0, {}, "cannot read: " + ec.message() } });
    if (size > kMaxFileBytes)
        return Result::failure(
            { { name, 0, 0, {}, "the file is larger than 1 MiB (" + std::to_string(size) + " bytes)" } });
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return Result::failure({ { name, 0, 0, {}, "cannot open the file for reading" } });
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

const Hardware* PresetLibrary::find(std::string_view id) const
{
    for (const Hardware& hw : presets)
        if (hw.id == id)
            return &hw;
    return nullptr;
}

std::filesystem::path userPresetDir()
{
    if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg)
        return std::filesystem::path(xdg) / "roofline-lab" / "presets";
    if (const char* home = std::getenv("HOME"); home && *home)
        return std::filesystem::path(home) / ".config" / "roofline-lab" / "presets";
    return {};
}

PresetLibrary loadPresetLibrary(const std::vector<std::filesystem::path>& dirs)
{
    PresetLibrary library;
    std::map<std::string, Hardware> byId;

    // One layer: the built-in files, or one folder. Ids must be unique within a layer; a later layer overrides.
    auto addLayer = [&](const std::vector<std::pair<std::string, std::string>>& files) {
        std::map<std::string, std::string> layerIds; // id -> file
        for (const auto& [file, text] : files) {
            const std::string stem = std::filesystem::path(file).stem().string();
            Expected<Hardware, Diagnostics> hw = parsePreset(text, file, stem);
            if (!hw) {
                library.errors.insert(library.errors.end(), hw.error().begin(), hw.error().end());
                continue;
            }
            if (auto [it, inserted] = layerIds.emplace(hw->id, file); !inserted) {
                library.errors.push_back(
                    { file, 0, 0, "id", "duplicate preset id '" + hw->id + "' (also in " + it->second + ")" });
                continue;
            }
            byId[hw->id] = std::move(hw).value();
        }
    };

    std::vector<std::pair<std::string, std::string>> builtIn;
    for (const EmbeddedFile& f : embeddedFiles())
        if (f.name.find('/') == std::string_view::npos)
            builtIn.emplace_back("embedded:" + std::string(f.name), std::string(f.text));
    addLayer(builtIn);

    for (const std::filesystem::path& dir : dirs) {
        std::error_code ec;
        if (dir.empty() || !std::filesystem::is_directory(dir, ec))
            continue;
        std::vector<std::filesystem::path> paths;
        for (const auto& entry : std::filesystem::directory_iterator(dir, ec))
            if (entry.path().extension() == ".yaml" || entry.path().extension() == ".yml")
                paths.push_back(entry.path());
        std::sort(paths.begin(), paths.end());
        std::vector<std::pair<std::string, std::string>> files;
        for (const auto& path : paths) {
            Expected<std::string, Diagnostics> text = readTextFile(path);
            if (!text) {
                library.errors.insert(library.errors.end(), text.error().begin(), text.error().end());
                continue;
            }
            files.emplace_back(path.string(), std::move(text).value());
        }
        addLayer(files);
    }

    for (auto& [id, hw] : byId)
        library.presets.push_back(std::move(hw));
    std::stable_sort(library.presets.begin(), library.presets.end(),
        [](const Hardware& a, const Hardware& b) { return std::tie(a.vendor, a.name) < std::tie(b.vendor, b.name); });
    return library;
}

} // namespace roofline
