#!/usr/bin/env bash
# Does `v8bench run` finish Node core's benchmark files at their own sizes and at default settings?
# Runs every file of the lists, one after another, and writes a Markdown table of each file's outcome.
#
#   research/node_benchmark_run_table.sh BENCHMARK_DIR OUT_DIR [LIST.tsv ...]
#
# BENCHMARK_DIR: a copy of Node core's benchmark/ folder (at least the listed files, at the listed
#   commits; Node's code, not committed); v8bench brings its own common.js (docs/benchmark-files.md).
# OUT_DIR: per file NAME.json (run --out), NAME.log (the console output), runs.tsv (path, exit code,
#   wall seconds, filter) and table.md. A file with a line in runs.tsv is not run again (resumable).
# LIST.tsv: tab-separated path under benchmark/ and nodejs/node commit, '#' lines ignored. Default:
#   research/node_benchmark_files.tsv and research/node_benchmark_files_more.tsv.
#
# Environment:
#   V8BENCH=build/v8bench   the binary that runs the files (the embedded engine, default settings)
#   RUN_PREFIX=             a command each run goes through (a machine-wide slot lock, `nice`, ...)
#   TABLE_ONLY=1            writes table.md from OUT_DIR without running anything
#   SUBSETS_ON=0            runs every file's whole grid (see SUBSETS below)
#
# Each file runs at defaults: no --quick, the default --timeout, the embedded engine. The files named in
# SUBSETS below run the --filter subset named there, because most of Node's cases are calls of seconds
# (20-50 s a case on a busy 2-vCPU machine) and the lists' whole grids, about 680 cases, take hours: each
# subset keeps the file's largest sizes, whose calls are the longest and decide whether a case times
# out. SUBSETS_ON=0 runs every grid whole. Several instances may share OUT_DIR, e.g. one per list, each
# in a timed slot of its own.
set -euo pipefail

if [[ $# -lt 2 ]]; then
  echo "usage: $0 BENCHMARK_DIR OUT_DIR [LIST.tsv ...]" >&2
  exit 2
fi
bench_dir=$1
out_dir=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
lists=("$@")
if [[ ${#lists[@]} -eq 0 ]]; then
  lists=("$here/node_benchmark_files.tsv" "$here/node_benchmark_files_more.tsv")
fi
v8bench=${V8BENCH:-build/v8bench}
read -r -a prefix <<<"${RUN_PREFIX:-}"

declare -A SUBSETS=(
  [buffers/buffer-copy-bytes-from.js]='type:Float64Array/len:2048/'
  [buffers/buffer-fill.js]='type:fill\((0|400)\)/size:65536/'
  [buffers/buffer-from.js]='source:(array|string-base64|object)/len:2048/'
  [buffers/buffer-swap.js]='aligned:true/method:swap16/len:(8|8192)/'
  [es/foreach-bench.js]='count:100/'
  [es/spread-bench.js]='method:apply/count:20/context:null/rest:0/'
  [events/ee-emit.js]='argc:10/listeners:10$'
  [misc/punycode.js]='val:magyarország\.icom\.museum'
  [path/basename-posix.js]='pathext:/foo/bar/baz/asdf/quux\.html\|\.html/'
  [streams/writable-manywrites.js]='sync:no/writev:no/callback:yes/len:32768'
  [string_decoder/string-decoder-create.js]='encoding:UTF-16LE/'
  [string_decoder/string-decoder.js]='encoding:utf8/inLen:4096/chunkLen:16/'
  [url/legacy-vs-whatwg-url-searchparams-parse.js]='searchParam:manypairs/method:whatwg/'
  [url/whatwg-url-canParse.js]='type:idn/'
  [url/whatwg-url-idna.js]='domain:all/to:ascii/'
  [util/format.js]='type:object-%s$'
  [util/inspect-array.js]='len:100000/type:mixedArray$'
  [util/text-decoder.js]='encoding:utf-8/ignoreBOM:0/fatal:0/len:131072/.*type:Buffer'
  [util/text-encoder.js]='len:8192/.*type:two-byte-string/op:encode$'
  [webstreams/pipe-to.js]='highWaterMarkR:512/highWaterMarkW:512$'
  [assert/deepequal-buffer.js]='len:1000/'
  [zlib/creation.js]='type:(Deflate|BrotliCompress)/options:true/'
  [es/restparams-bench.js]='method:copy/'
  [es/string-concatenations.js]='mode:multi-join$'
  [events/ee-once.js]='argc:5$'
  [misc/structured-clone.js]='type:object/'
  [querystring/querystring-stringify.js]='type:encodemany/'
  [querystring/querystring-unescapebuffer.js]='input:%20%21.*/'
  [url/url-searchparams-append.js]='type:URL/n:1000000$'
  [webstreams/creation.js]='kind:ReadableStream\.tee$'
  [streams/readable-uint8array.js]='kind:encoding$'
  [url/url-format.js]='type:slashes/'
  [webstreams/readable-read.js]='type:byob$'
)

for list in "${lists[@]}"; do
  [[ -f $list ]] || { echo "$0: no list $list (a tsv of path and commit)" >&2; exit 2; }
done
[[ -d $bench_dir ]] || { echo "$0: no benchmark folder $bench_dir" >&2; exit 2; }
mkdir -p "$out_dir"
touch "$out_dir/runs.tsv"

paths=()
for list in "${lists[@]}"; do
  while IFS=$'\t' read -r path commit; do
    [[ -z $path || $path == \#* ]] && continue
    [[ -f $bench_dir/$path ]] || { echo "$0: $bench_dir/$path is missing (nodejs/node $commit)" >&2; exit 2; }
    paths+=("$path")
  done <"$list"
done

if [[ -z ${TABLE_ONLY:-} ]]; then
  [[ -x $v8bench ]] || { echo "$0: no v8bench at $v8bench (set V8BENCH=)" >&2; exit 2; }
  for path in "${paths[@]}"; do
    if cut -f1 "$out_dir/runs.tsv" | grep -qxF "$path"; then continue; fi
    name=${path//\//_}
    name=${name%.js}
    # Several instances may share OUT_DIR (one per slot, lists in different orders); a file is run by
    # the one that makes its lock (an interrupted run leaves it: remove OUT_DIR/NAME.running).
    mkdir "$out_dir/$name.running" 2>/dev/null || continue
    filter=${SUBSETS[$path]:-}
    [[ ${SUBSETS_ON:-1} == 0 ]] && filter=
    args=(run "$bench_dir/$path" --out "$out_dir/$name.json")
    [[ -n $filter ]] && args+=(--filter "$filter")
    echo "$(date -u +%T) $path ${filter:+--filter $filter}" >&2
    start=$(date +%s.%N)
    rc=0
    "${prefix[@]}" "$v8bench" "${args[@]}" >"$out_dir/$name.log" 2>&1 || rc=$?
    end=$(date +%s.%N)
    printf '%s\t%s\t%.1f\t%s\n' "$path" "$rc" "$(echo "$end - $start" | bc)" "$filter" >>"$out_dir/runs.tsv"
    rmdir "$out_dir/$name.running"
  done
fi

python3 - "$bench_dir" "$out_dir" "$v8bench" "${paths[@]}" <<'PY' >"$out_dir/table.md"
import json, os, subprocess, sys

bench_dir, out_dir, v8bench, paths = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
runs = {}
for line in open(os.path.join(out_dir, 'runs.tsv')):
    f = line.rstrip('\n').split('\t')
    if len(f) >= 3:
        runs[f[0]] = (int(f[1]), float(f[2]), f[3] if len(f) > 3 else '')


def grid_size(path):
    try:
        out = subprocess.run([v8bench, 'list', os.path.join(bench_dir, path)], capture_output=True,
                             text=True, timeout=120).stdout
    except (OSError, subprocess.TimeoutExpired):
        return '?'
    for word in out.split('(', 1)[-1].split(','):
        if word.strip().endswith(('case', 'cases')):
            return word.split()[0]
    return '?'


def cell(text):  # a Markdown table cell: '|' escaped (GitHub's tables split on it, even in code spans)
    return text.replace('|', '\\|')


def first_line(text):
    return (text or '').strip().splitlines()[0][:110] if (text or '').strip() else ''


print('| file | grid | cases run | ok | timed out | failed (status: first line of the reason) | wall s | exit | subset |')
print('|---|---:|---:|---:|---:|---|---:|---:|---|')
totals = [0, 0, 0, 0, 0.0]
for path in paths:
    name = path.replace('/', '_')[:-3]
    if path not in runs:
        print(f'| {path} | {grid_size(path)} | not run | | | | | | |')
        continue
    rc, wall, subset = runs[path]
    cases = {}
    try:
        for b in json.load(open(os.path.join(out_dir, name + '.json')))['benchmarks']:
            cases.setdefault(b.get('run_name', b['name']), b)  # a case's repetitions and aggregates share it
    except (OSError, ValueError, KeyError) as e:
        log = open(os.path.join(out_dir, name + '.log'), errors='replace').read()
        print(f'| {path} | {grid_size(path)} | 0 | 0 | 0 | no results: {cell(first_line(log))} | {wall:.0f} | {rc} | '
              f"{('`' + cell(subset) + '`') if subset else 'whole grid'} |")
        totals[4] += wall
        continue
    ok = sum(1 for b in cases.values() if b.get('status') == 'ok')
    timed = [n for n, b in cases.items() if b.get('status') == 'timed_out']
    bad = [(n, b) for n, b in cases.items() if b.get('status') not in ('ok', 'timed_out')]
    failed = '; '.join(f"{n.split('/', 2)[-1]} {b.get('status')}: {first_line(b.get('error_message') or b.get('error'))}" for n, b in bad)
    if timed:
        failed = ('timed out: ' + ', '.join(n.split('/', 2)[-1] for n in timed) + ('; ' if failed else '')) + failed
    print(f'| {path} | {grid_size(path)} | {len(cases)} | {ok} | {len(timed)} | {cell(failed)} | {wall:.0f} | {rc} | '
          f"{('`' + cell(subset) + '`') if subset else 'whole grid'} |")
    totals[0] += len(cases); totals[1] += ok; totals[2] += len(timed); totals[3] += len(bad); totals[4] += wall
print(f'| **total: {sum(1 for p in paths if p in runs)} of {len(paths)} files** | | {totals[0]} | {totals[1]} | '
      f'{totals[2]} | {totals[3]} | {totals[4]:.0f} | | |')
PY
cat "$out_dir/table.md"
