// SPDX-License-Identifier: GPL-3.0-or-later
// A model's architecture from its own Hugging Face configuration (config.json), for the families whose layers the
// program models (`model_type`: Llama, Qwen, Gemma, DeepSeek, gpt-oss and more). docs/file-formats.md ("A model's
// config.json") lists the families and the fields read.
#pragma once

#include "base/diagnostic.h"
#include "base/expected.h"
#include "llm/model.h"

#include <string>
#include <string_view>

namespace roofline {

// Whether a --model value names a configuration file rather than a model's id: it ends in ".json", in any case.
bool isModelConfigPath(std::string_view value);

// Reads a config.json. `file` names it in diagnostics and gives the model's id (its folder's name, lowercased:
// ".../Qwen2.5-7B/config.json" is qwen2.5-7b) and its source. An unknown `model_type`, a missing or impossible field,
// and a setting the program does not model (biases on the MLP, an architecture of another family) are errors at
// the field, with file, line and column; a sliding window is noted in the model's notes.
Expected<Model, Diagnostics> parseModelConfig(std::string_view text, const std::string& file);

// The same from a file on disk.
Expected<Model, Diagnostics> readModelConfig(const std::string& path);

} // namespace roofline
