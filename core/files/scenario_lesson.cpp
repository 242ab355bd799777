// SPDX-License-Identifier: GPL-3.0-or-later
#include "files/scenario_lesson.h"

#include "base/units.h"
#include "files/hardware_reader.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace roofline {

namespace {

constexpr std::array kAnswerKinds { LessonAnswer::Kind::Critical, LessonAnswer::Kind::Ridge,
    LessonAnswer::Kind::Intensity, LessonAnswer::Kind::Time };
constexpr int kMaxOrder = 1000;
// A view's decades: 10^-12 to 10^30 reaches every intensity and rate a chip or a model has, with room to spare.
constexpr int kLowestDecade = -12;
constexpr int kHighestDecade = 30;

std::string resourceNames(const Hardware& hw)
{
    std::string names;
    for (const MemoryLevel& m : hw.memories)
        names += (names.empty() ? "" : ", ") + m.name;
    for (const Link& l : hw.links)
        names += (names.empty() ? "" : ", ") + l.name;
    return names.empty() ? "none" : names;
}

// The roofs a view may name: the chip's peaks, memory levels and links.
std::string roofNames(const Hardware& hw)
{
    const std::string names = peakDtypeNames(hw);
    return names + (names.empty() ? "" : ", ") + resourceNames(hw);
}

bool hasResource(const Hardware& hw, const std::string& name)
{
    return hw.memory(name) != nullptr || hw.link(name) != nullptr;
}

std::optional<LessonAnswer> readAnswer(YamlReader& r, const YAML::Node& node, const Session& session)
{
    const std::string field = "lesson.answer";
    if (!r.checkMap(node, field, { "critical", "ridge", "intensity", "time", "resource" }))
        return std::nullopt;
    std::optional<LessonAnswer> answer;
    for (LessonAnswer::Kind kind : kAnswerKinds) {
        const std::string key(answerKindName(kind));
        const std::optional<YAML::Node> target = r.child(node, field, key, false);
        if (!target)
            continue;
        if (answer) {
            r.error(*target, YamlReader::join(field, key), "give one of critical, ridge, intensity or time, not two");
            return std::nullopt;
        }
        const std::optional<std::string> name = r.identifier(*target, YamlReader::join(field, key));
        if (!name)
            return std::nullopt;
        const Hardware hw = session.hardware();
        if (kind == LessonAnswer::Kind::Ridge && !hasResource(hw, *name)) {
            r.error(*target, YamlReader::join(field, key),
                hw.name + " has no memory level or link named " + quoteInput(*name) + " (it has " + resourceNames(hw)
                    + ")");
            return std::nullopt;
        }
        if (kind != LessonAnswer::Kind::Ridge && !linkableOperation(session, *name)) {
            r.error(*target, YamlReader::join(field, key),
                "no operation has the id " + quoteInput(*name) + " (they are " + linkableIds(session) + ")");
            return std::nullopt;
        }
        answer = LessonAnswer { kind, *name, {} };
    }
    if (!answer) {
        r.error(node, field, "missing (give critical: ID, ridge: RESOURCE, intensity: ID or time: ID)");
        return std::nullopt;
    }
    if (const std::optional<YAML::Node> resource = r.child(node, field, "resource", false)) {
        const std::string resourceField = YamlReader::join(field, "resource");
        const std::optional<std::string> name = r.identifier(*resource, resourceField);
        if (!name)
            return std::nullopt;
        if (answer->kind != LessonAnswer::Kind::Intensity) {
            r.error(*resource, resourceField, "only an intensity answer names a resource");
            return std::nullopt;
        }
        if (!hasResource(session.hardware(), *name)) {
            r.error(*resource, resourceField,
                "no memory level or link named " + quoteInput(*name) + " (the chip has "
                    + resourceNames(session.hardware()) + ")");
            return std::nullopt;
        }
        answer->resource = *name;
    }
    return answer;
}

// "x: [-1, 4]": two whole decades, the first below the second.
std::optional<chart::DecadeRange> readDecades(YamlReader& r, const YAML::Node& node, const std::string& field)
{
    if (!node.IsSequence() || node.size() != 2) {
        r.error(node, field, "expected two whole decades, the lower first: [-1, 4] for 0.1 to 10,000");
        return std::nullopt;
    }
    int decades[2] = { 0, 0 };
    for (std::size_t i = 0; i < 2; ++i) {
        const std::string at = YamlReader::index(field, i);
        // A decade is an exponent of ten as written, digits with an optional sign: no prefix ("0.01k"), no exponent of
        // its own ("1e1") and no fraction, which a number would take.
        const std::string scalar = node[i].IsScalar() ? node[i].Scalar() : std::string();
        const std::string_view digits = std::string_view(scalar).substr(
            !scalar.empty() && (scalar.front() == '-' || scalar.front() == '+') ? 1 : 0);
        const bool whole = !digits.empty() && digits.size() <= 3
            && std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; });
        const int v = whole ? std::stoi(scalar) : 0;
        if (!whole || v < kLowestDecade || v > kHighestDecade) {
            r.error(node[i], at,
                "expected a whole decade from " + std::to_string(kLowestDecade) + " to "
                    + std::to_string(kHighestDecade) + ", found " + r.describe(node[i]));
            return std::nullopt;
        }
        decades[i] = v;
    }
    if (decades[0] >= decades[1]) {
        r.error(node, field, "the lower decade must come first and be below the upper one");
        return std::nullopt;
    }
    return chart::DecadeRange { decades[0], decades[1] };
}

std::optional<LessonView> readView(YamlReader& r, const YAML::Node& node, const Session& session)
{
    const std::string field = "lesson.view";
    if (!r.checkMap(node, field, { "x", "y", "roofs" }))
        return std::nullopt;
    LessonView view;
    for (const auto& [key, into] : { std::pair { "x", &view.x }, std::pair { "y", &view.y } })
        if (const std::optional<YAML::Node> n = r.child(node, field, key, false)) {
            *into = readDecades(r, *n, YamlReader::join(field, key));
            if (!*into)
                return std::nullopt;
        }
    if (const std::optional<YAML::Node> n = r.child(node, field, "roofs", false)) {
        const std::string roofsField = YamlReader::join(field, "roofs");
        if (!n->IsSequence() || n->size() == 0) {
            r.error(*n, roofsField, "expected a list of roofs: [bf16, HBM]");
            return std::nullopt;
        }
        const Hardware hw = session.hardware();
        for (std::size_t i = 0; i < n->size(); ++i) {
            const std::string at = YamlReader::index(roofsField, i);
            const std::optional<std::string> name = r.identifier((*n)[i], at);
            if (!name)
                return std::nullopt;
            const std::optional<Dtype> dtype = parseDtype(*name);
            if (!hasResource(hw, *name) && !(dtype && hw.peakFor(*dtype))) {
                r.error((*n)[i], at,
                    hw.name + " has no compute peak, memory level or link named " + quoteInput(*name) + " (it has "
                        + roofNames(hw) + ")");
                return std::nullopt;
            }
            if (std::find(view.roofs.begin(), view.roofs.end(), *name) != view.roofs.end()) {
                r.error((*n)[i], at, quoteInput(*name) + " is listed twice");
                return std::nullopt;
            }
            view.roofs.push_back(*name);
        }
    }
    return view;
}

// `current:`: the current edition's name, its inputs (numbers of the chip, checked as a scenario's set: is) and its
// claim.
std::optional<LessonEdition> readCurrentEdition(YamlReader& r, const YAML::Node& node, const Session& session)
{
    const std::string field = "lesson.current";
    if (!r.checkMap(node, field, { "edition", "set", "claim" }))
        return std::nullopt;
    LessonEdition current;
    bool ok = true;
    for (const auto& [key, into] : { std::pair<const char*, std::string*> { "edition", &current.edition },
             std::pair<const char*, std::string*> { "claim", &current.claim } }) {
        const std::optional<YAML::Node> n = r.child(node, field, key, true);
        const std::optional<std::string> text = n ? r.text(*n, YamlReader::join(field, key)) : std::nullopt;
        ok = ok && text.has_value();
        *into = text.value_or("");
    }
    const std::optional<YAML::Node> set = r.child(node, field, "set", true);
    if (!set || !set->IsMap()) {
        if (set)
            r.error(*set, field + ".set", "expected a mapping of the chip's numbers (bandwidth.HBM: 8.2e11)");
        return std::nullopt;
    }
    Hardware hw = session.hardware();
    for (const auto& entry : *set) {
        const std::string key = entry.first.IsScalar() ? entry.first.Scalar() : std::string();
        const std::string keyField = YamlReader::join(field + ".set", key);
        const std::optional<HardwareQuantity> quantity = quantityOfKey(key);
        if (!quantity) {
            r.error(
                entry.first, keyField, "unknown key (expected a number of the chip: peak.DTYPE, bandwidth.NAME, ...)");
            ok = false;
            continue;
        }
        if (std::optional<std::string> problem = hardwareKeyProblem(hw, key)) {
            r.error(entry.first, keyField, *problem);
            ok = false;
            continue;
        }
        const std::optional<double> v = readHardwareValue(r, entry.second, keyField, *quantity);
        if (!v || setHardwareValue(hw, key, *v)) {
            ok = false;
            continue;
        }
        current.set.push_back({ key, *v });
    }
    if (!ok)
        return std::nullopt;
    return current;
}

} // namespace

std::string_view answerKindName(LessonAnswer::Kind kind)
{
    switch (kind) {
    case LessonAnswer::Kind::Critical:
        return "critical";
    case LessonAnswer::Kind::Ridge:
        return "ridge";
    case LessonAnswer::Kind::Intensity:
        return "intensity";
    case LessonAnswer::Kind::Time:
        return "time";
    }
    return "ridge";
}

std::optional<Lesson> readLessonBlock(YamlReader& r, const YAML::Node& node, const Session& session)
{
    if (!r.checkMap(node, "lesson", { "source", "edition", "current", "question", "claim", "order", "answer", "view" }))
        return std::nullopt;
    Lesson lesson;
    bool ok = true;
    const auto readText = [&](std::string_view key, std::string& into) {
        const std::string field = YamlReader::join("lesson", key);
        if (const std::optional<YAML::Node> n = r.child(node, "lesson", key, true)) {
            if (std::optional<std::string> t = r.text(*n, field))
                into = std::move(*t);
            else
                ok = false;
        } else {
            ok = false;
        }
    };
    readText("source", lesson.source);
    if (r.child(node, "lesson", "edition", false))
        readText("edition", lesson.edition);
    if (const std::optional<YAML::Node> n = r.child(node, "lesson", "current", false)) {
        lesson.current = readCurrentEdition(r, *n, session);
        ok = ok && lesson.current.has_value();
    }
    readText("question", lesson.question);
    readText("claim", lesson.claim);
    if (const std::optional<YAML::Node> n = r.child(node, "lesson", "order", false)) {
        if (const std::optional<double> order = r.count(*n, "lesson.order", 1, kMaxOrder)) {
            lesson.order = static_cast<int>(*order);
        } else {
            ok = false;
        }
    }
    if (const std::optional<YAML::Node> n = r.child(node, "lesson", "answer", true)) {
        if (std::optional<LessonAnswer> answer = readAnswer(r, *n, session))
            lesson.answer = std::move(*answer);
        else
            ok = false;
    } else {
        ok = false;
    }
    if (const std::optional<YAML::Node> n = r.child(node, "lesson", "view", false)) {
        lesson.view = readView(r, *n, session);
        ok = ok && lesson.view.has_value();
    }
    if (!ok)
        return std::nullopt;
    return lesson;
}

void writeLessonBlock(YAML::Emitter& out, const Lesson& lesson)
{
    out << YAML::BeginMap;
    out << YAML::Key << "source" << YAML::Value << lesson.source;
    if (!lesson.edition.empty())
        out << YAML::Key << "edition" << YAML::Value << lesson.edition;
    if (const std::optional<LessonEdition>& current = lesson.current) {
        out << YAML::Key << "current" << YAML::Value << YAML::BeginMap;
        out << YAML::Key << "edition" << YAML::Value << current->edition;
        out << YAML::Key << "set" << YAML::Value << YAML::BeginMap;
        for (const Override& o : current->set)
            out << YAML::Key << o.key << YAML::Value << savedNumber(o.value);
        out << YAML::EndMap;
        out << YAML::Key << "claim" << YAML::Value << current->claim;
        out << YAML::EndMap;
    }
    out << YAML::Key << "question" << YAML::Value << lesson.question;
    out << YAML::Key << "claim" << YAML::Value << lesson.claim;
    if (lesson.order > 0)
        out << YAML::Key << "order" << YAML::Value << lesson.order;
    out << YAML::Key << "answer" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << std::string(answerKindName(lesson.answer.kind)) << YAML::Value << lesson.answer.target;
    if (!lesson.answer.resource.empty())
        out << YAML::Key << "resource" << YAML::Value << lesson.answer.resource;
    out << YAML::EndMap;
    if (lesson.view) {
        out << YAML::Key << "view" << YAML::Value << YAML::BeginMap;
        for (const auto& [key, range] : { std::pair { "x", lesson.view->x }, std::pair { "y", lesson.view->y } })
            if (range)
                out << YAML::Key << key << YAML::Value << YAML::Flow << YAML::BeginSeq << range->lowerDecade
                    << range->upperDecade << YAML::EndSeq;
        if (!lesson.view->roofs.empty())
            out << YAML::Key << "roofs" << YAML::Value << YAML::Flow << lesson.view->roofs;
        out << YAML::EndMap;
    }
    out << YAML::EndMap;
}

} // namespace roofline
