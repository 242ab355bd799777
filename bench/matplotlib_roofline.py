#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The baseline for bench/RESULTS.md: the same roofline chart drawn with matplotlib, the tool the texts' own figures
are made with. It reads the JSON of `roofline-lab report --format json`, so both programs draw the same numbers:
the compute roof, every bandwidth roof with its label and ridge, the bold envelope, shaded regions, a marker per
operation per resource (the binding one filled, joined by a thin line), labels beside markers, and a legend.

    matplotlib_roofline.py REPORT.json OUTPUT.png|svg|pdf [--size 1600x1000] [--scale 2] [--repeat N]

With --repeat N the figure is drawn and saved N times and the per-figure seconds are printed as JSON.
"""
import argparse
import json
import math
import sys
import time

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

OKABE_ITO = ["#E69F00", "#56B4E9", "#009E73", "#0072B2", "#D55E00", "#CC79A7", "#000000", "#F0E442"]


def decade_range(lo, hi, pad=0.5):
    return 10 ** math.floor(math.log10(lo) - pad), 10 ** math.ceil(math.log10(hi) + pad)


def draw(report, output, width, height, scale):
    hw = report["hardware"]
    ceilings = hw["ceilings"]
    peak = next(c["flops_per_s"] for c in ceilings if c["kind"] == "compute")
    roofs = [c for c in ceilings if c["kind"] != "compute"]
    points = []
    for op in report["operations"]:
        for r in op["resources"]:
            if r["intensity"] and r["intensity"] > 0:
                points.append(r["intensity"])
    ridges = [c["ridge_intensity"] for c in roofs]
    x0, x1 = decade_range(min(points + ridges), max(points + ridges))
    y0, y1 = decade_range(min(peak / 1e6, min(c["bandwidth_bytes_per_s"] * x0 for c in roofs)), peak, 0.3)

    dpi = 100 * scale
    fig, ax = plt.subplots(figsize=(width / 100, height / 100), dpi=dpi)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlim(x0, x1)
    ax.set_ylim(max(y0, peak / 1e7), y1)
    ax.set_xlabel("Arithmetic intensity (FLOPs per byte)")
    ax.set_ylabel("Attainable FLOP/s")
    ax.set_title(f"{hw['name']} · {hw['dtype']}")
    ax.grid(True, which="major", alpha=0.3)

    ax.hlines(peak, x0, x1, colors="black", linewidth=1.5)
    ax.text(x1, peak * 1.15, f"{peak / 1e12:.3g} TFLOP/s {hw['dtype']}", ha="right", va="bottom")
    memory_ridge = None
    for i, roof in enumerate(roofs):
        bw, ridge = roof["bandwidth_bytes_per_s"], roof["ridge_intensity"]
        style = "-" if roof["kind"] == "memory" else "-."
        ax.plot([x0, ridge], [bw * x0, peak], linestyle=style, color="#0072B2" if roof["kind"] == "memory" else "#8c6d1f", linewidth=1)
        ax.plot([ridge], [peak], marker="o", markerfacecolor="white", color="black", markersize=4)
        ax.annotate(f"{ridge:,.0f}", (ridge, peak), textcoords="offset points", xytext=(4, -12), fontsize=8)
        lx = math.sqrt(x0 * ridge)
        ax.text(lx, bw * lx * 1.2, f"{roof['name']} {bw / 1e9:.3g} GB/s", rotation=33, fontsize=8, rotation_mode="anchor")
        if roof["kind"] == "memory" and (memory_ridge is None or ridge > memory_ridge):
            memory_ridge = ridge
    mem = [r for r in roofs if r["kind"] == "memory"]
    xs = [x0] + sorted(r["ridge_intensity"] for r in mem) + [x1]
    env = [min([peak] + [r["bandwidth_bytes_per_s"] * x for r in mem]) for x in xs]
    ax.plot(xs, env, color="black", linewidth=3)
    ax.fill_between(xs, ax.get_ylim()[0], env, where=[x <= memory_ridge for x in xs], color="#56B4E9", alpha=0.08)
    ax.fill_between(xs, ax.get_ylim()[0], env, where=[x >= memory_ridge for x in xs], color="#009E73", alpha=0.08)
    ax.text(math.sqrt(x0 * memory_ridge), ax.get_ylim()[0] * 3, "bandwidth-bound", style="italic", ha="center")
    ax.text(math.sqrt(memory_ridge * x1), ax.get_ylim()[0] * 3, "compute-bound", style="italic", ha="center")

    for i, op in enumerate(report["operations"]):
        colour = OKABE_ITO[i % len(OKABE_ITO)]
        xsm, ysm = [], []
        for r in op["resources"]:
            x = r["intensity"]
            if not x or x <= 0:
                continue
            y = min(op["peak_flops_per_s"], r["bandwidth_bytes_per_s"] * x)
            binding = r["name"] == op["bound"] or (op["bound"] == "compute" and len(op["resources"]) == 1)
            ax.plot([x], [y], marker="o", markersize=7, color=colour, markerfacecolor=colour if binding else "white",
                    label=op["name"] if not xsm else None)
            xsm.append(x)
            ysm.append(y)
        if len(xsm) > 1:
            ax.plot(xsm, ysm, color=colour, linewidth=0.8)
        if xsm:
            ax.annotate(op["name"], (xsm[0], ysm[0]), textcoords="offset points", xytext=(6, 4), fontsize=8, color=colour)
    ax.legend(loc="upper left", fontsize=8)
    fig.tight_layout()
    fig.savefig(output, dpi=dpi)
    plt.close(fig)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("report")
    parser.add_argument("output")
    parser.add_argument("--size", default="1600x1000")
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.split("x"))
    with open(args.report) as f:
        report = json.load(f)
    seconds = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        draw(report, args.output, width, height, args.scale)
        seconds.append(time.perf_counter() - start)
    if args.repeat > 1:
        json.dump({"seconds": seconds}, sys.stdout)


if __name__ == "__main__":
    main()
