// SPDX-License-Identifier: GPL-3.0-or-later
// A session: everything a scenario file holds and the window shows, as one plain value. Every view reads it through
// its analysis (analysis.h); every edit makes a new session.
#pragma once

#include "base/expected.h"
#include "chart/chart.h"
#include "llm/model.h"
#include "measured/calibration.h"
#include "measured/measured.h"
#include "roofline/dtype.h"
#include "roofline/hardware.h"
#include "roofline/operations.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace roofline {

// A number of the chip set by the user or the file, by a key of setHardwareValue: "bandwidth.HBM", "peak.bf16".
struct Override {
    std::string key;
    double value = 0;

    bool operator==(const Override&) const = default;
};

// What a worked example's answer is: a number the analysis computes.
struct LessonAnswer {
    enum class Kind {
        Critical, // the smallest compute-bound value of an operation's main parameter
        Ridge, // a roof's critical intensity: the chart's peak over a memory level's or link's bandwidth
        Intensity, // an operation's FLOPs per byte across one resource (its binding one when none is named)
        Time, // an operation's run time, max and sum of its resource times
    };
    Kind kind = Kind::Ridge;
    std::string target; // the operation's id, or for a ridge the memory level or link
    std::string resource; // Intensity: the resource; empty for the binding one

    bool operator==(const LessonAnswer&) const = default;
};

// How a worked example frames its chart when it opens: the axes' decades and the roofs drawn. Each part is
// optional: without axes the chart takes the range its content asks for, without roofs it draws them all.
struct LessonView {
    std::optional<chart::DecadeRange> x; // arithmetic intensity
    std::optional<chart::DecadeRange> y; // FLOP/s
    std::vector<std::string> roofs; // names of compute dtypes, memory levels and links of the chip

    bool operator==(const LessonView&) const = default;
};

// The current edition of a text, where its inputs differ from the edition a lesson's numbers come from: those inputs
// (numbers of the chip, as a scenario's set: gives them) and what that edition says.
struct LessonEdition {
    std::string edition; // "the current edition (2025): HBM 8.2e11 B/s"
    std::vector<Override> set;
    std::string claim; // "480 / 2 = 240"

    bool operator==(const LessonEdition&) const = default;
};

// A scenario as a worked example of the texts: where it comes from, what it asks, what the text claims, and which
// computed number answers it (explanation.h turns these and the analysis into the text the window shows).
struct Lesson {
    std::string source; // "How to Scale Your Model, All About Rooflines, Question 1"
    std::string edition; // the edition the numbers come from: "the seed text (2024)"; empty when not stated
    std::optional<LessonEdition> current; // the current edition's inputs and claim, where they differ
    std::string question; // as the text asks it
    std::string claim; // what the text says: "B > 243"
    int order = 0; // position in the sequence of examples
    LessonAnswer answer;
    std::optional<LessonView> view;

    bool operator==(const Lesson&) const = default;
};

// A calibration the session's times follow (roofline-lab calibrate): the file as the scenario names it, and what it
// holds, read once and shared by every session an edit makes. Two are equal when they name the same file and hold
// the same calibration, whichever reading it came from.
struct SessionCalibration {
    std::string file;
    std::shared_ptr<const Calibration> calibration;
    // Named by the chip's preset (its `calibration:` key), `file` resolved from the preset's folder: it comes and goes
    // with the chip, and a saved scenario leaves it to the preset.
    bool fromPreset = false;

    bool operator==(const SessionCalibration& other) const
    {
        return file == other.file && fromPreset == other.fromPreset
            && (calibration == other.calibration
                || (calibration && other.calibration && *calibration == *other.calibration));
    }
};

// Another chip on the same chart (View ▸ Compare with…, export --compare, a scenario's compare: list): a preset with
// overrides of its own. The sliders edit the session's chip; a compared chip stays as its preset and overrides give it.
struct ComparedChip {
    std::string presetId;
    Hardware chip; // as its preset gives it
    std::vector<Override> overrides; // each key once, checked against the chip when set

    bool operator==(const ComparedChip&) const = default;

    // The chip with its overrides, under the session's latency switch.
    Hardware hardware(bool latency) const;
};

// Chips compared with the session's, at most: four on one chart in all.
inline constexpr std::size_t kMaxComparedChips = 3;

struct Session {
    std::string name;
    std::string description;
    std::string presetId; // the chip's preset id; empty for a chip given inline
    Hardware chip; // the chip as its preset or the file gives it, before overrides: what Reset restores
    std::vector<Override> overrides; // each key once, in the order first set
    std::optional<Dtype> dtype; // the compute roof the chart shows; the chip's default when empty
    // Latency floors (scenario `latency: on`, --set latency=on): every operation takes at least the chip's launch
    // floor and every collective pays its link's α per message step. Off by default: the texts' ideal roofline.
    bool latency = false;
    std::vector<Operation> operations; // the user's, then (after analyse) the model's generated ones
    std::optional<ModelSettings> model; // a whole model on the chart; its operations are generated, never saved
    std::optional<MeasuredSource> measured; // kernels measured on a real chip, shown beside the model
    std::optional<SessionCalibration> calibration; // a practical model of the chip, fitted from measured kernels
    bool noCalibration = false; // the user cleared it: saved as `calibration: none`, so the preset's stays away
    std::optional<Lesson> lesson; // a worked example of the texts
    std::vector<ComparedChip> compare; // other chips drawn beside this one, none named twice nor the session's own
    // The price of one chip-hour of other chips, by preset id (the Compare tab's Price column, a scenario's prices:):
    // their rows' cost. The session's own chip's is its price.hour; a chip's price follows it when the session moves.
    std::map<std::string, double> prices;

    bool operator==(const Session&) const = default;

    // The chip with the overrides applied.
    Hardware hardware() const;
    // The dtype whose peak the chart draws: the session's choice when the hardware, overrides included, has a peak
    // for it (an override may add one), else the hardware's default.
    Dtype chartDtype() const;
    Dtype chartDtype(const Hardware& withOverrides) const;
    const Operation* find(std::string_view id) const;
    // The position of the operation with this id, or nothing.
    std::optional<std::size_t> indexOf(std::string_view id) const;
};

// Whether a link (measured.links, --match, the window's Link to) or a lesson's answer may name `id`: one of the
// session's own operations or, with a model, an id the model's operations take under some settings (generatedIds),
// whether or not the settings of the moment generate it. The one rule the reader, the command line and the window
// follow, so that whatever the window links can be saved and read back.
bool linkableOperation(const Session&, std::string_view id);
// The ids linkableOperation accepts, for messages: "op1, op2, or a part of the model: model.embedding, ...".
std::string linkableIds(const Session&);

// "on" or "off" as the latency switch, or nothing.
std::optional<bool> parseSwitch(std::string_view);

// The price of one chip-hour of the chip `presetId`: the session's own chip's price.hour, another's from its prices;
// 0 when none was given.
double chipPrice(const Session&, std::string_view presetId);

// Sets or replaces one override after checking it against the chip. Returns the core's error text, or nothing.
std::optional<std::string> setOverride(Session&, std::string_view key, double value);
std::optional<std::string> setOverride(ComparedChip&, std::string_view key, double value);

// Why `chips` cannot be compared with the session's: more than kMaxComparedChips, one named twice, the session's own
// chip among them. Nothing when they can.
std::optional<std::string> comparedChipsProblem(const Session&, const std::vector<ComparedChip>& chips);

// Moves an operation from chip `from` onto chip `to`: a memory level `to` lacks becomes its main memory; a link it
// lacks becomes its link of the same reach (another scale-up link for NVLink or ICI, scale-out for InfiniBand or DCN,
// the host's for PCIe), else its first link. What `to` has is kept.
void moveToChip(OperationVariant&, const Hardware& from, const Hardware& to);
// The link of `to` that takes the place of `from`'s link `name` as moveToChip chooses it: the same name when `to` has
// it, else its link of the same reach; empty (its first link) when it has none of that reach.
std::string counterpartLink(std::string_view name, const Hardware& from, const Hardware& to);

// Gives every operation without an id the next free "opN", and every one without a colour the colour of its series
// (seriesKey: matmuls that differ only in B read as one) or, for a new series, the palette colour fewest series have
// so far. Existing ids and colours are kept, so that removing an operation never renames or recolours another.
// Duplicate ids are renumbered (the later one changes).
void assignIdentities(Session&);
// Appends an operation with a fresh id and colour; returns its id.
std::string addOperation(Session&, Operation);

// The operations the window opens with for a chip: a dot product, LayerNorm, bf16 matmuls at B = 32, 256 and 1024,
// the int8 and int8-weight matmuls, a batched int8 matmul, a 2-chip sharded matmul, an AllReduce and a
// data-parallel step. Network operations use the chip's first scale-up and scale-out links. No ids or colours yet.
std::vector<Operation> defaultWorkload(const Hardware&);

// A session of a preset with its default workload, ids and colours assigned.
Session defaultSession(const Hardware&);

} // namespace roofline
