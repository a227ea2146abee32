#!/usr/bin/env bash
# Installs the npm dependencies of the suites that have their own (a folder under suites/ with a package.json
# and its package-lock.json), exactly as the lockfile pins them, into that folder's node_modules/.
#   tools/suite_deps.sh                        every such suite folder
#   tools/suite_deps.sh suites/request_path    these folders only
# `npm ci` installs from the lockfile; --prefer-offline takes packages from npm's cache when they are there, so
# after the first install this works without the registry. A folder whose node_modules already matches its
# lockfile (npm's own record, node_modules/.package-lock.json) is only reported. Idempotent.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
say() { printf 'suite_deps: %s\n' "$*" >&2; }

command -v npm >/dev/null || {
  say "npm is needed (it comes with Node.js: e.g. apt-get install npm, or Node's own installer)"
  exit 1
}

folders=()
if [ "$#" -gt 0 ]; then
  for f in "$@"; do
    [ -f "$f/package.json" ] || { say "$f: no package.json there (give a suite folder such as suites/request_path)"; exit 2; }
    folders+=("$(cd "$f" && pwd)")
  done
else
  for pkg in "$here"/suites/*/package.json; do
    [ -f "$pkg" ] && folders+=("$(dirname "$pkg")")
  done
fi

for dir in "${folders[@]}"; do
  name=${dir#"$here"/}
  [ -f "$dir/package-lock.json" ] || { say "$name: package-lock.json missing (the dependencies must be pinned)"; exit 2; }
  # npm ci writes node_modules/.package-lock.json last; the same lockfile content means the same install.
  if [ -f "$dir/node_modules/.package-lock.json" ] &&
    node -e '
      const [a, b] = process.argv.slice(1).map((f) => JSON.parse(require("fs").readFileSync(f, "utf8")).packages);
      delete a[""];
      // Optional packages for other platforms (workerd, sharp) are in the lockfile but not installed here.
      const keys = Object.keys(a).filter((k) => !(a[k].optional && !b[k]));
      process.exit(keys.length === Object.keys(b).length && keys.every((k) => b[k] && b[k].version === a[k].version) ? 0 : 1);
    ' "$dir/package-lock.json" "$dir/node_modules/.package-lock.json" 2>/dev/null; then
    say "$name: installed"
    continue
  fi
  say "$name: npm ci"
  (cd "$dir" && npm ci --prefer-offline --no-audit --no-fund --loglevel=error >/dev/null) || {
    say "$name: npm ci failed (the first install needs the npm registry; later ones use npm's cache)"
    exit 1
  }
done
