// SPDX-License-Identifier: GPL-3.0-or-later
// A model and its settings as ordinary operations: one layer's worth, each counted once per layer, plus the
// embedding and the lm_head. analyse() appends them to the session it analyses; scenario files never hold them.
#pragma once

#include "llm/model.h"
#include "roofline/hardware.h"
#include "roofline/operations.h"

#include <vector>

namespace roofline {

// The layer parts operations are grouped by, in the order they run.
inline constexpr std::string_view kGroupEmbedding = "embedding";
inline constexpr std::string_view kGroupAttention = "attention";
inline constexpr std::string_view kGroupMlp = "mlp"; // dense, and a mixture's shared experts
inline constexpr std::string_view kGroupExperts = "experts"; // a mixture's router and routed experts
inline constexpr std::string_view kGroupAllToAll = "all-to-all"; // expert parallelism's dispatch and combine
inline constexpr std::string_view kGroupNorms = "norms & residuals";
inline constexpr std::string_view kGroupAllReduce = "all-reduce";
inline constexpr std::string_view kGroupLmHead = "lm_head";
inline constexpr std::string_view kGroupGradients = "gradient all-reduce";
inline constexpr std::string_view kGroupPipeline = "pipeline sends";
inline constexpr std::string_view kGroupParameters = "parameter all-gathers"; // ZeRO's
inline constexpr std::string_view kGroupDraft = "draft model"; // speculative decoding's k draft steps
// The draft model's operations have the ids "model.draft.PART", PART one of its own parts.
inline constexpr std::string_view kDraftPart = "draft.";

// The operations of one step per chip (tensor parallelism splits heads and MLP columns over N chips, the lm_head's
// vocabulary too): each layer's norms, q/k/v/o projections (latent attention's down and up projections, absorbed
// into the query and output in a decode step), attention over the KV cache (the window's layers and the others apart),
// residual adds, MLP (router, shared and routed experts for a mixture, dense in its first layers; with expert
// parallelism the all-to-all dispatch and combine around the routed experts) and, with N > 1, its two all-reduces,
// with repeat = layers of each kind; the embedding gather and the lm_head (last position of each sequence) once. A
// training step runs one pipeline stage's L/pp layers for each of its microbatches over every token, each forward
// operation followed (after the whole forward pass, in reverse order) by its backward pass; its lm_head runs on every
// token, with the loss; with pp > 1 each microbatch's activations and gradients cross `ppLink` between stages, and with
// dp > 1 the gradients of the chip's parameters are all-reduced once over `dpLink` (ZeRO reduce-scatters them and
// all-gathers the weights). The stage shown holds the embedding and the lm_head both, and the mean stage's share of
// a model's window, dense and mixture layers (a fractional repeat where pp does not divide them: the slowest stage's,
// a layer more at most, is not sought). A speculative decode step runs the draft model's k decode steps first (ids
// "model.draft.PART", group kGroupDraft, each repeated k times), then the target over k + 1 tokens per sequence, its
// lm_head on each of them. Ids are "model.PART", names say what each is, `generated`
// is set, and colours follow the group. The settings must have passed modelProblem().
std::vector<Operation> modelOperations(const ModelSettings&, const Hardware&);

// The parameters one chip holds: split N ways by tensor parallelism (and, in a training step, over the pipeline's
// stages: the mean stage's share), the K and V projections as whole heads when N exceeds the KV heads, a mixture's
// router and latent attention's down projections whole on every chip, and under expert parallelism the routed
// experts over ep rather than N. ZeRO's sharding of them over the replicas is the totals'.
double parametersPerChip(const ModelSettings&);

// The rows one chip's routed experts compute in one layer: tokens·k, or under expert parallelism the busiest chip's
// imbalance·tokens·k/ep of the deployment's tokens (at most a visit of each token to each expert the chip holds).
double expertRowsPerChip(const ModelSettings&);

// Why the settings cannot run their model on the chip, as "KEY: why" naming the setting that makes it impossible
// ("prompt: 16777216 sequences of 1073741824 tokens are ..."), or nothing. settingsProblem's rules first, then the
// chip (a compute peak for the activations' dtype, and in a training step for the weights' its gradients are added in,
// the links that tensor, data and pipeline parallelism cross) and the size of the work: every operation modelOperations
// makes keeps each count within its legal range (2^53), and evaluates. What the scenario reader, the command line, the
// window's edits and the analysis check before they generate anything.
// `operations`, when given, receives what modelOperations makes for settings that can run (it makes them to check
// them): analyse() takes them rather than make them twice.
std::optional<std::string> modelProblem(
    const ModelSettings&, const Hardware&, std::vector<Operation>* operations = nullptr);

// The ids of the operations a model generates are "model.PART". No user operation may take one, nor "model" itself:
// links and lesson answers name both kinds of operation, and --set's "model." keys are the model's settings.
inline constexpr std::string_view kGeneratedIdPrefix = "model.";
bool reservedOperationId(std::string_view id);
// Every id the model's operations take under some settings (each phase, tensor, data, pipeline and expert
// parallelism, every ZeRO stage, materialised scores), in the order they first run: what a link or a lesson's answer
// may name whatever the settings are now. An id the settings of the moment do not generate names no operation until
// they do.
std::vector<std::string> generatedIds(const Model&);

// The link a training step's gradients and pipeline sends cross when the settings name none: the chip's first link
// to other nodes or pods, else its first link.
std::string scaleOutLink(const Hardware&);

} // namespace roofline
