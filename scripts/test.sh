#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what is missing, builds with warnings as errors, and runs the whole test suite headless.
set -euo pipefail
BUILD_DIR="${BUILD_DIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/build-test}"
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
# The tests also check the desktop files and the MIME type as a desktop reads them.
install_missing libxml2-utils shared-mime-info xdg-utils libglib2.0-bin
build -DROOFLINE_WERROR=ON
export QT_QPA_PLATFORM=offscreen
ctest --test-dir "$BUILD_DIR" --parallel "$(nproc)" --output-on-failure --no-tests=error --timeout 600 "$@"
