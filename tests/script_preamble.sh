# Sourced by the end-to-end shell tests with their arguments V8BENCH SOURCE_DIR: sets v8bench and src,
# a scratch directory $tmp removed on exit, fail() (a message on stderr, exit 1) and still_running PID.
set -uo pipefail
v8bench=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
# Whether process $1 still runs: a zombie (state Z: ended, not yet reaped by whoever inherited it) does not.
still_running() {
  local state
  state=$(ps -o stat= -p "$1" 2>/dev/null | cut -c1)
  [ -n "$state" ] && [ "$state" != Z ]
}
