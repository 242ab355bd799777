#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the libFuzzer targets with clang and runs each for a bounded time (default 60 s each), one per core at once:
#   ./scripts/fuzz.sh [SECONDS]
# Seeds are the shipped presets and scenarios plus tests/fuzz/seeds; the YAML targets (calibrations too) get tests/fuzz/yaml.dict
# (anchors, aliases, merge keys and the files' keys), the measured-data targets tests/fuzz/measured.dict (columns, keys,
# bytes that are not text). What a run finds stays in build-fuzz/.
# A crash leaves its input in build-fuzz/artifacts/ and fails the script: add it to the bad-input tests.
set -euo pipefail
SECONDS_EACH="${1:-60}"
BUILD_DIR="${BUILD_DIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/build-fuzz}"
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
install_missing clang libclang-rt-dev
CC=clang CXX=clang++ build -DROOFLINE_BUILD_FUZZERS=ON -DROOFLINE_BUILD_GUI=OFF -DROOFLINE_BUILD_TESTS=OFF \
    -DROOFLINE_BUILD_BENCH=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo

corpus="$BUILD_DIR/corpus"
mkdir -p "$corpus"/{preset,scenario,setting,quantity,model,model_config,calibration,measured_ncu,measured_csv,measured_json,measured_rocprof} \
    "$BUILD_DIR/artifacts"
cp -n "$ROOT"/presets/*.yaml "$corpus/preset/"
cp -n "$ROOT"/presets/scenarios/*.yaml "$corpus/scenario/"
cp -n "$ROOT"/presets/models/*.yaml "$corpus/model/"
cp -n "$ROOT"/tests/fuzz/seeds/preset/* "$corpus/preset/"
cp -n "$ROOT"/tests/fuzz/seeds/scenario/* "$corpus/scenario/"
cp -n "$ROOT"/tests/fuzz/seeds/model/* "$corpus/model/"
for config in "$ROOT"/tests/fixtures/data/models/*/config.json; do
    cp -n "$config" "$corpus/model_config/$(basename "$(dirname "$config")").json"
done
cp -n "$ROOT"/tests/fuzz/seeds/setting/* "$corpus/setting/"
cp -n "$ROOT"/tests/fuzz/seeds/calibration/* "$corpus/calibration/"
cp -n "$ROOT"/tests/fuzz/seeds/quantity/* "$corpus/quantity/"
for reader in ncu csv json rocprof; do
    cp -n "$ROOT"/tests/fuzz/seeds/$reader/* "$corpus/measured_$reader/"
done

targets=(preset scenario setting quantity model model_config calibration measured_ncu measured_csv measured_json
    measured_rocprof)

# One target's run, its log and its exit status in build-fuzz/.
fuzz_one() {
    local target="$1" dict=()
    if [ "$target" = preset ] || [ "$target" = scenario ] || [ "$target" = model ] || [ "$target" = calibration ]; then
        dict=(-dict="$ROOT/tests/fuzz/yaml.dict")
    elif [ "$target" = model_config ]; then
        dict=(-dict="$ROOT/tests/fuzz/config.dict")
    elif [[ "$target" == measured_* ]]; then
        dict=(-dict="$ROOT/tests/fuzz/measured.dict")
    fi
    local status=0
    "$BUILD_DIR/tests/fuzz/fuzz_$target" "${dict[@]}" -max_total_time="$SECONDS_EACH" -max_len=65536 -timeout=10 \
        -rss_limit_mb=4096 -print_final_stats=1 -artifact_prefix="$BUILD_DIR/artifacts/$target-" \
        "$corpus/$target" >"$BUILD_DIR/fuzz_$target.log" 2>&1 || status=$?
    echo "$status" >"$BUILD_DIR/fuzz_$target.status"
}

# The targets run side by side, as many at once as there are cores: each is one process on one core. Interrupted,
# the script stops them too.
trap 'kill $(jobs -p) 2>/dev/null || true' INT TERM
jobs_at_once="$(nproc)"
for target in "${targets[@]}"; do
    rm -f "$BUILD_DIR/fuzz_$target.status"
    while (($(jobs -rp | wc -l) >= jobs_at_once)); do
        wait -n || true
    done
    echo "== fuzz_$target for ${SECONDS_EACH}s"
    fuzz_one "$target" &
done
wait

failed=0
for target in "${targets[@]}"; do
    log="$BUILD_DIR/fuzz_$target.log"
    status="$(cat "$BUILD_DIR/fuzz_$target.status" 2>/dev/null || echo missing)"
    echo "== fuzz_$target"
    grep -E "^(stat::number_of_executed_units|==[0-9]+==|SUMMARY|INFO: Seed)" "$log" || true
    if [ "$status" != 0 ]; then
        tail -n 40 "$log" >&2
        echo "fuzz_$target failed (exit $status); its input is in $BUILD_DIR/artifacts" >&2
        failed=1
    fi
done
if ((failed)); then
    exit 1
fi
echo "fuzzing: ${#targets[@]} targets, ${SECONDS_EACH}s each, $jobs_at_once at once, no crash"
