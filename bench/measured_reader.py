#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The measured-data reader against pandas.read_csv on the same Nsight Compute raw CSV, side by side.

    bench/measured_reader.py BUILD_DIR [--kernels 10000 20000] [--runs 5]

Makes each file by repeating the 8 kernel rows of tests/fixtures/data/measured/ncu-raw.csv after its ==PROF== lines,
header and units row (written to a temporary folder, removed afterwards), then times, under /usr/bin/time -v, the
program's reader (bench_measured) and pandas.read_csv(skiprows=preamble+units, thousands=','), each in its own process;
the read time is measured inside each process, the peak memory is /usr/bin/time's maximum resident set size. Needs
Debian's python3-pandas (apt-get install python3-pandas). Prints a Markdown table for bench/RESULTS.md.
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = os.path.join(ROOT, "tests", "fixtures", "data", "measured", "ncu-raw.csv")

PANDAS = r"""
import sys, time, json
import pandas
start = time.perf_counter()
frame = pandas.read_csv(sys.argv[1], skiprows=[0, 1, 2, 4], thousands=",", low_memory=False)
seconds = time.perf_counter() - start
print(json.dumps({"seconds": seconds, "kernels": len(frame)}))
"""


def make_file(folder, kernels):
    with open(SOURCE, encoding="utf-8") as f:
        lines = f.read().split("\n")
    preamble, header, units, rows = lines[:3], lines[3], lines[4], [l for l in lines[5:] if l]
    path = os.path.join(folder, f"ncu-raw-{kernels}.csv")
    with open(path, "w", encoding="utf-8") as out:
        out.write("\n".join(preamble + [header, units]) + "\n")
        for i in range(kernels):
            out.write(rows[i % len(rows)] + "\n")
    return path


def timed(command):
    """Runs command under /usr/bin/time -v; returns (its JSON line, peak RSS in bytes)."""
    result = subprocess.run(["/usr/bin/time", "-v"] + command, capture_output=True, text=True, check=True)
    peak = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr).group(1)) * 1024
    return json.loads(result.stdout.strip().splitlines()[-1]), peak


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("build_dir")
    parser.add_argument("--kernels", type=int, nargs="+", default=[10000, 20000])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    reader = os.path.join(args.build_dir, "bench", "bench_measured")
    print("| kernels | file | reader: read s (median) | peak RSS | pandas.read_csv: read s (median) | peak RSS "
          "| speed-up | reader RSS / file |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    with tempfile.TemporaryDirectory() as folder:
        for kernels in args.kernels:
            path = make_file(folder, kernels)
            size = os.path.getsize(path)
            ours, theirs = [], []
            for _ in range(args.runs):  # interleaved, so that a busy moment hits both
                out, peak = timed([reader, path, "ncu"])
                assert out["kernels"] == kernels, out
                ours.append((out["seconds"], peak))
                out, peak = timed([sys.executable, "-c", PANDAS, path])
                assert out["kernels"] == kernels, out
                theirs.append((out["seconds"], peak))
            t_ours = statistics.median(s for s, _ in ours)
            t_theirs = statistics.median(s for s, _ in theirs)
            rss_ours = max(p for _, p in ours)
            rss_theirs = max(p for _, p in theirs)
            print(f"| {kernels:,} | {size / 1e6:.0f} MB | {t_ours:.3f} | {rss_ours / 1e6:.0f} MB | {t_theirs:.3f} "
                  f"| {rss_theirs / 1e6:.0f} MB | {t_theirs / t_ours:.1f}× | {rss_ours / size:.2f} |")


if __name__ == "__main__":
    main()
