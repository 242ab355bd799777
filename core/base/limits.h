// SPDX-License-Identifier: GPL-3.0-or-later
// What the loaders accept, so that reading any file takes time and memory about linear in its size and nothing a
// file holds can swamp the window or a report. docs/file-formats.md ("Limits") states each with its reason.
#pragma once

#include <cstddef>

namespace roofline {

inline constexpr std::size_t kMaxFileBytes = 1 << 20; // a file
inline constexpr std::size_t kMaxNodes = 100000; // YAML nodes in a file
inline constexpr std::size_t kMaxOperations = 10000; // operations in a scenario
// A scenario file, larger than other files: what the program writes of kMaxOperations operations with every field at
// its longest must open again (7.6 MB and 350,000 nodes; test_scenario aSaveAtTheLimitsReopens writes one).
inline constexpr std::size_t kMaxScenarioBytes = 8 << 20;
inline constexpr std::size_t kMaxScenarioNodes = 400000;
inline constexpr std::size_t kMaxLevels = 32; // memory levels of a chip, and links of a chip
inline constexpr std::size_t kMaxPresetFiles = 1000; // preset files in one folder
inline constexpr std::size_t kMaxIdBytes = 64; // an id, a memory level's or a link's name
inline constexpr std::size_t kMaxNameBytes = 200; // a name, label, vendor or group
inline constexpr std::size_t kMaxTextBytes = 10000; // a description, the notes, one source
inline constexpr std::size_t kMaxDiagnostics = 100; // errors reported for one file; the rest are counted

} // namespace roofline
