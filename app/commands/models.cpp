// SPDX-License-Identifier: GPL-3.0-or-later
// `roofline-lab models`: the known language models.
#include "commands.h"

#include "build_session.h"
#include "cli.h"
#include "report/model.h"

#include <memory>

namespace roofline::app {

Command addModelsCommand(CLI::App& program)
{
    auto options = std::make_shared<ScenarioOptions>();
    CLI::App* command = addCommand(program, "models", "list the known language models");
    addModelDirOption(*command, *options);
    return { command, [options] { return print(modelList(loadModels(*options)), "the model list"); } };
}

} // namespace roofline::app
