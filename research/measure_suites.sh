#!/usr/bin/env bash
# Full-size runs of the mission suites, as committed under results/. Writes one v8bench JSON per suite
# (young_gen once per semi-space size) into OUT_DIR, then the Markdown tables.
#   research/measure_suites.sh results/2026-11-29-debian12-2cpu
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# What the results record (suite and engine paths, the binary, --out) is relative to the checkout, so
# results travel; a path outside it stays absolute.
rel() { realpath -m --relative-base="$here" "$1"; }
out=$(rel "${1:?usage: research/measure_suites.sh OUT_DIR}")
bin=$(rel "${V8BENCH:-$here/build/v8bench}")
cd "$here"
mkdir -p "$out"
reps=${REPS:-5}
mt=${MIN_TIME:-0.3}
for s in json_reviver trig buffer_concat streams; do
  echo "== $s" >&2
  "$bin" run "suites/$s.js" --repetitions "$reps" --min-time "$mt" --out "$out/$s.json" >"$out/$s.txt" || true
done
for semi in 1 2 16 64 default; do
  echo "== young_gen semi-space $semi" >&2
  knob=()
  [ "$semi" = default ] || knob=(--semi-space "$semi")
  "$bin" run suites/young_gen.js "${knob[@]}" --repetitions "$reps" --min-time "$mt" \
    --out "$out/young_gen-$semi.json" >"$out/young_gen-$semi.txt" || true
done
{
  echo "# Full-size suite results"
  echo
  echo "Machine: $(hostname), $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'),"
  echo "$(. /etc/os-release && echo "$PRETTY_NAME"). Command: \`research/measure_suites.sh $out\` (REPS=$reps MIN_TIME=$mt)."
  echo "Figures are medians over repetitions; this machine is shared and noisy (see the CV columns in the .txt files)."
  echo
  python3 research/summarize_results.py "$out"
} >"$out/README.md"
echo "wrote $out/README.md" >&2
