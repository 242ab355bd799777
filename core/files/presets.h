// SPDX-License-Identifier: GPL-3.0-or-later
// Hardware presets: YAML files, one chip a file, built into the program and overridable from the user's folders.
#pragma once

#include "base/diagnostic.h"
#include "base/expected.h"
#include "base/limits.h"
#include "roofline/hardware.h"
#include "session/session.h"

#include "files/named_files.h"
#include <filesystem>
#include <map>
#include <optional>
#include <set>

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace roofline {

// Parses one preset. `file` names it in diagnostics; `defaultId` is used when the file has no `id` (its stem). A
// `calibration:` key names a calibration of the chip (roofline-lab calibrate), from the preset's folder: taken from
// `files` (read by the loader, readNamedFiles), checked against the chip, and given in `calibration` when asked for.
Expected<Hardware, Diagnostics> parsePreset(std::string_view text, const std::string& file, std::string_view defaultId,
    std::optional<SessionCalibration>* calibration = nullptr, const NamedFiles& files = {});

// Reads a file for a loader: refuses a missing, unreadable or binary file, and one over `limit` bytes, with a
// diagnostic that calls it what it should be (`expected`: "a YAML file", "a JSON file").
Expected<std::string, Diagnostics> readTextFile(
    const std::filesystem::path&, std::size_t limit = kMaxFileBytes, std::string_view expected = "a YAML file");

struct EmbeddedFile {
    std::string_view name; // "h100-sxm.yaml", "scenarios/int8-matmul-v5e.yaml"
    std::string_view text;
};
// The presets and example scenarios compiled into the program (generated from presets/ at build time).
std::span<const EmbeddedFile> embeddedFiles();

// The built-in presets are read when first asked for: a command that names one preset parses that file alone. Their
// ids are read off each file's `id:` line (tests/core/test_presets.cpp checks that line against the parsed id of every
// built-in file). The user's folders are parsed when loaded: an id there replaces a built-in one, and only parsing
// tells which. Not for use from several threads at once.
class PresetLibrary {
public:
    // Every preset, sorted by vendor, then name; parses every built-in file not yet parsed.
    const std::vector<Hardware>& presets() const&;
    // A temporary's list would be gone before a loop over it began.
    void presets() && = delete;
    // One per bad file among those parsed so far (presets() parses every one); the good files still load.
    const Diagnostics& errors() const { return m_errors; }
    // The preset with this id: a user's, or the built-in file that names it, parsed now if it was not yet.
    const Hardware* find(std::string_view id) const;
    // The calibration the preset with this id names (its `calibration:` key), if it names one.
    std::optional<SessionCalibration> calibration(std::string_view id) const;

private:
    friend PresetLibrary loadPresetLibrary(const std::vector<std::filesystem::path>&, std::span<const EmbeddedFile>);
    struct BuiltIn {
        std::string file; // "embedded:h100-sxm.yaml"
        std::string_view text;
        std::string stem; // "h100-sxm": the id of a file that names none
        std::string id; // as its `id:` line says, or its stem
        bool parsed = false;
    };
    void parse(BuiltIn&) const;
    void parseAll() const;

    mutable std::vector<BuiltIn> m_builtIn;
    mutable std::map<std::string, Hardware, std::less<>> m_byId; // nodes never move: find() hands out pointers
    mutable std::map<std::string, SessionCalibration, std::less<>> m_calibrations; // by preset id, as m_byId
    mutable std::map<std::string, std::string, std::less<>> m_builtInFiles; // id -> the built-in file that holds it
    std::set<std::string, std::less<>> m_userIds; // ids a user's preset holds, which no built-in one replaces
    mutable Diagnostics m_errors;
    mutable std::vector<Hardware> m_sorted;
    mutable bool m_complete = false;
};

// defaultSession(hw) with the calibration hw's preset in `library` names.
Session presetSession(const PresetLibrary& library, const Hardware& hw);

// $XDG_CONFIG_HOME/roofline-lab/FOLDER, or ~/.config/roofline-lab/FOLDER; empty when neither is set.
std::filesystem::path userConfigDir(std::string_view folder);
// The files of one preset or model folder, sorted: *.yaml and *.yml in any case (CHIP.YAML too). A folder that
// cannot be listed, or that holds more than kMaxPresetFiles of them (none is then read, so that startup stays short),
// is an error naming it; `what` names the files in it ("preset", "model"). Nothing for a folder that does not exist.
Expected<std::vector<std::filesystem::path>, Diagnostic> listYamlFolder(
    const std::filesystem::path& dir, std::string_view what);
// userConfigDir("presets").
std::filesystem::path userPresetDir();

// The built-in presets, then every *.yaml and *.yml (listYamlFolder) in each folder of `dirs` in order; a later preset
// with the same id replaces an earlier one. Folders that do not exist are skipped silently.
PresetLibrary loadPresetLibrary(const std::vector<std::filesystem::path>& dirs);
// The same with these files as the built-in ones.
PresetLibrary loadPresetLibrary(const std::vector<std::filesystem::path>& dirs, std::span<const EmbeddedFile> builtIn);

} // namespace roofline
