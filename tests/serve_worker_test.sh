#!/usr/bin/env bash
# `run --serve`, the long-lived worker of `compare --long-lived`, spoken to as the driver does: each
# "sample" line on stdin gives one more sample of every case (start, case, end), the context line only
# once, ahead of the first, and a "ready" line once every case is warmed up, before any command is read;
# the seal, with --sealed, is the first line; end of file ends it (exit 0), and an unknown command ends it
# with a message. Usage: serve_worker_test.sh V8BENCH SOURCE_DIR
set -uo pipefail
v8bench=$1
src=$2
loop="$src/tests/fixtures/compare_loop.js"
fail() { echo "FAIL: $*" >&2; exit 1; }
worker=(run "$loop" --format jsonl --serve --no-native --repetitions 2 --min-time 0.01 --warmup 0.01)

types() { python3 -c 'import json,sys
print(" ".join(json.loads(l[l.find("{"):])["type"] for l in sys.stdin if l.strip()))'; }

out=$(printf 'sample\nsample\n' | "$v8bench" "${worker[@]}") || fail "exit $? on end of file"
got=$(echo "$out" | types)
want="context ready start case start case end start case start case end"
[ "$got" = "$want" ] || fail "two samples of 2 cases: got '$got', want '$want'"
# Each sample's case line holds that sample's repetitions only (not the ones before: 2 2 4 4).
reps=$(echo "$out" | python3 -c 'import json,sys
print(" ".join(str(len(json.loads(l)["samples"])) for l in sys.stdin if "\"type\":\"case\"" in l))')
[ "$reps" = "2 2 2 2" ] || fail "repetitions per sample: got '$reps', want '2 2 2 2'"

seal=0123456789abcdef0123
out=$(printf '%s\nsample\n' "$seal" | "$v8bench" "${worker[@]}" --sealed --filter loop) || fail "sealed: exit $?"
[ "$(echo "$out" | grep -c "^$seal")" = 5 ] || fail "sealed: every line starts with the key: $out"

err=$(printf 'sample\nstop\n' | "$v8bench" "${worker[@]}" --filter loop 2>&1 >/dev/null) || fail "unknown command: exit $?"
echo "$err" | grep -q "unknown command 'stop'" || fail "unknown command: no message: $err"

err=$("$v8bench" run "$loop" --serve 2>&1) && fail "--serve without --format jsonl ran"
echo "$err" | grep -q -- "--serve is part of the worker protocol" || fail "--serve without jsonl: $err"
echo ok
