#!/usr/bin/env bash
# The measurements behind results/2026-12-02-instructions-speed/README.md, in one session: the counted
# comparison of the sin+cos loop (A/A, +1%, +0.5%, 3 samples each) and the paired CPU-time comparison
# finding +2% on the same fixture (the default, then adaptive with --target-ci 1 for up to --max-time
# 540 s). Each part's wall time and the load average before and after it go to OUT/<part>.wall.
# Usage: research/instructions_speed.sh OUT_DIR [PART...] (parts: counted, cpu-default, cpu-adaptive;
# default all). Run from the repository root after building. V8BENCH overrides the binary (e.g. an
# older build, for the before/after); TAG suffixes the names of the files; TIMED prefixes each part (a
# slot wrapper on a shared machine).
set -euo pipefail
out=$1
shift
parts=("${@:-counted cpu-default cpu-adaptive}")
mkdir -p "$out"
v8bench=${V8BENCH:-build/v8bench}
loop=tests/fixtures/trig_loop.js
measure() {
  local name=$1
  shift
  { echo "before: $(uptime)"; } >"$out/$name.wall"
  ${TIMED:-} /usr/bin/time -f "wall_s %e user_s %U sys_s %S" -a -o "$out/$name.wall" "$@" >"$out/$name.txt" 2>&1 || true
  echo "after: $(uptime)" >>"$out/$name.wall"
}
for part in ${parts[*]}; do
  case $part in
    counted)
      measure "counted${TAG:-}" "$v8bench" compare "$loop" --metric instructions --runs 3 --jobs 2 --quiet \
        --variant base= --variant aa= --variant plus1='--param work=1.01' --variant plus05='--param work=1.005' \
        --out "$out/counted${TAG:-}.json"
      ;;
    cpu-default)
      measure "cpu-default${TAG:-}" "$v8bench" compare "$loop" --quiet --variant base= --variant plus2='--param work=1.02' \
        --out "$out/cpu-default${TAG:-}.json"
      ;;
    cpu-adaptive)
      measure "cpu-adaptive${TAG:-}" "$v8bench" compare "$loop" --quiet --target-ci 1 --max-time 540 \
        --variant base= --variant plus2='--param work=1.02' --out "$out/cpu-adaptive${TAG:-}.json"
      ;;
  esac
done
