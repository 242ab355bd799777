#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Whole-process figures for bench/RESULTS.md: cold start to the first painted frame, peak resident memory, and an
export by Roofline Lab against the same chart by matplotlib (bench/matplotlib_roofline.py), per figure and per
whole process.

    compare.py BUILD_DIR [--reps N] [--gui-json FILE]

BUILD_DIR holds app/roofline-lab. --gui-json is the output of `bench_gui --json FILE`, whose in-process export
medians give Roofline Lab's per-figure time. Prints a Markdown table.
"""
import argparse
import json
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def run(argv, env=None, until_line=None):
    """Runs a process to its end; returns (seconds to `until_line` or to exit, peak RSS in MiB)."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    seconds = None
    if until_line:
        for line in proc.stdout:
            if line.strip() == until_line:
                seconds = time.perf_counter() - start
                break
    proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    end = time.perf_counter()
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0 or (until_line and seconds is None):
        sys.exit(f"{' '.join(map(str, argv))} failed with {proc.returncode}")
    return (seconds if seconds is not None else end - start), usage.ru_maxrss / 1024


def summary(values):
    return statistics.median(values), percentile(values, 0.99)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("build")
    parser.add_argument("--reps", type=int, default=20)
    parser.add_argument("--gui-json")
    args = parser.parse_args()
    app = pathlib.Path(args.build) / "app" / "roofline-lab"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=tempfile.mkdtemp())
    work = pathlib.Path(tempfile.mkdtemp())
    report = work / "report.json"
    report.write_text(subprocess.run([app, "report", "--preset", "h100-sxm", "--format", "json"], env=env,
                                     check=True, capture_output=True, text=True).stdout)

    rows = []
    # Cold start: process start to the window's first painted frame (the window prints "first-frame" then).
    starts, window_rss = [], []
    run([app], dict(env, ROOFLINE_LAB_FIRST_FRAME_EXIT="1"), "first-frame")  # warm the file cache
    for _ in range(args.reps):
        seconds, rss = run([app], dict(env, ROOFLINE_LAB_FIRST_FRAME_EXIT="1"), "first-frame")
        starts.append(seconds * 1000)
        window_rss.append(rss)
    rows.append(("cold start to first painted frame (ms)", *summary(starts), "", ""))

    figures = {}
    for fmt, scale in (("png", 2), ("svg", 1), ("pdf", 1)):
        out = work / f"chart.{fmt}"
        ours_argv = [app, "export", "--preset", "h100-sxm", "--output", out, "--size", "1600x1000",
                     "--scale", str(scale)]
        theirs_argv = ["/usr/bin/python3", HERE / "matplotlib_roofline.py", report, out, "--size", "1600x1000",
                       "--scale", str(scale)]
        run(ours_argv, env)
        run(theirs_argv, env)
        ours, ours_rss, theirs = [], [], []
        for _ in range(args.reps):
            seconds, rss = run(ours_argv, env)
            ours.append(seconds * 1000)
            ours_rss.append(rss)
            theirs.append(run(theirs_argv, env)[0] * 1000)
        figures[fmt] = (ours, theirs, ours_rss)
        o, t = statistics.median(ours), statistics.median(theirs)
        rows.append((f"whole `export` process, {fmt.upper()} (ms)", *summary(ours), f"{t:.0f}", f"{t / o:.1f}×"))

    in_process = json.loads(pathlib.Path(args.gui_json).read_text()) if args.gui_json else {}
    for fmt, scale in (("png", 2), ("svg", 1), ("pdf", 1)):
        out = work / f"figure.{fmt}"
        proc = subprocess.run(["/usr/bin/python3", HERE / "matplotlib_roofline.py", report, out, "--size",
                               "1600x1000", "--scale", str(scale), "--repeat", str(args.reps)],
                              env=env, check=True, capture_output=True, text=True)
        theirs = statistics.median(json.loads(proc.stdout)["seconds"]) * 1000
        key = f"export_{fmt}"
        if key in in_process:
            ours = in_process[key]
            rows.append((f"one figure, {fmt.upper()}, in process (ms)", ours["median_ms"], ours["p99_ms"],
                         f"{theirs:.1f}", f"{theirs / ours['median_ms']:.1f}×"))

    rows.append(("peak RSS, window with the default scenario (MiB)", *summary(window_rss), "", ""))
    rows.append(("peak RSS, `export` PNG process (MiB)", *summary(figures["png"][2]), "", ""))

    print(f"| measurement | median | p99 | matplotlib median | matplotlib / Roofline Lab |")
    print("|---|---:|---:|---:|---:|")
    for name, median, p99, theirs, ratio in rows:
        print(f"| {name} | {median:.1f} | {p99:.1f} | {theirs} | {ratio} |")


if __name__ == "__main__":
    main()
