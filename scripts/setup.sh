#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs the Debian packages Roofline Lab builds with, if any is missing, then configures and builds. The names are
# those of Debian 12 (bookworm) and Debian 13 (trixie) alike; Ubuntu 24.04 uses them too.
# Sourced by run.sh and test.sh, which share one build folder (BUILD_DIR, build/ by default): whichever runs second
# builds only what the first left out.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${BUILD_DIR:-$ROOT/build}"

PACKAGES=(
    build-essential cmake pkg-config file
    qt6-base-dev qt6-svg-dev qt6-tools-dev qt6-l10n-tools qt6-translations-l10n libqcustomplot-dev libyaml-cpp-dev libcli11-dev zlib1g-dev libdeflate-dev
    fonts-dejavu-core
    desktop-file-utils appstream
)

install_missing() {
    local missing=()
    for package in "${PACKAGES[@]}" "$@"; do
        if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
            missing+=("$package")
        fi
    done
    if ((${#missing[@]} == 0)); then
        return
    fi
    echo "Installing: ${missing[*]}"
    local sudo=()
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null || { echo "Need root or sudo to install: ${missing[*]}" >&2; exit 1; }
        sudo=(sudo)
    fi
    "${sudo[@]}" apt-get update
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
}

# configure_shared [OPTION...]: the build folder run.sh and test.sh share, configured once with warnings as errors as
# the tests want it, so that the window's build and the tests' share every object; a later run keeps the folder's
# settings unless given options.
configure_shared() {
    if [ -f "$BUILD_DIR/CMakeCache.txt" ] && (($# == 0)); then
        cmake -S "$ROOT" -B "$BUILD_DIR" >/dev/null
    else
        cmake -S "$ROOT" -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE="${BUILD_TYPE:-RelWithDebInfo}" -DROOFLINE_WERROR=ON "$@"
    fi
}

# build_targets [TARGET...]: builds those targets in the configured folder, or all of them.
build_targets() {
    local targets=()
    for target in "$@"; do
        targets+=(--target "$target")
    done
    cmake --build "$BUILD_DIR" --parallel "$(nproc)" "${targets[@]}"
}

# build [OPTION...]: configures a folder of its own with these options and builds everything (the sanitizers, the
# benchmarks, the fuzzers, the package).
build() {
    cmake -S "$ROOT" -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE="${BUILD_TYPE:-RelWithDebInfo}" "$@"
    build_targets
}
