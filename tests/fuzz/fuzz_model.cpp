// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzzes the model preset loader: any bytes either load into a model whose operations and totals are finite on a
// chip, or give located errors. Built twice: as fuzz_model for model presets, and with ROOFLINE_FUZZ_MODEL_CONFIG as
// fuzz_model_config for a Hugging Face config.json.
#include "files/hf_config.h"
#include "files/model_presets.h"
#include "fuzz_check.h"

#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace roofline;
    static const PresetLibrary chips = loadPresetLibrary({});
    const std::string_view text(reinterpret_cast<const char*>(data), size);
#ifdef ROOFLINE_FUZZ_MODEL_CONFIG
    const std::string file = "fuzz/config.json";
    const Expected<Model, Diagnostics> model = parseModelConfig(text, file);
#else
    const std::string file = "fuzz.yaml";
    const Expected<Model, Diagnostics> model = parseModel(text, file, "fuzz");
#endif
    if (!model) {
        fuzz::checkDiagnostics(model.error(), file);
        return 0;
    }
    for (const Phase phase : { Phase::Decode, Phase::Prefill }) {
        Session s;
        s.chip = *chips.find("h100-sxm");
        s.presetId = s.chip.id;
        ModelSettings settings;
        settings.model = *model;
        settings.phase = phase;
        s.model = settings;
        fuzz::checkScenario(s);
        const Analysis a = analyse(s);
        fuzz::require(a.model.has_value());
        fuzz::require(std::isfinite(a.model->tLower) && a.model->tLower > 0 && std::isfinite(a.model->maxBatch));
        fuzz::require(std::isfinite(a.model->servingText.tCompute) && std::isfinite(a.model->kvCacheBytes));
    }
    return 0;
}
