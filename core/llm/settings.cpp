// SPDX-License-Identifier: GPL-3.0-or-later
#include "llm/settings.h"

#include "base/units.h"
#include "llm/totals.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace roofline {

namespace {

std::optional<std::string> countProblem(
    std::string_view key, double n, double min, double max, std::string_view what, const std::string& found)
{
    if (key == "zero" && (!(n >= min && n <= max) || n != std::floor(n)))
        return "zero: expected a ZeRO stage from 0 to 3, found " + found;
    if (!(n >= min && n <= max) || n != std::floor(n))
        return std::string(key) + ": expected a whole number of " + std::string(what) + " from " + wholeText(min)
            + " to " + wholeText(max) + ", found " + found;
    return std::nullopt;
}

// The text of a number for a message: whole numbers as files write them, others as %g does.
std::string numberForMessage(double v)
{
    if (std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 1e18)
        return wholeText(v);
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g", v);
    return buffer;
}

// Where a numeric setting is held, its range and what it counts (a count) or is (a real number).
struct NumberSetting {
    double ModelSettings::*field;
    double min;
    double max;
    std::string_view what;
};
using CountSetting = NumberSetting;
using RealSetting = NumberSetting;

// A count setting; nothing for a key that is no count.

std::optional<CountSetting> countSetting(std::string_view key)
{
    if (key == "batch")
        return CountSetting { &ModelSettings::batch, 1, kMaxBatch, "sequences" };
    if (key == "prompt")
        return CountSetting { &ModelSettings::prompt, 1, kMaxTokens, "tokens" };
    if (key == "context")
        return CountSetting { &ModelSettings::context, 0, kMaxTokens, "tokens" };
    if (key == "tp")
        return CountSetting { &ModelSettings::tp, 1, kMaxTensorParallel, "GPUs" };
    if (key == "ep")
        return CountSetting { &ModelSettings::ep, 1, kMaxExpertParallel, "GPUs" };
    if (key == "dp")
        return CountSetting { &ModelSettings::dp, 1, kMaxDataParallel, "replicas" };
    if (key == "pp")
        return CountSetting { &ModelSettings::pp, 1, kMaxPipelineStages, "pipeline stages" };
    if (key == "microbatches")
        return CountSetting { &ModelSettings::microbatches, 1, kMaxMicrobatches, "microbatches" };
    if (key == "zero")
        return CountSetting { &ModelSettings::zero, 0, 3, "ZeRO stage" };
    if (key == "draft_tokens")
        return CountSetting { &ModelSettings::draftTokens, 1, kMaxDraftTokens, "drafted tokens" };
    return std::nullopt;
}

// The settings that are real numbers; nothing for another key.
std::optional<RealSetting> realSetting(std::string_view key)
{
    if (key == "imbalance")
        return RealSetting { &ModelSettings::imbalance, 1, kMaxImbalance, "the busiest chip's tokens over the mean" };
    if (key == "acceptance")
        return RealSetting { &ModelSettings::acceptance, 0, 1, "the chance the target keeps a drafted token" };
    return std::nullopt;
}

// What a scenario writes for no draft model, and the window's choice of none.
constexpr std::string_view kNoDraft = "none";

std::string_view recomputeName(ModelSettings::Recompute r)
{
    switch (r) {
    case ModelSettings::Recompute::Selective:
        return "selective";
    case ModelSettings::Recompute::Full:
        return "full";
    case ModelSettings::Recompute::None:
        break;
    }
    return "none";
}

std::string_view latentName(ModelSettings::Latent l)
{
    switch (l) {
    case ModelSettings::Latent::Absorbed:
        return "absorbed";
    case ModelSettings::Latent::Expanded:
        return "expanded";
    case ModelSettings::Latent::Auto:
        break;
    }
    return "auto";
}

Dtype ModelSettings::*dtypeSetting(std::string_view key)
{
    if (key == "weights")
        return &ModelSettings::weights;
    if (key == "kv")
        return &ModelSettings::kvCache;
    if (key == "activations")
        return &ModelSettings::activations;
    return nullptr;
}

std::string unknownKey(std::string_view key)
{
    std::string keys;
    for (std::string_view k : modelSettingKeys())
        keys += (keys.empty() ? "" : ", ") + std::string(k);
    return std::string(key) + ": unknown model setting (expected one of: " + keys + ")";
}

} // namespace

std::vector<std::string_view> modelSettingKeys()
{
    return { "id", "phase", "batch", "prompt", "context", "weights", "activations", "kv", "tp", "link", "attention",
        "dp", "pp", "microbatches", "dp_link", "pp_link", "ep", "ep_link", "imbalance", "latent", "zero", "recompute",
        "sequence_parallel", "draft", "draft_tokens", "acceptance" };
}

std::optional<std::string> setModelSetting(
    ModelSettings& s, std::string_view key, const ParamValue& value, const Hardware& hw, const ModelLibrary& library)
{
    if (const std::optional<CountSetting> count = countSetting(key)) {
        const double* n = std::get_if<double>(&value);
        if (!n)
            return std::string(key) + ": expected a whole number of " + std::string(count->what);
        if (std::optional<std::string> problem
            = countProblem(key, *n, count->min, count->max, count->what, quoteInput(numberForMessage(*n))))
            return problem;
        s.*(count->field) = *n;
        if (key == "ep" && *n == 1)
            s.imbalance = 1; // the busiest chip's share means nothing on one
        return std::nullopt;
    }
    if (const std::optional<RealSetting> real = realSetting(key)) {
        const double* x = std::get_if<double>(&value);
        if (!x)
            return std::string(key) + ": expected a number";
        if (!(*x >= real->min && *x <= real->max))
            return std::string(key) + ": expected " + std::string(real->what) + ", from " + wholeText(real->min)
                + " to " + wholeText(real->max) + ", found " + quoteInput(numberForMessage(*x));
        s.*(real->field) = *x;
        return std::nullopt;
    }
    if (Dtype ModelSettings::*field = dtypeSetting(key)) {
        const Dtype* d = std::get_if<Dtype>(&value);
        if (!d)
            return std::string(key) + ": expected a dtype";
        if (key == "activations" && !hw.peakFor(*d))
            return "activations: " + hw.name + " has no " + std::string(dtypeName(*d)) + " peak to compute in";
        s.*field = *d;
        return std::nullopt;
    }
    const std::string* text = std::get_if<std::string>(&value);
    if (!text)
        return modelSettingKeys().end() != std::find(modelSettingKeys().begin(), modelSettingKeys().end(), key)
            ? std::string(key) + ": expected text"
            : unknownKey(key);
    if (key == "id") {
        const Model* m = library.find(*text);
        if (!m)
            return "id: no model with id " + quoteInput(*text) + " (known: " + library.ids() + ")";
        s.model = *m;
        s.config.clear(); // the library's model, named by its id
        // Expert parallelism is a mixture's: a dense model's deployment has none to keep. A draft proposes tokens of
        // its target's vocabulary: another model's keeps it only when theirs are the same.
        if (m->experts <= 1) {
            s.ep = 1;
            s.imbalance = 1;
        }
        if (s.draft && s.draft->vocab != m->vocab)
            s.draft.reset();
        return std::nullopt;
    }
    if (key == "draft") {
        if (*text == kNoDraft) {
            s.draft.reset();
            return std::nullopt;
        }
        const Model* m = library.find(*text);
        if (!m)
            return "draft: no model with id " + quoteInput(*text) + " (known: " + library.ids() + "; or none)";
        s.draft = *m;
        return std::nullopt;
    }
    if (key == "phase") {
        for (const Phase p : { Phase::Decode, Phase::Prefill, Phase::Train })
            if (*text == phaseName(p)) {
                s.phase = p;
                return std::nullopt;
            }
        return "phase: expected decode, prefill or train, found " + quoteInput(*text);
    }
    if (key == "recompute") {
        for (const auto r :
            { ModelSettings::Recompute::None, ModelSettings::Recompute::Selective, ModelSettings::Recompute::Full })
            if (*text == recomputeName(r)) {
                s.recompute = r;
                return std::nullopt;
            }
        return "recompute: expected none, selective (the attention's scores, as fused attention does) or full (each "
               "layer's forward pass again), found "
            + quoteInput(*text);
    }
    if (key == "sequence_parallel") {
        if (*text != "true" && *text != "false")
            return "sequence_parallel: expected true or false, found " + quoteInput(*text);
        s.sequenceParallel = *text == "true";
        return std::nullopt;
    }
    if (key == "latent") {
        for (const auto l :
            { ModelSettings::Latent::Auto, ModelSettings::Latent::Absorbed, ModelSettings::Latent::Expanded })
            if (*text == latentName(l)) {
                s.latent = l;
                return std::nullopt;
            }
        return "latent: expected auto (absorbed in a decode step, expanded otherwise), absorbed or expanded, found "
            + quoteInput(*text);
    }
    if (key == "link" || key == "dp_link" || key == "pp_link" || key == "ep_link") {
        if (text->empty() || !hw.link(*text)) {
            std::string names;
            for (const Link& l : hw.links)
                names += (names.empty() ? "" : ", ") + l.name;
            return std::string(key) + ": " + hw.name + " has no link named " + quoteInput(*text) + " (it has "
                + (names.empty() ? "none" : names) + ")";
        }
        (key == "link" ? s.link : key == "dp_link" ? s.dpLink : key == "ep_link" ? s.epLink : s.ppLink) = *text;
        return std::nullopt;
    }
    if (key == "attention") {
        if (*text != "fused" && *text != "materialised")
            return "attention: expected fused (scores stay on chip) or materialised, found " + quoteInput(*text);
        s.materialiseScores = *text == "materialised";
        return std::nullopt;
    }
    return unknownKey(key);
}

Expected<ParamValue> parseModelSetting(std::string_view key, const std::string& value)
{
    if (const std::optional<CountSetting> count = countSetting(key)) {
        // parseWholeNumber reads counts from 1; an empty cache is written 0.
        const Expected<double> n = value == "0" ? Expected<double>(0.0) : parseWholeNumber(value);
        if (std::optional<std::string> problem
            = countProblem(key, n ? *n : -1, count->min, count->max, count->what, quoteInput(value)))
            return Expected<ParamValue>::failure(std::move(*problem));
        return ParamValue(*n);
    }
    if (realSetting(key)) {
        const std::optional<ParsedQuantity> x = parseQuantity(value);
        if (!x || x->unit != Unit::None)
            return Expected<ParamValue>::failure(std::string(key) + ": expected a number, found " + quoteInput(value));
        return ParamValue(x->value);
    }
    if (dtypeSetting(key)) {
        const std::optional<Dtype> d = parseDtype(value);
        if (!d)
            return Expected<ParamValue>::failure(
                std::string(key) + ": unknown dtype " + quoteInput(value) + " (expected " + dtypeChoices() + ")");
        return ParamValue(*d);
    }
    return ParamValue(value);
}

std::optional<std::string> setModelSetting(
    ModelSettings& s, std::string_view key, const std::string& value, const Hardware& hw, const ModelLibrary& library)
{
    const Expected<ParamValue> typed = parseModelSetting(key, value);
    if (!typed)
        return typed.error();
    return setModelSetting(s, key, *typed, hw, library);
}

std::optional<std::string> settingNotApplying(std::string_view key, Phase phase)
{
    const std::string k(key);
    const std::string run = phase == Phase::Decode ? "a decode step" : phase == Phase::Prefill ? "a prefill" : "";
    const bool training = key == "dp" || key == "pp" || key == "microbatches" || key == "dp_link" || key == "pp_link"
        || key == "zero" || key == "recompute" || key == "sequence_parallel";
    if (training && phase != Phase::Train)
        return k + ": " + run + " has no data-parallel replicas, pipeline stages or microbatches (" + k
            + " applies to phase train only)";
    if (key == "prompt" && phase == Phase::Decode)
        return k
            + ": a decode step has no prompt, it reads the context cached before it: give context (prompt "
              "applies to prefill and train)";
    if (key == "context" && phase != Phase::Decode)
        return k + ": " + (phase == Phase::Train ? "a training step" : run)
            + " has no cached context, its sequences are prompt tokens long: give prompt (context applies to decode "
              "only)";
    if (key == "kv" && phase == Phase::Train)
        return k + ": a training step keeps no KV cache (kv applies to decode and prefill)";
    if (key == "attention" && phase == Phase::Train)
        return k + ": a training step's attention is always fused (attention applies to decode and prefill)";
    if ((key == "draft" || key == "draft_tokens" || key == "acceptance") && phase != Phase::Decode)
        return k + ": " + (phase == Phase::Train ? "a training step" : run)
            + " has no draft, speculative decoding proposes the tokens of a decode step (" + k
            + " applies to decode only)";
    if ((key == "ep" || key == "ep_link" || key == "imbalance") && phase == Phase::Train)
        return k + ": expert parallelism is modelled for inference; a training step's experts are split by tp (" + k
            + " applies to decode and prefill)";
    return std::nullopt;
}

std::optional<std::string> settingNotApplying(std::string_view key, const ModelSettings& s)
{
    if (std::optional<std::string> why = settingNotApplying(key, s.phase))
        return why;
    if ((key == "draft_tokens" || key == "acceptance") && !s.draft)
        return std::string(key) + ": there is no draft model to propose tokens (give draft too)";
    // A link with nothing to carry: the parallelism it serves is 1.
    const auto unused = [&key](std::string_view count, std::string_view traffic) {
        return std::string(key) + ": with " + std::string(count) + " 1 there is no " + std::string(traffic)
            + " for it to carry (give " + std::string(count) + " too)";
    };
    if (key == "link" && s.tp == 1)
        return unused("tp", "tensor-parallel all-reduce");
    if (key == "ep_link" && s.ep == 1)
        return unused("ep", "experts' all-to-all");
    if (key == "dp_link" && s.dp == 1)
        return unused("dp", "gradient all-reduce");
    if (key == "pp_link" && s.pp == 1)
        return unused("pp", "send between pipeline stages");
    if (key == "latent" && !latentAttention(s.model))
        return std::string(key) + ": " + s.model.name
            + " has no latent attention to absorb or expand (latent applies to DeepSeek-V2 and -V3)";
    if (key == "imbalance" && s.model.experts <= 1)
        return std::string(key) + ": " + s.model.name + " has no experts to route tokens to unevenly";
    return std::nullopt;
}

std::vector<std::pair<std::string, std::string>> modelSettingTexts(const ModelSettings& s)
{
    std::vector<std::pair<std::string, std::string>> all {
        { "id", s.model.id },
        { "phase", std::string(phaseName(s.phase)) },
        { "batch", wholeText(s.batch) },
        { "prompt", wholeText(s.prompt) },
        { "context", wholeText(s.context) },
        { "weights", std::string(dtypeName(s.weights)) },
        { "activations", std::string(dtypeName(s.activations)) },
        { "kv", std::string(dtypeName(s.kvCache)) },
        { "tp", wholeText(s.tp) },
        { "link", s.link },
        { "attention", s.materialiseScores ? "materialised" : "fused" },
        { "dp", wholeText(s.dp) },
        { "pp", wholeText(s.pp) },
        { "microbatches", wholeText(s.microbatches) },
        { "dp_link", s.dpLink },
        { "pp_link", s.ppLink },
        { "ep", s.ep == 1 ? std::string() : wholeText(s.ep) },
        { "ep_link", s.epLink },
        { "imbalance", s.imbalance == 1 ? std::string() : savedNumber(s.imbalance) },
        { "latent", s.latent == ModelSettings::Latent::Auto ? std::string() : std::string(latentName(s.latent)) },
        { "zero", s.zero == 0 ? std::string() : wholeText(s.zero) },
        { "recompute",
            s.recompute == ModelSettings::Recompute::None ? std::string() : std::string(recomputeName(s.recompute)) },
        { "sequence_parallel", s.sequenceParallel ? "true" : std::string() },
        { "draft", s.draft ? s.draft->id : std::string() },
        { "draft_tokens", s.draft ? wholeText(s.draftTokens) : std::string() },
        { "acceptance", s.draft ? savedNumber(s.acceptance) : std::string() },
    };
    std::vector<std::pair<std::string, std::string>> out;
    for (auto& [key, value] : all)
        // An empty link is the chip's default; an empty ep, imbalance and latent are their defaults, which a file
        // written for a model without experts or latent attention need not mention.
        if (!value.empty() && !settingNotApplying(key, s))
            out.emplace_back(std::move(key), std::move(value));
    return out;
}

namespace {
std::string countText(double n)
{
    return groupThousands(wholeText(n));
}
std::string plural(double n, const std::string& one, const std::string& many)
{
    return countText(n) + " " + (n == 1 ? one : many);
}
} // namespace

std::string settingsTitle(const ModelSettings& s)
{
    const double chips = deploymentChips(s);
    const std::string step = s.phase == Phase::Decode ? "decode"
        : s.phase == Phase::Prefill                   ? "prefill"
                                                      : "training step";
    return s.model.name + " " + step + " at B = " + countText(s.batch)
        + (chips == 1 ? " on one chip" : " over " + countText(chips) + " chips");
}

std::string settingsDescription(const ModelSettings& s)
{
    std::string out = s.model.name + " (" + std::string(dtypeName(s.weights)) + ") ";
    switch (s.phase) {
    case Phase::Decode:
        out += "decoding " + plural(s.batch, "sequence", "sequences") + " at a context of " + countText(s.context);
        break;
    case Phase::Prefill:
        out += "prefilling " + plural(s.batch, "prompt", "prompts") + " of " + countText(s.prompt) + " tokens";
        break;
    case Phase::Train:
        out += "training on " + plural(s.batch, "sequence", "sequences") + " of " + countText(s.prompt) + " tokens";
        break;
    }
    if (s.tp > 1)
        out += ", split " + countText(s.tp) + " ways by tensor parallelism";
    if (s.ep > 1)
        out += ", its experts over " + countText(s.ep) + " chips";
    if (s.phase == Phase::Train && s.pp > 1)
        out += ", in " + countText(s.pp) + " pipeline stages";
    if (s.phase == Phase::Train && s.dp > 1)
        out += ", " + countText(s.dp) + " data-parallel replicas";
    return out + ".";
}

} // namespace roofline
