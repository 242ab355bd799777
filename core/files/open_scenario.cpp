// SPDX-License-Identifier: GPL-3.0-or-later
#include "files/open_scenario.h"

#include "base/limits.h"
#include "files/scenario.h"
#include "files/scenario_measured.h"
#include "files/scenario_reader.h"

namespace roofline {

Expected<OpenedScenario, Diagnostics> openScenarioText(std::string_view text, const std::string& name,
    const PresetLibrary& library, const ModelLibrary& models, MeasuredFile kernels)
{
    using Result = Expected<OpenedScenario, Diagnostics>;
    // The text is read once: the files its document names are read between reading it and making the session.
    YamlReader r(name);
    const std::optional<YAML::Node> root = r.load(text, { kMaxScenarioBytes, kMaxScenarioNodes });
    if (!root)
        return Result::failure(r.diagnostics());
    Expected<Session, Diagnostics> session = readScenario(r, *root, name, library, models, readNamedFiles(*root, name));
    if (!session)
        return Result::failure(session.error());
    OpenedScenario opened { std::move(session).value(), nullptr };
    if (opened.session.measured && kernels == MeasuredFile::Read) {
        Expected<MeasuredSet, Diagnostics> set = loadMeasuredSource(*opened.session.measured, name);
        if (!set)
            return Result::failure(set.error());
        opened.measured = std::make_shared<const MeasuredSet>(std::move(set).value());
    }
    return opened;
}

Expected<OpenedScenario, Diagnostics> openScenario(
    const std::string& path, const PresetLibrary& library, const ModelLibrary& models, MeasuredFile kernels)
{
    if (path.starts_with("embedded:")) {
        for (const EmbeddedFile& f : embeddedFiles())
            if (f.name == std::string_view(path).substr(9))
                return openScenarioText(f.text, path, library, models, kernels);
        return Expected<OpenedScenario, Diagnostics>::failure(
            { { path, 0, 0, {}, "no such file built into the program" } });
    }
    Expected<std::string, Diagnostics> text = readTextFile(path, kMaxScenarioBytes);
    if (!text)
        return Expected<OpenedScenario, Diagnostics>::failure(text.error());
    return openScenarioText(*text, path, library, models, kernels);
}

} // namespace roofline
