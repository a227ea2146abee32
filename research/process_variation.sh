#!/usr/bin/env bash
# Is a case's per-process variation the machine's or the process's own? Runs the same v8bench command
# PROCESSES times, one process after another, and times the machine-speed probe (research/speed_probe.cc:
# fixed native kernels for clock, execution ports, branch prediction, DRAM latency, bandwidth, page
# faults and code-page misses) just before and just after each; then tabulates, per case, the spread
# of the process medians, how each probe kernel correlates with them, whether neighbouring processes
# resemble each other (a machine state lasting longer than a process), and, with --isolates 2 or more,
# whether the isolates of one process resemble each other more than processes do.
#
#   research/process_variation.sh OUT_DIR PROCESSES SUITE_FILE [v8bench run options...]
#   e.g. research/process_variation.sh /tmp/pv 40 suites/streams.js --quick --no-native \
#          --filter '^streams/web_byte_stream/chunk:32/n:1024/hwm:4096/corrupt:false$'
#   V8BENCH=... (default build/v8bench)  PROBE=... (default build/speed_probe)  PROBE_REPS=3
#   GAP=SECONDS (default 0): idle time between processes, so that the processes span machine states
#   that last minutes (the host's placement of the vCPUs, say) instead of meeting only one
#
# Writes OUT_DIR/<i>.json (v8bench JSON of process i), OUT_DIR/probes.jsonl (one line per process: its
# start time and the probe before and after it), OUT_DIR/commands.txt and OUT_DIR/summary.md. Every
# process is written as it ends, so an interrupted measurement keeps what it measured; the summary is
# made from whatever is there (research/process_variation.py OUT_DIR redoes it).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
usage() {
  echo "usage: research/process_variation.sh OUT_DIR PROCESSES SUITE_FILE [v8bench run options...]" >&2
  exit 2
}
(($# >= 3)) || usage
out=$1
processes=$2
suite=$3
shift 3
[[ $processes =~ ^[1-9][0-9]*$ ]] || {
  echo "process_variation: PROCESSES must be a whole number >= 1, not '$processes'" >&2
  exit 2
}
[[ -f $suite ]] || {
  echo "process_variation: no suite file '$suite'" >&2
  exit 2
}
bin=${V8BENCH:-$here/build/v8bench}
probe=${PROBE:-$here/build/speed_probe}
probe_reps=${PROBE_REPS:-3}
gap=${GAP:-0}
[[ $gap =~ ^[0-9]+$ ]] || {
  echo "process_variation: GAP must be a whole number of seconds, not '$gap'" >&2
  exit 2
}
for tool in "$bin" "$probe"; do
  [[ -x $tool ]] || {
    echo "process_variation: '$tool' is not an executable; build first (cmake --build build) or set V8BENCH / PROBE" >&2
    exit 2
  }
done
mkdir -p "$out"
: >"$out/probes.jsonl"
: >"$out/commands.txt"
for i in $(seq 1 "$processes"); do
  started=$(date -u +%FT%TZ)
  before=$("$probe" --reps "$probe_reps")
  cmd=("$bin" run "$suite" "$@" --format json --out "$out/$i.json")
  echo "${cmd[*]}" >>"$out/commands.txt"
  status=0
  "${cmd[@]}" >/dev/null 2>"$out/$i.err" || status=$?
  after=$("$probe" --reps "$probe_reps")
  echo "{\"process\":$i,\"started\":\"$started\",\"exit\":$status,\"before\":$before,\"after\":$after}" >>"$out/probes.jsonl"
  if ((status != 0)); then
    echo "process_variation: process $i exited $status (see $out/$i.err)" >&2
  else
    rm -f "$out/$i.err"
  fi
  echo "process_variation: $i/$processes" >&2
  ((i == processes || gap == 0)) || sleep "$gap"
done
python3 "$here/research/process_variation.py" "$out" >"$out/summary.md"
cat "$out/summary.md"
