// SPDX-License-Identifier: GPL-3.0-or-later
// A worked example explained: the question and claim of the scenario's lesson, the answer the program computes and
// the formula with the current numbers put in, made from an analysis so that it follows every change.
#pragma once

#include "session/formula.h"

#include "llm/totals.h"
#include "roofline/dtype.h"
#include "roofline/hardware.h"
#include "roofline/operations.h"
#include "session/compared.h"
#include "session/operation_analysis.h"
#include "session/session.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace roofline {

struct Explanation {
    std::string title; // the scenario's name
    std::string source; // empty without a lesson
    std::string edition; // the edition the lesson's numbers come from; empty when it states none
    std::string question;
    std::string claim;
    // The current edition, where its inputs differ (Lesson::current): its name and claim, and the answer the program
    // computes with its numbers in place of the lesson's. Empty otherwise.
    std::string currentEdition;
    std::string currentClaim;
    std::string currentAnswer;
    std::string answer; // the program's answer in words: "B ≥ 246: compute-bound from B = 245.03 (HBM) …"
    // The answer as a slide carries it, in a few words with its number: "compute-bound for B ≥ 246", "HBM ridge
    // 240.24 FLOPs/byte", "23,810 FLOPs/byte across IB", "T = 1.25 µs"; with chips compared and a threshold asked,
    // each chip's ("TPU v5e: B ≥ 256 · H100: B ≥ 319"). Empty without a lesson.
    std::string caption;
    std::vector<std::string> formula; // lines, the current numbers put in
    double value = 0; // the answer's number: a threshold, ridge, intensity or seconds; 0 when there is none
    std::optional<double> limit; // a threshold's value in the limit of large dimensions, when it differs
    std::string description; // the scenario's description
    // A whole model's step (a session with a model and no lesson): what the step takes and what bounds it, tokens
    // per second, what fits in a chip's memory, as `answer` and `formula` with the current numbers; empty otherwise.
    bool model = false;
    // What the answer is about, for the views: the roof whose ridge it turns on ("HBM", "ICI"; the chart labels it
    // first), the operation it names (its id) and the parameter a sweep or a play of it runs along ("B"). Each empty
    // where the answer names none.
    std::string roof;
    std::string operation;
    std::string param;
    // With chips compared (Session::compare): which one wins, on which roof and by how much, for the operation the
    // answer names, else for every visible operation one after another; then each chip's time. Empty otherwise.
    std::vector<std::string> chips;

    // Nothing to show: no lesson, no model, no description and no chips compared.
    bool empty() const { return source.empty() && !model && description.empty() && chips.empty(); }
};

// What an explanation is made from: the session with its lesson, the chip with its overrides, the chart's dtype and
// peak, and each operation of the session analysed (in its order).
struct ExplanationInputs {
    const Session& session;
    const Hardware& hardware;
    Dtype dtype;
    double peak;
    std::span<const OperationAnalysis> operations;
    const ModelTotals* model = nullptr; // the session's model's totals, when it has a model that runs
    std::span<const ComparedAnalysis> compared = {}; // the chips compared with the session's
};

// The explanation of the analysed session's lesson; without one, its model's step when it has a model, and its title
// and description. analyse() makes it once per change, into Analysis::explanation.
Explanation explain(const ExplanationInputs&);
// Which compared chip runs the lesson's operation, or every visible one, fastest, and on which roof: the lines of
// Explanation::chips (compared.cpp). explain() adds them.
void explainChips(Explanation&, const ExplanationInputs&);

} // namespace roofline
