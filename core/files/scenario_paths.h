// SPDX-License-Identifier: GPL-3.0-or-later
// The files a scenario names (measured kernels, a model's config.json), relative to the scenario's own folder.
#pragma once

#include <string>

namespace roofline {

// The path to read: `path` as it stands when absolute or embedded, else relative to the scenario file's folder (the
// working folder for standard input or an embedded scenario).
std::string scenarioRelativePath(const std::string& path, const std::string& scenarioFile);
// The path as a scenario saved at `toFile` writes it, so that it names the file it named when the scenario was read
// from `fromFile`: absolute and embedded paths as they stand, a relative one made relative to the new file's folder
// (through the folders as they are on disk, links resolved), or absolute where no relative path reaches it. Standard
// input and standard output stand for the working folder.
std::string rebasedScenarioPath(const std::string& path, const std::string& fromFile, const std::string& toFile);

} // namespace roofline
