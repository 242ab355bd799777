#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The package as a Debian 12 user gets it: a release build made into a .deb (cpack), lintian with no error and no
# warning, then in a fresh Debian 12 root (debootstrap): the .deb installed with its dependencies by apt, the program's
# version, an export offscreen, the window started under Xvfb, and the package removed with nothing of it left.
# Needs root and Debian's mirror; takes about a quarter of an hour, so CI leaves it out.
#   ./scripts/package-check.sh                 # builds build-package (Release) first
#   BUILD_DIR=build SKIP_BUILD=1 ./scripts/package-check.sh   # packages a build already made
set -euo pipefail
BUILD_DIR="${BUILD_DIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/build-package}"
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
install_missing lintian debootstrap
if [ -z "${SKIP_BUILD:-}" ]; then
    BUILD_TYPE=Release build -DROOFLINE_BUILD_TESTS=OFF -DROOFLINE_BUILD_BENCH=OFF
fi
(cd "$BUILD_DIR" && rm -f roofline-lab_*.deb && cpack -G DEB >/dev/null)
deb="$(ls "$BUILD_DIR"/roofline-lab_*.deb)"
echo "== lintian $(basename "$deb")"
lintian --fail-on error,warning "$deb"

target="$(mktemp -d /tmp/roofline-lab-root.XXXXXX)"
cleanup() {
    umount "$target/dev/pts" "$target/proc" 2>/dev/null || true
    # Never through a mount still held: what it holds is the machine's own /proc or /dev/pts.
    if ! grep -q " $target/" /proc/mounts; then
        rm -rf --one-file-system "$target"
    else
        echo "left $target: something is still mounted in it" >&2
    fi
}
trap cleanup EXIT
echo "== a fresh Debian 12 root in $target"
debootstrap --variant=minbase bookworm "$target" http://deb.debian.org/debian >/dev/null
mount -t proc proc "$target/proc"
mount -t devpts devpts "$target/dev/pts" # apt logs through a terminal
cp "$deb" "$target/tmp/"
in_root() { chroot "$target" env DEBIAN_FRONTEND=noninteractive LANG=C.UTF-8 "$@"; }
in_root apt-get update -qq
echo "== apt-get install ./$(basename "$deb")"
in_root apt-get install -y -qq --no-install-recommends "/tmp/$(basename "$deb")" xvfb >/dev/null
in_root roofline-lab --version
in_root env QT_QPA_PLATFORM=offscreen roofline-lab export --preset h100-sxm --output /tmp/chart.png
test -s "$target/tmp/chart.png"
in_root man -w roofline-lab >/dev/null 2>&1 || test -e "$target/usr/share/man/man1/roofline-lab.1.gz"
echo "== the window under Xvfb"
# Started, it runs until it is ended: timeout's 124 says it was still up after five seconds.
in_root sh -c 'mkdir -p -m 0700 /tmp/xdg; Xvfb :9 -nolisten tcp >/dev/null 2>&1 & x=$!; sleep 2;
    XDG_RUNTIME_DIR=/tmp/xdg DISPLAY=:9 timeout 5 roofline-lab; rc=$?; kill $x; test $rc -eq 124'
echo "== apt-get purge roofline-lab"
in_root apt-get purge -y -qq roofline-lab >/dev/null
for path in usr/bin/roofline-lab usr/share/applications/org.rooflinelab.rooflinelab.desktop \
    usr/share/mime/packages/org.rooflinelab.rooflinelab.xml usr/share/doc/roofline-lab usr/share/man/man1/roofline-lab.1.gz; do
    if [ -e "$target/$path" ]; then
        echo "left behind after purge: /$path" >&2
        exit 1
    fi
done
echo "package check passed: $(basename "$deb")"
