# Sourced by the end-to-end shell tests with their arguments V8BENCH SOURCE_DIR: sets v8bench and src,
# a scratch directory $tmp removed on exit, fail() (a message on stderr, exit 1) and fail_if_any_runs.
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
