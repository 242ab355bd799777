// The command line's language models: the `models` command, and --model with its settings on report, save and
// export.
#pragma once

#include "cli.h"
#include "files/model_presets.h"

namespace roofline::app {

// The built-in models, the user's folder, then each --model-dir. Bad user models are reported on stderr as
// warnings; the good ones still load.
ModelLibrary loadModels(const ScenarioOptions&);

// Sets the session's model from --model and its settings: --model replaces the scenario's model (or gives the
// preset's session one), the other options change the model's settings. Prints what went wrong and returns
// kExitBadFile for an unknown model, kExitBadArguments for a bad setting or a setting with no model; kExitOk.
int applyModelOptions(const ScenarioOptions&, const ModelLibrary&, Session&);

// The `models` command.
int runModels(const ScenarioOptions&);

} // namespace roofline::app
