#include "llm/settings.h"

#include "base/units.h"

#include <cmath>
#include <cstdio>

namespace roofline {

namespace {

std::optional<std::string> setCount(
    double& target, std::string_view key, const std::string& value, double min, double max, std::string_view what)
{
    // parseWholeNumber reads counts from 1; an empty cache is written 0.
    const Expected<double> n = value == "0" ? Expected<double>(0.0) : parseWholeNumber(value);
    if (!n || *n < min || *n > max)
        return std::string(key) + ": expected a whole number of " + std::string(what) + " from " + wholeText(min)
            + " to " + wholeText(max) + ", found " + quoteInput(value);
    target = *n;
    return std::nullopt;
}

std::optional<std::string> setDtype(Dtype& target, std::string_view key, const std::string& value)
{
    const std::optional<Dtype> d = parseDtype(value);
    if (!d)
        return std::string(key) + ": unknown dtype " + quoteInput(value)
            + " (expected fp32, tf32, bf16, fp16, fp8, fp6, int8, fp4 or int4)";
    target = *d;
    return std::nullopt;
}

} // namespace

std::vector<std::string_view> modelSettingKeys()
{
    return { "id", "phase", "batch", "prompt", "context", "weights", "activations", "kv", "tp", "link", "attention",
        "dp", "pp", "microbatches", "dp_link", "pp_link" };
}

std::optional<std::string> setModelSetting(
    ModelSettings& s, std::string_view key, const std::string& value, const Hardware& hw, const ModelLibrary& library)
{
    if (key == "id") {
        const Model* m = library.find(value);
        if (!m)
            return "id: no model with id " + quoteInput(value) + " (known: " + library.ids() + ")";
        s.model = *m;
        return std::nullopt;
    }
    if (key == "phase") {
        for (const Phase p : { Phase::Decode, Phase::Prefill, Phase::Train })
            if (value == phaseName(p)) {
                s.phase = p;
                return std::nullopt;
            }
        return "phase: expected decode, prefill or train, found " + quoteInput(value);
    }
    if (key == "batch")
        return setCount(s.batch, key, value, 1, kMaxBatch, "sequences");
    if (key == "prompt")
        return setCount(s.prompt, key, value, 1, kMaxTokens, "tokens");
    if (key == "context")
        return setCount(s.context, key, value, 0, kMaxTokens, "tokens");
    if (key == "tp")
        return setCount(s.tp, key, value, 1, kMaxTensorParallel, "GPUs");
    if (key == "dp")
        return setCount(s.dp, key, value, 1, kMaxDataParallel, "replicas");
    if (key == "pp")
        return setCount(s.pp, key, value, 1, kMaxPipelineStages, "pipeline stages");
    if (key == "microbatches")
        return setCount(s.microbatches, key, value, 1, kMaxMicrobatches, "microbatches");
    if (key == "weights")
        return setDtype(s.weights, key, value);
    if (key == "kv")
        return setDtype(s.kvCache, key, value);
    if (key == "activations") {
        Dtype d = s.activations;
        if (auto error = setDtype(d, key, value))
            return error;
        if (!hw.peakFor(d))
            return "activations: " + hw.name + " has no " + value + " peak to compute in";
        s.activations = d;
        return std::nullopt;
    }
    if (key == "link" || key == "dp_link" || key == "pp_link") {
        if (value.empty() || !hw.link(value)) {
            std::string names;
            for (const Link& l : hw.links)
                names += (names.empty() ? "" : ", ") + l.name;
            return std::string(key) + ": " + hw.name + " has no link named " + quoteInput(value) + " (it has "
                + (names.empty() ? "none" : names) + ")";
        }
        (key == "link" ? s.link : key == "dp_link" ? s.dpLink : s.ppLink) = value;
        return std::nullopt;
    }
    if (key == "attention") {
        if (value != "fused" && value != "materialised")
            return "attention: expected fused (scores stay on chip) or materialised, found " + quoteInput(value);
        s.materialiseScores = value == "materialised";
        return std::nullopt;
    }
    std::string keys;
    for (std::string_view k : modelSettingKeys())
        keys += (keys.empty() ? "" : ", ") + std::string(k);
    return std::string(key) + ": unknown model setting (expected one of: " + keys + ")";
}

std::vector<std::pair<std::string, std::string>> modelSettingTexts(const ModelSettings& s)
{
    std::vector<std::pair<std::string, std::string>> out {
        { "id", s.model.id },
        { "phase", std::string(phaseName(s.phase)) },
        { "batch", wholeText(s.batch) },
        { "prompt", wholeText(s.prompt) },
        { "context", wholeText(s.context) },
        { "weights", std::string(dtypeName(s.weights)) },
        { "activations", std::string(dtypeName(s.activations)) },
        { "kv", std::string(dtypeName(s.kvCache)) },
        { "tp", wholeText(s.tp) },
    };
    if (!s.link.empty())
        out.emplace_back("link", s.link);
    out.emplace_back("attention", s.materialiseScores ? "materialised" : "fused");
    // A training step's settings, written only where they say more than the defaults.
    if (s.phase == Phase::Train || s.dp != 1 || s.pp != 1 || s.microbatches != 1) {
        out.emplace_back("dp", wholeText(s.dp));
        out.emplace_back("pp", wholeText(s.pp));
        out.emplace_back("microbatches", wholeText(s.microbatches));
    }
    if (!s.dpLink.empty())
        out.emplace_back("dp_link", s.dpLink);
    if (!s.ppLink.empty())
        out.emplace_back("pp_link", s.ppLink);
    return out;
}

} // namespace roofline
