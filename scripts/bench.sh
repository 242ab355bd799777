#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds in Release and prints every benchmark: core evaluation, the window's slider step and exports, cold start,
# memory, and the matplotlib comparison. Run it on a quiet machine; copy the tables into bench/RESULTS.md.
set -euo pipefail
BUILD_DIR="${BUILD_DIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/build-release}"
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
install_missing python3 python3-matplotlib
BUILD_TYPE=Release build -DROOFLINE_BUILD_TESTS=OFF -DROOFLINE_BUILD_GUI=ON -DROOFLINE_BUILD_BENCH=ON

echo "## Core"
"$BUILD_DIR/bench/bench_core"
echo
echo "## Window"
gui_json="$(mktemp)"
QT_QPA_PLATFORM=offscreen "$BUILD_DIR/bench/bench_gui" --json "$gui_json"
echo
echo "## Processes, memory, and matplotlib"
"$ROOT/bench/compare.py" "$BUILD_DIR" --gui-json "$gui_json"
