#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Checks the README's two set-up commands as a newcomer meets them: in a fresh minbase root of a Debian release, made
# with debootstrap, on a clean clone of this repository's HEAD. Runs ./scripts/run.sh (the window must come up under
# Xvfb: a screenshot is kept), then ./scripts/test.sh, and says how long each took. Needs root, debootstrap and git.
#
#   scripts/fresh-root.sh bookworm|trixie [DIR]     # DIR defaults to /var/tmp/roofline-root-RELEASE
#   PACKAGE=1 scripts/fresh-root.sh ...              # then the README's release build and cpack -G DEB too
#
# A root that exists already is reused as debootstrap left it only if it holds no clone yet (KEEP_ROOT=1 keeps a used
# one, for a second look); otherwise it is made anew. The screenshot and the logs land in DIR/../RELEASE-check/.
set -euo pipefail

usage() {
    echo "usage: $0 bookworm|trixie [DIR]" >&2
    exit 2
}
(($# >= 1 && $# <= 2)) || usage
RELEASE="$1"
case "$RELEASE" in
bookworm | trixie) ;;
*) usage ;;
esac
ROOT_DIR="${2:-/var/tmp/roofline-root-$RELEASE}"
SOURCE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$(dirname "$ROOT_DIR")/$RELEASE-check"
MIRROR="${MIRROR:-http://deb.debian.org/debian}"

[ "$(id -u)" -eq 0 ] || { echo "$0: run as root (debootstrap and chroot need it)" >&2; exit 1; }
command -v debootstrap >/dev/null || { echo "$0: debootstrap is missing: apt-get install debootstrap" >&2; exit 1; }

# What an interrupted run left mounted in the root comes off first: rm --one-file-system would leave it, and the root
# behind it half removed.
awk -v root="$ROOT_DIR/" 'index($2, root) == 1 { print $2 }' /proc/mounts | sort -r | while read -r point; do
    umount -l "$point"
done
if [ -d "$ROOT_DIR/root/roofline-lab" ] && [ "${KEEP_ROOT:-0}" != 1 ]; then
    echo "Removing the used root $ROOT_DIR"
    rm -rf --one-file-system "$ROOT_DIR"
fi
# debootstrap removes its folder from a root it finished: a root that still holds one is made anew.
if [ ! -x "$ROOT_DIR/usr/bin/apt-get" ] || [ -d "$ROOT_DIR/debootstrap" ]; then
    [ -e "$ROOT_DIR" ] && rm -rf --one-file-system "$ROOT_DIR"
    echo "Making a minbase root of $RELEASE in $ROOT_DIR"
    debootstrap --variant=minbase "$RELEASE" "$ROOT_DIR" "$MIRROR"
fi

mounted=()
cleanup() {
    # Whatever still runs in the root (a build, when this script is stopped) is stopped with it.
    for proc in /proc/[0-9]*; do
        [ "$(readlink "$proc/root" 2>/dev/null)" = "$(readlink -f "$ROOT_DIR")" ] && kill "${proc#/proc/}" 2>/dev/null
    done
    for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
        umount -l "${mounted[i]}" 2>/dev/null || true
    done
}
trap cleanup EXIT
trap 'exit 130' INT TERM # so that the cleanup runs when the check is stopped
mount -t proc proc "$ROOT_DIR/proc" && mounted+=("$ROOT_DIR/proc")
for dir in sys dev dev/pts; do
    mount --bind "/$dir" "$ROOT_DIR/$dir" && mounted+=("$ROOT_DIR/$dir")
done
cp /etc/resolv.conf "$ROOT_DIR/etc/resolv.conf"

rm -rf "$ROOT_DIR/root/roofline-lab"
git clone --quiet --no-local "$SOURCE" "$ROOT_DIR/root/roofline-lab"
mkdir -p "$OUT"

# What a newcomer's shell has: root, no locale set beyond C, no display until the window's check makes one.
in_root() {
    chroot "$ROOT_DIR" /usr/bin/env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        TERM=dumb /bin/bash -c "cd /root/roofline-lab && $1"
}

echo "== $RELEASE: ./scripts/run.sh (the window under Xvfb)"
start=$SECONDS
# Xvfb and xdotool only watch the window; they are not what the program needs, so they are installed after run.sh's
# own installation has been seen to suffice for the build (--version builds and runs the program without a window).
in_root "./scripts/run.sh --version" 2>&1 | tee "$OUT/run.log"
run_build=$((SECONDS - start))
in_root "apt-get install -y --no-install-recommends xvfb xauth xdotool x11-apps >/dev/null"
# A display no X server of this machine holds: the root shares the machine's abstract sockets.
display=70
while [ -e "/tmp/.X$display-lock" ] || [ -e "$ROOT_DIR/tmp/.X$display-lock" ]; do
    display=$((display + 1))
done
# The processes stopped by name (-x), not by command line: the shell running this has the program's path in its own.
in_root "export XDG_RUNTIME_DIR=/tmp/runtime && mkdir -p -m 0700 \$XDG_RUNTIME_DIR
    Xvfb :$display -nolisten tcp -screen 0 1280x800x24 & sleep 1; export DISPLAY=:$display
    (./scripts/run.sh >/tmp/window.log 2>&1 &)
    timeout 120 xdotool search --sync --onlyvisible --name 'Roofline Lab' >/dev/null && sleep 3 &&
    xwd -root -silent > /tmp/window.xwd; status=\$?; pkill -x roofline-lab; pkill -x Xvfb; exit \$status"
cp "$ROOT_DIR/tmp/window.xwd" "$OUT/window.xwd"
command -v convert >/dev/null && convert "$OUT/window.xwd" "$OUT/window.png" && echo "The window: $OUT/window.png"

echo "== $RELEASE: ./scripts/test.sh"
start=$SECONDS
in_root "./scripts/test.sh" 2>&1 | tee "$OUT/test.log"
test_time=$((SECONDS - start))
summary="run.sh built and ran in ${run_build}s; test.sh built and passed in ${test_time}s"
if [ "${PACKAGE:-0}" = 1 ]; then
    echo "== $RELEASE: the README's package commands"
    start=$SECONDS
    in_root "cmake -S . -B build-release -DCMAKE_BUILD_TYPE=Release -DROOFLINE_BUILD_TESTS=OFF -DROOFLINE_BUILD_BENCH=OFF &&
        cmake --build build-release --parallel \$(nproc) && (cd build-release && cpack -G DEB)" 2>&1 | tee "$OUT/package.log"
    cp "$ROOT_DIR"/root/roofline-lab/build-release/roofline-lab_*.deb "$OUT/"
    summary+="; the package built in $((SECONDS - start))s: $(cd "$OUT" && ls roofline-lab_*.deb)"
fi
echo "== $RELEASE: $summary"
