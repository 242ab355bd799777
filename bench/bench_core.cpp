// SPDX-License-Identifier: GPL-3.0-or-later
// Core evaluation speed: every operation of the default scenario, a sweep of B, the critical-value solver and whole
// analyses of the default workload, 1,000 and 10,000 operations, and of a whole language model.
// Prints the median and 99th percentile over repeated runs. Build in Release: cmake -DCMAKE_BUILD_TYPE=Release.
#include "chart/text_layout.h"
#include "files/model_presets.h"
#include "files/presets.h"
#include "files/scenario.h"
#include "roofline/evaluate.h"
#include "roofline/solver.h"
#include "session/analysis.h"
#include "session/model_sweep.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

using namespace roofline;

namespace {

struct Figures {
    double median;
    double p99;
};

// Runs `body` `reps` times after a warm-up and returns per-run seconds.
Figures measure(int reps, const std::function<void()>& body)
{
    for (int i = 0; i < std::max(1, reps / 20); ++i)
        body();
    std::vector<double> seconds;
    seconds.reserve(static_cast<std::size_t>(reps));
    for (int i = 0; i < reps; ++i) {
        const auto start = std::chrono::steady_clock::now();
        body();
        seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(seconds.begin(), seconds.end());
    return { seconds[seconds.size() / 2], seconds[std::min(seconds.size() - 1, seconds.size() * 99 / 100)] };
}

volatile double g_sink = 0; // keeps the optimiser from dropping the work

void row(const char* what, std::size_t evaluations, Figures f)
{
    std::printf("| %-44s | %10.2f | %10.2f | %12.0f |\n", what, f.median * 1e6, f.p99 * 1e6,
        static_cast<double>(evaluations) / f.median);
}

} // namespace

int main()
{
    const PresetLibrary library = loadPresetLibrary({});
    const Hardware& h100 = *library.find("h100-sxm");
    const Session scenario = defaultSession(h100);
    const int reps = 2000;

    std::printf("| %-44s | %10s | %10s | %12s |\n", "benchmark", "median µs", "p99 µs", "evals/s");
    std::printf("|%s|%s|%s|%s|\n", std::string(46, '-').c_str(), std::string(12, '-').c_str(),
        std::string(12, '-').c_str(), std::string(14, '-').c_str());

    row("evaluate the default scenario (H100)", scenario.operations.size(), measure(reps, [&] {
        for (const Operation& op : scenario.operations)
            g_sink = g_sink + evaluate(op.op, h100)->attainable;
    }));

    for (int points : { 1000, 10000 }) {
        OperationVariant matmul = Matmul {};
        char name[64];
        std::snprintf(name, sizeof name, "sweep B over %d points (matmul)", points);
        row(name, static_cast<std::size_t>(points), measure(points == 1000 ? reps : reps / 10, [&] {
            for (int b = 1; b <= points; ++b) {
                assignNumberParam(matmul, "B", b);
                g_sink = g_sink + evaluate(matmul, h100)->attainable;
            }
        }));
    }

    row("solve the critical value of every operation", scenario.operations.size(), measure(reps / 10, [&] {
        for (const Operation& op : scenario.operations)
            if (auto c = solveCritical(op.op, h100, mainParam(op.op)))
                g_sink = g_sink + c->value;
    }));

    // A whole analysis, as one edit in the window makes: the session copied in, every operation evaluated and
    // solved, the totals summed. The default workload repeated to 1,000 and 10,000 operations.
    for (std::size_t count : { scenario.operations.size(), std::size_t(1000), std::size_t(10000) }) {
        Session big = scenario;
        big.operations.clear();
        while (big.operations.size() < count)
            big.operations.push_back(scenario.operations[big.operations.size() % scenario.operations.size()]);
        for (Operation& op : big.operations)
            op.id.clear();
        assignIdentities(big);
        char name[64];
        std::snprintf(name, sizeof name, "analyse a session of %zu operations", count);
        row(name, count, measure(count > 1000 ? 20 : 200, [&] { g_sink = g_sink + analyse(big).total.tLower; }));
    }

    // A whole model, as a slider step on a model setting makes: its operations made anew, evaluated and solved, the
    // model's totals summed. Llama-3.1-405B (126 layers, analysed once each kind) over 8 GPUs, decode, prefill and
    // a training step (its forward and backward passes, TP 8 × PP 9 × DP 16).
    const ModelLibrary models = loadModelLibrary({});
    for (const Phase phase : { Phase::Decode, Phase::Prefill, Phase::Train }) {
        Session session = defaultSession(h100);
        session.operations.clear();
        ModelSettings settings;
        settings.model = *models.find("llama-3.1-405b");
        settings.phase = phase;
        settings.tp = 8;
        if (phase == Phase::Train) {
            settings.batch = 1024;
            settings.prompt = 4096;
            settings.pp = 9;
            settings.dp = 16;
            settings.microbatches = 16;
        }
        session.model = settings;
        const std::size_t count = analyse(session).operations.size();
        const std::string name = "analyse Llama-3.1-405B " + std::string(phaseName(phase)) + ", TP 8";
        row(name.c_str(), count, measure(reps / 10, [&] { g_sink = g_sink + analyse(session).model->tLower; }));
    }
    // DeepSeek-V3's decode step over 8 GPUs by expert parallelism: latent attention absorbed, dense and mixture layers,
    // the experts' all-to-all.
    {
        Session session = defaultSession(h100);
        session.operations.clear();
        ModelSettings settings;
        settings.model = *models.find("deepseek-v3");
        settings.batch = 256;
        settings.weights = Dtype::fp8;
        settings.ep = 8;
        session.model = settings;
        const std::size_t count = analyse(session).operations.size();
        row("analyse DeepSeek-V3 decode, EP 8", count,
            measure(reps / 10, [&] { g_sink = g_sink + analyse(session).model->tLower; }));
    }
    // The throughput–interactivity frontier the Model tab draws: Llama-3.1-8B decode on an H100 over batches 1 … 256
    // at tp 1, 2, 4 and 8, 36 whole analyses and the frontier among them; and with a Llama-3.1-70B target over
    // batches 1 … 65536, 68 of them.
    for (const auto& [id, to] : { std::pair { "llama-3.1-8b", 256.0 }, std::pair { "llama-3.1-70b", 65536.0 } }) {
        Session session = defaultSession(h100);
        session.operations.clear();
        ModelSettings settings;
        settings.model = *models.find(id);
        session.model = settings;
        const std::size_t count = sweepFrontier(session, to).points.size();
        const std::string name = "frontier of " + std::string(id) + ", " + std::to_string(count) + " points";
        row(name.c_str(), count,
            measure(20, [&] { g_sink = g_sink + static_cast<double>(sweepFrontier(session, to).points.size()); }));
        // The same with three chips compared, as the four-chip example draws it: each chip's frontier as well.
        for (const char* chip : { "h200-sxm", "b200", "mi300x" })
            session.compare.push_back({ chip, *library.find(chip), {} });
        const std::string compared = "  the same, and 3 compared chips' frontiers";
        row(compared.c_str(), count, measure(10, [&] {
            g_sink = g_sink + static_cast<double>(sweepFrontier(session, to).points.size())
                + static_cast<double>(sweepComparedFrontiers(session, to).size());
        }));
    }

    // Reading a scenario grows linearly: four times the operations, or four times the keys of set:, take about four
    // times as long, not sixteen (duplicate ids and keys are found with sets, not by scanning all that came before).
    // The ratio is printed last, under the table.
    auto operations = [](int n) {
        std::string text = "preset: tpu-v5e\noperations:\n";
        for (int i = 0; i < n; ++i)
            text += "  - {op: dot, id: d" + std::to_string(i) + ", N: " + std::to_string(i + 1) + "}\n";
        return text;
    };
    auto setKeys = [](int n) {
        std::string text = "preset: tpu-v5e\nset:\n";
        for (int i = 0; i < n; ++i)
            text += "  bandwidth.L" + std::to_string(i) + ": 1e12\n";
        return text;
    };
    std::vector<std::pair<std::string, double>> ratios;
    for (const auto& [what, make, small] :
        { std::tuple { "operations", std::function<std::string(int)>(operations), 2500 },
            std::tuple { "keys of set:", std::function<std::string(int)>(setKeys), 7500 } }) {
        double median[2] = { 0, 0 };
        for (int i = 0; i < 2; ++i) {
            const int n = small * (i == 0 ? 1 : 4);
            const std::string text = make(n);
            char name[64];
            std::snprintf(name, sizeof name, "read a scenario of %d %s", n, what);
            const Figures f = measure(
                10, [&] { g_sink = g_sink + static_cast<double>(parseScenario(text, "bench.yaml", library).ok()); });
            row(name, static_cast<std::size_t>(n), f);
            median[i] = f.median;
        }
        ratios.emplace_back(what, median[1] / median[0]);
    }
    for (const auto& [what, ratio] : ratios)
        std::printf("\nFour times the %s: %.1f times the time to read (linear 4, quadratic 16).", what.c_str(), ratio);
    std::printf("\n\n");

    // The chart's text layout on a chart of the window's default size: eight roofs (one flat, seven sloped) with their
    // names and five ridges, and N operations with three markers each strewn along the roofs, the first 120 named (as
    // the chart caps them), with leaders while there are at most 40 (as RooflineChart::kNamesMovingOut).
    std::printf("| %-44s | %10s | %10s | %12s |\n", "text layout", "median µs", "p99 µs", "texts/s");
    for (const int n : { 100, 1000, 10000 }) {
        using namespace roofline::chart;
        TextContent content;
        content.plot = { 60, 30, 1000, 520 };
        content.lines.push_back({ { 60, 120 }, { 1060, 120 }, false });
        for (int r = 0; r < 7; ++r)
            content.lines.push_back({ { 60 + 60.0 * r, 550 }, { 360 + 80.0 * r, 120 }, r > 1 });
        for (int r = 0; r < 5; ++r)
            content.marks.push_back({ { 360 + 80.0 * r, 120 }, 4 });
        std::vector<TextRequest> requests;
        for (int r = 0; r < 8; ++r) {
            TextRequest name;
            name.kind = TextRequest::Kind::Line;
            name.texts = { "HBM 3.35 TB/s", "HBM" };
            name.lines = { std::size_t(r) };
            name.rank = 2;
            requests.push_back(name);
        }
        for (int r = 0; r < 5; ++r) {
            TextRequest ridge;
            ridge.kind = TextRequest::Kind::Mark;
            ridge.spots = TextRequest::Spots::Below;
            ridge.texts = { "HBM ridge 295" };
            ridge.marks = { std::size_t(r) };
            ridge.rank = 2;
            requests.push_back(ridge);
        }
        for (int i = 0; i < n; ++i) {
            std::vector<std::size_t> own;
            for (int k = 0; k < 3; ++k) {
                // Along roof k's line, at a place that depends on the operation's index.
                const double t = std::fmod(0.618 * (i + 1) * (k + 1), 1.0);
                const Line& l = content.lines[std::size_t(1 + k)];
                content.marks.push_back(
                    { { l.from.x + (l.to.x - l.from.x) * t, l.from.y + (l.to.y - l.from.y) * t }, 5.5 });
                own.push_back(content.marks.size() - 1);
            }
            if (i < 120) {
                TextRequest name;
                name.kind = TextRequest::Kind::Mark;
                name.spots = TextRequest::Spots::Beside;
                name.texts = { "matmul B=" + std::to_string(64 + i) };
                name.marks = own;
                name.rank = 3;
                name.ordered = true;
                name.mayMoveOut = n <= 40;
                requests.push_back(name);
            }
        }
        const MeasureText textSize = [](const std::string& text, int) {
            return Size { 7.0 * static_cast<double>(text.size()) + 6, 14 };
        };
        char name[64];
        std::snprintf(name, sizeof name, "lay out %zu texts among %d operations", requests.size(), n);
        std::size_t placed = 0;
        const Figures f = measure(n >= 10000 ? 20 : 100, [&] {
            const TextLayout layout = layOutTexts(content, requests, textSize);
            placed = static_cast<std::size_t>(
                std::count_if(layout.texts.begin(), layout.texts.end(), [](const auto& t) { return t.has_value(); }));
        });
        row(name, requests.size(), f);
        std::printf("|   (%zu placed) %-30s | %10s | %10s | %12s |\n", placed, "", "", "", "");
    }
    return 0;
}
