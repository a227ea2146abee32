#!/usr/bin/env bash
# Per-process variation of the 1 KiB chunks:1 buffer_concat cases under three conditions, interleaved.
set -u
cd "$(git rev-parse --show-toplevel)"  # run from the repository root
bin=build/v8bench-c212595
out=${1:-results/2026-12-01-debian12-2cpu/buffer-concat-1k-processes}
n=${2:-12}
filter='^buffer_concat/(concat|alloc_unsafe_copy)/chunk:1024/chunks:1$'
mkdir -p "$out"/{default,nocabs,fixed}
for i in $(seq 1 "$n"); do
  for c in default nocabs fixed; do
    case $c in
      default) pre=(); v8=();;
      nocabs) pre=(); v8=(-- --no-concurrent-array-buffer-sweeping);;
      fixed) pre=(setarch x86_64 -R); v8=(-- --random-seed=42 --hash-seed=42);;
    esac
    "${pre[@]}" "$bin" run suites/buffer_concat.js --filter "$filter" --quick --no-native --format json --out "$out/$c/$i.json" "${v8[@]}" >/dev/null 2>"$out/$c/$i.err"
  done
  echo "$(date +%T) round $i"
done
