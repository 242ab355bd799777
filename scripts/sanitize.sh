#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds everything with AddressSanitizer and UndefinedBehaviorSanitizer and runs the whole suite; any finding fails.
# Precompiled headers and unity sources are off here, so a source that uses a header without including it fails.
set -euo pipefail
BUILD_DIR="${BUILD_DIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/build-asan}"
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
install_missing
build -DROOFLINE_WERROR=ON -DROOFLINE_SANITIZE=address,undefined -DCMAKE_BUILD_TYPE=Debug -DROOFLINE_BUILD_BENCH=OFF \
    -DCMAKE_DISABLE_PRECOMPILE_HEADERS=ON -DROOFLINE_UNITY_BUILD=OFF
export QT_QPA_PLATFORM=offscreen
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export LSAN_OPTIONS="suppressions=$ROOT/tests/lsan.supp:print_suppressions=0"
ctest --test-dir "$BUILD_DIR" --parallel "$(nproc)" --output-on-failure --no-tests=error --timeout 900 "$@"
