// SPDX-License-Identifier: GPL-3.0-or-later
// Model presets: YAML files, one model a file, built into the program (presets/models/) and overridable from the
// user's folder, as chip presets are. docs/file-formats.md ("Model presets") gives the schema.
#pragma once

#include "base/diagnostic.h"
#include "base/expected.h"
#include "llm/model.h"

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace roofline {

// The largest count a model field takes: 2^24 (16 M), past any published width, vocabulary or depth, so that
// products of four fields stay exact in a double.
inline constexpr double kMaxModelCount = 1 << 24;
// The most parameters a model has: 2^53, the largest count a double holds exactly (published models have about 2^41).
inline constexpr double kMaxParameters = 9007199254740992.0;
// The most experts a mixture has, and the most a token is routed to.
inline constexpr double kMaxExperts = 1024;

// The rules a model's fields must keep together, each broken one with its message: what both model readers (a preset,
// a config.json) check once every field is read, each naming the field at its own key. The parameter count is checked
// only when the other rules hold.
enum class ModelRule {
    HeadsDivideHidden,
    KvHeadsDivideHeads,
    ExpertsPerToken,
    CountableParameters,
    DenseLayers, // dense first layers (and shared experts) belong to a mixture, and leave it a layer with experts
    WindowLayers, // the window's layers are among the layers, and have a window
    QueryLatent, // a query latent belongs to latent attention
    ChunkLayers, // the chunked layers are among the layers (with the window's), and have a chunk
    SharedExperts, // a shared expert's width and gate belong to shared experts
};
struct BrokenModelRule {
    ModelRule rule;
    std::string message;
};
std::vector<BrokenModelRule> brokenModelRules(const Model&, bool headDimGiven);

// Parses one model file. `file` names it in diagnostics; `defaultId` is used when the file has no `id` (its stem).
// Fields that contradict each other (heads not dividing the hidden size, KV heads not dividing the heads, more
// experts per token than experts, a stated parameter count the fields do not give) are located errors.
Expected<Model, Diagnostics> parseModel(std::string_view text, const std::string& file, std::string_view defaultId);

// $XDG_CONFIG_HOME/roofline-lab/models, or ~/.config/roofline-lab/models.
std::filesystem::path userModelDir();

// The built-in models, then every *.yaml and *.yml (listYamlFolder: any case, at most kMaxPresetFiles a folder) in
// each folder of `dirs` in order; a later folder's model with the same id replaces an earlier one, and two files of one
// folder with the same id are an error. Folders that do not exist are skipped silently.
ModelLibrary loadModelLibrary(const std::vector<std::filesystem::path>& dirs);

// The models built into the program alone, read once: what tests and a scenario read without a library use. The
// command line and the window load the user's folders once (loadModelLibrary) and hand that library down.
const ModelLibrary& builtInModels();

} // namespace roofline
