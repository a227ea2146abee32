#!/usr/bin/env bash
# The two commands README.md gives, in one script:
#   tools/bootstrap.sh run    installs what is missing, builds, and runs the default suites
#   tools/bootstrap.sh test   installs what is missing, builds, and runs the tests (ctest)
# Extra arguments after `run` go to `v8bench run` (e.g. --quick, --out results.json).
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

build="$here/build"
cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j "$(nproc)"

if [ "$mode" = run ]; then
  exec "$build/v8bench" run "$here/suites" "$@"
fi
# The external-engine tests run the suites on an npm Node build (V8 10.2, the embedded V8's twin).
"$here/tools/fetch_engines.sh" node@18 >/dev/null
# -j2: the end-to-end tests spawn v8bench processes; two at a time suits a 2-core machine.
exec ctest --test-dir "$build" --output-on-failure -j 2
