# Sourced by the end-to-end shell tests with their arguments V8BENCH SOURCE_DIR: sets v8bench and src,
# a scratch directory $tmp removed on exit, fail() (a message on stderr, exit 1), fail_if_any_runs and
# expect_install_command.
set -uo pipefail
v8bench=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
# Kills and fails on the first of the processes $1 (a list of ids) that still runs; a zombie (state Z: ended, not
# yet reaped by whoever inherited it) does not. $2 says after what, for the message.
fail_if_any_runs() {
  local p state what
  for p in $1; do
    state=$(ps -o stat= -p "$p" 2>/dev/null | cut -c1)
    if [ -n "$state" ] && [ "$state" != Z ]; then
      what=$(ps -o args= -p "$p")
      kill -KILL "$p"
      fail "process $p ($what) outlived $2"
    fi
  done
}
# The suite folder suites/$1 copied without its node_modules (beside the suites' shared suites/lib): `run --quick`
# exits 2 naming the command that installs them.
expect_install_command() {
  local name=$1 rc
  mkdir -p "$tmp/copy/$name"
  cp "$src/suites/$name/$name.js" "$src/suites/$name/package.json" "$tmp/copy/$name/"
  cp -r "$src/suites/lib" "$tmp/copy/"
  "$v8bench" run "$tmp/copy/$name" --quick > "$tmp/missing.txt" 2>&1
  rc=$?
  [ "$rc" = 2 ] || fail "without node_modules the run exited $rc (want 2): $(cat "$tmp/missing.txt")"
  grep -q "not installed.*tools/suite_deps.sh suites/$name" "$tmp/missing.txt" ||
    fail "no install command in: $(cat "$tmp/missing.txt")"
}
