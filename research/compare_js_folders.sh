#!/usr/bin/env bash
# Node core's own A/B tool (benchmark/compare.js, then compare.R) beside `v8bench compare` at its
# defaults, over selections of three Node core benchmark folders, at the files' own n, with the same two
# Node executables; and one case alone, compare.js's 30 runs against v8bench's time to a verdict.
#
#   research/compare_js_folders.sh NODE_BENCHMARK_DIR OLD_NODE NEW_NODE OUT_DIR
#
# NODE_BENCHMARK_DIR is a Node checkout's benchmark/ folder, or a copy of the parts compare.js needs
# (compare.js, _cli.js, _benchmark_progress.js, common.js, _http-benchmarkers.js, compare.R, _cli.R) and
# the files named in `selection` below. Each pair is run twice:
#   ab   OLD_NODE as "old", NEW_NODE as "new"
#   aa   NEW_NODE as both, under the two names (an A/A comparison: any verdict is a false positive)
# STEPS=folders: per folder and pair, compare.js (--runs RUNS, default 30 as compare.js's own default),
# once per line of the selection (--filter FILE --set ...), then compare.R on the folder's CSV; then one
# `v8bench compare FOLDER --filter REGEX --engine old=.. --engine new=..` at its defaults on the same
# configurations (one schedule for the folder). STEPS=single: one case (SINGLE, a line in the selection's
# form): compare.js's RUNS runs per pair, then REPEATS `v8bench compare FILE` per pair at defaults.
# Every measured command runs under TIMED (a command prefix, e.g. a machine-wide slot lock) and is timed
# by /usr/bin/time inside it (a wait for the lock is not counted). A v8bench run is stopped by SIGINT
# (it saves its results) after CAP x the compare.js time it is set against, so that a run that would
# go on to --max-runs does not eat the experiment; the summary says so.
# Per folder/pair OUT_DIR gets FOLDER.PAIR.csv (compare.js's output, the lines of all its runs),
# FOLDER.PAIR.R.txt (compare.R), FOLDER.PAIR.cjs.time (seconds per compare.js run, one a line),
# FOLDER.PAIR.json/.txt/.time (v8bench); single.* likewise (single.PAIR.vK.* per v8bench repeat).
# research/compare_js_folders_table.py OUT_DIR prints the tables.
# R comes from Debian: with no Rscript, the script installs r-base-core, r-cran-ggplot2 and r-cran-plyr
# (compare.R loads ggplot2 and plyr) with apt-get.
#
# env: V8BENCH=build/v8bench  RUNS=30  PAIRS="ab aa"  FOLDERS="buffers es util"  STEPS="folders single"
#      REPEATS=3  CAP=3  TIMED= (prefix)  REUSE=1 (keep outputs that exist)
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/compare_js_args.sh"
runs=${RUNS:-30}
folders=${FOLDERS:-buffers es util}
steps=${STEPS:-folders single}
repeats=${REPEATS:-3}
cap=${CAP:-3}

# folder|file|compare.js --set values (a key given twice: both values)|v8bench case regex (same configurations)
# Chosen by one probe run of each configuration per binary: Node 18 -> 26 changes some a lot, some
# a little, some not at all; each compare.js run of a line is one process of one call of main per config.
selection=(
  "buffers|buffer-compare|size=16 size=4096|buffer-compare/main/size:(16|4096)/n:1000000"
  "buffers|buffer-concat|pieces=4 pieceSize=16 withTotalLength=0|buffer-concat/main/pieces:4/pieceSize:16/withTotalLength:0/n:1024"
  "buffers|buffer-fill|type=fill(0) size=65536|buffer-fill/main/type:fill\\(0\\)/size:65536/n:20000"
  "buffers|buffer-copy-bytes-from|type=Uint8Array len=256 partial=none|buffer-copy-bytes-from/main/type:Uint8Array/len:256/partial:none/n:600000"
  "es|foreach-bench|method=for-of method=forEach count=20|foreach-bench/main/method:(for-of|forEach)/count:20/n:5000000"
  "es|spread-bench|method=apply count=5 context=null rest=0|spread-bench/main/method:apply/count:5/context:null/rest:0/n:5000000"
  "es|string-concatenations|mode=multi-concat|string-concatenations/main/n:1000/mode:multi-concat"
  "util|format|type=string type=number|format/main/n:1000000/type:(string|number)"
  "util|inspect-array|len=100 type=denseArray|inspect-array/main/n:500/len:100/type:denseArray"
  "util|text-decoder|encoding=utf-8 ignoreBOM=0 fatal=0 len=256 type=Buffer|text-decoder/main/encoding:utf-8/ignoreBOM:0/fatal:0/len:256/n:1000/type:Buffer"
  "util|text-decoder|encoding=latin1 ignoreBOM=0 fatal=0 len=16384 type=ArrayBuffer|text-decoder/main/encoding:latin1/ignoreBOM:0/fatal:0/len:16384/n:1000/type:ArrayBuffer"
)
# The single case: calls of seconds at the file's n, a change of tens of percent between the two Nodes.
single=${SINGLE:-"es|restparams-bench|method=arguments|restparams-bench/main/method:arguments/n:100000000"}

for f in compare.js compare.R common.js _cli.js _cli.R _benchmark_progress.js _http-benchmarkers.js; do
  [ -f "$nbd/$f" ] || { echo "compare_js_folders: $nbd has no $f (see the header)" >&2; exit 2; }
done
mkdir -p "$out"

# compare.js for one selection line: appends its CSV rows to $2.csv and its seconds to $2.cjs.time.
compare_js() {
  local line=$1 name=$2 a=$3 folder file sets vcase s
  IFS='|' read -r folder file sets vcase <<<"$line"
  local set_args=()
  for s in $sets; do set_args+=(--set "$s"); done
  echo "== $name: compare.js --runs $runs --filter $file $sets" >&2
  (cd "$nbd" && "${timed[@]}" /usr/bin/time -f %e -a -o "$out/$name.cjs.time" \
    "$new" compare.js --no-progress --old "$a" --new "$new" --runs "$runs" "${set_args[@]}" --filter "$file" \
    "$folder") | tail -n +2 >>"$out/$name.csv"
}

# v8bench compare at defaults, stopped by SIGINT after $4 seconds; its wall seconds go to $2.time.
v8bench_compare() {
  local target=$1 name=$2 regex=$3 limit=$4 a=$5
  echo "== $name: v8bench compare $target (stopped after ${limit}s at most)" >&2
  (cd "$nbd" && "${timed[@]}" /usr/bin/time -f %e -o "$out/$name.time" timeout -s INT "$limit" \
    "$bin" compare "$target" --engine "old=$a" --engine "new=$new" --filter "$regex" --quiet \
    --out "$out/$name.json" >"$out/$name.txt" 2>"$out/$name.err") || true
}

done_already() { [ "${REUSE:-}" = 1 ] && [ -s "$1" ]; }

csv_header='"binary", "filename", "configuration", "rate", "time"'
total_seconds() { awk '/^[0-9.]+$/ { s += $1 } END { printf "%.0f", s }' "$1"; }

if [[ " $steps " == *" folders "* ]]; then
  for folder in $folders; do
    for pair in $pairs; do
      a=$old
      [ "$pair" = aa ] && a=$new
      name=$folder.$pair
      regex=
      if ! done_already "$out/$name.R.txt"; then
        echo "$csv_header" >"$out/$name.csv"
        : >"$out/$name.cjs.time"
      fi
      for line in "${selection[@]}"; do
        IFS='|' read -r lfolder _ _ vcase <<<"$line"
        [ "$lfolder" = "$folder" ] || continue
        regex+="${regex:+|}$vcase"
        done_already "$out/$name.R.txt" || compare_js "$line" "$name" "$a"
      done
      Rscript "$nbd/compare.R" <"$out/$name.csv" >"$out/$name.R.txt"
      limit=$(awk -v c="$cap" '/^[0-9.]+$/ { s += $1 } END { printf "%.0f", c * s }' "$out/$name.cjs.time")
      done_already "$out/$name.json" || v8bench_compare "$folder" "$name" "^(?:$regex)\$" "$limit" "$a"
      echo "   $name: compare.js $(total_seconds "$out/$name.cjs.time") s, v8bench $(tail -n 1 "$out/$name.time") s" >&2
    done
  done
fi

if [[ " $steps " == *" single "* ]]; then
  IFS='|' read -r folder file sets vcase <<<"$single"
  for pair in $pairs; do
    a=$old
    [ "$pair" = aa ] && a=$new
    name=single.$pair
    if ! done_already "$out/$name.R.txt"; then
      echo "$csv_header" >"$out/$name.csv"
      : >"$out/$name.cjs.time"
      compare_js "$single" "$name" "$a"
    fi
    Rscript "$nbd/compare.R" <"$out/$name.csv" >"$out/$name.R.txt"
    limit=$(awk -v c="$cap" '/^[0-9.]+$/ { printf "%.0f", c * $1 }' "$out/$name.cjs.time")
    for k in $(seq 1 "$repeats"); do
      done_already "$out/$name.v$k.json" ||
        v8bench_compare "$folder/$file.js" "$name.v$k" "^$vcase\$" "$limit" "$a"
    done
  done
fi
