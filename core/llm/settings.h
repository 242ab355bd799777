// SPDX-License-Identifier: GPL-3.0-or-later
// Reading and writing a session's model settings by key, the same keys in a scenario's `model:` block, in --set
// (model.batch=64) and behind the command line's --model, --phase, --batch, ... options.
#pragma once

#include "base/expected.h"
#include "llm/model.h"
#include "roofline/hardware.h"
#include "roofline/operations.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace roofline {

// The keys, in the order a scenario lists them: id, phase, batch, prompt, context, weights, activations, kv, tp,
// link, attention.
std::vector<std::string_view> modelSettingKeys();

// Sets one setting from its text form ("decode", "16", "int8", "NVLink", "materialised"), checking it alone against
// the chip and the library (an id must name a model of `library`). Returns "KEY: what is wrong", or nothing.
std::optional<std::string> setModelSetting(
    ModelSettings&, std::string_view key, const std::string& value, const Hardware&, const ModelLibrary&);

// A setting's text as its typed value: a count as a number, a dtype as a Dtype, the rest as text; "KEY: why" when
// the text is no value of the key's type.
Expected<ParamValue> parseModelSetting(std::string_view key, const std::string& value);

// The same from a typed value: a count as a number (whole, in its range), a dtype as a Dtype, the rest as text. What
// the window's controls set: numbers never go through text.
std::optional<std::string> setModelSetting(
    ModelSettings&, std::string_view key, const ParamValue& value, const Hardware&, const ModelLibrary&);

// Why setting KEY does nothing in a run of `phase`, or nothing when it counts there: a training step's dp, pp,
// microbatches, dp_link and pp_link in a decode step or a prefill, a prompt in a decode step, a context in a prefill
// or a training step, the KV cache's dtype and the attention mode in a training step. "KEY: why", as
// setModelSetting's messages.
std::optional<std::string> settingNotApplying(std::string_view key, Phase phase);
// The same against whole settings: also draft_tokens and acceptance without a draft model to propose the tokens, a
// link whose parallelism is 1 (link with tp 1, ep_link with ep 1, dp_link, pp_link), latent on a model without latent
// attention, imbalance on a model without experts. Checked once every setting is given, so that their order never
// matters.
std::optional<std::string> settingNotApplying(std::string_view key, const ModelSettings&);

// The settings as key and text, in the order of modelSettingKeys(), those that apply (settingNotApplying: a file
// that holds a setting which does not apply is refused): what a scenario file writes.
std::vector<std::pair<std::string, std::string>> modelSettingTexts(const ModelSettings&);

// A session's title and description composed from its model's settings, for a scenario whose own words described
// other settings: "Llama-3.1-70B decode at B = 64 over 8 chips"; "Llama-3.1-70B (bf16) decoding 64 sequences at a
// context of 4,096, split 8 ways by tensor parallelism."
std::string settingsTitle(const ModelSettings&);
std::string settingsDescription(const ModelSettings&);

} // namespace roofline
