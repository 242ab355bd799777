// Hardware presets: YAML files, one chip a file, built into the program and overridable from the user's folders.
#pragma once

#include "diagnostic.h"
#include "expected.h"
#include "hardware.h"

#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace roofline {

// What the loaders accept, so that reading any file takes time and memory about linear in its size and nothing a
// file holds can swamp the window or a report. docs/file-formats.md ("Limits") states each with its reason.
inline constexpr std::size_t kMaxFileBytes = 1 << 20; // a file
inline constexpr std::size_t kMaxNodes = 100000; // YAML nodes in a file
inline constexpr std::size_t kMaxOperations = 10000; // operations in a scenario
inline constexpr std::size_t kMaxLevels = 32; // memory levels of a chip, and links of a chip
inline constexpr std::size_t kMaxPresetFiles = 1000; // preset files in one folder
inline constexpr std::size_t kMaxIdBytes = 64; // an id, a memory level's or a link's name
inline constexpr std::size_t kMaxNameBytes = 200; // a name, label, vendor or group
inline constexpr std::size_t kMaxTextBytes = 10000; // a description, the notes, one source
inline constexpr std::size_t kMaxDiagnostics = 100; // errors reported for one file; the rest are counted

// Parses one preset. `file` names it in diagnostics; `defaultId` is used when the file has no `id` (its stem).
Expected<Hardware, Diagnostics> parsePreset(std::string_view text, const std::string& file, std::string_view defaultId);

// Reads a file for a loader: refuses a missing, unreadable, oversized or binary file with a diagnostic.
Expected<std::string, Diagnostics> readTextFile(const std::filesystem::path&);

struct EmbeddedFile {
    std::string_view name; // "h100-sxm.yaml", "scenarios/int8-matmul-v5e.yaml"
    std::string_view text;
};
// The presets and example scenarios compiled into the program (generated from presets/ at build time).
std::span<const EmbeddedFile> embeddedFiles();

struct PresetLibrary {
    std::vector<Hardware> presets; // sorted by vendor, then name
    Diagnostics errors; // one per bad file; the good files still load

    const Hardware* find(std::string_view id) const;
};

// $XDG_CONFIG_HOME/roofline-lab/presets, or ~/.config/roofline-lab/presets.
std::filesystem::path userPresetDir();

// The built-in presets, then every *.yaml in each folder of `dirs` in order; a later preset with the same id
// replaces an earlier one. Folders that do not exist are skipped silently.
PresetLibrary loadPresetLibrary(const std::vector<std::filesystem::path>& dirs);

} // namespace roofline
