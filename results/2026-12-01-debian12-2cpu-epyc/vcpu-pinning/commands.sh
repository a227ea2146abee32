#!/usr/bin/env bash
# Which vCPU, which layout, which isolate: trig/cos/range:medium --quick, 6 processes pinned to each
# vCPU (interleaved), 6 with ASLR off, 4 with 6 fresh isolates each. Prints one line per process.
set -u
B=${V8BENCH:-build/v8bench}
d=${1:?usage: commands.sh OUT_DIR}; mkdir -p $d
cd "$(git rev-parse --show-toplevel)"  # the suite paths are the checkout's; give OUT_DIR as an absolute path
F='^trig/cos/range:medium$'
one() { # tag cmd...
  local tag=$1; shift
  "$@" $B run suites/trig.js --quick --no-native --filter "$F" --format json --out $d/$tag.json >/dev/null 2>&1
  python3 -c "import json,sys,statistics as st;d=json.load(open('$d/$tag.json'));r=[b for b in d['benchmarks'] if b.get('run_type')=='iteration'];print('$tag',[round(b['cpu_ns']) for b in r],[b.get('isolate') for b in r])"
}
for i in 1 2 3 4 5 6; do one cpu0-$i taskset -c 0; one cpu1-$i taskset -c 1; done
for i in 1 2 3 4 5 6; do one norand-$i setarch -R; done
for i in 1 2 3 4; do
  $B run suites/trig.js --quick --no-native --filter "$F" --isolates 6 --repetitions 6 --format json --out $d/iso-$i.json >/dev/null 2>&1
  python3 -c "import json;d=json.load(open('$d/iso-$i.json'));r=[b for b in d['benchmarks'] if b.get('run_type')=='iteration'];print('iso-$i',[(b['isolate'],round(b['cpu_ns'])) for b in r])"
done
