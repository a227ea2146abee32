#!/usr/bin/env bash
# The two commands README.md gives, in one script:
#   tools/bootstrap.sh run    installs what is missing, builds, and runs the default suites on their
#                             quick grids (a few minutes), then says how to run everything
#   tools/bootstrap.sh test   installs what is missing, builds, and runs the tests (ctest)
# Extra arguments after `run` go to `v8bench run` instead (e.g. --out results.json: the full run).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
mode=${1:-}
case "$mode" in
  run | test) shift ;;
  *)
    echo "usage: tools/bootstrap.sh run [v8bench run options] | test" >&2
    exit 2
    ;;
esac

"$here/tools/setup.sh"
# The npm dependencies of the suites that have their own (suites/*/package.json, pinned by their lockfiles).
"$here/tools/suite_deps.sh"

if [ "$mode" = test ]; then
  # The external-engine tests run the suites on npm Node builds (Node 18: V8 10.2, the embedded V8's twin);
  # the v8compat tests compile the engine against Node 18's and Node 26's headers (V8 10.2 and 14.6).
  # Fetched before the build, which makes the in-process instrument (a Node addon) for every fetched Node.
  "$here/tools/fetch_engines.sh" node@18 node@26 >/dev/null
fi

build="$here/build"
cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j "$(nproc)"

if [ "$mode" = run ]; then
  if [ $# -gt 0 ]; then
    exec "$build/v8bench" run "$here/suites" "$@"
  fi
  # A first look in a few minutes: every bench of the shipped suites on its quick grid, with short
  # timings, and at most 2 s of waiting for a case's code to settle (a case still changing then is
  # marked ⧗). The full run (every case at full settings) takes half an hour or more on a small machine.
  status=0
  "$build/v8bench" run "$here/suites" --quick --max-warmup 2 || status=$?
  cat >&2 <<EOF

That was a first look: each suite's quick grid with short timings (--quick --max-warmup 2), to see what v8bench
reports; figures to keep come from full settings. Next:
  build/v8bench run                  # every case at full settings: half an hour or more here
  build/v8bench run suites/FILE.js   # one suite (build/v8bench list names its cases; --filter picks some)
  build/v8bench compare suites/example.js --filter sum --variant base= --variant noopt=--no-opt --quick  # ~1 min
  build/v8bench --help               # every command
EOF
  exit "$status"
fi
# -j2: the end-to-end tests spawn v8bench processes; two at a time suits a 2-core machine.
ctest --test-dir "$build" --output-on-failure -j 2

# The same code under ASan + UBSan (build-asan/): the unit, engine, driver and CLI tests and the
# hostile-input corpus (ctest label `sanitize`). Any sanitizer report aborts v8bench, so a test fails.
# V8BENCH_SKIP_SANITIZE=1 skips it (e.g. a quick local check).
if [ "${V8BENCH_SKIP_SANITIZE:-0}" = 1 ]; then
  exit 0
fi
asan="$here/build-asan"
# -O1 -g1: sanitizer reports keep file:line, and the build takes under half the time of -O2 -g.
cmake -S "$here" -B "$asan" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG" \
  -DV8BENCH_SANITIZE=ON >/dev/null
# Only what the label runs: the binary and the test executables of the sanitize areas.
cmake --build "$asan" -j "$(nproc)" --target v8bench unit_tests engine_tests cli_tests driver_tests paired_stats_tests corpus_tests
# Leak checking on: v8bench frees what it creates (RAII), and nothing is left at exit to report.
export ASAN_OPTIONS="abort_on_error=1:detect_leaks=1:strict_string_checks=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
exec ctest --test-dir "$asan" --output-on-failure -j 2 -L sanitize
