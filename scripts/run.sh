#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what is missing, builds the program, and opens Roofline Lab. Arguments go to the program.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
install_missing
configure_shared
if ! build_targets roofline-lab; then
    # Warnings are errors in the shared folder (Debian 12 and 13 build clean); a compiler that warns where they do
    # not must not keep anyone from the window.
    echo "Building again without warnings as errors" >&2
    cmake -S "$ROOT" -B "$BUILD_DIR" -DROOFLINE_WERROR=OFF >/dev/null
    build_targets roofline-lab
fi
exec "$BUILD_DIR/app/roofline-lab" "$@"
