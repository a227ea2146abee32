#!/usr/bin/env bash
# Node core's own A/B tool (benchmark/compare.js, then compare.R) beside `v8bench compare`, on the same
# Node core benchmark files and the same two Node executables, each given the same wall-time budget:
# compare.js runs first (--runs RUNS) and the wall time it took is v8bench's --max-time.
#
#   research/compare_js_side_by_side.sh NODE_BENCHMARK_DIR OLD_NODE NEW_NODE OUT_DIR
#
# NODE_BENCHMARK_DIR is a Node checkout's benchmark/ folder, or a copy of its parts compare.js needs:
# compare.js, _cli.js, _benchmark_progress.js, common.js, _http-benchmarkers.js, compare.R, _cli.R and
# the files below (buffers/buffer-concat.js, webstreams/readable-read.js, webstreams/pipe-to.js).
# For each file, one configuration (compare.js --set; the same case for v8bench --filter) and two pairs:
#   ab   OLD_NODE as "old", NEW_NODE as "new"
#   aa   NEW_NODE as both (an A/A comparison: any verdict is a false positive)
# Per comparison OUT_DIR gets: NAME.csv (compare.js's output, each line prefixed by the seconds since
# its start), NAME.R.txt (compare.R on the whole CSV), NAME.prefix.tsv (Welch's t-test, the test
# compare.R uses, on the first k runs of each binary, k = 2..RUNS, with the time they took), NAME.json
# (v8bench compare's results: settings, every sample, analysis) and NAME.txt (its console report).
# R comes from Debian: with no Rscript, the script installs r-base-core, r-cran-ggplot2 and r-cran-plyr
# (compare.R loads ggplot2 and plyr) with apt-get.
# v8bench runs each case with the file's own n (NAME.json) and, where the file's n makes one call of main
# take most of a second, again with a smaller n (--param n=..., NAME.small.json): a compare.js process
# calls main once, a v8bench sample calls it a few times (warm-up until the code settles, then the timed
# batch), so at the file's n a budget buys v8bench far fewer samples. Both figures are per operation.
# A third run (NAME.short.json) takes the smaller n and --max-warmup 1: a sample's warm-up waits for the
# code to stop changing for at most 1 s instead of 10 (the default), the largest part of a sample's cost
# on Node 26, whose code keeps changing tiers.
#
# env: V8BENCH=build/v8bench  RUNS=10 (compare.js --runs)  PAIRS="ab aa"
#      ONLY= (a file name: only that file)  REUSE=1 (keep an existing NAME.csv: compare.js is not rerun)  TIMED= (a command prefix for the timed runs, e.g. a lock that keeps other timed work off the
#      machine while they run)
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/compare_js_args.sh"
runs=${RUNS:-10}
for f in compare.js compare.R common.js buffers/buffer-concat.js webstreams/readable-read.js webstreams/pipe-to.js; do
  [ -f "$nbd/$f" ] || { echo "compare_js_side_by_side: $nbd has no $f (see the header)" >&2; exit 2; }
done
mkdir -p "$out"

# folder|file|compare.js --set values|v8bench case (the same configuration, n:N for the n)|file's n|small n
cases=(
  "buffers|buffer-concat|pieces=4 pieceSize=16 withTotalLength=0|buffer-concat/main/pieces:4/pieceSize:16/withTotalLength:0/n:N|1024|64"
  "webstreams|readable-read|type=normal|readable-read/main/n:N/type:normal|100000|5000"
  "webstreams|pipe-to|highWaterMarkR=1024 highWaterMarkW=1024|pipe-to/main/n:N/highWaterMarkR:1024/highWaterMarkW:1024|100000|5000"
)

# Welch's t-test on rate (old vs new), as compare.R computes it, on growing prefixes of the runs.
prefix_tests() {
  Rscript -e '
    a <- commandArgs(TRUE)
    d <- read.csv(a[1], sep = "\t", header = FALSE, col.names = c("t", "binary", "filename", "conf", "rate", "time"))
    d$k <- ave(seq_along(d$binary), d$binary, FUN = seq_along)
    cat("k\tseconds\timprovement_pct\tp\n")
    for (k in 2:max(d$k)) {
      s <- d[d$k <= k, ]
      if (sum(s$binary == "old") < k || sum(s$binary == "new") < k) break
      o <- s$rate[s$binary == "old"]; n <- s$rate[s$binary == "new"]
      p <- t.test(o, n)$p.value
      cat(sprintf("%d\t%.1f\t%.2f\t%.3g\n", k, max(s$t), (mean(n) - mean(o)) / mean(o) * 100, p))
    }' "$1"
}

for c in "${cases[@]}"; do
  IFS='|' read -r folder file sets vcase own_n small_n <<<"$c"
  [ -n "${ONLY:-}" ] && [ "$ONLY" != "$file" ] && continue
  set_args=()
  for s in $sets; do set_args+=(--set "$s"); done
  for pair in $pairs; do
    name="$file.$pair"
    a=$old
    [ "$pair" = aa ] && a=$new
    if [ "${REUSE:-}" != 1 ] || [ ! -s "$out/$name.csv" ]; then
      echo "== $name: compare.js --runs $runs" >&2
      t0=$(date +%s.%N)
      (cd "$nbd" && "${timed[@]}" "$new" compare.js --old "$a" --new "$new" --runs "$runs" "${set_args[@]}" \
        --filter "$file" --no-progress "$folder") |
        while IFS= read -r line; do printf '%.1f\t%s\n' "$(echo "$(date +%s.%N) - $t0" | bc)" "$line"; done \
          >"$out/$name.csv"
    fi
    # The budget: compare.js's wall time (to its last line).
    budget=$(tail -n 1 "$out/$name.csv" | cut -f1)
    # compare.R reads compare.js's CSV as compare.js prints it.
    cut -f2- "$out/$name.csv" | Rscript "$nbd/compare.R" >"$out/$name.R.txt"
    tail -n +2 "$out/$name.csv" | sed 's/^\([0-9.]*\)\t"\([^"]*\)","\([^"]*\)","\([^"]*\)",/\1\t\2\t\3\t\4\t/; s/,/\t/' \
      >"$out/$name.rows.tsv"
    prefix_tests "$out/$name.rows.tsv" >"$out/$name.prefix.tsv"
    rm "$out/$name.rows.tsv"
    for size in own small short; do
      vname=$name
      n=$own_n
      warm=()
      [ "$size" = small ] && vname=$name.small && n=$small_n
      [ "$size" = short ] && vname=$name.short && n=$small_n && warm=(--max-warmup 1)
      [ "${REUSE:-}" = 1 ] && [ -s "$out/$vname.json" ] && continue
      echo "== $vname: v8bench compare --param n=$n --max-time $budget" >&2
      "${timed[@]}" "$bin" compare "$nbd/$folder/$file.js" --engine "old=$a" --engine "new=$new" \
        --variant "old=--param n=$n" --variant "new=--param n=$n" --filter "^${vcase/n:N/n:$n}\$" --metric wall \
        --target-ci 1 --max-time "$budget" --min-runs 5 --timeout 300 "${warm[@]}" --quiet --out "$out/$vname.json" \
        >"$out/$vname.txt" || true
    done
  done
done
