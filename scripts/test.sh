#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what is missing, builds with warnings as errors, and runs the whole test suite headless, in the build folder
# run.sh uses (build/): after one of them, the other builds only what it left out.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
# The tests also check the desktop files, the manual and the MIME type as a desktop reads them.
install_missing libxml2-utils shared-mime-info xdg-utils libglib2.0-bin man-db
configure_shared -DROOFLINE_WERROR=ON
build_targets
export QT_QPA_PLATFORM=offscreen
ctest --test-dir "$BUILD_DIR" --parallel "$(nproc)" --output-on-failure --no-tests=error --timeout 600 "$@"
