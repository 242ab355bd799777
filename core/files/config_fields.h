// SPDX-License-Identifier: GPL-3.0-or-later
// The fields of a Hugging Face config.json as the model reader takes them: JSON read strictly (a count bare and whole,
// a flag bare, text from a known set), null as absent, each error at its field's path ("text_config.hidden_size").
#pragma once

#include "base/yaml_reader.h"

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

namespace roofline {

// One object of the configuration: the file's top level, or the `text_config` a multimodal model nests its decoder in.
struct ConfigObject {
    YAML::Node node;
    std::string at; // its path, empty at the top level

    std::string field(std::string_view key) const { return YamlReader::join(at, key); }
};

// The field `key`, absent when null (Qwen2's "sliding_window": null); a required one missing or null is an error.
std::optional<YAML::Node> configField(YamlReader&, const ConfigObject&, std::string_view key, bool required);
// A count as JSON writes one: a bare integer ("32"), not text ("\"1k\"", which a YAML count would take) and not a
// number with a fraction or an exponent ("32.0", "3.2e1"), from `min` to `max`; `field` names it in errors.
std::optional<double> jsonCount(YamlReader&, const YAML::Node&, const std::string& field, double min, double max);
// A count from 1 to kMaxModelCount.
std::optional<double> configCount(YamlReader&, const ConfigObject&, std::string_view key, bool required);
// true or false, bare: "true" in quotes is text, which a JSON reader would take as true only by accident.
std::optional<bool> configFlag(YamlReader&, const ConfigObject&, std::string_view key);
// Text from a known set: `known` names them in the message.
std::optional<std::string> configChoice(
    YamlReader&, const ConfigObject&, std::string_view key, std::initializer_list<std::string_view> known);
// A list with one entry a layer, each one of `known` (gpt-oss's and Gemma 3's layer_types): how many are `counted`,
// or nothing after an error (not a list, an unknown entry, another length than `layers`).
std::optional<double> configLayerCount(YamlReader&, const ConfigObject&, std::string_view key, double layers,
    std::initializer_list<std::string_view> known, std::string_view counted);

} // namespace roofline
