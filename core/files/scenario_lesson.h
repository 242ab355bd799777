// SPDX-License-Identifier: GPL-3.0-or-later
// A scenario's `lesson:` block, read and written. Internal to the files subsystem, beside scenario.cpp.
#pragma once

#include "base/yaml_reader.h"
#include "session/session.h"

namespace roofline {

// Reads the block after the session's operations have their ids: the answer must name an operation of the session,
// or a memory level or link of its chip. Each complaint is located at its key ("lesson.answer.critical").
std::optional<Lesson> readLessonBlock(YamlReader&, const YAML::Node& node, const Session&);

void writeLessonBlock(YAML::Emitter&, const Lesson&);

// "critical", "ridge", "intensity", "time": how a scenario file names an answer's kind.
std::string_view answerKindName(LessonAnswer::Kind);

} // namespace roofline
