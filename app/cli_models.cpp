#include "cli_models.h"

#include "llm/settings.h"
#include "report/model.h"

#include <iostream>

namespace roofline::app {

ModelLibrary loadModels(const ScenarioOptions& options)
{
    std::vector<std::filesystem::path> dirs { userModelDir() };
    for (const std::string& dir : options.modelDirs)
        dirs.emplace_back(dir);
    ModelLibrary library = loadModelLibrary(dirs);
    for (const Diagnostic& d : library.errors)
        std::cerr << "roofline-lab: warning: skipped a model: " << d.toString() << '\n';
    return library;
}

int applyModelOptions(const ScenarioOptions& options, const ModelLibrary& library, Session& session)
{
    if (options.modelSettings.empty())
        return kExitOk;
    const Hardware hw = session.hardware();
    ModelSettings settings = session.model.value_or(ModelSettings {});
    bool named = session.model.has_value();
    for (const auto& [key, value] : options.modelSettings) {
        if (key == "id" && !library.find(value))
            return fail(kExitBadFile, "no model with id '" + value + "' (known: " + library.ids() + ")");
        if (key != "id" && !named)
            return fail(kExitBadArguments,
                "--" + key + " sets a model's setting: give --model ID too (see roofline-lab models)");
        named = true;
        if (std::optional<std::string> error = setModelSetting(settings, key, value, hw, library))
            return fail(kExitBadArguments, "--" + *error);
    }
    if (std::optional<std::string> problem = settingsProblem(settings))
        return fail(kExitBadArguments, "--" + *problem);
    session.model = std::move(settings);
    return kExitOk;
}

int runModels(const ScenarioOptions& options)
{
    const std::string text = modelList(loadModels(options));
    if (const std::optional<std::string> error = writeStandardOutput(text))
        return fail(kExitBadFile, "cannot write the model list to standard output: " + *error);
    return kExitOk;
}

} // namespace roofline::app
