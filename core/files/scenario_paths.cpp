// SPDX-License-Identifier: GPL-3.0-or-later
#include "files/scenario_paths.h"

#include <filesystem>

namespace roofline {

std::string scenarioRelativePath(const std::string& path, const std::string& scenarioFile)
{
    const std::filesystem::path file(path);
    if (path.starts_with("embedded:") || file.is_absolute() || scenarioFile.starts_with("embedded:")
        || scenarioFile.empty() || scenarioFile == "-" || scenarioFile == "<stdin>")
        return path;
    return (std::filesystem::path(scenarioFile).parent_path() / file).string();
}

std::string rebasedScenarioPath(const std::string& path, const std::string& fromFile, const std::string& toFile)
{
    namespace fs = std::filesystem;
    const std::string read = scenarioRelativePath(path, fromFile);
    if (read.starts_with("embedded:") || fs::path(path).is_absolute())
        return path;
    // A folder as it is on disk: absolute, with its links resolved, so that ".." leads where the system takes it.
    auto resolved = [](const fs::path& folder) {
        std::error_code ec;
        fs::path canonical = fs::weakly_canonical(fs::absolute(folder.empty() ? fs::path(".") : folder, ec), ec);
        return ec ? fs::path() : canonical;
    };
    const fs::path readFolder = resolved(fs::path(read).parent_path());
    const bool toWorkingFolder = toFile == "-" || toFile == "<stdin>" || toFile.starts_with("embedded:");
    const fs::path folder = resolved(toWorkingFolder ? fs::path() : fs::path(toFile).parent_path());
    if (readFolder.empty() || folder.empty())
        return path;
    if (resolved(fs::path(scenarioRelativePath(path, toFile)).parent_path()) == readFolder)
        return path; // the path as written still names the file: kept as the user wrote it
    const fs::path file = readFolder / fs::path(read).filename();
    const fs::path relative = file.lexically_relative(folder);
    return relative.empty() ? file.string() : relative.string();
}

} // namespace roofline
