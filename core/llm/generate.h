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
inline constexpr std::string_view kGroupMlp = "mlp";
inline constexpr std::string_view kGroupNorms = "norms & residuals";
inline constexpr std::string_view kGroupAllReduce = "all-reduce";
inline constexpr std::string_view kGroupLmHead = "lm_head";
inline constexpr std::string_view kGroupGradients = "gradient all-reduce";
inline constexpr std::string_view kGroupPipeline = "pipeline sends";

// The operations of one step per chip (tensor parallelism splits heads and MLP columns over N chips, the lm_head's
// vocabulary too): each layer's norms, q/k/v/o projections, attention over the KV cache, residual adds, MLP (router
// and experts for a mixture) and, with N > 1, its two all-reduces, with repeat = layers; the embedding gather and the
// lm_head (last position of each sequence) once. A training step runs one pipeline stage's L/pp layers for each of
// its microbatches over every token, each forward operation followed (after the whole forward pass, in reverse
// order) by its backward pass; its lm_head runs on every token, with the loss; with pp > 1 each microbatch's
// activations and gradients cross `ppLink` between stages, and with dp > 1 the gradients of the chip's parameters
// are all-reduced once over `dpLink`. The stage shown holds the embedding and the lm_head both: the step waits for
// its slowest stage. Ids are "model.PART", names say what each is, `generated` is set, and colours follow the group.
// The settings must have passed settingsProblem().
std::vector<Operation> modelOperations(const ModelSettings&, const Hardware&);

// The link a training step's gradients and pipeline sends cross when the settings name none: the chip's first link
// to other nodes or pods, else its first link.
std::string scaleOutLink(const Hardware&);

} // namespace roofline
