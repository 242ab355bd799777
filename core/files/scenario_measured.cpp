// SPDX-License-Identifier: GPL-3.0-or-later
#include "files/scenario_measured.h"

#include "base/units.h"
#include "files/calibration_file.h"
#include "files/presets.h"
#include "files/scenario_paths.h"

namespace roofline {

std::optional<SessionCalibration> readCalibrationKey(
    YamlReader& r, const YAML::Node& node, const std::string& file, const NamedFiles& files)
{
    const std::optional<std::string> path = r.text(node, "calibration");
    if (!path)
        return std::nullopt;
    if (file.starts_with("embedded:") && !path->starts_with("embedded:")) {
        r.error(node, "calibration", "a file built into the program names a calibration built into it");
        return std::nullopt;
    }
    Expected<Calibration, Diagnostics> cal = namedCalibration(files, *path);
    if (!cal) {
        const Diagnostic& d = cal.error().front();
        const std::string where = d.line > 0 ? "line " + std::to_string(d.line) + ": " : std::string();
        const std::string field = d.field.empty() ? std::string() : d.field + ": ";
        r.error(node, "calibration", "cannot read " + quoteInput(*path) + ": " + where + field + d.message);
        return std::nullopt;
    }
    return SessionCalibration { *path, std::make_shared<const Calibration>(std::move(cal).value()) };
}

std::optional<MeasuredSource> readMeasuredSource(YamlReader& r, const YAML::Node& node, const Session& session)
{
    if (!r.checkMap(node, "measured", { "file", "format", "columns", "links" }))
        return std::nullopt;
    MeasuredSource source;
    if (auto f = r.child(node, "measured", "file", true))
        source.file = r.text(*f, "measured.file").value_or("");
    if (auto f = r.child(node, "measured", "format", false)) {
        source.format = r.text(*f, "measured.format").value_or("");
        if (!source.format.empty() && !parseFormatHint(source.format))
            r.error(*f, "measured.format",
                "unknown format " + quoteInput(source.format) + " (expected ncu, csv, json or rocprof-roofline)");
    }
    if (auto c = r.child(node, "measured", "columns", false)) {
        source.columns = r.text(*c, "measured.columns").value_or("");
        const std::optional<MeasuredFormat> format = parseFormatHint(source.format);
        const Expected<ColumnMapping> m = parseColumnMapping(source.columns);
        if (!source.columns.empty() && !m) {
            r.error(*c, "measured.columns", m.error());
        } else if (!source.columns.empty() && format && *format != MeasuredFormat::PlainCsv) {
            r.error(*c, "measured.columns",
                "a column mapping reads a plain CSV, and the format is " + source.format
                    + ", whose fields have their own names: leave the mapping out");
        }
    }
    if (auto links = r.child(node, "measured", "links", false)) {
        if (!links->IsSequence()) {
            r.error(*links, "measured.links", "expected a list of {kernels: PATTERN, operation: ID}");
        } else {
            for (std::size_t i = 0; i < links->size(); ++i) {
                const YAML::Node item = (*links)[i];
                const std::string field = YamlReader::index("measured.links", i);
                if (!r.checkMap(item, field, { "kernels", "operation" }))
                    continue;
                LinkRule rule;
                if (auto k = r.child(item, field, "kernels", true))
                    rule.pattern = r.text(*k, YamlReader::join(field, "kernels")).value_or("");
                if (auto o = r.child(item, field, "operation", true)) {
                    rule.operationId = r.text(*o, YamlReader::join(field, "operation")).value_or("");
                    if (!rule.operationId.empty() && !linkableOperation(session, rule.operationId))
                        r.error(*o, YamlReader::join(field, "operation"),
                            "no operation with id " + quoteInput(rule.operationId) + " (they are "
                                + linkableIds(session) + ")");
                }
                source.links.push_back(std::move(rule));
            }
        }
    }
    return source;
}

void writeMeasuredSource(YAML::Emitter& out, const MeasuredSource& source)
{
    out << YAML::Key << "measured" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "file" << YAML::Value << source.file;
    if (!source.format.empty())
        out << YAML::Key << "format" << YAML::Value << source.format;
    if (!source.columns.empty())
        out << YAML::Key << "columns" << YAML::Value << source.columns;
    if (!source.links.empty()) {
        out << YAML::Key << "links" << YAML::Value << YAML::BeginSeq;
        for (const LinkRule& l : source.links)
            out << YAML::BeginMap << YAML::Key << "kernels" << YAML::Value << l.pattern << YAML::Key << "operation"
                << YAML::Value << l.operationId << YAML::EndMap;
        out << YAML::EndSeq;
    }
    out << YAML::EndMap;
}

std::string measuredPath(const MeasuredSource& source, const std::string& scenarioFile)
{
    return scenarioRelativePath(source.file, scenarioFile);
}

std::string rebasedMeasuredPath(const MeasuredSource& source, const std::string& fromFile, const std::string& toFile)
{
    return rebasedScenarioPath(source.file, fromFile, toFile);
}

namespace {

// Reads with the source's format hint and column mapping, by `read(hint, mapping)`; `name` for a refused mapping.
template <typename Read>
Expected<MeasuredSet, Diagnostics> withOptions(const MeasuredSource& source, const std::string& name, Read read)
{
    std::optional<ColumnMapping> mapping;
    if (!source.columns.empty()) {
        Expected<ColumnMapping> m = parseColumnMapping(source.columns);
        if (!m)
            return Expected<MeasuredSet, Diagnostics>::failure({ { name, 0, 0, "measured.columns", m.error() } });
        mapping = std::move(m).value();
    }
    const std::optional<MeasuredFormat> hint = source.format.empty() ? std::nullopt : parseFormatHint(source.format);
    return read(hint, mapping ? &*mapping : nullptr);
}

} // namespace

Expected<MeasuredSet, Diagnostics> loadMeasuredSource(const MeasuredSource& source, const std::string& scenarioFile)
{
    const std::string path = measuredPath(source, scenarioFile);
    return withOptions(source, path, [&](std::optional<MeasuredFormat> hint, const ColumnMapping* mapping) {
        return openMeasured(path, hint, mapping);
    });
}

Expected<MeasuredSet, Diagnostics> loadMeasuredStandardInput(const MeasuredSource& source, const std::string& name)
{
    return withOptions(source, name, [&](std::optional<MeasuredFormat> hint, const ColumnMapping* mapping) {
        return readMeasured(InputFile::standardInput(kMaxMeasuredFileBytes), name, hint, mapping);
    });
}

Expected<MeasuredSet, Diagnostics> openMeasured(
    const std::string& path, std::optional<MeasuredFormat> hint, const ColumnMapping* mapping)
{
    if (path.starts_with("embedded:")) {
        for (const EmbeddedFile& f : embeddedFiles())
            if (f.name == std::string_view(path).substr(9))
                return parseMeasured(f.text, path, hint, mapping);
        return Expected<MeasuredSet, Diagnostics>::failure(
            { { path, 0, 0, {}, "no such file built into the program" } });
    }
    return readMeasured(path, hint, mapping);
}

} // namespace roofline
